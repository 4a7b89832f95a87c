"""SettingsScreen: the player's settings (name, theme, the questions the table asks, the
AI's level and speed, hot-seat auto-pass), saved to the config file when confirmed."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, Input, Label, Select, Static

from bs_tui.settings import AI_LEVELS, AI_SPEEDS, MAX_NAME, Settings, check_name

from ..widgets.key_bar import KeyBar

AUTO_PASS = """\
When on, a flash timing or a burst window in which you have nothing to do is passed at \
once, with no hand-over.

[b]This reveals information: the other player can tell when you have nothing to play[/b] \
(no flash card you can use in hand, a burst that this does not set off).

When off, every such moment is handed over and asked like any other, so hand-overs tell \
nothing. Against the AI these moments are always passed at once."""


# The AI levels as the settings and the new-game screen offer them (for new games).
LEVEL_WORDS = {
    "easy": "easy (plays by simple rules)",
    "normal": "normal (searches briefly)",
    "hard": "hard (searches up to 1 s a move)",
}


class OnOff(Checkbox):
    """A checkbox whose mark says on or off by its shape (✓ or blank), not by its colour
    alone: with NO_COLOR a plain X would read the same either way."""

    @property  # type: ignore[override]
    def BUTTON_INNER(self) -> str:  # noqa: N802 (the name Checkbox reads)
        return "✓" if self.value else " "


def speed_options(current: int) -> list[tuple[str, int]]:
    opts = [(f"{name} ({ms / 1000:g} s)", ms) for name, ms in AI_SPEEDS]
    if current not in [ms for _, ms in AI_SPEEDS]:
        opts.append((f"your own ({current / 1000:g} s)", current))
    return opts


class SettingsScreen(ModalScreen[Settings | None]):
    """Returns the new settings, or None when cancelled."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", tooltip="save the settings"),
        Binding("s", "save", "Save", show=False, tooltip="save the settings (when not typing a name)"),
        Binding("escape", "cancel", "Cancel", tooltip="leave them as they were"),
    ]

    def __init__(self, settings: Settings, where: str = "", themes: list[str] | None = None):
        super().__init__()
        self.settings = settings
        self.where = where
        self.themes = themes or [settings.theme]

    def compose(self) -> ComposeResult:
        s = self.settings
        with VerticalScroll(id="settings-box"):
            with Horizontal(classes="setting-row"):
                yield Label("Your name ", classes="setting-label")
                yield Input(
                    s.player_name,
                    placeholder="your login name",
                    max_length=MAX_NAME,
                    id="player-name",
                    compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label("Player 2 ", classes="setting-label")
                yield Input(
                    s.player2_name,
                    placeholder="the second name in hot-seat",
                    max_length=MAX_NAME,
                    id="player2-name",
                    compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label("Theme ", classes="setting-label")
                themes = sorted(set(self.themes) | {s.theme})
                yield Select([(t, t) for t in themes], value=s.theme, allow_blank=False, id="theme", compact=True)
            with Horizontal(classes="setting-row"):
                yield Label("AI level ", classes="setting-label")
                yield Select(
                    [(LEVEL_WORDS[lv], lv) for lv in AI_LEVELS],
                    value=s.ai_level,
                    allow_blank=False,
                    id="ai-level",
                    compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label("AI speed ", classes="setting-label")
                yield Select(
                    speed_options(s.ai_pause_ms), value=s.ai_pause_ms, allow_blank=False, id="ai-speed", compact=True
                )
            yield OnOff(
                "Ask before ending the Main Step while a card can still be played",
                s.confirm_end_main,
                id="confirm-end-main",
                compact=True,
            )
            yield OnOff(
                "Ask before ending the Attack Step while a spirit can still attack",
                s.confirm_end_attack,
                id="confirm-end-attack",
                compact=True,
            )
            yield OnOff("Ask before quitting a game that is not over", s.confirm_quit, id="confirm-quit", compact=True)
            yield OnOff("Hot-seat auto-pass", s.hotseat_auto_pass, id="hotseat-auto-pass", compact=True)
            yield Static(AUTO_PASS, id="settings-note")
            saved = f"Saved in {self.where}" if self.where else "Kept for this game only (no config file)."
            yield Static(
                "[b]Tab[/b] next · [b]Space[/b] toggle · [b]Ctrl+S[/b] or [b]s[/b] save · [b]Esc[/b] cancel",
                id="settings-keys",
            )
            yield Static(saved, id="settings-where", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#settings-box").border_title = "Settings"
        self.query_one("#player-name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.focus_next()

    def action_save(self) -> None:
        name = self.query_one("#player-name", Input).value.strip()
        name2 = self.query_one("#player2-name", Input).value.strip()
        why = check_name(name) or check_name(name2)
        if why:
            self.notify(f"A name must have {why}.", title="Not saved", severity="warning")
            return
        theme = self.query_one("#theme", Select).value
        speed = self.query_one("#ai-speed", Select).value
        level = self.query_one("#ai-level", Select).value
        self.dismiss(
            replace(
                self.settings,
                player_name=name,
                player2_name=name2,
                theme=theme if isinstance(theme, str) else self.settings.theme,
                ai_pause_ms=speed if isinstance(speed, int) else self.settings.ai_pause_ms,
                ai_level=level if level in AI_LEVELS else self.settings.ai_level,
                confirm_end_main=self.query_one("#confirm-end-main", Checkbox).value,
                confirm_end_attack=self.query_one("#confirm-end-attack", Checkbox).value,
                confirm_quit=self.query_one("#confirm-quit", Checkbox).value,
                hotseat_auto_pass=self.query_one("#hotseat-auto-pass", Checkbox).value,
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)
