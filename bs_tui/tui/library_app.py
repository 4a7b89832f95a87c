"""`bs-tui cards` with no command: the card library on its own (`screens/library.py`); and
`bs-tui decks new|edit NAME`: the deck builder on its own (`screens/deckbuilder.py`)."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from .cardlines import use_colour
from .crash import QuietCrashes
from .screens.library import LibraryScreen


class LibraryApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui cards"

    def __init__(self) -> None:
        super().__init__()
        use_colour(not self.no_color)  # card colours, unless NO_COLOR (as at the table)

    def on_mount(self) -> None:
        from bs_tui.engine import load_cards

        self.push_screen(LibraryScreen(load_cards()), callback=lambda _: self.exit(0))


def run_library() -> int:
    app = LibraryApp()
    result = app.run()
    return app.return_code or result or 0


class DeckBuilderApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui deck builder"

    def __init__(self, name: str, title: str, cards: dict[str, int]):
        super().__init__()
        use_colour(not self.no_color)  # card colours, unless NO_COLOR (as at the table)
        self.deck_name, self.deck_title, self.deck_cards = name, title, cards
        self.saved: str | None = None

    def on_mount(self) -> None:
        from bs_tui.engine import load_cards

        from .screens.deckbuilder import DeckBuilderScreen

        def done(path: str | None) -> None:
            self.saved = path
            self.exit(0)

        self.push_screen(DeckBuilderScreen(load_cards(), self.deck_name, self.deck_title, self.deck_cards), done)


def run_builder(name: str, title: str, cards: dict[str, int]) -> int:
    app = DeckBuilderApp(name, title, cards)
    result = app.run()
    if app.saved:
        print(f"saved {app.saved} (play it with: bs-tui play --deck1 {name})")
    return app.return_code or result or 0
