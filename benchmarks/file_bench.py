"""How long bs-tui takes to check big hostile files: a 1 MB deck of 40,000 unknown card ids,
a 1 MB deck of valid-looking lines (a legal deck padded with commented-out card lines),
and a position file just under the 1 MiB cap. Each is checked in-process (read + parse + check, the card data already
loaded) and through a real `bs-tui ... check` (Python's start-up included). Deck checking
used to be quadratic: 20,000 unknown ids took about half a minute.

    .venv/bin/python benchmarks/file_bench.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bs_tui.engine import load_cards  # noqa: E402
from bs_tui.engine.data.decks import read_deck  # noqa: E402
from bs_tui.engine.positions import PositionError, read_position  # noqa: E402

MB = 1024 * 1024


def unknown_ids() -> str:
    lines = ['name = "Forty thousand strangers"', "[cards]"]
    lines += [f"QQ{i:05d} = {1 + i % 3}   # pad pad pad" for i in range(40_000)]
    return "\n".join(lines) + "\n"


def padded_legal() -> str:
    legal = (ROOT / "decks" / "crimson_dawn.toml").read_text(encoding="utf-8")
    body = legal.split("[cards]\n", 1)
    pad = "".join(f"# R{i % 20 + 1:02d} = 3   a line that looks like a card, commented out\n" for i in range(19_000))
    return body[0] + "[cards]\n" + pad + body[1]


def big_position() -> str:
    hand = ", ".join(['"R01"'] * 150)
    player = f"[[player]]\nhand = [{hand}]\ndeck = [{hand}]\nlife = 5\nreserve = 3\n"
    pad = "".join(
        f"# line {i} of a long puzzle description, padded to look like a real comment\n" for i in range(13_200)
    )
    return "active = 0\nturn = 3\n" + pad + player + player


def best_of(n: int, fn) -> float:
    best = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    db = load_cards()
    with tempfile.TemporaryDirectory() as tmp:
        cases = [
            ("deck", "unknown_ids.toml", unknown_ids()),
            ("deck", "padded_legal.toml", padded_legal()),
            ("position", "big_position.toml", big_position()),
        ]
        for kind, name, text in cases:
            path = Path(tmp) / name
            path.write_text(text, encoding="utf-8")
            size = path.stat().st_size
            if kind == "deck":
                _, problems = read_deck(path, db)
                found = f"{len(problems):,} problems"
                seconds = best_of(3, lambda p=path: read_deck(p, db))
            else:
                try:
                    read_position(path, db)
                    found = "ok"
                except PositionError as e:
                    found = f"{len(e.problems):,} problems"
                seconds = best_of(3, lambda p=path: _try_position(p, db))
            t0 = time.perf_counter()
            res = subprocess.run(
                [sys.executable, "-m", "bs_tui", kind, "check", str(path)], capture_output=True, text=True, cwd=ROOT
            )
            wall = time.perf_counter() - t0
            shown = len(res.stdout.splitlines())
            print(
                f"{name:20} {size / MB:5.2f} MB  {found:>18}  check {seconds:6.3f} s"
                f"  `bs-tui {kind} check` {wall:6.3f} s (exit {res.returncode}, {shown} lines shown)"
            )


def _try_position(path: Path, db) -> None:
    try:
        read_position(path, db)
    except PositionError:
        pass


if __name__ == "__main__":
    main()
