"""Lesson and puzzle files (docs/practice.md): a position file (`engine.positions`) with a
`[lesson]` table saying what it teaches and when it is solved.

A lesson may come from anywhere (a player writes one from a moment of a game), so nothing
in it is trusted: it is read through the guarded reader, the position is checked as any
position file is, and every key of `[lesson]` must be known and of its type. Every problem
is reported at once as `FILE:LINE: problem`. What the answers do is judged by playing them
(`practice.attempt`), never when the file is read: reading runs no AI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli

from bs_tui.engine.data.cards import CardDB, load_cards
from bs_tui.engine.data.decks import read_deck
from bs_tui.engine.model.game import Game
from bs_tui.engine.positions import MAX_ANSWERS, Position, PositionError, _Checker
from bs_tui.engine.scenario import position
from bs_tui.files import POSITION_LIMIT, FileProblem, load_toml
from bs_tui.toml_lines import describe as _quote
from bs_tui.toml_lines import toml_lines

from .goals import CONDITION_KEYS, Condition, Goal, check_condition
from .moment import Moment, read_moment
from .state import CHAPTERS

LESSON_KEYS = (
    "title",
    "chapter",
    "order",
    "section",
    "topics",
    "explain",
    "opponent",
    "opponent_answers",
    "turns",
    "solution",
    "hints",
    "goal",
    "wrong",
    "guide",
)
GOAL_KEYS = ("win", "survive", "happen", "right", "deck", "question")
HINT_KEYS = ("text", "rule")
WRONG_KEYS = ("answers", "why")
GUIDE_KEYS = ("pane", "text")
OPPONENTS = ("script", "easy", "normal", "hard")
PANES = ("status", "opp-field", "my-field", "hand", "card", "log", "options", "cores")
MAX_TITLE = 80
MAX_LINE = 300  # a hint, a why, a section: one line
MAX_EXPLAIN = 2000
MAX_TURNS = 5
MAX_ITEMS = 20  # hints, wrong answers, guide steps, topics, conditions


class LessonError(PositionError):
    """A lesson file that cannot be played: one `FILE:LINE: problem` line each."""


@dataclass(frozen=True, slots=True)
class Hint:
    text: str
    rule: str  # the rulebook section it cites, e.g. "000 ch.1 §6.3"


@dataclass(frozen=True, slots=True)
class Wrong:
    answers: tuple[Any, ...]  # the solver's answers, in order
    why: str


@dataclass(frozen=True, slots=True)
class GuideStep:
    pane: str  # the pane it points at (PANES)
    text: str


@dataclass(slots=True)
class Lesson:
    path: str
    id: str  # the file's name without .toml: what progress is kept by
    title: str
    chapter: str
    order: int
    section: str  # the seed file and section it teaches, e.g. "000 ch.1 §6.3"
    explain: str
    goal: Goal
    position: Position | None  # None: a moment of a game
    topics: tuple[str, ...] = ()
    opponent: str = "script"
    opponent_answers: tuple[Any, ...] = ()
    turns: int = 1
    solution: tuple[Any, ...] = ()
    hints: tuple[Hint, ...] = ()
    wrong: tuple[Wrong, ...] = ()
    guide: tuple[GuideStep, ...] = ()
    db: CardDB | None = field(default=None, repr=False)
    moment: Moment | None = None
    text: str = field(default="", repr=False)  # the file's text: a save of the lesson keeps it
    you: int = 0  # the player deciding at the lesson's start: the solver

    @property
    def seed(self) -> int:
        return self.moment.seed if self.moment is not None else self.position.seed if self.position else 0

    def why_wrong(self, answer: Any) -> str:
        """Why `answer`, given first, is wrong: the why of the wrong answers that begin with it."""
        return next((w.why for w in self.wrong if w.answers[:1] == (answer,)), "")

    @property
    def right_why(self) -> str:
        """Why the right answer of a question is right: its last hint, with its rule."""
        return f"{self.hints[-1].text} ({self.hints[-1].rule})" if self.hints else ""

    def start(self, names: tuple[str, str] | None = None) -> Game:
        """The lesson's game at its first decision (the position with its answers given);
        `names`: the players' names, the log saying them from the first line."""
        p = self.position
        db = self.db or load_cards()
        if self.moment is not None:
            return self.moment.game(db)  # as its game asked (a person's: every flash window)
        assert p is not None
        g = position(p.sides[0], p.sides[1], p.active, p.turn, p.step, p.seed, db)
        if names is not None:
            g.static.names = names
        for a in p.answers:  # checked when the file was read
            g.answer(a)
        g.ask_every_flash = True  # people play it: every flash window asked
        return g


