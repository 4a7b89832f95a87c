"""What the table's parts (`choosing`, `hinting`) need of the app that holds them: its seat,
whose eyes the screen is, and the few acts that answer or tell. They are written against
this and never import the app, so no module of the table imports its own user."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.screen import Screen

from bs_tui.engine import Decision, PlayerView
from bs_tui.seats import Seat


class TableHost(App[int]):
    """The app as its parts see it (for type checking only; `BattleApp` is the one)."""

    table: Seat
    viewer: int
    closing: bool
    ai_busy: bool
    work_pane: str | None

    @property
    def table_screen(self) -> Screen: ...
    @property
    def ai_budget(self) -> float | None: ...
    def view(self) -> PlayerView: ...
    def pending(self) -> Decision | None: ...
    def decision_key(self) -> tuple[int, int]: ...
    def answer(self, answer: Any, by_person: bool = True) -> None: ...
    def tell(self, message: str, title: str = "") -> None: ...
    def fit_decision(self, h: int | None = None) -> None: ...
    def open_allocation(self) -> None: ...
    def end_main_step(self, answer: Any) -> None: ...
    def end_attack_step(self, answer: Any) -> None: ...
