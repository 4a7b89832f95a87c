"""Shared helpers: scripted answers that fail when the engine asks anything unexpected."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest

from bs_tui.engine import Game, Kind, load_cards, load_deck
from bs_tui.engine.scenario import cid_of, position, side
from bs_tui.saves import ENV_SAVES

__all__ = ["game_of", "Script", "position", "side", "cid_of", "pay", "place", "Kind", "PATIENCE"]

# How long a test waits for something it is waiting for (a process to start, a line to be
# saved, the AI to answer) before it calls it hung. Tests wait for events, never for a
# time: this only bounds a hang, so it is far longer than anything takes on a loaded machine.
PATIENCE = float(os.environ.get("BS_TUI_TEST_PATIENCE", "120"))


def pay(reserve: int = 0, soul: bool = False, **cards: int) -> tuple[Any, ...]:
    """A PAY_COST answer: `reserve` plain cores from the reserve, plus card sources
    given as c<cid>=n."""
    pairs: list[tuple[Any, int]] = []
    if reserve:
        pairs.append(("reserve", reserve))
    pairs.extend((int(k[1:]), n) for k, n in cards.items())
    return ("pay", tuple(pairs), soul)


def place(reserve: int = 0, soul: bool = False, **cards: int) -> tuple[Any, ...]:
    pairs: list[tuple[Any, int]] = []
    if reserve:
        pairs.append(("reserve", reserve))
    pairs.extend((int(k[1:]), n) for k, n in cards.items())
    return ("place", tuple(pairs), soul)


class Script:
    """Drive a game with expected (player, kind, answer) steps."""

    def __init__(self, game: Game):
        self.g = game

    def expect(self, player: int, kind: Kind, answer: Any = None) -> Any:
        d = self.g.decision
        if d is None:
            pytest.fail(f"script expected {kind} from player {player}, but nothing is pending (over={self.g.over})")
        if (d.player, d.kind) != (player, kind):
            pytest.fail(
                f"engine asked player {d.player} for {d.kind} ({d.prompt!r}, options {d.options!r}); "
                f"script expected player {player} for {kind}"
            )
        if answer is not None:
            self.g.answer(answer)
        return d

    def __call__(self, *steps: tuple[int, Kind, Any]) -> Script:
        for player, kind, answer in steps:
            self.expect(player, kind, answer)
        return self

    def done(self) -> None:
        d = self.g.decision
        if d is not None:
            pytest.fail(f"engine asked player {d.player} for {d.kind} ({d.prompt!r}) after the script ended")


@pytest.fixture(autouse=True)
def private_folders(tmp_path_factory, monkeypatch):
    """No test reads or writes the real config, state or saves folders of whoever runs it
    (subprocesses inherit these too): without $BS_TUI_SAVES a game started with no
    --save-dir would be saved into the checkout's saves/ folder."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BS_TUI_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("BS_TUI_STATE_DIR", str(base / "state"))
    monkeypatch.setenv(ENV_SAVES, str(base / "saves"))
    monkeypatch.setenv("BS_TUI_DECKS_DIR", str(base / "decks"))  # the player's own decks
    monkeypatch.setenv("BS_TUI_CACHE_DIR", str(base / "cache"))  # the checked card set (cardcache)
    monkeypatch.setenv("BS_TUI_PRACTICE_FILE", str(base / "practice.json"))  # practice progress
    monkeypatch.setenv("BS_TUI_PUZZLES_DIR", str(base / "puzzles"))  # moments saved as puzzles


# ---------------------------------------------------------------------------- parallel runs


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: `-p no:xdist` runs without it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the default in pyproject.toml): two workers per core this process may use.
    A Pilot test spends more than half its time asleep while Textual waits for the app to
    go idle (20 ms at least after every key), so one worker per core leaves the cores half
    idle; a second worker each fills that time (measured on 2 idle cores: 70 s with 2
    workers, 59 s with 3, 55 s with 4). `-n 0` runs in this process, one test at a time.
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set, as with pytest-xdist's own."""
    env = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if env:
        return int(env)
    return 2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1)


# ------------------------------------------------------------- nothing written in the checkout

CHECKOUT = Path(__file__).resolve().parents[1]
# What a run may leave in the checkout: git's own folder, caches of Python, pytest and ruff,
# the editable install's metadata, and the report pytest-textual-snapshot writes (only when a
# snapshot differs) for a person to open. The virtual environment is skipped wherever it is.
MAY_CHANGE = {".git", "__pycache__", ".pytest_cache", ".ruff_cache", "snapshot_report.html"}


def checkout_state(root: Path, skip: frozenset[Path] = frozenset()) -> dict[str, tuple[int, ...]]:
    """Every file and folder under `root` but those in MAY_CHANGE, `*.egg-info` and `skip`:
    a file's mode, size and modification time, a folder's mode (its time changes whenever
    Python writes a __pycache__ in it)."""
    state: dict[str, tuple[int, ...]] = {}
    for folder, dirs, files in os.walk(root):
        here = Path(folder)
        dirs[:] = [d for d in dirs if d not in MAY_CHANGE and not d.endswith(".egg-info") and here / d not in skip]
        for d in dirs:
            st = os.lstat(here / d)
            state[str((here / d).relative_to(root)) + "/"] = (st.st_mode,)
        for name in files:
            if name in MAY_CHANGE:
                continue
            st = os.lstat(here / name)
            state[str((here / name).relative_to(root))] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return state


