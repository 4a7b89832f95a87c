"""A saved game as the replay viewer steps through it: the game after each recorded answer,
kept here; what leaves is views (of the seats the save may be viewed from) and, for each
answer, the view its decider had when deciding, so the viewer can word it."""

from __future__ import annotations

from typing import Any

from bs_tui.engine import Game, PlayerView, view_for

from .replay import Replay, new_game_from_header


class ReplaySteps:
    """Step `at` is the game after `at` answers (0: as it began)."""

    __slots__ = ("seats", "answers", "turns", "deciders", "_states")

    def __init__(self, replay: Replay):
        self.seats: tuple[int, ...] = replay.seats
        self.answers: list[Any] = list(replay.answers)
        g = new_game_from_header(replay.header)
        self._states: list[Game] = [g.copy()]
        # who gave each answer, and what they saw then (None: their seat may not be viewed)
        self.deciders: list[tuple[int, PlayerView | None]] = []
        for a in self.answers:
            d = g.decision
            who = d.player if d is not None else -1
            self.deciders.append((who, view_for(g, who) if who in self.seats else None))
            g.answer(a)
            self._states.append(g.copy())
        self.turns: list[int] = [s.turn for s in self._states]

    def __len__(self) -> int:
        return len(self._states)

    def view(self, at: int, seat: int) -> PlayerView:
        """What `seat` (one of `seats`, or the spectator) sees at step `at`."""
        if seat >= 0 and seat not in self.seats:
            raise ValueError(f"seat {seat} of this game may not be viewed")
        return view_for(self._states[at], seat)

    def moment(self, at: int) -> PlayerView | None:
        """The decision pending at step `at` as its player knew it (their view with their
        seat's knowledge), when that player's seat may be viewed; None otherwise."""
        g = self._states[at]
        d = g.decision
        if d is None or d.player not in self.seats:
            return None
        return view_for(g, d.player, knowledge=True)

    def over(self, at: int) -> bool:
        return self._states[at].over

    def names(self) -> tuple[str, ...]:
        g = self._states[0]
        return tuple(g.name(i) for i in range(len(g.players)))

    def game(self, at: int) -> Game:
        """The game itself at step `at`, for tests and tools; never for a screen."""
        return self._states[at]
