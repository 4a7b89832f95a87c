"""BattleApp: the table. It renders the deciding player's view, turns keys into answers,
lets the AI think off the event loop, and hides hands between hot-seat players."""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static

from bs_tui.engine import Decision, IllegalAnswer, Kind, PlayerView
from bs_tui.files import printable
from bs_tui.saves import Journal, SaveInfo, SaveWriteError
from bs_tui.seats import Seat
from bs_tui.settings import Settings, save_settings

from .cardlines import use_colour
from .choosing import Choosing
from .crash import QuietCrashes
from .games import Games
from .hinting import Hinting
from .labels import allocation_choices, e_label, moment, negative_option, playable_left
from .practicing import Practicing
from .screens.confirm import ConfirmScreen
from .screens.handover import HandoverScreen
from .screens.resume import ResumeScreen
from .screens.table import TableScreen
from .widgets.action_pane import ActionPane, DecisionArea
from .widgets.board import Board
from .widgets.card_detail import CardDetail
from .widgets.core_area import CoreArea
from .widgets.field_pane import FieldPane
from .widgets.hand_pane import HandPane
from .widgets.log_pane import LogPane
from .widgets.status_bar import StatusBar

MIN_WIDTH, MIN_HEIGHT = 80, 24
WIDE = 110  # from this width the card and the log stand side by side
# What the other side did that a player hears about at their next decision.
EVENT_WORDS = ("summons", "deploys", "attacks", "blocks", "uses", "activates", "sets", "braves")
# Panes read rather than answered in: while one has the focus the options shrink.
BROWSING = ("hand", "my-field", "opp-field", "log")
# Screens with a `q` of their own (close): the table's `q` gives way to it there. The
# screens opened on a key are imported when first opened: the first frame comes sooner.
OWN_Q = ("HelpScreen", "CardScreen", "TrashScreen", "GameOverScreen", "LibraryScreen")


