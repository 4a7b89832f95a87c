"""The table and saved games: every decision is saved as it is accepted, a bare start
offers to resume, a resumed game lands where it stopped, and a replay steps both ways."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from conftest import game_of
from pilot import settle

from bs_tui.agents import GreedyAgent
from bs_tui.engine import Kind
from bs_tui.saves import list_saves, replay
from bs_tui.seats.starting import new_table, resumable, resume_table
from bs_tui.selfplay import selfplay
from bs_tui.tui.app import BattleApp
from bs_tui.tui.replay_app import ReplayApp
from bs_tui.tui.screens.resume import ResumeScreen

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


async def play_a_little(pilot, app: BattleApp, answers: int) -> None:
    """Answer `answers` of the person's decisions with the keyboard: the default payment
    on allocation screens, otherwise the first listed option."""
    done = 0
    while done < answers:
        await settle(pilot, app)
        d = game_of(app).decision
        if d is None:
            return
        if d.allocation is not None:
            await pilot.press("d")
        else:
            await pilot.press("a", "enter")
        done += 1


async def test_every_decision_is_saved_and_resumes_where_it_stopped(tmp_path: Path):
    table, journal = new_table(seed=8, save=True, save_dir_arg=str(tmp_path))
    table.agents[1] = GreedyAgent(0)
    app = BattleApp(table, ai_delay=0, journal=journal)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_a_little(pilot, app, 6)
        await settle(pilot, app)
        g = game_of(app)
        expect_hash, expect_decision = g.state_hash(), g.decision
    journal.close()
    saved = replay(journal.path)
    assert len(saved.answers) == g.decisions  # one line per accepted decision, the AI's too
    # a bare start now offers this game; resuming lands on the same state and decision
    assert resumable(str(tmp_path)).path == journal.path
    table2, journal2 = resume_table(None, str(tmp_path))
    try:
        assert table2.game.state_hash() == expect_hash
        d = table2.game.decision
        assert (d.player, d.kind, d.options) == (expect_decision.player, expect_decision.kind, expect_decision.options)
        assert table2.agents[0] is None and table2.agents[1] is not None
    finally:
        journal2.close()


async def test_bare_start_offers_to_resume(tmp_path: Path):
    table, journal = new_table(seed=8, save=True, save_dir_arg=str(tmp_path))
    table.submit(table.game.decision.options[0])  # the coin toss winner's choice
    log = table.game.log_lines()
    journal.close()
    args = argparse.Namespace(
        command=None, bare=True, save_dir=str(tmp_path), deck1="crimson_dawn", deck2="verdant_tide", seed=None
    )
    app = BattleApp(None, ai_delay=0, offer=resumable(str(tmp_path)), args=args)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("r")
        await pilot.pause()
        # the resumed game goes on from the saved one (the AI may already have moved)
        assert game_of(app).log_lines()[: len(log)] == log
        assert game_of(app).decisions >= 1
        assert app.journal is not None and app.journal.path == journal.path
    app.journal.close()


async def test_declining_the_offer_starts_a_new_saved_game(tmp_path: Path):
    table, journal = new_table(seed=8, save=True, save_dir_arg=str(tmp_path))
    journal.close()
    args = argparse.Namespace(
        command=None, bare=True, save_dir=str(tmp_path), deck1="crimson_dawn", deck2="verdant_tide", seed=3
    )
    app = BattleApp(None, ai_delay=0, offer=resumable(str(tmp_path)), args=args)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.journal is not None and app.journal.path != journal.path
    app.journal.close()
    assert len(list_saves(tmp_path)) == 2


async def test_replay_steps_forwards_and_backwards(tmp_path: Path):
    # two starter decks: no contract card, so the game opens with the coin toss's choice
    starters = [
        str(Path(__file__).resolve().parents[1] / "decks" / f"{d}.toml") for d in ("crimson_dawn", "verdant_tide")
    ]
    selfplay(1, 12, ("greedy", "greedy"), decks=starters, save_dir=tmp_path)
    path = next(tmp_path.glob("*.bsj"))
    r = replay(path)
    app = ReplayApp(r)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.at == 0
        await pilot.press("right", "right", "right", "left")
        await pilot.pause()
        assert app.at == 2
        assert app.steps.game(2).decisions == 2
        await pilot.press("end")
        await pilot.pause()
        assert app.at == len(r.answers)
        assert app.steps.game(-1).state_hash() == r.game.state_hash()
        await pilot.press("v")
        await pilot.pause()
        assert app.seat == 1
        await pilot.press("home")
        await pilot.pause()
        assert app.at == 0 and app.steps.game(0).decision.kind == Kind.CHOOSE_ORDER
