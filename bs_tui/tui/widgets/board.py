"""Board: both players' core areas and fields, and the hand of the player whose eyes the
screen is, as one view shows them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.layout import Layout, WidgetPlacement
from textual.layouts.vertical import VerticalLayout
from textual.widget import Widget

from bs_tui.engine import PlayerView

from .core_area import CoreArea
from .counted import CountedList
from .field_pane import FieldPane
from .hand_pane import HandPane


def fitted(placements: list[WidgetPlacement], height: int) -> list[WidgetPlacement]:
    """The board's parts stacked within `height` rows. A long decision can leave the board
    fewer rows than its parts take as the stylesheet sizes them (a field as tall as its
    cards, the core areas their two lines); laid out as they are, the last ones would fall
    below the board, the hand with its title, and nothing would say so. So every part keeps
    a row at least (a pane its title, which counts what is out of sight: "(8) · ↓8 more"),
    and the rows come from the tallest panes first (down to their title and a line; the one
    in focus last), then from the core areas (down to their first line), then from the
    panes down to their titles. With room enough, nothing changes."""
    rows = [max(1, p.region.height) for p in placements]
    excess = sum(rows) - height
    if excess <= 0:
        if rows == [p.region.height for p in placements]:
            return placements
    else:
        panes = [i for i, p in enumerate(placements) if isinstance(p.widget, CountedList)]
        calm = [i for i in panes if not placements[i].widget.has_focus]
        focused = [i for i in panes if i not in calm]
        cores = [i for i in range(len(placements)) if i not in panes]
        for group, floor in ((calm, 2), (focused, 2), (cores, 1), (calm, 1), (focused, 1)):
            while excess > 0:
                tallest = max(group, key=lambda i: rows[i], default=None)
                if tallest is None or rows[tallest] <= floor:
                    break
                rows[tallest] -= 1
                excess -= 1
    out = []
    y = placements[0].region.y if placements else 0
    for p, n in zip(placements, rows, strict=True):
        out.append(p._replace(region=Region(p.region.x, y, p.region.width, n)))
        y += n
    return out


class FittingLayout(VerticalLayout):
    """The vertical layout, its parts then `fitted` into the rows there are."""

    def arrange(self, parent: Widget, children: list[Widget], size: Size, greedy: bool = True) -> list[WidgetPlacement]:
        placements = super().arrange(parent, children, size, greedy)
        return fitted(placements, size.height)


FITTING = FittingLayout()


class Board(Vertical):
    @property
    def layout(self) -> Layout:
        return FITTING

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
