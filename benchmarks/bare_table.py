"""A bare Textual app with the table's panes and no game: the yardstick of
benchmarks/tui_latency.py.

The same layout as the table (status line; on the left the opponent's counts and field,
your field and counts, your hand; on the right the card detail and the log, side by side
from 110 columns; the decision across the bottom: prompt, options, a "more" line; the
footer), the same kinds of widgets (Static, OptionList, RichLog) laid out by the same
rules, filled with the text the table shows for the full board (taken from the table by
the benchmark and handed over as a JSON file, so this app imports nothing of bs-tui). A
highlight move in the hand shows that card's detail, the plain Textual way (Static.update,
a layout pass); nothing else happens.

With --fixed-detail the Card pane has a fixed height and is updated without a layout
pass: what a hand move costs when nothing is laid out again (in Textual 8 every layout
pass repaints the scrollbar of every scrolled OptionList and RichLog on the screen,
wherever the change was).

    python benchmarks/bare_table.py CONTENT.json [--fixed-detail]
"""

from __future__ import annotations

import json
import sys

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

WIDE = 110  # as the table: from this width the card and the log stand side by side
BROWSING = ("hand", "my-field", "opp-field", "log")  # as the table: the options shrink

# The table's rules (bs_tui/tui/app.tcss) for the same panes, by id and class.
CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#main { height: 1fr; }
#left { width: 3fr; }
#right { width: 2fr; min-width: 30; }
.cores { height: auto; padding: 0 1; background: $surface; }
OptionList {
    height: 1fr; border: none; border-top: solid $panel; border-title-color: $text-muted; padding: 0;
}
.field { height: auto; min-height: 2; max-height: 35%; }
Screen.focus-hand .field, Screen.focus-my-field #opp-field, Screen.focus-opp-field #my-field { max-height: 3; }
Screen.focus-hand #hand { min-height: 5; }
Screen.focus-my-field #hand, Screen.focus-opp-field #hand { max-height: 3; }
Screen.focus-my-field #my-field, Screen.focus-opp-field #opp-field { max-height: 70%; }
OptionList:focus, RichLog:focus {
    border: none; border-top: solid $accent; border-title-color: $accent; border-title-style: bold;
}
#decision { height: auto; }
#prompt { height: auto; padding: 0 1; border-top: solid $accent; }
#actions { height: auto; min-height: 1; border: none; scrollbar-size-vertical: 1; }
#actions:focus { border: none; }
#more { height: 1; padding: 0 1; text-style: bold; }
#detail-box { height: 1fr; border-top: solid $panel; border-title-color: $text-muted; scrollbar-size-vertical: 1; }
#detail.fixed { height: 100%; }
RichLog {
    height: 1fr; border: none; border-top: solid $panel; border-title-color: $text-muted;
    scrollbar-size-vertical: 1;
}
Screen.wide #left { width: 5fr; }
Screen.wide #right { width: 6fr; layout: horizontal; }
Screen.wide #detail-box, Screen.wide RichLog { width: 1fr; height: 1fr; }
Screen.wide RichLog { border-left: solid $panel; }
"""


def markup(text: str) -> Text:
    return Text.from_markup(text)


class BareTable(App[None]):
    CSS = CSS
    BINDINGS = [
        Binding("e", "noop", "End/Pass"),
        Binding("m", "noop", "Move cores"),
        Binding("i", "noop", "Card"),
        Binding("t", "noop", "Trash"),
        Binding("question_mark,f1", "noop", "Help"),
        Binding("a", "focus_pane('actions')", "Options", show=False),
        Binding("h", "focus_pane('hand')", "Hand", show=False),
        Binding("q,ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, content: dict, fixed_detail: bool = False) -> None:
        super().__init__()
        self.content = content
        self.fixed_detail = fixed_detail

    def compose(self) -> ComposeResult:
        c = self.content
        yield Static(markup(c["status"]), id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(markup(c["opp_cores"]), classes="cores")
                yield OptionList(*(Option(markup(s)) for s in c["opp_field"]), id="opp-field", classes="field")
                yield OptionList(*(Option(markup(s)) for s in c["my_field"]), id="my-field", classes="field")
                yield Static(markup(c["my_cores"]), classes="cores")
                yield OptionList(*(Option(markup(s), id=str(i)) for i, s in enumerate(c["hand"])), id="hand")
            with Vertical(id="right"):
                with VerticalScroll(id="detail-box"):
                    yield Static(markup(c["details"][0]), id="detail", classes="fixed" if self.fixed_detail else "")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        with Vertical(id="decision"):
            yield Static(markup(c["prompt"]), id="prompt")
            yield OptionList(*(Option(markup(s)) for s in c["actions"]), id="actions")
            yield Static(markup(c["more"]), id="more")
        yield Footer()

    def on_mount(self) -> None:
        c = self.content
        for pane, title in c["titles"].items():
            self.query_one(f"#{pane}").border_title = title
        log = self.query_one("#log", RichLog)
        for line in c["log"]:
            log.write(line)
        self.query_one("#actions", OptionList).focus()
        self.lay_out(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.lay_out(event.size.width, event.size.height)

    def lay_out(self, w: int, h: int) -> None:
        """As the table: wide from WIDE columns; the options a few lines while a pane that
        is read rather than answered in has the focus, and that pane the room of the board."""
        self.screen.set_class(w >= WIDE, "wide")
        w = self.focused
        browsing = w is not None and w.id in BROWSING
        most = max(4, h - 10)
        self.query_one("#actions", OptionList).styles.max_height = min(most, 4) if browsing else most
        for pane in ("hand", "my-field", "opp-field"):  # the pane in focus takes the room of the others
            self.screen.set_class(browsing and w is not None and w.id == pane, f"focus-{pane}")

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.lay_out(self.size.width, self.size.height)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "hand" and event.option.id is not None:
            text = markup(self.content["details"][int(event.option.id)])
            self.query_one("#detail", Static).update(text, layout=not self.fixed_detail)

    def action_focus_pane(self, pane: str) -> None:
        self.query_one(f"#{pane}").focus()

    def action_noop(self) -> None:
        pass


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        BareTable(json.load(f), "--fixed-detail" in sys.argv[2:]).run()
