"""The open area (手元/手边; 003 and the 000 glossary): cards put beside a player by an
effect. They can be used as if they were in the hand (summoned, deployed, used: the main
step and flash options read them, `flow.take_card` takes them), but they are not in the
hand (hand counts and discards ignore them) nor on the field, and can be set neither as a
burst (003) nor as a mirage (000 ch.2 §3). Face-up cards there are public.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import verb
from ..data.cards import CardDataError, Step
from ..model.game import Game
from ..rules.effects import Trigger
from ..rules.verbs import Path, Verb


class ToOpenArea(Verb):
    """The top cards of your deck, face up, into your open area."""

    name = "to_open_area"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: to_open_area.n is at least 1")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        what = "the top card" if n == 1 else f"the top {n} cards"
        return f"Put {what} of your deck face up into your open area."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[trig[2]].deck)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        p = g.players[trig[2]]
        for _ in range(self.arg(s, "n")):
            if not p.deck:
                g.say(f"{g.name(trig[2])}'s deck is empty.")
                return
            cid = p.deck.pop()
            p.open_area.append(cid)
            g.say(f"{g.name(trig[2])} puts {g.card_name(cid)} face up into the open area.", tag="open_area")


verb(ToOpenArea())
