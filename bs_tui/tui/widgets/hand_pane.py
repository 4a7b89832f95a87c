"""HandPane: your hand, a card per line with its cost after reduction."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets.option_list import Option

from bs_tui.engine.view import SideView

from ..labels import hand_line
from .counted import CountedList


class HandPane(CountedList):
    """Enter on a card plays it, or says why it cannot be played now."""

    # a move repaints the two lines that change, not the whole pane: over SSH every byte
    # counts (Textual 8.2.8's OptionList keeps where each option's lines are)
    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:  # type: ignore[override]
        super().watch_highlighted(new)
        for i in (old, new):
            if i is not None and i in self._index_to_line:
                self.refresh_lines(self._index_to_line[i], self._heights[i])

    def show(self, side: SideView) -> None:
        keep = self.highlighted_option.id if self.highlighted_option is not None else None
        self.clear_options()
        hand = side.hand or ()
        self.set_title("Your hand", len(hand))
        if not hand:
            self.add_option(Option("(no cards in hand)", id="none", disabled=True))
            return
        width = self.scrollable_content_region.width
        self.add_options([Option(hand_line(c, width), id=str(c.cid)) for c in hand])
        ids = [str(c.cid) for c in hand]
        self.highlighted = ids.index(keep) if keep in ids else 0
