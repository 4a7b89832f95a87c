"""How strong the AI levels are against each other: seeded, seat-swapped games over every
pairing of the shipped decks, with win rates, their 95 % intervals and how long each level
took per decision. Prints figures; asserts nothing.

    python3 benchmarks/ai_strength.py --match hard,easy --games 400 --workers 2 \
        --results hard-easy.jsonl

Each pair of games plays one deck pairing and one seed twice, the agents in swapped seats.
Every finished game is appended to the results file (one JSON line each), so a run that is
interrupted goes on where it stopped when started again with the same file; the summary is
worked out from the file. With `--iterations` and `--budget 0` the searches stop at an
iteration cap alone, and the games are the same on any machine.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from itertools import permutations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def game_plan(games: int, seed: int) -> list[dict[str, Any]]:
    """The games of a match: deck pairings in a seeded order, each played twice with the
    seats swapped (game 2k: agent A is player 1; game 2k+1: player 2)."""
    from bs_tui.engine.core.rng import next_u64, seed_state, shuffle
    from bs_tui.engine.data.decks import shipped_decks

    decks = [p.stem for p in shipped_decks()]
    pairs = list(permutations(decks, 2))
    st = shuffle(seed_state(seed), pairs)
    plan = []
    for k in range((games + 1) // 2):
        st, game_seed = next_u64(st)
        d1, d2 = pairs[k % len(pairs)]
        for swap in (0, 1):
            if len(plan) < games:
                plan.append({"id": len(plan), "decks": [d1, d2], "seed": game_seed, "a_seat": swap})
    return plan


def play(job: dict[str, Any]) -> dict[str, Any]:
    """One game of the plan; who won, and each agent's seconds per decision."""
    from bs_tui.agents import make_agent, view_fn
    from bs_tui.engine import Game, load_cards, load_deck
    from bs_tui.engine.view import view_for

    db = load_cards()
    a_name, b_name = job["match"]
    seat_a = job["a_seat"]
    names = [a_name, b_name] if seat_a == 0 else [b_name, a_name]
    agents = [make_agent(n, job["seed"] ^ (i + 1), job["budget"], job["iterations"]) for i, n in enumerate(names)]
    decks = [load_deck(d, db).card_list() for d in job["decks"]]
    g = Game.new(decks[0], decks[1], job["seed"], db)
    views = [view_fn(a, lambda knows, s=s: view_for(g, s, knows)) for s, a in enumerate(agents)]
    times: list[list[float]] = [[], []]
    while g.pending is not None and g.decisions < 5000:
        d = g.pending.decision
        t = time.perf_counter()
        answer = agents[d.player].choose(d, views[d.player])
        times[d.player].append(time.perf_counter() - t)
        g.answer(answer)
    winner = "" if g.winner < 0 else ("a" if g.winner == seat_a else "b")
    return {
        "id": job["id"],
        "winner": winner,
        "turns": g.turn,
        "a_times": times[seat_a],
        "b_times": times[1 - seat_a],
    }


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantiles(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"median": 0.0, "p95": 0.0, "max": 0.0, "decisions": 0}
    s = sorted(xs)
    return {
        "median": round(s[len(s) // 2], 4),
        "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 4),
        "max": round(s[-1], 4),
        "decisions": len(s),
    }


def summary(match: list[str], results: list[dict[str, Any]], budget: float | None, iterations: int) -> dict:
    a_wins = sum(1 for r in results if r["winner"] == "a")
    b_wins = sum(1 for r in results if r["winner"] == "b")
    n = len(results)
    # an unfinished game (no winner within the cap) counts half to each
    score = a_wins + 0.5 * (n - a_wins - b_wins)
    low, high = wilson(score, n)
    return {
        "match": f"{match[0]} vs {match[1]}",
        "games": n,
        "budget": budget,
        "iterations": iterations,
        "wins": {match[0]: a_wins, match[1]: b_wins, "unfinished": n - a_wins - b_wins},
        "win_rate": round(score / n, 4) if n else 0.0,
        "interval_95": [round(low, 4), round(high, 4)],
        "seconds_per_decision": {
            match[0]: quantiles([t for r in results for t in r["a_times"]]),
            match[1]: quantiles([t for r in results for t in r["b_times"]]),
        },
        "turns_median": sorted(r["turns"] for r in results)[n // 2] if n else 0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--match", default="hard,easy", help="two agents: random, greedy, easy, normal, hard")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--budget", type=float, default=None, help="the hard AI's seconds per decision (default 1)")
    ap.add_argument("--iterations", type=int, default=0, help="an iteration cap on each search")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--results", type=Path, default=None, help="JSON lines of finished games: resumed from")
    args = ap.parse_args()
    match = [x.strip() for x in args.match.split(",")]
    plan = game_plan(args.games, args.seed)
    done: dict[int, dict[str, Any]] = {}
    if args.results is not None and args.results.exists():
        for line in args.results.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["id"]] = r
    jobs = [
        {**job, "match": match, "budget": args.budget, "iterations": args.iterations}
        for job in plan
        if job["id"] not in done
    ]
    out = args.results.open("a") if args.results is not None else None
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(max(1, args.workers)) as pool:
        for r in pool.imap_unordered(play, jobs):
            done[r["id"]] = r
            if out is not None:
                out.write(json.dumps(r) + "\n")
                out.flush()
            print(
                f"game {r['id']}: {r['winner'] or 'none'} ({len(done)}/{len(plan)}, "
                f"{time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
            )
    results = [done[j["id"]] for j in plan if j["id"] in done]
    print(json.dumps(summary(match, results, args.budget, args.iterations)))


if __name__ == "__main__":
    main()
