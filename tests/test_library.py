"""The card library (issue 19): `bs-tui cards` and `b` at the table; every card, filtered
as you type by colour, kind, cost, family and words of its text; each shown whole."""

from __future__ import annotations

import pytest
from conftest import position, side
from pilot import settle

from bs_tui.agents import EasyAgent
from bs_tui.engine import load_cards
from bs_tui.seats import LocalSeat
from bs_tui.tui.app import BattleApp
from bs_tui.tui.library_app import LibraryApp
from bs_tui.tui.screens.library import LibraryScreen, matches, words_of

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


def test_the_filter_words() -> None:
    db = load_cards()
    cards = list(db.cards.values())

    def shown(q: str) -> list[str]:
        return [c.id for c in cards if matches(c, q, words_of(c))]

    assert set(shown("red")) == {c.id for c in cards if "red" in c.colours}
    # a kind is the card's own: a magic whose text names spirits is not a spirit
    assert set(shown("spirit")) == {c.id for c in cards if c.kind == "spirit"}
    assert set(shown("cost<=2 blue")) == {c.id for c in cards if c.cost <= 2 and "blue" in c.colours}
    assert set(shown("cost:4")) == {c.id for c in cards if c.cost == 4}
    assert shown("cinder pup") == ["R01"]
    assert "R01" in shown("imp") or db["R01"].families  # families are words too
    assert shown("no such card at all") == []


async def test_typing_filters_and_the_card_follows() -> None:
    app = LibraryApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        everything = len(screen.shown)
        await pilot.press(*"red spirit cost<=2")
        await pilot.pause()
        assert 0 < len(screen.shown) < everything
        assert all("red" in c.colours and c.kind == "spirit" and c.cost <= 2 for c in screen.shown)
        text = str(screen.query_one("#library-text").render())
        assert screen.shown[0].name in text
        await pilot.press("down")
        await pilot.pause()
        assert screen.shown[1].name in str(screen.query_one("#library-text").render())
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_b_at_the_table_opens_the_library_and_q_is_a_letter_there() -> None:
    g = position(side(hand=["R01"], reserve=3), side())
    app = BattleApp(LocalSeat(g, [None, EasyAgent(0)]), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press(*"quake")  # typed into the filter: q does not quit here
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen) and app.is_running
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.table_screen
