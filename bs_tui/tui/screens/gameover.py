"""GameOverScreen: who won and why (life 0, deck out), and one key each for a rematch
(the same decks, a new shuffle), a new game, and quitting; the name of the save is shown
so the game can be replayed. Escape looks at the final table."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.key_bar import KeyBar


def reason_words(reason: str) -> str:
    """The engine's reason with its kind named first (life 0 / deck out)."""
    if "life is 0" in reason:
        return f"Life 0: {reason}."
    if "no cards in the deck" in reason:
        return f"Deck out: {reason}."
    return f"{reason}." if reason else ""


class GameOverScreen(ModalScreen[str]):
    """Returns "rematch", "new", "quit", or "" to look at the table."""

    BINDINGS = [
        Binding("r", "done('rematch')", "Rematch", tooltip="the same decks again, a new shuffle"),
        Binding("n", "done('new')", "New game", tooltip="choose the decks of a new game"),
        Binding("q", "done('quit')", "Quit", tooltip="leave bs-tui (the game is over and saved)"),
        Binding("escape", "done('')", "Look at the table", tooltip="close this and look at the final table"),
    ]

    def __init__(self, headline: str, reason: str, save: str = "", replay: str = ""):
        super().__init__()
        self.headline = headline
        self.reason = reason
        self.save = save
        self.replay = replay

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(self.headline + "\n\n", style="bold")
        t.append(reason_words(self.reason) + "\n")
        if self.save:
            t.append("\nSaved as ")
            t.append(self.save, style="bold")
            t.append(f"\nWatch it again: {self.replay}\n" if self.replay else "\n")
        t.append("\n")
        for key, what in (("r", "rematch"), ("n", "new game"), ("q", "quit"), ("Esc", "look at the table")):
            t.append(f" {key} ", style="bold reverse")
            t.append(f" {what}   ")
        with Vertical(id="gameover-box"):
            yield Static(t, id="gameover-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#gameover-box").border_title = "Game over"

    def action_done(self, what: str) -> None:
        self.dismiss(what)
