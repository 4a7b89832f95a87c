"""What solves a lesson, judged from the solver's own view alone (what that player can see),
so a lesson is judged the same behind any seat, local or remote.

Goals: `win` (the opponent loses within the turns), `survive` (you are still in the game
when your turn comes after the opponent's), `happen` (every condition holds at once at
some moment within the turns), `right` (the decision the lesson starts at is answered
with one of these answers).

Turns: a lesson's `turns` counts your turns from its start; when it starts in the
opponent's turn (a block, a flash window), the first of them is your next turn. A `win`
or `happen` lesson fails once the last of those turns is over; a `survive` lesson is
solved when your turn after the last of the opponent's turns begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bs_tui.engine.view import PlayerView

from .state import FAILED, PLAYING, SOLVED

CONDITION_KEYS = ("what", "card", "whose", "zone", "count", "level", "state", "cores", "at_most", "at_least", "says")
WHATS = ("card", "life", "reserve", "hand", "field", "log")
WHOSE = ("you", "opponent")
ZONES = ("field", "trash", "hand", "removed", "burst", "mirage")
STATES = ("refreshed", "exhausted", "heavy")


@dataclass(frozen=True, slots=True)
class Condition:
    what: str
    whose: str = "you"
    card: str = ""  # a card id (R03), for what = "card"
    zone: str = "field"
    count: int = 1  # at least this many such cards
    level: int = 0  # on the field: at least this level
    state: str = ""
    cores: int = 0  # on the field: at least this many cores (the Soul Core counted)
    at_most: int | None = None
    at_least: int | None = None
    says: str = ""  # for what = "log": a line of the log since the lesson began says this

    def text(self, names: dict[str, str] | None = None) -> str:
        """The condition in words, as the goal line shows it (`names`: card id -> name)."""
        who = "your" if self.whose == "you" else "the opponent's"
        bound = ""
        if self.at_most is not None:
            bound = f" at most {self.at_most}"
        if self.at_least is not None:
            bound += f" at least {self.at_least}"
        if self.what == "log":
            return f"the log says “{self.says}”"
        if self.what in ("life", "reserve", "hand", "field"):
            noun = {"life": "life", "reserve": "reserve cores", "hand": "cards in hand", "field": "cards on the field"}[
                self.what
            ]
            return f"{who} {noun}:{bound}"
        extra = []
        if self.level:
            extra.append(f"at Lv{self.level} or higher")
        if self.state:
            extra.append(self.state)
        if self.cores:
            extra.append(f"with {self.cores}+ cores")
        n = f"{self.count}× " if self.count > 1 else ""
        card = (names or {}).get(self.card, self.card)
        return f"{n}{card} in {who} {self.zone}" + (f" ({', '.join(extra)})" if extra else "")


@dataclass(frozen=True, slots=True)
class Goal:
    kind: str  # "win", "survive", "happen", "right", "deck"
    conditions: tuple[Condition, ...] = ()
    right: tuple[Any, ...] = ()
    question: str = ""
    # "deck": the deck in question (card id -> copies), whether the deck rules (000 ch.1 §1)
    # allow it as the engine judges, and the engine's reasons when they do not
    deck: tuple[tuple[str, int], ...] = ()
    legal: bool = True
    problems: tuple[str, ...] = ()

    def text(self) -> str:
        if self.question:
            return self.question
        if self.kind == "win":
            return "Win the game"
        if self.kind == "survive":
            return "Survive the opponent's turn"
        if self.kind == "right":
            return "Choose what the rules call for"
        if self.kind == "deck":
            return "Can this deck be played? y or n"
        return "Make this happen: " + "; ".join(c.text() for c in self.conditions)


def check_condition(raw: dict[str, Any]) -> Condition | str:
    """A condition from its table, or what is wrong with it."""
    what = raw.get("what")
    if what not in WHATS:
        return f"what must be one of {', '.join(WHATS)}, not {what!r}"
    whose = raw.get("whose", "you")
    if whose not in WHOSE:
        return f"whose must be you or opponent, not {whose!r}"
    nums: dict[str, int | None] = {}
    for key in ("count", "level", "cores", "at_most", "at_least"):
        v = raw.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 1000):
            return f"{key} must be a whole number from 0 to 1,000, not {v!r}"
        nums[key] = v
    if what == "card":
        card, zone, state = raw.get("card"), raw.get("zone", "field"), raw.get("state", "")
        if not isinstance(card, str) or not card or len(card) > 20:
            return 'a card condition names the card\'s id (card = "R03")'
        if zone not in ZONES:
            return f"zone must be one of {', '.join(ZONES)}, not {zone!r}"
        if state and state not in STATES:
            return f"state must be one of {', '.join(STATES)}, not {state!r}"
        return Condition(
            "card",
            whose,
            card,
            zone,
            nums["count"] if nums["count"] is not None else 1,
            nums["level"] or 0,
            state,
            nums["cores"] or 0,
        )
    if what == "log":
        says = raw.get("says")
        if not isinstance(says, str) or not says.strip() or len(says) > 200:
            return 'a log condition says what a line of the log says (says = "…")'
        return Condition("log", says=says)
    if nums["at_most"] is None and nums["at_least"] is None:
        return f"a {what} condition has at_most or at_least"
    return Condition(what, whose, at_most=nums["at_most"], at_least=nums["at_least"])


def card_names() -> dict[str, str]:
    """Card ids by name, to say a condition in words."""
    from bs_tui.engine.data.cards import load_cards

    return {cid: c.name for cid, c in load_cards().cards.items()}


def holds(c: Condition, v: PlayerView, log_from: int) -> bool:
    """Whether `c` holds in the solver's view `v` (`log_from`: the log's length at the start)."""
    if c.what == "log":
        return any(c.says.lower() in line.lower() for line in v.log[log_from:])
    side = v.sides[v.me if c.whose == "you" else 1 - v.me]
    if c.what == "card":
        if c.zone == "field":
            n = sum(
                1
                for f in side.field
                if f.card.id == c.card
                and f.level >= c.level
                and (not c.state or f.state == c.state)
                and f.cores + (1 if f.soul else 0) >= c.cores
            )
        else:
            cards = {"trash": side.trash, "hand": side.hand or (), "removed": side.removed, "mirage": side.mirage}.get(
                c.zone, tuple(b for b in side.burst if not isinstance(b, str))
            )
            n = sum(1 for x in cards if x.card.id == c.card)
        return n >= c.count
    value = {"life": side.life, "reserve": side.reserve, "hand": side.hand_count, "field": len(side.field)}[c.what]
    return (c.at_most is None or value <= c.at_most) and (c.at_least is None or value >= c.at_least)


@dataclass(frozen=True, slots=True)
class Limits:
    """Where a lesson began, as its judge needs it."""

    you: int
    turn: int
    active: int
    turns: int
    log_from: int

    @property
    def last_turn(self) -> int:
        """The last of your turns the lesson allows."""
        return self.turn + 2 * (self.turns - 1) + (0 if self.active == self.you else 1)

    @property
    def last_opponent_turn(self) -> int:
        return self.turn + 2 * (self.turns - 1) + (1 if self.active == self.you else 0)


def limits(v: PlayerView, turns: int) -> Limits:
    return Limits(v.me, v.turn, v.active, turns, len(v.log))


def judge(goal: Goal, lim: Limits, v: PlayerView) -> tuple[str, str]:
    """(PLAYING, "") while the lesson goes on; (SOLVED or FAILED, why) when it is decided.
    A `right` goal is judged by `judge_answer` instead, on the first answer."""
    you = lim.you
    if v.winner >= 0 or v.end_reason:
        if v.winner == you:
            return (SOLVED, "You won.") if goal.kind in ("win", "survive") else (SOLVED, "You won the game.")
        return FAILED, f"You lost: {v.end_reason}." if v.end_reason else "You lost."
    if goal.kind == "happen":
        if all(holds(c, v, lim.log_from) for c in goal.conditions):
            return SOLVED, f"Done: {goal.text().rstrip('.')}."
        if v.turn > lim.last_turn:
            when = "Your turn ended" if lim.turns == 1 else "The turns ran out"
            missing = [c.text(card_names()) for c in goal.conditions if not holds(c, v, lim.log_from)]
            return FAILED, f"{when} before it happened: not yet {'; '.join(missing)}."
        return PLAYING, ""
    if goal.kind == "win":
        if v.turn > lim.last_turn:
            return (
                FAILED,
                "The turn ended and the opponent is still in the game." if lim.turns == 1 else "The turns ran out.",
            )
        return PLAYING, ""
    if goal.kind == "survive":
        if v.turn > lim.last_opponent_turn and v.active == you:
            return SOLVED, "You survived: your turn has come."
        return PLAYING, ""
    return PLAYING, ""


def judge_deck(goal: Goal, answer: Any) -> tuple[str, str]:
    """A deck question: yes (True) or no (False), judged by the engine's deck rules."""
    if goal.legal:
        why = "It keeps every deck rule: at least 40 cards, at most 3 of a name, one kind of contract (000 ch.1 §1)."
    else:
        why = "It breaks the deck rules (000 ch.1 §1): " + "; ".join(goal.problems) + "."
    if answer is goal.legal:
        return SOLVED, ("Right. " if goal.legal else "Right: ") + why
    return FAILED, why


def judge_answer(goal: Goal, answer: Any, wrong_why: str = "", right_why: str = "") -> tuple[str, str]:
    """A `right` goal: the answer given at the lesson's first decision."""
    if answer in goal.right:
        return SOLVED, f"Right: {right_why}" if right_why else "Right."
    return FAILED, wrong_why or "Not what the rules call for here."
