"""The replay viewer (issue 9): help generated from its bindings, jumps to the start, the
end and a turn, the Card pane following the focus, and its privacy rule (issue 8) kept by
every one of those keys: an unfinished game shows only the seats people played."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from bs_tui.agents import RandomAgent
from bs_tui.engine import Game
from bs_tui.saves import replay
from bs_tui.seats.starting import new_table
from bs_tui.tui.replay_app import ABOUT, ReplayApp, ReplayHelp, TurnDialog, class_bindings, key_name
from bs_tui.tui.widgets.card_detail import CardDetail

DECKS = ("crimson_dawn", "verdant_tide")


def saved_game(tmp_path: Path, seed: int, hotseat: bool = False, turns: int = 5) -> tuple[Path, Game]:
    """A game saved as the table saves it, played by random people (and the AI unless
    hot-seat) until `turns` turns have begun; unfinished."""
    table, journal = new_table(*DECKS, seed=seed, hotseat=hotseat, save=True, save_dir_arg=str(tmp_path))
    people = [RandomAgent(seed), RandomAgent(seed + 1)]
    g = table.game
    while g.decision is not None and g.turn < turns and g.decisions < 2000:
        d = g.decision
        table.submit(table.agent_answer() if table.agents[d.player] is not None else people[d.player].choose(d, None))
    journal.close()
    assert not g.over and g.turn >= turns
    return journal.path, g


@pytest.fixture(scope="module")
def ai_save(tmp_path_factory) -> tuple[Path, Game]:
    return saved_game(tmp_path_factory.mktemp("ai"), seed=31)


@pytest.fixture(scope="module")
def hotseat_save(tmp_path_factory) -> tuple[Path, Game]:
    return saved_game(tmp_path_factory.mktemp("hotseat"), seed=32, hotseat=True)


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def detail_text(app) -> str:
    detail = app.query_one("#detail", CardDetail)
    return detail.plain if hasattr(detail, "plain") else str(detail.content)


def bar_text(app) -> str:
    return str(app.query_one("#replay-bar").content)


def flat(text: str) -> str:
    return " ".join(text.split())


def help_text(app) -> str:
    from rich.console import Console

    help_screen = app.screen
    assert isinstance(help_screen, ReplayHelp)
    console = Console(width=76, record=True, color_system=None)
    console.print(help_screen.query_one("#help-text").content)
    return console.export_text()


# ---------------------------------------------------------------------------- help


@pytest.mark.parametrize("key", ["question_mark", "f1"])
async def test_help_lists_every_key_bound_in_the_viewer(ai_save, key):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ReplayHelp)
        text = help_text(app)
        rows = flat(text)
        by_action: dict[str, list] = {}
        for b in class_bindings(ReplayApp):
            by_action.setdefault(b.action, []).append(b)
        assert len(by_action) >= 12
        for action, bindings in by_action.items():
            if action == "switch_seat":  # one seat to view: neither bound nor listed
                assert "view the game from the other seat" not in text
                continue
            about = [b.tooltip or ABOUT.get(action) or b.description for b in bindings]
            assert all(about) and any(flat(a) in rows for a in about), action
            for b in bindings:
                assert key_name(b.key) in text, (b.key, action)
        for section in (
            "The replay",
            "Panes",
            "In a list",
            "Go to turn (g)",
            "A card whole (i)",
            "Trashes (t)",
        ):
            assert section in text
        assert "g" in text and "Home" in text and "End" in text
        assert all(len(line.rstrip()) <= 76 for line in text.splitlines())  # wraps beside the keys at 80
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayHelp)


async def test_help_names_the_seat_switch_only_when_there_is_another_seat(hotseat_save):
    app = ReplayApp(replay(hotseat_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        text = help_text(app)
        assert "view the game from the other seat" in text
        assert "\nv " in text


async def test_the_viewers_keys_wait_while_the_help_is_up(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark", "end", "right", "pagedown", "g")
        await pilot.pause()
        assert app.at == 0 and isinstance(app.screen, ReplayHelp)


# ---------------------------------------------------------------------------- jumps


async def test_home_and_end_jump_to_the_start_and_the_end(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    last = len(app.steps) - 1
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h", "end")  # Home and End win over the list's own in focus
        assert app.at == last
        assert f"Decision {last} of {last}" in bar_text(app)
        await pilot.press("left", "left")
        assert app.at == last - 2
        assert app.query_one("#log").shown == len(app.view().log)  # a step back: the log as it was then
        await pilot.press("home")
        assert app.at == 0
        await pilot.press("pagedown", "right")
        assert app.at == 11


async def test_g_goes_to_the_start_of_a_turn(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TurnDialog)
        box = app.screen.query_one(Input)
        assert box.value == "0"  # where the replay is
        box.value = ""
        await pilot.press("3", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, TurnDialog)
        assert app.steps.turns[app.at] == 3 and app.steps.turns[app.at - 1] == 2
        assert f"turn 3 of {app.steps.turns[-1]}" in bar_text(app)
        # back to turn 1 from there
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.query_one(Input).value == "3"
        app.screen.query_one(Input).value = "1"
        await pilot.press("enter")
        await pilot.pause()
        assert app.steps.turns[app.at] == 1 and app.steps.turns[app.at - 1] == 0


async def test_a_turn_that_is_not_in_the_game_is_said_and_nothing_moves(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    last_turn = app.steps.turns[-1]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right", "right", "g")
        await pilot.pause()
        box = app.screen.query_one(Input)
        box.value = str(last_turn + 1)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TurnDialog) and app.at == 2
        said = str(app.screen.query_one("#turn-problem").content)
        assert said == f"{last_turn + 1} is not a turn of this game: 0 to {last_turn}."
        # the viewer's keys wait while the dialog is up: they edit the number instead
        await pilot.press("home", "end", "left", "right", "pagedown", "space", "n")
        await pilot.pause()
        assert app.at == 2 and isinstance(app.screen, TurnDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TurnDialog) and app.at == 2


# ---------------------------------------------------------------------------- the Card pane


async def test_the_card_pane_follows_the_focus(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        v = app.view()
        hand = app.query_one("#hand", OptionList)
        await pilot.press("h")
        await pilot.pause()
        assert app.focused is hand and v.you.hand  # the person's hand is theirs to see
        for i, c in enumerate(v.you.hand[:3]):
            hand.highlighted = i
            await pilot.pause()
            assert detail_text(app).startswith(c.card.name), i
        for pane, side in (("f", v.you), ("o", v.opponent)):
            spirits = [f for f in side.field if f.host < 0]
            if not spirits:
                continue
            await pilot.press(pane)
            await pilot.pause()
            field = app.focused
            assert isinstance(field, OptionList)
            field.highlighted = 0
            await pilot.pause()
            first = field.get_option_at_index(0).id
            f = next(f for f in side.field if str(f.cid) == first)
            assert detail_text(app).startswith(f.card.name) and "On the field" in detail_text(app)


async def test_the_card_pane_follows_a_step_to_the_card_now_highlighted(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        for _ in range(12):
            await pilot.press("right")
            hand = app.query_one("#hand", OptionList)
            o = hand.highlighted_option
            if o is not None and o.id and o.id.isdigit():
                c = next(c for c in app.view().you.hand if str(c.cid) == o.id)
                assert detail_text(app).startswith(c.card.name)


async def test_nothing_the_ai_hides_reaches_the_card_pane(ai_save):
    """Issue 8's rule through the inspect keys: against the AI, unfinished, every card
    the Card pane can show is one the person's seat may see."""
    path, _ = ai_save
    app = ReplayApp(replay(path))
    assert app.seats == (0,)
    async with app.run_test(size=(80, 24)) as pilot:
        for at in range(0, len(app.steps), 7):
            app.at = at
            app.show()
            v = app.view()
            g = app.steps.game(at)
            seen_by_seat = {c.card.name for c in v.you.hand or ()} | {f.card.name for s in v.sides for f in s.field}
            seen_by_seat |= {c.card.name for s in v.sides for c in (*s.trash, *s.mirage, *s.removed)}
            seen_by_seat |= {c.card.name for c in v.you.burst if not isinstance(c, str)}
            seen_by_seat |= {c.card.name for s in v.sides for c in s.known_hand}
            for key in ("h", "f", "o"):
                await pilot.press(key)
                pane = app.focused
                assert isinstance(pane, OptionList)
                for i in range(pane.option_count):
                    pane.highlighted = i
                    await pilot.pause()
                    name = detail_text(app).split("\n", 1)[0]
                    assert name in seen_by_seat or name.startswith("Highlight"), (at, key, name)
            assert v.sides[1].hand is None and (len(g.players[1].hand) > 0 or g.turn == 0)  # 0: the opening


