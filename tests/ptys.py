"""bs-tui as a person runs it, in a real terminal (a pty) the test reads and types into.
Every wait is for something the program does (a line on the screen, a decision in the
save, the process ending), never for a length of time: PATIENCE only bounds a hang."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

from conftest import PATIENCE

from bs_tui.saves import JournalError, Replay, replay

ROOT = Path(__file__).resolve().parents[1]
POLL = 0.05  # how often the screen and the save are looked at while waiting


class Terminal:
    """`bs-tui ARGS` in an 80x24 pty, its games saved in `saves`."""

    def __init__(self, saves: Path, *args: str):
        self.saves = saves
        self.out = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: bs-tui as a person starts it
            env = dict(os.environ, TERM="xterm-256color", BS_TUI_SAVES=str(saves))
            os.chdir(ROOT)
            os.execvpe(sys.executable, [sys.executable, "-m", "bs_tui", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.status: int | None = None

    def read(self) -> None:
        """What the program wrote in the next moment (it would block once the pty is full)."""
        if select.select([self.fd], [], [], POLL)[0]:
            try:
                self.out += os.read(self.fd, 65536)
            except OSError:  # the program is gone and the pty closed
                time.sleep(POLL)

    def until(self, done: Callable[[], bool], what: str) -> None:
        end = time.monotonic() + PATIENCE
        while not done():
            assert time.monotonic() < end, f"waited {PATIENCE} s for {what}: {self.out[-2000:]!r}"
            self.read()

    def shows(self, needle: bytes) -> None:
        self.until(lambda: needle in self.out, repr(needle))

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def save(self) -> Path:
        self.until(lambda: any(self.saves.glob("*.bsj")), "the save")
        return next(self.saves.glob("*.bsj"))

    def saved(self, done: Callable[[Replay], bool], what: str) -> Replay:
        """Wait until the save, as it is on disk, satisfies `done`; that replay."""
        path = self.save()
        got: list[Replay] = []

        def check() -> bool:
            try:
                r = replay(path)
            except JournalError:  # the header is not all written yet
                return False
            got[:] = [r]
            return done(r)

        self.until(check, what)
        return got[0]

    def person_decides(self, answers: int) -> Replay:
        """Wait until the save holds `answers` answers at least and the person (seat 1) is
        to decide: the AI is done and the table waits for a key."""

        def done(r: Replay) -> bool:
            d = r.game.decision
            return len(r.answers) >= answers and d is not None and d.player == 0

        return self.saved(done, f"{answers} answers saved and the person to decide")

    def exits(self) -> int:
        """Wait for the program to end; its wait status."""

        def ended() -> bool:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
            return self.status is not None

        self.until(ended, "bs-tui to exit")
        while select.select([self.fd], [], [], 0)[0]:  # what it wrote last, still in the pty
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.out += chunk
        return self.status

    def close(self) -> None:
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)
