"""Responsiveness of the table through a real pty, as a person over SSH would feel it,
beside a bare Textual app with the same panes (benchmarks/bare_table.py) in the same run.

Both run in a pty with TERM=xterm-256color, at 80x24 and at 120x40, on the full board of
benchmarks/full_board.toml (`bs-tui play --position benchmarks/full_board.toml`); the
bare app is laid out by the table's rules and shows the text the table shows (read from
the table itself, pane by pane) without a game. Measured for each:
- first frame: from the start of the process until the status line is drawn (the median
  of several starts, the two apps taking turns);
- key to first byte: from a selection move in the hand (Down/Up) to the first byte of
  the repaint (median, p95; the apps run at once and take turns press by press);
- bytes written per selection move in the hand (median, max), and where on the screen
  they go (by the column each strip starts at), so a repaint that spreads past the hand
  and the card detail shows;
- how many cards of the hand are on the screen while the hand has the focus (a hand of
  no visible rows makes the bytes per move meaningless).
Prints the figures and the ratios against the targets of issue 9. Asserts nothing.

    python benchmarks/tui_latency.py [presses] [starts]
    python benchmarks/tui_latency.py --thinking [presses]   keys while the hard AI thinks
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BOARD = ROOT / "benchmarks" / "full_board.toml"
SIZES = ((80, 24), (120, 40))  # the two sizes: the smallest the table takes, and a roomy one
TARGETS = {"first_frame_ratio": 1.3, "key_to_first_byte_ratio": 1.2, "bytes_per_hand_move": 4096}
DOWN, UP = b"\x1b[B", b"\x1b[A"
CURSOR = re.compile(rb"\x1b\[(\d+);(\d+)H")


def as_markup(x: object) -> str:
    """A pane's text as Rich markup, for the bare app to show the same."""
    from rich.markup import escape

    m = getattr(x, "markup", None)
    return m if isinstance(m, str) else escape(str(x))


