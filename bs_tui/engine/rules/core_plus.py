"""Core +X (晶核+X, 000 glossary l.984): X cores from the void onto the target, "which is not
adding cores from the void" (这不会视作从空间增加了晶核). So it fires no "when cores are put on
this spirit from the void" (`rules.timings`, `cores_placed`), which the `void_cores` verb
onto a spirit does. Onto your own cards only (Q&A 关于效果整体 A14: cores never go to the
other player's areas), never onto a grandwalker or astral stone, whose own words are core
charge and unseal (000 ch.2 §6 l.594, 001 l.116).
"""

from __future__ import annotations

from typing import Any

from ..core.registry import verb
from ..data.cards import CardDataError, CardDB, CardDef, Step
from ..data.text import plural, target_phrase
from ..model.derived import player_forbidden
from ..model.game import Game
from ..model.state import Trigger
from . import costs
from .verbs import TARGET_PARAMS, Path, Targeted

OWN_TARGETS = ("this", "own_spirit", "other_own_spirit")


class CorePlus(Targeted):
    name = "core_plus"
    # the target is written out: the targeted verbs' default (an opposing spirit) is no target here
    params = dict(TARGET_PARAMS, n=(int, ...), target=(str, ...))

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw["target"] not in OWN_TARGETS:
            raise CardDataError(f"{where}: core_plus.target is one of {OWN_TARGETS}")
        if raw["n"] < 1:
            raise CardDataError(f"{where}: core_plus.n is at least 1")

    def check_card(self, s: Step, card: CardDef, db: CardDB, where: str) -> None:
        if card.walker and s.get("target") == "this":
            raise CardDataError(f"{where}: core_plus onto this grandwalker or astral stone is core_charge / unseal")

    def text(self, s: Step) -> str:
        n = s.get("n")
        what = f"{plural(n, 'core')} from the void; this is not putting cores from the void"
        return f"Core +{n} on {target_phrase(s)} ({what})."

    def candidates(self, g: Game, trig: Trigger, s: Step) -> list[int]:
        return [c for c in super().candidates(g, trig, s) if not g.defs[c].walker]

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return g.players[trig[2]].void > 0 and bool(self.candidates(g, trig, s))

    def apply(self, g: Game, trig: Trigger, s: Step, cids: tuple[int, ...], path: Path) -> None:
        p = g.players[trig[2]]
        for cid in cids:
            k = min(s.get("n"), p.void)
            if cid not in g.field or k <= 0:
                continue
            if g.static.continuous and player_forbidden(g, "put_cores", g.static.owner[cid]):
                g.say(f"An effect forbids putting cores on {g.card_name(cid)}.")  # 003 l.91-102
                continue
            p.void -= k
            g.field[cid].cores += k
            g.say(
                f"Core +{k}: {g.name(trig[2])} puts {costs.cores(k)} from the void on {g.card_name(cid)}"
                f" (Lv{costs.level_of(g, cid)}).",
                tag="core_plus",
            )


verb(CorePlus())
