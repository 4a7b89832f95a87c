"""LibraryScreen: every card of the set, filtered as you type (colour, kind, cost, family,
system, words of its name or text), each shown whole with its keywords' rules; opened with
`bs-tui cards` or a key at the table (issue 19)."""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.engine.data.cards import CardDB, CardDef
from bs_tui.engine.data.text import card_text

from ..cardlines import card_detail, colour_style, kind_words
from ..widgets.key_bar import KeyBar

COST = re.compile(r"^cost(<=|>=|<|>|=|:)(\d+)$")


def words_of(c: CardDef) -> str:
    """What a filter word may match: name, id, kind, colours, families and text, lower case."""
    return " ".join([c.name, c.id, c.kind, kind_words(c), *c.colours, *c.families, *card_text(c)]).lower()


COLOURS = ("red", "purple", "green", "white", "yellow", "blue")
KINDS = ("spirit", "magic", "nexus", "brave", "ultimate")


def matches(c: CardDef, query: str, words: str) -> bool:
    """Whether card `c` (whose `words_of` is `words`) has every word of `query`: a colour or
    a kind is the card's own ("spirit" is not a magic that names spirits), "cost<=3" and
    "cost:4" compare its cost; any other word is looked for in its words."""
    for w in query.lower().split():
        if w in COLOURS:
            if w not in c.colours:
                return False
            continue
        if w in KINDS:
            if c.kind != w:
                return False
            continue
        m = COST.match(w)
        if m:
            op, n = m.group(1), int(m.group(2))
            ok = {
                "<=": c.cost <= n,
                ">=": c.cost >= n,
                "<": c.cost < n,
                ">": c.cost > n,
                "=": c.cost == n,
                ":": c.cost == n,
            }[op]
            if not ok:
                return False
        elif w not in words:
            return False
    return True


def in_order(cards: list[CardDef]) -> list[CardDef]:
    """The library's order: by colour, kind, cost, name."""
    return sorted(cards, key=lambda c: (c.colours[:1], c.kind, c.cost, c.name))


def card_line(c: CardDef) -> Text:
    """A card as the library lists it: its cost, then its name in its colour."""
    return Text.assemble((f"{c.cost:>2} ", "bold"), (c.name, colour_style(c)))


class LibraryScreen(ModalScreen[None]):
    """Type to filter; ↑↓ choose a card; its text on the right; Esc closes."""

    BINDINGS = [
        Binding("escape", "close", "Close", tooltip="close the library"),
        Binding("down", "move(1)", "Next", show=False),
        Binding("up", "move(-1)", "Previous", show=False),
        Binding("pagedown", "move(10)", "Page", show=False),
        Binding("pageup", "move(-10)", "Page", show=False),
    ]

    def __init__(self, db: CardDB):
        super().__init__()
        self.cards = in_order(list(db.cards.values()))
        self.words = {c.id: words_of(c) for c in self.cards}
        self.shown: list[CardDef] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="library-box"):
            yield Input(
                placeholder="filter: red spirit cost<=3 draw brave…",
                id="library-filter",
                compact=True,
                select_on_focus=False,
            )
            with Horizontal():
                yield OptionList(id="library-list")
                with VerticalScroll(id="library-card"):
                    yield Static(id="library-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#library-box").border_title = "Card library"
        self.fill("")
        box = self.query_one("#library-filter", Input)
        box.cursor_blink = False  # over SSH every byte counts (and a picture of it is always the same)
        box.focus()

    def fill(self, query: str) -> None:
        ol = self.query_one("#library-list", OptionList)
        ol.clear_options()
        self.shown = [c for c in self.cards if matches(c, query, self.words[c.id])]
        ol.add_options([Option(card_line(c), id=c.id) for c in self.shown])
        ol.border_title = f"{len(self.shown)} of {len(self.cards)} cards"
        ol.highlighted = 0 if self.shown else None
        self.show_card()

    def show_card(self) -> None:
        ol = self.query_one("#library-list", OptionList)
        i = ol.highlighted
        text = self.query_one("#library-text", Static)
        if i is None or not 0 <= i < len(self.shown):
            text.update("No card has every word of the filter.")
            return
        text.update(card_detail(self.shown[i]))
        self.query_one("#library-card", VerticalScroll).scroll_home(animate=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_card()

    def action_move(self, n: int) -> None:
        ol = self.query_one("#library-list", OptionList)
        if not self.shown:
            return
        ol.highlighted = max(0, min(len(self.shown) - 1, (ol.highlighted or 0) + n))

    def action_close(self) -> None:
        self.dismiss(None)
