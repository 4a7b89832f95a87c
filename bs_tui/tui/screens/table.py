"""TableScreen: the table itself, the first screen of the app. Its keys are its own, so they
act only while it is on top: never behind a hot-seat hand-over, a question, or a card opened
whole. What they do is the app's (`app.` actions), which holds the seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ..widgets.action_pane import DecisionArea
from ..widgets.board import Board
from ..widgets.key_bar import KeyBar
from ..widgets.sidebar import Sidebar
from ..widgets.status_bar import StatusBar


class TableScreen(Screen[None]):
    AUTO_FOCUS = "#actions"
    BINDINGS = [
        Binding("e", "app.negative", "End/Pass"),
        Binding("d", "app.default_alloc", "Default cores"),
        Binding("c", "app.custom_alloc", "Choose cores"),
        Binding("m", "app.move_cores", "Move cores"),
        Binding("r", "app.rematch", "Rematch"),
        Binding("n", "app.new_game", "New game"),
        Binding("i", "app.inspect", "Card"),
        Binding("t", "app.trash", "Trash"),
        Binding(
            "w", "app.hint", "Hint", tooltip="a hint: a lesson's own; in a game, what the hard AI would do now, and why"
        ),
        Binding(
            "u", "app.undo", "Undo", show=False, tooltip="take back your last decision (against the AI, and in lessons)"
        ),
        Binding("U", "app.redo", "Redo", show=False, tooltip="give again the decision last taken back"),
        Binding("b", "app.library", "Cards", show=False, tooltip="the card library: every card, filtered as you type"),
        Binding(
            "p", "app.save_moment", "Save as puzzle", show=False, tooltip="this decision, as you know it, as a puzzle"
        ),
        Binding("g", "app.guide", "Next tip", tooltip="the tutorial's next tip"),
        Binding("L", "app.lesson_link", "Lesson", show=False, tooltip='the lesson behind a "why not" or a keyword'),
        Binding("comma", "app.settings", "Settings", show=False),
        Binding("a", "app.focus_pane('actions')", "Options", show=False),
        Binding("h", "app.focus_pane('hand')", "Hand", show=False),
        Binding("f", "app.focus_pane('my-field')", "Your field", show=False),
        Binding("o", "app.focus_pane('opp-field')", "Opponent's field", show=False),
        Binding("l", "app.focus_pane('log')", "Log", show=False),
        *(Binding(str(n), f"app.choose({n})", f"Option {n}", show=False) for n in range(1, 10)),
        # Esc then a digit typed quickly reaches a terminal app as Alt+digit (the tmux trial
        # lost digits so): Esc means nothing at the table, the digit is what was meant
        *(Binding(f"alt+{n}", f"app.choose({n})", f"Option {n}", show=False) for n in range(1, 10)),
    ]

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield Board(id="left")
            yield Sidebar(id="right")
        yield DecisionArea(id="decision")
        yield Static(id="too-small")
        yield KeyBar(id="keys")

    class Resized(Message):
        """The terminal changed size: the table fits itself to it."""

        def __init__(self, width: int, height: int) -> None:
            super().__init__()
            self.width, self.height = width, height

    def __init__(self, ready: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ready = ready  # set by the app: shows the game

    def on_mount(self) -> None:
        # called, not posted: a message would be handled after the first frame, and the game
        # would come a frame (some 50 ms) later
        self.ready()

    def on_resize(self, event: events.Resize) -> None:
        self.post_message(self.Resized(event.size.width, event.size.height))
