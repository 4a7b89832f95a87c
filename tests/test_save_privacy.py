"""Saves are private and hostile saves are harmless (issue 8): file modes, stale temporary
files, names with control characters, nested JSON, FIFOs and devices as saves, a full
disk, hostile answers, and a replay of an unfinished game against the AI that shows none
of the AI's hidden cards (003 公開情報と非公開情報: the hand, the deck and the face-down
burst are not public)."""

from __future__ import annotations

import contextlib
import html
import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import PATIENCE

from bs_tui.agents import RandomAgent
from bs_tui.cli import main
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.view import SPECTATOR
from bs_tui.saves import (
    Journal,
    JournalError,
    SaveWriteError,
    find_save,
    list_saves,
    load_game,
    remove_stale_tmp,
    replay,
    start_save,
)
from bs_tui.seats.starting import new_table, resumable
from bs_tui.tui.replay_app import ReplayApp

ROOT = Path(__file__).resolve().parents[1]
DECKS = ("crimson_dawn", "verdant_tide")


def run(*argv: str) -> tuple[int, str, str]:
    """`bs-tui ARGV` in this process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def mode(p: Path) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


@pytest.fixture()
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def fresh_game(seed: int = 7, names: tuple[str, str] = ("Player 1", "Player 2")) -> Game:
    return Game.new(load_deck(DECKS[0]).card_list(), load_deck(DECKS[1]).card_list(), seed, load_cards(), names)


def play(g: Game, j: Journal, decisions: int, seed: int = 1) -> None:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(decisions):
        d = g.decision
        if d is None:
            return
        a = agents[d.player].choose(d, None)
        g.answer(a)
        j.append(a, g)


# ----------------------------------------------------------------------------- modes


def test_folder_0700_with_its_parents_and_save_0600_whatever_the_umask(tmp_path: Path, umask_022) -> None:
    os.chmod(tmp_path, 0o755)
    folder = tmp_path / "a" / "b" / "saves"
    seen_tmp: list[int] = []
    real_link = os.link

    def link(src, dst, *args, **kw):  # the temporary file, just before it becomes the save
        seen_tmp.append(mode(Path(src)))
        return real_link(src, dst, *args, **kw)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(os, "link", link)
        with start_save(fresh_game(), folder, seed=7, mode="hotseat", controls=("human", "human")) as j:
            play(fresh_game(), j, 0)
            path = j.path
    assert seen_tmp == [0o600]
    assert mode(path) == 0o600
    for d in (tmp_path / "a", tmp_path / "a" / "b", folder):
        assert mode(d) == 0o700, d
    assert mode(tmp_path) == 0o755  # a folder that was there already is left as it was
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_even_a_umask_of_777_gives_a_usable_private_save(tmp_path: Path) -> None:
    old = os.umask(0o777)
    try:
        with start_save(fresh_game(), tmp_path / "s", seed=7) as j:
            path = j.path
    finally:
        os.umask(old)
    assert mode(tmp_path / "s") == 0o700 and mode(path) == 0o600
    assert replay(path).game.decisions == 0


def test_a_save_from_before_saves_were_private_is_made_0600_when_resumed(tmp_path: Path) -> None:
    g = fresh_game()
    with Journal.create(tmp_path / "old.bsj", g, seed=7) as j:
        play(g, j, 5)
    os.chmod(j.path, 0o644)
    g2, j2 = load_game(j.path)
    j2.close()
    assert mode(j.path) == 0o600 and g2.decisions == 5


# ----------------------------------------------------------------------------- temporary files


WRITER_STOPPED_BEFORE_LINK = """
import os, sys
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.saves import writer

def stuck(src, dst, *a, **k):  # the header is in the temporary file: stop here
    print("tmp", src, flush=True)
    sys.stdin.read()  # until the test closes the pipe (or kills this writer), however long it takes
    os._exit(0)

writer.os.link = stuck
g = Game.new(load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), 3, load_cards())
writer.start_save(g, sys.argv[1], seed=3)
"""


def stopped_writer(folder: Path) -> tuple[subprocess.Popen, Path]:
    """A writer of a new save in `folder`, alive and stopped between writing the header to
    its temporary file and linking it into place; the process and that file."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER_STOPPED_BEFORE_LINK, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    line = proc.stdout.readline()
    assert line.startswith("tmp "), line
    return proc, Path(line.split(" ", 1)[1].strip())


