"""LogPane: the game's log as this player may read it, newest at the bottom."""

from __future__ import annotations

from textual.widgets import RichLog


class LogPane(RichLog):
    """Appends only the lines it has not shown yet."""

    def on_mount(self) -> None:
        self.shown = 0

    def show(self, lines: tuple[str, ...]) -> None:
        if len(lines) < self.shown:
            self.clear()
            self.shown = 0
        for line in lines[self.shown :]:
            self.write(line)
        self.shown = len(lines)
