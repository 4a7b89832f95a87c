"""CardDetail: the focused card in full: cost, reduction, colours, families, levels,
symbols, effect text, and on the field its level, BP, cores and state."""

from __future__ import annotations

from textual.widgets import Static

from bs_tui.engine.cards import CardDef
from bs_tui.engine.view import FieldCardView

from ..labels import card_detail


class CardDetail(Static):
    def show(self, card: CardDef | None, on_field: FieldCardView | None = None, cost_now: int = -1) -> None:
        if card is None:
            self.update("Highlight a card to see it in full.")
            return
        self.update(card_detail(card, on_field, cost_now))
