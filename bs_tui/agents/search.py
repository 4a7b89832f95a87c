"""The searching AIs: information-set Monte Carlo tree search (Cowling, Powley and
Whitehouse 2012, single-observer) over games built from the seat's view alone.

Each iteration builds (or reuses) a game consistent with what the seat knows
(`determinize`), walks down a tree of answers shared by all those games, choosing at each
decision among the answers legal in this game by UCB with availability counts, adds one
new answer, plays on by the rules of play (`policy.heuristic`) to the end of the next turn
and scores the result (`evaluate`). Both players' decisions are in the tree; each node's
value is that of the player who chose it. Core payments, placements and moves are searched
over a few sensible answers only (`policy.candidates`). A decision with one answer worth
trying takes no search.

The search stops at its time budget or its iteration cap, whichever comes first; with
only a cap (tests, `selfplay`) it is the same for the same seed on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bs_tui.engine import Decision, Game, Kind, PlayerView

from .determinize import determinize
from .evaluate import evaluate
from .policy import candidates, heuristic

UCB_C = 0.7
POOL = 24  # games built per decision: each iteration plays a copy of one of them
TURN_DECISIONS = 150  # an AI's decisions in one turn past which it ends its step or passes
PLAYOUT_DECISIONS = 600  # a playout stopped here is scored as it stands (a loop of free actions)
# A searched answer replaces the rules of play's only when its mean value is higher by this
# many standard errors of the difference (and by a little at least): more iterations (the
# hard AI) find more answers that are truly better; a few (the normal AI) keep to the rules.
CLEARLY_BETTER = 1.5
AT_LEAST = 0.005
MARGIN = 0.9  # share of the budget spent searching: the last iteration must end in time


@dataclass(slots=True)
class Node:
    player: int = -1  # who chose the answer leading here
    visits: int = 0
    avail: int = 0
    value: float = 0.0
    squares: float = 0.0  # sum of the squared values: their spread, for the root's answers
    children: dict[Any, Node] = field(default_factory=dict)
    # for the root's answers: sums over the playouts of (own life, opponent's life, won, lost)
    # at their ends, for a hint's reason
    ends: list[float] | None = None


@dataclass(slots=True)
class Stats:
    """What a search found: per root answer, (visits, mean value); how long it took."""

    iterations: int = 0
    seconds: float = 0.0
    answers: dict[Any, tuple[int, float]] = field(default_factory=dict)
    chosen: Any = None
    # per root answer, the mean at the playouts' ends of (own life, opponent's life, share
    # of games won, share lost)
    ends: dict[Any, tuple[float, float, float, float]] = field(default_factory=dict)

    @property
    def confidence(self) -> float:
        """The chosen answer's share of the visits."""
        total = sum(v for v, _ in self.answers.values()) or 1
        return self.answers.get(self.chosen, (0, 0.0))[0] / total


