"""Verbs on the top of a deck, and who may know what they show (003 オープンされたカード,
公開情報と非公開情報):

- `open_deck`: the top N cards of your deck are opened: shown to every player, as is what
  becomes of them (003 l.87-90: 千貌の魔神's opened cards and the order they go back in are
  known to all). You may add up to K of them that meet the filters to your hand, by this
  effect (003 l.112-119: the hand increased, once for the one effect); the rest go to the
  trash or to the bottom of the deck, in the order they were opened.
- `look_deck`: you look at the top N cards of a deck (yours or the opponent's) and put them
  back as they were: only you learn them (003 l.88: 「内容を見る」 is for one player), the
  other seat reads that you looked, not what.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..core.decision import Decision, Kind
from ..core.machine import op
from ..core.registry import verb
from ..data.cards import COLOURS, KINDS, CardDataError, Step
from ..data.text import plural
from ..model.game import Game
from ..model.state import Trigger
from .effects import hand_added, step_at
from .verbs import Path, Verb


class OpenDeck(Verb):
    name = "open_deck"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {
        "n": (int, ...),
        "add": (int, 1),  # up to this many of the opened cards may go to your hand
        "kind": (str, None),
        "family": (str, None),
        "colour": (str, None),
        "max_cost": (int, None),
        "rest": (str, "trash"),  # "trash" | "bottom"
    }

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if not 1 <= raw.get("n", 1) <= 10 or not 0 <= raw.get("add", 1) <= 3:
            raise CardDataError(f"{where}: open_deck opens 1 to 10 cards and adds 0 to 3 of them")
        if raw.get("rest", "trash") not in ("trash", "bottom"):
            raise CardDataError(f"{where}: open_deck.rest is trash or bottom")
        if raw.get("kind") is not None and raw["kind"] not in KINDS:
            raise CardDataError(f"{where}: open_deck.kind is one of {KINDS}")
        if raw.get("colour") is not None and raw["colour"] not in COLOURS:
            raise CardDataError(f"{where}: unknown colour {raw['colour']!r}")

    def what(self, s: Step) -> str:
        kind = s.get("kind")
        noun = "card" if kind is None else ("magic card" if kind == "magic" else f"{kind} card")
        if s.get("colour") is not None:
            noun = f"{s.get('colour')} {noun}"
        words = plural(self.arg(s, "add"), noun)
        if s.get("family") is not None:
            words += f" of the family {s.get('family')}"
        if s.get("max_cost") is not None:
            words += f" with cost {s.get('max_cost')} or less"
        return words

    def text(self, s: Step) -> str:
        rest = "the trash" if self.arg(s, "rest") == "trash" else "the bottom of your deck"
        head = f"Open the top {plural(s.get('n'), 'card')} of your deck."
        if not self.arg(s, "add"):
            return f"{head} Put them into {rest}."
        return f"{head} You may add up to {self.what(s)} among them to your hand; the rest go to {rest}."

    def fits(self, g: Game, s: Step, cid: int) -> bool:
        d = g.static.defs[cid]  # off the field: the front face (000 ch.2 §7)
        if s.get("kind") is not None and d.kind != s.get("kind"):
            return False
        if s.get("family") is not None and s.get("family") not in d.families:
            return False
        if s.get("colour") is not None and s.get("colour") not in d.colours:
            return False
        return s.get("max_cost") is None or d.cost <= s.get("max_cost")

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        return bool(g.players[trig[2]].deck)

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        player = trig[2]
        p = g.players[player]
        opened = tuple(reversed(p.deck[-s.get("n") :]))  # top first
        if not opened:
            g.say(f"{g.name(player)} has no card in the deck to open.")
            return
        # opened: every player sees them (003 l.87); they stay on the deck, face up, until the
        # choice is made, so that a state always holds each card in one zone
        g.say(f"{g.name(player)} opens {', '.join(g.card_name(c) for c in opened)}.", tag="open_deck")
        fit = [c for c in opened if self.fits(g, s, c)]
        k = min(self.arg(s, "add"), len(fit))
        if not k:
            self.finish(g, trig, s, opened, ())
            return
        options = tuple(combo for n in range(k + 1) for combo in combinations(fit, n))
        g.ask(
            Decision(
                player,
                Kind.CHOOSE_TARGETS,
                options,
                f"{g.card_name(trig[0])}: add up to {self.what(s)} of the opened cards to your hand",
                context={"card": trig[0], "count": k, "up_to": True, "candidates": tuple(fit)},
            ),
            "opened_chosen",
            trig,
            path,
            opened,
        )

    def finish(self, g: Game, trig: Trigger, s: Step, opened: tuple[int, ...], chosen: tuple[int, ...]) -> None:
        player = trig[2]
        p = g.players[player]
        del p.deck[-len(opened) :]
        for c in chosen:
            p.hand.append(c)
            g.reveal(c, "hand")  # shown to all as it was opened: known until hidden again
        if chosen:
            g.say(f"{g.name(player)} adds {', '.join(g.card_name(c) for c in chosen)} to the hand.")
            hand_added(g, player, trig[2])
        rest = [c for c in opened if c not in chosen]
        if self.arg(s, "rest") == "trash":
            p.trash.extend(rest)
            where = "the trash"
        else:
            p.deck[:0] = list(reversed(rest))  # the bottom, in the order opened: last opened lowest
            where = "the bottom of the deck"
        if rest:
            g.say(f"{', '.join(g.card_name(c) for c in rest)} {'goes' if len(rest) == 1 else 'go'} to {where}.")


@op("opened_chosen")
def opened_chosen(g: Game, answer: tuple[int, ...], trig: Trigger, path: Path, opened: tuple[int, ...]) -> None:
    OPEN.finish(g, trig, step_at(g, trig, path), opened, answer)


class LookDeck(Verb):
    name = "look_deck"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, ...), "player": (str, "own")}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if not 1 <= raw.get("n", 1) <= 10:
            raise CardDataError(f"{where}: look_deck looks at 1 to 10 cards")
        if raw.get("player", "own") not in ("own", "opponent"):
            raise CardDataError(f"{where}: look_deck.player is own or opponent")

    def text(self, s: Step) -> str:
        whose = "your" if self.arg(s, "player") == "own" else "your opponent's"
        n = plural(s.get("n"), "card")
        return f"Look at the top {n} of {whose} deck (you alone), and put them back as they were."

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        player = trig[2]
        who = player if self.arg(s, "player") == "own" else 1 - player
        top = tuple(reversed(g.players[who].deck[-s.get("n") :]))
        seen = ", ".join(g.card_name(c) for c in top) or "nothing (the deck is empty)"
        deck = "their deck" if who == player else f"{g.name(who)}'s deck"
        # only the looking player reads what they saw (003 l.88)
        g.say(
            f"{g.name(player)} looks at the top of {deck}: {seen} (top first).",
            player,
            f"{g.name(player)} looks at the top {plural(len(top), 'card')} of {deck}.",
            tag="look_deck",
        )


OPEN = OpenDeck()
verb(OPEN)
verb(LookDeck())