class _LessonChecker:
    def __init__(self, checker: _Checker) -> None:
        self.c = checker

    def add(self, at: tuple[Any, ...], message: str) -> None:
        self.c.add(("lesson", *at), message)

    def text(self, raw: dict[str, Any], key: str, limit: int, at: tuple[Any, ...] = (), need: bool = True) -> str:
        v = raw.get(key)
        if v is None and not need:
            return ""
        multi = limit == MAX_EXPLAIN
        if not isinstance(v, str) or not v.strip() or len(v) > limit or (not multi and "\n" in v):
            shape = "text" if multi else "one line of text"
            self.add(
                (*at, key) if key in raw else at,
                f"{key} must be {shape} (1 to {limit} characters), not {_quote(v) if key in raw else 'missing'}",
            )
            return ""
        return v.strip()

    def items(self, raw: dict[str, Any], key: str, at: tuple[Any, ...] = ()) -> list[Any]:
        v = raw.get(key, [])
        if not isinstance(v, list) or len(v) > MAX_ITEMS:
            self.add((*at, key), f"{key} must be an array of at most {MAX_ITEMS}, not {_quote(v)}")
            return []
        return v

    def answers(self, value: Any, at: tuple[Any, ...], what: str) -> tuple[Any, ...] | None:
        if not isinstance(value, list) or len(value) > MAX_ANSWERS:
            self.add(at, f"{what} must be an array of at most {MAX_ANSWERS} answers, not {_quote(value)}")
            return None
        out = []
        for i, v in enumerate(value):
            ok, a = self.c.answer(v, ("lesson", *at, i), f"{what} {i + 1}")
            if not ok:
                return None
            out.append(a)
        return tuple(out)

    def goal(self, raw: Any) -> Goal | None:
        at = ("goal",)
        if not isinstance(raw, dict):
            self.add(at, f"goal must be a table ([lesson.goal]), not {_quote(raw)}")
            return None
        self.c.known_keys(raw, ("lesson", "goal"), GOAL_KEYS, "goal")
        kinds = [k for k in ("win", "survive", "happen", "right", "deck") if k in raw]
        if len(kinds) != 1:
            names = ", ".join(kinds) or "none"
            self.add(at, f"goal names exactly one of win, survive, happen, right, deck, not {names}")
            return None
        kind = kinds[0]
        question = self.text(raw, "question", MAX_LINE, at, need=False)
        if kind == "deck":
            return self.deck_goal(raw["deck"], question)
        if kind in ("win", "survive"):
            if raw[kind] is not True:
                self.add((*at, kind), f"goal {kind} must be true, not {_quote(raw[kind])}")
                return None
            return Goal(kind, question=question)
        if kind == "right":
            right = self.answers(raw["right"], (*at, "right"), "goal right answer")
            if not right:
                if right is not None:
                    self.add((*at, "right"), "goal right names no answer: it would test nothing")
                return None
            return Goal("right", right=right, question=question)
        conditions: list[Condition] = []
        for i, cond in enumerate(self.items(raw, "happen", at)):
            where = ("lesson", "goal", "happen", i)
            if not isinstance(cond, dict):
                self.add((*at, "happen", i), f"happen {i + 1} must be a table, not {_quote(cond)}")
                continue
            self.c.known_keys(cond, where, CONDITION_KEYS, f"happen {i + 1}")
            made = check_condition(cond)
            if isinstance(made, str):
                self.add((*at, "happen", i), f"happen {i + 1}: {made}")
            else:
                conditions.append(made)
        if not conditions:
            self.add((*at, "happen"), "goal happen names nothing to happen")
            return None
        return Goal("happen", conditions=tuple(conditions), question=question)

    def deck_goal(self, text: Any, question: str) -> Goal | None:
        """A deck question: the deck file's text, judged by the engine's deck rules now."""
        at = ("goal", "deck")
        if not isinstance(text, str) or len(text) > 20_000:
            self.add(at, "goal deck must be a deck file's text (name and [cards]), at most 20,000 characters")
            return None
        deck, problems = read_deck(f"{self.c.path} (its deck)", self.c.db, text)
        broken = ("unknown", "must be", "no [cards]", "not valid TOML", "nested", "too long", "control")
        unusable = [p for p in problems if any(b in p.message for b in broken)]  # the file's fault, not a rule's
        if unusable or (deck is None and not problems):
            self.add(at, "goal deck: " + "; ".join(p.message for p in unusable or problems))
            return None
        try:
            listed = tomli.loads(text).get("cards", {})  # read as the deck checker read it
        except (tomli.TOMLDecodeError, RecursionError, ValueError):
            self.add(at, "goal deck is not valid TOML")
            return None
        if not isinstance(listed, dict):
            self.add(at, "goal deck has no [cards] table")
            return None
        cards = tuple((cid, n) for cid, n in listed.items() if isinstance(n, int) and 0 < n <= 10_000)
        return Goal(
            "deck",
            question=question,
            deck=cards,
            legal=not problems,
            problems=tuple(p.message for p in problems),
        )

    def lesson(self, raw: Any, path: Path, pos: Position | None, moment: bool = False) -> Lesson | None:
        if not isinstance(raw, dict):
            self.c.add(
                ("lesson",), f"a lesson file has a [lesson] table, not {_quote(raw) if raw is not None else 'none'}"
            )
            return None
        self.c.known_keys(raw, ("lesson",), LESSON_KEYS, "lesson")
        title = self.text(raw, "title", MAX_TITLE)
        chapter = raw.get("chapter")
        if chapter not in CHAPTERS:
            self.add(("chapter",), f"chapter must be one of {', '.join(CHAPTERS)}, not {_quote(chapter)}")
        order = raw.get("order", 0)
        if not isinstance(order, int) or isinstance(order, bool) or not 0 <= order <= 10_000:
            self.add(("order",), f"order must be a whole number from 0 to 10,000, not {_quote(order)}")
            order = 0
        section = self.text(raw, "section", MAX_LINE)
        explain = self.text(raw, "explain", MAX_EXPLAIN)
        topics = []
        for i, t in enumerate(self.items(raw, "topics")):
            if isinstance(t, str) and t and len(t) <= 40 and t.replace("-", "").isalnum():
                topics.append(t)
            else:
                self.add(("topics", i), f"a topic is a word or words-with-dashes, not {_quote(t)}")
        opponent = raw.get("opponent", "script")
        if opponent not in OPPONENTS:
            self.add(("opponent",), f"opponent must be one of {', '.join(OPPONENTS)}, not {_quote(opponent)}")
        turns = raw.get("turns", 1)
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS:
            self.add(("turns",), f"turns must be a whole number from 1 to {MAX_TURNS}, not {_quote(turns)}")
            turns = 1
        opp = self.answers(raw.get("opponent_answers", []), ("opponent_answers",), "opponent answer")
        solution = self.answers(raw.get("solution", []), ("solution",), "solution answer")
        hints = []
        for i, h in enumerate(self.items(raw, "hints")):
            if not isinstance(h, dict):
                self.add(("hints", i), f"hint {i + 1} must be a table (text, rule), not {_quote(h)}")
                continue
            self.c.known_keys(h, ("lesson", "hints", i), HINT_KEYS, f"hint {i + 1}")
            hints.append(
                Hint(self.text(h, "text", MAX_LINE, ("hints", i)), self.text(h, "rule", MAX_LINE, ("hints", i)))
            )
        wrong = []
        for i, w in enumerate(self.items(raw, "wrong")):
            if not isinstance(w, dict):
                self.add(("wrong", i), f"wrong {i + 1} must be a table (answers, why), not {_quote(w)}")
                continue
            self.c.known_keys(w, ("lesson", "wrong", i), WRONG_KEYS, f"wrong {i + 1}")
            answers = self.answers(w.get("answers"), ("wrong", i, "answers"), f"wrong {i + 1} answer")
            why = self.text(w, "why", MAX_LINE, ("wrong", i))
            if answers:
                wrong.append(Wrong(answers, why))
            elif answers is not None:
                self.add(("wrong", i, "answers"), f"wrong {i + 1} names no answer")
        guide = []
        for i, s in enumerate(self.items(raw, "guide")):
            if not isinstance(s, dict) or s.get("pane") not in PANES:
                self.add(
                    ("guide", i), f"guide step {i + 1} must be a table with pane (one of {', '.join(PANES)}) and text"
                )
                continue
            self.c.known_keys(s, ("lesson", "guide", i), GUIDE_KEYS, f"guide step {i + 1}")
            guide.append(GuideStep(s["pane"], self.text(s, "text", MAX_LINE, ("guide", i))))
        goal = self.goal(raw.get("goal"))
        if self.c.problems or (pos is None and not moment) or goal is None or opp is None or solution is None:
            return None
        return Lesson(
            path=str(path),
            id=path.stem,
            title=title,
            chapter=str(chapter),
            order=order,
            section=section,
            explain=explain,
            goal=goal,
            position=pos,
            topics=tuple(topics),
            opponent=str(opponent),
            opponent_answers=opp,
            turns=turns,
            solution=solution,
            hints=tuple(hints),
            wrong=tuple(wrong),
            guide=tuple(guide),
        )


