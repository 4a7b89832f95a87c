"""LogPane: the game's log as this player may read it, newest at the bottom, with a marker
where what happened since this player's last decision begins."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

MARK = "\x00since"  # an entry of `texts` that is the marker, not a line of the log
MARK_TEXT = "── since your last move ──"


class LogPane(RichLog):
    """Appends only the lines it has not shown yet; at a new width it writes them all
    again, so that they wrap to the width they now have."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.shown = 0  # lines of the log written
        self.texts: list[str] = []  # what was written: the lines and the markers (MARK)
        self._width = 0

    def clear(self) -> RichLog:
        self.texts = []
        return super().clear()

    def show(self, lines: tuple[str, ...], mark_at: int | None = None) -> None:
        """Write the lines not written yet; the marker before line `mark_at` when it is one
        of them (what the other side did since this player's last decision)."""
        if len(lines) < self.shown or len(self.texts) - self.texts.count(MARK) != self.shown:
            self.clear()
            self.shown = 0
        for i in range(self.shown, len(lines)):
            if i == mark_at:
                self._write(MARK)
            self._write(lines[i])
        self.shown = len(lines)

    def _write(self, entry: str) -> None:
        self.write(Text(MARK_TEXT, style="bold") if entry == MARK else entry)
        self.texts.append(entry)

    def on_resize(self, event: events.Resize) -> None:
        # (RichLog's own handler runs after this one and writes what waited for a size)
        width, self._width = self._width, event.size.width
        if not self._size_known or width == event.size.width or not self.texts:
            return
        texts = list(self.texts)
        super().clear()
        for entry in texts:
            self.write(Text(MARK_TEXT, style="bold") if entry == MARK else entry)
