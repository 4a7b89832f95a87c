"""TrashScreen: both players' trashes and the cards removed from the game, each card shown
in full beside the list as it is highlighted (all of it is public: 003 公開情報)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.engine import PlayerView
from bs_tui.engine.data.cards import CardDef

from ..cardlines import card_detail, cards_text, colour_letters, colour_style, cores_text
from ..widgets.key_bar import KeyBar


class TrashScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,t,q", "close", "Close", tooltip="back to the table"),
        Binding("i", "inspect", "Whole card", tooltip="the highlighted card whole"),
    ]

    def __init__(self, view: PlayerView):
        super().__init__()
        self.v = view
        self.cards: dict[str, CardDef] = {}

    def compose(self) -> ComposeResult:
        with Horizontal(id="trash-box"):
            yield OptionList(id="trash-list")
            with VerticalScroll(id="trash-detail-box"):
                yield Static(id="trash-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#trash-box").border_title = "Trashes and removed cards"
        ol = self.query_one("#trash-list", OptionList)
        n = 0
        for side, whose in ((self.v.you, "Your"), (self.v.opponent, f"{self.v.opponent.name}'s")):
            for zone, what in ((side.trash, "trash"), (side.removed, "removed from the game")):
                if what.startswith("removed") and not zone:
                    continue
                extra = f", {cores_text(side.trash_cores)}" if what == "trash" else ""
                head = Text(f"{whose} {what}: {cards_text(len(zone))}{extra}", style="bold underline")
                ol.add_option(Option(head, disabled=True))
                if not zone:
                    ol.add_option(Option(Text("  (none)", style="italic"), disabled=True))
                for c in reversed(zone):  # the latest first
                    oid = f"c{n}"
                    n += 1
                    self.cards[oid] = c.card
                    line = Text("  ")
                    line.append(f"{colour_letters(c.card)} ", style=colour_style(c.card))
                    line.append(f"{c.card.name}  {c.card.kind}")
                    ol.add_option(Option(line, id=oid))
        ol.focus()
        first = next((i for i in range(ol.option_count) if not ol.get_option_at_index(i).disabled), None)
        if first is not None:
            ol.highlighted = first
            self.show_card(ol.get_option_at_index(first).id)
        else:
            self.query_one("#trash-detail", Static).update("Both trashes are empty.")

    def show_card(self, oid: str | None) -> None:
        card = self.cards.get(oid or "")
        if card is not None:
            self.query_one("#trash-detail", Static).update(card_detail(card))
            self.query_one("#trash-detail-box", VerticalScroll).scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_card(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_inspect()

    def action_inspect(self) -> None:
        from .card import CardScreen

        ol = self.query_one("#trash-list", OptionList)
        o = ol.highlighted_option
        card = self.cards.get(o.id or "") if o is not None else None
        if card is not None:
            self.app.push_screen(CardScreen(card))

    def action_close(self) -> None:
        self.dismiss(None)
