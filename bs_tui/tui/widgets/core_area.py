"""CoreArea: one player's life, reserve, hand and deck, then the trash (cores and cards,
each named), the count, removed cards and the burst. The Soul Core's place is marked ◆."""

from __future__ import annotations

from textual.widgets import Static

from bs_tui.engine.view import SideView

from ..cardlines import side_counts


class CoreArea(Static):
    """Packs its counts into its width (two lines at 80 columns, one when wide)."""

    def show(self, side: SideView, yours: bool) -> None:
        self.side = side
        self.yours = yours
        self.update(side_counts(side, yours, self._width()))

    def _width(self) -> int:
        w = self.content_region.width or (self.size.width - 2)
        return w if w > 10 else 46

    def on_resize(self) -> None:
        if getattr(self, "side", None) is not None:
            self.update(side_counts(self.side, self.yours, self._width()))
