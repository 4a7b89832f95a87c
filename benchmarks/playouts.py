"""Playout speed of two checkouts of bs-tui, measured in one run: what a search does many
thousands of times a second. Mid-game positions are sampled from seeded random self-play of
the starter decks (decisions in turns 3 to 8); each playout copies a position (`Game.copy`,
quiet where the checkout has quiet games: nobody reads a search copy's log) and plays random
agents (`RandomAgent`) until the end of the next turn: it stops at the first decision after
the turn that follows the position's turn has ended, or when the game ends. Pin it to one
core for figures worth comparing:

    taskset -c 1 python3 benchmarks/playouts.py BEFORE_DIR AFTER_DIR [positions] [runs] [rounds]

Each checkout runs in a subprocess of its own with its own source tree first on sys.path,
so the two engines never share a module; both sample the same positions (same seeds, and
engines that give the same games). A run plays every position `PER_POSITION` times; the best
of `runs` runs is a round's figure, and rounds alternate between the checkouts so that a busy
spell of the machine falls on both. Prints one JSON line per round and a summary; asserts
nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

STARTERS = (
    "crimson_dawn",
    "verdant_tide",
    "twilight_ossuary",
    "ivory_bastion",
    "radiant_choir",
    "deepstone_siege",
    "wildfire",
    "dawnwall",
)

PER_POSITION = 5  # playouts from each position in a run (the agents' draws differ each time)

CHILD = """
import inspect, json, random, sys, time
sys.path.insert(0, {root!r})
from bs_tui.agents.random_agent import RandomAgent
from bs_tui.engine import Game, load_cards, load_deck

db = load_cards()
lists = [load_deck(path, db).card_list() for path in {decks!r}]
quiet = "quiet" in inspect.signature(Game.copy).parameters  # a search copy writes no log text


def no_view():
    raise RuntimeError("a random agent needs no view")


def sample(n):
    # mid-game positions: seeded random self-play, a few decisions of turns 3 to 8 per game
    pick = random.Random(18)
    out = []
    game = 0
    while len(out) < n:
        game += 1
        a, b = pick.randrange(len(lists)), pick.randrange(len(lists) - 1)
        b += b >= a  # never a deck against itself
        g = Game.new(lists[a], lists[b], 1000 + game, db)
        agents = [RandomAgent(game * 2), RandomAgent(game * 2 + 1)]
        while g.pending is not None and len(out) < n:
            if 3 <= g.turn <= 8 and pick.random() < 0.1:
                out.append(g.copy())
            d = g.pending.decision
            g.answer(agents[d.player].choose(d, no_view))
    return out


def playout(start, agents):
    g = start.copy(quiet=True) if quiet else start.copy()
    stop = start.turn + 2  # the turn after the next one has begun: the next turn has ended
    decisions = 0
    while g.pending is not None and g.turn < stop:
        d = g.pending.decision
        g.answer(agents[d.player].choose(d, no_view))
        decisions += 1
    return decisions


positions = sample({positions})
for p in positions[:20]:  # warm the caches up
    playout(p, [RandomAgent(0), RandomAgent(1)])
best, decisions = 0.0, 0
for run in range({runs}):
    agents = [RandomAgent(2 + 2 * run), RandomAgent(3 + 2 * run)]  # a search keeps its agents
    t = time.perf_counter()
    n = 0
    decisions = 0
    for p in positions:
        for _ in range({per}):
            decisions += playout(p, agents)
            n += 1
    best = max(best, n / (time.perf_counter() - t))
print(json.dumps({{"playouts_per_s": round(best, 1), "decisions_per_playout": round(decisions / n, 2)}}))
"""


def measure(root: Path, decks: list[str], positions: int, runs: int) -> dict[str, float]:
    code = CHILD.format(root=str(root), decks=decks, positions=positions, runs=runs, per=PER_POSITION)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    before, after = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    positions = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    decks = [str(before / "decks" / f"{name}.toml") for name in STARTERS]
    figures: dict[str, list[float]] = {"before": [], "after": []}
    lengths: dict[str, float] = {}
    for r in range(rounds):
        order = (("before", before), ("after", after))
        for label, root in order if r % 2 == 0 else order[::-1]:
            res = measure(root, decks, positions, runs)
            figures[label].append(res["playouts_per_s"])
            lengths[label] = res["decisions_per_playout"]
        print(json.dumps({"round": r + 1, "before": figures["before"][-1], "after": figures["after"][-1]}))
    b, a = max(figures["before"]), max(figures["after"])
    print(
        json.dumps(
            {
                "best_before": b,
                "best_after": a,
                "after_over_before": round(a / b, 3),
                "decisions_per_playout": lengths,
            }
        )
    )


if __name__ == "__main__":
    main()
