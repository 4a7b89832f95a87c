"""Undo (issue 20): in a game against the AI a person takes back their last decision exactly
(the game replayed from its start without it and the AI's answers after it), as often as
they like, back to the start; redo gives it again while nothing new was answered; never in
hot-seat. The save records it, and resuming or replaying the save comes to the same game."""

from __future__ import annotations

import pytest
from conftest import game_of
from pilot import settle, until

from bs_tui.agents import RandomAgent
from bs_tui.engine import IllegalAnswer
from bs_tui.saves import list_saves, replay
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import new_table, resume_table
from bs_tui.tui.app import BattleApp


def play(seat: LocalSeat, person: RandomAgent, decisions: int) -> list[str]:
    """Answer `decisions` of the person's decisions (the AI answering its own between); the
    state hash at each of them, before it is answered."""
    hashes = []
    while len(hashes) < decisions and not seat.game.over:
        if seat.agent_to_move():
            seat.submit(seat.agent_answer())
            continue
        hashes.append(seat.game.state_hash())
        v = seat.view(seat.waiting_for())
        seat.submit(person.choose(v.decision, lambda v=v: v))
    while seat.agent_to_move():  # on to the person's next decision
        seat.submit(seat.agent_answer())
    return hashes


def test_three_undos_land_where_those_decisions_began_and_redo_gives_them_again(tmp_path) -> None:
    seat, journal = new_table(seed=11, save=True, save_dir_arg=str(tmp_path), ai="easy")
    hashes = play(seat, RandomAgent(3), 12)
    now = seat.game.state_hash()
    for _ in range(3):
        seat.undo()
    assert seat.game.state_hash() == hashes[-3]  # before the third-last of them, exactly
    seat.redo()
    assert seat.game.state_hash() == hashes[-2]
    seat.redo()
    seat.redo()
    assert seat.game.state_hash() == now
    with pytest.raises(IllegalAnswer, match="Nothing to redo"):
        seat.redo()
    seat.undo()
    v = seat.view(0)
    seat.submit(RandomAgent(99).choose(v.decision, lambda: v))  # something new: no redo after it
    with pytest.raises(IllegalAnswer, match="Nothing to redo"):
        seat.redo()
    journal.close()
    # the save holds the undos: replayed and resumed, it is the same game
    r = replay(journal.path)
    assert r.game.state_hash() == seat.game.state_hash()
    again, j2 = resume_table(str(journal.path), str(tmp_path))
    assert again.game.state_hash() == seat.game.state_hash()
    info = next(i for i in list_saves(tmp_path) if i.path == journal.path)
    assert info.decisions == seat.game.decisions
    again.undo()  # a resumed game goes back past where it was resumed
    assert again.game.decisions < seat.game.decisions
    j2.close()


def test_undo_goes_back_to_the_start_and_no_further() -> None:
    seat, _ = new_table(seed=4, ai="easy")
    play(seat, RandomAgent(1), 3)
    while not seat.undo_refused():
        seat.undo()
    assert "first decision" in seat.undo_refused()
    fresh, _ = new_table(seed=4, ai="easy")
    while fresh.agent_to_move():
        fresh.submit(fresh.agent_answer())
    assert seat.game.state_hash() == fresh.game.state_hash()


def test_never_in_hot_seat() -> None:
    seat, _ = new_table(seed=4, hotseat=True)
    v = seat.view(seat.waiting_for())
    seat.submit(RandomAgent(0).choose(v.decision, lambda: v))
    with pytest.raises(IllegalAnswer, match="hot-seat"):
        seat.undo()


async def test_u_three_times_and_shift_u_at_the_table() -> None:
    """At the table: u takes back, U gives again; the AI's answers between are replayed, not
    searched again."""
    seat, _ = new_table(seed=11, ai="easy")
    hashes = play(seat, RandomAgent(3), 6)
    app = BattleApp(seat, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(3):
            await pilot.press("u")
            await pilot.pause()
        await until(pilot, lambda: game_of(app).state_hash() == hashes[-3], "three decisions taken back")
        await pilot.press("U")
        await until(pilot, lambda: game_of(app).state_hash() == hashes[-2], "one given again")
        assert not app.ai_busy


async def test_undo_at_the_table_in_hot_seat_says_why() -> None:
    seat, _ = new_table(seed=4, hotseat=True)
    app = BattleApp(seat, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.handing_over, "the first hand-over")
        for _ in range(6):  # each opening is handed over: to the first person with a question
            await pilot.press("enter")
            await pilot.pause()
            if not app.handing_over:
                break
        assert not app.handing_over
        before = game_of(app).decisions
        await pilot.press("u")
        await pilot.pause()
        assert game_of(app).decisions == before
        assert "hot-seat" in str(app.query_one("#aside").render())


def test_a_damaged_undo_line_is_one_line_naming_the_file_and_line(tmp_path) -> None:
    """Hostile input: an undo line taking back more than was answered, or to another count,
    is refused as the save's line, never a traceback."""
    import json

    from bs_tui.saves import JournalError

    seat, journal = new_table(seed=11, save=True, save_dir_arg=str(tmp_path), ai="easy")
    play(seat, RandomAgent(3), 4)
    seat.undo()
    journal.close()
    lines = journal.path.read_bytes().splitlines(keepends=True)
    undo_at = next(i for i, line in enumerate(lines) if b'"undo"' in line)
    for bad in ({"undo": 10**9, "n": 0}, {"undo": 1, "n": "x"}, {"undo": True, "n": 0}, {"undo": -1, "n": 0}):
        broken = tmp_path / "broken.bsj"
        broken.write_bytes(b"".join([*lines[:undo_at], json.dumps(bad).encode() + b"\n"]))
        with pytest.raises(JournalError) as e:
            replay(broken)
        assert str(e.value).startswith(f"{broken}:{undo_at + 1}:") and "\n" not in str(e.value), str(e.value)
