"""Sidebar: the right-hand column of the table: what sits on top (the replay bar, in the
replay), the card in focus in full, and the log. On a wide terminal the card and the log
stand side by side."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from .card_detail import CardDetail
from .log_pane import LogPane


class Sidebar(Vertical):
    def __init__(self, top: Widget | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.top = top

    def compose(self) -> ComposeResult:
        if self.top is not None:
            yield self.top
        yield CardDetail(id="detail")
        yield LogPane(id="log", wrap=True, markup=False, min_width=20)

    def on_mount(self) -> None:
        self.query_one("#detail").border_title = "Card (i: whole card)"
        self.query_one("#log").border_title = "Log"
        self.query_one("#detail", CardDetail).show(None)
