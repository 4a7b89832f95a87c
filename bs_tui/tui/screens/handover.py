"""HandoverScreen: hot-seat play hides the table while control passes to the other player.

It names who is to decide and what kind of moment it is ("Player 2: flash timing"), never
the prompt or the options: those may name a face-down burst or a card in hand, and the
player handing over is still looking."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static


class HandoverScreen(ModalScreen[None]):
    """Covers everything; the next player presses Enter when they sit down."""

    BINDINGS = [Binding("enter,space", "ready", "I'm ready", priority=True)]

    def __init__(self, player_name: str, moment: str):
        super().__init__()
        self.player_name = player_name
        self.moment = moment

    def compose(self) -> ComposeResult:
        name = self.player_name
        with Middle(), Center():
            yield Static(
                Text.assemble(
                    f"Pass the keyboard to {name}.\n\n",
                    (f"{name}: {self.moment}", "bold"),
                    f"\n\n{name}: press Enter when the other player is not looking.",
                    ("\n\nq: quit the game", "dim"),
                ),
                id="handover-text",
            )

    def action_ready(self) -> None:
        self.dismiss(None)
