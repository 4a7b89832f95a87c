"""`bs-tui cards` with no command: the card library on its own (`screens/library.py`)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from .crash import QuietCrashes
from .screens.library import LibraryScreen


class LibraryApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui cards"

    def on_mount(self) -> None:
        from bs_tui.engine import load_cards

        self.push_screen(LibraryScreen(load_cards()), callback=lambda _: self.exit(0))


def run_library() -> int:
    app = LibraryApp()
    result = app.run()
    return app.return_code or result or 0
