"""Hot-seat play and the table's failures, driven through Textual's Pilot (issue 8).

003 (非公開情報): a player's hand and face-down burst are not public. At one keyboard that
means the hand-over names only who decides and what kind of moment it is, the player
handing over cannot answer for the other, and whether a hand-over comes at all does not
depend on what the other holds. The table's failures (a save it cannot write, an error
inside it) end it with a short message, never a traceback that prints the game."""

from __future__ import annotations

import argparse
import os
import resource
import stat
from pathlib import Path

import pytest
from conftest import cid_of, game_of, position, side
from pilot import until
from ptys import Terminal

from bs_tui.agents import GreedyAgent
from bs_tui.engine import Kind
from bs_tui.saves import replay
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import new_table, resumable, resume_table
from bs_tui.settings import Settings, load_settings
from bs_tui.tui.app import BattleApp
from bs_tui.tui.crash import Crashed
from bs_tui.tui.run import run_app
from bs_tui.tui.screens.handover import HandoverScreen
from bs_tui.tui.screens.resume import ResumeScreen
from bs_tui.tui.screens.settings import SettingsScreen
from bs_tui.tui.widgets.hand_pane import HandPane

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings and crash reports go to the test's own folder, never the real home."""
    monkeypatch.setenv("BS_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("BS_TUI_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.setenv("BS_TUI_SAVES", str(tmp_path / "saves"))


def hotseat(g, settings: Settings | None = None, config_file: Path | None = None) -> BattleApp:
    g.ask_every_flash = True  # as in every game with people
    return BattleApp(LocalSeat(g, [None, None], hotseat=True), ai_delay=0, settings=settings, config_file=config_file)


def handover_text(app: BattleApp) -> str:
    return str(app.screen.query_one("#handover-text").render())


async def take_keyboard(pilot) -> str:
    """The hand-over on screen now: its text, then Enter."""
    await pilot.pause()
    app = pilot.app
    assert isinstance(app.screen, HandoverScreen), app.screen
    text = handover_text(app)
    await pilot.press("enter")
    await pilot.pause()
    return text


async def attack_with(pilot, app: BattleApp, cid: int) -> None:
    d = game_of(app).decision
    assert ("attack", cid) in d.options, d
    await pilot.press("a")
    app.query_one("#actions").highlight_answer(d.options.index(("attack", cid)))
    await pilot.press("enter")
    await pilot.pause()


def attack_position(p2):
    return position(side(hand=["R01"], field=[{"card": "R01", "cores": 1}], reserve=4), p2, step="attack")


@pytest.mark.parametrize("burst", ["R19", "W11"], ids=["not-set-off", "set-off"])
async def test_handover_names_the_moment_never_the_burst(burst):
    """000 ch.2 §2, 003: the burst is set face down. Player 1's attack gives player 2 a
    burst window (set off by it or not); the hand-over says "burst window" and nothing
    of the card, though the prompt behind it names the burst."""
    g = attack_position(side(burst=burst, reserve=4))
    name = g.static.defs[g.players[1].burst[0]].name
    app = hotseat(g)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Player 1: Attack Step" in await take_keyboard(pilot)
        await attack_with(pilot, app, cid_of(g, 0, "field", "R01"))
        d = game_of(app).decision
        assert (d.player, d.kind) == (1, Kind.YES_NO) and name in d.prompt
        assert isinstance(app.screen, HandoverScreen)
        text = handover_text(app)
        assert "Player 2: burst window" in text
        assert name not in text and "burst " + name not in text and d.prompt not in text
        # nothing of player 1's table is left behind it either
        assert app.table_screen.query_one("#hand", HandPane).option_count == 0
        await pilot.press("enter")
        await pilot.pause()
        prompt = str(app.query_one("#prompt").render())
        assert name in prompt  # player 2 reads their own burst's prompt


async def test_outgoing_player_cannot_answer_during_the_handover():
    """Keys, bindings and the command palette of the player handing over act on nothing:
    the decision of player 2 stays pending, unchanged. Quitting stays possible."""
    g = attack_position(side(hand=["G10"], field=[{"card": "G01", "cores": 1}], reserve=4))
    app = hotseat(g)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot)
        await attack_with(pilot, app, cid_of(g, 0, "field", "R01"))
        assert isinstance(app.screen, HandoverScreen)
        d, answered = game_of(app).decision, game_of(app).decisions
        assert d.player == 1 and d.kind == Kind.FLASH
        await pilot.press("e", "m", "a", "h", "f", "o", "l", "comma", "down", "tab")
        await pilot.pause()
        assert game_of(app).decision is d and game_of(app).decisions == answered
        assert isinstance(app.screen, HandoverScreen)
        # the palette offers nothing that acts at the table, and typing its name does nothing
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "End step / pass" not in titles and "Move cores" not in titles and "Quit" in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"End step")
        await app.workers.wait_for_complete()  # the palette's search is done: enter sees all it found
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()  # and whatever enter ran (a command runs after the palette closes)
        await pilot.press("escape")
        await pilot.pause()
        assert game_of(app).decision is d and game_of(app).decisions == answered
        app.action_negative()  # the palette's command, should one still be reached
        app.action_move_cores()
        assert game_of(app).decision is d and game_of(app).decisions == answered
        # player 2 sits down and answers for themselves
        await pilot.press("enter")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "End step / pass" in titles
        await pilot.press("e")
        await pilot.pause()
        assert game_of(app).decisions == answered + 1
        await pilot.press("q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_resumed_hotseat_game_starts_with_a_handover(tmp_path: Path):
    """A hot-seat save, resumed directly or offered by a bare start, shows no hand before
    the player to decide has the keyboard."""
    saves = tmp_path / "saves"
    table, journal = new_table(seed=8, hotseat=True, save=True, save_dir_arg=str(saves))
    for _ in range(3):
        d = table.game.decision
        table.submit(d.options[-1] if d.allocation is None else d.options[0])
    who = table.game.decision.player
    journal.close()

    table2, journal2 = resume_table(None, str(saves))
    app = BattleApp(table2, ai_delay=0, journal=journal2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert f"Player {who + 1}:" in handover_text(app)
        assert app.table_screen.query_one("#hand", HandPane).option_count == 0
        await pilot.press("enter")
        await pilot.pause()
        assert app.query_one("#hand", HandPane).option_count > 0
    journal2.close()

    args = argparse.Namespace(
        command=None, bare=True, save_dir=str(saves), deck1="crimson_dawn", deck2="verdant_tide", seed=None
    )
    app = BattleApp(None, ai_delay=0, offer=resumable(str(saves)), args=args)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert f"Player {who + 1}:" in handover_text(app)
    app.journal.close()


async def test_new_hotseat_game_starts_with_a_handover():
    """The first decision (each player's opening hand, then the coin toss winner's) is handed
    over too: nothing of a hand is on the screen before they say they are ready. Every player
    is handed the keyboard for the opening hand, contract card or not (001; 003: the deck is
    hidden), and with no card to set aside nothing is asked (issue 19: no question that is not
    a question)."""
    table, _ = new_table(seed=5, hotseat=True)
    app = BattleApp(table, ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await take_keyboard(pilot)
        assert "Player 1: the opening hand" in text
        texts = [text]
        for _ in range(2):  # neither deck holds a contract card: no "go on" to answer
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                texts.append(await take_keyboard(pilot))
        who = table.game.decision.player
        assert "Player 2: the opening hand" in texts[1]
        assert table.game.decision.kind == Kind.CHOOSE_ORDER
        # the toss winner is handed the keyboard, unless they hold it already
        assert f"Player {who + 1}: choose who goes first" in texts[-1] or (who == 1 and len(texts) == 2)
        assert app.query_one("#hand", HandPane).option_count > 0


async def handovers_until_player_2s_turn(p2, settings: Settings | None = None) -> tuple[list[str], list[str]]:
    """Player 1 attacks; everyone passes, takes the hit, says no. The hand-overs seen, and
    the prompts each player was asked, until player 2's Main Step."""
    g = attack_position(p2)
    app = hotseat(g, settings)
    seen: list[str] = []
    asked: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        seen.append(await take_keyboard(pilot))
        await attack_with(pilot, app, cid_of(g, 0, "field", "R01"))
        for _ in range(40):
            await pilot.pause()
            if isinstance(app.screen, HandoverScreen):
                seen.append(await take_keyboard(pilot))
                continue
            d = game_of(app).decision
            if d.player == 1 and d.kind == Kind.MAIN_ACTION:
                break
            asked.append(str(app.query_one("#prompt").render()))
            await pilot.press("e")
        else:
            raise AssertionError("player 2's turn never came")
    return seen, asked


async def test_flash_handovers_do_not_tell_what_is_in_hand():
    """000 ch.3 flash timing, 003: whether player 2 holds a usable flash magic (Binding
    Vines) or only a spirit, player 1 sees the same hand-overs in the same order."""
    with_flash, asked_flash = await handovers_until_player_2s_turn(
        side(hand=["G10"], field=[{"card": "G01", "cores": 1}], reserve=4)
    )
    without, asked_none = await handovers_until_player_2s_turn(
        side(hand=["G01"], field=[{"card": "G01", "cores": 1}], reserve=4)
    )
    assert with_flash == without
    assert sum("Player 2: flash timing" in s for s in without) >= 1
    assert any("Player 2: block or take the hit" in s for s in without)
    # the one with nothing to use is told so, and passes with its one option
    nothing = "Flash timing: you have nothing to use; pass."
    assert any(a.startswith(nothing) for a in asked_none)
    assert not any(a.startswith(nothing) for a in asked_flash[:1])


async def test_auto_pass_skips_the_empty_windows():
    """With hot-seat auto-pass on (the settings screen says what it reveals), a flash
    timing with nothing usable is passed at once, with no hand-over."""
    p2 = side(hand=["G01"], field=[{"card": "G01", "cores": 1}], reserve=4)
    off, _ = await handovers_until_player_2s_turn(p2)
    on, asked = await handovers_until_player_2s_turn(p2, Settings(hotseat_auto_pass=True))
    assert not any("flash timing" in s for s in on)
    assert any("flash timing" in s for s in off)
    assert not any("nothing to use" in a for a in asked)


def test_pass_only_decisions_are_asked_unless_nobody_else_sees(db):
    """Against the AI a person's pass-only window is passed at once (an agent reads views,
    not the screen); at one keyboard only with auto-pass on."""
    g = attack_position(side(burst="R19", reserve=4))
    g.ask_every_flash = True
    g.answer(("attack", cid_of(g, 0, "field", "R01")))
    d = g.decision
    assert d.kind == Kind.YES_NO and d.options == (False,)
    assert LocalSeat(g, [GreedyAgent(0), None]).passes_at_once(auto_pass=False)
    assert not LocalSeat(g, [None, None], hotseat=True).passes_at_once(auto_pass=False)
    assert LocalSeat(g, [None, None], hotseat=True).passes_at_once(auto_pass=True)
    assert not LocalSeat(g, [None, GreedyAgent(0)]).passes_at_once(auto_pass=True)  # an agent's own decision


async def test_settings_screen_says_what_auto_pass_reveals(tmp_path: Path):
    config = tmp_path / "config" / "config.toml"
    g = attack_position(side(hand=["G01"], reserve=4))
    app = hotseat(g, config_file=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await take_keyboard(pilot)
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        note = str(app.screen.query_one("#settings-note").render())
        assert "the other player can tell when you have nothing to play" in note
        app.screen.query_one("#hotseat-auto-pass").focus()
        await pilot.press("space", "s")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
        assert app.settings.hotseat_auto_pass
    assert load_settings(config) == Settings(hotseat_auto_pass=True)
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    assert stat.S_IMODE(config.parent.stat().st_mode) == 0o700


@pytest.mark.parametrize(
    "text, line, problem",
    [
        ("[hotseat]\nauto_pass = 1\n", 2, "must be true or false"),
        ("[hotseat]\nautopass = true\n", 2, "unknown key 'autopass'"),
        ("\n[colours]\ntheme = 'x'\n", 2, "unknown table or key 'colours'"),
        ("[ai]\npause_ms = -5\n", 2, "must be between 0 and 5000"),
        ('[player]\nname = "\\u001b[31mX"\n', 2, "no control characters"),
        ("[player]\nname = '" + "x" * 30 + "'\n", 2, "at most 24 characters"),
        ("[hotseat\n", 1, "not valid TOML"),
    ],
)
def test_broken_config_is_one_line_and_exit_2(tmp_path: Path, capsys, text, line, problem):
    """A broken config file stops bs-tui before the table starts, naming file and line;
    the file is left as it was (defaults are not silently written over it)."""
    config = tmp_path / "config" / "config.toml"
    config.parent.mkdir()
    config.write_text(text)
    args = argparse.Namespace(command="play", position=None, hotseat=False, bare=False, save_dir=None)
    assert run_app(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{config}:{line}: ") and problem in err[0], err
    assert config.read_text() == text


def test_missing_config_is_the_defaults(tmp_path: Path):
    assert load_settings(tmp_path / "nothing" / "config.toml") == Settings()


@pytest.mark.parametrize(
    "text",
    ["active = -1\n[[player]]\n[[player]]\n", "active = 0\n", "[[player]\n", "active = 'x'\n[[player]]\n[[player]]\n"],
    ids=["active-minus-one", "no-players", "not-toml", "active-string"],
)
def test_broken_position_is_named_and_exit_2(tmp_path: Path, capsys, text):
    """A position that cannot start a game never reaches the table: lines naming the file, exit 2."""
    f = tmp_path / "puzzle.toml"
    f.write_text(text)
    args = argparse.Namespace(command="play", position=str(f), hotseat=True, bare=False, save_dir=None)
    assert run_app(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and all(line.startswith(f"{f}:") for line in err), err
    assert not any("Traceback" in line for line in err)


class CrashingAgent:
    """An agent that fails while it holds its own hand in local variables."""

    name = "crashing"

    def choose(self, decision, view):
        secret_hand = [c.card.name for c in view().you.hand]
        raise RuntimeError(f"cannot decide with {secret_hand}")


async def test_a_crash_prints_a_short_message_and_a_private_report(tmp_path: Path, capsys):
    """An error inside the table (here, in the AI's thread) ends it with exit 1, one short
    message and a report written 0600 that holds no locals and no message: nothing of
    the AI's hand reaches the terminal or the file."""
    g = position(
        side(field=[{"card": "R01", "cores": 1}], reserve=4),
        side(hand=["G10", "G18"], field=[{"card": "G01", "cores": 1}], reserve=4),
        step="attack",
    )
    secret = [g.static.defs[c].name for c in g.players[1].hand]
    app = BattleApp(LocalSeat(g, [None, CrashingAgent()]), ai_delay=0)
    with pytest.raises(Crashed) as caught:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await attack_with(pilot, app, cid_of(g, 0, "field", "R01"))
            await until(pilot, lambda: app.farewell, "the AI's crash")
    assert app.return_code == 1
    report = caught.value.report
    assert report is not None and report.parent == tmp_path / "state" / "crashes"
    assert stat.S_IMODE(os.stat(report).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(report.parent).st_mode) == 0o700
    text = report.read_text()
    assert "RuntimeError" in text and "in choose" in text and 'raise RuntimeError(f"' in text  # the source line
    # what the terminal is given: Textual's output (nothing but a blank line) and then, once
    # the terminal is back, the app's one message (BattleApp.run prints it)
    out = capsys.readouterr()
    printed = out.out + out.err + app.farewell
    assert not (out.out + out.err).strip()
    assert app.farewell.startswith("bs-tui stopped on an internal error (RuntimeError).")
    assert str(report) in app.farewell
    for name in secret:
        assert name not in text and name not in printed
    assert "cannot decide with [" not in text and "cannot decide with" not in printed
    assert "Traceback" not in printed and "locals" not in printed.lower()


def test_crash_report_holds_no_message_or_locals(tmp_path: Path):
    from bs_tui.tui.crash import write_report

    name = "Backdraft " + "Volley"  # not in any source line the report quotes

    def inner(hand: list[str]) -> None:
        held = hand
        raise KeyError(held[0])

    try:
        try:
            inner([name])
        except KeyError as e:
            raise ValueError(f"while looking at {name}") from e
    except ValueError as e:
        path = write_report(e, tmp_path)
    assert path is not None
    text = path.read_text()
    assert "Backdraft Volley" not in text
    assert "KeyError" in text and "ValueError" in text and "which led to" in text


def test_a_save_that_cannot_be_written_stops_the_game(tmp_path: Path):
    """The disk refuses the next line of the save (a file size limit, as a full disk
    would): the table stops with one message naming the save, exit 1, no traceback, and
    what was saved before replays."""
    term = Terminal(tmp_path / "saves", "play", "--seed", "4")
    try:
        term.shows(b"Your move")
        term.person_decides(0)
        term.type(b"a\r")  # the coin toss: saved as every decision is
        term.person_decides(1)  # saved, and the AI has answered too if it had to
        save = term.save()
        # Python ignores SIGXFSZ, so a write past the limit fails with EFBIG, as on a full disk
        size = save.stat().st_size
        resource.prlimit(term.pid, resource.RLIMIT_FSIZE, (size, size))
        term.type(b"a\r")  # the first option of the person's next decision
        status = term.exits()
    finally:
        term.close()
    out = term.out
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 1, (status, out[-2000:])
    text = out.decode("utf-8", "replace")
    tail = text[text.rfind("bs-tui: the game could not be saved") :]
    assert tail.startswith("bs-tui: the game could not be saved, so it stopped here."), text[-2000:]
    assert f"bs-tui resume {save}" in tail.replace("\r\n", "\n")
    assert "Traceback" not in text
    assert save.stat().st_size == size
    saved = replay(save)
    assert saved.game.decision is not None and len(saved.answers) >= 1  # the coin toss at least


def test_both_hot_seat_players_have_names(tmp_path: Path):
    """Issue 19: names for both hot-seat players (`--name`, `--name2`, or the settings); the
    same name twice is told apart; a rematch keeps them."""
    from bs_tui.seats.starting import rematch_table
    from bs_tui.settings import Settings, load_settings, save_settings

    table, _ = new_table(seed=5, hotseat=True, name="Ada", name2="Bo")
    assert (table.game.name(0), table.game.name(1)) == ("Ada", "Bo")
    again, _ = rematch_table(table)
    assert (again.game.name(0), again.game.name(1)) == ("Ada", "Bo")
    same, _ = new_table(seed=5, hotseat=True, name="Ada", name2="Ada")
    assert same.game.name(0) != same.game.name(1)
    plain, _ = new_table(seed=5, hotseat=True)
    assert (plain.game.name(0), plain.game.name(1)) == ("Player 1", "Player 2")
    config = tmp_path / "config.toml"
    save_settings(Settings(player2_name="Bo"), config)
    assert load_settings(config).player2_name == "Bo"


def test_name2_on_the_command_line():
    from bs_tui.cli import build_parser

    args = build_parser().parse_args(["play", "--hotseat", "--name2", "Bo"])
    assert args.name2_override == "Bo"
