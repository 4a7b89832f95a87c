"""Saved games (issue 5): journal round trips at every decision kind, kill -9 at random
moments, bad saves, and the `saves`, `resume`, `replay --verify`, `selfplay --save-dir`
commands."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import PATIENCE

from bs_tui.agents import RandomAgent
from bs_tui.engine import Game, Kind, load_cards, load_deck
from bs_tui.engine.core.decision import normalize
from bs_tui.saves import (
    FORMAT_VERSION,
    Journal,
    JournalError,
    find_save,
    list_saves,
    load_game,
    parse,
    recover_seed,
    replay,
    save_dir,
    start_save,
)

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "bs_tui", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full_env,
        timeout=PATIENCE,
    )


@dataclass(slots=True)
class Point:
    """What the game looked like after `n` decisions."""

    n: int
    hash: str
    pending: tuple[Any, ...] | None


def snapshot(g: Game) -> Point:
    p = g.pending
    pending = None if p is None else (p.decision, p.cont, p.args)
    return Point(g.decisions, g.state_hash(), pending)


def play_journaled(path: Path, seed: int, decks: tuple[list[str], list[str]]) -> tuple[list[Point], list[Any]]:
    """A random game journaled to `path`; the state after every decision and every answer."""
    db = load_cards()
    g = Game.new(decks[0], decks[1], seed, db)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    points = [snapshot(g)]
    answers: list[Any] = []
    with Journal.create(path, g, seed=seed, mode="selfplay", controls=("random", "random"), sync=False) as j:
        while g.pending is not None:
            d = g.pending.decision
            a = agents[d.player].choose(d, lambda: None)
            g.answer(a)
            j.append(a, g)
            answers.append(a)
            points.append(snapshot(g))
    return points, answers


def prefix(src: Path, dst: Path, decisions: int) -> Path:
    """The save as it was on disk after `decisions` decisions (the header and that many lines)."""
    lines = src.read_bytes().splitlines(keepends=True)
    dst.write_bytes(b"".join(lines[: 1 + decisions]))
    return dst


def assert_same(g: Game, pt: Point) -> None:
    got = snapshot(g)
    assert got.n == pt.n
    assert got.hash == pt.hash
    assert got.pending == pt.pending  # player, kind, options, prompt, allocation, continuation


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, list[Point], list[Any]]]:
    """Journaled random games until every decision kind has come up at least twice."""
    decks = (load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list())
    d = tmp_path_factory.mktemp("games")
    out = []
    seen: dict[Kind, int] = {}
    for seed in range(60):
        path = d / f"g{seed}.bsj"
        points, answers = play_journaled(path, seed, decks)
        out.append((path, points, answers))
        for pt in points:
            if pt.pending is not None:
                k = pt.pending[0].kind
                seen[k] = seen.get(k, 0) + 1
        if len(out) >= 4 and all(seen.get(k, 0) >= 2 for k in Kind):
            break
    missing = [k for k in Kind if seen.get(k, 0) < 2]
    assert not missing, f"random play never reached {missing}"
    return out


# ----------------------------------------------------------------------------- round trips


def test_round_trip_at_every_decision_kind(games, tmp_path: Path) -> None:
    rng = random.Random(5)
    per_kind: dict[Kind, int] = {}
    for gi, (path, points, _) in enumerate(games):
        chosen = [pt for pt in points if pt.pending is not None and per_kind.get(pt.pending[0].kind, 0) < 3]
        chosen += rng.sample(points, 3)
        for pt in chosen:
            if pt.pending is not None:
                per_kind[pt.pending[0].kind] = per_kind.get(pt.pending[0].kind, 0) + 1
            f = prefix(path, tmp_path / f"p{gi}-{pt.n}.bsj", pt.n)
            g, j = load_game(f)
            j.close()
            assert_same(g, pt)
    assert set(per_kind) == set(Kind)


def test_whole_games_replay_to_the_end(games) -> None:
    for path, points, answers in games:
        r = replay(path)
        assert r.finished and r.has_end and not r.notices
        assert r.answers == [normalize(json.loads(json.dumps(a))) for a in answers]
        assert r.checked >= len(answers) // 10 + 1
        assert_same(r.game, points[-1])
        g, j = load_game(path)  # a finished game stays a record: nothing to append
        assert g.over and not j.writable
        with pytest.raises(JournalError):
            j.append(answers[-1], g)


def _resume_at(games, tmp_path: Path, kind: Kind) -> None:
    """Resume exactly while `kind` is pending, play on with the original answers through
    the resumed journal, and check both the game and the continued file."""
    for gi, (path, points, answers) in enumerate(games):
        at = [pt for pt in points if pt.pending is not None and pt.pending[0].kind == kind]
        for pt in at[:2]:
            f = prefix(path, tmp_path / f"{kind}-{gi}-{pt.n}.bsj", pt.n)
            g, j = load_game(f)
            assert g.decision is not None and g.decision.kind == kind
            assert_same(g, pt)
            stop = min(len(answers), pt.n + 25)
            for i in range(pt.n, stop):
                g.answer(answers[i])
                j.append(answers[i], g)
                assert_same(g, points[i + 1])
            j.close()
            r = replay(f)
            assert_same(r.game, points[stop])
        if at:
            return
    pytest.fail(f"no {kind} decision in the games")


def test_resume_mid_flash(games, tmp_path: Path) -> None:
    _resume_at(games, tmp_path, Kind.FLASH)


def test_resume_mid_payment(games, tmp_path: Path) -> None:
    _resume_at(games, tmp_path, Kind.PAY_COST)


def test_close_writes_a_checkpoint_and_resume_continues_the_same_game(games, tmp_path: Path) -> None:
    path, points, answers = games[0]
    f = tmp_path / "c.bsj"
    cut = 13  # not a multiple of the hash interval: close() has to add the hash
    db = load_cards()
    header = parse(path).header
    g = Game.new(header["decks"][0]["cards"], header["decks"][1]["cards"], header["seed"], db)
    j = Journal.create(f, g, seed=header["seed"])
    for a in answers[:cut]:
        g.answer(a)
        j.append(a, g)
    j.close()
    last = json.loads(f.read_bytes().splitlines()[-1])
    assert last["check"] == cut and last["h"] == points[cut].hash
    # resumed twice over, the game ends as the uninterrupted one did
    for stop in (cut + 40, len(answers)):
        g, j = load_game(f)
        assert_same(g, points[g.decisions])
        for a in answers[g.decisions : stop]:
            g.answer(a)
            j.append(a, g)
        j.close()
    r = replay(f)
    assert r.finished and r.has_end
    assert_same(r.game, points[-1])


def test_torn_last_line_at_any_byte(games, tmp_path: Path) -> None:
    """Cut the file at random bytes: it always loads, losing at most the line cut through;
    resuming for play cuts off only the torn bytes and appends after them."""
    path, points, answers = games[1]
    data = path.read_bytes()
    header_len = data.index(b"\n") + 1
    rng = random.Random(11)
    for cut in sorted(rng.sample(range(header_len, len(data)), 40)):
        f = tmp_path / f"t{cut}.bsj"
        f.write_bytes(data[:cut])
        complete = data[:cut].count(b"\n") - 1  # decision lines whose newline made it
        torn = not data[:cut].endswith(b"\n")
        r = replay(f)
        assert bool(r.notices) == torn
        assert r.game.decisions == min(complete, len(answers))
        assert f.read_bytes() == data[:cut]  # reading never writes
        g, j = load_game(f)
        assert_same(g, points[g.decisions])
        if j.writable:
            assert f.read_bytes() == data[: data[:cut].rfind(b"\n") + 1]  # only the torn bytes went
            a = answers[g.decisions]
            g.answer(a)
            j.append(a, g)
            j.close()
            assert_same(replay(f).game, points[g.decisions])


# ----------------------------------------------------------------------------- kill -9

WRITER = """
import sys
from pathlib import Path
from bs_tui.agents import RandomAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.saves import Journal, load_game

