"""The count (计数; 001 wording "count +X / −X"; 002): cores moved between the void and
a player's count zone. Count cores are no field cores: only effects that name the count
move them (`count`), and effects marked [Count N] (`Effect.min_count`) work only while
their controller's count is N or more. Both players see every count, as at a table.
"""

from __future__ import annotations

from typing import Any

from ..core.registry import COUNT_WATCHERS, verb
from ..data.cards import CardDataError, Step
from ..model.game import Game
from ..rules.effects import Trigger
from ..rules.verbs import Path, Verb


class Count(Verb):
    name = "count"
    params: dict[str, tuple[type | tuple[type, ...], Any]] = {"n": (int, ...)}

    def check(self, raw: dict[str, Any], where: str) -> None:
        super().check(raw, where)
        if raw["n"] == 0:
            raise CardDataError(f"{where}: count.n is +X or -X, not 0")

    def text(self, s: Step) -> str:
        return f"Count {s.get('n'):+d}."

    def feasible(self, g: Game, trig: Trigger, s: Step) -> bool:
        p = g.players[trig[2]]
        return p.void > 0 if s.get("n") > 0 else p.count > 0

    def run(self, g: Game, trig: Trigger, s: Step, path: Path) -> None:
        count_change(g, trig[2], s.get("n"))


def count_change(g: Game, player: int, n: int) -> int:
    """Count +n (from the void) or -n (back to the void), as far as there are cores."""
    p = g.players[player]
    k = min(n, p.void) if n > 0 else -min(-n, p.count)
    p.void -= k
    p.count += k
    if k:
        g.say(f"{g.name(player)}: count {k:+d} (now {p.count}).", tag="count")
        for watch in COUNT_WATCHERS:  # Over Count (001) starts and stops with it
            watch(g, player, p.count - k)
    return k


verb(Count())
