"""One try at a lesson without a screen: the solver's answers given one by one to the
practice seat (`seat.py`), which judges the lesson after every answer, the opponent
answering from its own view (its scripted answers first, then an AI). The tests replay
every shipped lesson's solution and wrong answers this way; `bs-tui practice check` does the
same for a lesson's author.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bs_tui.engine.core.decision import IllegalAnswer
from bs_tui.engine.model.game import Game

from .goals import FAILED, PLAYING, SOLVED, judge_deck
from .lesson import Lesson
from .seat import PracticeSeat

MAX_OPPONENT_ANSWERS = 5_000  # in one go: far beyond a real turn, a stop for a lesson that loops


@dataclass(slots=True)
class Attempt:
    """A try played without a screen: the practice seat, the solver's answers given by the
    caller and everything else given as the table gives it against the AI."""

    seat: PracticeSeat

    @classmethod
    def start(cls, lesson: Lesson) -> Attempt:
        a = cls(PracticeSeat.for_lesson(lesson))
        a.go_on()
        return a

    @property
    def lesson(self) -> Lesson:
        assert self.seat.lesson is not None
        return self.seat.lesson

    @property
    def game(self) -> Game:
        return self.seat.game

    @property
    def you(self) -> int:
        return self.seat.you

    @property
    def status(self) -> str:
        return self.seat.status

    @property
    def why(self) -> str:
        return self.seat.why

    def go_on(self) -> None:
        """The opponent's answers, and the solver's passes where passing is all there is,
        until the solver has a real decision or the lesson is decided."""
        seat = self.seat
        for _ in range(MAX_OPPONENT_ANSWERS):
            if seat.status != PLAYING:
                return
            if seat.agent_to_move():
                seat.submit(seat.agent_answer())
            elif seat.passes_at_once(True):  # as the table passes at once against the AI
                d = seat.game.decision
                assert d is not None
                seat.submit(d.options[0])
            else:
                return
        seat.status, seat.why = FAILED, "The opponent kept deciding: the lesson never came back to you."

    def answer(self, a: Any) -> None:
        """The solver's answer; IllegalAnswer (nothing changed) when the engine refuses it."""
        if self.status != PLAYING:
            raise IllegalAnswer(f"the lesson is over: {self.why}")
        d = self.game.decision
        assert d is not None and d.player == self.you
        self.seat.submit(a)
        self.go_on()

    @property
    def solved(self) -> bool:
        return self.status == SOLVED


@dataclass(slots=True)
class DeckAttempt:
    """A try at a deck question: no game, one answer (True: the deck can be played)."""

    lesson: Lesson
    status: str = PLAYING
    why: str = ""
    given: list[Any] = field(default_factory=list)

    def answer(self, a: Any) -> None:
        if self.status != PLAYING:
            raise IllegalAnswer(f"the lesson is over: {self.why}")
        if not isinstance(a, bool):
            raise IllegalAnswer(f"{a!r} is not an answer to a yes-or-no question (true or false)")
        self.given.append(a)
        self.status, self.why = judge_deck(self.lesson.goal, a)


def play_answers(lesson: Lesson, answers: tuple[Any, ...]) -> tuple[Attempt | DeckAttempt, str]:
    """A try with these answers: the attempt and "" when all were taken, or the engine's
    reason for the first refused (the lesson then stands where it was)."""
    a: Attempt | DeckAttempt = DeckAttempt(lesson) if lesson.goal.kind == "deck" else Attempt.start(lesson)
    for x in answers:
        if a.status != PLAYING:
            break
        try:
            a.answer(x)
        except IllegalAnswer as e:
            return a, str(e) or "refused"
    return a, ""
