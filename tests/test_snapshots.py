"""Screenshots of the table at 80×24 and 120×40: the main screen and the allocation screen."""

from __future__ import annotations

import pytest
from conftest import position, side

from bs_tui.tui.app import BattleApp
from bs_tui.tui.controller import Table

SIZES = [(80, 24), (120, 40)]


def board() -> BattleApp:
    g = position(
        side(
            hand=["R03", "R06", "R09", "R11", "R08"],
            field=[{"card": "R04", "cores": 3, "soul": True}, {"card": "R01", "cores": 1, "state": "exhausted"}],
            reserve=4,
            trash_cores=1,
            life=4,
        ),
        side(
            hand=["G10", "G03"],
            field=[{"card": "G12", "cores": 2}, {"card": "G08", "cores": 0}, {"card": "G03", "cores": 4}],
            reserve=2,
            life=3,
        ),
        turn=5,
    )
    # hot-seat: no AI thread, so the picture is the same on every run (Enter: the first
    # decision is handed over to player 1 too)
    return BattleApp(Table(g, [None, None], hotseat=True), ai_delay=0)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_main_screen(snap_compare, size):
    assert snap_compare(board(), terminal_size=size, press=["enter", "h"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_allocation_screen(snap_compare, size):
    # Enter on the first hand card (Blazefang Raptor) opens the payment
    assert snap_compare(board(), terminal_size=size, press=["enter", "h", "enter", "plus"])
