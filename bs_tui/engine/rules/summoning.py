"""Summoning by an effect, and a card staying on the field instead of leaving it.

- `summon`: an effect that says "summon" summons a card as the Main Step does: its cost is
  paid, reduced by your symbols, unless the effect says it is not paid (000 Q&A 关于费用的支付
  A3), and its lowest level's cores are placed (000 ch.1 §5 ⑥); it is a summon, so "when
  summoned" effects fire, and a summon condition still holds (ch.2 §4).
- `stay`: "this spirit stays on the field (exhausted / refreshed)": a card in standby
  (destroyed, depleted by the opponent, being returned) stays where it is. Staying exhausted
  is no exhausting, nor staying refreshed a refreshing (Q&A 关于战魂或究极等的状态 A2; 003
  回復(疲労)することと回復(疲労)状態になることの違い): the state is replaced, nothing is
  triggered; an imagine brave stays refreshed (Q&A 关于合体 A7).
"""

from __future__ import annotations

from typing import Any

from ..core.machine import op
from ..core.registry import verb
from ..data.cards import COLOURS, CardDataError, CardDef, Step
from ..model.braving import never_exhausted
from ..model.game import Game
from ..model.state import EXHAUSTED, REFRESHED
from . import costs
from .effects import STANDBY, Trigger, step_at, this_card
from .flow import summon_blocked
from .verbs import Path, Verb, choose_one

SOURCES = ("hand", "trash")


class Summon(Verb):
    name = "summon"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "source": (str, "hand"),
        "kind": (str, "spirit"),
        "max_cost": (int, None),
        "family": (str, None),
        "colour": (str, None),
        "free": (bool, False),
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("source", "hand") not in SOURCES:
            raise CardDataError(f"{where}: summon.source is one of {SOURCES}")
        if raw.get("kind", "spirit") not in ("spirit", "brave", "ultimate"):
            raise CardDataError(f"{where}: summon.kind is spirit, brave or ultimate")
        if raw.get("colour") is not None and raw["colour"] not in COLOURS:
            raise CardDataError(f"{where}: unknown colour {raw['colour']!r}")

    def text(self, s: Step) -> str:
        kind = self.arg(s, "kind")
        what = f"{kind} card"
        if s.get("colour") is not None:
            what = f"{s.get('colour')} {what}"
        if s.get("family") is not None:
            what += f" of the family {s.get('family')}"
        if s.get("max_cost") is not None:
            what += f" with cost {s.get('max_cost')} or less"
        pay = " without paying its cost" if self.arg(s, "free") else ", paying its cost"
        return f"Summon 1 {what} from your {self.arg(s, 'source')}{pay}."

    def fits(self, g: Game, s: Step, d: CardDef) -> bool:
        if d.kind != self.arg(s, "kind") or d.token:
            return False
        if s.get("max_cost") is not None and d.cost > s.get("max_cost"):
            return False
        if s.get("family") is not None and s.get("family") not in d.families:
            return False
        return s.get("colour") is None or s.get("colour") in d.colours

    def candidates(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        """The cards it may summon now: of the kind and filters, allowed by the summon rules,
        and payable (the cost unless free, and the lowest level's cores) from the cores you
        can use."""
        player = trig[2]
        p = g.players[player]
        avail = costs.usable_cores(g, player)
        free = self.arg(s, "free")
        out: list[int] = []
        seen: set[str] = set()
        for cid in p.hand if self.arg(s, "source") == "hand" else p.trash:
            d = g.static.defs[cid]  # off the field a card shows its front face (000 ch.2 §7)
            if d.id in seen or not self.fits(g, s, d) or summon_blocked(g, player, d):
                continue
            need = d.lv1_cores + (0 if free else costs.reduced_cost(g, player, d))
            if need <= avail:
                seen.add(d.id)
                out.append(cid)
        return out

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(self.candidates(g, trig, s))

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        cands = self.candidates(g, trig, s)
        if not cands:
            g.say(f"{g.card_name(trig[0])}: no card can be summoned.")
            return
        if len(cands) == 1:
            start_summon(g, s, cands[0])
            return
        choose_one(g, trig, cands, f"choose a card to summon ({self.text(s)})", "summon_chosen", path)


def start_summon(g: Game, s: Step, cid: int) -> None:
    """The summon of 000 ch.1 §5 ①–⑥ from the chosen card: paid (unless free), then placed."""
    g.say(f"{g.name(g.static.owner[cid])} summons {g.static.defs[cid].name} by an effect.", tag="effect_summon")
    if VERB.arg(s, "free"):
        g.push(("paid_summon", cid, 0))
    else:
        g.push(("summon", cid))


@op("summon_chosen")
def summon_chosen(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path) -> None:
    start_summon(g, step_at(g, trig, path), answer[0])


class Stay(Verb):
    name = "stay"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"state": (str, "")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("state", "") not in ("", "exhausted", "refreshed"):
            raise CardDataError(f"{where}: stay.state is 'exhausted' or 'refreshed' (or none: as it is)")

    def text(self, s: Step) -> str:
        state = self.arg(s, "state")
        return f"This spirit stays on the field{', ' + state if state else ''}."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        fc = g.field.get(this_card(g, trig))
        return fc is not None and fc.leaving in STANDBY

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        me = this_card(g, trig)
        fc = g.field.get(me)
        if fc is None or fc.leaving not in STANDBY:
            g.say(f"{g.card_name(trig[0])} is not leaving the field: nothing to stay.")
            return
        fc.leaving, fc.left_by = "", -1
        if me in g.leaving:
            g.leaving.remove(me)
        state = self.arg(s, "state")
        if state == "exhausted" and not never_exhausted(g, me):
            fc.state = EXHAUSTED  # a state replaced, not an exhausting (Q&A 状态 A2)
        elif state == "refreshed":
            fc.state = REFRESHED
        g.cores_moved = True  # it may still be below its lowest level (depleted then)
        how = (", refreshed" if fc.state == REFRESHED else ", exhausted") if state else ""
        g.say(f"{g.card_name(me)} stays on the field{how}.", tag="stay")


VERB = Summon()
verb(VERB)
verb(Stay())