class BattleApp(Choosing, Practicing, Hinting, Games, QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui"
    AUTO_FOCUS = "#actions"  # (the other screens focus what they choose themselves)
    BINDINGS = [  # the table's own keys are its screen's (screens/table.py)
        Binding("question_mark,f1", "help", "Help"),
        Binding("q,ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        table: Seat | None,
        ai_delay: float | None = None,
        journal: Journal | None = None,
        offer: SaveInfo | None = None,
        args: argparse.Namespace | None = None,
        settings: Settings | None = None,
        config_file: Path | None = None,
    ):
        super().__init__()
        self._ai_delay = ai_delay  # None: the settings' AI speed
        self.journal = journal
        self.offer = offer
        self.args = args
        self.settings = settings or Settings()
        self.config_file = config_file  # None: settings changed here are kept for this run only
        self.ai_busy = False
        self.ai_for: tuple[int, int] | None = None
        self.closing = False
        self.stopped = False  # the game cannot go on: its save cannot be written
        self.last_decision: Any = None
        # (game, turn[, "attack"]) whose Main Step (Attack Step) end was asked about
        self.asked_end_main: tuple[Any, ...] | None = None
        self.over_shown: Any = None  # the game whose game-over screen was shown
        self.news = ""  # the last thing the other side did, shown until the player answers
        self.mark_from: dict[int, int] = {}  # per seat: the log's length after its last answer
        self.work_pane: str | None = None  # the hand or a field, when the last answer was chosen there
        use_colour(not self.no_color)
        self.table: Seat
        self._seen: dict[tuple[int, int, int], PlayerView] = {}
        self.answering = False  # an answer of this screen is being given: it refreshes itself
        if table is not None:
            self.set_table(table)

    @property
    def ai_delay(self) -> float:
        return self._ai_delay if self._ai_delay is not None else self.settings.ai_pause_ms / 1000

    @property
    def ai_level(self) -> str:
        """The level of the AI in new games: `--ai`, else the settings'."""
        return getattr(self.args, "ai", None) or self.settings.ai_level

    @property
    def ai_budget(self) -> float | None:
        """The hard AI's seconds a decision (`--ai-budget`; None: the default)."""
        return getattr(self.args, "ai_budget", None)

    @property
    def name2_override(self) -> str | None:
        """The second hot-seat player's name: `--name2`, else the settings'."""
        return getattr(self.args, "name2_override", None) or self.settings.player2_name or None

    @property
    def name_override(self) -> str | None:
        """`--name` wins over the name in the settings."""
        return getattr(self.args, "name_override", None) or self.settings.player_name or None

    def set_table(self, table: Seat) -> None:
        self.table = table
        table.watch(self.seat_changed)
        humans = table.people
        self.viewer = humans[0] if humans else 0
        # hot-seat: the first decision, of a new game or a resumed one, is handed over too
        self.handed_to = -1 if table.hotseat else self.viewer
        self.log_viewer = self.viewer
        self.last_decision = None
        # a resumed game tells only what happens from now on; a new one, all of it
        self.mark_from = {} if table.version == 0 else {i: len(table.view(i).log) for i in humans}
        self.news = ""

    # ---------------------------------------------------------------- layout
    def get_default_screen(self) -> Screen:
        return TableScreen(self.table_ready, id="_default")

    def on_mount(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, self.theme_changed)
        self.watch_signals()

    def table_ready(self) -> None:
        """The table's panes are composed: the game is shown."""
        import gc

        self.call_after_refresh(gc.enable)  # off while the program started (bs_tui.cli.main)
        self.check_size()
        if self.offer is not None:
            self.push_screen(ResumeScreen(self.offer), callback=self.offer_answered)
            return
        self.lesson_begins()  # a lesson: what it teaches, over the table
        self.refresh_table()

    def watch_signals(self) -> None:
        """SIGHUP (the SSH connection dropped) and SIGTERM end the app cleanly; the save
        is already on disk, every decision was appended as it was accepted."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self.exit, 0)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no such signal
                pass

    def on_table_screen_resized(self, event: TableScreen.Resized) -> None:
        self.check_size(event.width, event.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        q = self.table_screen
        q.set_class(small, "too-small")
        q.set_class(w >= WIDE, "wide")
        self.fit_decision(h)
        q.query_one("#too-small", Static).update(
            f"The table needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {w}×{h}.\n"
            "Make the window larger, or press q to quit."
        )

    def fit_decision(self, h: int | None = None) -> None:
        """The options may take all but the status line, the prompt, the keys and a few
        lines of the board; past that they scroll. While a pane of the board or the log
        has the focus, the options give it room: a few lines, the rest a scroll away."""
        h = h if h is not None else self.size.height
        w = self.focused
        browsing = w is not None and w.screen is self.table_screen and w.id in BROWSING
        q = self.table_screen
        # a question of several lines (an attack's blockers, a hint under it) takes its room
        # from the options, not from the board: the fields and the hand keep a few lines
        prompt, aside, goal = q.query_one("#prompt"), q.query_one("#aside"), q.query_one("#goal")
        extra = max(0, prompt.outer_size.height - 1) + (aside.outer_size.height if aside.display else 0)
        extra += goal.outer_size.height if goal.display else 0
        most = max(3, h - 10 - extra)
        q.query_one("#actions", ActionPane).styles.max_height = min(most, 4) if browsing else most
        # and the pane in focus takes the room of the others on the board
        for pane in ("hand", "my-field", "opp-field"):
            q.set_class(browsing and w is not None and w.id == pane, f"focus-{pane}")

    def theme_changed(self, theme: Any) -> None:
        """A theme chosen anywhere (the settings, the command palette) is kept for next time."""
        name = getattr(theme, "name", None)
        if isinstance(name, str) and name != self.settings.theme:
            self.keep_settings(replace(self.settings, theme=name), quiet=True)

    # ---------------------------------------------------------------- the table
    def view(self) -> PlayerView:
        return self.seen(self.viewer)

    def seen(self, player: int) -> PlayerView:
        """`player`'s view, read once until the game moves on or the table is shown again: the
        keys' checks ask for it many times a frame, and a view of a busy board is not free."""
        key = (id(self.table), self.table.version, player)
        v = self._seen.get(key)
        if v is None:
            if len(self._seen) > 4:
                self._seen.clear()
            v = self._seen[key] = self.table.view(player)
        return v

    @property
    def handing_over(self) -> bool:
        return any(isinstance(s, HandoverScreen) for s in self.screen_stack)

    @property
    def table_screen(self) -> Screen:
        """The screen of the table (the app's queries reach only the top screen)."""
        return self.screen_stack[0]

    def seat_changed(self) -> None:
        """The seat says the game moved on: an answer of this screen refreshes the table
        itself; anything else (a far end's answer) refreshes it from the screen's thread."""
        if self.answering or self.closing:
            return
        if threading.get_ident() == self._thread_id:
            self.call_later(self.refresh_table)
        else:
            self.call_from_thread(self.refresh_table)

    def pending(self) -> Decision | None:
        """The pending decision when a person at this screen must make it (from their view)."""
        who = self.table.waiting_for()
        return self.seen(who).decision if who in self.table.people else None

    def decision_key(self) -> tuple[int, int]:
        """What tells this decision from the next one: a view's decision is a new object
        each time it is read (over a wire, always)."""
        return (self.table.version, self.table.waiting_for())

    def refresh_table(self) -> None:
        t = self.table
        if self.stopped or self.closing or self.handing_over:
            return
        self._seen.clear()  # read afresh each time the table is shown
        self.lesson_read_afresh()
        who = t.waiting_for()
        d = self.pending()
        if d is not None and t.passes_at_once(self.settings.hotseat_auto_pass):
            self.answer(d.options[0], by_person=False)
            return
        if t.hotseat and d is not None and d.player != self.handed_to:
            self.hand_over(d.player, moment(d))
            return
        if d is not None and no_opening(d):
            # no card to set aside: nothing to ask (in hot-seat the hand-over came all the same,
            # so it tells nothing of the deck)
            self.answer(d.options[0], by_person=False)
            return
        if d is not None:  # whose eyes the screen is: the person deciding now
            self.viewer = d.player
        elif not t.hotseat:
            self.viewer = t.people[0] if t.people else 0
        v = self.view()
        q = self.table_screen
        key = self.decision_key()
        if d is not None and key != self.last_decision:
            self.take_news(v)
            self.why_lesson = None  # a "why not?" is about the decision it was asked at
        q.query_one("#status", StatusBar).show(
            v, thinking=self.ai_busy, hinting=self.hint_for is not None, news=self.news, level=t.level
        )
        q.query_one(Board).show(v)
        log = q.query_one("#log", LogPane)
        if self.log_viewer != self.viewer:
            log.clear()
            log.shown = 0
            self.log_viewer = self.viewer
        log.show(v.log, self.mark_from.get(self.viewer))
        area = q.query_one("#decision", DecisionArea)
        area.set_goal(self.goal_line())
        self.call_after_refresh(self.lesson_check)
        self.refresh_bindings()
        if d is None:
            if v.winner >= 0:
                again = "r try again · n next lesson" if self.lesson() is not None else "r rematch · n new game"
                area.show(v, None, f"Game over: {v.sides[v.winner].name} wins. {again} · q quit")
                self.show_game_over(v)
            elif who >= 0:
                area.show(v, None, f"Waiting for {v.sides[who].name}…")
                if t.agent_to_move():
                    self.start_ai()
            else:
                area.show(v, None, "")
            return
        area.show(v, d, key=key)
        self.call_after_refresh(self.fit_decision)  # once the question is laid out: its height
        if d.kind == Kind.MOVE_CORES:
            self.open_allocation()
        elif key != self.last_decision:
            # a player choosing from the hand or a field goes on there; otherwise the options
            keep = {Kind.MAIN_ACTION, Kind.ATTACK, Kind.BLOCK, Kind.CHOOSE_TARGETS, Kind.FLASH}
            w = self.focused
            if not (d.kind in keep and isinstance(w, (HandPane, FieldPane)) and w.id == self.work_pane):
                q.query_one("#actions", ActionPane).focus()
                self.call_after_refresh(self.keep_options_focused, key)
        self.last_decision = key
        self.call_after_refresh(self.follow_focus, v)

    def notify(self, message: str, *, title: str = "", severity: Any = "information", **kwargs: Any) -> None:
        """A notice is said on the screen on top when it has a line for it (the cores screen):
        a notice there would cover its question. Elsewhere, Textual's notice."""
        tell = getattr(self.screen, "tell", None)
        if callable(tell) and self.screen is not self.table_screen:
            tell(printable(str(message)), title=title)
            return
        super().notify(message, title=title, severity=severity, **kwargs)

    def keep_options_focused(self, key: tuple[int, int]) -> None:
        """The options were hidden while the other side decided, and Textual hands the focus
        of a hidden widget on to the next one (the log) when it lays the screen out, which
        may come after the options were given it again: given it once more if so."""
        actions = self.table_screen.query_one("#actions", ActionPane)
        w = self.focused
        if self.decision_key() == key and actions.display and (w is None or w.id == "log") and w is not actions:
            actions.focus()

    def tell(self, message: str, title: str = "") -> None:
        """Something about the decision in front of the player (why not, a hint): in the
        decision area, between the question and the options, until the decision changes;
        a notice only when a screen covers the table."""
        if self.screen is not self.table_screen:  # a hand-over, a question, a card opened whole
            self.notify(message, title=title, severity="warning", markup=False)
            return
        area = self.table_screen.query_one("#decision", DecisionArea)
        text = Text.assemble((f"{title}: ", "bold"), printable(message)) if title else Text(printable(message))
        area.tell(text, self.decision_key())

    def take_news(self, v: PlayerView) -> None:
        """What the other side did since this player's last answer (the log is marked there,
        `mark_from`): its last event goes into the status line until the player answers;
        nothing covers the question or the options."""
        seen = self.mark_from.get(self.viewer, 0)
        other = v.opponent.name
        lines = [
            line
            for line in v.log[seen:]
            if (line.startswith(f"{other} ") and any(w in line for w in EVENT_WORDS))
            or any(w in line for w in ("life to", "is destroyed", "is depleted", "is exhausted"))
        ]
        # said as past ("since your move"), the count first: at 80 columns the end is cut
        more = f" (+{len(lines) - 1} in the log, l)" if len(lines) > 1 else ""
        self.news = f"Since your move{more}: {printable(lines[-1])}" if lines else ""

    def hand_over(self, player: int, what: str) -> None:
        """Hide the table and everything on it, even the outgoing player's notices, until
        `player` says they are ready."""
        self.handed_to = player
        self.viewer = player
        self.clear_notifications()
        q = self.table_screen
        for pane in q.query(HandPane).results(HandPane):
            pane.clear_options()
        for field in q.query(FieldPane).results(FieldPane):
            field.clear_options()
        for area in q.query(CoreArea).results(CoreArea):
            area.update("")
        q.query_one("#decision", DecisionArea).clear()
        q.query_one("#detail", CardDetail).show(None)
        q.query_one("#log", LogPane).clear()
        q.query_one("#log", LogPane).shown = 0
        self.log_viewer = -1
        self.last_decision = None
        name = printable(self.table.view(player).sides[player].name)
        self.push_screen(HandoverScreen(name, what), callback=self.handed_over)

    def handed_over(self, _: None) -> None:
        self.clear_notifications()
        self.refresh_table()

    # ---------------------------------------------------------------- cores
    def open_allocation(self) -> None:
        from .screens.allocation import AllocationScreen

        d = self.pending()
        if d is None or d.allocation is None or isinstance(self.screen, AllocationScreen):
            return
        v = self.view()
        start = None
        if d.kind != Kind.MOVE_CORES:
            start = next((c[2] for c in allocation_choices(v, d) if c[2] is not None and c[0] != "alloc:cancel"), None)
        self.push_screen(AllocationScreen(v, d, start), callback=self.allocation_done)

    def allocation_done(self, answer: Any) -> None:
        d = self.pending()
        if d is None:
            return
        if answer is None:
            # back to the ready-made choices; only moving cores has nothing to go back to
            if d.kind == Kind.MOVE_CORES:
                self.answer(("cancel",))
            return
        self.answer(answer)

    def action_default_alloc(self) -> None:
        d = self.pending()
        if d is None or d.allocation is None or d.player != self.viewer:
            return
        if d.kind == Kind.MOVE_CORES:
            self.open_allocation()
            return
        choices = [c for c in allocation_choices(self.view(), d) if c[2] is not None and c[0] != "alloc:cancel"]
        if choices:
            self.answer_allocation(choices[0][2])
        else:
            self.open_allocation()

    def action_custom_alloc(self) -> None:
        self.open_allocation()

    # ---------------------------------------------------------------- answers
    def answer(self, answer: Any, by_person: bool = True) -> None:
        """Every answer given at the table comes here: none while a hand-over is up.
        `by_person`: false for a pass the table gives for a person with nothing to do."""
        if self.stopped or self.handing_over:
            return
        d = self.pending()
        self.answering = True
        try:
            self.table.submit(answer)
        except IllegalAnswer as e:
            self.tell(str(e), title="Not allowed")
        except SaveWriteError as e:
            self.answering = False
            self.stop_unsaved(e)
            return
        else:
            if by_person and d is not None:
                self.news = ""  # the person has moved on from it
                self.clear_notifications()  # a hint or a refusal about the question answered
                # what follows in the log is the other side's: marked where it begins
                self.mark_from[d.player] = len(self.table.view(d.player).log)
        self.answering = False
        self.refresh_table()

    def end_main_step(self, answer: Any) -> None:
        """Ending the Main Step while a card could still be played asks once a Main Step
        (unless switched off in the settings)."""
        v = self.view()
        d = v.decision
        left = playable_left(v, d) if d is not None else []
        key = (id(self.table), v.turn)
        if not left or not self.settings.confirm_end_main or self.asked_end_main == key:
            self.answer(answer)
            return
        self.asked_end_main = key
        names = ", ".join(left[:4]) + (f" and {len(left) - 4} more" if len(left) > 4 else "")

        def done(yes: bool | None) -> None:
            if yes:
                self.answer(answer)

        self.push_screen(
            ConfirmScreen(f"You can still play {names}.\nEnd the Main Step anyway?", note=SWITCH_OFF), callback=done
        )

    def end_attack_step(self, answer: Any) -> None:
        """Ending the Attack Step while a spirit could still attack asks once an Attack Step
        (unless switched off): the turn ends there, and an `e` typed for a flash window that
        closed by itself a moment before would end it unasked."""
        d = self.pending()
        ready = [o for o in d.options if o[0] == "attack"] if d is not None else []
        key = (id(self.table), self.view().turn, "attack")
        if not ready or not self.settings.confirm_end_attack or self.asked_end_main == key:
            self.answer(answer)
            return
        self.asked_end_main = key
        n = len(ready)

        def done(yes: bool | None) -> None:
            if yes:
                self.answer(answer)

        self.push_screen(
            ConfirmScreen(
                f"{n} spirit{'s' * (n != 1)} can still attack.\nEnd the Attack Step, and the turn, anyway?",
                note=SWITCH_OFF,
            ),
            callback=done,
        )

    def stop_unsaved(self, error: SaveWriteError) -> None:
        """The answer was accepted but could not be saved: playing on would lose it and all
        that follows, so the game stops here with one message."""
        self.stopped = True
        where = printable(str(self.journal.path)) if self.journal is not None else "the save"
        self.farewell = (
            f"bs-tui: the game could not be saved, so it stopped here.\n{printable(str(error))}\n"
            f"What was saved before is intact; to go on from the last decision saved: bs-tui resume {where}"
        )
        self.exit(None, 1)

    def resume_hint(self) -> str:
        j = self.journal
        if j is None or not j.writable:
            return ""
        return (
            f"The game is saved up to the last decision: `bs-tui resume {printable(str(j.path))}` goes on from there."
        )

    def crash_hint(self) -> str:
        return self.resume_hint()

    # ---------------------------------------------------------------- the AI
    # ---------------------------------------------------------------- undo
    def action_undo(self) -> None:
        self.rewind(self.table.undo, "No undo")

    def action_redo(self) -> None:
        self.rewind(self.table.redo, "No redo")

    def rewind(self, act: Any, title: str) -> None:
        """Undo or redo: refused while the AI thinks (its answer would be to a decision gone);
        after it the table is shown afresh, as at that decision."""
        if self.ai_busy:
            self.tell("Wait for the AI to answer first.", title=title)
            return
        self.answering = True
        try:
            act()
        except IllegalAnswer as e:
            self.answering = False
            self.tell(str(e), title=title)
            return
        except SaveWriteError as e:
            self.answering = False
            self.stop_unsaved(e)
            return
        self.answering = False
        self.last_decision = None
        self.asked_end_main = None
        self.news = ""
        self.clear_notifications()
        self.refresh_table()

    def start_ai(self) -> None:
        if self.ai_busy:
            return
        self.ai_busy = True
        self.ai_for = self.decision_key()  # its answer is to this decision, and no other
        self.table_screen.query_one("#status", StatusBar).show(self.view(), thinking=True, level=self.table.level)
        self.run_worker(self.ai_think, thread=True, exclusive=True, group="ai")

    def ai_think(self) -> None:
        if self.ai_delay:
            time.sleep(self.ai_delay)
        table = self.table
        try:
            ans = table.agent_answer()
        except RuntimeError:
            if self.closing or table is not self.table:
                return  # the AI's process was stopped: the app is closing or a new game began
            raise
        if self.closing:
            return
        try:
            self.call_from_thread(self.ai_done, ans)
        except RuntimeError:  # the app stopped meanwhile (its loop is gone)
            if not self.closing:
                raise

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        """Closing from here on: an AI's or a hint's answer arriving while the screens are
        taken down is dropped (it would look for the table's panes, gone already)."""
        self.closing = True
        super().exit(result, return_code, message)

    def on_unmount(self) -> None:
        """The AIs' processes end with the table."""
        self.closing = True
        if hasattr(self, "table"):
            self.table.close()
        self.close_hinter()

    def ai_done(self, answer: Any) -> None:
        self.ai_busy = False
        if self.closing or self.decision_key() != self.ai_for:
            return  # the game went back meanwhile (an undo): the answer is to a decision gone
        self.answer(answer)

    # ---------------------------------------------------------------- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit":
            return type(self.screen).__name__ not in OWN_Q
        if not hasattr(self, "table"):
            return action in ("help", "quit")
        d = self.pending()
        mine = d is not None and d.player == self.viewer
        if action == "negative":
            return mine and self.binding_label("negative") is not None
        if action in ("default_alloc", "custom_alloc"):
            return mine and d is not None and d.allocation is not None and d.kind != Kind.MOVE_CORES
        if action == "move_cores":
            return mine and d is not None and ("move_cores",) in d.options
        if action in ("rematch", "new_game"):
            if self.lesson() is not None:  # a lesson: try again, or on to the next, at any time
                return True
            return d is None and self.view().winner >= 0
        if action == "guide":
            return bool(self.lesson_guide())
        if action == "save_moment":
            return d is not None
        if action == "hint":
            return True if self.lesson() is not None else False if self.table.hotseat else self.hint_allowed()
        return True

    def binding_label(self, action: str) -> str | None:
        """What a key does at this moment, for the footer: None keeps its description."""
        if action == "negative" and hasattr(self, "table"):
            d = self.pending()
            if d is None or d.player != self.viewer:
                return None
            return e_label(self.view(), d)
        if action in LESSON_WORDS and hasattr(self, "table") and self.lesson() is not None:
            return LESSON_WORDS[action]  # a lesson's own meaning of the game's keys
        return None

    def action_focus_pane(self, pane: str) -> None:
        if self.screen is self.table_screen:
            w = self.table_screen.query_one(f"#{pane}")
            if w.display:
                w.focus()

    def help_sections(self) -> list[tuple[str, list[Binding]]]:
        """Every binding of the table and its screens, as the help lists them."""
        from textual.screen import Screen as BaseScreen

        from .screens.allocation import AllocationScreen
        from .screens.card import CardScreen
        from .screens.gameover import GameOverScreen
        from .screens.help import HelpScreen, as_bindings
        from .screens.lesson import LessonOverScreen
        from .screens.newgame import NewGameScreen
        from .screens.settings import SettingsScreen
        from .screens.trash import TrashScreen

        table = as_bindings(TableScreen.BINDINGS) + as_bindings(self.BINDINGS)
        table += as_bindings(BaseScreen.BINDINGS)[:2]  # Tab, Shift+Tab
        table += as_bindings(OptionList.BINDINGS)
        table.append(Binding(self.COMMAND_PALETTE_BINDING, "command_palette", "Command palette"))
        return [
            ("At the table", table),
            ("Paying and placing cores (c)", as_bindings(AllocationScreen.BINDINGS)),
            ("Trashes (t)", as_bindings(TrashScreen.BINDINGS)),
            ("A card whole (i)", as_bindings(CardScreen.BINDINGS)),
            ("Game over", as_bindings(GameOverScreen.BINDINGS)),
            ("A lesson's end (bs-tui practice)", as_bindings(LessonOverScreen.BINDINGS)),
            ("A new game (n)", as_bindings(NewGameScreen.BINDINGS)),
            ("Questions", as_bindings(ConfirmScreen.BINDINGS)),
            ("The offer to resume", as_bindings(ResumeScreen.BINDINGS)),
            ("Hot-seat hand-over", as_bindings(HandoverScreen.BINDINGS)),
            ("Settings (,)", as_bindings(SettingsScreen.BINDINGS)),
            ("This help", as_bindings(HelpScreen.BINDINGS)),
        ]

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.help_sections()))

    def action_negative(self) -> None:
        d = self.pending()
        if d is None or d.player != self.viewer:
            return
        if d.allocation is not None:
            if d.allocation.cancellable and d.kind != Kind.MOVE_CORES:
                self.answer(("cancel",))
            return
        o = negative_option(d)
        if o is None:
            return
        if d.kind == Kind.MAIN_ACTION and o == ("end",):
            self.end_main_step(o)
            return
        if d.kind == Kind.ATTACK and o == ("end",):
            self.end_attack_step(o)
            return
        self.answer(o)

    def action_move_cores(self) -> None:
        d = self.pending()
        if d is not None and d.player == self.viewer and ("move_cores",) in d.options:
            self.answer(("move_cores",))
        else:
            self.tell("Cores can be moved only in your Main Step.")

    async def action_quit(self) -> None:
        over = not hasattr(self, "table") or self.view().winner >= 0
        if over or not self.settings.confirm_quit:
            self.exit(0)
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        if not isinstance(self.screen, ConfirmScreen):
            self.push_screen(ConfirmScreen("Quit the game? It is saved; bs-tui resume goes on."), callback=done)

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        where = printable(str(self.config_file)) if self.config_file is not None else ""
        themes = list(self.available_themes)
        self.push_screen(SettingsScreen(self.settings, where, themes), callback=self.settings_done)

    def settings_done(self, new: Settings | None) -> None:
        if new is None:
            return
        self.keep_settings(new)
        if new.theme in self.available_themes and new.theme != self.theme:
            self.theme = new.theme
        if hasattr(self, "table"):
            self.refresh_table()

    def keep_settings(self, new: Settings, quiet: bool = False) -> None:
        self.settings = new
        if self.config_file is None:
            return
        try:
            save_settings(new, self.config_file)
        except OSError as e:
            if not quiet:
                self.notify(
                    f"{printable(str(self.config_file))}: {e.strerror or e}; kept for this game only.",
                    title="Cannot save the settings",
                    severity="error",
                )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.handing_over:
            return  # nothing that acts at the table while it is handed over
        yield SystemCommand("End step / pass", "End the step, pass, take the hit or answer no", self.action_negative)
        yield SystemCommand("Move cores", "Move cores in your Main Step", self.action_move_cores)
        yield SystemCommand("Rules keys", "Show every key of the table", self.action_help)
        yield SystemCommand("Trashes", "Look through both trashes and removed cards", self.action_trash)
        yield SystemCommand("Settings", "Name, theme, questions, AI speed, hot-seat auto-pass", self.action_settings)


SWITCH_OFF = "(Settings, the , key: switch this question off.)"


# in a lesson, the keys of a game's end and the hint mean the lesson's (practicing.py)
LESSON_WORDS = {"rematch": "Try again", "new_game": "Next lesson", "hint": "Lesson hint"}


def no_opening(d: Decision) -> bool:
    """The opening's "go on" when the deck has no card to set aside: not a question."""
    return d.kind == Kind.YES_NO and d.options == (False,) and d.context.get("question") == "opening"
