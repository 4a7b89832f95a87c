"""Games at the table: the offer to resume, the end of a game, a rematch, a new game. A part
of BattleApp, written against `host.TableHost` (it never imports the app), kept apart so
each module reads in one sitting."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bs_tui.engine import PlayerView
from bs_tui.files import printable
from bs_tui.saves import Journal
from bs_tui.seats import Seat
from bs_tui.seats.starting import new_table, position_table, rematch_table, resume_table

from .widgets.card_detail import CardDetail
from .widgets.log_pane import LogPane

if TYPE_CHECKING:
    from .host import TableHost

    _Base = TableHost
else:
    _Base = object


class Games(_Base):
    # ---------------------------------------------------------------- starting
    def offer_answered(self, resume: bool | None) -> None:
        from bs_tui.saves import JournalError

        args = self.args
        save_dir_arg = getattr(args, "save_dir", None)
        saved = {
            "save": True,
            "save_dir_arg": save_dir_arg,
            "name": self.name_override,
            "name2": self.name2_override,
            "ai": self.ai_level,
            "budget": self.ai_budget,
        }
        try:
            if resume and self.offer is not None:
                table, journal = resume_table(str(self.offer.path), save_dir_arg, self.ai_budget)
            else:
                table, journal = new_table(
                    getattr(args, "deck1", "crimson_dawn"),
                    getattr(args, "deck2", "verdant_tide"),
                    getattr(args, "seed", None),
                    getattr(args, "hotseat", False),
                    **saved,
                )
        except JournalError as e:
            try:
                table, journal = new_table(**saved)  # the default game, as a bare start would
            except JournalError as e2:
                self.farewell = f"bs-tui: {printable(str(e2))}"
                self.exit(None, 2)
                return
            self.notify(printable(str(e)), title="Cannot resume", severity="error")
        self.offer = None
        self.journal = journal
        self.set_table(table)
        self.refresh_table()

    # ---------------------------------------------------------------- game over
    def show_game_over(self, v: PlayerView) -> None:
        from .screens.gameover import GameOverScreen

        if self.over_shown is self.table or self.screen is not self.table_screen:
            return
        if self.table.practice() is not None:
            return  # a lesson's end is the lesson's (practicing.py)
        self.over_shown = self.table
        self.clear_notifications()  # the game-over screen tells the end; the log keeps the rest
        winner = v.winner
        people = self.table.people
        if self.table.hotseat or winner not in people and 1 - winner not in people:
            headline = f"{v.sides[winner].name} wins!"
        elif winner in people:
            headline = f"You win, {v.sides[winner].name}!"
        else:
            headline = f"{v.sides[winner].name} wins. Better luck in the rematch!"
        save = replay = ""
        if self.journal is not None:
            from bs_tui.saves.naming import save_name

            save = printable(save_name(self.journal.path))
            replay = f"bs-tui replay {save}"
        self.push_screen(GameOverScreen(headline, v.end_reason, save, replay), callback=self.game_over_answered)

    def game_over_answered(self, what: str | None) -> None:
        if what == "rematch":
            self.action_rematch()
        elif what == "new":
            self.action_new_game()
        elif what == "quit":
            self.exit(0)

    def action_rematch(self) -> None:
        if self.pending() is not None:
            return
        position = getattr(self.args, "position", None)
        save = self.journal is not None
        try:
            if position and not save:
                table, journal = (
                    position_table(position, self.table.hotseat, self.ai_level, self.ai_budget, self.name_override),
                    None,
                )
            else:
                save_dir_arg = getattr(self.args, "save_dir", None)
                table, journal = rematch_table(self.table, save, save_dir_arg, self.name_override, self.ai_budget)
        except Exception as e:  # a save folder gone since the game began, a position file changed
            self.notify(printable(str(e)), title="Cannot start the rematch", severity="error")
            return
        self.start_over(table, journal)

    def action_new_game(self) -> None:
        if self.pending() is not None:
            return
        from .screens.newgame import NewGameScreen, shipped_choices

        mine = getattr(self.args, "deck1", "") or ""
        theirs = getattr(self.args, "deck2", "") or ""
        level = "" if self.table.hotseat else (self.table.level or self.ai_level)
        self.push_screen(NewGameScreen(shipped_choices(), mine, theirs, level), callback=self.new_game_chosen)

    def new_game_chosen(self, chosen: tuple[str, str, str] | None) -> None:
        if chosen is None:
            return
        try:
            table, journal = new_table(
                chosen[0],
                chosen[1],
                None,
                self.table.hotseat,
                save=self.journal is not None,
                save_dir_arg=getattr(self.args, "save_dir", None),
                name=self.name_override,
                name2=self.name2_override,
                ai=chosen[2] or self.ai_level,
                budget=self.ai_budget,
            )
        except Exception as e:
            self.notify(printable(str(e)), title="Cannot start that game", severity="error")
            return
        self.start_over(table, journal)

    def start_over(self, table: Seat, journal: Journal | None) -> None:
        if self.journal is not None:
            self.journal.close()
        self.table.close()
        self.journal = journal
        self.close_hinter()
        self.set_table(table)
        q = self.table_screen
        q.query_one("#log", LogPane).clear()
        q.query_one("#log", LogPane).shown = 0
        q.query_one("#detail", CardDetail).show(None)
        self.refresh_table()
