"""Exchange (入れ替え): a spirit on the field changes places with a spirit card from its
owner's hand. The new card takes the old one's place, its cores, the Soul Core if it was
there, its state and its brave (which separates if it cannot brave the new card); the old
field object leaves the field to the hand: its advent sources with it (000 Q&A 关于煌临
A6; not "added to the hand"), a token to the token stock (ch.2 §9), its "when this leaves
the field" effects firing. The new card is not summoned. A spirit exchanged in a battle
hands the battle on: the new spirit goes on battling in its place (000 Q&A 关于描述的变更 A3,
line 936: the exchange effects of today no longer say "if in a battle, it goes on battling",
but it does). The old card going to the hand is no "the hand increased" (003 line 117).
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import verb
from ..data.cards import CardDataError, Step
from ..model.derived import can_brave, forbidden
from ..model.game import Game
from ..model.predicates import is_spirit
from ..model.state import SOUL_RESERVE, FieldCard, Trigger
from . import timings
from .effects import leave_field, step_at, this_card
from .flow import take_card
from .verbs import Path, Verb, choose_one


class Exchange(Verb):
    name = "exchange"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "target": (str, "this"),  # "this" spirit, or one of your spirits ("own_spirit")
        "max_cost": (int, None),
        "family": (str, None),
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("target", "this") not in ("this", "own_spirit"):
            raise CardDataError(f"{where}: exchange.target is 'this' or 'own_spirit'")

    def text(self, s: Step) -> str:
        what = "a spirit card"
        if s.get("family") is not None:
            what += f" of the family {s.get('family')}"
        if s.get("max_cost") is not None:
            what += f" with cost {s.get('max_cost')} or less"
        whom = "this spirit" if self.arg(s, "target") == "this" else "1 of your spirits"
        return f"Exchange {whom} with {what} from your hand."

    def candidates(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        max_cost, family = s.get("max_cost"), s.get("family")
        seen: set[str] = set()
        out = []
        for cid in g.players[trig[2]].hand:
            d = g.static.defs[cid]  # a card in the hand shows its front face (ch.2 §7)
            if d.kind != "spirit" or d.id in seen:
                continue
            if (max_cost is not None and d.cost > max_cost) or (family is not None and family not in d.families):
                continue
            seen.add(d.id)
            out.append(cid)
        return out

    def spirits(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        """The spirits that may be exchanged: your own, on the field on their own, not
        leaving, spirits for effects (a token is one; an ultimate is not, ch.2 §4)."""
        pool = [this_card(g, trig)] if self.arg(s, "target") == "this" else g.players[trig[2]].field
        # Q&A 关于效果整体 A11: a spirit that cannot be returned to the hand cannot be exchanged
        return [
            c
            for c in pool
            if is_spirit(g, c)
            and not g.field[c].leaving
            and g.static.owner[c] == trig[2]
            and not forbidden(g, "be_returned", c)
        ]

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(self.spirits(g, trig, s)) and bool(self.candidates(g, trig, s))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        olds = self.spirits(g, trig, s)
        if not olds or not self.candidates(g, trig, s):
            g.say(f"{g.card_name(trig[0])}: nothing to exchange.")
            return
        if len(olds) == 1:
            self.choose_card(g, trig, s, path, olds[0])
            return
        choose_one(g, trig, olds, "choose the spirit to exchange.", "exchange_spirit", path)

    def choose_card(self, g: Game, trig: Trigger, s: Step, path: Path, old: int) -> None:
        cands = self.candidates(g, trig, s)
        if len(cands) == 1:
            self.swap(g, trig, old, cands[0])
            return
        what = f"choose the spirit card in your hand to exchange with {g.card_name(old)}."
        choose_one(g, trig, cands, what, "exchange_card", path, old)

    def swap(self, g: Game, trig: Trigger, old: int, new: int) -> None:
        swap(g, trig[2], old, new)


def swap(g: Game, player: int, old: int, new: int, state: int | None = None) -> None:
    """Spirit `old` on the field changes places with spirit card `new` of the hand (or the
    open area, used as if in hand: 003): the new card takes its place, cores, Soul Core,
    brave, state (or `state`: 【变换】 puts it refreshed) and its part in the battle."""
    p = g.players[player]
    fc = g.field.get(old)
    if fc is None or fc.leaving or (new not in p.hand and new not in p.open_area):
        return
    at = p.field.index(old)
    cores, brave, side, soul = fc.cores, fc.brave, fc.side, p.soul == old
    state = fc.state if state is None else state
    b = g.battle
    # Q&A 描述的变更 A3: the new spirit goes on battling where the old one battled
    attacking = b is not None and b.attacker == old
    blocking = b is not None and b.blocker == old
    # the brave and the cores stay with the place, not with the cards that leave
    fc.brave, fc.side, fc.cores = -1, "", 0
    if soul:
        p.soul = SOUL_RESERVE
    sources = len(fc.sources)
    went = f" (its {sources} advent source{'s' * (sources != 1)} with it)" if sources else ""
    g.say(
        f"{g.name(player)} exchanges {g.card_name(old)} with {g.static.defs[new].name} from the"
        f" {'hand' if new in p.hand else 'open area'}{went}.",
        tag="exchange",
    )
    leave_field(g, old, "hand")
    take_card(g, new)
    g.serial += 1
    g.field[new] = FieldCard(new, state, cores, g.turn, serial=g.serial, top=new, brave=brave, side=side)
    p.field.insert(at, new)
    if soul:
        p.soul = new
    if b is not None and (attacking or blocking):
        if attacking:
            b.attacker = new
        if blocking:
            b.blocker = new
        g.say(f"{g.card_name(new)} goes on with the battle.")
    if brave >= 0 and brave in g.field:
        bf = g.field[brave]  # an imagine brave keeps its other host (Q&A 关于合体 A8)
        if bf.host2 == old:
            bf.host2 = new
        else:
            bf.host = new
        if can_brave(g, brave, new, side):
            timings.braved(g, new)  # the brave stays, braved to the new card
    g.cores_moved = True  # a brave that cannot brave the new card separates (ch.2 §1)


@op("exchange_spirit")
def exchange_spirit(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path) -> None:
    s = step_at(g, trig, path)
    EXCHANGE.choose_card(g, trig, s, path, answer[0])


@op("exchange_card")
def exchange_card(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path, old: int) -> None:
    EXCHANGE.swap(g, trig, old, answer[0])


EXCHANGE = verb(Exchange())