async def table_content(cols: int, rows: int) -> tuple[dict, int]:
    """What the table shows for the full board at this size, pane by pane, as markup for
    the bare app; and how many cards of the hand are on the screen while it has the focus."""
    from bs_tui.seats.starting import position_table
    from bs_tui.tui.app import BattleApp

    app = BattleApp(position_table(str(BOARD)), ai_delay=0)
    async with app.run_test(size=(cols, rows)) as pilot:
        await pilot.pause()
        q = app.screen

        def options(pane: str) -> list[str]:
            ol = q.query_one(f"#{pane}")
            return [as_markup(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]

        content = {
            "status": as_markup(q.query_one("#status").content),
            "opp_cores": as_markup(q.query_one("#opp-cores").content),
            "my_cores": as_markup(q.query_one("#my-cores").content),
            "opp_field": options("opp-field"),
            "my_field": options("my-field"),
            "hand": options("hand"),
            "prompt": as_markup(q.query_one("#prompt").content),
            "actions": options("actions"),
            "more": as_markup(q.query_one("#more").content),
            "log": list(app.view().log),
            "titles": {
                pane: str(q.query_one(f"#{pane}").border_title or "")
                for pane in ("opp-field", "my-field", "hand", "log", "actions")
            },
        }
        detail = q.query_one("#detail")
        content["titles"]["detail-box"] = str(detail.border_title or "Card")
        await pilot.press("h")
        await pilot.pause()
        hand = q.query_one("#hand")
        details = []
        for i in range(hand.option_count):
            hand.highlighted = i
            await pilot.pause()
            details.append(as_markup(getattr(detail, "text", None) or detail.content))
        content["details"] = details
        return content, hand.content_region.height


async def bare_hand_rows(content: dict, cols: int, rows: int) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bare_table import BareTable

    app = BareTable(content)
    async with app.run_test(size=(cols, rows)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        return app.query_one("#hand").content_region.height


def spawn(argv: list[str], home: str, size: tuple[int, int]) -> tuple[int, int]:
    """`argv` in an 80x24 pty, with its own config folder (the user's settings stay out of
    the figures) and a bytecode cache outside the working tree, as an installed bs-tui has
    one (PYTHONDONTWRITEBYTECODE would make every start compile bs-tui afresh)."""
    cols, rows = size
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        for name in ("NO_COLOR", "PYTHONDONTWRITEBYTECODE", "BS_TUI_SAVES"):
            env.pop(name, None)
        env.update(
            PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"),
            XDG_CONFIG_HOME=os.path.join(home, "config"),
            XDG_STATE_HOME=os.path.join(home, "state"),
            XDG_DATA_HOME=os.path.join(home, "data"),
        )
        os.chdir(ROOT)
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    return pid, fd


def stop(pid: int, fd: int) -> None:
    os.kill(pid, signal.SIGTERM)
    end = time.perf_counter() + 3
    while time.perf_counter() < end:  # drain, so a child writing its last frame never blocks
        read_until_quiet(fd, 0.05, 0.2)
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)


def read_until_quiet(fd: int, quiet: float = 0.15, limit: float = 3.0) -> bytes:
    out = b""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        r, _, _ = select.select([fd], [], [], quiet)
        if not r:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    return out


def first_frame(argv: list[str], home: str, size: tuple[int, int], marker: bytes = b"Turn 9") -> float | None:
    """Seconds from the start of the process until the status line is on the screen."""
    t0 = time.perf_counter()
    pid, fd = spawn(argv, home, size)
    seen = b""
    took = None
    while time.perf_counter() - t0 < 20:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
            if marker in seen:
                took = time.perf_counter() - t0
                break
    stop(pid, fd)
    return took


def strips(out: bytes) -> Counter[tuple[int, int]]:
    """Bytes written per strip: Textual writes each changed strip after a cursor move to
    its row and column (1-based)."""
    sizes: Counter[tuple[int, int]] = Counter()
    at = (0, 0)
    last = 0
    for m in CURSOR.finditer(out):
        sizes[at] += m.start() - last
        at, last = (int(m.group(1)), int(m.group(2))), m.start()
    sizes[at] += len(out) - last
    return sizes


def spans(numbers: list[int]) -> str:
    """1,3,4,5,9 -> "1, 3-5, 9"."""
    out: list[str] = []
    for n in sorted(numbers):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = out[-1].split("-")[0] + f"-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def hand_moves(apps: dict[str, list[str]], home: str, presses: int, size: tuple[int, int]) -> dict[str, dict]:
    """Selection moves in the hand of every app, all running at once and taking turns press
    by press, so a busy moment of the machine falls on each alike."""
    running = {name: spawn(argv, home, size) for name, argv in apps.items()}
    for _, fd in running.values():
        read_until_quiet(fd, 0.6, 20)
    for _, fd in running.values():
        os.write(fd, b"h")  # the hand
        read_until_quiet(fd, 0.4)
    latencies: dict[str, list[float]] = {name: [] for name in apps}
    sizes: dict[str, list[int]] = {name: [] for name in apps}
    written: dict[str, Counter[tuple[int, int]]] = {name: Counter() for name in apps}
    for i in range(presses):
        for name, (_, fd) in running.items():
            t = time.perf_counter()
            os.write(fd, DOWN if i % 2 == 0 else UP)  # the highlight moves; the card detail changes
            r, _, _ = select.select([fd], [], [], 2.0)
            if not r:
                continue
            first = os.read(fd, 65536)
            latencies[name].append((time.perf_counter() - t) * 1000)
            out = first + read_until_quiet(fd, 0.08)
            sizes[name].append(len(out))
            written[name].update(strips(out))
    for pid, fd in running.values():
        stop(pid, fd)
    return {
        name: {
            "median_ms": statistics.median(latencies[name]) if latencies[name] else None,
            "p95_ms": statistics.quantiles(latencies[name], n=20)[-1] if len(latencies[name]) >= 2 else None,
            "bytes_median": int(statistics.median(sizes[name])) if sizes[name] else None,
            "bytes_max": max(sizes[name]) if sizes[name] else None,
            "presses": len(latencies[name]),
            "where": where(written[name], len(latencies[name])),
        }
        for name in apps
    }


def where(written: Counter[tuple[int, int]], presses: int) -> dict[str, dict[str, int | str]]:
    """Per screen column a strip starts at: the bytes a hand move writes there (on average)
    and the rows. The scrollbars of the 80x24 table are the strips at columns 47, 79, 80."""
    by_col: dict[int, dict[str, Any]] = {}
    for (row, col), n in written.items():
        if row == 0:
            continue
        c = by_col.setdefault(col, {"bytes": 0, "rows": set()})
        c["bytes"] += n
        c["rows"].add(row)
    return {
        f"column {col}": {"bytes": c["bytes"] // max(presses, 1), "rows": spans(sorted(c["rows"]))}
        for col, c in sorted(by_col.items())
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


def run_size(cols: int, rows: int, presses: int, starts: int, home: str) -> dict:
    content, table_rows = asyncio.run(table_content(cols, rows))
    bare_rows = asyncio.run(bare_hand_rows(content, cols, rows))
    path = os.path.join(home, f"content-{cols}x{rows}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(content, f)
    table = [sys.executable, "-m", "bs_tui", "play", "--position", str(BOARD)]
    bare = [sys.executable, str(ROOT / "benchmarks" / "bare_table.py"), path]
    size = (cols, rows)
    for argv in (bare, table):  # a start not counted: the bytecode cache fills
        first_frame(argv, home, size)
    frames: dict[str, list[float]] = {"table": [], "bare": []}
    for _ in range(starts):  # taking turns, so a busy moment of the machine hits both
        for name, argv in (("bare", bare), ("table", table)):
            t = first_frame(argv, home, size)
            if t is not None:
                frames[name].append(t)
    moves = hand_moves(
        {"table": table, "bare": bare, "bare, Card pane without a layout pass": [*bare, "--fixed-detail"]},
        home,
        presses,
        size,
    )
    ff = {k: round(statistics.median(v), 3) if v else None for k, v in frames.items()}
    result: dict[str, Any] = {
        "terminal": f"{cols}x{rows}",
        "hand_cards_on_screen_while_focused": {"table": table_rows, "bare": bare_rows},
        "first_frame_s": ff,
        "key_to_first_byte_ms": {
            k: {"median": round(m["median_ms"], 2), "p95": round(m["p95_ms"], 2)} if m["median_ms"] else None
            for k, m in moves.items()
        },
        "bytes_per_hand_move": {k: {"median": m["bytes_median"], "max": m["bytes_max"]} for k, m in moves.items()},
        "where_a_hand_move_writes": {k: m["where"] for k, m in moves.items()},
        "presses": {k: m["presses"] for k, m in moves.items()},
    }
    t, b = moves["table"], moves["bare"]
    checks = {
        "first_frame_ratio": ratio(ff["table"], ff["bare"]),
        "key_to_first_byte_ratio": ratio(t["median_ms"], b["median_ms"]),
        "key_to_first_byte_p95_ratio": ratio(t["p95_ms"], b["p95_ms"]),
        "bytes_per_hand_move": t["bytes_median"],
    }
    result["against_targets"] = {
        k: {
            "value": val,
            "target": TARGETS.get(k.replace("_p95", "")),
            "met": val is not None and val <= TARGETS.get(k.replace("_p95", ""), 0),
        }
        for k, val in checks.items()
    }
    return result


def while_thinking(presses: int, home: str, size: tuple[int, int] = (80, 24)) -> dict:
    """Key to first byte in the hand while the hard AI thinks (issue 18), against the same
    table idle: the full board with the person to move, then the same board with the AI to
    move and a budget of 30 s a decision (its search runs in its own process the whole
    time the keys are pressed). Each runs alone, one after the other."""
    ai_board = os.path.join(home, "full_board_ai.toml")
    text = BOARD.read_text(encoding="utf-8").replace("active = 0", "active = 1", 1)
    with open(ai_board, "w", encoding="utf-8") as f:
        f.write(text)
    base = [sys.executable, "-m", "bs_tui", "play", "--ai", "hard", "--ai-budget", "30", "--position"]
    out: dict[str, Any] = {"terminal": f"{size[0]}x{size[1]}"}
    for name, board in (("idle", str(BOARD)), ("while the hard AI thinks", ai_board)):
        first_frame([*base, board], home, size)  # the bytecode cache fills
        out[name] = hand_moves({name: [*base, board]}, home, presses, size)[name]
        out[name].pop("where")
    idle, busy = out["idle"], out["while the hard AI thinks"]
    out["ratio_median"] = ratio(busy["median_ms"], idle["median_ms"])
    out["ratio_p95"] = ratio(busy["p95_ms"], idle["p95_ms"])
    out["target"] = 1.5
    return out


def main() -> None:
    if "--thinking" in sys.argv:
        args = [a for a in sys.argv[1:] if a != "--thinking"]
        presses = int(args[0]) if args else 100
        with tempfile.TemporaryDirectory(prefix="bs-tui-latency-") as home:
            print(json.dumps(while_thinking(presses, home), indent=1), flush=True)
        return
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    starts = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory(prefix="bs-tui-latency-") as home:
        for cols, rows in SIZES:
            print(json.dumps(run_size(cols, rows, presses, starts, home), indent=1), flush=True)


if __name__ == "__main__":
    main()
