"""HandoverScreen: hot-seat play hides the table while control passes to the other player."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class HandoverScreen(ModalScreen[None]):
    """Covers everything; the next player presses Enter when they sit down."""

    BINDINGS = [Binding("enter,space", "ready", "I'm ready", priority=True)]

    def __init__(self, player_name: str, reason: str):
        super().__init__()
        self.player_name = player_name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the keyboard to {self.player_name}.\n\n{self.reason}\n\n"
                f"{self.player_name}: press Enter when the other player is not looking.",
                id="handover-text",
            )

    def action_ready(self) -> None:
        self.dismiss(None)
