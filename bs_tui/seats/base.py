"""The seat interface: what a table may ask of a game, and nothing more."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from bs_tui.engine import Decision, IllegalAnswer, Kind, PlayerView
from bs_tui.practice.state import PracticeState


def only_pass(d: Decision) -> bool:
    """A decision whose one option is to pass: a flash timing with nothing usable, a burst
    window the burst does not match. The engine asks them in games with people so that
    being asked tells the opponent nothing."""
    if d.kind == Kind.FLASH:
        return d.options == (("pass",),)
    return d.kind == Kind.YES_NO and d.options == (False,)  # "no" the only answer: go on


class Seat(ABC):
    """A game as one screen may know it: the views of the people it seats, their answers,
    and a word when the game moves on. Everything a table renders comes from `view`."""

    __slots__ = ()

    @property
    @abstractmethod
    def people(self) -> tuple[int, ...]:
        """The players sitting at this screen (both in hot-seat)."""

    @property
    def hotseat(self) -> bool:
        return len(self.people) == 2

    @property
    @abstractmethod
    def level(self) -> str:
        """The AI's level in the other chair ("" when a person sits there)."""

    @property
    @abstractmethod
    def version(self) -> int:
        """Changes each time the game moves on (the answers accepted so far): a decision
        is told apart from the next one by it, not by the object a view carries."""

    @abstractmethod
    def view(self, player: int, knowledge: bool = False) -> PlayerView:
        """What `player`, a person at this screen, may see now; with `knowledge`, also what
        that seat knows of the whole game (for a hint searched in its place)."""

    @abstractmethod
    def submit(self, answer: Any) -> None:
        """Answer the pending decision; IllegalAnswer (with the reason, nothing changed)
        when it is not a legal answer."""

    @abstractmethod
    def watch(self, changed: Callable[[], None]) -> None:
        """Call `changed()` each time the game moves on (after every accepted answer)."""

    @abstractmethod
    def passes_at_once(self, auto_pass: bool) -> bool:
        """Whether the pending decision is a person's pass-only one to give without asking
        them: when nobody else at the table could tell, or the players asked for it."""

    def agent_to_move(self) -> bool:
        """Whether an agent this seat runs must answer now (a remote seat's host runs its
        own: false)."""
        return False

    def agent_answer(self) -> Any:
        """The answer of the agent to move (safe to call off the screen's thread); give it
        to `submit`."""
        raise RuntimeError("no agent sits at this table")

    def practice(self) -> PracticeState | None:
        """The lesson being played at this table, as plain data (None: a game, no lesson)."""
        return None

    def solution(self) -> tuple[Any, ...]:
        """A lesson's solution, once the lesson is over (empty before, and in a game)."""
        return ()

    def restarted(self) -> Seat:
        """The lesson from its start again (a game has no such thing)."""
        raise IllegalAnswer("Only a lesson can be started again.")

    def undo_refused(self) -> str:
        """Why `undo` would be refused now ("" when it would not)."""
        return "Undo is not offered at this table."

    def undo(self) -> None:
        """Take back the last decision of the person here (and the answers after it), exactly;
        IllegalAnswer with the reason when it cannot be."""
        raise IllegalAnswer(self.undo_refused())

    def redo(self) -> None:
        """Give again what the last undo took back; IllegalAnswer when there is nothing."""
        raise IllegalAnswer("Nothing to redo.")

    def waiting_for(self) -> int:
        """Who must decide now (-1: nobody), as every seat may know it."""
        return self.view(self.people[0] if self.people else 0).waiting_for

    def close(self) -> None:  # noqa: B027 (most seats run nothing to stop)
        """Stop what the seat runs (an AI's process); the game itself stays as it is."""
