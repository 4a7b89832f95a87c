"""CardScreen: one card whole, however small the Card pane is: its text, where it stands,
and each of its keywords with the rule and the rulebook section it comes from."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.view import FieldCardView

from ..cardlines import card_detail
from ..widgets.key_bar import KeyBar


class CardScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,i,q,enter", "close", "Close", tooltip="close the card"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Scroll", show=False),
        Binding("home", "scroll_to_end(0)", "Top", show=False),
        Binding("end", "scroll_to_end(1)", "Bottom", show=False),
    ]

    def __init__(self, card: CardDef, on_field: FieldCardView | None = None, cost_now: int = -1):
        super().__init__()
        self.card = card
        self.on_field = on_field
        self.cost_now = cost_now

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="card-box"):
            yield Static(card_detail(self.card, self.on_field, self.cost_now), id="card-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#card-box").border_title = "Card"

    def action_scroll(self, lines: int) -> None:
        self.query_one("#card-box", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_scroll_to_end(self, bottom: int) -> None:
        box = self.query_one("#card-box", VerticalScroll)
        if bottom:
            box.scroll_end(animate=False)
        else:
            box.scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
