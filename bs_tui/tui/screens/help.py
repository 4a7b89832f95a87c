"""HelpScreen: every key actually bound at the table and on its screens, generated from
the bindings themselves (so the help cannot drift from them), a short page on how a turn
goes, the keywords, and the marks and colours. Laid out in two columns that fit 80."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..glossary import KEYWORDS, TURN_INTRO, TURN_NOTES, TURN_STEPS
from ..widgets.key_bar import KeyBar

# Longer words for the help than the footer has room for, by action.
ABOUT = {
    "help": "this help",
    "negative": "end the step, pass, take the hit, choose none or answer no; the footer says which",
    "choose(1)": "choose option 1 … 9 of the decision at once",
    "default_alloc": "pay or place cores the default way at once (keeps levels where it can)",
    "custom_alloc": "open the core allocation screen to choose the cores yourself",
    "move_cores": "move cores between your reserve and your field cards (your Main Step)",
    "focus_pane('actions')": "jump to the options of the decision",
    "focus_pane('hand')": "jump to your hand",
    "focus_pane('my-field')": "jump to your field (your burst area is under it)",
    "focus_pane('opp-field')": "jump to the opponent's field",
    "focus_pane('log')": "jump to the log (↑ ↓ to read back)",
    "inspect": "the card in focus, whole, with its keywords explained",
    "trash": "look through both trashes and the cards removed from the game",
    "settings": "settings: name, theme, questions asked, AI speed, hot-seat auto-pass",
    "quit": "quit (asks first while the game is not over; the game is saved)",
    "rematch": "after the game: a rematch with the same decks and a new shuffle",
    "new_game": "after the game: a new game, choosing the decks",
    "app.focus_next": "next pane",
    "app.focus_previous": "previous pane",
    "cursor_down": "down in a list; the Card pane follows",
    "cursor_up": "up in a list",
    "select": "choose: the highlighted option; a hand card: play it; a field card: attack, block or target with it",
    "page_down": "a page down",
    "page_up": "a page up",
    "first": "first in the list",
    "last": "last in the list",
    "command_palette": "the command palette",
}

PAGES = ("Keys", "How a turn goes", "Keywords", "Marks and colours")

MARKS = (
    ("●", "a core"),
    ("◆", "the Soul Core (Reserve 3+◆: three cores and the Soul Core)"),
    ("↑  →  ↓", "refreshed, exhausted, heavily exhausted (first on each field line)"),
    ("⚔  ▣", "attacking, blocking"),
    ("+B  ↳", "a braved spirit, and its brave on the line under it"),
    ("⤷ source", "an advent source under the spirit above it"),
    ("U  T  ↻", "after the cores: an ultimate, a token, a rebirth card turned to its back face"),
    ("GW  AS  ○", "a grandwalker, an astral stone, and their own cores (never paid or moved)"),
    ("OC", "its Over Count is met: the count is high enough for its OC BP+ and [OC] effects"),
    ("◇  ▮  ◫", "a mirage, a burst (face down) and the open area, under their field"),
    ("✗", "an option you cannot take now; the reason follows it"),
    ("⚠", "something is lost: a spirit depleted, a burst's follow-up that cannot be paid"),
    ("R P G", "red, purple, green"),
    ("W Y B", "white, yellow, blue (a card's colours, before its name)"),
    ("Depleted", "a spirit left with fewer cores than its Lv1 needs goes to the trash"),
    ("Trash", "\u201cTrash: 3 cores · 1 card\u201d counts the cores and the cards apart"),
)


def key_names(b: Binding, display: dict[str, str] | None = None) -> str:
    names = []
    for k in b.key.split(","):
        k = k.strip()
        names.append((display or {}).get(k, KEY_NAMES.get(k, k)))
    return " ".join(dict.fromkeys(names))


KEY_NAMES = {
    "question_mark": "?",
    "comma": ",",
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "f1": "F1",
    "ctrl+q": "Ctrl+Q",
    "ctrl+p": "Ctrl+P",
    "ctrl+s": "Ctrl+S",
}


def as_bindings(items: Iterable[BindingType]) -> list[Binding]:
    out = []
    for b in items:
        if isinstance(b, Binding):
            out.append(b)
        else:
            out.append(Binding(*b))
    return out


def merged(bindings: Sequence[Binding]) -> list[Binding]:
    """Bindings of one action shown as one row (1 … 9 is one row)."""
    rows: dict[str, Binding] = {}
    for b in bindings:
        action = "choose(1)" if b.action.startswith(("choose(", "app.choose(")) else b.action.removeprefix("app.")
        if action in rows:
            prev = rows[action]
            rows[action] = Binding(
                f"{prev.key},{b.key}", prev.action, prev.description, prev.show, tooltip=prev.tooltip
            )
        else:
            rows[action] = b
    return list(rows.values())


def key_table(sections: Sequence[tuple[str, Sequence[Binding]]]) -> Table:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True, width=14)
    t.add_column(ratio=1)
    for title, bindings in sections:
        t.add_row(Text(title, style="bold underline"), "")
        for b in merged(bindings):
            keys = key_names(b)
            action = b.action.removeprefix("app.")  # the table's keys act on the app
            if action.startswith("choose("):
                keys = "1 … 9"
                action = "choose(1)"
            t.add_row(keys, ABOUT.get(action) or b.tooltip or b.description)
        t.add_row("", "")
    return t


def turn_table() -> Group:
    t = Table.grid(padding=(0, 2))
    t.add_column(style="bold", no_wrap=True, width=9)
    t.add_column(ratio=1)
    for step, what in TURN_STEPS:
        t.add_row(step, what)
    notes = Text("\n".join(f"• {n}" for n in TURN_NOTES))
    return Group(Text(TURN_INTRO + "\n"), t, Text(""), notes)


def keywords_text() -> Text:
    t = Text()
    for r in KEYWORDS.values():
        t.append(r.name + "\n", style="bold")
        t.append(r.text + "\n")
        t.append(r.source + "\n\n", style="italic")
    return t


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", "Close"),
        Binding("left", "page(-1)", "Pages", key_display="← →"),
        Binding("right", "page(1)", "Page", show=False),
        Binding("1", "show_page(0)", "Keys", show=False),
        Binding("2", "show_page(1)", "Turn", show=False),
        Binding("3", "show_page(2)", "Keywords", show=False),
        Binding("4", "show_page(3)", "Marks", show=False),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
        Binding("pageup", "scroll(-10)", "Scroll", show=False),
        Binding("pagedown,space", "scroll(10)", "Scroll", show=False),
    ]

    def __init__(self, sections: Sequence[tuple[str, Sequence[Binding]]] = (), page: int = 0):
        super().__init__()
        self.sections = sections
        self.page = page

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            yield Static(id="help-tabs")
            with VerticalScroll(id="help-scroll"):
                yield Static(id="help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Help"
        self.show_page(self.page)

    def page_content(self, page: int) -> Table | Group | Text | str:
        if page == 0:
            return key_table(self.sections)
        if page == 1:
            return turn_table()
        if page == 2:
            return keywords_text()
        t = Table.grid(padding=(0, 2))
        t.add_column(style="bold", no_wrap=True, width=9)
        t.add_column(ratio=1)
        for mark, what in MARKS:
            t.add_row(mark, what)
        return t

    def show_page(self, page: int) -> None:
        self.page = page % len(PAGES)
        tabs = Text()
        for i, name in enumerate(PAGES):
            style = "bold reverse" if i == self.page else ""
            tabs.append(f" {i + 1} {name} ", style=style)
            tabs.append(" ")
        tabs.append("  ← → pages", style="italic")
        self.query_one("#help-tabs", Static).update(tabs)
        self.query_one("#help-text", Static).update(self.page_content(self.page))
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_page(self, step: int) -> None:
        self.show_page(self.page + step)

    def action_show_page(self, page: int) -> None:
        self.show_page(page)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
