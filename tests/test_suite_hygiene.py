"""The suite itself (issue 17): no test writes into the checkout, and the guard in conftest
that fails a run which does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import CHECKOUT, checkout_changes, checkout_state
from fuzzing import Hang, time_limit

from bs_tui.saves import save_dir


def test_every_test_saves_into_a_temporary_folder() -> None:
    """A game started without --save-dir (a rematch, a bare `bs-tui play`) goes to the
    default folder, which in a checkout is its saves/: conftest points it elsewhere."""
    assert not save_dir().resolve().is_relative_to(CHECKOUT)


def test_checkout_state_sees_new_changed_and_removed_files_but_not_caches(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / ".gitkeep").write_text("")
    (tmp_path / "README.md").write_text("x")
    (tmp_path / "old.txt").write_text("x")
    venv = tmp_path / "env"
    venv.mkdir()
    before = checkout_state(tmp_path, frozenset({venv}))
    (tmp_path / "saves" / "game.bsj").write_text("{}")
    (tmp_path / "README.md").write_text("y!")
    (tmp_path / "old.txt").unlink()
    os.chmod(tmp_path / "saves", 0o700)
    (tmp_path / "new").mkdir()
    # none of these count: Python's, pytest's and pip's own, and the virtual environment
    for cache in ("__pycache__", ".pytest_cache", "bs_tui.egg-info"):
        (tmp_path / cache).mkdir()
        (tmp_path / cache / "f").write_text("x")
    (venv / "lib").mkdir()
    changes = checkout_changes(before, checkout_state(tmp_path, frozenset({venv})))
    assert changes == [
        "new: new/",
        "new: saves/game.bsj",
        "removed: old.txt",
        "changed: README.md",
        "changed: saves/",
    ]


def test_a_run_that_writes_into_the_checkout_fails(tmp_path: Path) -> None:
    """The guard end to end: a copy of conftest in a made-up checkout, one passing test
    that leaves a file in its saves/ folder; the run fails and names the file."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "saves").mkdir()
    shutil.copy(CHECKOUT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    (tmp_path / "tests" / "test_writes.py").write_text(
        "from pathlib import Path\n\n\n"
        "def test_leaves_a_save():\n"
        "    (Path(__file__).parents[1] / 'saves' / 'left.bsj').write_text('{}')\n"
    )
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "tests"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 1, res.stdout + res.stderr
    assert "1 passed" in res.stdout and "the suite wrote into the checkout" in res.stdout
    assert "new: saves/left.bsj" in res.stdout


def test_the_fuzzers_time_limit_counts_cpu_and_still_stops_a_block() -> None:
    """A fuzz case is stopped by the CPU it burns (which a loaded machine does not stretch)
    and, should it block, by the clock."""
    with pytest.raises(Hang, match="0.05 s of CPU"), time_limit(0.05, patience=60):
        while True:
            pass
    with pytest.raises(Hang, match=r"within 0.05 s$"), time_limit(60, patience=0.05):
        time.sleep(60)
    with time_limit(0.05):
        time.sleep(0.1)  # asleep, so no CPU used: not a hang


def test_every_snapshot_file_belongs_to_a_test() -> None:
    """syrupy fails a run on a snapshot no test uses, but not under pytest-xdist (its workers
    each see only their own tests): so the suite checks it itself. The tests are collected
    afresh, as the run may be a subset."""
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider"]
        + ["tests/test_snapshots.py"],
        capture_output=True,
        text=True,
        cwd=CHECKOUT,
        stdin=subprocess.DEVNULL,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    tests = {line.split("::", 1)[1] for line in res.stdout.splitlines() if "::" in line}
    files = {p.stem for p in (CHECKOUT / "tests" / "__snapshots__" / "test_snapshots").glob("*.svg")}
    assert tests and files
    assert files <= tests, f"snapshots no test uses: {sorted(files - tests)}"