async def test_a_hot_seat_game_is_inspected_from_either_seat(hotseat_save):
    app = ReplayApp(replay(hotseat_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "v", "h")
        await pilot.pause()
        assert app.seat == 1
        v = app.view()
        assert v.you.hand
        hand = app.query_one("#hand", OptionList)
        hand.highlighted = 0
        await pilot.pause()
        assert detail_text(app).startswith(v.you.hand[0].card.name)


async def test_i_and_enter_show_the_highlighted_card_whole(ai_save):
    from bs_tui.tui.screens.card import CardScreen

    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end", "h")
        await pilot.pause()
        hand = app.query_one("#hand", OptionList)
        hand.highlighted = 1
        await pilot.pause()
        want = app.view().you.hand[1].card
        for key in ("i", "enter"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, CardScreen) and app.screen.card is want, key
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, CardScreen)
        assert app.at == len(app.steps) - 1  # Enter opened the card; it did not step


async def test_t_browses_both_trashes_as_the_seat_shown_sees_them(ai_save):
    from bs_tui.tui.screens.trash import TrashScreen

    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        v = app.view()
        assert v.you.trash or v.opponent.trash
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TrashScreen)
        listed = {c.name for c in app.screen.cards.values()}
        assert listed == {c.card.name for s in v.sides for c in (*s.trash, *s.removed)}
        await pilot.press("right", "end")  # the viewer's keys wait behind it
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TrashScreen) and app.at == len(app.steps) - 1


async def test_the_footer_names_the_viewers_keys(ai_save):
    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app).splitlines()
        footer = next(line for line in reversed(text) if "Help" in line)
        for word in ("Forward", "Back", "Go to turn", "Card", "Trash", "Help", "Quit"):
            assert word in footer, word
        assert "Switch seat" not in footer


async def test_a_moment_of_a_replay_is_saved_as_a_puzzle_of_its_player(ai_save):
    """Issue 20: from a replay, p saves the decision pending as its player knew it; the
    puzzle plays from that decision, with that player's view."""
    import json

    from bs_tui.engine.view import to_json
    from bs_tui.practice.lesson import read_lesson
    from bs_tui.practice.puzzles import puzzle_dir

    app = ReplayApp(replay(ai_save[0]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        at = next(i for i in range(1, len(app.steps)) if app.steps.moment(i) is not None)
        app.at = at
        await pilot.press("p")
        await pilot.pause()
        expected = app.steps.moment(at)
    [path] = list(puzzle_dir().glob("*.toml"))
    g = read_lesson(path).start()
    seat = expected.me
    from bs_tui.engine import view_for

    assert json.loads(to_json(view_for(g, seat, knowledge=True))) == json.loads(to_json(expected))
