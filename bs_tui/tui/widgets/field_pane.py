"""FieldPane: one player's field, a card per line; highlighting shows the card in full."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from bs_tui.engine.view import CardView, FieldCardView, SideView

from ..labels import field_line
from .counted import CountedList

SOURCE = "source-"  # the option id of an advent source: SOURCE + its card id
ALSO = "also-"  # the option id of an imagine brave's line under its second spirit
NAME_MAX = 33  # the longest card name shown whole on a wide field


def source_card(side_fields: tuple, oid: str) -> CardView | None:
    """The advent source behind option id `oid` of a field pane, if it is one."""
    if not oid.startswith(SOURCE) or not oid[len(SOURCE) :].isdigit():
        return None
    cid = int(oid[len(SOURCE) :])
    return next((s for f in side_fields for s in f.sources if s.cid == cid), None)


class FieldPane(CountedList):
    """A player's spirits and nexuses with level, BP, cores and state, then the burst area:
    the mirage face up, the burst face down (named only to its owner)."""

    shown: tuple[SideView, int, int] | None = None
    laid_for = 0  # the width the names were laid out for

    def on_resize(self) -> None:
        # shown before the pane had its width (the first frame): laid out again at it
        if self.shown is not None and self.size.width != self.laid_for:
            self.show(*self.shown)

    def show(self, side: SideView, attacker: int, blocker: int, title: str = "") -> None:
        self.shown, self.laid_for = (side, attacker, blocker), self.size.width
        if title:
            self.base_title = title
        keep = self.highlighted_option.id if self.highlighted_option is not None else None
        self.clear_options()
        # a braved brave is listed right under its spirit
        # (an imagine brave under both its spirits: the second line has an id of its own)
        ordered: list[tuple[FieldCardView, FieldCardView | None, str]] = []
        for f in side.field:
            if f.host >= 0:
                continue
            ordered.append((f, None, str(f.cid)))
            for b in side.field:
                if b.host == f.cid:
                    ordered.append((b, f, str(b.cid)))
                elif b.host2 == f.cid:
                    ordered.append((b, f, f"{ALSO}{b.cid}"))
        options = []
        # names in full where the pane has room (a line needs about 25 columns besides)
        width = max(21, min(NAME_MAX, self.size.width - 26))
        for f, host, oid in ordered:
            options.append(Option(field_line(f, attacker, blocker, host, width), id=oid))
            for src in getattr(f, "sources", ()):  # advent sources under it, face up (public)
                # its own id: the bottom source shares the field object's id (state.FieldCard)
                options.append(Option(Text.assemble(("   ⤷ source: ", "bold"), src.card.name), id=f"{SOURCE}{src.cid}"))
        if not options:
            options.append(Option("(no cards on the field)", id="none", disabled=True))
        for m in side.mirage:
            options.append(Option(Text.assemble(("◇ Mirage: ", "bold"), m.card.name), id=str(m.cid)))
        for b in side.burst:
            if isinstance(b, CardView):
                options.append(Option(Text.assemble(("▮ Burst, face down: ", "bold"), b.card.name), id=str(b.cid)))
            else:
                options.append(Option(Text("▮ Burst set, face down", style="bold"), id="burst", disabled=True))
        for c in getattr(side, "open_area", ()):  # 003 手元: face up beside the player, public
            options.append(Option(Text.assemble(("◫ Open area: ", "bold"), c.card.name), id=str(c.cid)))
        # face down in the open area: your own by name (Q&A A10), the other side's as a count (003)
        for c in getattr(side, "open_down", None) or ():
            options.append(Option(Text.assemble(("◫ Open area, face down: ", "bold"), c.card.name), id=str(c.cid)))
        down = getattr(side, "open_down_count", 0)
        if down and getattr(side, "open_down", None) is None:
            words = f"{down} card{'s' if down != 1 else ''} face down"
            options.append(Option(Text(f"◫ Open area: {words}", style="bold"), id="open_down", disabled=True))
        self.add_options(options)
        ids = [o.id for o in options]
        self.highlighted = ids.index(keep) if keep in ids else 0
        cards = sum(1 for f in side.field if f.host < 0)
        self.set_title(self.base_title, cards)
