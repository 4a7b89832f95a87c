"""One try at a lesson without a screen: the solver's answers given one by one, the
opponent answering from its own view (its scripted answers first, then an AI), and the
lesson judged after every answer. The tests replay every shipped lesson's solution and
wrong answers this way; `bs-tui practice check` does the same for a lesson's author.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bs_tui.agents import Agent, make_agent, view_fn
from bs_tui.engine import Decision, PlayerView, view_for
from bs_tui.engine.core.decision import IllegalAnswer
from bs_tui.engine.core.machine import is_option
from bs_tui.engine.model.game import Game
from bs_tui.seats.base import only_pass

from .goals import FAILED, PLAYING, SOLVED, Limits, judge, judge_answer, judge_deck, limits
from .lesson import Lesson

MAX_OPPONENT_ANSWERS = 5_000  # in one go: far beyond a real turn, a stop for a lesson that loops


class ScriptedOpponent:
    """The lesson's opponent: its scripted answers in order while they fit the decision
    asked, then the AI level behind it (the easy one for a scripted opponent)."""

    def __init__(self, answers: tuple[Any, ...], fallback: Agent) -> None:
        self.script = tuple(answers)
        self.answers = list(answers)
        self.fallback = fallback
        # a searching AI behind the script builds its games from its seat's knowledge
        self.needs_knowledge = bool(getattr(fallback, "needs_knowledge", False))
        self.name = "script" if answers else str(getattr(fallback, "name", "AI"))

    def rewind(self, given: list[Any]) -> None:
        """The script as it stands after the opponent gave `given` (an undo took answers back,
        a save was resumed): each scripted answer is used once, in order, when it fits."""
        self.answers = list(self.script)
        for a in given:
            if self.answers and a == self.answers[0]:
                self.answers.pop(0)

    def choose(self, decision: Decision, view: Any) -> Any:
        if self.answers and (decision.allocation is not None or is_option(decision.options, self.answers[0])):
            return self.answers.pop(0)
        return self.fallback.choose(decision, view)


def opponent_for(lesson: Lesson) -> ScriptedOpponent:
    level = "easy" if lesson.opponent == "script" else lesson.opponent
    # a search AI limited by iterations, never by time: the same answers on any machine
    ai = make_agent(level, lesson.seed, iterations=400 if level != "easy" else 0)
    return ScriptedOpponent(lesson.opponent_answers, ai)


@dataclass(slots=True)
class Attempt:
    lesson: Lesson
    game: Game
    you: int
    lim: Limits
    opponent: ScriptedOpponent
    status: str = PLAYING
    why: str = ""
    given: list[Any] = field(default_factory=list)  # the solver's answers

    @classmethod
    def start(cls, lesson: Lesson) -> Attempt:
        g = lesson.start()
        d = g.decision
        assert d is not None  # read_lesson made sure
        you = d.player
        lim = limits(view_for(g, you), lesson.turns)
        a = cls(lesson, g, you, lim, opponent_for(lesson))
        a.go_on()
        return a

    def view(self) -> PlayerView:
        return view_for(self.game, self.you)

    def judge_now(self) -> None:
        if self.status == PLAYING and self.lesson.goal.kind != "right":
            self.status, self.why = judge(self.lesson.goal, self.lim, self.view())

    def go_on(self) -> None:
        """The opponent's answers, and the solver's passes where passing is all there is,
        until the solver has a real decision or the lesson is decided."""
        for _ in range(MAX_OPPONENT_ANSWERS):
            self.judge_now()
            d = self.game.decision
            if self.status != PLAYING or d is None:
                return
            if d.player == self.you:
                if not only_pass(d):
                    return
                self.game.answer(d.options[0])  # as the table passes at once against the AI
                continue
            snapshot = self.game.copy()
            player = d.player

            def seen(knows: bool, snapshot: Game = snapshot, player: int = player) -> PlayerView:
                return view_for(snapshot, player, knowledge=knows)

            mine = seen(False).decision
            assert mine is not None
            self.game.answer(self.opponent.choose(mine, view_fn(self.opponent, seen)))
        self.status, self.why = FAILED, "The opponent kept deciding: the lesson never came back to you."

    def answer(self, a: Any) -> None:
        """The solver's answer; IllegalAnswer (nothing changed) when the engine refuses it."""
        if self.status != PLAYING:
            raise IllegalAnswer(f"the lesson is over: {self.why}")
        d = self.game.decision
        assert d is not None and d.player == self.you
        first = not self.given
        self.game.answer(a)
        self.given.append(a)
        if first and self.lesson.goal.kind == "right":
            why = next((w.why for w in self.lesson.wrong if w.answers[:1] == (a,)), "")
            self.status, self.why = judge_answer(self.lesson.goal, a, why, self.lesson.right_why)
            return
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
