"""SettingsScreen: the player's settings (for now, hot-seat auto-pass), saved to the
config file when confirmed."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Static

from bs_tui.settings import Settings

AUTO_PASS = """\
When on, a flash timing or a burst window in which you have nothing to do is passed at \
once, with no hand-over.

[b]This reveals information: the other player can tell when you have nothing to play[/b] \
(no flash card you can use in hand, a burst that this does not set off).

When off, every such moment is handed over and asked like any other, so hand-overs tell \
nothing. Against the AI these moments are always passed at once."""


class SettingsScreen(ModalScreen[Settings | None]):
    """Returns the new settings, or None when cancelled."""

    BINDINGS = [
        Binding("s", "save", "Save"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, settings: Settings, where: str = ""):
        super().__init__()
        self.settings = settings
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical(id="settings-box"):
            yield Checkbox("Hot-seat auto-pass", self.settings.hotseat_auto_pass, id="hotseat-auto-pass")
            yield Static(AUTO_PASS, id="settings-note")
            saved = f"s saves them in {self.where}" if self.where else "Kept for this game only (no config file)."
            yield Static("[b]Space[/b] toggle    [b]s[/b] save    [b]Esc[/b] cancel", id="settings-keys")
            yield Static(saved, id="settings-where", markup=False)

    def on_mount(self) -> None:
        self.query_one("#settings-box").border_title = "Settings"
        self.query_one(Checkbox).focus()

    def action_save(self) -> None:
        auto_pass = self.query_one("#hotseat-auto-pass", Checkbox).value
        self.dismiss(replace(self.settings, hotseat_auto_pass=auto_pass))

    def action_cancel(self) -> None:
        self.dismiss(None)
