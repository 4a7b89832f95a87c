"""Rebirth (转醒; rulebook 000 chapter 2 §7): double-faced cards, front face in the deck and
the hand, back face only ever up on the field. A flip effect (`flip`) needs both the count
it names and its own condition (the effect's timing). One flip at a time:

① the flip effect is chosen; ② cores move only if the flip effect moves them (line 668:
`cores` of them, `cores_from` the void or your reserve); ③ if the back face lacks its
lowest level's cores, the rebirth stops here (the card is depleted); ④ cores from the void
to the count (`count`), a card that was leaving the field stays, braves that no longer fit
separate; ⑤ "when this reborns".

Only the face that can be seen has effects; the card turns face up again when it leaves
the field or becomes an advent source (`effects.leave_field`, `advent`). Effects it was
under carry over; a battling spirit goes on battling if its back face can battle. A flip
at "when attacks" does not fire the back face's effects of that same timing: they were not
there when the attack was declared. Any flip by an effect counts as a rebirth.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import verb
from ..data.cards import CardDataError, CardDB, CardDef, Step
from ..model.game import Game
from ..model.predicates import fights, levelled
from ..rules import costs
from ..rules.effects import Trigger, collect, this_card
from ..rules.verbs import Path, Verb, still_meets
from .count import count_change


class Flip(Verb):
    name = "flip"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "min_count": (int, 0),
        "count": (int, 0),
        "cores": (int, 0),
        "cores_from": (str, "void"),
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("cores_from", "void") not in ("void", "reserve"):
            raise CardDataError(f"{where}: flip.cores_from is 'void' or 'reserve'")

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        if card.back is None:
            raise CardDataError(f"{where}: flip turns this card over, but it has no back face ([card.back])")

    def text(self, s: Step) -> str:
        need = self.arg(s, "min_count")
        head = f"If your count is {need} or more, turn" if need else "Turn"
        extra = []
        if self.arg(s, "cores"):
            where = "the void" if self.arg(s, "cores_from") == "void" else "your reserve"
            extra.append(f"putting {self.arg(s, 'cores')} core(s) from {where} on it")
        if self.arg(s, "count"):
            extra.append(f"then count +{self.arg(s, 'count')}")
        tail = f" ({', '.join(extra)})" if extra else ""
        return f"{head} this card over to its back face (rebirth){tail}."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        me = this_card(g, trig)
        fc = g.field.get(me)
        return (
            fc is not None
            and g.static.defs[fc.top].back is not None
            and fc.top not in g.flipped
            and g.players[trig[2]].count >= self.arg(s, "min_count")
        )

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        if not self.feasible(g, trig, s):
            g.say(f"{g.card_name(trig[0])} cannot turn over now.")
            return
        flip(g, this_card(g, trig), self.arg(s, "cores"), self.arg(s, "count"), self.arg(s, "cores_from"))


def flip(g: Game, oid: int, cores: int, count: int, cores_from: str = "void") -> None:
    fc = g.field[oid]
    player = g.static.owner[oid]
    p = g.players[player]
    front = g.defs[oid].name
    if cores:  # ② only the flip effect moves cores, as far as there are (plain cores only)
        k = min(cores, p.void if cores_from == "void" else p.reserve)
        if cores_from == "void":
            p.void -= k
        else:
            p.reserve -= k
            g.say(f"{g.name(player)} puts {k} core(s) from the reserve on {front}.", tag="flip_reserve")
        fc.cores += k
    g.flipped = g.flipped | {fc.top}
    g.refresh_defs(oid, fc.top)
    back = g.defs[oid]
    g.say(f"{front} turns over: rebirth into {back.name}!", tag="flip")
    # effects it was under carry over only while the back face meets what they asked of
    # the card (000 ch.2 §7, line 677: a "your red spirits" BP+ ends on a blue back face)
    kept = [m for m in g.mods if m.cid != oid or still_meets(g, oid, m.cond)]
    if len(kept) != len(g.mods):
        g.mods = kept
        g.say(f"{back.name} no longer meets the condition of an effect it was under; that effect ends.")
    if levelled(g, oid) and costs.cores_on(g, oid) < back.lv1_cores:
        g.say(f"{back.name} lacks the cores of its lowest level; the rebirth stops there.")  # ③
        g.cores_moved = True
        return
    if count:
        count_change(g, player, count)  # ④
    if fc.leaving:
        fc.leaving = ""  # a card that was leaving the field stays
        if oid in g.leaving:
            g.leaving.remove(oid)
    g.cores_moved = True  # braves that no longer fit separate (checked with depletion)
    b = g.battle
    if b is not None and not fights(g, oid):
        if b.attacker == oid:
            b.attacker = -1
        if b.blocker == oid:
            b.blocker = -1
    collect(g, "reborn", oid)  # ⑤


verb(Flip())
