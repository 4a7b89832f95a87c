"""Lessons are tests (issue 20): every shipped lesson is read, its solution solves it
against its opponent, each wrong answer it names is refused by the engine or fails its goal,
and the shipped lessons cover every section the practice must teach (000 ch.1, ch.2, 003).
The rule each lesson checks is named in its own `section` key."""

from __future__ import annotations

from pathlib import Path

import pytest

from bs_tui.practice.attempt import Attempt, play_answers
from bs_tui.practice.catalogue import COVERAGE, LESSONS_DIR, shipped
from bs_tui.practice.check import check
from bs_tui.practice.goals import FAILED, PLAYING, SOLVED
from bs_tui.practice.lesson import LessonError, read_lesson

FILES = sorted(LESSONS_DIR.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_solution_solves_the_lesson_and_each_wrong_answer_does_not(path: Path) -> None:
    lesson = read_lesson(path)
    assert lesson.section.startswith(("000", "001", "002", "003")), "a lesson names the seed it teaches"
    assert lesson.hints and all(h.rule for h in lesson.hints), "a shipped lesson has hints citing the rulebook"
    assert lesson.solution or lesson.goal.kind == "right", "a shipped puzzle has a solution"
    a, refused = play_answers(lesson, lesson.solution or lesson.goal.right[:1])
    assert refused == "" and a.status == SOLVED, (refused, a.status, a.why)
    for w in lesson.wrong:
        b, refused = play_answers(lesson, w.answers)
        assert refused or b.status == FAILED, (w.answers, b.status, b.why)
    ok, lines = check(lesson)
    assert ok, lines


def test_the_lessons_cover_every_section_of_the_rulebook() -> None:
    taught = {t for e in shipped() for t in e.topics}
    missing = [f"{t} ({what})" for t, what in COVERAGE.items() if t not in taught]
    assert missing == [], "no lesson teaches: " + "; ".join(missing)
    assert len(shipped()) >= 40


def test_every_topic_of_a_lesson_is_a_known_one() -> None:
    unknown = {(e.id, t) for e in shipped() for t in e.topics if t not in COVERAGE}
    assert unknown == set()


def test_a_wrong_first_answer_fails_a_question_with_its_why() -> None:
    lesson = read_lesson(LESSONS_DIR / "ch1_block_lethal.toml")
    a = Attempt.start(lesson)
    assert a.status == PLAYING and a.game.decision is not None and a.game.decision.player == a.you
    a.answer(("take",))
    assert a.status == FAILED and "000 ch.1 §6.3" in a.why


def test_a_lesson_file_with_problems_names_each_with_its_line(tmp_path: Path) -> None:
    text = (LESSONS_DIR / "ch1_block_lethal.toml").read_text(encoding="utf-8")
    bad = text.replace('chapter = "1"', 'chapter = "9"').replace("[lesson.goal]", "[lesson.goal]\nwin = 3")
    path = tmp_path / "bad.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(LessonError) as e:
        read_lesson(path)
    lines = e.value.problems
    assert any(":21: chapter must be one of" in p for p in lines), lines
    assert any("goal names exactly one of" in p for p in lines), lines
    assert all(p.startswith(str(path)) for p in lines)
