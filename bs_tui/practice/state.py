"""A lesson as the table shows it: plain data a seat hands over (in JSON too), never the
lesson's answers to come — the solution is given out only once the lesson is over."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

PLAYING, SOLVED, FAILED = "playing", "solved", "failed"
CHAPTERS = ("tutorial", "1", "2", "003", "puzzle")  # 001's go with their system; puzzle: a player's own


@dataclass(frozen=True, slots=True)
class PracticeState:
    lesson_id: str
    title: str
    chapter: str
    section: str
    explain: str
    goal: str  # the goal in words
    turns: int
    you: int  # the solver's seat
    hints: tuple[tuple[str, str], ...]  # (text, the rule it cites)
    guide: tuple[tuple[str, str], ...]  # the tutorial's (pane, text) pointers
    status: str = PLAYING
    why: str = ""
    has_solution: bool = False
    shipped: bool = False  # one of bs-tui's lessons (progress is kept for it)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> PracticeState:
        raw: dict[str, Any] = json.loads(text)
        raw["hints"] = tuple(tuple(h) for h in raw["hints"])
        raw["guide"] = tuple(tuple(g) for g in raw["guide"])
        return cls(**raw)
