"""The table: a game, who sits in each seat (a person or an agent), and whose view the
screen shows. No Textual here; the app renders what this says and sends answers to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bs_tui.agents import Agent, view_fn
from bs_tui.engine import Decision, Game, Kind, PlayerView, view_for


def only_pass(d: Decision) -> bool:
    """A decision whose one option is to pass: a flash timing with nothing usable, a burst
    window the burst does not match. The engine asks them in games with people so that
    being asked tells the opponent nothing."""
    if d.kind == Kind.FLASH:
        return d.options == (("pass",),)
    return d.kind == Kind.YES_NO and d.options == (False,)  # "no" the only answer: go on


@dataclass(slots=True)
class Table:
    game: Game
    agents: list[Agent | None]  # None: a person in that seat
    hotseat: bool = False
    on_answer: list[Callable[[Any], None]] = field(default_factory=list)  # e.g. the journal

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    def human_seat(self, player: int) -> bool:
        return self.agents[player] is None

    def passes_at_once(self, d: Decision, auto_pass: bool) -> bool:
        """Whether a person's pass-only decision is answered without asking them: when no
        other seat is a person (an agent reads views, not the screen) or when the players
        turned on hot-seat auto-pass, which lets each tell when the other has nothing."""
        if not self.human_seat(d.player) or not only_pass(d):
            return False
        others = any(self.human_seat(i) for i in range(len(self.agents)) if i != d.player)
        return auto_pass or not others

    def viewer(self, last: int) -> int:
        """Whose eyes the screen is: the person deciding now, else the last one shown."""
        d = self.game.decision
        if d is not None and self.human_seat(d.player):
            return d.player
        if not self.hotseat:
            return next((i for i, a in enumerate(self.agents) if a is None), 0)
        return last

    def view(self, player: int, knowledge: bool = False) -> PlayerView:
        """What `player` may see now (with its knowledge of the whole game, for an AI
        thinking in its place: a hint); all the screen ever reads of the game."""
        return view_for(self.game, player, knowledge=knowledge)

    def name(self, player: int) -> str:
        return self.game.name(player)

    @property
    def decisions(self) -> int:
        """Decisions answered so far in the game."""
        return self.game.decisions

    @property
    def over(self) -> bool:
        return self.game.over

    def agent_to_move(self) -> Agent | None:
        d = self.game.decision
        if d is None:
            return None
        return self.agents[d.player]

    def agent_answer(self) -> Any:
        """What the agent in the deciding seat answers (safe to call off the UI thread:
        it reads a copy of the game)."""
        d = self.game.decision
        assert d is not None
        agent = self.agents[d.player]
        assert agent is not None
        snapshot = self.game.copy()
        return agent.choose(d, view_fn(agent, lambda knows: view_for(snapshot, d.player, knowledge=knows)))

    def close(self) -> None:
        """Stop the AIs that think in processes of their own."""
        for a in self.agents:
            if a is not None and hasattr(a, "close"):
                a.close()

    def submit(self, answer: Any) -> None:
        """Answer the pending decision; raises IllegalAnswer (nothing changes) if illegal."""
        self.game.answer(answer)
        for fn in self.on_answer:
            fn(answer)
