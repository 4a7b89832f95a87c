"""ActionPane: the options of the decision in front of you, in words."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from bs_tui.engine import Decision, PlayerView

from ..labels import decision_prompt, option_label


class ActionPane(OptionList):
    """Lists what you may do now; Enter chooses."""

    def show(self, v: PlayerView, d: Decision | None, note: str = "") -> None:
        self.clear_options()
        if d is None:
            self.border_title = "Actions"
            self.add_option(Option(Text(note or "Nothing to decide now."), id="none", disabled=True))
            return
        self.border_title = "Your move"
        self.add_option(Option(Text(decision_prompt(d), style="italic"), id="prompt", disabled=True))
        if d.allocation is not None:
            self.add_option(Option("Open the core allocation screen (Enter)", id="alloc"))
        else:
            self.add_options([Option(option_label(v, d, o), id=str(i)) for i, o in enumerate(d.options)])
        self.highlighted = 1
