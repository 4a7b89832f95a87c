"""What the rule systems add to the game, registered by each system's own module
(`engine/systems/`), so that the turn, the effect machinery and the card loader reach a
system without importing it.

- `VERBS`: the effect vocabulary, verb name to its definition (check, run, text).
- `MODIFIERS` / `CONDITIONS`: what continuous effects change or forbid, and the conditions
  ("if you have a nexus", "while your hand holds 3 or fewer") effects work under.
- `MAIN_OPTIONS` / `FLASH_OPTIONS`: extra actions offered in the Main Step and in flash
  timing, `fn(game, player, unavailable, hand) -> options`; with `unavailable` a list, a
  system also adds (action, reason) for what it cannot offer now, in a player's words (None:
  nobody reads them, `Game.quiet`); `hand` (`rules.costs.HandCosts`) has the player's usable
  cores and reduced hand costs worked out once for all the systems.
- `MAIN_ACTIONS` / `FLASH_ACTIONS`: what an answer naming a system's action does,
  `fn(game, answer)` and `fn(game, answer, priority, passes)`.
- `SUMMON_RULES`: conditions a card must meet to be summoned,
  `fn(game, player, card) -> reason it cannot, or ""`.
- `EVENTS`: watchers of game events told by `announce`, `fn(game, player, event)`: a
  system's (bursts) or a rule module's that collects the triggers of a player's field
  cards (`rules.timings`: "when you seal"), so that a module below it can tell it.
- `COLLECTORS`: systems that add triggers of their own when an event on a card is
  collected (core charge: 000 ch.2 §6), `fn(game, when, card)`.
- `OPENINGS`: a card a player may set aside for the opening hand (a contract card),
  `fn(game, player) -> (card, prompt) or None`.
- `KEEPERS`: systems that may keep a destroyed card on the field instead (soul state),
  `fn(game, card, destination) -> True when it took over (asking its owner)`.
- `COUNT_WATCHERS`: told when a player's count moves, `fn(game, player, count before)`.
- `STOCKS`: cards a deck brings that live outside it (the token stock),
  `fn(deck, db) -> card ids`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

VERBS: dict[str, Any] = {}
# The vocabulary of continuous effects (`model.modifiers`) and of the conditions effects
# work under (`model.conditions`), by name, as the card loader reads them.
MODIFIERS: dict[str, Any] = {}
CONDITIONS: dict[str, Any] = {}
MAIN_OPTIONS: list[Callable[..., Any]] = []
FLASH_OPTIONS: list[Callable[..., Any]] = []
MAIN_ACTIONS: dict[str, Callable[..., None]] = {}
FLASH_ACTIONS: dict[str, Callable[..., None]] = {}
SUMMON_RULES: list[Callable[..., str]] = []
EVENTS: list[Callable[..., None]] = []
STOCKS: list[Callable[..., list[str]]] = []
COLLECTORS: list[Callable[..., None]] = []
OPENINGS: list[Callable[..., Any]] = []
KEEPERS: list[Callable[..., bool]] = []
COUNT_WATCHERS: list[Callable[..., None]] = []


def announce(g: Any, player: int, event: str) -> None:
    """Tell the watchers of game events (`EVENTS`) that `event` happened to `player`
    ("life_reduced", "opponent_attacks", "sealed", ...): here, below every rule module, so
    that the lowest of them (`rules.keywords`) can tell it too."""
    for watch in EVENTS:
        watch(g, player, event)


def needs(flag: str) -> Callable[[Any], Any]:
    """Mark a hook as needed only in games whose cards set `flag` on `Static` ("braves",
    "advent", "walkers", "oc"): games without such cards never call it (the hooks run at
    every Main Step, flash window and event, so this keeps games of other decks as fast)."""

    def mark(fn: Any) -> Any:
        fn.needs = flag
        return fn

    return mark


def needed(hooks: list[Any], static: Any) -> tuple[Any, ...]:
    """The hooks a game with `static` calls: those marked for a flag its cards set, and the rest."""
    return tuple(h for h in hooks if getattr(static, getattr(h, "needs", ""), True))


def verb(v: Any) -> Any:
    """Add a verb (an instance with `name`, `check`, `run`, `text`) to the vocabulary."""
    if v.name in VERBS:
        raise ValueError(f"two verbs are called {v.name!r}")
    VERBS[v.name] = v
    return v


# ----------------------------------------------------------------------- words
# What the table shows for a system's decisions is registered by the module that asks them,
# so that a new verb, timing or system needs no branch in the table or in `data/text.py`.


@dataclass(frozen=True, slots=True)
class Question:
    """The words of a yes/no question (`Game.ask_yes_no` names it by its id): the two
    answers, the one shown when "no" is the only answer (asked all the same, so that being
    asked tells the other seat nothing), what `e` does, and the kind of moment a hand-over
    or the other seat may know. `private`: the other seat learns only that a player is
    deciding (a burst window would otherwise tell the burst, 003). `no` may be a function of
    the decision's context (where a card goes instead)."""

    yes: str = "Yes"
    no: str | Callable[[Any], str] = "No"  # or fn(decision context) -> str
    only_no: str = "Go on"
    negative: str = "answer no"
    moment: str = "a yes/no choice"
    private: bool = False


