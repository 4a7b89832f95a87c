"""`bs-tui practice [NAME|FILE]`: the list of lessons, then the lesson chosen at the table,
then the next one or the list again, until the player leaves. A file that is not a lesson
is one line per problem and exit 2, before any screen."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import App

from bs_tui.files import printable

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


def choose_lesson(chosen: str = "") -> str:
    """The menu: the id of the lesson chosen, or "" to leave."""
    app = PracticeMenuApp(chosen)
    return app.run() or ""


def run_practice(target: str | None, args: argparse.Namespace | None = None) -> int:
    from bs_tui.practice.catalogue import find, next_after
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
        app = BattleApp(PracticeSeat.for_lesson(lesson), args=args, settings=settings, config_file=config_file)
        code = app.run() or 0
        last = lesson.id
        if app.practice_exit == "next":
            nxt = next_after(lesson.id)
            target = nxt.id if nxt is not None else None
        elif app.practice_exit == "menu":
            target = None
        else:
            return app.return_code or code
