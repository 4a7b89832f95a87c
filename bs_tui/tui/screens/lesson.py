"""The screens of a lesson at the table: what it teaches before it starts (LessonScreen),
and how it ended with what to do next (LessonOverScreen). Each key is named on the screen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from bs_tui.practice.catalogue import friendly_section
from bs_tui.practice.state import SOLVED, PracticeState

from ..widgets.key_bar import KeyBar


def keys_line(t: Text, keys: list[tuple[str, str]]) -> None:
    for key, what in keys:
        t.append(f" {key} ", style="bold reverse")
        t.append(f" {what}   ")


class LessonScreen(ModalScreen[None]):
    """The lesson's title, the rule it teaches (and where the rulebook says it), the goal."""

    BINDINGS = [
        Binding("enter,escape,space", "start", "Start", tooltip="to the table: the lesson starts"),
    ]

    def __init__(self, state: PracticeState):
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        s = self.state
        t = Text()
        t.append(s.title + "\n", style="bold")
        where = "From" if s.chapter == "puzzle" else "Where the rules say so"
        t.append(f"{where}: {friendly_section(s.section)}\n\n", style="italic")
        t.append(s.explain + "\n\n")
        t.append("Goal: ", style="bold")
        t.append(s.goal + "\n\n")
        t.append("At the table: w a hint · u undo · ? help\n\n", style="italic")
        keys_line(t, [("Enter", "start")])
        with VerticalScroll(id="lesson-box"):
            yield Static(t, id="lesson-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#lesson-box").border_title = "Lesson" if self.state.shipped else "Puzzle"

    def action_start(self) -> None:
        self.dismiss(None)


class LessonOverScreen(ModalScreen[str]):
    """Returns "again", "watch", "hint", "undo", "next", "menu", or "" to look at the table."""

    BINDINGS = [
        Binding("s", "done('watch')", "Watch the solution"),
        Binding("n", "done('next')", "Next lesson"),
        Binding("r", "done('again')", "Try again"),
        Binding("w", "done('hint')", "Hint"),
        Binding("u", "done('undo')", "Undo"),
        Binding("m", "done('menu')", "Lessons"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, state: PracticeState, tries: int = 0, has_next: bool = False, at_table: bool = True):
        super().__init__()
        self.state = state
        self.tries = tries
        keys: list[tuple[str, str, str]] = []  # key, what it returns, words
        if state.status == SOLVED:
            if state.has_solution:
                keys.append(("s", "watch", "watch the solution"))
            if has_next:
                keys.append(("n", "next", "next lesson"))
            keys.append(("r", "again", "try it again"))
        else:
            keys += [("r", "again", "try again"), ("w", "hint", "a hint, then try again")]
            if at_table:
                keys.append(("u", "undo", "undo"))
            if state.has_solution:
                keys.append(("s", "watch", "watch the solution"))
        keys.append(("m", "menu", "lessons"))
        if at_table:
            keys.append(("Esc", "", "look at the table"))
        self.keys = keys
        self.offered = {v for _, v, _ in keys}
        self.at_table = at_table

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return parameters[0] in self.offered
        return True

    def on_mount(self) -> None:
        self.query_one("#lesson-over-box").border_title = "Solved" if self.state.status == SOLVED else "Not solved"

    def compose(self) -> ComposeResult:
        s = self.state
        t = Text()
        solved = s.status == SOLVED
        t.append(("Solved! " if solved else "Not solved. ") + s.title + "\n\n", style="bold")
        if s.why:
            t.append(s.why + "\n")
        if self.tries:
            t.append(f"\nTries: {self.tries}\n", style="italic")
        t.append("\n")
        keys_line(t, [(k, w) for k, _, w in self.keys])
        with Vertical(id="lesson-over-box"):
            yield Static(t, id="lesson-over-text")
        yield KeyBar()

    def action_done(self, what: str) -> None:
        if what in self.offered:
            self.dismiss(what)

    def action_back(self) -> None:
        """Esc: to the table, to look at it; with no table (a deck question), to the lessons."""
        self.dismiss("" if self.at_table else "menu")


class DeckQuestionScreen(ModalScreen[bool]):
    """A deck to judge by the deck rules: y it can be played, n it cannot; w a hint."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes, it can be played"),
        Binding("n", "answer(False)", "No, it cannot"),
        Binding("w", "hint", "Hint"),
    ]

    def __init__(self, state: PracticeState, cards: list[tuple[str, int]], hint_from: int = 0):
        super().__init__()
        self.state = state
        self.cards = cards  # (card name and kind, copies)
        self.hints_shown = hint_from

    def compose(self) -> ComposeResult:
        s = self.state
        t = Text()
        t.append(s.title + "\n", style="bold")
        t.append(f"Where the rules say so: {friendly_section(s.section)}\n\n", style="italic")
        t.append(s.goal + "  ", style="bold")
        keys_line(t, [("y", "yes"), ("n", "no"), ("w", "a hint")])
        t.append("\n\n" + s.explain + "\n\n")
        total = sum(n for _, n in self.cards)
        t.append(f"The deck ({total} cards):\n", style="bold")
        for name, n in self.cards:
            t.append(f"  {n} × {name}\n")
        with VerticalScroll(id="lesson-box"):
            yield Static(id="deck-hint")
            yield Static(t, id="lesson-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#lesson-box").border_title = "Lesson"

    def action_hint(self) -> None:
        hints = self.state.hints
        if not hints:
            return
        i = min(self.hints_shown, len(hints) - 1)
        self.hints_shown += 1
        text, rule = hints[i]
        self.query_one("#deck-hint", Static).update(
            Text(f"Hint {i + 1} of {len(hints)}: {text} — {rule}", style="italic")
        )

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class LessonLinkScreen(ModalScreen[bool]):
    """The lesson behind a "why not?" or a keyword: what it teaches and how to play it.
    Returns True when the player asks to play it now (offered in practice only)."""

    BINDINGS = [
        Binding("enter", "play", "Play it now"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, lesson_id: str, title: str, section: str, explain: str, can_play: bool):
        super().__init__()
        self.lesson_id, self.title_, self.section, self.explain = lesson_id, title, section, explain
        self.can_play = can_play

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(self.title_ + "\n", style="bold")
        t.append(f"Where the rules say so: {friendly_section(self.section)}\n\n", style="italic")
        t.append(self.explain + "\n\n")
        if self.can_play:
            keys_line(t, [("Enter", "play it now"), ("Esc", "back")])
        else:
            t.append(f"Play it: bs-tui practice {self.lesson_id}\n\n", style="bold")
            keys_line(t, [("Esc", "back to the game")])
        with VerticalScroll(id="lesson-box"):
            yield Static(t, id="lesson-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#lesson-box").border_title = "The rule behind it"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_play if action == "play" else True

    def action_play(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
