"""A lesson played at the table: the seat of a game held here (`LocalSeat`, so undo and
redo work as against the AI), the solver in one chair and the lesson's opponent in the
other, judged after every answer and handing the table a `PracticeState`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bs_tui.engine import view_for
from bs_tui.seats.local import LocalSeat

from .catalogue import friendly_section, is_shipped
from .goals import Limits, judge, judge_answer, limits
from .lesson import Lesson
from .opponent import opponent_for
from .state import PLAYING, PracticeState


@dataclass(slots=True)
class PracticeSeat(LocalSeat):
    lesson: Lesson | None = None
    lim: Limits | None = None
    status: str = PLAYING
    why: str = ""
    journal: Any = None  # its save (saves.Journal), when it is saved
    save_dir: str | None = None

    @classmethod
    def for_lesson(
        cls, lesson: Lesson, name: str | None = None, save: bool = False, save_dir: str | None = None
    ) -> PracticeSeat:
        """The lesson at its first decision; with `save`, saved from there as any game is."""
        seat = cls._seated(lesson, name)
        if save:
            from bs_tui.saves import start_save
            from bs_tui.seats.starting import HUMAN, attach

            from .saving import start_of

            controls = [HUMAN, HUMAN]
            controls[1 - seat.you] = f"lesson:{lesson.opponent}"
            from bs_tui.engine.data.decks import Deck

            names = ["", ""]  # the saves list a try by its lesson
            names[seat.you], names[1 - seat.you] = f"lesson {lesson.id}", "its opponent"
            decks = [Deck(n, lesson.path if n != "its opponent" else "", ()) for n in names]
            seat.journal = start_save(
                seat.game,
                save_dir,
                seed=lesson.seed,
                mode="practice",
                controls=controls,
                decks=decks,
                start=start_of(lesson),
            )
            seat.save_dir = save_dir
            attach(seat, seat.journal)
            seat.judged_after_saving()
        return seat

    def judged_after_saving(self) -> None:
        """The try is judged once its answer is in the save (a decided try says so there)."""
        self.on_answer.remove(self._judge)
        self.on_answer.append(self._judge)

    @classmethod
    def _seated(cls, lesson: Lesson, name: str | None = None) -> PracticeSeat:
        from bs_tui.seats.starting import player_name

        you = lesson.you
        names = ["", ""]
        names[you], names[1 - you] = player_name(name), "Opponent"
        # a lesson's two sides by name from its first line on (a moment keeps its game's)
        g = lesson.start((names[0], names[1]) if lesson.moment is None else None)
        d = g.decision
        assert d is not None and d.player == you  # read_lesson made sure
        agents: list[Any] = [None, None]
        agents[1 - you] = opponent_for(lesson)
        seat = cls(g, agents, lesson=lesson, lim=limits(view_for(g, you), lesson.turns))
        seat.on_answer.append(seat._judge)
        seat.on_undo.append(lambda _n: seat._judge_afresh())
        seat._judge_afresh()  # a goal may hold from the start
        return seat

    def restarted(self) -> PracticeSeat:
        assert self.lesson is not None
        name = self.game.static.names[self.you]
        return PracticeSeat.for_lesson(self.lesson, name, save=self.journal is not None, save_dir=self.save_dir)

    @classmethod
    def resumed(cls, lesson: Lesson, game: Any, start: Any, answers: list[Any], journal: Any) -> PracticeSeat:
        """A saved try at `lesson`, replayed to `game`: judged as it stands, undo reaching
        back to the lesson's start, its save appended to."""
        from bs_tui.seats.starting import answered_by, attach

        seat = cls._seated(lesson)
        game.static.names = start.static.names = seat.game.static.names  # the lesson's sides, as played
        seat.game, seat.start = game, start
        seat.history = answered_by(start, answers)
        seat.journal = journal
        attach(seat, journal)
        seat.judged_after_saving()
        seat._judge_afresh()
        return seat

    def close(self) -> None:
        LocalSeat.close(self)
        if self.journal is not None:
            self.journal.close()

    @property
    def you(self) -> int:
        assert self.lim is not None
        return self.lim.you

    def _evaluate(self) -> tuple[str, str]:
        """The lesson as the game stands: a question by the solver's first answer, any other
        goal from the solver's view."""
        les, lim = self.lesson, self.lim
        assert les is not None and lim is not None
        if les.goal.kind == "right":
            given = [a for p, a in self.history if p == self.you][:1]
            return judge_answer(les.goal, given[0], les.why_wrong(given[0]), les.right_why) if given else (PLAYING, "")
        return judge(les.goal, lim, view_for(self.game, self.you))

    def _judge(self, answer: Any) -> None:
        """After every answer: once decided, a lesson stays decided (until an undo)."""
        if self.status == PLAYING:
            self.status, self.why = self._evaluate()
            self.decided()

    def decided(self) -> None:
        """A decided try says so in its save: not offered again as an unfinished game."""
        if self.status != PLAYING and self.journal is not None:
            self.journal.lesson_over(self.status, self.game)

    def rewind_script(self) -> None:
        """The opponent's script as it stands after the answers given so far."""
        opponent = self.agents[1 - self.you]
        if hasattr(opponent, "rewind"):
            opponent.rewind([a for p, a in self.history if p != self.you])

    def redo(self) -> None:
        LocalSeat.redo(self)
        self.rewind_script()

    def _judge_afresh(self) -> None:
        """At the start, after an undo and on a resume: judged from the game as it stands."""
        self.rewind_script()
        self.status, self.why = self._evaluate()

    def practice(self) -> PracticeState | None:
        assert self.lesson is not None and self.lim is not None
        return lesson_state(self.lesson, self.lim.you, self.status, self.why)

    def solution(self) -> tuple[Any, ...]:
        """The solver's answers that solve it: given out once the lesson is over."""
        assert self.lesson is not None
        return self.lesson.solution if self.status != PLAYING else ()


def lesson_state(les: Lesson, you: int = 0, status: str = PLAYING, why: str = "") -> PracticeState:
    """What the table shows of `les` as it stands."""
    bounded = les.turns > 1 and les.goal.kind in ("win", "happen")  # survive: its turns are the opponent's
    return PracticeState(
        lesson_id=les.id,
        title=les.title,
        chapter=les.chapter,
        section=les.section,
        explain=friendly_section(les.explain),
        goal=les.goal.text() + (f" (within {les.turns} of your turns)" if bounded else ""),
        turns=les.turns,
        you=you,
        hints=tuple((friendly_section(h.text), h.rule) for h in les.hints),
        guide=tuple((s.pane, s.text) for s in les.guide),
        status=status,
        why=friendly_section(why),
        has_solution=bool(les.solution) and les.goal.kind != "deck",
        shipped=is_shipped(les.path),
    )
