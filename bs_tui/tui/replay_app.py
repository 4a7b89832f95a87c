"""ReplayApp: step through a saved game forwards and backwards, with its log, from the
seats it may be viewed from: both once the game is over, else only the seats people
played at that table (against the AI, the AI's hand, deck order and face-down burst stay
hidden, and so does what the AI was asked). An unfinished game no person played is
watched as a spectator, who sees only what is public."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from bs_tui.engine import Game, PlayerView, view_for
from bs_tui.engine.view import SPECTATOR
from bs_tui.saves import Replay, new_game_from_header

from .crash import QuietCrashes
from .labels import option_label
from .widgets.board import Board
from .widgets.log_pane import LogPane
from .widgets.sidebar import Sidebar
from .widgets.status_bar import StatusBar


def describe(g: Game, answer: Any) -> str:
    """What a recorded answer did, in words, from the decider's seat."""
    d = g.decision
    if d is None:
        return str(answer)
    who = g.name(d.player)
    if d.allocation is not None:
        if isinstance(answer, tuple) and answer and answer[0] in ("pay", "place"):
            n = sum(k for _, k in answer[1]) + bool(answer[2])
            verb = "pays" if answer[0] == "pay" else "places"
            return f"{who} {verb} {n} core(s)" + (" with the Soul Core" if answer[2] else "")
        if answer == ("cancel",):
            return f"{who} cancels"
        return f"{who} moves cores"
    return f"{who}: {option_label(view_for(g, d.player), d, answer)}"


class ReplayApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui replay"
    BINDINGS = [
        Binding("right,n,space", "step(1)", "Forward"),
        Binding("left,b", "step(-1)", "Back"),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "goto(0)", "Start", show=False, priority=True),
        Binding("end", "goto(-1)", "End", show=False, priority=True),
        Binding("v", "switch_seat", "Switch seat"),
        Binding("q,escape", "quit", "Quit"),
    ]

    def __init__(self, replay: Replay):
        super().__init__()
        self.replay = replay
        self.seats: tuple[int, ...] = replay.seats
        g = new_game_from_header(replay.header)
        self.states: list[Game] = [g.copy()]
        # what each answer did, told only when its decider's seat may be viewed
        self.labels: list[str] = []
        for a in replay.answers:
            d = g.decision
            hidden = d is not None and d.player not in self.seats
            self.labels.append(f"{g.name(d.player)} decides" if hidden and d is not None else describe(g, a))
            g.answer(a)
            self.states.append(g.copy())
        self.at = 0
        self.seat = self.seats[0] if self.seats else SPECTATOR

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield Board(id="left")
            yield Sidebar(Static(id="replay-bar"), id="right")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    def view(self) -> PlayerView:
        """What the current seat sees at the current point; never a seat not in `seats`."""
        assert self.seat in self.seats or self.seat == SPECTATOR
        return view_for(self.states[self.at], self.seat)

    def show(self) -> None:
        g = self.states[self.at]
        v = self.view()
        name = escape(v.you.name)  # border titles are markup; a name is text
        self.query_one("#status", StatusBar).show(v)
        self.query_one(Board).show(v, f"{name}'s field")
        self.query_one("#hand").border_title = f"{name}'s hand" + (" (hidden)" if v.you.hand is None else "")
        log = self.query_one("#log", LogPane)
        log.clear()
        log.shown = 0
        log.show(v.log)
        n = len(self.states) - 1
        t = Text()
        t.append(f"Decision {self.at} of {n}", style="bold")
        t.append(f" · seat: {'spectator' if self.seat == SPECTATOR else v.you.name}\n")
        if self.at < n:
            t.append("Next: " + self.labels[self.at])
        else:
            t.append("The end of the record." + (" The game is over." if g.over else " The game goes on."))
        if not self.seats:
            t.append("\nBoth hands stay hidden: no person played this game, and it is not over.")
        elif len(self.seats) < 2:
            t.append(f"\n{g.name(1 - self.seat)}'s cards stay hidden: the game is not over.")
        self.query_one("#replay-bar", Static).update(t)

    def action_step(self, n: int) -> None:
        self.at = max(0, min(len(self.states) - 1, self.at + n))
        self.show()

    def action_goto(self, n: int) -> None:
        self.at = n if n >= 0 else len(self.states) - 1
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # one seat to view: the switch is neither shown nor bound
        return not (action == "switch_seat" and len(self.seats) < 2)

    def action_switch_seat(self) -> None:
        if len(self.seats) < 2:
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.show()
