"""ReplayApp: step through a saved game forwards and backwards, with its log, from the
seats it may be viewed from: both once the game is over, else only the seats people
played at that table (against the AI, the AI's hand, deck order and face-down burst stay
hidden, and so does what the AI was asked). An unfinished game no person played is
watched as a spectator, who sees only what is public.

Everything the viewer shows, the Card pane and the help included, comes from the view of
the seat shown at the point shown, so no key can reach what that seat could not see."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static

from bs_tui.engine import PlayerView
from bs_tui.engine.view import SPECTATOR
from bs_tui.saves import Replay, ReplaySteps

from .crash import QuietCrashes
from .labels import cards_by_id, field_card, hand_card, option_label
from .screens.card import CardScreen
from .screens.help import KEY_NAMES, HelpScreen
from .screens.trash import TrashScreen
from .widgets.board import Board
from .widgets.card_detail import CardDetail
from .widgets.field_pane import source_card
from .widgets.key_bar import KeyBar
from .widgets.log_pane import LogPane
from .widgets.sidebar import Sidebar
from .widgets.status_bar import StatusBar

CARD_PANES = ("hand", "my-field", "opp-field")
SIDEWAYS = {"scroll_left", "scroll_right", "page_left", "page_right"}
# What the viewer's keys do behind a dialog: nothing (the dialog's keys are its own).
VIEWER_ACTIONS = {"step", "goto", "goto_turn", "switch_seat", "focus_pane", "help", "inspect", "trash"}


def describe(v: PlayerView, answer: Any) -> str:
    """What a recorded answer did, in words, from the view its decider had."""
    d = v.decision
    if d is None:
        return str(answer)
    who = v.sides[d.player].name
    if d.allocation is not None:
        if isinstance(answer, tuple) and answer and answer[0] in ("pay", "place"):
            n = sum(k for _, k in answer[1]) + bool(answer[2])
            verb = "pays" if answer[0] == "pay" else "places"
            if answer[2]:  # the Soul Core is named when it moves
                return f"{who} {verb} the Soul Core" + (f" and {n - 1} more core{'s' * (n > 2)}" if n > 1 else "")
            return f"{who} {verb} {n} core{'s' * (n != 1)}"
        if answer == ("cancel",):
            return f"{who} cancels"
        return f"{who} moves cores"
    return f"{who}: {option_label(v, d, answer)}"


def class_bindings(cls: type[DOMNode]) -> list[Binding]:
    """The bindings in force on a class: its own and those it inherits, a key bound again
    lower down replacing the one above, merged as Textual merges them."""
    out: dict[Binding, None] = {}
    for key_bindings in cls._merge_bindings().key_to_bindings.values():
        out.update(dict.fromkeys(key_bindings))
    # the class's own first, in the order it declares them, then what it inherits
    rank: dict[tuple[str, str], tuple[int, int]] = {}
    for depth, c in enumerate(cls.__mro__):
        own = BindingsMap(c.__dict__.get("BINDINGS", [])).key_to_bindings.values()
        for i, b in enumerate(b for kb in own for b in kb):
            rank.setdefault((b.key, b.action), (depth, i))
    return sorted(out, key=lambda b: rank.get((b.key, b.action), (len(cls.__mro__), 0)))


# Words for bindings Textual brings whose own description is empty or terse.
ABOUT = {
    "help_quit": "says which key quits",
    "command_palette": "the command palette",
    "app.focus_next": "the next pane",
    "app.focus_previous": "the previous pane",
    "screen.copy_text": "copy the selected text",
    "cursor_down": "down in a list; the Card pane follows",
    "cursor_up": "up in a list; the Card pane follows",
}


# ---------------------------------------------------------------------------- help


def key_name(key: str) -> str:
    """`pagedown` as PgDn, `ctrl+q` as Ctrl+Q, `f1` as F1."""
    key = key.strip()
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    *mods, last = key.split("+")
    if last in KEY_NAMES:
        last = KEY_NAMES[last]
    elif (mods and len(last) == 1) or (last[:1] == "f" and last[1:].isdigit()):
        last = last.upper()
    return "+".join([*(m.title() for m in mods), last])


def key_text(b: Binding) -> str:
    """All the keys of a binding: `→ n Space`."""
    return " ".join(dict.fromkeys(key_name(k) for k in b.key.split(",")))


def help_table(sections: list[tuple[str, list[Binding]]]) -> Table:
    """The keys of each section, one row an action, the key column fixed so that the
    words wrap beside it at 80 columns, never under it."""
    t = Table.grid(padding=(0, 2))
    t.add_column(no_wrap=True, width=16, style="bold")
    t.add_column(ratio=1)
    for title, bindings in sections:
        t.add_row(Text(title, style="bold underline"), "")
        rows: dict[str, Binding] = {}
        for b in bindings:  # one row an action, its keys together
            if b.action in rows:
                had = rows[b.action]
                b = Binding(f"{had.key},{b.key}", b.action, had.description, tooltip=had.tooltip)
            rows[b.action] = b
        for b in rows.values():
            t.add_row(key_text(b), b.tooltip or ABOUT.get(b.action) or b.description)
        t.add_row("", "")
    return t


class ReplayHelp(HelpScreen):
    """The table's help, its first page the viewer's keys: every key in force here,
    generated from the bindings, so it cannot drift from them."""

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#help-box").border_title = "Replay: help"

    def page_content(self, page: int) -> Table | Text | str:
        return help_table(self.sections) if page == 0 else super().page_content(page)


# ---------------------------------------------------------------------------- go to a turn


class TurnDialog(ModalScreen[int | None]):
    """Asks for a turn number; answers it, or None when cancelled."""

    DEFAULT_CSS = """
    TurnDialog { align: center middle; }
    #turn-box { width: 50; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    #turn-problem { color: $warning; height: auto; }
    #turn-keys { color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", tooltip="close, staying where the replay is"),
        Binding("enter", "go", "Go", tooltip="go to the start of that turn", show=False),
    ]

    def __init__(self, last_turn: int, now: int):
        super().__init__()
        self.last_turn = last_turn
        self.now = now

    def compose(self) -> ComposeResult:
        with Vertical(id="turn-box"):
            yield Static(f"Go to the start of turn (0 to {self.last_turn}; 0 is before the first turn):")
            yield Input(str(self.now), type="integer", id="turn-input", select_on_focus=True)
            yield Static(id="turn-problem")
            yield Static("Enter: go · Esc: cancel", id="turn-keys")

    def on_mount(self) -> None:
        self.query_one("#turn-box").border_title = "Go to turn"
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_go()

    def action_go(self) -> None:
        text = self.query_one(Input).value.strip()
        try:
            n = int(text)
        except ValueError:
            n = -1
        if not 0 <= n <= self.last_turn:
            shown = text[:12] or "nothing"
            self.query_one("#turn-problem", Static).update(
                Text(f"{shown} is not a turn of this game: 0 to {self.last_turn}.")
            )
            return
        self.dismiss(n)

    def action_cancel(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------- the viewer


class ReplayApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui replay"
    BINDINGS = [
        Binding("right,n,space", "step(1)", "Forward", tooltip="one decision forward"),
        Binding("left,b", "step(-1)", "Back", tooltip="one decision back"),
        # priority: before a list's own page and Home/End keys (while no dialog is up)
        Binding("pagedown", "step(10)", "+10", show=False, priority=True, tooltip="ten decisions forward"),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True, tooltip="ten decisions back"),
        Binding("home", "goto(0)", "Start", show=False, priority=True, tooltip="the start of the game"),
        Binding("end", "goto(-1)", "End", show=False, priority=True, tooltip="the end of the record"),
        Binding("g", "goto_turn", "Go to turn", tooltip="the start of a turn you type"),
        Binding("v", "switch_seat", "Switch seat", tooltip="view the game from the other seat"),
        Binding(
            "p",
            "save_moment",
            "Save as puzzle",
            show=False,
            tooltip="the decision here, as its player knew it, as a puzzle",
        ),
        Binding("i,enter", "inspect", "Card", tooltip="the card in the Card pane whole, its keywords explained"),
        Binding("t", "trash", "Trash", tooltip="look through both trashes and the cards removed from the game"),
        Binding("h", "focus_pane('hand')", "Hand", show=False, tooltip="the hand; ↑ ↓ show each card"),
        Binding("f", "focus_pane('my-field')", "Field", show=False, tooltip="this seat's field and burst area"),
        Binding("o", "focus_pane('opp-field')", "Opponent", show=False, tooltip="the other seat's field"),
        Binding("l", "focus_pane('log')", "Log", show=False, tooltip="the log; ↑ ↓ read back"),
        Binding("question_mark,f1", "help", "Help", tooltip="this help"),
        Binding("q,escape", "quit", "Quit", tooltip="leave the replay (the save is never changed)"),
    ]

    def __init__(self, replay: Replay):
        super().__init__()
        self.replay = replay
        self.seats: tuple[int, ...] = replay.seats
        self.steps = ReplaySteps(replay)
        names = self.steps.names()
        # what each answer did, told only when its decider's seat may be viewed
        self.labels: list[str] = [
            describe(seen, a) if seen is not None else f"{names[who]} decides" if who >= 0 else str(a)
            for (who, seen), a in zip(self.steps.deciders, self.steps.answers, strict=True)
        ]
        self.turns = self.steps.turns
        self.at = 0
        self.seat = self.seats[0] if self.seats else SPECTATOR
        self.log_seat: int | None = None

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield Board(id="left")
            yield Sidebar(Static(id="replay-bar"), id="right")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#hand" if self.view().you.hand else "#my-field").focus()

    def view(self) -> PlayerView:
        """What the current seat sees at the current point; never a seat not in `seats`."""
        assert self.seat in self.seats or self.seat == SPECTATOR
        return self.steps.view(self.at, self.seat)

    def show(self) -> None:
        v = self.view()
        name = escape(v.you.name)  # border titles are markup; a name is text
        self.query_one("#status", StatusBar).show(v)
        self.query_one(Board).show(v, f"{name}'s field")
        self.query_one("#hand").border_title = f"{name}'s hand" + (" (hidden)" if v.you.hand is None else "")
        log = self.query_one("#log", LogPane)
        if self.log_seat != self.seat:  # another seat's log: written afresh
            log.clear()
            log.shown = 0
            self.log_seat = self.seat
        log.show(v.log)  # a step forward appends; a step back writes it again
        n = len(self.steps) - 1
        t = Text()
        t.append(f"Decision {self.at} of {n}", style="bold")
        t.append(f" · turn {self.turns[self.at]} of {self.turns[-1]}")
        t.append(f" · seat: {'spectator' if self.seat == SPECTATOR else v.you.name}\n")
        if self.at < n:
            t.append("Next: " + self.labels[self.at])
        else:
            t.append(
                "The end of the record." + (" The game is over." if self.steps.over(self.at) else " The game goes on.")
            )
        if not self.seats:
            t.append("\nBoth hands stay hidden: no person played this game, and it is not over.")
        elif len(self.seats) < 2:
            t.append(f"\n{self.steps.names()[1 - self.seat]}'s cards stay hidden: the game is not over.")
        self.query_one("#replay-bar", Static).update(t)
        self.follow_focus(v)

    # ------------------------------------------------------------------ the Card pane
    def show_card(self, pane: str, oid: str | None, v: PlayerView | None = None) -> None:
        """The card behind option `oid` of `pane` in the Card pane, as the seat shown sees it."""
        if oid is None:
            return
        v = v or self.view()
        src = source_card((*v.sides[0].field, *v.sides[1].field), oid)
        if src is not None:  # an advent source under a spirit
            self.query_one("#detail", CardDetail).show(src.card)
            return
        if not oid.lstrip("-").isdigit():
            return
        cid = int(oid)
        detail = self.query_one("#detail", CardDetail)
        if (f := field_card(v, cid)) is not None:
            detail.show(f.card, f)
        elif (c := hand_card(v, cid)) is not None:
            detail.show(c.card, None, c.cost_now)
        elif (card := cards_by_id(v).get(cid)) is not None:  # a mirage, the seat's own burst
            detail.show(card)

    def follow_focus(self, v: PlayerView | None = None) -> None:
        w = self.focused
        if isinstance(w, OptionList) and w.id in CARD_PANES and w.highlighted_option is not None:
            self.show_card(w.id, w.highlighted_option.id, v)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if event.widget.screen is self.screen_stack[0]:
            self.follow_focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id in CARD_PANES:  # Enter on a card: the card whole
            self.action_inspect()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # only the pane in focus moves the Card pane: a pane refilled behind it does not
        if event.option_list is self.focused and event.option_list.id in CARD_PANES:
            self.show_card(event.option_list.id or "", event.option.id)

    # ------------------------------------------------------------------ keys
    def action_step(self, n: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, self.at + n))
        self.show()

    def action_goto(self, n: int) -> None:
        self.at = n if n >= 0 else len(self.steps) - 1
        self.show()

    def action_goto_turn(self) -> None:
        def chosen(turn: int | None) -> None:
            if turn is not None:
                self.at = self.turn_start(turn)
                self.show()

        self.push_screen(TurnDialog(self.turns[-1], self.turns[self.at]), callback=chosen)

    def turn_start(self, turn: int) -> int:
        """The first decision of `turn` (the last one recorded, past the end of the record)."""
        return next((i for i, t in enumerate(self.turns) if t >= turn), len(self.steps) - 1)

    def action_focus_pane(self, pane: str) -> None:
        if self.screen is self.screen_stack[0]:
            self.query_one(f"#{pane}").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in VIEWER_ACTIONS and self.screen is not self.screen_stack[0]:
            return False  # a dialog or the help is up: its keys are its own
        # one seat to view: the switch is neither shown nor bound
        return not (action == "switch_seat" and len(self.seats) < 2)

    def action_switch_seat(self) -> None:
        if len(self.seats) < 2:
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
        self.show()

    def action_save_moment(self) -> None:
        """The decision pending here as a puzzle, as its player knew it (a seat people played)."""
        v = self.steps.moment(self.at)
        if v is None:
            self.notify("No decision of a seat you may view is pending here.", title="Not here")
            return
        from bs_tui.practice.puzzles import save_moment

        try:
            path = save_moment(v, "a replay")
        except OSError as e:
            self.notify(f"It could not be written: {e.strerror or e}", title="Not saved", severity="warning")
            return
        self.notify(f"Play it: bs-tui practice {path}", title="Saved as a puzzle", markup=False)

    def action_inspect(self) -> None:
        """The card in the Card pane, whole (what the seat shown may see: the pane shows
        nothing else)."""
        shown = getattr(self.query_one("#detail", CardDetail), "shown", None)
        if shown is None:
            self.notify("Highlight a card first: h the hand, f this seat's field, o the other's.")
            return
        card, on_field, cost_now = shown
        self.push_screen(CardScreen(card, on_field, cost_now))

    def action_trash(self) -> None:
        self.push_screen(TrashScreen(self.view()))  # trashes and removed cards are public

    def help_sections(self) -> list[tuple[str, list[Binding]]]:
        """The keys bound now, by where they work: the viewer's own with those Textual
        brings (the seat switch only when there is another seat), moving between panes,
        inside a list (less what the viewer takes over), the screens the viewer opens and
        the help itself."""
        viewer = [b for b in class_bindings(type(self)) if b.action != "switch_seat" or len(self.seats) > 1]
        if self.ENABLE_COMMAND_PALETTE:
            viewer.append(Binding(self.COMMAND_PALETTE_BINDING, "command_palette", "Command palette"))
        taken = {k.strip() for b in viewer if b.priority for k in b.key.split(",")}
        taken |= {k.strip() for b in viewer for k in b.key.split(",")}  # Enter opens the card
        # a list never scrolls sideways: those keys pass through to the viewer's
        in_list = [b for b in class_bindings(OptionList) if b.key not in taken and b.action not in SIDEWAYS]
        panes = class_bindings(Screen)
        every_screen = {(b.key, b.action) for b in panes}

        def own(cls: type[Screen]) -> list[Binding]:
            """A screen's keys, less those every screen has; closing it is back to the replay."""
            keys = [b for b in class_bindings(cls) if (b.key, b.action) not in every_screen]
            return [replace(b, tooltip="close it, back to the replay") if b.action == "close" else b for b in keys]

        return [
            ("The replay", viewer),
            ("Panes", panes),
            ("In a list", in_list),
            ("Go to turn (g)", own(TurnDialog)),
            ("A card whole (i)", own(CardScreen)),
            ("Trashes (t)", own(TrashScreen)),
            ("This help", own(ReplayHelp)),
        ]

    def action_help(self) -> None:
        if self.screen is self.screen_stack[0]:
            self.push_screen(ReplayHelp(self.help_sections()))
