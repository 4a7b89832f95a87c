"""Hints at the table: in a game against the AI, a key asks the hard AI what it would answer
now, from the person's own view (never the game), and shows its choice, one line of why and
its confidence. Never in hot-seat: the other person's seat would be read from the same
screen. A part of BattleApp, written against `host.TableHost` (it never imports the app),
kept apart so each module reads in one sitting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bs_tui.agents.hints import CLOSE_CALL, Hint, explain
from bs_tui.agents.process import AgentProcess
from bs_tui.engine import Decision, PlayerView

from .labels import allocation_choices, describe_take, option_label
from .widgets.action_pane import ActionPane

if TYPE_CHECKING:
    from .host import TableHost

    _Base = TableHost
else:
    _Base = object


class Hinting(_Base):
    hinter: AgentProcess | None = None
    hint_for: tuple[int, int] | None = None  # the key of the decision a hint is being worked out for

    def hint_allowed(self) -> bool:
        return not self.table.hotseat and self.pending() is not None

    def action_hint(self) -> None:
        if not self.hint_allowed():
            why = "Hints are for games against the AI." if self.table.hotseat else "Nothing to decide now."
            self.tell(why, title="No hint")
            return
        d = self.pending()
        assert d is not None
        key = self.decision_key()
        if self.hint_for == key:
            return  # already thinking about this one
        self.hint_for = key
        if self.hinter is None:
            self.hinter = AgentProcess("hard", 18, self.ai_budget)
        self.refresh_status()
        # read here, on the table's thread, while the decision is still the person's
        knows = self.table.view(d.player, knowledge=True)  # their own seat's knowledge: no more
        v = self.seen(d.player)
        self.run_worker(lambda: self.hint_think(key, d, knows, v), thread=True, group="hint")

    def hint_think(self, key: tuple[int, int], d: Decision, knows: PlayerView, v: PlayerView) -> None:
        """In a thread, waiting on the hard AI's process: keys are answered meanwhile."""
        hinter = self.hinter
        assert hinter is not None
        try:
            answer = hinter.choose(d, lambda: knows)
        except RuntimeError as e:
            if not self.closing:
                self.call_from_thread(self.hint_failed, key, str(e))
            return
        hint = explain(v, d, answer, hinter.last, lambda o: answer_words(v, d, o))
        if not self.closing:
            self.call_from_thread(self.hint_done, key, hint)

    def hint_done(self, key: tuple[int, int], hint: Hint) -> None:
        self.hint_for = None
        if self.closing:
            return
        self.refresh_status()
        if self.decision_key() != key:
            return  # answered meanwhile: the hint is out of date
        actions = self.table_screen.query_one("#actions", ActionPane)
        number = next((n for n, oid in actions.numbered.items() if actions.answers.get(oid) == hint.answer), None)
        key = f"{number} " if number is not None and number < 10 else ""  # the key that gives it
        # how sure: said when the search mostly went its way (a close call says so in the text)
        sure = f" (the search's pick in {hint.confidence:.0%} of its tries)" if hint.confidence >= CLOSE_CALL else ""
        self.tell(f"{key}{hint.text}{sure}", title="Hint")

    def hint_failed(self, key: tuple[int, int], why: str) -> None:
        self.hint_for = None
        self.hinter = None
        self.refresh_status()
        self.tell(why, title="No hint")

    def refresh_status(self) -> None:
        busy = self.hint_for is not None
        self.table_screen.query_one("#status").show(
            self.view(), thinking=self.ai_busy, hinting=busy, level=self.table.level
        )

    def close_hinter(self) -> None:
        if self.hinter is not None:
            self.hinter.close()
            self.hinter = None


def answer_words(v: Any, d: Decision, answer: Any) -> str:
    """An answer as the table words it: an option's label, a payment's cores."""
    if d.allocation is None:
        return option_label(v, d, answer)
    for _id, label, ans in allocation_choices(v, d):
        if ans == answer:
            return label
    if isinstance(answer, tuple) and answer and answer[0] in ("pay", "place"):
        verb = "Pay" if answer[0] == "pay" else "Place"
        return f"{verb}: {describe_take(v, answer[1], answer[2])}"
    return "Move the cores so"
