"""The table a newcomer can read (issue 9), driven by keys through Textual's Pilot: the
decision never cut at 80×24, everything inspectable, every choice explained, few keys,
settings that last, help generated from the bindings, game over with a rematch."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import cid_of, game_of, position, side
from pilot import settle, until
from rich.console import Console

from bs_tui.agents import EasyAgent, GreedyAgent
from bs_tui.engine import Kind
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import new_table
from bs_tui.settings import Settings, load_settings, save_settings
from bs_tui.tui.app import BattleApp
from bs_tui.tui.screens.card import CardScreen
from bs_tui.tui.screens.confirm import ConfirmScreen
from bs_tui.tui.screens.gameover import GameOverScreen
from bs_tui.tui.screens.help import HelpScreen
from bs_tui.tui.screens.settings import SettingsScreen
from bs_tui.tui.screens.trash import TrashScreen

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


def vs_ai(g, **kwargs) -> BattleApp:
    return BattleApp(LocalSeat(g, [None, GreedyAgent(0)]), ai_delay=0, **kwargs)


def text_of(widget) -> str:
    return str(widget.render())


def rows(option_list) -> list[str]:
    return [str(option_list.get_option_at_index(i).prompt) for i in range(option_list.option_count)]


def on_screen(app: BattleApp, widget) -> bool:
    """The whole of `widget` lies inside the terminal and it is shown."""
    r = widget.region
    return widget.display and r.height > 0 and r.y >= 0 and r.bottom <= app.size.height


def twelve_options():
    """A Main Step with twelve options: ten cards to play, move cores, end."""
    return position(
        side(
            hand=["R01", "R02", "R03", "R05", "R07", "R08", "R09", "R17", "R20"],
            field=[{"card": "R04", "cores": 3, "soul": True}],
            reserve=6,
        ),
        side(field=[{"card": "G12", "cores": 1}]),
    )


async def test_prompt_and_all_twelve_options_visible_at_80x24():
    g = twelve_options()
    assert len(g.decision.options) == 12
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        prompt, actions = app.query_one("#prompt"), app.query_one("#actions")
        assert on_screen(app, prompt) and "Main Step: choose an action." in text_of(prompt)
        assert on_screen(app, actions)
        assert actions.max_scroll_y == 0  # nothing scrolled out of sight
        labels = rows(actions)
        assert len(labels) == 12 and labels[0].startswith("1 Summon") and labels[-1].endswith("End the Main Step")
        assert not app.query_one("#more").display  # no "more" marker when nothing is hidden


async def test_a_longer_list_scrolls_with_a_scrollbar_and_a_more_marker():
    g = position(
        side(
            hand=["R01", "R02", "R03", "R05", "R07", "R08", "R09", "R11", "R17", "R20", "R19", "R16", "R06", "R12"],
            field=[{"card": "R04", "cores": 3, "soul": True}],
            reserve=6,
        ),
        side(field=[{"card": "G12", "cores": 1}]),
    )
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        actions, more = app.query_one("#actions"), app.query_one("#more")
        assert on_screen(app, app.query_one("#prompt"))
        assert actions.max_scroll_y > 0 and actions.show_vertical_scrollbar
        assert more.display and "more below" in text_of(more)
        await pilot.press("end")  # to the last option: the marker now says what is above
        await until(pilot, lambda: "more above" in text_of(more), "the marker to say what is above")


async def test_card_pane_follows_focus_onto_a_lone_field_spirit():
    g = position(side(field=[{"card": "R17", "cores": 1}], hand=["R01"]), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("f")
        await pilot.pause()
        detail = app.query_one("#detail")
        assert detail.shown[0].name == "Warcry Salamander" and detail.shown[1] is not None  # with its field state
        assert "On the field:" in detail.plain
        await pilot.press("h")  # and back to the hand
        await pilot.pause()
        assert detail.shown[0].name == "Cinder Pup"


async def test_both_trashes_can_be_browsed():
    g = position(side(trash=["R01", "R09"], trash_cores=2), side(trash=["G12"]))
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Trash: 2 cores · 2 cards" in text_of(app.query_one("#my-cores"))
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TrashScreen)
        listed = rows(app.screen.query_one("#trash-list"))
        assert any("Your trash: 2 cards, 2 cores" in r for r in listed)
        assert any("Player 2's trash: 1 card, 0 cores" in r for r in listed)
        assert [r.strip().split("  ")[0][2:] for r in listed if "spirit" in r or "magic" in r] == [
            "Flame Burst",
            "Cinder Pup",
            "Bramble Wolf",
        ]
        detail = app.screen.query_one("#trash-detail")
        assert "Flame Burst" in text_of(detail)  # the latest card first, shown in full
        await pilot.press("down")
        await pilot.pause()
        assert "Cinder Pup" in text_of(detail)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardScreen) and app.screen.card.name == "Cinder Pup"
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is app.table_screen


async def test_a_keyword_is_explained_with_its_rule_and_section():
    """The Card pane explains a keyword with its rule and section; `i` shows the card whole,
    and End and Home go to a long card's last and first lines."""
    g = position(side(hand=["R17", "Q11"]), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await pilot.pause()
        detail = " ".join(app.query_one("#detail").plain.split())
        assert "Clash (when this spirit attacks, the opponent must block if able)" in detail  # the card's line
        assert "Clash: When this spirit attacks, the defending player must block" in detail  # the rule
        assert "000 ch.1 §6.3 Block declaration" in detail  # where it comes from
        await pilot.press("i")  # the whole card, however small the pane
        await pilot.pause()
        assert isinstance(app.screen, CardScreen)
        assert "000 ch.1 §6.3" in text_of(app.screen.query_one("#card-text"))
        await pilot.press("escape", "down", "i")  # the long one: Emberoath
        await pilot.pause()
        assert isinstance(app.screen, CardScreen) and app.screen.card.id == "Q11"
        box = app.screen.query_one("#card-box")
        await pilot.press("end")
        await pilot.pause()
        assert box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert box.scroll_y == 0


async def test_an_option_that_cannot_be_taken_is_greyed_with_its_reason():
    g = position(side(hand=["R06", "R01"], reserve=3), side())
    pyre = cid_of(g, 0, "hand", "R06")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        labels = rows(app.query_one("#actions"))
        greyed = [r for r in labels if r.startswith("✗")]
        assert greyed == ["✗ Summon Pyre Colossus Dragon: costs 6 + 1 for Lv1; you can pay 4"]
        assert not any("Pyre" in r for r in labels if not r.startswith("✗"))
        # choosing it says why and changes nothing
        decisions = game_of(app).decisions
        actions = app.query_one("#actions")
        actions.highlighted = labels.index(greyed[0])
        await pilot.press("enter")
        await pilot.pause()
        assert game_of(app).decisions == decisions and pyre in game_of(app).players[0].hand
        aside = text_of(app.query_one("#aside"))  # said between the question and the options
        assert "you can pay 4" in aside and app.query_one("#aside").display


async def test_block_prompt_shows_the_stakes_of_a_braved_two_symbol_attacker():
    """000 ch.1 §6.5: unblocked, the attacker's symbols (its brave's too) are the life lost;
    blocked, the lower BP is destroyed."""
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
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        d = game_of(app).decision
        assert d.kind == Kind.BLOCK
        prompt = " ".join(text_of(app.query_one("#prompt")).split())
        assert "Attacker: Blazefang Raptor, BP 6000 with its brave, 2 symbols." in prompt
        assert "Taking the hit costs you 2 life (5 → 3)." in prompt
        labels = rows(app.query_one("#actions"))
        assert "1 Block with Ancient Grove Titan (BP 7000 vs 6000): Blazefang Raptor is destroyed" in labels
        assert "2 Block with Gale Cricket (BP 4000 vs 6000): it is destroyed" in labels
        assert "3 Take the hit: lose 2 life (5 → 3)" in labels
        assert "✗ Block with Canopy Stag: exhausted" in labels
        assert app.binding_label("negative") == "take the hit (−2 life)"
        # what the AI did meanwhile is marked in the log and its last event is in the status
        # line, nothing covering the question or the options (issue 19)
        assert not [n for n in app._notifications if n.title == "Since your last move"]
        status = " ".join(text_of(app.query_one("#status")).split())
        assert "Player 2 attacks with Blazefang Raptor" in status or "in the log (l)" in status, status
        assert "take the hit (−2 life)" in text_of(app.query_one("#keys"))


async def test_a_burst_whose_follow_up_cannot_be_paid_says_so_before_it_is_activated():
    """000 ch.2 §2: the burst effect is free, its flash effect afterwards costs the card's
    cost; with one core there is no paying 4."""
    g = position(
        side(burst="R19", reserve=0),
        side(field=[{"card": "R04", "cores": 1}]),
        active=1,
        step="attack",
        turn=4,
    )
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        d = game_of(app).decision
        assert d.kind == Kind.YES_NO and d.context["question"] == "burst"
        prompt = " ".join(text_of(app.query_one("#prompt")).split())
        assert "⚠ Afterwards it would cost 4 cores to use its flash effect, and you can pay only 2 cores" in prompt
        assert "only the burst effect would happen" in prompt


async def test_ending_the_main_step_with_a_playable_card_asks_once():
    g = position(side(hand=["R01"], reserve=3), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "end Main Step" in text_of(app.query_one("#keys"))
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "You can still play Cinder Pup." in text_of(app.screen.query_one("#confirm-text"))
        await pilot.press("n")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.MAIN_ACTION
        assert "ends the Main Step" not in "\n".join(game_of(app).log_lines(0))
        await pilot.press("e")  # asked once: the second time it ends the step
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert "ends the Main Step" in "\n".join(game_of(app).log_lines(0))


async def test_a_key_typed_at_a_confirmation_is_not_lost():
    """Issue 19: a key other than y or n at a confirmation answers no and then does what it
    does at the table: here 1 plays the card the question was about."""
    g = position(side(hand=["R01"], reserve=3), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("1")
        await until(pilot, lambda: game_of(app).decision.kind != Kind.MAIN_ACTION, "the summon chosen by 1")
        assert not isinstance(app.screen, ConfirmScreen)
        assert "ends the Main Step" not in "\n".join(game_of(app).log_lines(0))
        assert game_of(app).decision.kind == Kind.PAY_COST


async def test_the_question_can_be_switched_off():
    g = position(side(hand=["R01"], reserve=3), side())
    app = vs_ai(g, settings=Settings(confirm_end_main=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert "ends the Main Step" in "\n".join(game_of(app).log_lines(0))


async def test_a_summon_takes_three_keys():
    """Choose the card, confirm the default payment, confirm the placement."""
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 1}], reserve=4), side())
    raptor = cid_of(g, 0, "hand", "R03")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert rows(app.query_one("#actions"))[0].startswith("1 Summon Blazefang Raptor")
        await pilot.press("1")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PAY_COST
        assert rows(app.query_one("#actions"))[0] == "1 Pay 2 cores: 2 from the reserve"
        await pilot.press("enter")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PLACE_CORES
        assert rows(app.query_one("#actions"))[0] == "1 Place 1 core for Lv1, BP 3000: 1 from the reserve"
        await pilot.press("enter")
        await settle(pilot, app)
        p = game_of(app).players[0]
        assert raptor in p.field and p.trash_cores == 2 and game_of(app).field[raptor].cores == 1
        assert game_of(app).decision.kind == Kind.MAIN_ACTION


async def test_the_footer_says_what_e_does_in_the_attack_step():
    g = position(side(field=[{"card": "R01", "cores": 1}]), side(), step="attack")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "end Attack Step: the turn ends" in text_of(app.query_one("#keys"))


def finished_game(tmp_path: Path):
    """A whole game, the AI against the AI (seat 1 played as a person would be saved), to its end."""
    table, journal = new_table(seed=11, save=True, save_dir_arg=str(tmp_path))
    agents = [GreedyAgent(1), GreedyAgent(2)]
    while table.game.decision is not None:
        d = table.game.decision
        table.submit(agents[d.player].choose(d, lambda d=d: table.view(d.player)))
    return table, journal


async def test_game_over_shows_the_reason_and_a_rematch_takes_one_key(tmp_path: Path):
    table, journal = finished_game(tmp_path)
    old = table.game
    app = BattleApp(table, ai_delay=0, journal=journal)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = text_of(app.screen.query_one("#gameover-text"))
        assert ("Life 0:" in text or "Deck out:" in text) and old.end_reason in text
        assert journal.path.name.removesuffix(".bsj") in text  # the save's name
        await pilot.press("r")
        await settle(pilot, app)
        new = game_of(app)
        assert new is not old and not new.over
        assert new.static.decks == old.static.decks  # the same decks
        assert app.journal is not None and app.journal.path != journal.path  # saved anew
        assert app.screen is app.table_screen
    app.journal.close()


async def test_quitting_after_the_game_asks_nothing(tmp_path: Path):
    table, journal = finished_game(tmp_path)
    app = BattleApp(table, ai_delay=0, journal=journal)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    journal.close()


async def test_settings_survive_a_restart(tmp_path: Path):
    config = tmp_path / "config" / "config.toml"
    g = position(side(hand=["R01"]), side())
    app = vs_ai(g, config_file=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press(*"Ada", "tab")  # the name, then on to the theme
        app.screen.query_one("#theme").value = "nord"
        app.screen.query_one("#ai-speed").value = 0
        app.screen.query_one("#confirm-end-main").value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.theme == "nord"
    saved = load_settings(config)
    assert (saved.player_name, saved.theme, saved.ai_pause_ms, saved.confirm_end_main) == ("Ada", "nord", 0, False)
    # the next start reads them: the name at the table, the theme, the AI's pause
    table, _ = new_table(seed=3, name=saved.player_name, ai="easy")
    app2 = BattleApp(table, settings=saved, config_file=config)
    async with app2.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app2.theme == "nord" and app2.ai_delay == 0
        assert game_of(app2).name(0) == "Ada"


def test_settings_file_round_trip(tmp_path: Path):
    config = tmp_path / "c" / "config.toml"
    s = Settings(player_name="Ada", theme="nord", confirm_end_main=False, confirm_quit=False, ai_pause_ms=800)
    save_settings(s, config)
    assert load_settings(config) == s


def all_bindings():
    """Every binding of the table and of every screen it opens, found by walking the
    screen classes (not the list the help is built from)."""
    import inspect

    from textual.screen import Screen

    import bs_tui.tui.screens as screens_pkg

    found = [("table", b) for b in BattleApp.BINDINGS]
    for mod_name in (
        "allocation",
        "card",
        "confirm",
        "gameover",
        "handover",
        "help",
        "newgame",
        "resume",
        "settings",
        "trash",
    ):
        mod = __import__(f"{screens_pkg.__name__}.{mod_name}", fromlist=["x"])
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if issubclass(cls, Screen) and cls.__module__ == mod.__name__:
                found += [(cls.__name__, b) for b in cls.BINDINGS]
    return found


def page_text(content) -> str:
    with open(os.devnull, "w") as null:
        console = Console(width=76, record=True, file=null)
        console.print(content)
        return console.export_text()


async def test_help_lists_every_binding_and_fits_80_columns():
    from bs_tui.tui.screens.help import key_names

    g = position(side(hand=["R01"]), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        pages = [page_text(app.screen.page_content(i)) for i in range(4)]
        for page in pages:  # every page within the help box's inside at 80 columns
            assert max(len(line.rstrip()) for line in page.splitlines()) <= 76
        text = pages[0]
        listed = {b.action for _, bs in app.help_sections() for b in bs}
        for where, b in all_bindings():
            assert b.action in listed, f"{where}: {b.key} ({b.action}) is not in the help"
            for k in key_names(b).split():
                if not b.action.startswith("choose("):
                    assert k in text, f"{where}: key {k} of {b.action} is not in the help"
        assert "1 … 9" in text
        # the other pages: how a turn goes, the keywords, the marks; ← → turn them
        assert "5 Main" in pages[1] and "Clash" in pages[2] and "R P G" in pages[3]
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.page == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.table_screen


async def test_the_log_rewraps_at_a_new_width():
    g = position(side(hand=["R01"]), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        log = app.query_one("#log")
        for i in range(6):
            line = f"A long line of the log, number {i}, that wraps at the narrow width and less at a wide one."
            log.show(tuple(log.texts) + (line,))
        await pilot.pause()
        narrow = len(log.lines)
        await pilot.resize_terminal(200, 50)
        # fewer, longer lines at the new width
        await until(pilot, lambda: len(log.lines) < narrow, "the log to rewrap")
        width = log.scrollable_content_region.width
        assert all(line.cell_length <= width for line in log.lines)


async def test_at_120x40_the_board_card_and_log_stand_side_by_side():
    g = position(side(hand=["R01"], field=[{"card": "R04", "cores": 1}]), side(field=[{"card": "G12"}]))
    app = vs_ai(g)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        board, detail, log = app.query_one("#left"), app.query_one("#detail"), app.query_one("#log")
        assert board.region.right <= detail.region.x and detail.region.right <= log.region.x
        assert detail.region.y == log.region.y
        for pane in ("#opp-field", "#my-field", "#hand"):
            assert app.query_one(pane).region.height >= 2


async def test_a_ready_made_placement_that_depletes_a_spirit_asks_first():
    """000 ch.1 §5: a spirit left below its Lv1 cores is depleted. The only core for Cinder
    Pup's Lv1 is Pyre Colossus Dragon's: the option says so, and choosing it asks."""
    g = position(side(hand=["R01"], field=[{"card": "R06", "cores": 1}], reserve=0, soul="trash"), side())
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert (
            rows(app.query_one("#actions"))[0]
            == "1 Summon Cinder Pup (free, 1 core for Lv1) ⚠ only by depleting a spirit"
        )
        await pilot.press("1")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PLACE_CORES
        assert rows(app.query_one("#actions"))[0].endswith("⚠ Pyre Colossus Dragon is depleted")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Pyre Colossus Dragon would be left with fewer cores" in text_of(app.screen.query_one("#confirm-text"))
        await pilot.press("n")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.PLACE_CORES  # nothing happened
        await pilot.press("d", "y")
        await settle(pilot, app)
        assert "Pyre Colossus Dragon has too few cores and is depleted" in "\n".join(game_of(app).log_lines(0))


def test_name_on_the_command_line_wins_over_the_settings():
    import argparse

    app = BattleApp(None, args=argparse.Namespace(name_override="Zoe"), settings=Settings(player_name="Ada"))
    assert app.name_override == "Zoe"
    assert BattleApp(None, args=argparse.Namespace(), settings=Settings(player_name="Ada")).name_override == "Ada"
    table, _ = new_table(seed=2, name=app.name_override)
    assert table.game.name(0) == "Zoe"


async def test_the_attack_prompt_says_who_can_block():
    g = position(side(field=[{"card": "R03", "cores": 1}]), side(field=[{"card": "G12", "cores": 1}]), step="attack")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Player 2 can block with: Bramble Wolf (BP 3000)." in text_of(app.query_one("#prompt"))


async def test_the_pane_in_focus_gets_the_room_at_80x24():
    """On a full board a long decision leaves the board a few lines; the hand (or a field)
    in focus takes them, the options shrinking to a few lines and a "more" marker."""
    from bs_tui.seats.starting import position_table

    app = BattleApp(position_table(str(Path(__file__).parents[1] / "benchmarks" / "full_board.toml")), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await pilot.pause()
        hand = app.query_one("#hand")
        assert hand.region.height >= 5  # its title and four cards
        assert app.query_one("#more").display
        await pilot.press("f")
        await pilot.pause()
        mine = app.query_one("#my-field")
        assert mine.region.height >= len(app.view().you.field) + 1  # every card of your field
        await pilot.press("a")
        await pilot.pause()
        assert app.query_one("#actions").region.height > 4  # the options have their room back


def test_every_decision_of_real_games_has_words():
    """Whole games of every shipped deck (the system decks with advents, the open area,
    tokens and ultimates among them): every decision's prompt, stakes, options (greyed ones
    too), ready-made payments and what `e` does are put in words without failing, and no
    option is left as a bare tuple."""
    from bs_tui.agents import RandomAgent
    from bs_tui.engine import Game, load_cards, load_deck
    from bs_tui.engine.data.decks import shipped_decks
    from bs_tui.engine.view import view_for
    from bs_tui.tui.labels import (
        allocation_choices,
        decision_header,
        e_label,
        option_label,
        unavailable,
        unavailable_label,
    )

    db = load_cards()
    names = [p.stem for p in shipped_decks()]
    games = [(n, names[(i + 1) % len(names)], i, GreedyAgent) for i, n in enumerate(names)]
    games += [(n, names[(i + 2) % len(names)], i, RandomAgent) for i, n in enumerate(names)]
    for name, other, i, agent in games:
        g = Game.new(load_deck(name, db).card_list(), load_deck(other, db).card_list(), 100 + i, db, ("A", "B"))
        agents = [agent(i), agent(i + 50)]
        for _ in range(3000):
            d = g.decision
            if d is None:
                break
            v = view_for(g, d.player)
            mine = v.decision
            assert decision_header(v, mine).plain
            e_label(v, mine)
            if mine.allocation is not None:
                assert allocation_choices(v, mine)
            else:
                for o in mine.options:
                    label = option_label(v, mine, o)
                    assert label and not label.startswith("("), (name, mine.kind, o, label)
            for what, reason in unavailable(mine):
                assert unavailable_label(v, what, reason)
            g.answer(agents[d.player].choose(d, lambda v=v: v))


async def test_a_game_with_the_system_decks_plays_by_keys():
    """Advents, the open area, tokens: the table shows and answers them like the rest
    (the first option, or the default cores), for thirty decisions, without failing."""
    table, _ = new_table("advent_host", "wayfarers", seed=6, ai="greedy")  # a long game: the greedy AI
    app = BattleApp(table, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        answered = 0
        for _ in range(100):  # each pass answers a decision or closes a screen: never only waits
            await settle(pilot, app)
            d = game_of(app).decision
            if d is None or answered >= 30:
                break
            if app.screen is not app.table_screen:
                await pilot.press("y" if isinstance(app.screen, ConfirmScreen) else "escape")
                continue
            if d.allocation is not None and d.kind != Kind.MOVE_CORES:
                await pilot.press("d")
            else:  # the first option that is not moving cores
                n = next((i for i, o in enumerate(d.options) if o != ("move_cores",)), 0)
                await pilot.press(str(n + 1) if n < 9 else "e")
            answered += 1
            if answered % 10 == 0:
                await pilot.press("f", "down", "o", "down", "h", "down", "a")  # the Card pane follows it all
        assert answered >= 20, (answered, game_of(app).decision, app.screen, game_of(app).over)


async def test_an_advented_spirit_shows_its_source_and_the_card_pane_reads_it():
    """000 ch.2 §5: the advent source under a spirit is listed under it, face up; its line
    has its own id (the bottom source shares the field object's), and the Card pane shows
    that card when it is highlighted."""
    g = position(side(hand=["A01", "R01"], field=[{"card": "R03", "cores": 2}]), side())
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        app.answer(("advent", a01, raptor))
        await settle(pilot, app)
        pane = app.query_one("#my-field")
        assert any("source: Blazefang Raptor" in r for r in rows(pane))
        await pilot.press("f")
        await pilot.press("down")
        await pilot.pause()
        assert app.query_one("#detail").shown[0].name == "Blazefang Raptor"


async def test_what_the_ai_did_is_marked_in_the_log_and_covers_nothing():
    """Issue 19: what the other side did since your last answer is marked in the log where it
    begins, its last event is in the status line until you answer, and no notice covers the
    question or the options."""
    from bs_tui.tui.widgets.log_pane import MARK

    g = position(
        side(field=[{"card": "R03", "cores": 1}], reserve=3),
        side(field=[{"card": "R01", "cores": 2}], hand=["G01"], reserve=4),
        turn=3,
    )
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert game_of(app).decision.kind == Kind.MAIN_ACTION
        for _ in range(10):  # end the Main Step (asked once: yes) and the Attack Step
            await settle(pilot, app)
            if game_of(app).active == 1:
                break  # this player's first decision since: the AI's attack
            await pilot.press("e")
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                await pilot.press("y")
        log = app.query_one("#log")
        assert MARK in log.texts
        after = log.texts[len(log.texts) - log.texts[::-1].index(MARK) :]
        assert any(line.startswith("Player 2 ") for line in after), after
        status = " ".join(text_of(app.query_one("#status")).split())
        assert app.news.startswith("Since your move") and app.news[:60] in status, (after, status)
        assert not [n for n in app._notifications if n.title == "Since your last move"]


async def test_options_keep_their_numbers_while_they_stay_legal():
    """Issue 19: after summoning option 1, the other options keep their numbers and 1 does
    nothing; a number typed from memory never does something else."""
    g = position(side(hand=["R01", "R02"], reserve=8), side(), turn=3)
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        before = rows(app.query_one("#actions"))
        assert before[0].startswith("1 Summon Cinder Pup") and before[1].startswith("2 Summon Flarewing Drake")
        end = next(r for r in before if "End the Main Step" in r).split()[0]
        await pilot.press("1")  # Cinder Pup: then the default payment and placement
        for _ in range(4):
            await pilot.pause()
            if game_of(app).decision.kind == Kind.MAIN_ACTION:
                break
            await pilot.press("d")
        after = rows(app.query_one("#actions"))
        assert not any(r.startswith("1 ") for r in after), after
        assert any(r.startswith("2 Summon Flarewing Drake") for r in after), after
        assert any(r.startswith(f"{end} End the Main Step") for r in after)  # the same number
        decisions = game_of(app).decisions
        await pilot.press("1")
        await pilot.pause()
        assert game_of(app).decisions == decisions  # 1 is nobody's now
        assert "There is no option 1 now" in text_of(app.query_one("#aside"))  # and it says so


async def test_a_second_copy_takes_the_number_of_the_first():
    """Found in the tmux trial: after one Cinder Pup was summoned, the other one's option
    moved to a new number. Options are known by what they do to which card name, so the
    second copy keeps the first's number (1 summons a Cinder Pup still), and the rest keep
    theirs."""
    g = position(side(hand=["R01", "R01", "R02"], reserve=9), side(), turn=3)
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        before = rows(app.query_one("#actions"))
        assert before[0].startswith("1 Summon Cinder Pup") and before[1].startswith("2 Summon Flarewing Drake")
        assert sum("Summon Cinder Pup" in r for r in before) == 1  # the copies are one option
        await pilot.press("1")
        for _ in range(4):
            await pilot.pause()
            if game_of(app).decision.kind == Kind.MAIN_ACTION:
                break
            await pilot.press("d")
        after = rows(app.query_one("#actions"))
        assert after[0].startswith("1 Summon Cinder Pup") and after[1].startswith("2 Summon Flarewing Drake"), after


async def test_ending_the_attack_step_with_a_spirit_ready_asks_once():
    """A trial game was lost so: an `e` meant for a flash window that had closed by itself
    ended the Attack Step, and the turn, with four spirits ready. Now it asks (once a step)."""
    g = position(side(field=[{"card": "R03", "cores": 1}]), side(life=1), step="attack", turn=3)
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert game_of(app).decision.kind == Kind.ATTACK
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "1 spirit can still attack" in text_of(app.screen.query_one("#confirm-text"))
        await pilot.press("n")
        await pilot.pause()
        assert game_of(app).decision.kind == Kind.ATTACK and game_of(app).active == 0
        await pilot.press("e")  # asked once an Attack Step: now it ends
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert game_of(app).active == 1 or game_of(app).decision is None or game_of(app).decision.kind != Kind.ATTACK


def test_a_manifest_that_can_be_paid_only_by_depleting_says_so():
    """Issue 19: every kind of payment tells a depletion it forces; a manifest (000 ch.2 §6:
    one core of the grandwalker, the rest paid as usual) too."""
    from bs_tui.engine.view import view_for
    from bs_tui.tui.labels import option_label

    def label(reserve: int, walker: int) -> str:
        g = position(
            side(hand=["N11"], field=[{"card": "N01", "cores": walker}, {"card": "R02", "cores": 1}], reserve=reserve),
            side(),
        )
        d = g.decision
        o = next(o for o in d.options if o[0] == "manifest")
        return option_label(view_for(g, 0), d, o)

    assert "⚠ only by depleting a spirit" not in label(6, 2)
    # 1 of the walker's, then 3 + 1: the reserve's 2 and the Soul Core, and Flarewing Drake's
    # only core
    assert "⚠ only by depleting a spirit" in label(2, 1)


async def test_on_the_full_board_every_pane_shows_all_it_holds_or_says_how_many_more():
    """Issue 19: at 80×24 on a crowded board a pane that cannot show every card it holds says
    so in its title ("(6) · ↓3 more"), and the count of cards is there either way."""
    from bs_tui.seats.starting import position_table
    from bs_tui.tui.widgets.counted import CountedList

    board = Path(__file__).resolve().parents[1] / "benchmarks" / "full_board.toml"
    app = BattleApp(position_table(str(board), ai="easy"), ai_delay=0)
    squeezed: list[tuple[tuple[int, int], bool]] = []
    for size in ((80, 24), (120, 40)):
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pilot.pause()
            for pid in ("hand", "my-field", "opp-field"):
                pane = app.query_one(f"#{pid}", CountedList)
                title = str(pane.border_title)
                assert f"({pane.count})" in title, title
                hidden = pane.option_count > pane.scrollable_content_region.height
                assert ("more" in title or "↑" in title) == hidden, (size, pid, title, pane.option_count)
                squeezed.append((size, hidden))
        app = BattleApp(position_table(str(board), ai="easy"), ai_delay=0)
    assert any(h for s, h in squeezed if s == (80, 24))  # the small screen does hide some


def test_a_summon_says_when_it_costs_a_level_or_the_soul_core():
    """Issue 19: every option tells every consequence the table can foresee: besides a
    depletion, a level lost (000 ch.1 §5: a spirit's level is set by its cores) and the Soul
    Core spent."""
    from bs_tui.engine.view import view_for
    from bs_tui.tui.labels import option_label

    def label(**p1) -> str:
        g = position(side(hand=["G02"], **p1), side())  # Thornback Boar: 2, and 1 for Lv1
        d = g.decision
        o = next(o for o in d.options if o[0] == "summon")
        return option_label(view_for(g, 0), d, o)

    # Crimson Lancer Dragon at Lv2 with 3 cores: 3 paid only if 2 of them go, to Lv1
    assert "⚠ a card of yours drops a level" in label(field=[{"card": "R04", "cores": 3}], reserve=0)
    # 2 plain cores and the Soul Core in reserve: all three pay
    assert "⚠ the Soul Core too" in label(reserve=2)
    assert "⚠" not in label(reserve=5)


async def test_the_status_line_names_the_ai_level_while_it_decides():
    """Found in the tmux trial: nothing at the table said which AI level you play."""
    g = position(side(), side(field=[{"card": "R01", "cores": 1}]), active=1, step="main", turn=3)
    app = BattleApp(LocalSeat(g, [None, EasyAgent(0)]), ai_delay=2)  # it waits: the line can be read
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.ai_busy, "the AI deciding")
        status = " ".join(text_of(app.query_one("#status")).split())
        assert "Waiting for Player 2 (easy)" in status, status


def test_a_position_against_the_ai_calls_it_ai():
    """Issue 19: an AI opponent was called "Player 2" in a position game."""
    from bs_tui.seats.starting import position_table

    t = position_table("benchmarks/full_board.toml", ai="easy", name="Ada")
    assert (t.game.name(0), t.game.name(1)) == ("Ada", "AI")
    hot = position_table("benchmarks/full_board.toml", hotseat=True)
    assert (hot.game.name(0), hot.game.name(1)) == ("Player 1", "Player 2")


async def test_esc_then_a_digit_typed_quickly_still_chooses():
    """Found in the tmux trial: Esc followed quickly by a digit arrives as Alt+digit, and the
    digit was lost; at the table it chooses that option."""
    g = position(side(hand=["R01"], reserve=3), side(), turn=3)
    app = vs_ai(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert rows(app.query_one("#actions"))[0].startswith("1 Summon Cinder Pup")
        await pilot.press("alt+1")
        await until(pilot, lambda: game_of(app).decision.kind != Kind.MAIN_ACTION, "option 1 chosen")
        assert game_of(app).decision.kind == Kind.PAY_COST
