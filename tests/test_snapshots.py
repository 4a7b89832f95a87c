"""Screenshots of the table at 80×24 and 120×40, in colour and with NO_COLOR: the main
screen, a long decision, the block prompt, the help, game over, the allocation screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import position, side
from pilot import settle

from bs_tui.agents import GreedyAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.saves import Journal
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import attach
from bs_tui.tui.app import BattleApp

SIZES = [(80, 24), (120, 40)]
COLOUR = ["colour", "no_color"]


@pytest.fixture(params=COLOUR)
def colour(request, monkeypatch):
    """NO_COLOR is read when the app is made: set it (or make sure it is unset) first."""
    if request.param == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    return request.param


def board() -> BattleApp:
    g = position(
        side(
            hand=["R03", "R06", "R09", "R11", "R08"],
            field=[{"card": "R04", "cores": 3, "soul": True}, {"card": "R01", "cores": 1, "state": "exhausted"}],
            reserve=4,
            trash_cores=1,
            trash=["R02"],
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
    return BattleApp(LocalSeat(g, [None, None], hotseat=True), ai_delay=0)


def long_decision() -> BattleApp:
    g = position(
        side(
            hand=["R01", "R02", "R03", "R05", "R07", "R08", "R09", "R11", "R19", "R16", "R06", "R12", "R17"],
            field=[{"card": "R04", "cores": 3, "soul": True}],
            reserve=5,
        ),
        side(field=[{"card": "G12", "cores": 1}]),
    )
    return BattleApp(LocalSeat(g, [None, None], hotseat=True), ai_delay=0)


def block_prompt() -> BattleApp:
    g = position(
        side(
            field=[
                {"card": "G06", "cores": 3},
                {"card": "G17", "cores": 3},
                {"card": "G04", "cores": 3, "state": "exhausted"},
            ]
        ),
        side(field=[{"card": "R03", "cores": 1, "brave": "R16"}], reserve=3),
        active=1,
        step="attack",
        turn=4,
    )
    return BattleApp(LocalSeat(g, [None, GreedyAgent(0)]), ai_delay=0)


async def settled(pilot) -> None:
    await settle(pilot, pilot.app)


def game_over(tmp_path: Path) -> BattleApp:
    """A whole game of two greedy agents, saved under a fixed name, seen from seat 1."""
    db = load_cards()
    g = Game.new(load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), 11, db, ("Ada", "AI"))
    journal = Journal.create(
        tmp_path / "20250101-120000-ai-crimson_dawn-vs-verdant_tide.bsj",
        g,
        seed=11,
        mode="ai",
        controls=("human", "greedy"),
        decks=("crimson_dawn", "verdant_tide"),
        db=db,
    )
    table = LocalSeat(g, [None, GreedyAgent(2)])
    attach(table, journal)
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while g.decision is not None:
        d = g.decision
        table.submit(agents[d.player].choose(d, lambda d=d: table.view(d.player)))
    return BattleApp(table, ai_delay=0, journal=journal)


def size_id(s: tuple[int, int]) -> str:
    return f"{s[0]}x{s[1]}"


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_main_screen(snap_compare, size, colour):
    assert snap_compare(board(), terminal_size=size, press=["enter", "h"])


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_long_decision(snap_compare, size, colour):
    assert snap_compare(long_decision(), terminal_size=size, press=["enter"])


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_block_prompt(snap_compare, size, colour):
    assert snap_compare(block_prompt(), terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_help(snap_compare, size, colour):
    assert snap_compare(board(), terminal_size=size, press=["enter", "question_mark"])


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_game_over(snap_compare, size, colour, tmp_path):
    app = game_over(tmp_path)
    try:
        assert snap_compare(app, terminal_size=size)
    finally:
        app.journal.close()


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_allocation_screen(snap_compare, size):
    # Enter on the first hand card (Blazefang Raptor), then c: the cores chosen by hand
    assert snap_compare(board(), terminal_size=size, press=["enter", "h", "enter", "c", "plus"])


async def typed(pilot, text: str, listing: str) -> None:
    """Type a filter and wait until the list shows what it matches (the keys and the
    refilling are handled in turn: on a busy machine the picture could come between)."""
    from pilot import until

    from bs_tui.engine import load_cards
    from bs_tui.tui.screens.library import matches, words_of

    await pilot.press(*text)
    cards = [c for c in load_cards().cards.values() if not (listing == "#builder-library" and c.token)]
    want = sum(1 for c in cards if matches(c, text, words_of(c)))

    def shown() -> bool:
        box = pilot.app.screen.query_one(listing)
        return box.option_count == want and pilot.app.screen.query_one("Input").value == text

    await until(pilot, shown, "the filtered list")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_library(snap_compare, size):
    """The card library (issue 19), filtered to the red spirits of cost 2 or less, the
    second of them shown whole."""
    from bs_tui.tui.library_app import LibraryApp

    async def run_before(pilot) -> None:
        await typed(pilot, "red spirit cost<=2", "#library-list")
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(LibraryApp(), terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_new_game_picker(snap_compare, size):
    """The new-game picker (issues 18 and 19): both decks with their colours, sizes and what
    they play like, and the AI's level."""
    from textual.app import App

    from bs_tui.tui.screens.newgame import NewGameScreen, shipped_choices

    class Picker(App[None]):
        CSS_PATH = str(Path(__file__).resolve().parents[1] / "bs_tui" / "tui" / "app.tcss")

        def on_mount(self) -> None:
            self.push_screen(NewGameScreen(shipped_choices(), "crimson_dawn", "verdant_tide", "normal"))

    assert snap_compare(Picker(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_deck_builder(snap_compare, size):
    """The deck builder (issue 19): the library filtered to red spirits, a deck of five cards
    with its curve, colours and what keeps it from being legal."""
    from bs_tui.tui.library_app import DeckBuilderApp

    app = DeckBuilderApp("fire_rush", "Fire Rush", {"R01": 3, "R02": 2})

    async def run_before(pilot) -> None:
        await typed(pilot, "red spirit", "#builder-library")

    assert snap_compare(app, terminal_size=size, run_before=run_before)
