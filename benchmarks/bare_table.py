"""A bare Textual app with the table's panes and no game: the yardstick of
benchmarks/tui_latency.py.

The same layout as the table at 80x24 (status line; opponent's cores and field, your
field and cores, your hand on the left; actions, card detail and log on the right;
the footer), the same kinds of widgets (Static, OptionList, RichLog), filled with the
same text the table shows for the full board (written to a JSON file by the benchmark,
so this app imports nothing of bs-tui). A highlight move in the hand shows that card's
detail, as the table does; nothing else happens.

With --fixed-detail the Card pane has a fixed height and is updated without a layout
pass: the benchmark's figure of what a hand move costs when nothing is laid out again
(in Textual 8 every layout pass repaints the scrollbar of every scrolled OptionList and
RichLog on the screen, wherever the change was).

    python benchmarks/bare_table.py CONTENT.json [--fixed-detail]
"""

from __future__ import annotations

import json
import sys

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#main { height: 1fr; }
#left { width: 3fr; }
#right { width: 2fr; min-width: 30; }
.cores { height: 2; padding: 0 1; background: $surface; }
OptionList {
    height: 1fr; border: none; border-top: solid $panel; border-title-color: $text-muted; padding: 0;
}
OptionList:focus, RichLog:focus {
    border: none; border-top: solid $accent; border-title-color: $accent; border-title-style: bold;
}
#actions { height: 2fr; min-height: 5; }
#detail.fixed { height: 100%; }
#detail-box { height: 2fr; border-top: solid $panel; border-title-color: $text-muted; }
RichLog {
    height: 2fr; border: none; border-top: solid $panel; border-title-color: $text-muted;
    scrollbar-size-vertical: 1;
}
"""


def markup(text: str) -> Text:
    return Text.from_markup(text)


class BareTable(App[None]):
    CSS = CSS
    BINDINGS = [
        Binding("question_mark,f1", "noop", "Help"),
        Binding("e", "noop", "End/Pass"),
        Binding("m", "noop", "Move cores"),
        Binding("a", "focus_pane('actions')", "Actions"),
        Binding("h", "focus_pane('hand')", "Hand"),
        Binding("q,ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, content: dict, fixed_detail: bool = False) -> None:
        super().__init__()
        self.content = content
        self.fixed_detail = fixed_detail

    def compose(self) -> ComposeResult:
        c = self.content
        yield Static(c["status"], id="status", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(markup(c["opp_cores"]), classes="cores")
                yield OptionList(*(Option(markup(s)) for s in c["opp_field"]), id="opp-field")
                yield OptionList(*(Option(markup(s)) for s in c["my_field"]), id="my-field")
                yield Static(markup(c["my_cores"]), classes="cores")
                yield OptionList(*(Option(markup(s), id=str(i)) for i, s in enumerate(c["hand"])), id="hand")
            with Vertical(id="right"):
                actions = [Option(Text(c["prompt"], style="italic"), disabled=True)]
                yield OptionList(*actions, *(Option(markup(s)) for s in c["actions"]), id="actions")
                with VerticalScroll(id="detail-box"):
                    yield Static(markup(c["details"][0]), id="detail", classes="fixed" if self.fixed_detail else "")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        c = self.content
        for pane, title in c["titles"].items():
            self.query_one(f"#{pane}").border_title = title
        self.query_one("#detail-box").border_title = "Card"
        log = self.query_one("#log", RichLog)
        for line in c["log"]:
            log.write(line)
        actions = self.query_one("#actions", OptionList)
        actions.highlighted = 1
        actions.focus()

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
