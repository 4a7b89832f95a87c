"""ConfirmScreen: a yes/no question (quitting, ending the Main Step with cards left). A key
other than yes or no answers no and then does what it does at the table: a key typed
after the question came up is never lost."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "yes", "Yes", tooltip="yes"),
        Binding("n,escape", "no", "No", tooltip="no: back to where you were"),
    ]

    def __init__(self, question: str, note: str = ""):
        super().__init__()
        self.question = question
        self.note = note

    def compose(self) -> ComposeResult:
        t = Text(self.question + "\n\n")  # plain text: a card or player name is never markup
        t.append(" y ", style="bold reverse")
        t.append(" yes    ")
        t.append(" n ", style="bold reverse")
        t.append(" no")
        if self.note:
            t.append("\n\n" + self.note, style="italic")
        with Vertical(id="confirm-box"):
            yield Static(t, id="confirm-text")

    def on_key(self, event: events.Key) -> None:
        if event.key in ("y", "n", "escape"):
            return
        event.stop()
        event.prevent_default()
        self.dismiss(False)
        self.app.call_after_refresh(self.app.simulate_key, event.key)  # now where the question came from

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)
