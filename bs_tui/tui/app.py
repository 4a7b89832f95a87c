"""BattleApp: the table. It renders the deciding player's view, turns keys into answers,
lets the AI think off the event loop, and hides hands between hot-seat players."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from bs_tui.agents import GreedyAgent
from bs_tui.engine import IllegalAnswer, Kind, PlayerView
from bs_tui.files import printable
from bs_tui.saves import Journal, SaveInfo, SaveWriteError
from bs_tui.settings import Settings, save_settings

from .controller import Table
from .crash import Crashed, QuietCrashes, write_report
from .labels import cards_by_id, field_card, hand_card, moment, negative_option, why_not
from .screens.allocation import AllocationScreen
from .screens.confirm import ConfirmScreen
from .screens.handover import HandoverScreen
from .screens.help import HelpScreen
from .screens.resume import ResumeScreen
from .screens.settings import SettingsScreen
from .session import new_table, resumable, resume_table
from .widgets.action_pane import ActionPane
from .widgets.board import Board
from .widgets.card_detail import CardDetail
from .widgets.core_area import CoreArea
from .widgets.field_pane import FieldPane
from .widgets.hand_pane import HandPane
from .widgets.log_pane import LogPane
from .widgets.sidebar import Sidebar
from .widgets.status_bar import StatusBar

MIN_WIDTH, MIN_HEIGHT = 80, 24
MAX_LINES = 20  # problems of one file shown before starting
# Actions that act at the table (answer, or show the table's panes): refused while a
# hot-seat hand-over is up, so the outgoing player cannot act for the incoming one.
AT_THE_TABLE = {"negative", "move_cores", "focus_pane", "settings"}


class BattleApp(QuietCrashes, App[int]):
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    TITLE = "bs-tui"
    BINDINGS = [
        Binding("question_mark,f1", "help", "Help"),
        Binding("e", "negative", "End/Pass"),
        Binding("m", "move_cores", "Move cores"),
        Binding("a", "focus_pane('actions')", "Actions"),
        Binding("h", "focus_pane('hand')", "Hand"),
        Binding("f", "focus_pane('my-field')", "Field", show=False),
        Binding("o", "focus_pane('opp-field')", "Opponent", show=False),
        Binding("l", "focus_pane('log')", "Log", show=False),
        Binding("comma", "settings", "Settings", show=False),
        Binding("q,ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        table: Table | None,
        ai_delay: float = 0.35,
        journal: Journal | None = None,
        offer: SaveInfo | None = None,
        args: argparse.Namespace | None = None,
        settings: Settings | None = None,
        config_file: Path | None = None,
    ):
        super().__init__()
        self.ai_delay = ai_delay
        self.journal = journal
        self.offer = offer
        self.args = args
        self.settings = settings or Settings()
        self.config_file = config_file  # None: settings changed here are kept for this run only
        self.ai_busy = False
        self.stopped = False  # the game cannot go on: its save cannot be written
        self.last_decision: Any = None
        self.table: Table
        if table is not None:
            self.set_table(table)

    def set_table(self, table: Table) -> None:
        self.table = table
        humans = [i for i, a in enumerate(table.agents) if a is None]
        self.viewer = humans[0] if humans else 0
        # hot-seat: the first decision, of a new game or a resumed one, is handed over too
        self.handed_to = -1 if table.hotseat else self.viewer
        self.log_viewer = self.viewer

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            yield Board(id="left")
            yield Sidebar(ActionPane(id="actions"), id="right")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.check_size()
        self.watch_signals()
        if self.offer is not None:
            self.push_screen(ResumeScreen(self.offer), callback=self.offer_answered)
            return
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

    def offer_answered(self, resume: bool | None) -> None:
        from bs_tui.saves import JournalError

        args = self.args
        save_dir_arg = getattr(args, "save_dir", None)
        try:
            if resume and self.offer is not None:
                table, journal = resume_table(str(self.offer.path), save_dir_arg)
            else:
                table, journal = new_table(
                    getattr(args, "deck1", "crimson_dawn"),
                    getattr(args, "deck2", "verdant_tide"),
                    getattr(args, "seed", None),
                    getattr(args, "hotseat", False),
                    save=True,
                    save_dir_arg=save_dir_arg,
                )
        except JournalError as e:
            try:
                table, journal = new_table(save=True, save_dir_arg=save_dir_arg)
            except JournalError as e2:
                self.farewell = f"bs-tui: {printable(str(e2))}"
                self.exit(None, 2)
                return
            self.notify(printable(str(e)), title="Cannot resume", severity="error")
        self.offer = None
        self.journal = journal
        self.set_table(table)
        self.refresh_table()

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, w: int | None = None, h: int | None = None) -> None:
        if w is None or h is None:
            w, h = self.size
        small = w < MIN_WIDTH or h < MIN_HEIGHT
        self.table_screen.set_class(small, "too-small")
        self.table_screen.query_one("#too-small", Static).update(
            f"The table needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {w}×{h}.\n"
            "Make the window larger, or press q to quit."
        )

    # ---------------------------------------------------------------- the table
    def view(self) -> PlayerView:
        return self.table.view(self.viewer)

    @property
    def handing_over(self) -> bool:
        return any(isinstance(s, HandoverScreen) for s in self.screen_stack)

    @property
    def table_screen(self) -> Screen:
        """The screen of the table (the app's queries reach only the top screen)."""
        return self.screen_stack[0]

    def refresh_table(self) -> None:
        t = self.table
        d = t.decision
        if self.stopped or self.handing_over:
            return
        if d is not None and t.passes_at_once(d, self.settings.hotseat_auto_pass):
            self.answer(d.options[0])
            return
        if t.hotseat and d is not None and t.human_seat(d.player) and d.player != self.handed_to:
            self.hand_over(d.player, moment(d))
            return
        self.viewer = t.viewer(self.viewer)
        v = self.view()
        q = self.table_screen
        q.query_one("#status", StatusBar).show(v, thinking=self.ai_busy)
        q.query_one(Board).show(v)
        log = q.query_one("#log", LogPane)
        if self.log_viewer != self.viewer:
            log.clear()
            log.shown = 0
            self.log_viewer = self.viewer
        log.show(v.log)
        actions = q.query_one("#actions", ActionPane)
        if d is None:
            note = f"Game over: {v.sides[v.winner].name} wins. Press q to quit." if v.winner >= 0 else ""
            actions.show(v, None, note)
            return
        if d.player != self.viewer:
            actions.show(v, None, f"Waiting for {t.game.name(d.player)}…")
            if t.agent_to_move() is not None:
                self.start_ai()
            return
        actions.show(v, d)
        if d.allocation is not None:
            self.open_allocation()
        elif d is not self.last_decision or not isinstance(self.focused, (HandPane, FieldPane)):
            actions.focus()
        self.last_decision = d

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
        q.query_one("#actions", ActionPane).clear_options()
        q.query_one("#detail", CardDetail).show(None)
        q.query_one("#log", LogPane).clear()
        q.query_one("#log", LogPane).shown = 0
        self.log_viewer = -1
        self.last_decision = None
        name = printable(self.table.game.name(player))
        self.push_screen(HandoverScreen(name, what), callback=self.handed_over)

    def handed_over(self, _: None) -> None:
        self.clear_notifications()
        self.refresh_table()

    def open_allocation(self) -> None:
        d = self.table.decision
        if d is None or d.allocation is None or isinstance(self.screen, AllocationScreen) or self.handing_over:
            return
        self.push_screen(AllocationScreen(self.view(), d), callback=self.allocation_done)

    def allocation_done(self, answer: Any) -> None:
        d = self.table.decision
        if d is None:
            return
        if answer is None:
            if d.kind in (Kind.PAY_COST, Kind.PLACE_CORES) and d.allocation is not None and d.allocation.cancellable:
                self.answer(("cancel",))
            elif d.kind == Kind.MOVE_CORES:
                self.answer(("cancel",))
            return
        self.answer(answer)

    def answer(self, answer: Any) -> None:
        """Every answer given at the table comes here: none while a hand-over is up."""
        if self.stopped or self.handing_over:
            return
        try:
            self.table.submit(answer)
        except IllegalAnswer as e:
            self.notify(str(e), title="Not allowed", severity="error")
        except SaveWriteError as e:
            self.stop_unsaved(e)
            return
        self.refresh_table()

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
    def start_ai(self) -> None:
        if self.ai_busy:
            return
        self.ai_busy = True
        self.table_screen.query_one("#status", StatusBar).show(self.view(), thinking=True)
        self.run_worker(self.ai_think, thread=True, exclusive=True, group="ai")

    def ai_think(self) -> None:
        if self.ai_delay:
            time.sleep(self.ai_delay)
        ans = self.table.agent_answer()
        self.call_from_thread(self.ai_done, ans)

    def ai_done(self, answer: Any) -> None:
        self.ai_busy = False
        self.answer(answer)

    # ---------------------------------------------------------------- choosing
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        pane = event.option_list.id
        oid = event.option.id
        if oid is None or not oid.lstrip("-").isdigit():
            return
        v = self.view()
        detail = self.table_screen.query_one("#detail", CardDetail)
        if pane in ("opp-field", "my-field"):
            f = field_card(v, int(oid))
            if f:
                detail.show(f.card, f)
            elif (card := cards_by_id(v).get(int(oid))) is not None:  # a mirage, or your own burst
                detail.show(card)
        elif pane == "hand":
            c = hand_card(v, int(oid))
            if c:
                detail.show(c.card, None, c.cost_now)
        elif pane == "actions" and v.decision is not None and v.decision.allocation is None:
            o = v.decision.options[int(oid)]
            cid = o[1] if isinstance(o, tuple) and len(o) > 1 and isinstance(o[1], int) else None
            if isinstance(o, tuple) and o and all(isinstance(x, int) for x in o):
                cid = o[0]
            if cid is not None:
                c = hand_card(v, cid)
                f = field_card(v, cid)
                if c:
                    detail.show(c.card, None, c.cost_now)
                elif f:
                    detail.show(f.card, f)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        pane = event.option_list.id
        oid = event.option.id
        d = self.table.decision
        if oid is None or oid == "none":
            return
        if pane == "actions":
            if oid == "alloc":
                self.open_allocation()
            elif d is not None and d.player == self.viewer:
                self.answer(d.options[int(oid)])
        elif pane == "hand":
            self.play_from_hand(int(oid))
        elif pane in ("my-field", "opp-field"):
            self.choose_on_field(int(oid))

    def play_from_hand(self, cid: int) -> None:
        v = self.view()
        d = v.decision
        matches = []
        if d is not None and d.kind in (Kind.MAIN_ACTION, Kind.FLASH):
            matches = [o for o in d.options if isinstance(o, tuple) and len(o) > 1 and o[1] == cid]
        if len(matches) == 1:
            self.answer(matches[0])
        elif matches:
            actions = self.table_screen.query_one("#actions", ActionPane)
            actions.focus()
            actions.highlighted = d.options.index(matches[0]) + 1 if d else 1
            self.notify("Choose how to use it in the Actions pane.")
        else:
            self.notify(why_not(v, cid), title="Cannot play that now", severity="warning")

    def choose_on_field(self, cid: int) -> None:
        v = self.view()
        d = v.decision
        f = field_card(v, cid)
        name = f.card.name if f else "That card"
        if d is None:
            self.notify("It is not your decision now.", severity="warning")
            return
        want = {Kind.ATTACK: ("attack", cid), Kind.BLOCK: ("block", cid), Kind.CHOOSE_TARGETS: (cid,)}.get(d.kind)
        if want is not None and want in d.options:
            self.answer(want)
            return
        if d.kind == Kind.ATTACK:
            why = (
                f"{name} cannot attack: it is {f.state}." if f and f.state != "refreshed" else f"{name} cannot attack."
            )
        elif d.kind == Kind.BLOCK:
            why = f"{name} cannot block: it is {f.state}." if f and f.state != "refreshed" else f"{name} cannot block."
        elif d.kind == Kind.CHOOSE_TARGETS:
            why = f"{name} is not a legal target for this effect."
        else:
            why = f"Not now: {d.prompt}"
        self.notify(why, title="Not allowed", severity="warning")

    # ---------------------------------------------------------------- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in AT_THE_TABLE and self.handing_over:
            return False
        return True

    def action_focus_pane(self, pane: str) -> None:
        if not self.handing_over and self.screen is self.table_screen:
            self.table_screen.query_one(f"#{pane}").focus()

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_negative(self) -> None:
        d = self.table.decision
        if d is None or d.player != self.viewer or d.allocation is not None or self.handing_over:
            return
        o = negative_option(d)
        if o is not None:
            self.answer(o)

    def action_move_cores(self) -> None:
        if self.handing_over:
            return
        d = self.table.decision
        if d is not None and d.player == self.viewer and ("move_cores",) in d.options:
            self.answer(("move_cores",))
        else:
            self.notify("Cores can be moved only in your Main Step.", severity="warning")

    async def action_quit(self) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self.exit(0)

        self.push_screen(ConfirmScreen("Quit the game?"), callback=done)

    def action_settings(self) -> None:
        if self.handing_over:
            return
        where = printable(str(self.config_file)) if self.config_file is not None else ""
        self.push_screen(SettingsScreen(self.settings, where), callback=self.settings_done)

    def settings_done(self, new: Settings | None) -> None:
        if new is None:
            return
        self.settings = new
        if self.config_file is not None:
            try:
                save_settings(new, self.config_file)
            except OSError as e:
                self.notify(
                    f"{printable(str(self.config_file))}: {e.strerror or e}; kept for this game only.",
                    title="Cannot save the settings",
                    severity="error",
                )
        self.refresh_table()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.handing_over:
            return  # nothing that acts at the table while it is handed over
        yield SystemCommand("End step / pass", "End the step, pass, take the hit or answer no", self.action_negative)
        yield SystemCommand("Move cores", "Move cores in your Main Step", self.action_move_cores)
        yield SystemCommand("Rules keys", "Show every key of the table", self.action_help)
        yield SystemCommand("Settings", "Hot-seat auto-pass", self.action_settings)


def position_table(path: str, hotseat: bool = False) -> Table:
    """A table from a position file (see `bs_tui.engine.scenario`); ValueError naming
    the file when it is not a position a game can start from."""
    from bs_tui.engine.scenario import position_from_toml

    g = position_from_toml(path)  # PositionError (a ValueError): every problem as FILE:LINE: problem
    d = g.decision  # checked again here: a wrong seat must never reach the table
    if not 0 <= g.active < len(g.players) or (d is not None and not 0 <= d.player < len(g.players)):
        raise ValueError(f"{path}: not a valid position (no such player is active)")
    g.ask_every_flash = True  # people play it: ask every flash window, give every burst window
    agents: list[Any] = [None, None] if hotseat else [None, GreedyAgent(0)]
    return Table(g, agents, hotseat)


def file_lines(path: str, error: Exception) -> str:
    """An error about the file `path` as `FILE:LINE: problem` lines, each naming the file."""
    shown = printable(path)
    lines = [printable(line) for line in str(error).splitlines() if line.strip()] or ["not a valid position"]
    out = [line if line.startswith(shown) else f"{shown}: {line}" for line in lines[:MAX_LINES]]
    if len(lines) > MAX_LINES:
        out.append(f"{shown}: … and {len(lines) - MAX_LINES:,} more problems")
    return "\n".join(out)


def run_app(args: argparse.Namespace) -> int:
    """`bs-tui`, `bs-tui play` and `bs-tui resume`: start or resume a game in the table.
    A file that cannot be used is one line and exit 2; a game that stops on a failure is
    a short message and a non-zero exit, never a traceback."""
    from bs_tui.engine import DeckError
    from bs_tui.files import FileProblem
    from bs_tui.saves import JournalError
    from bs_tui.settings import config_path, load_settings

    save_dir_arg = getattr(args, "save_dir", None)
    position = getattr(args, "position", None)
    journal = None
    offer = None
    try:
        config_file = config_path()
        settings = load_settings(config_file)
        if getattr(args, "command", None) == "resume":
            table, journal = resume_table(args.name, save_dir_arg)
        elif position:
            table = position_table(position, args.hotseat)
        else:
            if getattr(args, "bare", False):
                offer = resumable(save_dir_arg)
            table, journal = None, None
            if offer is None:
                table, journal = new_table(
                    args.deck1, args.deck2, args.seed, args.hotseat, save=True, save_dir_arg=save_dir_arg
                )
    except FileProblem as e:
        print(printable(str(e)), file=sys.stderr)
        return 2
    except (DeckError, JournalError) as e:
        print(f"bs-tui: {printable(str(e))}", file=sys.stderr)
        return 2
    except ValueError as e:
        if position:
            print(file_lines(position, e), file=sys.stderr)
        else:
            print(f"bs-tui: cannot start that game: {printable(str(e))}", file=sys.stderr)
        return 2
    except (OSError, KeyError) as e:
        print(f"bs-tui: cannot start that game: {printable(str(e))}", file=sys.stderr)
        return 2
    app = BattleApp(table, journal=journal, offer=offer, args=args, settings=settings, config_file=config_file)
    try:
        result = app.run()
    except Exception as e:  # outside Textual's message loop: the same short message, never the game
        print(Crashed(e, write_report(e), app.resume_hint()).message(), file=sys.stderr)
        return 1
    finally:
        if app.journal is not None:
            app.journal.close()
    return app.return_code or result or 0
