"""The table over a real pty: on SIGHUP (the SSH connection dropped) and SIGTERM it exits
cleanly and the save holds every decision accepted so far (issue: every game saves itself)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from ptys import Terminal

from bs_tui.saves import replay


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
def test_signal_leaves_the_save_intact(tmp_path: Path, sig: signal.Signals):
    term = Terminal(tmp_path, "play", "--seed", "4")
    try:
        term.shows(b"Your move")  # the first frame, and a decision is ours
        term.person_decides(0)
        term.type(b"a\r")  # the first option of the first decision that is ours
        term.person_decides(1)  # accepted and saved; the AI has answered too, if it had to
        os.kill(term.pid, sig)
        status = term.exits()
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (status, term.out[-2000:])
    finally:
        term.close()
    saves = list(tmp_path.glob("*.bsj"))
    assert len(saves) == 1
    r = replay(saves[0])
    assert len(r.answers) >= 1 and not r.notices
