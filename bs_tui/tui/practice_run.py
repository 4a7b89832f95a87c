"""`bs-tui practice [NAME|FILE]`: the list of lessons, then the lesson chosen at the table,
then the next one or the list again, until the player leaves. A file that is not a lesson
is one line per problem and exit 2, before any screen."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App

from bs_tui.files import printable
from bs_tui.practice.lesson import Lesson

from .cardlines import use_colour
from .crash import QuietCrashes
from .screens.practice_menu import PracticeMenuScreen


class PracticeMenuApp(QuietCrashes, App[str]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui practice"

    def __init__(self, chosen: str = "") -> None:
        super().__init__()
        use_colour(not self.no_color)
        self.chosen = chosen

    def on_mount(self) -> None:
        from bs_tui.practice.progress import load_progress

        self.push_screen(PracticeMenuScreen(load_progress(), self.chosen), callback=self.exit)


class WelcomeApp(QuietCrashes, App[bool]):
    """The very first start of bs-tui: the tutorial offered before any game begins."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui"

    def on_mount(self) -> None:
        from .screens.confirm import ConfirmScreen

        question = "Welcome to bs-tui! New to Battle Spirits? Play the tutorial first: one guided turn."
        note = "n: straight to a game against the AI. The tutorial stays there: bs-tui practice tutorial"
        self.push_screen(ConfirmScreen(question, note), callback=lambda yes: self.exit(bool(yes)))


def offer_tutorial() -> bool:
    """Whether the player takes the tutorial offered at the first start."""
    return bool(WelcomeApp().run())


def choose_lesson(chosen: str = "") -> str:
    """The menu: the id of the lesson chosen, or "" to leave."""
    app = PracticeMenuApp(chosen)
    return app.run() or ""


def run_practice(target: str | None, args: argparse.Namespace | None = None) -> int:
    from bs_tui.practice.catalogue import find
    from bs_tui.practice.lesson import LessonError, read_lesson
    from bs_tui.practice.seat import PracticeSeat
    from bs_tui.settings import config_path, load_settings

    from .app import BattleApp

    config_file = config_path()
    settings = load_settings(config_file)
    last = ""
    while True:
        if target is None:
            target = choose_lesson(last)
            if not target:
                return 0
        path = find(target) or target
        if not Path(path).exists():
            print(
                f"bs-tui practice: no lesson called {printable(target)} (see `bs-tui practice list`)", file=sys.stderr
            )
            return 2
        try:
            lesson = read_lesson(path)
        except LessonError as e:
            for p in e.problems:
                print(printable(p), file=sys.stderr)
            return 2
        app: BattleApp | DeckLessonApp
        if lesson.goal.kind == "deck":
            app = DeckLessonApp(lesson)
        else:
            name = getattr(args, "name_override", None) or settings.player_name or None
            # saved as any game is: `bs-tui resume` plays the try on
            seat = PracticeSeat.for_lesson(lesson, name, save=True, save_dir=getattr(args, "save_dir", None))
            app = BattleApp(seat, args=args, settings=settings, config_file=config_file)
        code = app.run() or 0
        last = lesson.id
        if not app.practice_exit:
            return app.return_code or code
        target = then(app.practice_exit, lesson.id)


def then(choice: str, lesson_id: str) -> str | None:
    """What comes after a lesson the player left with `choice`: the lesson to play next, or
    None for the list of lessons."""
    from bs_tui.practice.catalogue import next_after

    if choice == "next":
        nxt = next_after(lesson_id)
        return nxt.id if nxt is not None else None
    if choice.startswith("goto:"):  # a "why not?" followed to its lesson
        return choice[5:]
    return None


class DeckLessonApp(QuietCrashes, App[int]):
    """A lesson of deck building: the deck, the question, and how the answer stands."""

    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui practice"

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        use_colour(not self.no_color)
        self.lesson = lesson
        self.practice_exit = ""
        self.hint_first = False

    def on_mount(self) -> None:
        self.ask()

    def ask(self) -> None:
        from bs_tui.practice.seat import lesson_state

        from .screens.lesson import DeckQuestionScreen

        db = self.lesson.db
        assert db is not None
        cards = [(f"{db[cid].name} ({db[cid].kind}, {cid})", n) for cid, n in self.lesson.goal.deck]
        screen = DeckQuestionScreen(lesson_state(self.lesson), cards)
        self.push_screen(screen, callback=self.answered)
        if self.hint_first:
            self.hint_first = False
            self.call_after_refresh(screen.action_hint)

    def answered(self, yes: bool | None) -> None:
        from bs_tui.practice.attempt import DeckAttempt
        from bs_tui.practice.catalogue import next_after
        from bs_tui.practice.progress import load_progress
        from bs_tui.practice.seat import lesson_state
        from bs_tui.practice.state import SOLVED

        from .screens.lesson import LessonOverScreen

        a = DeckAttempt(self.lesson)
        a.answer(bool(yes))
        state = lesson_state(self.lesson, 0, a.status, a.why)
        tries = load_progress().tried(self.lesson.id, a.status == SOLVED).tries if state.shipped else 0
        has_next = state.shipped and next_after(self.lesson.id) is not None
        self.push_screen(LessonOverScreen(state, tries, has_next, at_table=False), callback=self.chosen)

    def chosen(self, choice: str | None) -> None:
        if choice in ("again", "undo", "hint"):
            self.hint_first = choice == "hint"
            self.ask()
        elif choice == "next":
            self.practice_exit = "next"
            self.exit(0)
        else:  # the lessons (Esc too: there is no table to look at)
            self.practice_exit = "menu"
            self.exit(0)