@dataclass(slots=True)
class Search:
    """One search from one view (see the module's text)."""

    view: PlayerView
    rng: random.Random
    budget: float = 1.0  # seconds; 0 for none (then `iterations` alone stops it)
    iterations: int = 0  # an iteration cap; 0 for none
    depth: int = 8  # decisions added to the tree on one path at most
    skip: frozenset[Any] = frozenset()  # root answers not to consider (effects used this turn)
    pool: list[Game] = field(default_factory=list)
    prefer: Any = None  # the rules of play's answer at the root, when the search considers it

    def run(self) -> Stats:
        start = time.perf_counter()
        d = self.view.decision
        assert d is not None
        me = d.player
        root = Node(player=-1)
        first = determinize(self.view, self.rng)
        acts = [a for a in candidates(first, d) if a not in self.skip] or candidates(first, d)
        # the rules of play's answer is tried first and kept unless the search finds one
        # clearly better: a few hundred noisy playouts should not talk it out of a sound move
        h = heuristic(first, d, None)
        self.prefer = h if h in acts else None
        stats = Stats()
        if len(acts) == 1:
            stats.chosen = acts[0]
            stats.answers = {acts[0]: (0, 0.5)}
            return stats
        self.pool = [first]
        horizon = first.turn + 2  # play on to the end of the next turn
        # stop a little before the budget: one iteration may still be running then
        deadline = start + self.budget * MARGIN if self.budget > 0 else math.inf
        cap = self.iterations or (1 << 30)
        n = 0
        while n < cap:
            if n >= 8 and n % 8 == 0:
                now = time.perf_counter()
                if now >= deadline or self._settled(root, n, cap, now - start, deadline - now):
                    break
            g = self._game(n)
            self._iterate(g, root, me, horizon)
            n += 1
        stats.iterations = n
        stats.seconds = time.perf_counter() - start
        stats.answers = {a: (c.visits, c.value / c.visits if c.visits else 0.0) for a, c in root.children.items()}
        stats.ends = {
            a: tuple(x / c.visits for x in c.ends)  # type: ignore[misc]
            for a, c in root.children.items()
            if c.visits and c.ends is not None
        }
        legal = [a for a in acts if a in root.children] or acts
        best = max(legal, key=lambda a: (stats.answers.get(a, (0, 0.0)), -legal.index(a)))
        p = self.prefer
        kids = root.children
        if p is not None and p != best and p in kids and not self._better(kids[best], kids[p]):
            best = p
        stats.chosen = best
        return stats

    @staticmethod
    def _better(a: Node, b: Node) -> bool:
        """Whether answer `a` is clearly better than `b` (see CLEARLY_BETTER)."""
        if a.visits < 2 or b.visits < 2:
            return a.visits > 4 * max(b.visits, 1)  # b hardly tried: the search preferred a
        ma, mb = a.value / a.visits, b.value / b.visits
        va = max(a.squares / a.visits - ma * ma, 1e-4)
        vb = max(b.squares / b.visits - mb * mb, 1e-4)
        return ma - mb > max(AT_LEAST, CLEARLY_BETTER * math.sqrt(va / a.visits + vb / b.visits))

    @staticmethod
    def _settled(root: Node, n: int, cap: int, spent: float, left: float) -> bool:
        """Whether the answer can no longer change: the most visited root answer leads the
        next by more visits than the iterations left could give it (with only a cap, the
        iterations left are counted, so the same seed stops at the same iteration)."""
        if len(root.children) < 2:
            return False
        remaining = cap - n
        if left != math.inf:
            remaining = min(remaining, int(n * left / max(spent, 1e-9)))
        first, second = sorted((c.visits for c in root.children.values()), reverse=True)[:2]
        return first - second > remaining

    def _game(self, n: int) -> Game:
        if len(self.pool) < POOL:
            self.pool.append(determinize(self.view, self.rng))
        return self.pool[n % len(self.pool)].copy()

    def _iterate(self, g: Game, root: Node, me: int, horizon: int) -> None:
        node = root
        path: list[Node] = []
        added = False
        depth = 0
        while g.pending is not None and g.turn < horizon:
            d = g.pending.decision
            acts = candidates(g, d)
            if node is root and not path and self.skip:
                acts = [a for a in acts if a not in self.skip] or acts
            if len(acts) == 1:
                g.answer(acts[0])
                continue
            if added or depth >= self.depth:
                break
            for a in acts:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            untried = [a for a in acts if a not in node.children]
            if untried:
                if node is root and self.prefer in untried:
                    a = self.prefer
                else:
                    a = untried[0] if len(untried) == len(acts) else self.rng.choice(untried)
                child = Node(player=d.player, avail=1)
                node.children[a] = child
                added = True
            else:
                a = self._select(node, acts)
                child = node.children[a]
            path.append(child)
            node = child
            depth += 1
            g.answer(a)
        self._play_out(g, horizon)
        r = evaluate(g, me)
        for nd in path:
            nd.visits += 1
            x = r if nd.player == me else 1.0 - r
            nd.value += x
            nd.squares += x * x
        if path:
            first = path[0]
            if first.ends is None:
                first.ends = [0.0, 0.0, 0.0, 0.0]
            e = first.ends
            e[0] += g.players[me].life_total
            e[1] += g.players[1 - me].life_total
            e[2] += g.winner == me
            e[3] += g.winner == 1 - me

    def _select(self, node: Node, acts: list[Any]) -> Any:
        best, score = acts[0], -math.inf
        for a in acts:
            c = node.children[a]
            if c.visits == 0:
                return a
            s = c.value / c.visits + UCB_C * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
            if s > score:
                best, score = a, s
        return best

    def _play_out(self, g: Game, horizon: int) -> None:
        rng = self.rng
        stop = g.decisions + PLAYOUT_DECISIONS
        while g.pending is not None and g.turn < horizon and g.decisions < stop:
            d = g.pending.decision
            g.answer(heuristic(g, d, rng))


def trivial(d: Decision) -> Any:
    """The answer to a decision that needs no search, or None: one option, or a kind whose
    answer the rules of play always give (the order of triggers, the coin toss)."""
    if d.allocation is None and len(d.options) == 1:
        return d.options[0]
    return None


class SearchAgent:
    """An AI that searches (`Search`) from its seat's view within a budget."""

    needs_knowledge = True

    def __init__(self, seed: int = 0, budget: float = 1.0, iterations: int = 0, depth: int = 8, name: str = "hard"):
        self.rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.depth = depth
        self.name = name
        self.last: Stats | None = None
        # how often it gave each Main Step or flash answer this turn: a field effect with no
        # cost and no once-per-turn limit could be used for ever (000 ch.1 §5.5 sets no
        # limit), and a brave can be fused and separated again and again
        self.used: dict[Any, int] = {}
        self.used_turn = -1
        self.this_turn = 0  # decisions it made this turn

    def choose(self, d: Decision, view: Callable[[], PlayerView]) -> Any:
        quick = trivial(d)
        if quick is not None:
            self.last = None
            return quick
        if d.kind in (Kind.ORDER_TRIGGERS, Kind.CHOOSE_ORDER):
            self.last = None
            return d.options[0] if d.kind == Kind.ORDER_TRIGGERS else "first"
        v = view()
        if v.turn != self.used_turn:
            self.used, self.used_turn, self.this_turn = {}, v.turn, 0
        self.this_turn += 1
        if self.this_turn > TURN_DECISIONS:
            way_out = next((o for o in (("end",), ("pass",), ("take",)) if o in d.options), None)
            if way_out is not None:  # a cycle the limits above did not catch: end it
                self.last = None
                return way_out
        skip = frozenset(a for a, n in self.used.items() if n >= (1 if a[0] == "activate" else 2))
        stats = Search(v, self.rng, self.budget, self.iterations, self.depth, skip).run()
        self.last = stats
        a = stats.chosen
        if d.kind in (Kind.MAIN_ACTION, Kind.FLASH) and isinstance(a, tuple) and a and a[0] not in ("end", "pass"):
            self.used[a] = self.used.get(a, 0) + 1
        return a
