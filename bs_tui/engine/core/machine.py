"""The task machine's parts that know nothing of Battle Spirits: the table of task
handlers, the pending decision, and how an answer is checked against it.

A game's next work is a stack of small tasks (plain tuples: a handler's name and its
arguments), so a state can be copied, hashed and saved between any two of them. Rule
modules register their handlers here with `@op`; the loop (`model.game.Game.run`)
dispatches by name, and a pending decision names the handler that takes its answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from .decision import Decision, IllegalAnswer, Kind

OPS: dict[str, Callable[..., None]] = {}


def op(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a task handler. Tasks are tuples (name, *args)."""

    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        if name in OPS and OPS[name] is not fn:
            raise ValueError(f"two task handlers are called {name!r}")
        OPS[name] = fn
        return fn

    return deco


@dataclass(slots=True)
class Settle:
    """What the loop does between two tasks, registered by the rules (`rules.effects`):
    check depletion once cores have moved, and schedule what has piled up (triggered
    effects, cards leaving the field, bursts)."""

    check_depletion: Callable[[Any], None] = lambda g: None
    flush: Callable[[Any], None] = lambda g: None


SETTLE = Settle()


@dataclass(frozen=True, slots=True)
class Pending:
    decision: Decision
    cont: str
    args: tuple[Any, ...]


def _pending_init(self: Pending, decision: Decision, cont: str, args: tuple[Any, ...]) -> None:
    # made at every decision: each slot set through its descriptor, as `Decision` is
    _P_DECISION(self, decision)
    _P_CONT(self, cont)
    _P_ARGS(self, args)


_P_DECISION, _P_CONT, _P_ARGS = (getattr(Pending, f.name).__set__ for f in fields(Pending))
Pending.__init__ = _pending_init  # type: ignore[method-assign]


def is_option(options: tuple[Any, ...], answer: Any) -> bool:
    """`answer` is one of `options`, compared as written too, so 1.0 or True is not taken
    for the option 1 (and no answer of an odd type can break the comparison)."""
    try:
        found = options[options.index(answer)]
        # an agent answering with the option itself needs no second look
        return found is answer or repr(found) == repr(answer)
    except Exception:  # not there (ValueError), or an answer whose comparison fails
        return False


def short(answer: Any) -> str:
    try:
        text = repr(answer)
    except Exception:
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


def check_sources(d: Decision, answer: Any) -> None:
    """A payment or placement may take cores only from the sources the decision offers
    (Swift: the reserve; Awaken: your other field cards), and cancel only if it may."""
    a = d.allocation
    assert a is not None
    if answer == ("cancel",):
        if not a.cancellable:
            raise IllegalAnswer("this cannot be cancelled")
        return
    if d.kind == Kind.MOVE_CORES or not (isinstance(answer, tuple) and len(answer) == 3):
        return
    offered = {s.source: s.cores for s in a.sources}
    pairs = answer[1] if isinstance(answer[1], tuple) else ()
    for pair in pairs:
        if isinstance(pair, tuple) and len(pair) == 2:
            src, n = pair
            if src not in offered:
                raise IllegalAnswer(f"cores cannot come from {src!r} here")
            if isinstance(n, int) and n > offered[src]:
                raise IllegalAnswer(f"only {offered[src]} core(s) there, not {n}")
    if answer[2] is True and not any(s.soul for s in a.sources):
        raise IllegalAnswer("the Soul Core cannot be used here")
