"""The deck builder (issue 19): a deck made from the library by keys alone is saved in the
player's deck folder, passes `bs-tui deck check` and plays a game; an illegal one cannot be
saved and says why (000 ch.1 §1: at least 40 cards, at most 3 of a name)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import game_of

from bs_tui.cli import main
from bs_tui.engine.data.decks import read_deck
from bs_tui.selfplay import selfplay
from bs_tui.tui.library_app import DeckBuilderApp
from bs_tui.tui.screens.deckbuilder import DeckBuilderScreen
from bs_tui.userdecks import ENV_DECKS_DIR, check_file_name, find_deck

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


@pytest.fixture
def decks(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "decks"
    monkeypatch.setenv(ENV_DECKS_DIR, str(folder))
    return folder


async def test_a_deck_built_by_keys_is_saved_checked_and_played(decks: Path) -> None:
    app = DeckBuilderApp("fire_rush", "Fire Rush", {})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeckBuilderScreen)
        await pilot.press(*"red spirit", "enter")  # the filter, then into the library
        for _ in range(14):  # 14 names, 3 of each: 42 cards
            await pilot.press("enter", "enter", "enter", "down")
        await pilot.pause()
        assert sum(screen.deck.values()) == 42 and not screen.problems, screen.problems
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = decks / "fire_rush.toml"
    assert app.saved == str(saved) and saved.exists()
    deck, problems = read_deck(saved)
    assert deck is not None and problems == [] and deck.size == 42 and deck.name == "Fire Rush"
    assert main(["deck", "check", str(saved)]) == 0
    assert find_deck("fire_rush") == str(saved)  # `play --deck1 fire_rush` finds it
    res = selfplay(2, 3, ("easy", "random"), decks=[str(saved), "decks/verdant_tide.toml"])
    assert res.errors == 0 and res.invariant_violations == 0 and res.games == 2


async def test_an_illegal_deck_cannot_be_saved_and_says_why(decks: Path) -> None:
    app = DeckBuilderApp("tiny", "Tiny", {})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press(*"cinder pup", "enter", "enter", "enter", "enter", "enter")  # 4 of one name
        await pilot.pause()
        assert screen.deck == {"R01": 4}
        summary = str(screen.query_one("#builder-summary").render())
        assert "at most 3 of a name" in summary and "a deck needs at least 40" in summary
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DeckBuilderScreen)  # still there: not saved
        await pilot.press("tab", "minus")  # in the deck: one copy less
        await pilot.pause()
        assert screen.deck == {"R01": 3}
    assert not (decks / "tiny.toml").exists()


async def test_leaving_with_changes_asks_and_the_card_is_shown_whole(decks: Path) -> None:
    """Found in the tmux trial: Esc threw an unsaved deck away unasked, and no card's text
    could be read in the builder. Now Esc asks while the deck differs from its save, and the
    highlighted card is shown whole under the deck."""
    from bs_tui.tui.screens.confirm import ConfirmScreen
    from bs_tui.tui.widgets.card_detail import CardDetail

    app = DeckBuilderApp("keep_me", "Keep Me", {})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press(*"cinder pup", "enter")
        await pilot.pause()
        assert "Cinder Pup" in screen.query_one("#builder-card", CardDetail).plain  # its text, before it goes in
        await pilot.press("enter")  # one in the deck
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "without saving keep_me (1 card)" in str(
            app.screen.query_one("#confirm-text").render()
        )
        await pilot.press("n")  # back to the deck, as it was
        await pilot.pause()
        assert app.screen is screen and screen.deck == {"R01": 1}
        await pilot.press("tab", "minus", "escape")  # as it was saved (nothing): leaves unasked
        await pilot.pause()
    assert app.saved is None and not (decks / "keep_me.toml").exists()


def test_your_decks_are_checked_and_listed_by_name(decks: Path, capsys) -> None:
    """Found in the tmux trial: `deck check mydeck` said "no such file" though `play --deck1
    mydeck` took the name, and `bs-tui decks` did not list your own decks."""
    from bs_tui.userdecks import save_deck

    save_deck(
        "my_red",
        "My Red",
        dict.fromkeys(("R01", "R02", "R03", "R04", "R05"), 3)
        | {"R06": 3, "R07": 3, "R08": 3, "R09": 3, "R10": 3, "R11": 3, "R12": 3, "R13": 3, "R14": 1},
    )
    capsys.readouterr()
    assert main(["deck", "check", "my_red", "crimson_dawn"]) == 0
    out = capsys.readouterr().out
    assert "my_red.toml: ok (My Red, 40 cards)" in out and "crimson_dawn.toml: ok" in out
    assert main(["decks"]) == 0
    listing = capsys.readouterr().out
    assert "Your decks (in " in listing and "my_red" in listing.split("Your decks", 1)[1]


def test_deck_names_and_shipped_decks_are_read_only(decks: Path, capsys) -> None:
    assert check_file_name("fire_rush") == ""
    assert "shipped deck" in check_file_name("crimson_dawn")
    assert check_file_name("../evil") and check_file_name("") and check_file_name("A" * 50)
    assert main(["decks", "new", "crimson_dawn"]) == 2
    assert main(["decks", "edit", "no_such_deck"]) == 2
    err = capsys.readouterr().err
    assert "shipped deck" in err and "no deck 'no_such_deck'" in err


def test_your_decks_are_offered_in_the_new_game_picker(decks: Path) -> None:
    from bs_tui.seats.starting import new_table
    from bs_tui.tui.screens.newgame import shipped_choices
    from bs_tui.userdecks import save_deck

    ids = ("R01", "R02", "R03", "R04", "R05", "R06", "R07", "R08", "R09", "R10", "R11", "R12", "R13", "R14")
    cards = dict.fromkeys(ids, 3)
    save_deck("fire_rush", "Fire Rush", cards)
    mine = [c for c in shipped_choices() if c.name == "fire_rush"]
    assert mine and mine[0].title == "Fire Rush (yours)" and mine[0].size == 42
    table, _ = new_table("fire_rush", "verdant_tide", seed=1, ai="easy")  # chosen there, it plays
    assert sorted(table.game.static.decks[0]) == sorted(cid for cid, n in cards.items() for _ in range(n))


async def test_the_builder_from_the_new_game_screen(decks: Path) -> None:
    """`b` in the new-game screen copies the highlighted deck into the builder; saved, the
    copy is offered there at once, highlighted, and a game starts with it."""
    import argparse

    from conftest import position, side

    from bs_tui.agents import EasyAgent
    from bs_tui.engine.data.decks import load_deck
    from bs_tui.seats import LocalSeat
    from bs_tui.tui.app import BattleApp
    from bs_tui.tui.screens.newgame import NewGameScreen

    g = position(side(hand=["R01"]), side())
    g.winner, g.pending = 0, None  # over: a new game may be started
    args = argparse.Namespace(ai=None, ai_budget=None, deck1="crimson_dawn", deck2="verdant_tide", save_dir=None)
    app = BattleApp(LocalSeat(g, [None, EasyAgent(0)]), ai_delay=0, args=args)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("b")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, DeckBuilderScreen) and builder.deck_name == "crimson_dawn_1"
        assert sum(builder.deck.values()) == load_deck("crimson_dawn").size and not builder.problems
        await pilot.press("ctrl+s")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, NewGameScreen)
        mine = picker.query_one("#deck-mine")
        assert mine.highlighted_option.id == "crimson_dawn_1"
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(game_of(app).static.decks[0]) == sorted(load_deck("crimson_dawn").card_list())
    assert (decks / "crimson_dawn_1.toml").exists()
