"""LogPane: the game's log as this player may read it, newest at the bottom."""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog


class LogPane(RichLog):
    """Appends only the lines it has not shown yet; at a new width it writes them all
    again, so that they wrap to the width they now have."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.shown = 0
        self.texts: list[str] = []
        self._width = 0

    def clear(self) -> RichLog:
        self.texts = []
        return super().clear()

    def show(self, lines: tuple[str, ...]) -> None:
        if len(lines) < self.shown or len(self.texts) != self.shown:
            self.clear()
            self.shown = 0
        for line in lines[self.shown :]:
            self.write(line)
            self.texts.append(line)
        self.shown = len(lines)

    def on_resize(self, event: events.Resize) -> None:
        # (RichLog's own handler runs after this one and writes what waited for a size)
        width, self._width = self._width, event.size.width
        if not self._size_known or width == event.size.width or not self.texts:
            return
        texts = list(self.texts)
        super().clear()
        for line in texts:
            self.write(line)
