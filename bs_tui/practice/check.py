"""`bs-tui practice check FILE…`: a lesson checked as the tests check it — read, its
solution played to its goal, each wrong answer refused or failing — and, with `--show`,
every decision the solver meets on the way with the answers it takes, to write a lesson by.
"""

from __future__ import annotations

import itertools

from bs_tui.engine import IllegalAnswer, view_for
from bs_tui.engine.core.machine import short
from bs_tui.files import printable

from .attempt import Attempt, play_answers
from .goals import PLAYING, SOLVED
from .lesson import Lesson, LessonError, read_lesson

MAX_SHOWN = 40  # options of one decision shown


def decision_lines(a: Attempt) -> list[str]:
    """The solver's pending decision: its question and every answer it takes."""
    d = a.game.decision
    if d is None:
        return ["  (no decision pending)"]
    v = view_for(a.game, a.you)
    out = [f"  turn {v.turn} {v.step}: {d.kind}: {printable(d.prompt)}"]
    if d.allocation is not None:
        out.append('    cores to choose: ["pay" or "place", [[source, n], …], soul core?]; some that are taken:')
    shown = list(itertools.islice(a.game.legal_answers(), MAX_SHOWN + 1))
    for o in shown[:MAX_SHOWN]:
        out.append(f"    {short(o)}")
    if len(shown) > MAX_SHOWN:
        out.append("    … and more")
    return out


def check(lesson: Lesson, show: bool = False) -> tuple[bool, list[str]]:
    """Whether the lesson holds as the tests demand, and what to print."""
    out: list[str] = []
    if lesson.goal.kind == "deck":
        return check_deck(lesson)
    a = Attempt.start(lesson)
    if show:
        out += decision_lines(a)
    refused = ""
    for x in lesson.solution:
        if a.status != PLAYING:
            break
        try:
            a.answer(x)
        except IllegalAnswer as e:  # the engine's reason
            refused = f"solution answer {short(x)} refused: {e}"
            break
        if show:
            out.append(f"  answered {short(x)} -> {a.status}{': ' + a.why if a.why else ''}")
            if a.status == PLAYING:
                out += decision_lines(a)
    ok = True
    if lesson.goal.kind == "right" and not lesson.solution:
        a, refused = play_answers(lesson, lesson.goal.right[:1])
    if refused or a.status != SOLVED:
        ok = False
        how = refused or a.status + (": " + a.why if a.why else " (answers ran out)")
        out.append(f"  the solution does not solve it: {how}")
    for i, w in enumerate(lesson.wrong):
        b, why = play_answers(lesson, w.answers)
        if b.status == SOLVED:
            ok = False
            out.append(f"  wrong {i + 1} solves it: {', '.join(short(x) for x in w.answers)}")
        elif not why and b.status == PLAYING:
            ok = False
            out.append(f"  wrong {i + 1} neither refused nor failing (the lesson goes on after its answers)")
    return ok, out


def check_deck(lesson: Lesson) -> tuple[bool, list[str]]:
    a, refused = play_answers(lesson, lesson.solution[:1])
    out = [] if a.status == SOLVED and not refused else [f"  the solution does not solve it: {refused or a.why}"]
    for i, w in enumerate(lesson.wrong):
        b, why = play_answers(lesson, w.answers)
        if b.status == SOLVED:
            out.append(f"  wrong {i + 1} solves it")
    return not out, out


def check_files(files: list[str], show: bool = False) -> int:
    """0 when every file is a lesson that holds; 2 after a line per problem."""
    bad = 0
    for f in files:
        try:
            lesson = read_lesson(f)
        except LessonError as e:
            for p in e.problems:
                print(printable(p))
            bad += 1
            continue
        try:
            ok, lines = check(lesson, show)
        except Exception as e:  # a moment or position the engine cannot play on: one line, never a traceback
            print(printable(f"{f}: the lesson's game cannot be played on ({type(e).__name__}: {e})"[:300]))
            bad += 1
            continue
        shown = printable(f)
        if ok:
            n = len(lesson.wrong)
            wrong = f"{n} wrong answer{'s' if n != 1 else ''} fail"
            print(printable(f"{f}: ok: {lesson.title} (the solution solves it; {wrong})"))
            for line in lines:  # --show: the decisions met
                print(printable(line))
        else:  # every line names the file, as every problem of a file does
            print(printable(f"{f}: the lesson does not hold: {lesson.title}"))
            for line in lines:
                print(f"{shown}: {printable(line.strip())}")
        bad += 0 if ok else 1
    return 2 if bad else 0
