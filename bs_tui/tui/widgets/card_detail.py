"""CardDetail: the card in focus in full: cost, reduction, colours, families, levels,
symbols, effect text, on the field its level, BP, cores and state, and each of its
keywords explained with the rulebook section it comes from."""

from __future__ import annotations

from textual.widgets import Static

from bs_tui.engine.cards import CardDef
from bs_tui.engine.view import FieldCardView

from ..cardlines import card_detail

NOTHING = "Highlight a card (h hand, f your field, o the opponent's) to see it here; i shows it whole."


class CardDetail(Static):
    def on_mount(self) -> None:
        self.shown: tuple[CardDef, FieldCardView | None, int] | None = None

    def show(self, card: CardDef | None, on_field: FieldCardView | None = None, cost_now: int = -1) -> None:
        shown = (card, on_field, cost_now) if card is not None else None
        if shown == getattr(self, "shown", 0):
            return  # the same card again: nothing to repaint
        self.shown = shown
        if card is None:
            self.update(NOTHING)
            return
        self.update(card_detail(card, on_field, cost_now))
        if self.parent is not None and hasattr(self.parent, "scroll_home"):
            self.parent.scroll_home(animate=False)
