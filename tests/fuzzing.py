"""What the command-line tests share: `bs-tui ARGV` run in-process under a time limit."""

from __future__ import annotations

import io
import signal
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout

from bs_tui.cli import main

TIME_LIMIT = 5.0  # seconds per in-process case


class Hang(BaseException):
    """A case ran past its time limit (a BaseException: nothing in bs-tui may catch it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def hung(signum, frame):
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run(argv: list[str]) -> tuple[int, str, str]:
    """`bs-tui ARGV` in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with time_limit(TIME_LIMIT), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 0 if e.code is None else 2
    return code, out.getvalue(), err.getvalue()


def run_main(*argv: str) -> tuple[int, str, str]:
    """`bs-tui ARGV` in-process: (exit code, stdout, stderr)."""
    return run(list(argv))
