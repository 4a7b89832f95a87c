"""Saved-game figures: the cost of appending one decision to a journal (with and without
fdatasync), the time to resume a game of at least 30 turns, and `bs-tui saves` over a
folder of 1,000 saves. Prints JSON lines; asserts nothing. Targets: append under 2 ms
median, resume under 0.5 s (issue 5); listing 1,000 saves well under a second (issue 8).

    python benchmarks/journal_bench.py [games]
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bs_tui.agents import GreedyAgent, RandomAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.view import view_for
from bs_tui.saves import Journal, list_saves, load_game, replay

MIN_TURNS = 30
LISTED = 1000
ROOT = Path(__file__).resolve().parents[1]


def _ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {
        "median_ms": round(statistics.median(xs) * 1000, 4),
        "p95_ms": round(xs[int(len(xs) * 0.95)] * 1000, 4),
        "max_ms": round(xs[-1] * 1000, 4),
    }


def _agents(kind: str, seed: int) -> list[Any]:
    if kind == "greedy":
        return [GreedyAgent(seed), GreedyAgent(seed + 1)]
    if kind == "mixed":
        return [GreedyAgent(seed), RandomAgent(seed + 1)]
    return [RandomAgent(seed), RandomAgent(seed + 1)]


def play(decks: tuple[list[str], list[str]], seed: int, agents: str, journal_to: Path | None, sync: bool = True):
    """Play one game; journal it if asked. Returns the game and each append's cost in seconds."""
    db = load_cards()
    g = Game.new(decks[0], decks[1], seed, db)
    ag = _agents(agents, seed)
    j = Journal.create(journal_to, g, seed=seed, mode="selfplay", sync=sync) if journal_to else None
    costs: list[float] = []
    while g.pending is not None:
        d = g.pending.decision
        a = ag[d.player].choose(d, lambda p=d.player: view_for(g, p))
        g.answer(a)
        if j is not None:
            t = time.perf_counter()
            j.append(a, g)
            costs.append(time.perf_counter() - t)
    if j is not None:
        j.close()
    return g, costs


def listing(d: Path, decks: tuple[list[str], list[str]], agents: str, label: str) -> None:
    """`saves` over LISTED saves: 20 real games copied to LISTED names."""
    src = d / f"src-{agents}"
    src.mkdir()
    for seed in range(20):
        play(decks, seed, agents, src / f"g{seed}.bsj", sync=False)
    folder = d / f"listed-{agents}"
    folder.mkdir()
    originals = sorted(src.iterdir())
    for i in range(LISTED):
        shutil.copyfile(originals[i % len(originals)], folder / f"save-{i:04}.bsj")
    total = sum(f.stat().st_size for f in folder.iterdir())
    db = load_cards()
    times = []
    for _ in range(7):
        t = time.perf_counter()
        infos = list_saves(folder, db)
        times.append(time.perf_counter() - t)
    assert len(infos) == LISTED and not any(i.problem for i in infos)
    cmd = []
    for _ in range(3):  # the whole command as a person runs it: start-up, card data, listing, printing
        t = time.perf_counter()
        res = subprocess.run(
            [sys.executable, "-m", "bs_tui", "saves", "--save-dir", str(folder)],
            capture_output=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=True,
        )
        cmd.append(time.perf_counter() - t)
    startup = []
    for _ in range(3):  # the same command over an empty folder: what start-up alone costs
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bs_tui", "saves", "--save-dir", str(d / "none")],
            capture_output=True,
            cwd=ROOT,
            check=True,
        )
        startup.append(time.perf_counter() - t)
    print(
        json.dumps(
            {
                "saves_listing": f"{LISTED} saves, {label}",
                "folder_bytes": total,
                "list_saves_median_s": round(statistics.median(times), 4),
                "list_saves_max_s": round(max(times), 4),
                "command_median_s": round(statistics.median(cmd), 4),
                "command_empty_folder_median_s": round(statistics.median(startup), 4),
                "lines_printed": res.stdout.count(b"\n"),
            }
        )
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    decks = (load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list())
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        listing(d, decks, "random", "random self-play games")
        listing(d, decks, "greedy", "greedy self-play games")
        for sync in (True, False):
            costs: list[float] = []
            for seed in range(games):
                _, c = play(decks, seed, "random", d / f"a{sync}{seed}.bsj", sync)
                costs += c
            label = "fdatasync every line (default)" if sync else "write only (survives kill -9, not power loss)"
            print(json.dumps({"append": label, "decisions": len(costs), **_ms(costs)}))

        # a long game: the first seed (random or mixed agents) that lasts MIN_TURNS turns
        found = None
        for agents in ("random", "mixed", "greedy"):
            for seed in range(1000):
                g, _ = play(decks, seed, agents, None)
                if g.turn >= MIN_TURNS:
                    found = (agents, seed)
                    break
            if found:
                break
        if not found:
            print(json.dumps({"resume": f"no game of {MIN_TURNS} turns found"}))
            return
        agents, seed = found
        path = d / "long.bsj"
        g, _ = play(decks, seed, agents, path)
        size = path.stat().st_size
        times_replay, times_load = [], []
        for _ in range(7):
            t = time.perf_counter()
            r = replay(path)
            times_replay.append(time.perf_counter() - t)
            t = time.perf_counter()
            g2, j = load_game(path)
            times_load.append(time.perf_counter() - t)
            j.close()
            assert r.game.state_hash() == g2.state_hash() == g.state_hash()
        print(
            json.dumps(
                {
                    "resume": f"{agents} seed {seed}",
                    "turns": g.turn,
                    "decisions": g.decisions,
                    "file_bytes": size,
                    "replay_median_s": round(statistics.median(times_replay), 4),
                    "load_game_median_s": round(statistics.median(times_load), 4),
                    "load_game_max_s": round(max(times_load), 4),
                }
            )
        )


if __name__ == "__main__":
    main()
