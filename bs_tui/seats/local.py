"""The seat of a game held here: a person at this screen, and an agent or a second person
(hot-seat) in the other chair. It is the host end of every other seat: it alone holds
the `Game`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bs_tui.agents import Agent, view_fn
from bs_tui.engine import Game, PlayerView, view_for

from .base import Seat, only_pass


@dataclass(slots=True)
class LocalSeat(Seat):
    game: Game
    agents: list[Agent | None]  # None: a person in that chair
    hotseat: bool = False  # both chairs are people at this one screen
    on_answer: list[Callable[[Any], None]] = field(default_factory=list)  # e.g. the journal
    watchers: list[Callable[[], None]] = field(default_factory=list)

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
        self.game.answer(answer)  # IllegalAnswer: nothing changed, nobody is told
        for fn in self.on_answer:
            fn(answer)
        for changed in list(self.watchers):
            changed()

    def close(self) -> None:
        for a in self.agents:
            if a is not None and hasattr(a, "close"):
                a.close()
