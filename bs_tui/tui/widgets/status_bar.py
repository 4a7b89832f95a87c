"""StatusBar: turn number, active player, current step and what the game waits for."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from bs_tui.engine import PlayerView

from ..labels import STEP_LABEL, WAITING, question_of


class StatusBar(Static):
    """One line at the top of the table."""

    def show(
        self, v: PlayerView, thinking: bool = False, hinting: bool = False, news: str = "", level: str = ""
    ) -> None:
        """`news`: the last thing the other side did since this player's last decision, shown
        in place of "Your move" (the question itself is in the decision area); `level`: the
        AI's, named while it decides."""
        active = "Your turn" if v.active == v.me else f"{v.sides[v.active].name}'s turn"
        step = STEP_LABEL.get(v.step, v.step)
        if v.winner >= 0:
            wait = f"Game over: {v.sides[v.winner].name} wins ({v.end_reason})"
        elif v.waiting_for < 0:
            wait = "…"
        elif v.waiting_for == v.me:
            d = v.decision
            q = question_of(d) if d is not None else None
            wait = f"Your move: {q.moment if q is not None else WAITING.get(v.waiting_kind, v.waiting_kind)}"
            if news:
                wait = news
            if hinting:
                wait += " (finding a hint…)"
        else:
            who = v.sides[v.waiting_for].name + (f" ({level})" if level else "")  # the AI's level, said
            wait = f"Waiting for {who}: {WAITING.get(v.waiting_kind, v.waiting_kind)}" + (
                " (thinking…)" if thinking else ""
            )
        if v.winner >= 0:
            self.update(Text(f"Turn {v.turn} · {wait}"))
            return
        if v.turn == 0:
            self.update(Text(f"Before the first turn · {wait}"))
            return
        if news and v.waiting_for == v.me:  # room for the news: whose turn the news tells
            self.update(Text(f"Turn {v.turn} · {step} · {wait}"))
            return
        self.update(Text(f"Turn {v.turn} · {active} · {step} · {wait}"))  # Text: a name is never markup
