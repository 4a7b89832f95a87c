"""ResumeScreen: a bare `bs-tui` offers to go on with the last unfinished game."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from bs_tui.saves import SaveInfo


class ResumeScreen(ModalScreen[bool]):
    """Returns True to resume the saved game, False to start a new one."""

    BINDINGS = [
        Binding("r,enter,y", "resume", "Resume", priority=True),
        Binding("n", "new", "New game"),
    ]

    def __init__(self, info: SaveInfo):
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        i = self.info
        when = datetime.fromtimestamp(i.last_played).strftime("%Y-%m-%d %H:%M") if i.last_played else "?"
        with Vertical(id="confirm-box"):
            # names come from a file: plain text, never markup
            yield Static(
                Text.assemble(
                    ("An unfinished game is waiting.", "bold"),
                    f"\n\n{' vs '.join(i.players)}\n{' vs '.join(i.decks)}\n",
                    f"Turn {i.turn}, {i.step}; last played {when}\n\n",
                    ("r", "bold"),
                    " resume it    ",
                    ("n", "bold"),
                    " start a new game",
                ),
                id="confirm-text",
            )

    def action_resume(self) -> None:
        self.dismiss(True)

    def action_new(self) -> None:
        self.dismiss(False)
