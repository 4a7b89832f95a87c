"""The start of the program: the garbage collector is off only while the table starts
(bs_tui.cli.main, BattleApp.table_ready), and a position file named on the command line
is read and built once (the files' check hands its game to the table)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bs_tui import cli
from bs_tui.engine import positions
from bs_tui.seats.starting import position_table
from bs_tui.tui.app import BattleApp

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT / "benchmarks" / "full_board.toml"


@pytest.fixture
def collector_back_on():
    yield
    gc.enable()


async def test_the_table_turns_the_collector_on_after_its_first_frame(collector_back_on) -> None:
    gc.disable()  # as bs_tui.cli.main leaves it for the table's start
    app = BattleApp(position_table(str(BOARD), ai="easy"), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.isenabled()


def test_other_commands_run_with_the_collector_on(collector_back_on, monkeypatch, capsys) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(cli, "_position_check", lambda files: seen.append(gc.isenabled()) or 0)
    assert cli.main(["position", "check", str(BOARD)]) == 0
    assert seen == [True] and gc.isenabled()


def test_a_position_is_built_once_for_the_check_and_the_table(collector_back_on, monkeypatch) -> None:
    built: list[str] = []
    real = positions.position_from_toml

    def counting(path, db=None):
        built.append(str(path))
        return real(path, db)

    monkeypatch.setattr(positions, "position_from_toml", counting)
    started: list[object] = []

    def run_app(args):
        started.append(position_table(args.position, game=args.position_game))
        assert gc.isenabled() is False  # still starting: the table turns it on
        return 0

    import bs_tui.tui.run as run

    monkeypatch.setattr(run, "run_app", run_app)
    assert cli.main(["play", "--position", str(BOARD)]) == 0
    assert built == [str(BOARD)] and len(started) == 1
    assert gc.isenabled()  # main turns it on whatever happened
