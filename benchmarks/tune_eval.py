"""Tune the searching AIs' leaf evaluation (`bs_tui.agents.evaluate`) by self-play: play
games between easy AIs over every deck pairing, note at the start of every turn the
differences `evaluate` weighs (life, cores, BP, spirits, hand, a thin deck, whose turn it
is next) from each player's side together with who won in the end, and fit the weights by
logistic regression, so that the evaluation is the chance of winning that those figures
foretold in these games. Prints the fitted weights and the log loss on held-out games of
the weights in use and the fitted ones. Asserts nothing.

    python3 benchmarks/tune_eval.py --games 2000 --seed 5 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FIELDS = ("life", "cores", "bp", "spirits", "hand", "deck", "turn")


def play(job: tuple[int, str, str]) -> list[tuple[list[float], int]]:
    """One game between easy AIs: (features from one side, 1 if that side won) per turn."""
    from bs_tui.agents import make_agent, view_fn
    from bs_tui.agents.evaluate import side_terms
    from bs_tui.engine import Game, load_cards, load_deck
    from bs_tui.engine.view import view_for

    seed, a, b = job
    db = load_cards()
    g = Game.new(load_deck(a, db).card_list(), load_deck(b, db).card_list(), seed, db)
    agents = [make_agent("easy", seed ^ 1), make_agent("easy", seed ^ 2)]
    rows: list[tuple[int, list[float]]] = []
    turn = -1
    while g.pending is not None and g.decisions < 20_000:
        if g.turn != turn:
            turn = g.turn
            for p in (0, 1):
                x, y = side_terms(g, p), side_terms(g, 1 - p)
                diff = [x[i] - y[i] for i in range(6)]
                diff[5] = -diff[5]  # a thin deck counts against its player
                rows.append((p, [*diff, 1.0 if g.active != p else -1.0]))
        d = g.pending.decision
        ag = agents[d.player]
        g.answer(ag.choose(d, view_fn(ag, lambda k, s=d.player: view_for(g, s, knowledge=k))))
    if g.winner < 0:
        return []
    return [(x, int(p == g.winner)) for p, x in rows]


def log_loss(w: list[float], data: list[tuple[list[float], int]]) -> float:
    total = 0.0
    for x, y in data:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        total -= math.log(p + 1e-12) if y else math.log(1 - p + 1e-12)
    return total / max(1, len(data))


def fit(data: list[tuple[list[float], int]], steps: int = 25, l2: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (no bias: the features are differences between
    the players, so an even position is worth one half), a little L2 to keep it stable."""
    n = len(FIELDS)
    w = [0.0] * n
    m = len(data)
    for _ in range(steps):
        grad = [l2 * wi for wi in w]
        hess = [[(l2 if i == j else 0.0) for j in range(n)] for i in range(n)]
        for x, y in data:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            e, h = (p - y) / m, p * (1 - p) / m
            for i in range(n):
                grad[i] += e * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(n):
                    row[j] += hx * x[j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        if abs(m[r][r]) < 1e-12:
            continue
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def main() -> None:
    from bs_tui.agents.evaluate import DEFAULT
    from bs_tui.engine.data.decks import shipped_decks

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    decks = [str(p) for p in shipped_decks()]
    rng = random.Random(args.seed)
    jobs = [(rng.getrandbits(48), rng.choice(decks), rng.choice(decks)) for _ in range(args.games)]
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            games = pool.map(play, jobs, chunksize=8)
    else:
        games = [play(j) for j in jobs]
    cut = len(games) * 4 // 5  # whole games held out: turns of one game are not independent
    train = [r for gm in games[:cut] for r in gm]
    test = [r for gm in games[cut:] for r in gm]
    w = fit(train)
    now = [DEFAULT.life, DEFAULT.cores, DEFAULT.bp, DEFAULT.spirits, DEFAULT.hand, DEFAULT.deck, DEFAULT.turn]
    print(
        json.dumps(
            {
                "games": len(games),
                "finished": sum(1 for gm in games if gm),
                "positions": {"train": len(train), "held_out": len(test)},
                "fitted": {k: round(v, 3) for k, v in zip(FIELDS, w, strict=True)},
                "log_loss_held_out": {"in_use": round(log_loss(now, test), 4), "fitted": round(log_loss(w, test), 4)},
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
