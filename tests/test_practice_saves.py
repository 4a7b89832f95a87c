"""Practice games are saved and resumable like any other (issue 20): a lesson's try is a
save whose header carries the lesson's text; resumed, it is the same game at the same
decision, judged as it stood, undo reaching back to the lesson's start; replayed, it
checks every hash. The scripted opponent answers from its script again after an undo."""

from __future__ import annotations

from pathlib import Path

from bs_tui.practice.catalogue import LESSONS_DIR
from bs_tui.practice.lesson import read_lesson
from bs_tui.practice.seat import PracticeSeat
from bs_tui.practice.state import PLAYING, SOLVED
from bs_tui.saves import list_saves, replay
from bs_tui.seats.starting import resume_table

FIRST_TURN = LESSONS_DIR / "ch1a_first_turn.toml"  # the opponent's answers are scripted


def give(seat: PracticeSeat, answers) -> list[str]:
    """The solver's answers, the opponent answering between; the hash before each."""
    hashes = []
    for a in answers:
        on(seat)
        if seat.practice().status != PLAYING:
            break
        hashes.append(seat.game.state_hash())
        seat.submit(a)
    on(seat)
    return hashes


def on(seat: PracticeSeat) -> None:
    """The opponent's answers, and the solver's passes where passing is all there is (as the
    table gives them), up to the solver's next real decision."""
    while seat.practice().status == PLAYING:
        if seat.agent_to_move():
            seat.submit(seat.agent_answer())
        elif seat.passes_at_once(True):
            seat.submit(seat.game.decision.options[0])
        else:
            return


def test_a_try_is_saved_and_resumed_at_the_same_decision_and_solved(tmp_path: Path) -> None:
    lesson = read_lesson(FIRST_TURN)
    seat = PracticeSeat.for_lesson(lesson, "Ada", save=True, save_dir=str(tmp_path))
    give(seat, lesson.solution[:5])
    now = seat.game.state_hash()
    seat.close()  # the player leaves mid-lesson
    [info] = list_saves(tmp_path)
    header = replay(info.path).header
    assert header["mode"] == "practice" and header["start"]["name"] == "ch1a_first_turn"
    again, journal = resume_table(str(info.path), str(tmp_path))
    assert isinstance(again, PracticeSeat) and again.game.state_hash() == now
    assert again.practice().status == PLAYING and again.practice().lesson_id == "ch1a_first_turn"
    assert again.practice().shipped  # its progress is kept as the shipped lesson's
    give(again, lesson.solution[5:])
    assert again.practice().status == SOLVED
    again.close()
    r = replay(info.path)
    assert r.game.state_hash() == again.game.state_hash() and r.checked >= 2


def test_undo_in_a_saved_try_replays_and_the_script_answers_again(tmp_path: Path) -> None:
    lesson = read_lesson(FIRST_TURN)
    seat = PracticeSeat.for_lesson(lesson, "Ada", save=True, save_dir=str(tmp_path))
    give(seat, lesson.solution)
    assert seat.practice().status == SOLVED
    solved = seat.game.state_hash()
    while seat.undo_refused() == "":  # back to the lesson's start, the opponent's answers with it
        seat.undo()
    assert seat.game.state_hash() == lesson.start().state_hash() and seat.practice().status == PLAYING
    give(seat, lesson.solution)  # the same answers: the opponent's script is used again, in order
    assert seat.game.state_hash() == solved and seat.practice().status == SOLVED
    seat.close()
    [info] = list_saves(tmp_path)
    assert replay(info.path).game.state_hash() == solved


def test_a_saved_try_of_a_lesson_file_replays_when_the_file_is_gone(tmp_path: Path) -> None:
    text = FIRST_TURN.read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text, encoding="utf-8")
    lesson = read_lesson(mine)
    saves = tmp_path / "saves"
    seat = PracticeSeat.for_lesson(lesson, save=True, save_dir=str(saves))
    give(seat, lesson.solution[:3])
    seat.close()
    mine.unlink()
    [info] = list_saves(saves)
    again, _ = resume_table(str(info.path), str(saves))
    assert again.game.state_hash() == seat.game.state_hash() and not again.practice().shipped
    again.close()


def test_a_decided_try_is_not_offered_as_unfinished_until_it_is_played_on(tmp_path: Path) -> None:
    from bs_tui.seats.starting import resumable

    lesson = read_lesson(FIRST_TURN)
    seat = PracticeSeat.for_lesson(lesson, "Ada", save=True, save_dir=str(tmp_path))
    give(seat, lesson.solution)
    assert seat.practice().status == SOLVED
    assert resumable(str(tmp_path)) is None  # solved: nothing left unfinished
    seat.undo()  # taken back: the try goes on
    seat.journal.close()
    assert resumable(str(tmp_path)) is not None
    assert replay(list_saves(tmp_path)[0].path).game.state_hash() == seat.game.state_hash()


def test_a_resumed_try_left_for_the_next_lesson_goes_on_in_practice(monkeypatch, tmp_path: Path) -> None:
    """bs-tui resume of a lesson's try, then n (next lesson) or m (lessons): practice goes
    on (it used to close the program: found in a tmux trial)."""
    import argparse

    from bs_tui.practice.catalogue import next_after
    from bs_tui.tui import app as app_module
    from bs_tui.tui import practice_run, run

    seat = PracticeSeat.for_lesson(read_lesson(FIRST_TURN), "Ada", save=True, save_dir=str(tmp_path))
    seat.close()
    went: list[object] = []
    monkeypatch.setattr(practice_run, "run_practice", lambda target, args=None: went.append(target) or 0)
    for choice, expected in (("next", next_after("ch1a_first_turn").id), ("menu", None)):

        def leave(self, choice=choice):
            self.practice_exit = choice
            return 0

        monkeypatch.setattr(app_module.BattleApp, "run", leave)
        args = argparse.Namespace(command="resume", name=None, save_dir=str(tmp_path), hotseat=False, position=None)
        assert run.run_app(args) == 0
        assert went[-1] == expected
