"""KeyBar: the footer line, built from the bindings active now, so it never names a key
that does nothing and never misses one that is shown. An app may give a binding a label
that says what it does at this moment (`e`: "end Main Step", "take the hit (−2 life)")
through `binding_label(action)`."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $panel; color: $foreground; padding: 0 1; }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.call_after_refresh(self.refresh_keys)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen: Screen) -> None:
        if screen is self.screen:
            self.refresh_keys()

    def refresh_keys(self) -> None:
        t = Text(no_wrap=True, overflow="ellipsis")
        label_for = getattr(self.app, "binding_label", None)
        # one entry an action, under the first of its keys (q rather than Ctrl+Q), in the
        # order the screen, then the app, declares them
        order: dict[str, int] = {}
        rank: dict[tuple[str, str], int] = {}
        for node in (self.screen, self.app):
            for b in getattr(node, "BINDINGS", ()):
                if isinstance(b, Binding):
                    order.setdefault(b.action, len(order))
                    for i, k in enumerate(b.key.split(",")):
                        rank.setdefault((b.action, k.strip()), i)
        by_action: dict[str, Binding] = {}
        for active in self.screen.active_bindings.values():
            b = active.binding
            if not b.show or not active.enabled:
                continue
            have = by_action.get(b.action)
            if have is None or rank.get((b.action, b.key), 99) < rank.get((have.action, have.key), 99):
                by_action[b.action] = b
        entries: list[tuple[str, str, str]] = []  # (action, key, label)
        for b in sorted(by_action.values(), key=lambda b: order.get(b.action, len(order))):
            label = label_for(b.action.removeprefix("app.")) if label_for is not None else None
            if label is None:
                label = b.description
            if label:
                entries.append((b.action.removeprefix("app."), self.app.get_key_display(b), label))
        # at 80 columns a long label (e: "end the Main Step: the turn ends") must not push
        # Help and Quit off the line: tighter gaps first, then the keys that can wait go
        width = self.size.width - 2 if self.size.width else 0
        gap = "  "
        while width and entries and _length(entries, gap) > width:
            if gap == "  ":
                gap = " "
                continue
            drop = next((i for a in DROPPABLE for i, e in enumerate(entries) if e[0] == a), None)
            if drop is None:
                break  # the rest ends in an ellipsis
            entries.pop(drop)
        for _, key, label in entries:
            if t:
                t.append(gap)
            t.append(f" {key} ", style="bold reverse")
            t.append(f" {label}")
        self.update(t)

    def on_resize(self) -> None:
        self.refresh_keys()


# The keys left out first when the line is too narrow (each is in the help, `?`).
DROPPABLE = ("trash", "inspect", "move_cores", "custom_alloc")


def _length(entries: list[tuple[str, str, str]], gap: str) -> int:
    return sum(len(k) + 2 + 1 + len(label) for _, k, label in entries) + len(gap) * (len(entries) - 1)
