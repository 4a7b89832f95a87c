"""ResumeScreen: a bare `bs-tui` offers to go on with the last unfinished game."""

from __future__ import annotations

from datetime import datetime

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
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
            yield Static(
                f"[b]An unfinished game is waiting.[/b]\n\n"
                f"{escape(' vs '.join(i.players))}\n{escape(' vs '.join(i.decks))}\n"
                f"Turn {i.turn}, {escape(str(i.step))}; last played {when}\n\n"
                "[b]r[/b] resume it    [b]n[/b] start a new game",
                id="confirm-text",
            )

    def action_resume(self) -> None:
        self.dismiss(True)

    def action_new(self) -> None:
        self.dismiss(False)