def checkout_changes(before: dict[str, tuple[int, ...]], after: dict[str, tuple[int, ...]]) -> list[str]:
    """What changed between two `checkout_state`s, one line each."""
    out = [f"new: {k}" for k in sorted(after.keys() - before.keys())]
    out += [f"removed: {k}" for k in sorted(before.keys() - after.keys())]
    out += [f"changed: {k}" for k in sorted(before.keys() & after.keys()) if before[k] != after[k]]
    return out


def _venv() -> frozenset[Path]:
    return frozenset({Path(sys.prefix).resolve()})


def _watches(config: pytest.Config) -> bool:
    # under pytest-xdist the controller watches: its session starts before any worker's and
    # ends after the last one
    return not hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if _watches(session.config):
        session.config.stash[_CHECKOUT_BEFORE] = checkout_state(CHECKOUT, _venv())


def pytest_sessionfinish(session: pytest.Session) -> None:
    before = session.config.stash.get(_CHECKOUT_BEFORE, None)
    if before is None:
        return
    changes = checkout_changes(before, checkout_state(CHECKOUT, _venv()))
    session.config.stash[_CHECKOUT_CHANGES] = changes
    if changes:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    changes = config.stash.get(_CHECKOUT_CHANGES, [])
    if changes:
        terminalreporter.section("the suite wrote into the checkout", sep="=", red=True, bold=True)
        for line in changes[:50]:
            terminalreporter.line(line)
        terminalreporter.line(f"({len(changes)} changes under {CHECKOUT}; tests write in temporary folders only)")


_CHECKOUT_BEFORE = pytest.StashKey[dict]()
_CHECKOUT_CHANGES = pytest.StashKey[list]()


@pytest.fixture(scope="session")
def db():
    return load_cards()


@pytest.fixture(scope="session")
def decks():
    return load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list()


# ----------------------------------------------------------------------- card tests


def quoted(card_id: str, doc: str | None) -> None:
    """Every line of the card's generated text appears in the test's docstring, so the
    test and the card cannot drift apart."""
    from bs_tui.engine.data.text import card_text

    flat = " ".join((doc or "").split())
    for line in card_text(load_cards()[card_id]):
        assert " ".join(line.split()) in flat, f"{card_id}: the docstring does not quote {line!r}"


def f(card: str, cores: int = 1, st: str = "refreshed", soul: bool = False, brave: str | None = None) -> dict:
    """A field entry for `position`: the card, its plain cores, state, Soul Core, brave."""
    d: dict = {"card": card, "cores": cores, "state": st}
    if soul:
        d["soul"] = True
    if brave:
        d["brave"] = brave
    return d


def fv(g: Game, cid: int):
    """The card as player 1 sees it on either field."""
    from bs_tui.engine.view import view_for

    for sv in view_for(g, 0).sides:
        for c in sv.field:
            if c.cid == cid:
                return c
    raise AssertionError(f"card {cid} is not on the field")


def bp(g: Game, cid: int) -> int:
    from bs_tui.engine.rules.costs import bp_of

    return bp_of(g, cid)


def level(g: Game, cid: int) -> int:
    from bs_tui.engine.rules.costs import level_of

    return level_of(g, cid)


def ids(g: Game, cids) -> list[str]:
    return [g.static.defs[c].id for c in cids]


def label_index(d, needle: str) -> int:
    """The ORDER_TRIGGERS option whose label is the effect of the card named `needle`
    (or, failing that, whose label mentions it)."""
    labels = d.context["labels"]
    hits = [i for i, lab in enumerate(labels) if lab.startswith(needle + ":")]
    hits = hits or [i for i, lab in enumerate(labels) if needle in lab]
    assert len(hits) == 1, labels
    return hits[0]


def logged(g: Game, text: str) -> bool:
    return any(text in line for line in g.log_lines())


def game_of(app: Any) -> Game:
    """The game behind the table of `app`, for a test to look at the engine itself (the
    table never does: it reads views through its seat, perhaps over a wire)."""
    seat = app.table
    while not hasattr(seat, "game"):
        seat = seat.host
    return seat.game


@pytest.fixture(params=["local", "json"])
def seat_wire(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The table's tests run against the local seat and against a seat passing every view
    and answer through their JSON form, as a remote seat will (issue 19): the table must
    work from plain data alone. A module opts in with `pytestmark`."""
    if request.param == "json":
        from bs_tui.seats import JsonSeat
        from bs_tui.tui.app import BattleApp

        plain = BattleApp.set_table

        def wired(self: Any, table: Any) -> None:
            plain(self, table if isinstance(table, JsonSeat) else JsonSeat(table))

        monkeypatch.setattr(BattleApp, "set_table", wired)
    return str(request.param)
