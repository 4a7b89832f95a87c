"""CardDetail: the card in focus in full: cost, reduction, colours, families, levels,
symbols, effect text, on the field its level, BP, cores and state, and each of its
keywords explained with the rulebook section it comes from.

It draws its own lines (the line API) and keeps its scrollbar: a new card changes only
this pane, never the layout of the screen, so moving through the hand stays cheap to
repaint (over SSH, every byte counts)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.view import FieldCardView

from ..cardlines import card_detail

NOTHING = "Highlight a card (h hand, f your field, o the opponent's) to see it here; i shows it whole."


class CardDetail(ScrollView, can_focus=False):
    DEFAULT_CSS = """
    CardDetail { overflow-y: scroll; overflow-x: hidden; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.shown: tuple[CardDef, FieldCardView | None, int] | None = None
        self.text = Text(NOTHING)
        self._strips: list[Strip] = []
        self._width = -1

    @property
    def plain(self) -> str:
        return self.text.plain

    def show(self, card: CardDef | None, on_field: FieldCardView | None = None, cost_now: int = -1) -> None:
        shown = (card, on_field, cost_now) if card is not None else None
        if shown == self.shown and self._width >= 0:
            return  # the same card again: nothing to repaint
        self.shown = shown
        self.text = Text(NOTHING) if card is None else card_detail(card, on_field, cost_now)
        self._wrap()
        self.scroll_to(0, 0, animate=False)

    def _wrap(self) -> None:
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        self._width = width
        console = self.app.console
        lines = console.render_lines(self.text, console.options.update_width(width), pad=False)
        before = len(self._strips)
        self._strips = [Strip(line).simplify() for line in lines]
        size = Size(width, len(self._strips))
        # set without the reactive's layout pass: only this pane's lines change
        self.set_reactive(Widget.virtual_size, size)
        self._scroll_update(size)
        # repaint only the rows that held or hold text: blank rows below stay as they are
        rows = max(before, len(self._strips))
        if 0 < rows < self.size.height:
            self.refresh(Region(0, 0, self.size.width, rows))
        else:
            self.refresh()

    def on_resize(self) -> None:
        self._wrap()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        i = scroll_y + y
        if i >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[i].crop_extend(scroll_x, scroll_x + width, self.rich_style).apply_style(self.rich_style)
