"""The AI levels at the table (issue 18): `play --ai`, saved with the game and kept by
`resume`; chosen in the new-game screen and the settings; a searching AI thinks in a process
of its own while the keys go on working; hints in games against the AI, never in hot-seat."""

from __future__ import annotations

import argparse

import pytest
from conftest import cid_of, game_of, position, side
from pilot import settle, until

from bs_tui.agents import EasyAgent
from bs_tui.agents.process import AgentProcess
from bs_tui.saves import load_game
from bs_tui.seats import LocalSeat
from bs_tui.seats.starting import new_table, resume_table
from bs_tui.settings import Settings, load_settings, save_settings
from bs_tui.tui.app import BattleApp
from bs_tui.tui.screens.newgame import NewGameScreen
from bs_tui.tui.widgets.hand_pane import HandPane

# Every test of this module runs behind a local seat and behind one that passes all through JSON.
pytestmark = pytest.mark.usefixtures("seat_wire")


def test_the_level_is_saved_and_resume_keeps_it(tmp_path) -> None:
    for level in ("easy", "normal", "hard"):
        table, journal = new_table(seed=3, save=True, save_dir_arg=str(tmp_path / level), ai=level)
        assert journal is not None
        journal.close()
        assert table.level == level
        assert [p["control"] for p in journal.header["players"]] == ["human", level]
        again, j2 = resume_table(None, str(tmp_path / level))
        j2.close()
        assert again.level == level
        assert isinstance(again.agents[1], AgentProcess) == (level != "easy")
        table.close()
        again.close()
        _, j3 = load_game(j2.path)
        j3.close()


def test_the_settings_keep_a_level(tmp_path) -> None:
    path = tmp_path / "config.toml"
    save_settings(Settings(ai_level="hard"), path)
    assert load_settings(path).ai_level == "hard"
    path.write_text('[ai]\nlevel = "expert"\n')
    try:
        load_settings(path)
    except Exception as e:
        assert "ai.level must be easy, normal or hard" in str(e) and ":2" in str(e)
    else:
        raise AssertionError("an unknown level was taken")


def _args(**kw) -> argparse.Namespace:
    return argparse.Namespace(**{"ai": None, "ai_budget": 0.2, **kw})


async def test_the_new_game_screen_offers_the_levels(tmp_path) -> None:
    g = position(side(hand=["R01"]), side())
    g.winner, g.pending = 0, None  # a game over: a new game may be started
    app = BattleApp(LocalSeat(g, [None, EasyAgent(0)]), ai_delay=0, args=_args(save_dir=str(tmp_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("tab", "tab", "down")  # the level list: easy → normal
        await pilot.press("enter")
        await until(pilot, lambda: app.table.level == "normal", "a game against the normal AI")
        assert game_of(app).decisions == 0 or game_of(app).turn <= 1


async def test_a_hint_names_an_answer_and_why() -> None:
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 1}], reserve=4), side(field=[{"card": "G01"}]))
    app = BattleApp(LocalSeat(g, [None, EasyAgent(0)]), ai_delay=0, args=_args())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        d = game_of(app).decision
        await pilot.press("w")
        aside = app.query_one("#aside")
        await until(pilot, lambda: "Hint" in str(aside.render()), "the hint")
        text = str(aside.render())  # said between the question and the options: it covers nothing
        assert text.startswith("Hint: ") and ("the search's pick in" in text or "(a close call)" in text), text
        assert "pick in 0%" not in text  # never a confidence that says the opposite
        assert not app._notifications
        assert game_of(app).decision is d  # a hint answers nothing
        assert app.hinter is not None and app.hinter.last is not None


async def test_no_hint_in_hot_seat() -> None:
    g = position(side(hand=["R03"], reserve=4), side())
    g.ask_every_flash = True
    app = BattleApp(LocalSeat(g, [None, None], hotseat=True), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        assert app.check_action("hint", ()) is False
        await pilot.press("w")
        await pilot.pause()
        assert app.hinter is None
        assert "Hint" not in str(app.query_one("#aside").render())


async def test_keys_work_while_the_hard_ai_thinks() -> None:
    """The AI's turn with a budget of 20 s: while it thinks in its process, the person moves
    through their hand and the Card pane follows; the status line says it is thinking."""
    g = position(side(hand=["R03", "R01", "R02"]), side(hand=["G01", "G02"], reserve=6), active=1)
    hand = [cid_of(g, 0, "hand", c) for c in ("R03", "R01", "R02")]
    ai = AgentProcess("hard", 1, budget=20)
    app = BattleApp(LocalSeat(g, [None, ai]), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.ai_busy and ai._proc is not None, "the AI thinking")
        status = str(app.query_one("#status").render())
        assert "thinking" in status
        await pilot.press("h")
        pane = app.query_one(HandPane)
        assert app.focused is pane
        first = pane.highlighted
        await pilot.press("down")
        await pilot.pause()
        assert pane.highlighted != first and app.ai_busy
        assert game_of(app).decision.player == 1 and hand
    assert ai._proc is None  # the AI's process ended with the table


def test_an_ai_process_closed_answers_nothing_more() -> None:
    """Closing the table stops its AI's process; a question asked after (a thinking thread
    that was on its way) is refused with RuntimeError, which the table drops as it closes,
    and no new process is started."""
    import pytest

    from bs_tui.engine.view import view_for

    g = position(side(hand=["R01"], reserve=3), side(hand=["G01"], reserve=3), active=1)
    ai = AgentProcess("normal", 1, budget=0.05)
    d = g.decision
    assert ai.choose(d, lambda: view_for(g, 1, knowledge=True)) in d.options
    ai.close()
    assert ai._proc is None
    with pytest.raises(RuntimeError):
        ai.choose(d, lambda: view_for(g, 1, knowledge=True))
    assert ai._proc is None
