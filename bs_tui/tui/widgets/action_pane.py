"""The decision area: the prompt with what is at stake, and the options of the decision in
front of you. The prompt never scrolls away; the options scroll when there are more than
fit, with a scrollbar and a line saying how many more there are."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.engine import Decision, PlayerView

from ..labels import (
    allocation_choices,
    cards_by_id,
    decision_header,
    option_card,
    option_label,
    unavailable,
    unavailable_label,
)

GREYED = "✗ "


class ActionPane(OptionList):
    """What you may do now, numbered (1-9 choose at once, Enter the highlighted one), then
    greyed what you cannot do now, with the reason."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.answers: dict[str, Any] = {}  # option id -> the answer it gives
        self.reasons: dict[str, str] = {}  # greyed option id -> why not
        self.numbered: dict[int, str] = {}  # the number typed -> the option id it chooses
        # Numbers that stay put: within one player's decisions of one kind in one turn (a
        # Main Step of several actions, an Attack Step of several attacks, even with a magic's
        # target chosen between them), an option keeps its number while it stays legal, so a
        # number typed from memory never does something else; a new option takes the lowest
        # free number. An option is known by what it does to which card name ("Summon Cinder
        # Pup"): the second copy of a card takes the number of the first.
        self.kept_by: dict[tuple[Any, ...], dict[tuple[Any, ...], int]] = {}  # (turn, seat, kind) -> key -> number
        self.kept_turn: tuple[int, int] = (-1, -1)

    def show(self, v: PlayerView, d: Decision | None, note: str = "") -> None:
        self.clear_options()
        self.answers, self.reasons, self.numbered = {}, {}, {}
        if d is None:
            self.add_option(Option(Text(note or "Nothing to decide now."), id="none", disabled=True))
            return
        rows: list[tuple[str, str]] = []
        if d.allocation is not None:
            for oid, label, answer in allocation_choices(v, d):
                rows.append((oid, label))
                self.answers[oid] = answer
        else:
            for i, o in enumerate(d.options):
                rows.append((str(i), option_label(v, d, o)))
                self.answers[str(i)] = o
        options = []
        for n, (oid, label) in self.numbers(v, d, rows):
            key = f"{n}" if n < 10 else " "
            options.append(Option(Text.assemble((f"{key} ", "bold"), label), id=oid))
            self.numbered[n] = oid
        for j, (what, reason) in enumerate(unavailable(d)):
            oid = f"x{j}"
            self.reasons[oid] = reason
            label = unavailable_label(v, what, reason)
            self.answers[oid] = what
            options.append(Option(Text.assemble(GREYED, (label, "dim italic")), id=oid))
        self.add_options(options)
        self.highlighted = 0
        self.scroll_home(animate=False)
        self.call_after_refresh(self._update_more)

    def numbers(self, v: PlayerView, d: Decision, rows: list[tuple[str, str]]) -> list[tuple[int, tuple[str, str]]]:
        """Each row with its number, in the order of the numbers (see `kept`)."""
        if d.allocation is not None:  # a payment's layouts: numbered afresh, the memory kept
            return list(enumerate(rows, 1))
        if (v.turn, v.me) != self.kept_turn:
            self.kept_by, self.kept_turn = {}, (v.turn, v.me)
        kept = self.kept_by.setdefault((v.turn, v.me, d.kind), {})
        names = cards_by_id(v)
        seen: dict[tuple[Any, ...], int] = {}
        keys = []
        for oid, _ in rows:
            key = what_it_does(self.answers[oid], names)
            seen[key] = seen.get(key, -1) + 1
            keys.append((*key, seen[key]))  # copies of one card: the first, the second, …
        # a number once given in this context is never given to another option: a number
        # typed from memory does the same thing or nothing
        taken = set(kept.values())
        free = (n for n in range(1, len(rows) + len(taken) + 2) if n not in taken)
        numbers = [kept[k] if k in kept else next(free) for k in keys]
        kept.update(zip(keys, numbers, strict=True))
        return sorted(zip(numbers, rows, strict=True), key=lambda x: x[0])

    def index_of_answer(self, i: int) -> int:
        """The row showing `d.options[i]` (tests and the hand pane point at options so)."""
        return self.get_option_index(str(i))

    def highlight_answer(self, i: int) -> None:
        self.highlighted = self.index_of_answer(i)

    # ------------------------------------------------------------------ "more" marker
    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._update_more()

    def on_resize(self) -> None:
        self.call_after_refresh(self._update_more)

    def _update_more(self) -> None:
        try:
            more = self.parent.query_one("#more", Static) if self.parent is not None else None
        except Exception:  # not mounted in a decision area
            return
        if more is None:
            return
        if not self.display:  # no options shown (the game is over, another's decision): nothing more
            more.display = False
            return
        below = max(0, self.virtual_size.height - (round(self.scroll_y) + self.scrollable_content_region.height))
        above = round(self.scroll_y)
        if not below and not above:
            more.display = False
            return
        parts = []
        if above:
            parts.append(f"▲ {above} more above")
        if below:
            parts.append(f"▼ {below} more below (↓ or PgDn)")
        more.update(" · ".join(parts))
        more.display = True


class DecisionArea(Vertical):
    """The prompt (never scrolled away) over the options, and between them a line the table
    says something about this decision in (a hint, why an option cannot be taken now): said
    there, nothing covers the question or the options, and it goes with the decision."""

    aside_for: object = None  # the key of the decision the aside is about (see BattleApp.decision_key)

    def compose(self) -> ComposeResult:
        yield Static(id="goal")  # a lesson's goal, over every question of it
        yield Static(id="prompt")
        yield Static(id="aside")
        yield ActionPane(id="actions")
        yield Static(id="more")

    def on_mount(self) -> None:
        self.query_one("#more", Static).display = False
        self.query_one("#aside", Static).display = False
        self.query_one("#goal", Static).display = False

    def set_goal(self, text: Text | None) -> None:
        goal = self.query_one("#goal", Static)
        if text is not None:
            goal.update(text)
        goal.display = text is not None

    def tell(self, text: Text, key: object) -> None:
        aside = self.query_one("#aside", Static)
        aside.update(text)
        aside.display = True
        self.aside_for = key

    def show(self, v: PlayerView, d: Decision | None, note: str = "", key: object = None) -> None:
        if d is None or key != self.aside_for:
            self.query_one("#aside", Static).display = False
            self.aside_for = None
        prompt = self.query_one("#prompt", Static)
        actions = self.query_one(ActionPane)
        if d is None:
            # nothing to choose: the prompt line alone says what the table waits for
            prompt.update(Text(note or "Nothing to decide now.", style="bold"))
            actions.show(v, None, note)
            actions.display = False
            self.query_one("#more", Static).display = False
            return
        prompt.update(decision_header(v, d))
        actions.border_title = "Your move"
        actions.display = True
        actions.show(v, d)

    def clear(self) -> None:
        self.query_one("#prompt", Static).update("")
        self.query_one("#aside", Static).display = False
        self.aside_for = None
        self.query_one(ActionPane).clear_options()
        self.query_one("#more", Static).display = False


def what_it_does(answer: Any, names: dict[int, Any]) -> tuple[Any, ...]:
    """An option as a player remembers it: its verb and the name of its card (not which copy),
    with the rest of the answer; any other answer as itself."""
    cid = option_card(answer)
    if cid is not None and isinstance(answer, tuple) and len(answer) > 1 and isinstance(answer[0], str):
        card = names.get(cid)
        if card is not None:
            return (answer[0], card.name, repr(answer[2:]))
    return (repr(answer),)
