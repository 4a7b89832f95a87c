"""Rules practice at the table (issue 20), by keys: the practice menu, a lesson solved, a
lesson failed and tried again, a hint, the tutorial's first steps, undo three times and
redo in a lesson, a moment of a game saved as a puzzle and solved, and progress kept across
restarts. Each runs against the local seat and a seat passing everything through JSON."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import game_of
from pilot import until

from bs_tui.practice.catalogue import LESSONS_DIR, shipped
from bs_tui.practice.lesson import read_lesson
from bs_tui.practice.progress import load_progress
from bs_tui.practice.puzzles import puzzle_dir
from bs_tui.practice.seat import PracticeSeat
from bs_tui.practice.state import FAILED, PLAYING, SOLVED
from bs_tui.seats.starting import position_table
from bs_tui.tui.app import BattleApp
from bs_tui.tui.practice_run import PracticeMenuApp
from bs_tui.tui.screens.lesson import LessonOverScreen, LessonScreen

pytestmark = pytest.mark.usefixtures("seat_wire")
ROOT = Path(__file__).resolve().parents[1]
BLOCK = LESSONS_DIR / "ch1_block_lethal.toml"
TUTORIAL = LESSONS_DIR / "tutorial.toml"


def lesson_app(path: Path) -> BattleApp:
    return BattleApp(PracticeSeat.for_lesson(read_lesson(path)), ai_delay=0)


def aside(app: BattleApp) -> str:
    return str(app.table_screen.query_one("#aside").render())


async def started(pilot, app: BattleApp) -> None:
    await until(pilot, lambda: isinstance(app.screen, LessonScreen), "the lesson's screen")
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is app.table_screen and app.pending() is not None, "the first decision")


async def over(pilot, app: BattleApp) -> LessonOverScreen:
    await until(pilot, lambda: isinstance(app.screen, LessonOverScreen), "the lesson's end")
    assert isinstance(app.screen, LessonOverScreen)
    return app.screen


async def test_the_practice_menu_lists_the_lessons_by_chapter_and_plays_the_chosen() -> None:
    app = PracticeMenuApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ol = app.screen.query_one("#lessons")
        texts = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        assert texts[0].startswith("First game") and any(t.startswith("Chapter 1") for t in texts)
        assert sum(1 for i in range(ol.option_count) if ol.get_option_at_index(i).id) == len(shipped())
        await pilot.press("enter")
    assert app.return_value == shipped()[0].id == "tutorial"  # the first lesson not solved


async def test_a_lesson_solved_by_keys_counts_as_solved() -> None:
    app = lesson_app(BLOCK)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        assert "Goal:" in str(app.table_screen.query_one("#goal").render())
        await pilot.press("1")  # block with Canopy Stag
        screen = await over(pilot, app)
        assert screen.state.status == SOLVED and screen.tries == 1
    assert load_progress().get("ch1_block_lethal").solved


async def test_a_lesson_failed_is_tried_again_and_a_hint_shows() -> None:
    app = lesson_app(BLOCK)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("2")  # take the hit at 1 life
        screen = await over(pilot, app)
        assert screen.state.status == FAILED and "Rulebook ch.1 §6.3" in screen.state.why
        await pilot.press("r")  # try again: the lesson from its start
        await until(pilot, lambda: app.screen is app.table_screen and app.pending() is not None, "the lesson again")
        assert app.table.practice().status == PLAYING
        await pilot.press("w")
        await until(pilot, lambda: "a hit you take ends the game" in aside(app), "the lesson's hint")
        await pilot.press("1")
        screen = await over(pilot, app)
        assert screen.state.status == SOLVED and screen.tries == 2
    rec = load_progress().get("ch1_block_lethal")
    assert rec.solved and rec.tries == 2


async def test_the_tutorial_points_at_each_pane_and_its_first_step_summons() -> None:
    app = lesson_app(TUTORIAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await until(pilot, lambda: "Tip 1 of 8" in aside(app), "the first tip")
        assert app.table_screen.query_one("#status").has_class("guided")
        await pilot.press("g")
        await until(pilot, lambda: "Tip 2 of 8" in aside(app), "the second tip")
        assert app.focused is not None and app.focused.id == "opp-field"
        await pilot.press("1")  # summon Blazefang Raptor: its cost asked next
        await until(pilot, lambda: app.pending() is not None and "Pay" in app.pending().prompt, "the payment")


async def test_three_undos_in_a_lesson_land_where_those_decisions_began_and_redo_gives_them_again() -> None:
    app = lesson_app(TUTORIAL)
    lesson = read_lesson(TUTORIAL)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        hashes = []
        for answer in lesson.solution[:4]:  # summon, pay, place, end the Main Step
            await until(pilot, lambda: app.pending() is not None and not app.ai_busy, "the person's decision")
            hashes.append(game_of(app).state_hash())
            app.answer(answer)
        await until(pilot, lambda: app.pending() is not None and not app.ai_busy, "the Attack Step")
        now = game_of(app).state_hash()
        for _ in range(3):
            await pilot.press("u")
        await until(pilot, lambda: game_of(app).state_hash() == hashes[-3], "three decisions taken back")
        await pilot.press("U")
        await until(pilot, lambda: game_of(app).state_hash() == hashes[-2], "one given again")
        await pilot.press("U", "U")
        await until(pilot, lambda: game_of(app).state_hash() == now, "all given again")


async def test_a_moment_of_a_game_saved_as_a_puzzle_is_solved(tmp_path: Path) -> None:
    app = BattleApp(position_table(str(ROOT / "benchmarks" / "full_board.toml"), ai="easy"), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.pending() is not None, "the person's decision")
        first = app.pending().options[0]
        await pilot.press("p")
        await until(pilot, lambda: any(puzzle_dir().glob("*.toml")), "the puzzle file")
    path = next(puzzle_dir().glob("*.toml"))
    text = path.read_text(encoding="utf-8")
    # the player sets the goal: this moment asks for the answer they would give
    answer = "[" + ", ".join(f'"{x}"' if isinstance(x, str) else str(x) for x in first) + "]"
    text = re.sub(r"\[lesson\.goal\]\nwin = true", f"[lesson.goal]\nright = [{answer}]", text)
    path.write_text(text, encoding="utf-8")
    app2 = lesson_app(path)
    async with app2.run_test(size=(80, 24)) as pilot:
        await started(pilot, app2)
        assert app2.pending() is not None and app2.pending().options[0] == first
        await pilot.press("1")
        screen = await over(pilot, app2)
        assert screen.state.status == SOLVED and not screen.state.shipped


async def test_progress_is_kept_across_restarts() -> None:
    app = lesson_app(BLOCK)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("1")
        await over(pilot, app)
    menu = PracticeMenuApp()  # a new start: the progress read from its file
    async with menu.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ol = menu.screen.query_one("#lessons")
        line = next(
            str(o.prompt) for i in range(ol.option_count) if (o := ol.get_option_at_index(i)).id == "ch1_block_lethal"
        )
        assert line.lstrip().startswith("✓")
        head = str(menu.screen.query_one("#practice-head").render())
        assert "1 of" in head


GREYED = """
active = 0
turn = 3
step = "main"
[[player]]
hand = ["R06", "{swift}"]
deck = ["R01", "R01", "R01"]
field = [{ card = "R01", cores = 0, soul = true }]
life = 5
reserve = 1
[[player]]
deck = ["G01", "G01", "G01"]
field = [{ card = "G02", cores = 1, soul = true }]
life = 5
reserve = 3
"""


async def test_why_not_links_a_greyed_option_and_a_keyword_to_their_lessons(tmp_path: Path) -> None:
    """Issue 20: a greyed option's reason, and a keyword in the Card pane, open the lesson
    that teaches the rule (L)."""
    from bs_tui.engine import load_cards
    from bs_tui.practice.links import lesson_for_keyword
    from bs_tui.tui.screens.lesson import LessonLinkScreen

    swift = next(c.id for c in load_cards().cards.values() if c.keyword("swift") is not None and c.kind == "spirit")
    path = tmp_path / "greyed.toml"
    path.write_text(GREYED.replace("{swift}", swift), encoding="utf-8")
    app = BattleApp(position_table(str(path), ai="easy"), ai_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: app.pending() is not None, "the Main Step")
        actions = app.table_screen.query_one("#actions")
        greyed = next(oid for oid in actions.reasons)
        app.choose_option(greyed)  # Enter on the greyed summon of Pyre Colossus Dragon
        await until(pilot, lambda: "Lesson (L):" in aside(app), "the reason with its lesson")
        assert "cost" in app.why_lesson.topics
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LessonLinkScreen), "the lesson behind it")
        assert app.screen.lesson_id == app.why_lesson.id and not app.screen.can_play
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is app.table_screen, "back at the table")
        # the Card pane: a Swift spirit highlighted in the hand; its keyword links the flash lesson
        app.why_lesson = None
        await pilot.press("h")
        hand = app.table_screen.query_one("#hand")
        hand.highlighted = 1
        await until(pilot, lambda: "Lesson (L):" in app.table_screen.query_one("#detail").plain, "the keyword's lesson")
        await pilot.press("L")
        await until(pilot, lambda: isinstance(app.screen, LessonLinkScreen), "the keyword's lesson screen")
        assert app.screen.lesson_id == lesson_for_keyword("swift").id


def test_the_first_start_offers_the_tutorial_before_any_game(monkeypatch, tmp_path: Path) -> None:
    import argparse

    from bs_tui.tui import practice_run, run

    asked: list[int] = []
    played: list[str] = []
    monkeypatch.setattr(practice_run, "offer_tutorial", lambda: asked.append(1) or True)
    monkeypatch.setattr(practice_run, "run_practice", lambda target, args=None: played.append(target) or 0)
    args = argparse.Namespace(
        command=None,
        bare=True,
        save_dir=str(tmp_path),
        deck1="crimson_dawn",
        deck2="verdant_tide",
        seed=None,
        hotseat=False,
        position=None,
    )
    assert run.run_app(args) == 0
    assert asked == [1] and played == ["tutorial"] and list(tmp_path.iterdir()) == []  # no game begun
    assert load_progress().tutorial_offered
    assert not run.first_run()  # offered once only


async def test_welcome_screen_asks_yes_or_no() -> None:
    from bs_tui.tui.practice_run import WelcomeApp

    app = WelcomeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "tutorial" in str(app.screen.query_one("#confirm-text").render())
        await pilot.press("y")
    assert app.return_value is True


async def test_every_lesson_of_the_menu_can_be_highlighted_and_says_what_it_teaches() -> None:
    """Each entry's line under the list (it failed on a deck question, found in a tmux trial)."""
    app = PracticeMenuApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        ol = app.screen.query_one("#lessons")
        for i in range(ol.option_count):
            option = ol.get_option_at_index(i)
            if option.id is None:
                continue
            ol.highlighted = i
            await pilot.pause()
            about = str(app.screen.query_one("#lesson-about").render())
            assert about and "000 " not in about and "001 " not in about, (option.id, about)
