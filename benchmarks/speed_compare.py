"""Random self-play speed of two checkouts of bs-tui, measured in one run: decisions per
second, invariant checks off, on the decks both checkouts ship (by default the eight starter
decks), best of N runs per round, rounds alternating between the checkouts so that a busy
spell of the machine falls on both. Pin it to one core for figures worth comparing:

    taskset -c 1 python3 benchmarks/speed_compare.py BEFORE_DIR AFTER_DIR [games] [runs] [rounds]

Each checkout runs in a subprocess of its own with its own source tree first on sys.path,
so the two engines never share a module. Prints one JSON line per round and a summary;
asserts nothing.
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

CHILD = """
import json, sys, time
sys.path.insert(0, {root!r})
from bs_tui.selfplay import selfplay
decks = {decks!r}
selfplay(10, 99, ("random", "random"), decks=decks, check=False)  # warm the caches up
best = 0.0
for run in range({runs}):
    t = time.perf_counter()
    res = selfplay({games}, 1 + run, ("random", "random"), decks=decks, check=False)
    best = max(best, res.decisions / (time.perf_counter() - t))
print(json.dumps({{"decisions_per_s": round(best, 1)}}))
"""


def measure(root: Path, decks: list[str], games: int, runs: int) -> float:
    code = CHILD.format(root=str(root), decks=decks, games=games, runs=runs)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    return float(json.loads(out.stdout.strip().splitlines()[-1])["decisions_per_s"])


def main() -> None:
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    before, after = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 120
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    decks = [str(before / "decks" / f"{name}.toml") for name in STARTERS]
    figures: dict[str, list[float]] = {"before": [], "after": []}
    for r in range(rounds):
        order = (("before", before), ("after", after))
        for label, root in order if r % 2 == 0 else order[::-1]:
            figures[label].append(measure(root, decks, games, runs))
        print(json.dumps({"round": r + 1, "before": figures["before"][-1], "after": figures["after"][-1]}))
    b, a = max(figures["before"]), max(figures["after"])
    print(json.dumps({"best_before": b, "best_after": a, "after_over_before": round(a / b, 3)}))


if __name__ == "__main__":
    main()
