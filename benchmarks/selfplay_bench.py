"""Self-play speed and memory: random-vs-random on one core, with and without the
invariant checks, and a profile of where the time goes. Prints figures; asserts nothing.

    python benchmarks/selfplay_bench.py [games]
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import sys

from bs_tui.selfplay import selfplay


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    for check in (True, False):
        res = selfplay(games, 1, ("random", "random"), check=check)
        print(json.dumps({"invariant_checks": check, **res.summary()}))
    res = selfplay(games // 5, 1, ("greedy", "greedy"))
    print(json.dumps({"agents": "greedy,greedy", **res.summary()}))
    prof = cProfile.Profile()
    prof.enable()
    selfplay(games // 5, 7, ("random", "random"), check=False)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
    print(out.getvalue())


if __name__ == "__main__":
    main()
