"""Agents answer decisions from what their player may see: a random one and a greedy one.

An agent gets the pending `Decision` and a function returning its player's view
(`view_for`), computed only if the agent asks for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bs_tui.engine import Decision, PlayerView

from .greedy import GreedyAgent
from .random_agent import RandomAgent

ViewFn = Callable[[], PlayerView]


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision, view: ViewFn) -> Any: ...


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int) -> Agent:
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}") from None


__all__ = ["Agent", "AGENTS", "GreedyAgent", "RandomAgent", "make_agent", "ViewFn"]
