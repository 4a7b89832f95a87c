"""Board: both players' core areas and fields, and the hand of the player whose eyes the
screen is, as one view shows them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from bs_tui.engine import PlayerView

from .core_area import CoreArea
from .field_pane import FieldPane
from .hand_pane import HandPane


class Board(Vertical):
    def compose(self) -> ComposeResult:
        yield CoreArea(id="opp-cores")
        yield FieldPane(id="opp-field")
        yield FieldPane(id="my-field")
        yield CoreArea(id="my-cores")
        yield HandPane(id="hand")

    def on_mount(self) -> None:
        self.query_one("#hand", HandPane).set_title("Your hand")

    def show(self, v: PlayerView, your_field: str = "Your field") -> None:
        opp, me = v.opponent, v.you
        self.query_one("#opp-cores", CoreArea).show(opp, False)
        self.query_one("#my-cores", CoreArea).show(me, True)
        self.query_one("#opp-field", FieldPane).show(opp, v.attacker, v.blocker, f"{opp.name}'s field")
        self.query_one("#my-field", FieldPane).show(me, v.attacker, v.blocker, your_field)
        self.query_one("#hand", HandPane).show(me)
