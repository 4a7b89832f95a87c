"""What the command-line tests share: `bs-tui ARGV` run in-process under a time limit."""

from __future__ import annotations

import io
import signal
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout

from conftest import PATIENCE

from bs_tui.cli import main

# CPU seconds a case may use: a case that loops (a nesting bomb, a huge number) is stopped
# by its own CPU time, which a loaded machine does not stretch as it stretches the clock
TIME_LIMIT = 5.0


class Hang(BaseException):
    """A case ran past its time limit (a BaseException: nothing in bs-tui may catch it)."""


@contextmanager
def time_limit(cpu_seconds: float, patience: float = PATIENCE) -> Iterator[None]:
    """Raise Hang in the block once it has used `cpu_seconds` of this process's CPU time,
    or has waited `patience` by the clock (a case that blocks uses no CPU at all)."""

    def hung(signum, frame):
        what = f"{cpu_seconds} s of CPU" if signum == signal.SIGPROF else f"{patience} s"
        raise Hang(f"no answer within {what}")

    old = signal.signal(signal.SIGPROF, hung), signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, patience)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old[0])
        signal.signal(signal.SIGALRM, old[1])


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
