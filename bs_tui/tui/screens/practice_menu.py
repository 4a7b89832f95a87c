"""PracticeMenuScreen: the shipped lessons by chapter of the rulebook, what you have solved
(✓) and tried (·), the highlighted lesson's rule and section; Enter plays it."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.practice.catalogue import CHAPTER_TITLES, Entry, friendly_section, shipped
from bs_tui.practice.progress import Progress

from ..widgets.key_bar import KeyBar

KINDS = {
    "right": "a question",
    "win": "win",
    "survive": "survive",
    "happen": "make it happen",
    "deck": "a deck to judge",
}


class PracticeMenuScreen(Screen[str]):
    """Returns the chosen lesson's id, or "" to leave."""

    BINDINGS = [
        Binding("escape,q", "leave", "Quit", tooltip="leave the lessons"),
        Binding("enter", "play", "Play", show=False),
    ]

    def __init__(self, progress: Progress, chosen: str = ""):
        super().__init__()
        self.progress = progress
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        entries = shipped()
        solved = sum(1 for e in entries if self.progress.solved(e.id))
        with Vertical(id="practice-menu"):
            yield Static(
                Text(f"Rules practice: {solved} of {len(entries)} solved · Enter: play · q: quit", style="bold"),
                id="practice-head",
            )
            yield OptionList(*self.options(entries), id="lessons")
            yield Static(id="lesson-about")
        yield KeyBar()

    def options(self, entries: tuple[Entry, ...]) -> list[Option]:
        out: list[Option] = []
        chapter = None
        for e in entries:
            if e.chapter != chapter:
                chapter = e.chapter
                mine = [x for x in entries if x.chapter == chapter]
                done = sum(1 for x in mine if self.progress.solved(x.id))
                out.append(Option(Text(f"{CHAPTER_TITLES[chapter]} ({done}/{len(mine)})", style="bold"), disabled=True))
            rec = self.progress.get(e.id)
            mark = "✓" if rec.solved else ("·" if rec.tries else " ")
            out.append(Option(Text(f" {mark} {e.title}"), id=e.id))
        return out

    def on_mount(self) -> None:
        ol = self.query_one("#lessons", OptionList)
        ol.focus()
        ids = [ol.get_option_at_index(i).id for i in range(ol.option_count)]
        target = (
            self.chosen
            if self.chosen in ids
            else next((e.id for e in shipped() if not self.progress.solved(e.id)), shipped()[0].id if shipped() else "")
        )
        if target in ids:
            ol.highlighted = ids.index(target)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        e = next((x for x in shipped() if x.id == event.option.id), None)
        if e is None:
            return
        rec = self.progress.get(e.id)
        t = Text()
        t.append(friendly_section(e.section), style="italic")
        t.append(" · " + KINDS.get(e.kind, "a question"))
        if rec.tries:
            t.append(f" · {rec.tries} {'try' if rec.tries == 1 else 'tries'}")
        if rec.solved:
            t.append(" · solved")
        self.query_one("#lesson-about", Static).update(t)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.dismiss(event.option.id)

    def action_play(self) -> None:
        ol = self.query_one("#lessons", OptionList)
        if ol.highlighted is not None:
            opt = ol.get_option_at_index(ol.highlighted)
            if opt.id:
                self.dismiss(opt.id)

    def action_leave(self) -> None:
        self.dismiss("")
