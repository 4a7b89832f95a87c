"""The seat of a game held here: a person at this screen, and an agent or a second person
(hot-seat) in the other chair. It is the host end of every other seat: it alone holds
the `Game`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bs_tui.agents import Agent, view_fn
from bs_tui.engine import Game, IllegalAnswer, PlayerView, view_for

from .base import Seat, only_pass


@dataclass(slots=True)
class LocalSeat(Seat):
    game: Game
    agents: list[Agent | None]  # None: a person in that chair
    hotseat: bool = False  # both chairs are people at this one screen
    on_answer: list[Callable[[Any], None]] = field(default_factory=list)  # e.g. the journal
    watchers: list[Callable[[], None]] = field(default_factory=list)
    # undo: the game as it began here and every answer since (who gave it), replayed without
    # the last ones to take them back exactly; what was taken back, to give again (redo)
    start: Game | None = None
    history: list[tuple[int, Any]] = field(default_factory=list)
    taken_back: list[tuple[int, Any]] = field(default_factory=list)
    on_undo: list[Callable[[int], None]] = field(default_factory=list)  # (how many taken back) the journal

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = self.game.copy()

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(i for i, a in enumerate(self.agents) if a is None)

    @property
    def level(self) -> str:
        return next((str(a.name) for a in self.agents if a is not None), "")

    @property
    def version(self) -> int:
        return self.game.decisions

    def view(self, player: int, knowledge: bool = False) -> PlayerView:
        return view_for(self.game, player, knowledge=knowledge)

    def waiting_for(self) -> int:
        d = self.game.decision
        return d.player if d is not None else -1

    def watch(self, changed: Callable[[], None]) -> None:
        self.watchers.append(changed)

    def passes_at_once(self, auto_pass: bool) -> bool:
        d = self.game.decision
        if d is None or self.agents[d.player] is not None or not only_pass(d):
            return False
        others = any(a is None for i, a in enumerate(self.agents) if i != d.player)
        return auto_pass or not others

    def agent_to_move(self) -> bool:
        d = self.game.decision
        return d is not None and self.agents[d.player] is not None

    def agent_answer(self) -> Any:
        """What the agent in the deciding chair answers, from its own view only (a copy of
        the game is read, so the screen's thread may go on reading views meanwhile)."""
        d = self.game.decision
        assert d is not None
        agent = self.agents[d.player]
        assert agent is not None
        snapshot = self.game.copy()

        def seen(knows: bool) -> PlayerView:
            return view_for(snapshot, d.player, knowledge=knows)

        mine = seen(False).decision  # the decision as the seat sees it, not the engine's own
        assert mine is not None
        return agent.choose(mine, view_fn(agent, seen))

    def submit(self, answer: Any) -> None:
        d = self.game.decision
        self.game.answer(answer)  # IllegalAnswer: nothing changed, nobody is told
        self.history.append((d.player if d is not None else -1, answer))
        self.taken_back.clear()  # a new answer: what was taken back is gone for good
        for fn in self.on_answer:
            fn(answer)
        for changed in list(self.watchers):
            changed()

    def undo_refused(self) -> str:
        """Why the last decision of the person here cannot be taken back ("" when it can)."""
        if self.hotseat:
            return "Undo is for games against the AI: in hot-seat the other player has seen it."
        if not any(p in self.people for p, _ in self.history):
            return "Nothing of yours to take back: this is your first decision here."
        return ""

    def undo(self) -> None:
        """Take back the last decision of the person here, and the AI's answers after it:
        the game is replayed from its start without them, exactly as it was then."""
        why = self.undo_refused()
        if why:
            raise IllegalAnswer(why)
        i = max(j for j, (p, _) in enumerate(self.history) if p in self.people)
        self.taken_back[:0] = self.history[i:]
        self._replay(self.history[:i])

    def redo(self) -> None:
        """Give again the decision last taken back, and the AI's answers that followed it."""
        if not self.taken_back:
            raise IllegalAnswer("Nothing to redo: no decision was taken back since the last one given.")
        nxt = next((j for j, (p, _) in enumerate(self.taken_back) if j > 0 and p in self.people), len(self.taken_back))
        again, self.taken_back = self.taken_back[:nxt], self.taken_back[nxt:]
        for p, a in again:  # given again as they were given: recorded as any answer
            self.game.answer(a)
            self.history.append((p, a))
            for fn in self.on_answer:
                fn(a)
        for changed in list(self.watchers):
            changed()

    def _replay(self, answers: list[tuple[int, Any]]) -> None:
        assert self.start is not None
        before = self.game.decisions
        g = self.start.copy()
        for _, a in answers:
            g.answer(a)
        self.game, self.history = g, list(answers)
        for fn in self.on_undo:
            fn(before - g.decisions)
        for changed in list(self.watchers):
            changed()

    def close(self) -> None:
        for a in self.agents:
            if a is not None and hasattr(a, "close"):
                a.close()
