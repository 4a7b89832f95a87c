"""Agents answer decisions from what their player may see: a random one, a greedy one,
and the three AI levels a person plays against: easy (the rules of play, `easy`), normal
and hard (searches, `search`).

An agent gets the pending `Decision` and a function returning its player's view
(`view_for`), computed only if the agent asks for it; an agent with `needs_knowledge` set
gets the view with its seat's knowledge of the whole game (`engine.knowledge`), from which
it builds games of its own (`determinize`). No agent is ever handed the `Game`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bs_tui.engine import Decision, PlayerView

from .easy import EasyAgent
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .search import SearchAgent

ViewFn = Callable[[], PlayerView]


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision, view: ViewFn) -> Any: ...


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "easy": EasyAgent,
    "normal": lambda seed: SearchAgent(seed, budget=DEFAULT_BUDGET / NORMAL_SHARE, depth=4, name="normal"),
    "hard": lambda seed: SearchAgent(seed, budget=DEFAULT_BUDGET, depth=8, name="hard"),
}
LEVELS = ("easy", "normal", "hard")
DEFAULT_BUDGET = 1.0  # seconds a hard AI may think over one decision
# The normal AI thinks this share of the hard AI's time: at a quarter, hard won 20 of 37
# games against it (54 %); a level should be clearly stronger than the one below it.
NORMAL_SHARE = 8


def make_agent(name: str, seed: int, budget: float | None = None, iterations: int = 0) -> Agent:
    """The agent called `name`. `budget`: the hard AI's seconds per decision (the normal AI
    thinks an eighth of it); `iterations`: a cap on a search's iterations (with no budget, or
    a budget of 0, the only limit: the same answers on any machine)."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENTS)}")
    if name in ("normal", "hard") and (budget is not None or iterations):
        # a cap alone (no budget given) plays the same on any machine
        b = (0.0 if iterations else DEFAULT_BUDGET) if budget is None else budget
        if name == "normal":
            share = NORMAL_SHARE
            return SearchAgent(seed, budget=b / share, iterations=iterations // share, depth=4, name=name)
        return SearchAgent(seed, budget=b, iterations=iterations, depth=8, name=name)
    return AGENTS[name](seed)


def view_fn(agent: Agent, view: Callable[[bool], PlayerView]) -> ViewFn:
    """The view function to hand `agent`: with its seat's knowledge when it needs it."""
    knows = bool(getattr(agent, "needs_knowledge", False))
    return lambda: view(knows)


__all__ = [
    "Agent",
    "AGENTS",
    "DEFAULT_BUDGET",
    "EasyAgent",
    "GreedyAgent",
    "LEVELS",
    "RandomAgent",
    "SearchAgent",
    "ViewFn",
    "make_agent",
    "view_fn",
]
