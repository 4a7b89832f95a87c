"""The table over a real pty: on SIGHUP (the SSH connection dropped) and SIGTERM it exits
cleanly and the save holds every decision accepted so far (issue: every game saves itself)."""

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
from pathlib import Path

import pytest

from bs_tui.saves import replay

ROOT = Path(__file__).resolve().parents[1]


def read_for(fd: int, seconds: float) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def wait_for(fd: int, needle: bytes, seconds: float = 20) -> bytes:
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end and needle not in out:
        r, _, _ = select.select([fd], [], [], 0.05)
        if r:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    assert needle in out, out[-2000:]
    return out


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_signal_leaves_the_save_intact(tmp_path: Path, sig: signal.Signals):
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", BS_TUI_SAVES=str(tmp_path))
        os.chdir(ROOT)
        os.execvpe(sys.executable, [sys.executable, "-m", "bs_tui", "play", "--seed", "4"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    try:
        wait_for(fd, b"Your move")  # the first frame, and a decision is ours
        read_for(fd, 0.5)
        os.write(fd, b"a\r")  # the first option of the first decision that is ours
        read_for(fd, 1.5)
        os.kill(pid, sig)
        end = time.monotonic() + 15
        status = None
        while time.monotonic() < end:
            read_for(fd, 0.1)
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
        assert status is not None and os.WIFEXITED(status), status
        assert os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)
    saves = list(tmp_path.glob("*.bsj"))
    assert len(saves) == 1
    r = replay(saves[0])
    assert len(r.answers) >= 1 and not r.notices