def read_lesson(path: Path | str, db: CardDB | None = None, text: str | None = None) -> Lesson:
    """A lesson file (or `text`, a lesson file's text named `path`: a save's copy) read
    through the guarded reader and checked completely, its position's answers played to the
    lesson's first decision; LessonError with every problem."""
    where = str(path)
    try:
        raw, text = load_toml(where, POSITION_LIMIT, text)
    except FileProblem as e:
        raise LessonError([str(e)]) from None
    db = db or load_cards()
    checker = _Checker(where, toml_lines(text), db)
    lesson_raw = raw.pop("lesson", None)
    if "blunder" in raw:
        checker.add(("blunder",), "a lesson has no [blunder] table: its [lesson] says what is right and wrong")
        raw.pop("blunder")
    moment_raw = raw.pop("moment", None)
    goal_raw = lesson_raw.get("goal") if isinstance(lesson_raw, dict) else None
    deck_only = isinstance(goal_raw, dict) and "deck" in goal_raw and "player" not in raw
    if deck_only:  # a question of deck building: no game, no position
        for key in raw:
            checker.add((key,), f"{key}: a deck question has no position")
        pos = None
    elif moment_raw is not None:  # a moment of a game: its view in place of a position
        for key in raw:
            checker.add((key,), f"{key}: a moment's lesson has no position of its own (the [moment] is its game)")
        pos = None
    else:
        pos = checker.position(raw)
    lesson = _LessonChecker(checker).lesson(lesson_raw, Path(where), pos, moment=moment_raw is not None or deck_only)
    if lesson is None or (pos is None and moment_raw is None and not deck_only):
        raise LessonError(checker.problems or [f"{where}: not a lesson"])
    lesson.db = db
    lesson.text = text
    if deck_only:
        return lesson
    if moment_raw is not None:
        made = read_moment(moment_raw, db)
        if isinstance(made, str):
            checker.add(("moment",), made)
            raise LessonError(checker.problems)
        lesson.moment = made
        lesson.you = made.view.me
        return lesson
    g = position(pos.sides[0], pos.sides[1], pos.active, pos.turn, pos.step, pos.seed, db)
    checker.play(g, pos)
    if not checker.problems and g.pending is None:
        checker.add(("answers",), "the answers leave no decision to start the lesson from")
    if checker.problems:
        raise LessonError(checker.problems)
    lesson.you = g.pending.decision.player if g.pending is not None else 0
    return lesson