def end(proc: subprocess.Popen, sig: int | None = None) -> None:
    if sig is not None:
        os.kill(proc.pid, sig)
    proc.stdin.close()
    proc.stdout.close()
    proc.wait()


def test_a_writer_killed_mid_create_leaves_a_temporary_file_the_listing_removes(tmp_path: Path) -> None:
    """kill -9 between the header and the link: the temporary file (0600, the seed in it)
    is left; `bs-tui saves` removes it and lists nothing."""
    folder = tmp_path / "saves"
    proc, tmp = stopped_writer(folder)
    end(proc, signal.SIGKILL)
    assert tmp.exists() and mode(tmp) == 0o600 and not list(folder.glob("*.bsj"))
    code, out, _ = run("saves", "--save-dir", str(folder))
    assert code == 0 and out.startswith("no saves") and not tmp.exists()
    assert list(folder.iterdir()) == []


def test_saves_resume_and_a_new_save_remove_only_dead_writers_temporary_files(tmp_path: Path) -> None:
    """`bs-tui saves`, `bs-tui resume` (bare or by name) and starting a new save remove the
    temporary file of a writer that is gone, never list one, and leave alone the one a live
    writer is still writing."""
    folder = tmp_path / "saves"
    g = fresh_game()
    with start_save(g, folder, seed=7) as j:
        play(g, j, 5)
    dead_pid = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True).stdout)
    proc, live = stopped_writer(folder)
    commands = {
        "saves": ["saves"],
        "resume": ["resume", "--headless"],  # the latest unfinished save
        "resume NAME": ["resume", "--headless", j.path.stem],
    }
    try:
        for how in (*commands, "new save"):
            dead = folder / f".{j.path.name}.{dead_pid}.tmp"
            dead.write_bytes(b'{"seed": 7}\n')
            if how == "new save":
                with start_save(fresh_game(), folder, seed=8):
                    pass
            else:
                code, out, err = run(*commands[how], "--save-dir", str(folder))
                assert code == 0, (how, err)
                assert j.path.name.removesuffix(".bsj") in out and ".tmp" not in out + err, (how, out)
            assert not dead.exists() and live.exists(), how
        assert len(list_saves(folder)) == 2  # the two saves; the live writer's file is not one
    finally:
        end(proc)


