"""What the Pilot tests of the table share."""

from __future__ import annotations

import asyncio

from bs_tui.tui.app import BattleApp


async def settle(pilot, app: BattleApp, player: int = 0, timeout: float = 5.0) -> None:
    """Wait until the AI is done and `player` must decide (or the game is over)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await pilot.pause(0.02)
        d = app.table.decision
        if not app.ai_busy and (d is None or d.player == player):
            return
    raise AssertionError(f"the table did not settle: {app.table.decision}")
