"""Lessons at the table: what the lesson teaches before it starts, its goal over the
question, the lesson's own hints on the hint key, and when it ends, what next (try again,
a hint, undo, watch the solution, the next lesson, the list of lessons). Progress of the
shipped lessons is kept as each try ends. A part of BattleApp, written against
`host.TableHost` (it never imports the app); everything comes from the seat's
`PracticeState`, plain data, so a lesson plays the same behind any seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from bs_tui.practice.state import PLAYING, SOLVED, PracticeState

if TYPE_CHECKING:
    from .host import TableHost

    _Base = TableHost
else:
    _Base = object

SOLUTION_PAUSE = 0.8  # seconds between the solution's answers, to follow them
# a guide step's pane: the widget it points at, and whether the focus can go there
GUIDE_PANES = {
    "status": ("#status", False),
    "opp-field": ("#opp-field", True),
    "my-field": ("#my-field", True),
    "hand": ("#hand", True),
    "card": ("#detail", False),
    "log": ("#log", True),
    "options": ("#actions", True),
    "cores": ("#my-cores", False),
}
PANE_NAMES = {
    "status": "the status line",
    "opp-field": "the opponent's side",
    "my-field": "your field",
    "hand": "your hand",
    "card": "the Card pane",
    "log": "the log",
    "options": "your options",
    "cores": "your cores",
}


class Practicing(_Base):
    lesson_over_shown: str = ""  # the status whose screen was shown ("" none yet)
    hints_shown: int = 0
    watching: list[Any] | None = None  # the solution's answers still to give, while watching it
    practice_exit: str = ""  # what the player chose to do next: "next", "menu" (run_practice reads it)
    intro_shown: bool = False
    guide_at: int = -1  # the tutorial's tip shown (-1: none yet)
    try_counted: bool = False  # this try's ending was counted (an undo and a new ending: not again)
    watched: bool = False  # the solution is being (was) shown since the last restart

    # the lesson as the seat last told it: read once until the table is shown again (the keys'
    # checks ask many times a frame; behind a wire each reading is a JSON round trip)
    _lesson_read: tuple[Any, PracticeState | None] | None = None

    def lesson(self) -> PracticeState | None:
        key = (id(self.table), self.table.version)
        if self._lesson_read is None or self._lesson_read[0] != key:
            self._lesson_read = (key, self.table.practice())
        return self._lesson_read[1]

    def lesson_read_afresh(self) -> None:
        self._lesson_read = None

    def lesson_begins(self) -> bool:
        """At the table's first frame: the lesson's screen first (True when one was shown)."""
        s = self.lesson()
        if s is None or self.intro_shown:
            return False
        from .screens.lesson import LessonScreen

        self.intro_shown = True
        self.push_screen(LessonScreen(s), callback=lambda _: self.lesson_started())
        return True

    def lesson_started(self) -> None:
        self.refresh_table()
        if self.lesson_guide():
            self.call_after_refresh(self.action_guide)

    def lesson_guide(self) -> tuple[tuple[str, str], ...]:
        s = self.lesson()
        return s.guide if s is not None else ()

    def action_guide(self) -> None:
        """The tutorial's next tip: the pane it is about outlined (and focused, when it can
        be), the tip said over the options."""
        guide = self.lesson_guide()
        if not guide:
            self.tell("This lesson has no tips: w gives a hint.", title="No tips")
            return
        q = self.table_screen
        for sel, _ in GUIDE_PANES.values():
            q.query_one(sel).remove_class("guided")
        self.guide_at = (self.guide_at + 1) % len(guide)
        pane, text = guide[self.guide_at]
        sel, focusable = GUIDE_PANES[pane]
        w = q.query_one(sel)
        w.add_class("guided")
        if focusable:
            w.focus()
        last = self.guide_at + 1 == len(guide)
        more = "g: the first tip again" if last else "g: next tip"
        self.tell(text, title=f"Tip {self.guide_at + 1} of {len(guide)}, {PANE_NAMES[pane]} ({more})")

    def goal_line(self) -> Text | None:
        s = self.lesson()
        if s is None:
            return None
        t = Text("◎ ", style="bold")
        t.append(("Watching the solution: " if self.watching is not None else "Goal: ") + s.goal)
        return t

    def lesson_check(self) -> None:
        """After every refresh: the lesson's end is shown once, and the solution given on."""
        s = self.lesson()
        if s is None:
            return
        if self.watching is not None:
            self.watch_next()
        if s.status == PLAYING or s.status == self.lesson_over_shown or self.watching is not None:
            return
        self.lesson_over_shown = s.status
        tries = 0
        if s.shipped:
            from bs_tui.practice.progress import load_progress

            progress = load_progress()
            if self.try_counted or self.watched:  # an undo's second ending, or the solution shown
                rec = progress.get(s.lesson_id)
                if s.status == SOLVED and not self.watched and not rec.solved:
                    rec = progress.tried(s.lesson_id, True, max(1, s.turns), count=False)
            else:
                rec = progress.tried(s.lesson_id, s.status == SOLVED, max(1, s.turns))
            self.try_counted = True
            tries = rec.tries
        from bs_tui.practice.catalogue import next_after

        from .screens.lesson import LessonOverScreen

        has_next = s.shipped and next_after(s.lesson_id) is not None
        self.call_after_refresh(self.push_screen, LessonOverScreen(s, tries, has_next), self.lesson_over)

    def lesson_over(self, choice: str | None) -> None:
        if choice == "again":
            self.lesson_restart()
        elif choice == "hint":
            self.lesson_restart()
            self.call_after_refresh(self.lesson_hint)
        elif choice == "undo":
            self.lesson_over_shown = ""  # a new end after the undo is shown again
            self.action_undo()
        elif choice == "watch":
            solution = list(self.table.solution())
            self.lesson_restart()
            self.watching = solution
            self.watched = True  # its ending is the solution's, not a try
            self.refresh_table()
        elif choice in ("next", "menu"):
            self.practice_exit = choice
            self.exit(0)

    def lesson_restart(self) -> None:
        self.try_counted = self.watched = False  # a new try
        self.ai_busy = False
        self.ai_for = None  # an answer the AI is working out is to the game gone
        self.watching = None
        self.lesson_over_shown = ""
        old = self.table
        self.set_table(old.restarted())  # a new try: saved anew
        old.close()
        self.refresh_table()

    why_lesson: Any = None  # the lesson a "why not?" linked to last (catalogue.Entry)

    def tell_why(self, reason: str, verb: str = "", title: str = "Not now") -> None:
        """Why an option cannot be taken, and the lesson that teaches the rule (L opens it)."""
        from bs_tui.practice.links import lesson_for_reason

        self.why_lesson = lesson_for_reason(reason, verb)
        link = f"  Lesson (L): {self.why_lesson.title}" if self.why_lesson is not None else ""
        self.tell(reason + link, title=title)

    def action_lesson_link(self) -> None:
        """L: the lesson behind the last "why not?", else behind the Card pane's keywords."""
        from .cardlines import card_lesson

        entry = self.why_lesson
        if entry is None:
            shown = self.table_screen.query_one("#detail").shown
            entry = card_lesson(shown[0]) if shown else None
        if entry is None:
            self.tell('Nothing to look up: L opens the lesson behind a "why not" or a keyword.', title="No lesson")
            return
        from .screens.lesson import LessonLinkScreen

        can_play = self.lesson() is not None  # in practice: straight to it; in a game, its command

        def chosen(play: bool | None) -> None:
            if play:
                self.practice_exit = f"goto:{entry.id}"
                self.exit(0)

        self.push_screen(LessonLinkScreen(entry.id, entry.title, entry.section, entry.explain, can_play), chosen)

    def action_save_moment(self) -> None:
        """This decision as a puzzle file: the player's view and what their seat knows, no more."""
        d = self.pending()
        if d is None:
            self.tell("A moment is saved at one of your decisions: this one is not yours.", title="Not now")
            return
        from bs_tui.practice.puzzles import save_moment

        try:
            path = save_moment(self.table.view(d.player, knowledge=True), self.title or "", self.table.level)
        except OSError as e:
            self.tell(f"It could not be written: {e.strerror or e}", title="Not saved")
            return
        self.tell(f"Play it: bs-tui practice {path}  (set its goal and hints in the file)", title="Saved as a puzzle")

    def action_rematch(self) -> None:
        if self.lesson() is None:
            super().action_rematch()  # type: ignore[misc]  # a game: games.py
        else:
            self.lesson_restart()

    def action_new_game(self) -> None:
        s = self.lesson()
        if s is None:
            super().action_new_game()  # type: ignore[misc]
        else:  # the next lesson (a puzzle of your own: the list of lessons)
            self.practice_exit = "next" if s.shipped else "menu"
            self.exit(0)

    def action_hint(self) -> None:
        if not self.lesson_hint():
            super().action_hint()  # type: ignore[misc]  # a game: the AI's hint (hinting.py)

    def lesson_hint(self) -> bool:
        """The lesson's next hint (True when it is a lesson: the AI's hint is not asked)."""
        s = self.lesson()
        if s is None:
            return False
        if not s.hints:
            self.tell("This puzzle has no hints.", title="No hint")
            return True
        i = min(self.hints_shown, len(s.hints) - 1)
        text, rule = s.hints[i]
        self.hints_shown += 1
        more = " (w again: the next)" if i + 1 < len(s.hints) else ""
        from bs_tui.practice.catalogue import friendly_section

        self.tell(f"{text} — {friendly_section(rule)}", title=f"Hint {i + 1} of {len(s.hints)}{more}")
        return True

    def watch_next(self) -> None:
        """Watching the solution: the solver's next answer, after a pause to follow it."""
        if not self.watching:
            if self.watching is not None and self.lesson() is not None:
                self.watching = None
                self.lesson_check()
            return
        d = self.pending()
        if d is None:
            return
        key = self.decision_key()
        self.set_timer(SOLUTION_PAUSE, lambda: self.watch_give(key))

    def watch_give(self, key: tuple[int, int]) -> None:
        if self.closing or not self.watching or self.decision_key() != key:
            return
        self.answer(self.watching.pop(0), by_person=False)
