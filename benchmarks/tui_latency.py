"""Responsiveness of the table through a real pty, as a person over SSH would feel it.

Starts `bs-tui play --position benchmarks/full_board.toml` in an 80x24 pty with
TERM=xterm-256color, then measures:
- the first frame: from start until the status line has been drawn;
- key to repaint: from a key press (moving the highlight) to the first byte of output;
- bytes written per key press.
Prints figures; asserts nothing.

    python benchmarks/tui_latency.py [presses]
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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


def main() -> None:
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    cols, rows = 80, 24
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        os.execvpe(
            sys.executable,
            [sys.executable, "-m", "bs_tui", "play", "--position", str(ROOT / "benchmarks" / "full_board.toml")],
            env,
        )
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    t0 = time.perf_counter()
    seen = b""
    first_frame = None
    while time.perf_counter() - t0 < 15:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            seen += os.read(fd, 65536)
            if b"Turn" in seen and b"Your" in seen:
                first_frame = time.perf_counter() - t0
                break
    read_until_quiet(fd, 0.5)
    latencies = []
    sizes = []
    keys = [b"\x1b[B", b"\x1b[A"]  # down, up: the highlight moves, the card detail changes
    os.write(fd, b"h")
    read_until_quiet(fd, 0.3)
    for i in range(presses):
        t = time.perf_counter()
        os.write(fd, keys[i % 2])
        r, _, _ = select.select([fd], [], [], 2.0)
        if not r:
            continue
        first = os.read(fd, 65536)
        latencies.append((time.perf_counter() - t) * 1000)
        rest = read_until_quiet(fd, 0.12)
        sizes.append(len(first) + len(rest))
    os.kill(pid, signal.SIGTERM)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    print(
        json.dumps(
            {
                "terminal": f"{cols}x{rows}",
                "first_frame_s": round(first_frame, 3) if first_frame else None,
                "key_to_first_byte_ms_median": round(statistics.median(latencies), 2) if latencies else None,
                "key_to_first_byte_ms_p95": round(sorted(latencies)[int(len(latencies) * 0.95) - 1], 2)
                if latencies
                else None,
                "bytes_per_key_median": int(statistics.median(sizes)) if sizes else None,
                "bytes_per_key_max": max(sizes) if sizes else None,
                "presses": len(latencies),
            }
        )
    )


if __name__ == "__main__":
    main()