QUESTIONS: dict[str, Question] = {}


def question(qid: str, q: Question) -> None:
    if qid in QUESTIONS and QUESTIONS[qid] != q:
        raise ValueError(f"two questions are called {qid!r}")
    QUESTIONS[qid] = q


# Labels of the actions a module offers in the Main Step and in flash timing, by the action's
# name (an option's first item): fn(words, view, option) -> str, where `words` is the
# table's helper for names and costs (`tui.labels.WORDS`: name, hand_card, field_card, named,
# pay_note, costly, short, from_open, on_side) and `view` the deciding seat's view.
OPTION_LABELS: dict[str, Callable[[Any, Any, Any], str]] = {}
# How an action that cannot be taken now is named beside its reason ("Summon {}").
UNAVAILABLE_WORDS: dict[str, str] = {}
# Short notes on a field card that a system adds to its view, fn(game, cid, viewer) -> str
# ("" for none): what continuous effects make of it, cards face down under it, ...
FIELD_NOTES: list[Callable[[Any, int, int], str]] = []


def label(action: str, words: str = "") -> Callable[[Callable[[Any, Any, Any], str]], Callable[[Any, Any, Any], str]]:
    """Register the label of an action (and how it is named when unavailable)."""

    def deco(fn: Callable[[Any, Any, Any], str]) -> Callable[[Any, Any, Any], str]:
        OPTION_LABELS[action] = fn
        if words:
            UNAVAILABLE_WORDS[action] = words
        return fn

    return deco


@dataclass(frozen=True, slots=True)
class Timing:
    """A timing effects can trigger at (`when = "..."`), registered by the module that
    collects it: its words for the card's own event, and for "one of your spirits" (`own`;
    empty when that scope is not offered)."""

    text: str
    own: str = ""


TIMINGS: dict[str, Timing] = {}
# Burst conditions a module adds (`condition = "..."` on a burst effect), with their words
# ("after your opponent adds cards to their hand by an effect").
BURST_EVENTS: dict[str, str] = {}


def timing(name: str, t: Timing) -> None:
    if name in TIMINGS and TIMINGS[name] != t:
        raise ValueError(f"two timings are called {name!r}")
    TIMINGS[name] = t


def burst_event(name: str, words: str) -> None:
    BURST_EVENTS[name] = words


# Events of one card that modules below the timings tell ("exhausted", "refreshed", …),
# `fn(game, when, cid)`: `rules.timings` collects the effects they trigger. A game whose
# cards have no effect at `when` (`Static.whens`) pays nothing for them.
CARD_EVENTS: list[Callable[[Any, str, int], None]] = []


def card_event(g: Any, when: str, cid: int) -> None:
    if when in g.static.whens:
        for fn in CARD_EVENTS:
            fn(g, when, cid)
