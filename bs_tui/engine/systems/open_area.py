"""The open area (手元/手边; 003 and the 000 glossary): cards put beside a player by an
effect. They can be used as if they were in the hand (summoned, deployed, used: the main
step and flash options read them, `flow.take_card` takes them), but they are not in the
hand (hand counts and discards ignore them) nor on the field, and can be set neither as a
burst (003) nor as a mirage (000 ch.2 §3). Face-up cards there are public.

Face-down cards there (`to_open_area` with `face_down = true`) are hidden information (003
line 160): their owner may look at them (000 Q&A A10, line 788), the other player sees only
how many there are. The seeds do not say how they are used; here they are not usable until
an effect turns them face up (`open_face_down`), after which they are open-area cards like
any other (003 line 83: all open-area cards are treated alike).
"""

from __future__ import annotations

from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import verb
from ..data.cards import CardDataError, Step
from ..data.text import plural
from ..model.game import Game
from ..rules.effects import Trigger
from ..rules.verbs import Path, Verb, distinct_sets


class ToOpenArea(Verb):
    """The top cards of your deck into your open area, face up (public) or face down."""

    name = "to_open_area"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1), "face_down": (bool, False)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: to_open_area.n is at least 1")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        what = "the top card" if n == 1 else f"the top {n} cards"
        face = "face down" if self.arg(s, "face_down") else "face up"
        return f"Put {what} of your deck {face} into your open area."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[trig[2]].deck)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        player = trig[2]
        p = g.players[player]
        down = self.arg(s, "face_down")
        for _ in range(self.arg(s, "n")):
            if not p.deck:
                g.say(f"{g.name(player)}'s deck is empty.")
                return
            cid = p.deck.pop()
            if down:
                p.open_down.append(cid)
                g.say(
                    f"{g.name(player)} puts {g.card_name(cid)} face down into the open area.",
                    player,
                    f"{g.name(player)} puts a card face down into the open area.",
                    tag="open_area_down",
                )
            else:
                p.open_area.append(cid)
                g.say(f"{g.name(player)} puts {g.card_name(cid)} face up into the open area.", tag="open_area")


class OpenFaceDown(Verb):
    """Turn face-down cards of your open area face up (your choice of which): from then on
    they are public and used as if in hand, like the other open-area cards."""

    name = "open_face_down"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, 1)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw.get("n", 1) < 1:
            raise CardDataError(f"{where}: open_face_down.n is at least 1")

    def text(self, s: Step) -> str:
        n = self.arg(s, "n")
        what = "1 face-down card" if n == 1 else f"{n} face-down cards"
        return f"Turn {what} of your open area face up."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[trig[2]].open_down)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        player = trig[2]
        down = g.players[player].open_down
        k = min(self.arg(s, "n"), len(down))
        if not k:
            g.say(f"{g.name(player)} has no face-down card in the open area.")
            return
        if k == len(down):  # all of them: nothing to choose (how many there are is public)
            turn_face_up(g, player, tuple(down))
            return
        g.ask(
            Decision(
                player,
                Kind.CHOOSE_TARGETS,
                distinct_sets(g, down, k),
                f"{g.card_name(trig[0])}: choose {plural(k, 'face-down card')} of your open area to turn face up.",
                context={"card": trig[0], "count": k, "up_to": False, "candidates": tuple(down)},
            ),
            "face_up_chosen",
            player,
        )


@op("face_up_chosen")
def face_up_chosen(g: Game, answer: tuple[int, ...], player: int) -> None:
    turn_face_up(g, player, answer)


def turn_face_up(g: Game, player: int, cids: tuple[int, ...]) -> None:
    p = g.players[player]
    for cid in cids:
        if cid in p.open_down:
            p.open_down.remove(cid)
            p.open_area.append(cid)
            g.say(f"{g.name(player)} turns {g.card_name(cid)} face up in the open area.", tag="open_face_up")


verb(ToOpenArea())
verb(OpenFaceDown())
