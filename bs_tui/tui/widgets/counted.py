"""CountedList: an OptionList whose border title says how many cards it holds and how many
lines are out of sight ("Your hand (5) · ↓4 more"), so that at 80×24 a pane that cannot
show all it holds says so (issue 19: nothing hidden without a sign)."""

from __future__ import annotations

from textual.markup import escape
from textual.widgets import OptionList


class CountedList(OptionList):
    base_title = ""
    count: int | None = None

    def set_title(self, title: str, count: int | None = None) -> None:
        self.base_title, self.count = title, count
        self.update_title()
        self.call_after_refresh(self.update_title)  # the lines are laid out by then

    def lines_out_of_sight(self) -> tuple[int, int]:
        """(above, below): lines of the pane scrolled out of sight."""
        if not self.size.width:
            return 0, 0  # not laid out yet
        # a pane squeezed to its title line has no virtual size: each option is a line at least
        total = max(self.virtual_size.height, self.option_count)
        above = round(self.scroll_y)
        below = max(0, total - above - self.scrollable_content_region.height)
        return above, below

    def update_title(self) -> None:
        above, below = self.lines_out_of_sight()
        parts = [self.base_title + (f" ({self.count})" if self.count is not None else "")]
        if above:
            parts.append(f"↑{above}")
        if below:
            parts.append(f"↓{below} more")
        self.border_title = escape(" · ".join(p for p in parts if p))  # a name is never markup

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.update_title()

    def on_resize(self) -> None:
        self.call_after_refresh(self.update_title)
