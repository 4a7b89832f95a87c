"""AllocationScreen: paying a cost, placing cores on a new card, or moving cores in the
Main Step, with the keyboard alone. Nothing is committed until confirmed; Escape
cancels and leaves everything as it was."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bs_tui.engine import Decision, Kind, PlayerView
from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.rules.costs import default_payment, default_placement

from ..labels import hand_card


@dataclass(slots=True)
class Row:
    key: Any  # "reserve" or a card id
    label: str
    cores: int  # plain cores there now
    soul: bool  # the Soul Core is there now
    card: CardDef | None = None
    bp: int = 0
    level: int = 0


def _cores(plain: int, soul: bool) -> str:
    return f"{plain}+◆" if soul else str(plain)


def _bp_at(card: CardDef, level: int) -> int:
    return card.bp_at(level)


class AllocationScreen(ModalScreen[Any]):
    """Returns the answer for the decision, or None when cancelled."""

    BINDINGS = [
        Binding("plus,equals_sign,right", "more", "+1 core"),
        Binding("minus,left", "less", "-1 core"),
        Binding("s", "soul", "Soul Core"),
        Binding("d", "default", "Default & confirm"),
        Binding("enter", "confirm", "Confirm", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, view: PlayerView, decision: Decision, start: Any = None):
        """`start`: a pay/place answer to begin from (the default the table offered), so a
        custom layout is a change of it; Enter takes it as it is."""
        super().__init__()
        self.v = view
        self.d = decision
        a = decision.allocation
        assert a is not None
        fields = {f.cid: f for f in view.you.field}
        self.rows: list[Row] = []
        if decision.kind == Kind.MOVE_CORES:
            keys: list[Any] = ["reserve", *decision.context["holders"]]
            src = {s.source: s for s in a.sources}
            for k in keys:
                s = src.get(k)
                self.rows.append(self._row(k, s.cores if s else 0, bool(s and s.soul), fields))
            self.pool = sum(r.cores for r in self.rows)
            self.counts = {r.key: r.cores for r in self.rows}
            self.soul_at = next((r.key for r in self.rows if r.soul), None)
        else:
            for s in a.sources:
                self.rows.append(self._row(s.source, s.cores, s.soul, fields))
            self.take = {r.key: 0 for r in self.rows}
            self.soul_taken = False
        self.levels = {f.cid: f.card.lv_cores for f in view.you.field}
        if start is not None and decision.kind != Kind.MOVE_CORES and start[0] in ("pay", "place"):
            for k, n in start[1]:
                if k in self.take:
                    self.take[k] = n
            self.soul_taken = bool(start[2])
        c = hand_card(view, a.card)
        self.new_card: CardDef | None = c.card if c else None

    def _row(self, key: Any, cores: int, soul: bool, fields: dict) -> Row:
        if key == "reserve":
            return Row(key, "Reserve", cores, soul)
        if key == "life":
            return Row(key, "Life", cores, soul)
        f = fields.get(key)
        if f is None:
            return Row(key, f"card {key}", cores, soul)
        return Row(key, f.card.name, cores, soul, f.card, f.bp, f.level)

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        with Vertical(id="alloc-box"):
            yield Static(self._title(), id="alloc-title")
            yield OptionList(id="alloc-rows")
            yield Static(id="alloc-summary")
            yield Static(id="alloc-note")
            yield Static(self._keys(), id="alloc-keys")

    def on_mount(self) -> None:
        self.query_one("#alloc-box").border_title = {
            Kind.PAY_COST: "Pay a cost",
            Kind.PLACE_CORES: "Place cores",
            Kind.MOVE_CORES: "Move cores",
        }[self.d.kind]
        self.query_one("#alloc-note", Static).display = False
        self._render_rows()
        self.query_one("#alloc-rows", OptionList).focus()

    def tell(self, message: str, title: str = "") -> None:
        """Why not, said on this screen under the cores (a notice would cover its question)."""
        note = self.query_one("#alloc-note", Static)
        note.update(Text.assemble((f"{title}: ", "bold"), message) if title else Text(message, style="bold"))
        note.display = True

    def _title(self) -> str:
        return self.d.prompt

    def _keys(self) -> str:
        if self.d.kind == Kind.MOVE_CORES:
            return (
                "↑↓ choose · + put a core from the reserve here · - send one back · "
                "s Soul Core here · Enter confirm · Esc cancel"
            )
        verb = "pay" if self.d.kind == Kind.PAY_COST else "take"
        return (
            f"↑↓ choose · +/- {verb} one more/less from here · s Soul Core · "
            "d default & confirm · Enter confirm · Esc cancel"
        )

    # ---------------------------------------------------------------- state
    def after(self, r: Row) -> int:
        """Cores on the row's place after the allocation (Soul Core included)."""
        if self.d.kind == Kind.MOVE_CORES:
            if r.key == "reserve":
                return (
                    self.pool - sum(n for k, n in self.counts.items() if k != "reserve") + (self.soul_at == "reserve")
                )
            return self.counts[r.key] + (self.soul_at == r.key)
        return r.cores - self.take[r.key] + (r.soul and not self.soul_taken)

    def taken(self) -> int:
        return sum(self.take.values()) + self.soul_taken

    def _line(self, r: Row) -> Text:
        t = Text()
        after = self.after(r)
        soul_after = self.soul_at == r.key if self.d.kind == Kind.MOVE_CORES else r.soul and not self.soul_taken
        t.append(f"{r.label:<22.22}", style="bold" if r.key == "reserve" else "")
        t.append(f" {_cores(r.cores, r.soul):>4} → {_cores(after - soul_after, soul_after):<4}")
        if self.d.kind != Kind.MOVE_CORES:
            t.append(f"   {'pay' if self.d.kind == Kind.PAY_COST else 'take'} {self.take[r.key]}")
        if r.card is not None and r.card.kind != "nexus":
            lv = r.card.level_for(after)
            if lv == 0:
                t.append("   ⚠ DEPLETED", style="bold reverse")
            else:
                bp = r.bp - _bp_at(r.card, r.level) + _bp_at(r.card, lv)
                t.append(f"   Lv{lv} BP {bp}")
        elif r.card is not None:
            t.append(f"   nexus Lv{r.card.level_for(after)}")
        return t

    def _render_rows(self) -> None:
        ol = self.query_one("#alloc-rows", OptionList)
        keep = ol.highlighted or 0
        ol.clear_options()
        ol.add_options([Option(self._line(r), id=str(i)) for i, r in enumerate(self.rows)])
        ol.highlighted = min(keep, len(self.rows) - 1)
        self.query_one("#alloc-summary", Static).update(self._summary())

    def _summary(self) -> Text:
        t = Text()
        a = self.d.allocation
        assert a is not None
        if self.d.kind == Kind.PAY_COST:
            t.append(f"Paying {self.taken()} of {a.amount}.")
            if self.soul_taken:
                t.append(" The Soul Core goes to the trash.")
        elif self.d.kind == Kind.PLACE_CORES:
            n = self.taken()
            card = self.new_card
            t.append(f"Placing {n} core(s) (at least {a.amount}).")
            if card is not None:
                lv = card.level_for(n)
                t.append(f" {card.name}: " + (f"Lv{lv} BP {_bp_at(card, lv)}" if lv else "below Lv1"))
        else:
            t.append("Cores on the field after the move are shown on the right of each arrow.")
        depleted = [
            r.label
            for r in self.rows
            if r.card is not None and r.card.kind != "nexus" and r.card.level_for(self.after(r)) == 0
        ]
        if depleted:
            t.append("\n⚠ Depleted when you confirm: " + ", ".join(depleted), style="bold")
        return t

    def _current(self) -> Row:
        ol = self.query_one("#alloc-rows", OptionList)
        return self.rows[ol.highlighted or 0]

    # ---------------------------------------------------------------- actions
    def action_more(self) -> None:
        r = self._current()
        if self.d.kind == Kind.MOVE_CORES:
            if r.key != "reserve" and self.after(self.rows[0]) - (self.soul_at == "reserve") > 0:
                self.counts[r.key] += 1
        elif self.take[r.key] < r.cores:
            self.take[r.key] += 1
        self._render_rows()

    def action_less(self) -> None:
        r = self._current()
        if self.d.kind == Kind.MOVE_CORES:
            if r.key != "reserve" and self.counts[r.key] > 0:
                self.counts[r.key] -= 1
        elif self.take[r.key] > 0:
            self.take[r.key] -= 1
        self._render_rows()

    def action_soul(self) -> None:
        if self.d.kind == Kind.MOVE_CORES:
            if self.soul_at is None:
                self.tell("Your Soul Core is not where it can be moved.")
                return
            self.soul_at = self._current().key
        else:
            if not any(r.soul for r in self.rows):
                self.tell("Your Soul Core is not in your reserve or on your field.")
                return
            self.soul_taken = not self.soul_taken
        self._render_rows()

    def answer(self) -> Any:
        if self.d.kind == Kind.MOVE_CORES:
            layout = tuple((r.key, self.counts[r.key]) for r in self.rows if r.key != "reserve" and self.counts[r.key])
            return ("layout", layout, self.soul_at)
        tag = "pay" if self.d.kind == Kind.PAY_COST else "place"
        return (tag, tuple((r.key, self.take[r.key]) for r in self.rows if self.take[r.key]), self.soul_taken)

    def action_default(self) -> None:
        if self.d.kind == Kind.MOVE_CORES:
            self.action_confirm()
            return
        a = self.d.allocation
        assert a is not None
        ans = default_payment(a, self.levels) if self.d.kind == Kind.PAY_COST else default_placement(a, self.levels)
        self.take = {r.key: 0 for r in self.rows}
        for k, n in ans[1]:
            self.take[k] = n
        self.soul_taken = ans[2]
        self._render_rows()
        self.action_confirm()

    def action_confirm(self) -> None:
        a = self.d.allocation
        assert a is not None
        if self.d.kind == Kind.PAY_COST and self.taken() != a.amount:
            self.tell(f"Pay exactly {a.amount} core(s); you are paying {self.taken()}.")
            return
        if self.d.kind == Kind.PLACE_CORES and self.taken() < a.amount:
            self.tell(f"Place at least {a.amount} core(s) for Lv1.")
            return
        self.dismiss(self.answer())

    def action_cancel(self) -> None:
        a = self.d.allocation
        if self.d.kind == Kind.PLACE_CORES and not (a is not None and a.cancellable):
            self.tell("The cost is paid: place the cores for Lv1 to finish the summon.")
            return
        self.dismiss(None)
