"""The easy AI: the rules of play (`policy.heuristic`) and nothing more, read off a game
built from its seat's view. The greedy agent's habits without its worst blunders: it
keeps its spirits' Lv1 cores and its Soul Core when paying, uses a magic only when it has
something to act on, keeps a blocker back when the opponent threatens lethal, blocks a
lethal hit and takes lethal when it is there."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bs_tui.engine import Decision, PlayerView

from .determinize import determinize
from .policy import heuristic
from .search import trivial


class EasyAgent:
    name = "easy"
    needs_knowledge = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, d: Decision, view: Callable[[], PlayerView]) -> Any:
        quick = trivial(d)
        if quick is not None:
            return quick
        g = determinize(view(), self.rng)
        return heuristic(g, d, None)
