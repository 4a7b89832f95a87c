"""What the Pilot tests of the table share. The AI thinks in a thread, so a test waits for
what it waits for (the AI done, a decision up, the screen changed), never a fixed time:
PATIENCE only bounds a hang."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from conftest import PATIENCE, game_of

from bs_tui.tui.app import BattleApp

POLL = 0.02  # how often the app is looked at while waiting


async def until(pilot, done: Callable[[], object], what: str) -> None:
    """Pause (at least once, so what is queued is handled) until `done()` is true."""
    loop = asyncio.get_running_loop()
    end = loop.time() + PATIENCE
    await pilot.pause(POLL)
    while not done():
        if loop.time() > end:
            raise AssertionError(f"waited {PATIENCE} s for {what}")
        await pilot.pause(POLL)


async def settle(pilot, app: BattleApp, player: int = 0) -> None:
    """Wait until the AI is done and `player` must decide (or the game is over)."""

    def settled() -> bool:
        d = game_of(app).decision
        return not app.ai_busy and (d is None or d.player == player)

    try:
        await until(pilot, settled, f"the table to settle on player {player + 1}'s decision")
    except AssertionError as e:  # say where it stuck
        raise AssertionError(f"{e}: {game_of(app).decision}, AI busy: {app.ai_busy}, screen: {app.screen}") from None
