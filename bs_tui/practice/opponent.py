"""A lesson's opponent: its scripted answers, then an AI level, answering from its own
seat's view as every agent does (never the game)."""

from __future__ import annotations

from typing import Any

from bs_tui.agents import Agent, make_agent
from bs_tui.engine import Decision
from bs_tui.engine.core.machine import is_option

from .lesson import Lesson


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
