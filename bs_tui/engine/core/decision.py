"""The decision interface: what a player must decide now, and the answers it takes.

Answers are plain values (tuples, ints, strings, booleans) so that they can be
written to a journal as JSON and read back (`normalize` turns lists into tuples).

Kinds and their answers:
- CHOOSE_ORDER: "first" | "second" (the coin toss winner).
- MAIN_ACTION: ("summon", cid) | ("deploy", cid) | ("magic", cid, "main"|"flash")
  | ("move_cores",) | ("end",).
- PAY_COST: ("pay", ((source, n), ...), soul) | ("cancel",) where a source is
  "reserve" or a card id, n plain cores from it, soul True to pay with the Soul Core.
- PLACE_CORES: ("place", ((source, n), ...), soul): cores onto the card being put
  on the field.
- MOVE_CORES: ("layout", ((cid, n), ...), soul_at): the layout of your plain cores on
  your field cards after the move (the rest in the reserve); soul_at is a card id or
  "reserve" (only when the Soul Core is in the reserve or on your field); or ("cancel",)
  to leave the cores as they are.
- ATTACK: ("attack", cid) | ("end",).
- BLOCK: ("block", cid) | ("take",).
- FLASH: ("magic", cid) | ("pass",).
- CHOOSE_TARGETS: a tuple of card ids.
- ORDER_TRIGGERS: the index of the effect to resolve next.
- YES_NO: True | False.
- CHOOSE_CORE: "soul" | "core": which of your cores an effect moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    CHOOSE_ORDER = "choose_order"
    MAIN_ACTION = "main_action"
    PAY_COST = "pay_cost"
    PLACE_CORES = "place_cores"
    MOVE_CORES = "move_cores"
    ATTACK = "attack"
    BLOCK = "block"
    FLASH = "flash"
    CHOOSE_TARGETS = "choose_targets"
    ORDER_TRIGGERS = "order_triggers"
    YES_NO = "yes_no"
    CHOOSE_CORE = "choose_core"


@dataclass(frozen=True, slots=True)
class CoreSource:
    """Where cores can come from in an allocation: the reserve or one of your field cards."""

    source: Any  # "reserve" or a card id
    cores: int  # plain cores there
    soul: bool  # the Soul Core is there


@dataclass(frozen=True, slots=True)
class Allocation:
    """The constraints of a PAY_COST, PLACE_CORES or MOVE_CORES decision."""

    sources: tuple[CoreSource, ...]
    amount: int = 0  # PAY_COST: exactly this many; PLACE_CORES: at least this many
    card: int = -1  # the card being paid for or placed on
    cancellable: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    player: int
    kind: Kind
    options: tuple[Any, ...] = ()
    prompt: str = ""
    allocation: Allocation | None = None
    # Context for the reader: the card whose effect asks, how many targets, and so on.
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_allocation(self) -> bool:
        return self.allocation is not None


# Frozen dataclasses made at every decision, given quicker __init__s: the generated one sets
# each field through object.__setattr__ (a frozen class refuses plain assignment); setting
# each slot through its own descriptor is about half the cost, and the instances stay frozen.
_NO_CONTEXT: Any = object()


def _decision_init(
    self: Decision,
    player: int,
    kind: Kind,
    options: tuple[Any, ...] = (),
    prompt: str = "",
    allocation: Allocation | None = None,
    context: dict[str, Any] = _NO_CONTEXT,
) -> None:
    _D_PLAYER(self, player)
    _D_KIND(self, kind)
    _D_OPTIONS(self, options)
    _D_PROMPT(self, prompt)
    _D_ALLOCATION(self, allocation)
    _D_CONTEXT(self, {} if context is _NO_CONTEXT else context)


def _allocation_init(
    self: Allocation, sources: tuple[CoreSource, ...], amount: int = 0, card: int = -1, cancellable: bool = False
) -> None:
    _A_SOURCES(self, sources)
    _A_AMOUNT(self, amount)
    _A_CARD(self, card)
    _A_CANCELLABLE(self, cancellable)


_D_PLAYER, _D_KIND, _D_OPTIONS, _D_PROMPT, _D_ALLOCATION, _D_CONTEXT = (
    getattr(Decision, f.name).__set__ for f in fields(Decision)
)
_A_SOURCES, _A_AMOUNT, _A_CARD, _A_CANCELLABLE = (getattr(Allocation, f.name).__set__ for f in fields(Allocation))
Decision.__init__ = _decision_init  # type: ignore[method-assign]
Allocation.__init__ = _allocation_init  # type: ignore[method-assign]


class IllegalAnswer(ValueError):
    """An answer the pending decision does not accept; the game is unchanged."""


def normalize(answer: Any) -> Any:
    """Turn JSON lists back into the tuples the engine uses."""
    if isinstance(answer, list):
        return tuple(normalize(a) for a in answer)
    return answer
