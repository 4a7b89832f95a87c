"""Practice games are saved as any game is (bs_tui/saves): a journal whose header names the
lesson it started from, with the lesson file's whole text (so the save replays even when
the file has changed or gone), and every answer after it. Registers the "lesson" start
with the saves (`saves.replay.STARTS`) and resumes a save of a lesson as a practice seat."""

from __future__ import annotations

from typing import Any

from bs_tui.engine.data.cards import CardDB
from bs_tui.engine.model.game import Game
from bs_tui.saves import JournalError
from bs_tui.saves.replay import STARTS

from .catalogue import is_shipped
from .lesson import Lesson, LessonError, read_lesson

KIND = "lesson"


def start_of(lesson: Lesson) -> dict[str, Any]:
    """What a save's header keeps of the lesson it starts from."""
    return {"kind": KIND, "name": lesson.id, "shipped": is_shipped(lesson.path), "text": lesson.text}


def lesson_from_start(start: dict[str, Any], db: CardDB) -> Lesson:
    """The lesson a save started from, read from the save's own copy of it."""
    name = "".join(c for c in str(start.get("name", "lesson"))[:100] if c.isalnum() or c in "_-") or "lesson"
    from .catalogue import LESSONS_DIR

    # a shipped lesson is known by its place, so its progress is kept when it is resumed
    where = LESSONS_DIR / f"{name}.toml" if start.get("shipped") is True else f"{name}.toml"
    try:
        return read_lesson(where, db, str(start["text"]))
    except LessonError as e:
        raise JournalError(f"the lesson it started from cannot be read ({e.problems[0]})") from None


def resumed_seat(journal: Any, game: Game) -> Any:
    """A save of a lesson's try, replayed to `game`, as the practice seat that plays it on."""
    from bs_tui.engine.data.cards import load_cards
    from bs_tui.saves import new_game_from_header

    from .seat import PracticeSeat

    db = load_cards()
    lesson = lesson_from_start(journal.header["start"], db)
    return PracticeSeat.resumed(lesson, game, new_game_from_header(journal.header, db), journal.replayed, journal)


def lesson_game(start: dict[str, Any], db: CardDB) -> Game:
    return lesson_from_start(start, db).start()


STARTS[KIND] = lesson_game