path, seed = Path(sys.argv[1]), int(sys.argv[2])
db = load_cards()
if path.exists():
    g, j = load_game(path, db)
else:
    g = Game.new(load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), seed, db)
    j = Journal.create(path, g, seed=seed, mode="selfplay", controls=("random", "random"))
print("start", g.decisions, flush=True)  # the save exists and is open
agents = [RandomAgent(seed + g.decisions), RandomAgent(seed + g.decisions + 1)]
while g.pending is not None:
    d = g.pending.decision
    a = agents[d.player].choose(d, None)
    g.answer(a)
    j.append(a, g)
    print(g.decisions, flush=True)  # only after append returned: this decision is saved
j.close()
print("done", flush=True)
"""


def _run_writer(script: Path, path: Path, seed: int, kill_after: int | None, jitter: float) -> tuple[int, bool]:
    """Run the writer and kill -9 it once it has reported `kill_after` decisions saved
    since it opened the save (-1: at once, before it is even up; None: let it finish),
    `jitter` seconds later. Returns the last decision it reported saved (-1: none) and
    whether it finished on its own. It is killed at points it reports, so the test does
    the same on a loaded machine as on an idle one."""
    proc = subprocess.Popen(
        [sys.executable, str(script), str(path), str(seed)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for ln in proc.stdout:
            lines.put(ln.decode().strip())
        lines.put(None)  # the writer is gone, or at least its end of the pipe

    def next_line() -> str | None:
        try:
            return lines.get(timeout=PATIENCE)
        except queue.Empty:
            proc.kill()
            pytest.fail(f"the writer said nothing for {PATIENCE} s")

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    out: list[str] = []
    ended = False  # the pipe closed: the writer finished (or died) on its own
    if kill_after is not None:
        opened, saved = kill_after < 0, 0
        while not ended and (not opened or saved < kill_after):
            ln = next_line()
            ended = ln is None
            if ln is not None:
                out.append(ln)
                opened = opened or ln.startswith("start")
                saved += opened and ln.isdigit()
        # a moment later, so the kill lands anywhere in the writer's cycle (in an append too)
        time.sleep(jitter)
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
    while not ended and (ln := next_line()) is not None:  # what it printed before it died
        out.append(ln)
    proc.wait(timeout=PATIENCE)
    reader.join()
    err = proc.stderr.read().decode()
    proc.stdout.close()
    proc.stderr.close()
    assert "Traceback" not in err, err
    nums = [int(x) for x in out if x.isdigit()]
    return (nums[-1] if nums else -1), "done" in out


def test_kill_9_at_random_moments_then_resume(tmp_path: Path) -> None:
    """kill -9 a journaling writer at random points of random games, then resume: nothing
    it reported saved is lost, at most the decision in flight is added, every game resumes
    and finishes, and replay --verify passes."""
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    rng = random.Random(2024)
    game_no = 0
    path = tmp_path / f"k{game_no}.bsj"
    kills = runs = 0
    while kills < 10:
        before = replay(path).game.decisions if path.exists() else 0
        # sometimes before the writer is even up, mostly in the middle of play (a game is
        # 100 to 200 decisions, so one is killed a few times before it ends)
        kill_after = -1 if rng.random() < 0.15 else rng.randrange(0, 60)
        last, done = _run_writer(script, path, 100 + game_no, kill_after, rng.uniform(0, 0.005))
        kills += not done
        runs += 1
        if not path.exists():
            assert last == -1  # killed before it created the save: nothing was promised
            continue
        r = replay(path)  # loads every time, torn line or not
        # nothing reported saved is lost, and at most the one in flight was added unreported
        assert max(last, before) <= r.game.decisions <= max(last, before) + 1
        if r.finished:
            game_no += 1
            path = tmp_path / f"k{game_no}.bsj"
    if path.exists():  # let the last one play to the end, resumed once more
        _, done = _run_writer(script, path, 100 + game_no, None, 0)
        assert done
    files = sorted(tmp_path.glob("*.bsj"))
    assert len(files) >= 2  # at least one game was killed, resumed and finished
    for f in files:
        r = replay(f)
        assert r.finished and r.has_end
    res = cli("replay", "--verify", str(files[0]))
    assert res.returncode == 0 and "ok" in res.stdout, res.stderr
    print(f"{kills} kills, {runs} runs, {len(files)} games")


# ----------------------------------------------------------------------------- bad saves


@pytest.fixture()
def good_save(games, tmp_path: Path) -> Path:
    src = games[0][0]
    f = tmp_path / "good.bsj"
    f.write_bytes(src.read_bytes())
    return f


def _edit_line(f: Path, index: int, change) -> None:
    lines = f.read_bytes().splitlines(keepends=True)
    rec = json.loads(lines[index])
    change(rec)
    lines[index] = (json.dumps(rec) + "\n").encode()
    f.write_bytes(b"".join(lines))


def test_truncated_last_line_is_a_notice_and_exit_0(good_save: Path) -> None:
    good_save.write_bytes(good_save.read_bytes()[:-7])  # the end line cut in the middle
    before = good_save.read_bytes()
    res = cli("replay", "--verify", str(good_save))
    assert res.returncode == 0, res.stderr
    assert "notice" in res.stderr and "cut off" in res.stderr and "Traceback" not in res.stderr
    assert good_save.read_bytes() == before
    res = cli("resume", "--headless", str(good_save))
    assert res.returncode == 0 and "finished" in res.stdout


def _garbage(f: Path) -> None:
    f.write_bytes(bytes(random.Random(3).randrange(256) for _ in range(3000)))


def _garbage_in_the_middle(f: Path) -> None:
    lines = f.read_bytes().splitlines(keepends=True)
    lines[5] = b"#@!not json at all\n"
    f.write_bytes(b"".join(lines))


def _newer(f: Path) -> None:
    _edit_line(f, 0, lambda h: h.update(version=FORMAT_VERSION + 1))


def _other_cards(f: Path) -> None:
    _edit_line(f, 0, lambda h: h.update(cards="0" * 32))


def _hash_mismatch(f: Path) -> None:
    _edit_line(f, 10, lambda r: r.update(h="f" * 32))


def _illegal_answer(f: Path) -> None:
    lines = f.read_bytes().splitlines()
    i = next(i for i, ln in enumerate(lines) if json.loads(ln).get("k") == "main_action")
    _edit_line(f, i, lambda r: r.update(a=["summon", 99999]))


def _older_rules(f: Path) -> None:
    _edit_line(f, 0, lambda h: h.pop("rules"))  # a save from before rules were recorded


def _not_a_save(f: Path) -> None:
    f.write_text('{"hello": "world"}\n')


def _empty(f: Path) -> None:
    f.write_bytes(b"")


@pytest.mark.parametrize(
    "damage, words, seen_by_listing",
    [
        (_garbage, "not a bs-tui save", True),
        (_newer, "newer bs-tui", True),
        (_other_cards, "different card data", True),
        (_older_rules, "rules of an older bs-tui", True),
        # the listing reads the header and the last lines only, without replaying, so only a
        # replay finds these three (FILE:LINE: problem)
        (_garbage_in_the_middle, "good.bsj:6: not valid JSON", False),
        (_hash_mismatch, "state hash", False),
        (_illegal_answer, "illegal answer", False),
        (_not_a_save, "not a bs-tui save", True),
        (_empty, "empty", True),
    ],
)
def test_bad_saves_exit_2_with_one_line_and_stay_untouched(
    good_save: Path, damage, words: str, seen_by_listing: bool
) -> None:
    damage(good_save)
    before = good_save.read_bytes()
    mtime = good_save.stat().st_mtime_ns
    for args in (("replay", "--verify", str(good_save)), ("resume", str(good_save))):
        res = cli(*args)
        assert res.returncode == 2, (args, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr
        assert len(res.stderr.strip().splitlines()) == 1, res.stderr
        assert words in res.stderr
    with pytest.raises(JournalError):  # resuming for play refuses it too, without writing
        load_game(good_save)
    assert good_save.read_bytes() == before
    assert good_save.stat().st_mtime_ns == mtime
    infos = list_saves(good_save.parent)
    assert [i.problem != "" for i in infos] == [seen_by_listing]


# ----------------------------------------------------------------------------- API details


def test_create_never_overwrites_and_recovers_the_seed(tmp_path: Path) -> None:
    decks = (load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list())
    g = Game.new(decks[0], decks[1], 987654321, load_cards(), ("Ann", "Bob"))
    assert recover_seed(g) == 987654321
    f = tmp_path / "a.bsj"
    with Journal.create(f, g, mode="hotseat", controls=("human", "human")) as j:  # no seed: recovered
        assert j.header["seed"] == 987654321
        assert [d["name"] for d in j.header["decks"]] == ["Crimson Dawn", "Verdant Tide"]
    before = f.read_bytes()
    with pytest.raises(JournalError, match="never overwritten"):
        Journal.create(f, g, seed=987654321)
    assert f.read_bytes() == before
    j2 = Journal.create(f, g, seed=987654321, unique=True)
    j2.close()
    assert j2.path != f and j2.path.exists()
    g2, j3 = load_game(f)
    assert g2.static.names == ("Ann", "Bob") and g2.state_hash() == g.state_hash()
    with pytest.raises(JournalError, match="open in another"):
        load_game(f)  # locked while j3 is open
    a = next(iter(g2.legal_answers()))
    g2.answer(a)
    g2.answer(next(iter(g2.legal_answers())))
    with pytest.raises(JournalError, match="exactly once"):
        j3.append(a, g2)  # two answers, one append: refused rather than a save that cannot replay
    j3.close()


def test_save_dir_choice_and_start_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BS_TUI_SAVES", raising=False)
    assert save_dir() == ROOT / "saves"
    monkeypatch.setenv("BS_TUI_SAVES", str(tmp_path / "env"))
    assert save_dir() == tmp_path / "env"
    assert save_dir(str(tmp_path / "arg")) == tmp_path / "arg"
    g = Game.new(load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), 5, load_cards())
    paths = []
    for _ in range(2):  # the same second twice: two files, never one overwritten
        with start_save(
            g, seed=5, mode="ai", controls=("human", "greedy"), decks=("crimson_dawn", "verdant_tide")
        ) as j:
            paths.append(j.path)
    assert len(set(paths)) == 2 and all(p.parent == tmp_path / "env" for p in paths)
    assert "-ai-crimson_dawn-vs-verdant_tide" in paths[0].name
    info = list_saves(tmp_path / "env")[0]
    assert info.decks == ("Crimson Dawn", "Verdant Tide") and info.controls == ("human", "greedy")
    assert info.mode == "ai" and not info.finished and not info.problem


def save_info_decks(files: list[Path]) -> list[str]:
    """The deck names the saves' headers hold (selfplay pairs all shipped decks)."""
    return [str(dk["name"]) for f in files for dk in replay(f).header["decks"]]


