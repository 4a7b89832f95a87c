"""DeckBuilderScreen: a deck of the player's own, made from the card library by keys alone
(issue 19): the library filtered as you type on the left, the deck on the right with its
size, cost curve and colours, and every deck rule checked as it changes (000 ch.1 §1;
contracts per 001), with the reason; Ctrl+S saves it when it is legal."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.engine.data.cards import CardDB
from bs_tui.userdecks import problems_of, save_deck

from ..cardlines import colour_style
from ..widgets.card_detail import CardDetail
from ..widgets.key_bar import KeyBar
from .library import card_line, in_order, matches, words_of


class DeckBuilderScreen(ModalScreen[str | None]):
    """Returns the path the deck was saved to, or None."""

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", tooltip="save the deck (when it is legal)"),
        Binding("escape", "close", "Close", tooltip="leave the builder"),
        Binding("plus", "add", "Add", show=False),
        Binding("minus,delete", "remove", "Remove", show=False),
    ]

    def __init__(self, db: CardDB, name: str, title: str = "", cards: dict[str, int] | None = None):
        super().__init__()
        self.db = db
        self.deck_name = name  # the file name it is saved under
        self.deck_title = title or name
        self.deck: dict[str, int] = dict(cards or {})
        self.saved: dict[str, int] = dict(self.deck)  # as it was last saved (or opened)
        self.cards = in_order([c for c in db.cards.values() if not c.token])
        self.words = {c.id: words_of(c) for c in self.cards}
        self.shown: list[str] = []
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="builder-box"):
            yield Input(
                placeholder="filter the library: red spirit cost<=3 …",
                id="builder-filter",
                compact=True,
                select_on_focus=False,
            )
            with Horizontal():
                yield OptionList(id="builder-library")
                with Vertical(id="builder-right"):
                    yield OptionList(id="builder-deck")
                    yield Static(id="builder-summary")
                    yield CardDetail(id="builder-card")
            yield Static(
                "Enter/+ adds the highlighted card (in the deck: removes one) · - removes · "
                "Tab next list · Shift+Tab the filter · Ctrl+S save · Esc leave",
                id="builder-keys",
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#builder-box").border_title = f"Deck builder: {self.deck_name}"
        self.fill_library("")
        self.refresh_deck()
        box = self.query_one("#builder-filter", Input)
        box.cursor_blink = False  # over SSH every byte counts (and a picture of it is always the same)
        box.focus()

    # ------------------------------------------------------------------ the lists
    def fill_library(self, query: str) -> None:
        ol = self.query_one("#builder-library", OptionList)
        ol.clear_options()
        self.shown = [c.id for c in self.cards if matches(c, query, self.words[c.id])]
        ol.add_options([Option(card_line(self.db[c]), id=c) for c in self.shown])
        ol.border_title = f"Library: {cards_text(len(self.shown))}"
        ol.highlighted = 0 if self.shown else None

    def refresh_deck(self, keep: str | None = None) -> None:
        ol = self.query_one("#builder-deck", OptionList)
        ids = sorted(self.deck, key=lambda c: (self.db[c].cost, self.db[c].name))
        ol.clear_options()
        ol.add_options(
            [Option(Text.assemble(f"{self.deck[c]}× ", (self.db[c].name, colour_style(self.db[c]))), id=c) for c in ids]
        )
        if keep in ids:
            ol.highlighted = ids.index(keep)
        size = sum(self.deck.values())
        ol.border_title = f"{self.deck_title}: {cards_text(size)}"
        self.problems = [p.message for p in problems_of(self.deck_title, self.deck, self.db)] if self.deck else []
        if not self.deck:
            self.problems = ["no cards yet: a deck needs at least 40"]
        self.query_one("#builder-summary", Static).update(self.summary(size))

    def summary(self, size: int) -> Text:
        curve: dict[int, int] = {}
        colours: dict[str, int] = {}
        for c, n in self.deck.items():
            card = self.db[c]
            curve[min(card.cost, 7)] = curve.get(min(card.cost, 7), 0) + n
            for col in card.colours:
                colours[col] = colours.get(col, 0) + n
        t = Text()
        t.append("Curve: " + "  ".join(f"{k if k < 7 else '7+'}:{curve.get(k, 0)}" for k in range(8)) + "\n")
        by_count = sorted(colours.items(), key=lambda x: -x[1])
        t.append("Colours: " + (", ".join(f"{c} {n}" for c, n in by_count) or "none"))
        t.append("\n")
        if self.problems:
            t.append("Not legal yet: " + "; ".join(self.problems[:3]), style="bold")
        else:
            t.append(f"Legal: {cards_text(size)}. Ctrl+S saves it.", style="bold")
        return t

    # ------------------------------------------------------------------ keys
    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill_library(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#builder-library", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted card, whole, under the deck: what it does before it goes in."""
        cid = event.option.id
        if cid in self.db:
            self.query_one("#builder-card", CardDetail).show(self.db[cid])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "builder-library":
            self.change(event.option.id, +1)
        elif event.option_list.id == "builder-deck":
            self.change(event.option.id, -1)

    def action_add(self) -> None:
        ol = self.focused
        if isinstance(ol, OptionList) and ol.highlighted_option is not None:
            self.change(ol.highlighted_option.id, +1)

    def action_remove(self) -> None:
        ol = self.focused
        if isinstance(ol, OptionList) and ol.highlighted_option is not None:
            self.change(ol.highlighted_option.id, -1)

    def change(self, cid: str | None, n: int) -> None:
        if cid is None or cid not in self.db:
            return
        self.deck[cid] = self.deck.get(cid, 0) + n
        if self.deck[cid] <= 0:
            del self.deck[cid]
        self.refresh_deck(keep=cid)

    def action_save(self) -> None:
        if self.problems:
            self.notify("; ".join(self.problems[:3]), title="Not saved: the deck is not legal", severity="warning")
            return
        path = save_deck(self.deck_name, self.deck_title, self.deck)
        self.saved = dict(self.deck)
        self.dismiss(str(path))

    def action_close(self) -> None:
        """Leave; a deck changed since it was saved is not thrown away unasked."""
        from .confirm import ConfirmScreen

        if self.deck == self.saved:
            self.dismiss(None)
            return

        def done(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        n = sum(self.deck.values())
        self.app.push_screen(
            ConfirmScreen(
                f"Leave the builder without saving {self.deck_name} ({cards_text(n)})?\nThe changes are lost.",
                note="n: back to the deck (Ctrl+S saves it when it is legal).",
            ),
            callback=done,
        )


def cards_text(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"
