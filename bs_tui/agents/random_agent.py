"""The random agent: uniform among the listed options; allocations drawn core by core."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bs_tui.engine import Decision
from bs_tui.engine.core.allocation import sample_allocation


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: Callable[..., Any]) -> Any:
        if decision.allocation is not None:
            return sample_allocation(decision, self.rng.randrange)
        return decision.options[self.rng.randrange(len(decision.options))]