def test_saves_resume_and_selfplay_commands(tmp_path: Path) -> None:
    d = tmp_path / "sp"
    res = cli("selfplay", "--games", "3", "--seed", "4", "--save-dir", str(d))
    assert res.returncode == 0, res.stderr
    files = sorted(d.glob("*.bsj"))
    assert len(files) == 3
    for f in files:
        assert replay(f).finished
    # an unfinished one: the first 30 decisions of the first game, played later
    part = prefix(files[0], d / "later.bsj", 30)
    now = time.time() + 5
    os.utime(part, (now, now))
    res = cli("saves", env={"BS_TUI_SAVES": str(d)})
    assert res.returncode == 0
    lines = res.stdout.splitlines()
    assert lines[0].startswith("saves in") and all(len(ln) <= 80 for ln in lines[1:])  # issue 19: 80 columns
    assert sum("finished" in ln for ln in lines) == 3 and sum("in progress" in ln for ln in lines) == 1
    assert sum(not ln.startswith(" ") for ln in lines[1:]) == 4  # a name line a save
    deck_names = set(save_info_decks(files))
    assert all(n in res.stdout for n in deck_names) and "Player 1 vs Player 2" in res.stdout
    assert find_save(None, d) == part  # the latest unfinished one
    res = cli("resume", "--headless", "--save-dir", str(d))
    assert res.returncode == 0, res.stderr
    assert "later.bsj" in res.stdout and "to decide" in res.stdout
    res = cli("resume", "--headless", "selfplay-4-00001", "--save-dir", str(d))
    assert res.returncode == 0 and "finished" in res.stdout
    res = cli("resume", "nope", "--save-dir", str(d))
    assert res.returncode == 2 and "no save 'nope'" in res.stderr
    for bad in (str(tmp_path / "missing.bsj"), str(tmp_path)):
        res = cli("replay", "--verify", bad)
        assert res.returncode == 2 and len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr
    res = cli("saves", "--save-dir", str(tmp_path / "none"))
    assert res.returncode == 0 and "no saves" in res.stdout