def test_stale_temporary_files_of_dead_or_long_gone_writers_only(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    files = {
        "dead": tmp_path / f".g.bsj.{dead_pid}.tmp",
        "live": tmp_path / f".g.bsj.{os.getppid()}.tmp",
        "old": tmp_path / f".h.bsj.{os.getppid()}.tmp",
        "not ours": tmp_path / ".notes.tmp",
        "a save": tmp_path / "g.bsj",
    }
    for p in files.values():
        p.write_bytes(b"x")
    hours_ago = time.time() - 7200
    os.utime(files["old"], (hours_ago, hours_ago))
    gone = remove_stale_tmp(tmp_path)
    assert sorted(gone) == sorted([files["dead"], files["old"]])
    assert all(p.exists() for k, p in files.items() if k not in ("dead", "old"))


# ----------------------------------------------------------------------------- names


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    esc = "\x1b]0;owned\x07\x1b[2J"
    g = fresh_game(names=(f"Eve{esc}", "Bob\r\x9b31m"))
    with Journal.create(tmp_path / "names.bsj", g, seed=7, controls=("human", "human")) as j:
        play(g, j, 12)
    h = json.loads(j.path.read_bytes().splitlines()[0])
    h["decks"][0]["name"] = f"Deck{esc}"
    h["mode"] = f"ai{esc}"
    lines = j.path.read_bytes().splitlines(keepends=True)
    j.path.write_bytes(json.dumps(h).encode() + b"\n" + b"".join(lines[1:]))
    # a broken save whose file name itself carries an escape
    (tmp_path / f"bad{esc}.bsj").write_bytes(b"garbage\n")
    outputs = [
        run("saves", "--save-dir", str(tmp_path)),
        run("replay", "--verify", str(j.path)),
        run("resume", "--headless", str(j.path)),
        run("replay", "--verify", str(tmp_path / f"bad{esc}.bsj")),
    ]
    for code, out, err in outputs:
        assert code in (0, 2)
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", out + err), repr(out + err)
    assert "Eve?]0;owned??[2J" in outputs[0][1] and "Deck?]0;owned" in outputs[0][1]
    assert "bad?]0;owned" in outputs[0][1] and "unusable" in outputs[0][1]
    assert outputs[1][0] == 0 and outputs[2][0] == 0 and outputs[3][0] == 2
    info = next(i for i in list_saves(tmp_path) if not i.problem)
    assert info.players == ("Eve?]0;owned??[2J", "Bob??31m")


# ----------------------------------------------------------------------------- hostile files


def _nested(kind: str, good: bytes) -> bytes:
    header, *rest = good.splitlines(keepends=True)
    bomb = b"[" * 200_000
    if kind == "header":
        return bomb + b"\n"
    if kind == "record":
        return header + b'{"n":1,"a":' + b"[" * 5000 + b"]" * 5000 + b"}\n" + b"".join(rest)
    return header + b"".join(rest) + b'{"n":99,"a":' + b"[" * 100 + b"\n"  # the last line


def test_nested_json_saves_are_one_line_and_never_stop_the_listing_or_the_game(tmp_path: Path) -> None:
    g = fresh_game()
    with Journal.create(tmp_path / "good.bsj", g, seed=7, mode="ai", controls=("human", "greedy")) as j:
        play(g, j, 20)
    good = j.path.read_bytes()
    for kind in ("header", "record", "last"):
        (tmp_path / f"{kind}.bsj").write_bytes(_nested(kind, good))
    code, out, err = run("saves", "--save-dir", str(tmp_path))
    assert code == 0 and "Traceback" not in out + err
    # two lines a save (more where the second wraps at 80 columns)
    assert sum(not line.startswith(" ") for line in out.splitlines()) == 1 + 4
    assert re.search(r"header .*\n +unusable: not a bs-tui save \(nested more than 32 deep\)", out)
    for kind in ("header", "record"):
        f = tmp_path / f"{kind}.bsj"
        before = f.read_bytes()
        for argv in (("replay", "--verify", str(f)), ("resume", "--headless", str(f)), ("resume", str(f))):
            code, out, err = run(*argv)
            assert code == 2 and not out and len(err.splitlines()) == 1, (argv, out, err)
            assert str(f) in err and ("nested more than" in err or "too long" in err)
        assert f.read_bytes() == before
    # a nested last line is a torn last line: read with a notice, like a crash's
    code, out, err = run("replay", "--verify", str(tmp_path / "last.bsj"))
    assert code == 0 and "cut off" in err
    # the bare start still finds the good unfinished game (the last-line one is fine too)
    offer = resumable(str(tmp_path))
    assert offer is not None and offer.path.name in ("good.bsj", "last.bsj")
    assert find_save(None, tmp_path).name in ("good.bsj", "last.bsj")


def at_once(fn, *args):
    """`fn(*args)`, failing the test if it blocks: opening a FIFO waits for a writer and
    /dev/zero reads without end, either of which never returns at all (PATIENCE is only
    there so that the test fails rather than hangs)."""
    result: list = []

    def call() -> None:
        try:
            result.append((True, fn(*args)))
        except BaseException as e:  # handed to the test's thread as it is
            result.append((False, e))

    t = threading.Thread(target=call, daemon=True)
    t.start()
    t.join(PATIENCE)
    assert result, f"{getattr(fn, '__name__', fn)}{args} was still running after {PATIENCE} s"
    ok, value = result[0]
    if not ok:
        raise value
    return value


def test_fifo_device_and_links_to_them_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.bsj"
    os.mkfifo(fifo)
    (tmp_path / "zero.bsj").symlink_to("/dev/zero")
    (tmp_path / "fifo-link.bsj").symlink_to(fifo)
    (tmp_path / "dangling.bsj").symlink_to(tmp_path / "nowhere")
    code, out, _ = at_once(run, "saves", "--save-dir", str(tmp_path))
    assert code == 0
    assert re.search(r"pipe .*\n +unusable: is a FIFO", out) and re.search(r"zero .*\n +unusable: is a device", out)
    assert re.search(r"fifo-link .*\n +unusable: is a FIFO", out)
    assert re.search(r"dangling .*\n +unusable: no such", out)
    for target in (fifo, "/dev/zero", tmp_path / "zero.bsj", tmp_path / "fifo-link.bsj"):
        for argv in (
            ("replay", "--verify", str(target)),
            ("resume", "--headless", str(target)),
            ("resume", str(target)),
        ):
            code, out, err = at_once(run, *argv)
            assert code == 2 and len(err.splitlines()) == 1 and str(target) in err, (argv, err)
            assert "FIFO" in err or "device" in err
        with pytest.raises(JournalError):
            at_once(load_game, target)


# ----------------------------------------------------------------------------- writing fails

FULL_DISK = """
import resource, signal, sys
from bs_tui.agents import RandomAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.view import SPECTATOR
from bs_tui.saves import Journal, SaveWriteError

path = sys.argv[1]
g = Game.new(load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), 4, load_cards())
j = Journal.create(path, g, seed=4)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
size = j._size
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 700, size + 700))
agents = [RandomAgent(1), RandomAgent(2)]
try:
    while g.decision is not None:
        a = agents[g.decision.player].choose(g.decision, None)
        g.answer(a)
        j.append(a, g)
        print("saved", g.decisions, flush=True)
except SaveWriteError as e:
    print("error", e, flush=True)
"""


def test_a_full_disk_stops_with_one_line_and_keeps_what_was_saved(tmp_path: Path) -> None:
    path = tmp_path / "full.bsj"
    res = subprocess.run([sys.executable, "-c", FULL_DISK, str(path)], capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" not in res.stderr, res.stderr
    lines = res.stdout.splitlines()
    assert lines[-1].startswith("error "), lines
    saved = int(lines[-2].split()[1])
    msg = lines[-1].removeprefix("error ")
    assert msg.startswith(f"{path}: the game could not be saved (") and "can be resumed" in msg
    assert path.read_bytes().endswith(b"\n")  # the part of the line that made it was taken back
    r = replay(path)
    assert r.game.decisions == saved and not r.notices
    g, j = load_game(path)  # resumable, and appends again once there is room
    a = RandomAgent(9).choose(g.decision, None)
    g.answer(a)
    j.append(a, g)
    j.close()
    assert replay(path).game.decisions == saved + 1


def test_a_folder_that_cannot_be_made_is_a_save_write_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for where in (blocker, blocker / "sub"):
        with pytest.raises(SaveWriteError, match="the game could not be saved"):
            start_save(fresh_game(), where, seed=7)


# ----------------------------------------------------------------------------- hostile answers


@pytest.mark.parametrize(
    "answer",
    [{"reserve": 1}, [["pay", [[{"x": 1}, 1]], False]], ["summon", "x" * 1000], 1e308, None, [[[[[]]]]], "end"],
)
def test_a_hostile_answer_is_one_line_naming_the_file_and_line(tmp_path: Path, answer) -> None:
    g = fresh_game()
    with Journal.create(tmp_path / "h.bsj", g, seed=7) as j:
        play(g, j, 8)
    lines = j.path.read_bytes().splitlines(keepends=True)
    rec = json.loads(lines[5])
    rec["a"] = answer
    lines[5] = json.dumps(rec).encode() + b"\n"
    j.path.write_bytes(b"".join(lines))
    code, out, err = run("replay", "--verify", str(j.path))
    assert code == 2 and len(err.splitlines()) == 1 and f"{j.path}:6: " in err, err
    assert "Traceback" not in err and len(err) < 300


# ----------------------------------------------------------------------------- replay privacy


def ai_game(tmp_path: Path, seed: int = 21, decisions: int = 40, secret_hand: bool = False) -> tuple[Path, Game]:
    """An unfinished saved game against the AI, played by a random person: at least
    `decisions` long, and (`secret_hand`) put away while the AI holds a card in hand the
    person cannot know."""
    table, journal = new_table(DECKS[0], DECKS[1], seed=seed, save=True, save_dir_arg=str(tmp_path))
    person = RandomAgent(seed)
    g = table.game
    while g.decision is not None and g.decisions < 400:
        if g.decisions >= decisions and (not secret_hand or secret_names(g) & hand_names(g, 1)):
            break
        d = g.decision
        table.submit(person.choose(d, None) if d.player == 0 else table.agent_answer())
    journal.close()
    assert not g.over
    return journal.path, g


def hand_names(g: Game, seat: int) -> set[str]:
    return {g.static.defs[c].name for c in g.players[seat].hand}


def secret_names(g: Game, seat: int = 1) -> set[str]:
    """Names of the AI's cards in hand, deck and face-down burst that no card the person
    may see shares (a name on both sides of the table proves nothing)."""
    pl = g.players[seat]
    hidden = set(pl.hand) | set(pl.deck) | set(pl.burst)
    hidden -= {c for s, c, _ in g.known if s != seat}
    defs = g.static.defs
    others = {defs[c].name for c in range(len(defs)) if c not in hidden}
    return {defs[c].name for c in hidden} - others


def screen_text(app) -> str:
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def test_replay_of_an_unfinished_ai_game_shows_no_ai_hidden_card(tmp_path: Path) -> None:
    path, g = ai_game(tmp_path, seed=23, decisions=25, secret_hand=True)
    secret = secret_names(g)
    assert secret & hand_names(g, 1), "the AI's hand should hold a card the person cannot know"
    r = replay(path)
    assert r.seats == (0,)
    app = ReplayApp(r)
    async with app.run_test(size=(220, 70)) as pilot:
        await pilot.pause()
        assert "Switch seat" not in screen_text(app)
        await pilot.press("v")  # the switch is not bound: still the person's seat
        assert app.seat == 0
        seen = []
        for at in [*range(0, len(app.steps), 3), len(app.steps) - 1]:
            app.at = at
            app.show()
            await pilot.pause()
            text = screen_text(app)
            seen.append(text)
            assert not [n for n in secret if n in text], at
            v = app.view()
            assert v.me == 0 and v.sides[1].hand is None
        assert any(n in seen[-1] for n in hand_names(g, 0))  # the person's own hand is there to see
    assert not [n for n in secret if any(n in label for label in app.labels)]
    for argv in (("replay", "--verify", str(path)), ("resume", "--headless", str(path))):
        code, out, err = run(*argv)
        assert code == 0, err
        assert not [n for n in secret if n in out + err], out


async def test_hot_seat_and_finished_games_may_be_viewed_from_both_seats(tmp_path: Path) -> None:
    table, journal = new_table(DECKS[0], DECKS[1], seed=5, hotseat=True, save=True, save_dir_arg=str(tmp_path))
    person = RandomAgent(5)
    while table.game.decisions < 20:
        table.submit(person.choose(table.game.decision, None))
    journal.close()
    r = replay(journal.path)
    assert not r.finished and r.seats == (0, 1)
    app = ReplayApp(r)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("v")
        assert app.seat == 1 and app.view().sides[1].hand is not None
    # the AI game played to its end: both seats
    path, g = ai_game(tmp_path / "ai", seed=22, decisions=10)
    g2, j = load_game(path)
    agents = [RandomAgent(1), RandomAgent(2)]
    while g2.decision is not None:
        a = agents[g2.decision.player].choose(g2.decision, None)
        g2.answer(a)
        j.append(a, g2)
    r = replay(path)
    assert r.finished and r.seats == (0, 1)
    app = ReplayApp(r)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("home", "v")
        assert app.seat == 1 and app.view().sides[1].hand is not None


async def test_an_unfinished_game_no_person_played_is_watched_as_a_spectator(tmp_path: Path) -> None:
    g = fresh_game()
    with Journal.create(tmp_path / "agents.bsj", g, seed=7, mode="selfplay", controls=("random", "greedy")) as j:
        play(g, j, 30)
    hidden = {c for pl in g.players for c in (*pl.hand, *pl.deck, *pl.burst)} - {c for _, c, _ in g.known}
    defs = g.static.defs
    secret = {defs[c].name for c in hidden} - {defs[c].name for c in range(len(defs)) if c not in hidden}
    assert secret & (hand_names(g, 0) | hand_names(g, 1))
    r = replay(j.path)
    assert r.seats == ()
    app = ReplayApp(r)
    async with app.run_test(size=(220, 70)) as pilot:
        await pilot.press("end", "v")
        await pilot.pause()
        assert app.seat == SPECTATOR and app.view().me == SPECTATOR
        text = screen_text(app)
        assert "spectator" in text and not [n for n in secret if n in text]
        assert all(side.hand is None for side in app.view().sides)
    assert not [n for n in secret if any(n in label for label in app.labels)]
    code, out, _ = run("resume", "--headless", str(j.path))
    assert code == 0 and out.splitlines()[-1].endswith("to decide")  # who, never what
