"""FieldPane: one player's field, a card per line; highlighting shows the card in full."""

from __future__ import annotations

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bs_tui.engine.view import SideView

from ..labels import field_line


class FieldPane(OptionList):
    """A player's spirits and nexuses with level, BP, cores and state."""

    def show(self, side: SideView, attacker: int, blocker: int, title: str = "") -> None:
        if title:
            self.border_title = f"{title} · {len(side.trash)} card(s) in the trash"
        keep = self.highlighted_option.id if self.highlighted_option is not None else None
        self.clear_options()
        if not side.field:
            self.add_option(Option("(no cards on the field)", id="none", disabled=True))
            return
        # a braved brave is listed right under its spirit
        ordered = []
        for f in side.field:
            if f.host >= 0:
                continue
            ordered.append(f)
            ordered.extend(b for b in side.field if b.host == f.cid)
        self.add_options([Option(field_line(f, attacker, blocker), id=str(f.cid)) for f in ordered])
        ids = [str(f.cid) for f in ordered]
        self.highlighted = ids.index(keep) if keep in ids else 0
