"""Choosing and inspecting at the table: what a key or Enter on a pane means, the Card pane
following the focus, and the cards opened whole. A part of BattleApp, written against
`host.TableHost` (it never imports the app), kept apart so each module reads in one sitting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.widgets import OptionList

from bs_tui.engine import Kind, PlayerView

from .labels import cards_by_id, depleted_by, field_card, hand_card, option_card, unavailable, unavailable_card, why_not
from .widgets.action_pane import ActionPane
from .widgets.card_detail import CardDetail
from .widgets.field_pane import ALSO, source_card

if TYPE_CHECKING:
    from .host import TableHost

    _Base = TableHost
else:
    _Base = object

PANES = ("hand", "my-field", "opp-field", "actions")


class Choosing(_Base):
    # ---------------------------------------------------------------- the Card pane
    def show_card_of(self, pane: str, oid: str | None, v: PlayerView | None = None) -> None:
        """Show in the Card pane the card behind option `oid` of `pane`."""
        if oid is None:
            return
        v = v or self.view()
        detail = self.table_screen.query_one("#detail", CardDetail)
        src = source_card((*v.sides[0].field, *v.sides[1].field), oid)
        if src is not None:  # an advent source under a spirit: that card, face up
            detail.show(src.card)
            return
        cid: int | None = None
        if pane == "actions":
            actions = self.table_screen.query_one("#actions", ActionPane)
            answer = actions.answers.get(oid)
            if oid.startswith("x"):
                cid = unavailable_card(answer)
            elif oid.startswith("alloc"):
                d = v.decision
                cid = d.allocation.card if d is not None and d.allocation is not None else None
            else:
                cid = option_card(answer)
            if cid is None and v.decision is not None:  # a burst window, an effect's question: its card
                card = v.decision.context.get("card")
                cid = card if isinstance(card, int) and not isinstance(card, bool) else None
        elif oid.startswith(ALSO) and oid[len(ALSO) :].isdigit():  # an imagine brave under its second spirit
            cid = int(oid[len(ALSO) :])
        elif oid.lstrip("-").isdigit():
            cid = int(oid)
        if cid is None:
            return
        f = field_card(v, cid)
        c = hand_card(v, cid)
        if f is not None:
            detail.show(f.card, f)
        elif c is not None:
            detail.show(c.card, None, c.cost_now)
        elif (card := cards_by_id(v).get(cid)) is not None:  # a mirage, your own burst, the trash
            detail.show(card)

    def follow_focus(self, v: PlayerView | None = None) -> None:
        """The Card pane shows the highlighted card of the pane in focus, and a field card it
        shows as it is now (a level gained, a rebirth turned it over)."""
        detail = self.table_screen.query_one("#detail", CardDetail)
        shown = detail.shown
        if shown is not None and shown[1] is not None:
            v = v or self.view()
            now = field_card(v, shown[1].cid)
            if now is not None and now != shown[1]:
                detail.show(now.card, now)
        w = self.focused
        if isinstance(w, OptionList) and w.id in PANES and w.highlighted_option is not None:
            self.show_card_of(w.id, w.highlighted_option.id, v)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.closing or event.widget.screen is not self.table_screen:
            return
        self.fit_decision()
        self.follow_focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # only the pane in focus moves the Card pane: a pane refilled behind it does not
        if self.closing or event.option_list.id not in PANES:
            return  # (closing: the screens may be gone already)
        if event.option_list is not self.focused:
            return
        self.show_card_of(event.option_list.id or "", event.option.id)

    def action_inspect(self) -> None:
        from .screens.card import CardScreen

        shown = getattr(self.table_screen.query_one("#detail", CardDetail), "shown", None)
        if shown is None:
            self.notify("Highlight a card first: h your hand, f your field, o the opponent's field.")
            return
        card, on_field, cost_now = shown
        self.push_screen(CardScreen(card, on_field, cost_now))

    def action_trash(self) -> None:
        from .screens.trash import TrashScreen

        self.push_screen(TrashScreen(self.view()))

    def action_library(self) -> None:
        from bs_tui.engine import load_cards

        from .screens.library import LibraryScreen

        self.push_screen(LibraryScreen(load_cards()))

    # ---------------------------------------------------------------- choosing
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        pane = event.option_list.id
        oid = event.option.id
        if oid is None or oid == "none" or event.option_list.screen is not self.screen:
            return
        if pane == "actions":
            self.work_pane = None
            self.choose_option(oid)
        elif pane == "hand" and oid.isdigit():
            self.work_pane = pane
            self.play_from_hand(int(oid))
        elif pane in ("my-field", "opp-field") and oid.isdigit():
            self.work_pane = pane
            self.choose_on_field(int(oid))

    def action_choose(self, n: int) -> None:
        """1-9: option n of the decision, at once."""
        actions = self.table_screen.query_one("#actions", ActionPane)
        if not actions.display or self.pending() is None:
            return
        if n not in actions.numbered:  # a number from memory whose option is gone: said, not ignored
            have = ", ".join(str(k) for k in sorted(actions.numbered) if k < 10)
            self.tell(f"There is no option {n} now" + (f"; the options are {have}." if have else "."), title="Not now")
            return
        self.work_pane = None
        self.choose_option(actions.numbered[n])

    def choose_option(self, oid: str) -> None:
        d = self.pending()
        if d is None or d.player != self.viewer:
            return
        actions = self.table_screen.query_one("#actions", ActionPane)
        if oid in actions.reasons:
            what = actions.answers.get(oid)
            verb = what[0] if isinstance(what, tuple) and what and isinstance(what[0], str) else ""
            self.tell_why(actions.reasons[oid], verb)
            return
        if oid == "alloc:custom":
            self.open_allocation()
            return
        if oid not in actions.answers:
            return
        answer = actions.answers[oid]
        if d.kind == Kind.ATTACK and answer == ("end",):
            self.end_attack_step(answer)
            return
        if d.kind == Kind.MAIN_ACTION and answer == ("end",):
            self.end_main_step(answer)
            return
        if oid.startswith("alloc:"):
            self.answer_allocation(answer)
            return
        self.answer(answer)

    def answer_allocation(self, answer: Any) -> None:
        """A ready-made payment or placement; one that depletes a spirit asks first."""
        from .screens.confirm import ConfirmScreen

        v = self.view()
        lost = depleted_by(v, answer[1], answer[2]) if answer and answer[0] in ("pay", "place") else []
        if not lost:
            self.answer(answer)
            return
        who = " and ".join(lost)

        def done(yes: bool | None) -> None:
            if yes:
                self.answer(answer)

        self.push_screen(
            ConfirmScreen(
                f"{who} would be left with fewer cores than its Lv1 needs: depleted, it goes to the trash.\nGo on?",
                note="n, then c: choose the cores yourself.",
            ),
            callback=done,
        )

    def play_from_hand(self, cid: int) -> None:
        v = self.view()
        d = v.decision
        matches = []
        if d is not None and d.kind in (Kind.MAIN_ACTION, Kind.FLASH):
            matches = [o for o in d.options if isinstance(o, tuple) and len(o) > 1 and o[1] == cid]
        if len(matches) == 1:
            self.answer(matches[0])
        elif matches and d is not None:
            actions = self.table_screen.query_one("#actions", ActionPane)
            actions.focus()
            actions.highlight_answer(d.options.index(matches[0]))
            self.tell("Choose how to use it in the list of options.")
        else:
            self.tell_why(why_not(v, cid), title="Cannot play that now")

    def choose_on_field(self, cid: int) -> None:
        v = self.view()
        d = v.decision
        f = field_card(v, cid)
        name = f.card.name if f else "That card"
        if d is None:
            self.tell("It is not your decision now.")
            return
        want: Any = {Kind.ATTACK: ("attack", cid), Kind.BLOCK: ("block", cid), Kind.CHOOSE_TARGETS: (cid,)}.get(d.kind)
        if want is not None and want in d.options:
            self.answer(want)
            return
        reason = next((r for what, r in unavailable(d) if unavailable_card(what) == cid), "")
        if d.kind == Kind.ATTACK:
            why = f"{name} cannot attack: {reason or (f.state if f else 'not now')}."
        elif d.kind == Kind.BLOCK:
            why = f"{name} cannot block: {reason or (f.state if f else 'not now')}."
        elif d.kind == Kind.CHOOSE_TARGETS:
            why = f"{name} is not a legal target for this effect."
        else:
            why = f"Not now: {d.prompt}"
        self.tell(why, title="Not allowed")
