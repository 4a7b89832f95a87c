"""Hostile files and command lines: thousands of mutated decks, positions and card files,
and malformed command lines. For each case: exit 2 with every line naming the file (or 0,
only when the file really is valid, and then nothing on stderr), no traceback, no hang (a
time limit per case), the file unchanged. Most cases run in-process through
`bs_tui.cli.main`; FIFOs, devices and folders also through a real `bs-tui` with a timeout.
Deck legality is 000 ch.1 §1; positions follow 000 ch.1-2 (see test_positions.py)."""

from __future__ import annotations

import hashlib
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import tomli
from conftest import PATIENCE
from fuzzing import TIME_LIMIT, run, time_limit

from bs_tui.agents import RandomAgent
from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import DATA_DIR, CardDataError
from bs_tui.engine.data.decks import MAX_COPIES, MIN_CARDS, shipped_decks
from bs_tui.engine.positions import PositionError, position_from_toml
from bs_tui.engine.view import view_for
from bs_tui.files import printable
from bs_tui.selfplay import invariant_problems

ROOT = Path(__file__).resolve().parents[1]
CASES = 1_100  # of each kind of file
PLAY_DECISIONS = 25  # decisions played from each accepted position


@pytest.fixture(autouse=True)
def no_table(monkeypatch):
    """A case that got through every check must not start the Textual table in-process."""

    def refuse(args):
        raise AssertionError(f"the table would have started for {args}")

    monkeypatch.setattr("bs_tui.tui.run.run_app", refuse)


# ------------------------------------------------------------------------- mutations

NASTY_VALUES = [
    b'"3"',
    b"[3]",
    b"{ a = 1 }",
    b"true",
    b"3.5",
    b"-1",
    b"0",
    b"1979-05-27",
    b"1979-05-27 07:32:00",
    b"inf",
    b"nan",
    b"-inf",
    b"9223372036854775807",
    b"-9223372036854775808",
    b"99999999999999999999999999",
    b"9" * 5000,
    b"0x" + b"f" * 40,
    b'"\x1b[31mred\x1b[0m"',
    b'"\\u001b]0;title\\u0007"',
    b'"' + b"A" * 300_000 + b'"',
    b"[" * 40 + b"]" * 40,
    b"[" * 20 + b"]" * 20,
    b"{a=" * 30 + b"1" + b"}" * 30,
    b"[[[]]]",
    b'"R01"',
    b'"G09"',
    b'"R19"',
    b'"R16"',
    b'""',
    b"'''\nmulti\n'''",
]
NASTY_LINES = [
    b"foo = 1",
    b"[extra]",
    b"[[player]]",
    b"[cards]",
    b"ZZ99 = 1",
    b"R01 = 3",
    b"G09 = 2",
    b'name = "again"',
    b"\x1b[2J\x1b[H",
    b"\x00\x00",
    b"\xff\xfe\xfd",
    b"\xe2\x82",
    b"\r",
    b"x = " + b"[" * 5000,
    b"y = " + b"{a=" * 40 + b"1" + b"}" * 40,
    b"z = " + b"9" * 5000,
    b"w = " + b"1" * 4000,
    b"#" + b"#" * 300_000,
    b'"quoted key" = 2',
    b"a.b.c = 1",
    b"soul = true",
    b'soul = "field"',
    b"life = -5",
    b"active = -1",
    b"turn = 0",
    b'step = "attack"',
    b'burst = "R01"',
    b'mirage = "R02"',
    b'field = [{ card = "R09", cores = 1 }]',
    b'field = [{ card = "R04", cores = 3, soul = true, brave = "R16" }]',
    b"cores = 40",
    b"reserve = 40",
]
VALUE = re.compile(rb"(=\s*)([^\n,\]}]+)")


def mutate(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    """One random mutation of a file's bytes."""
    lines = data.split(b"\n")
    kind = rng.randrange(12)
    if kind == 0 and data:  # flip bytes
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:  # truncate
        return data[: rng.randrange(len(data) + 1)]
    if kind == 2:  # duplicate a line
        i = rng.randrange(len(lines))
        return b"\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :])
    if kind == 3 and len(lines) > 1:  # delete lines
        i = rng.randrange(len(lines))
        return b"\n".join(lines[:i] + lines[i + rng.randint(1, 3) :])
    if kind in (4, 5):  # swap a value for a value of another type, or a huge or nasty one
        found = list(VALUE.finditer(data))
        if found:
            m = rng.choice(found)
            return data[: m.start(2)] + rng.choice(NASTY_VALUES) + data[m.end(2) :]
    if kind == 6:  # insert a nasty line
        i = rng.randrange(len(lines) + 1)
        return b"\n".join(lines[:i] + [rng.choice(NASTY_LINES)] + lines[i:])
    if kind == 7:  # a control character somewhere
        i = rng.randrange(len(data) + 1)
        return data[:i] + bytes([rng.choice([0, 7, 8, 13, 27, 127, 0x9B])]) + data[i:]
    if kind == 8:  # a line of another file
        other = rng.choice(pool).split(b"\n")
        i = rng.randrange(len(lines) + 1)
        return b"\n".join(lines[:i] + [rng.choice(other)] + lines[i:])
    if kind == 9 and len(lines) > 1:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    if kind == 10:  # a card id for another
        ids = re.findall(rb"[RGPWYU]\d\d", data)
        if ids:
            old = rng.choice(ids)
            new = rng.choice([b"R09", b"G09", b"R19", b"R16", b"ZZ99", b"r01", b"R1", b"G15", b"U10"])
            return data.replace(old, new, rng.randint(1, 2))
    if kind == 11:  # a number for another
        nums = list(re.finditer(rb"(?<![A-Za-z\d])\d+", data))
        if nums:
            m = rng.choice(nums)
            new = rng.choice([b"-1", b"0", b"41", b"100", b"2", b"1", b"18446744073709551616", b"99"])
            return data[: m.start()] + new + data[m.end() :]
    return data + rng.choice(NASTY_LINES)


def mutants(bases: list[bytes], n: int, seed: int) -> Iterator[tuple[int, bytes]]:
    rng = random.Random(seed)
    for i in range(n):
        data = rng.choice(bases)
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            data = mutate(data, rng, bases)
        yield i, data


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_case(path: Path, data: bytes, argv: list[str], valid: Callable[[], bool] | None = None) -> int:
    """Run one file case and check everything a hostile file must not do."""
    path.write_bytes(data)
    before = digest(path)
    code, out, err = run(argv)
    shown = printable(str(path))
    assert "Traceback" not in out + err, (data[:300], out, err)
    assert digest(path) == before, "the file was changed"
    assert code in (0, 2), (code, data[:300], out, err)
    assert "\x1b" not in out + err and "\x00" not in out + err
    if code == 0:
        assert err == "", (data[:300], err)
        assert out.startswith(f"{shown}: ok"), out
    else:
        lines = (out + err).splitlines()
        assert lines and all(line.startswith(shown) for line in lines), (data[:300], out, err)
        last_line = data.count(b"\n") + 1
        for line in lines:  # a line named is a line of the file
            m = re.match(rf"{re.escape(shown)}:(\d+): ", line)
            assert m is None or 1 <= int(m.group(1)) <= last_line, (line, data[:300])
    if valid is not None:
        assert (code == 0) == valid(), (data[:300], out, err)
    return code


# --------------------------------------------------------------------------- decks


def deck_is_legal(data: bytes) -> bool:
    """An independent reading of 000 ch.1 §1 for a deck file (the oracle for the fuzz)."""
    db = load_cards()
    try:
        raw = tomli.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    if "\x00" in data.decode("utf-8") or set(raw) - {"name", "cards"}:
        return False
    if max(len(line) for line in data.split(b"\n")) > 256 * 1024:
        return False
    name = raw.get("name", "")
    cards = raw.get("cards")
    if not isinstance(name, str) or len(name) > 100 or printable(name) != name or not isinstance(cards, dict):
        return False
    per_name: dict[tuple[str, str], int] = {}
    free = 0  # cards any number of which a deck may hold (003)
    contracts = set()
    for cid, n in cards.items():
        if cid not in db or type(n) is not int or n < 1:
            return False
        c = db[cid]
        if c.any_number:
            free += n
        else:  # one name and one identification number: one card (line 30)
            per_name[(c.name, c.ident)] = per_name.get((c.name, c.ident), 0) + n
        if c.contract:
            contracts.add(c.name)
    most = max(per_name.values(), default=0)
    return sum(per_name.values()) + free >= MIN_CARDS and most <= MAX_COPIES and len(contracts) <= 1


def test_a_thousand_mutated_decks(tmp_path: Path):
    bases = [p.read_bytes() for p in shipped_decks()]
    path = tmp_path / "deck.toml"
    codes = []
    for _, data in mutants(bases, CASES, seed=8):
        codes.append(check_case(path, data, ["deck", "check", str(path)], lambda d=data: deck_is_legal(d)))
    # the mutations reach both outcomes: most are refused, some still are legal decks
    assert codes.count(2) > CASES // 2 and codes.count(0) > 20


# ------------------------------------------------------------------------ positions

POSITIONS = [
    (ROOT / "benchmarks" / "full_board.toml").read_bytes(),
    b"""active = 1
turn = 4
step = "attack"
seed = 77
[[player]]
hand = ["R03", "R10"]
deck = ["R01", "R02", "R05"]
field = [
  { card = "R04", cores = 3, soul = true, brave = "R16" },
  { card = "R08", cores = 1 },
]
trash = ["R09"]
life = 4
reserve = 2
burst = "R19"
[[player]]
hand = ["G01", "G09"]
deck = ["G01", "G02"]
field = ["G01", { card = "G03", cores = 2, state = "exhausted" }]
life = 3
reserve = 4
trash_cores = 1
burst = "G18"
""",
    b"""turn = 2
[[player]]
deck = []
life = 0
soul = "life"
[[player]]
hand = ["W01"]
field = [{ card = "W12", cores = 1, soul = true, state = "heavy" }]
""",
    b"""active = 0
turn = 7
step = "main"
[[player]]
hand = ["Y09", "Y10"]
deck = ["Y01", "Y02", "Y03"]
field = [{ card = "Y06", cores = 4 }, { card = "Y08", cores = 0 }]
life = 2
reserve = 6
soul = "trash"
burst = "Y14"
[[player]]
hand = ["U08"]
deck = ["U01"]
field = [{ card = "U11", cores = 2, soul = true, brave = "U05" }]
life = 5
reserve = 0
""",
]


def test_the_position_bases_are_valid(tmp_path: Path):
    for i, data in enumerate(POSITIONS):
        p = tmp_path / f"base{i}.toml"
        p.write_bytes(data)
        position_from_toml(p)


def zone_problems(g) -> list[str]:
    """000 ch.2, restated: where a card may be in a position that was accepted."""
    out = []
    for p in g.players:
        for cid in p.field:
            d = g.static.defs[cid]
            if d.kind == "magic":
                out.append(f"magic {d.id} on the field")
            host = g.field[cid].host
            if host >= 0 and not d.can_brave(g.static.defs[host]):
                out.append(f"{d.id} braved to a spirit it cannot brave")
        out += [f"{g.static.defs[c].id} set as a burst" for c in p.burst if g.static.defs[c].burst is None]
        out += [f"{g.static.defs[c].id} set as a mirage" for c in p.mirage if g.static.defs[c].mirage_cost < 0]
        if p.life_total < 1:
            out.append("a player without life")
    return out


def play_a_little(path: Path) -> None:
    """A position that passed the checks gives a consistent game that can be played."""
    g = position_from_toml(path)
    assert invariant_problems(g) == [] and zone_problems(g) == []
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(PLAY_DECISIONS):
        if g.pending is None:
            break
        d = g.pending.decision
        g.answer(agents[d.player].choose(d, lambda p=d.player: view_for(g, p)))
        assert invariant_problems(g) == []


def test_a_thousand_mutated_positions(tmp_path: Path):
    path = tmp_path / "position.toml"
    codes = []
    for _, data in mutants(POSITIONS, CASES, seed=80):
        code = check_case(path, data, ["position", "check", str(path)])
        if code == 0:
            with time_limit(TIME_LIMIT):
                play_a_little(path)
        else:  # the table is refused the same file in the same words
            with pytest.raises(PositionError):
                position_from_toml(path)
        codes.append(code)
    assert codes.count(2) > CASES // 2 and codes.count(0) > 20


def test_play_refuses_mutated_positions_before_the_table_starts(tmp_path: Path):
    path = tmp_path / "position.toml"
    refused = 0
    for _, data in mutants(POSITIONS, 150, seed=81):
        path.write_bytes(data)
        try:
            position_from_toml(path)
            continue  # a valid position would start the table
        except PositionError:
            pass
        code, out, err = run(["play", "--position", str(path)])
        assert code == 2 and out == "" and "Traceback" not in err
        assert all(line.startswith(str(path)) for line in err.splitlines())
        refused += 1
    assert refused > 50


# ------------------------------------------------------------------------ card data


def test_mutated_card_files_give_card_data_errors_naming_file_and_line(tmp_path: Path):
    bases = [p.read_bytes() for p in sorted(DATA_DIR.glob("*.toml"))]
    folder = tmp_path / "cards"
    folder.mkdir()
    path = folder / "set.toml"
    refused = 0
    for _, data in mutants(bases, 300, seed=88):
        path.write_bytes(data)
        with time_limit(TIME_LIMIT):
            try:
                load_cards(folder)
            except CardDataError as e:
                refused += 1
                assert str(e).startswith(f"{path}") and "\n" not in str(e), str(e)
                assert re.match(rf"{re.escape(str(path))}(:\d+)?: ", str(e)), str(e)
    assert refused > 100


# ------------------------------------------------------------------------ lessons

LESSONS = [
    (ROOT / "bs_tui" / "data" / "lessons" / name).read_bytes()
    for name in ("ch1_block_lethal.toml", "tutorial.toml", "ch1_deck_four_copies.toml", "ch2a_brave_for_lethal.toml")
]


def a_moment_lesson() -> bytes:
    """A moment of a game as a lesson file (practice/moment.py), for its mutants."""
    from bs_tui.agents import make_agent
    from bs_tui.engine import Game, load_deck, view_for
    from bs_tui.engine.data.decks import shipped_decks
    from bs_tui.practice.moment import moment_text

    db = load_cards()
    decks = [load_deck(p, db).card_list() for p in shipped_decks()[:2]]
    g = Game.new(decks[0], decks[1], 3, db)
    agent = make_agent("greedy", 1)
    for _ in range(500):  # greedy play on to turn 3
        d = g.decision
        if d is None or g.turn >= 3:
            break
        v = view_for(g, d.player)
        g.answer(agent.choose(v.decision, lambda v=v: v))
    assert g.decision is not None
    return moment_text(view_for(g, g.decision.player, knowledge=True), seed=9).encode()


def test_a_thousand_mutated_lessons(tmp_path: Path):
    """Lesson files (docs/practice.md) from anywhere: one line per problem naming the file and
    line, exit 2, nothing changed; a lesson that reads but does not hold says so per line."""
    path = tmp_path / "lesson.toml"
    codes = []
    for _, data in mutants([*LESSONS, a_moment_lesson()], CASES, seed=82):
        with time_limit(TIME_LIMIT * 4):
            codes.append(check_case(path, data, ["practice", "check", str(path)]))
    assert codes.count(2) > CASES // 3 and codes.count(0) > 20


# ---------------------------------------------------------------------- command lines

BAD_COMMAND_LINES = [
    ["frobnicate"],
    ["--frobnicate"],
    ["play", "--nope"],
    ["play", "extra"],
    ["play", "--seed"],
    ["play", "--seed", "-1"],
    ["play", "--seed", "x"],
    ["play", "--seed", str(2**64)],
    ["play", "--seed", "1.5"],
    ["play", "--seed", "9" * 5000],
    ["play", "--deck1", ""],
    ["play", "--deck1", "no_such_deck"],
    ["play", "--deck2", "/no/such/deck.toml"],
    ["play", "--deck1", "/dev/zero"],
    ["play", "--deck1", "/"],
    ["play", "--position", ""],
    ["play", "--position", "/no/such/position.toml"],
    ["play", "--position", "/dev/zero"],
    ["play", "--position", "/"],
    ["play", "--save-dir", "README.md"],
    ["play", "--save-dir", "README.md/inside"],
    ["play", "--save-dir", ""],
    ["selfplay", "--games", "0"],
    ["selfplay", "--games", "-5"],
    ["selfplay", "--games", "abc"],
    ["selfplay", "--games", "1e3"],
    ["selfplay", "--games", ""],
    ["selfplay", "--games", str(10**7)],
    ["selfplay", "--games=-1"],
    ["selfplay", "--seed", "-3"],
    ["selfplay", "--agents", "foo,bar"],
    ["selfplay", "--agents", "random"],
    ["selfplay", "--agents", "random,random,random"],
    ["selfplay", "--agents", ""],
    ["selfplay", "--agents", ","],
    ["selfplay", "--agents", "random,\x1b[31mevil"],
    ["selfplay", "--save-dir", "README.md"],
    ["selfplay", "--no-check=1"],
    ["saves", "--save-dir", "README.md"],
    ["saves", "extra"],
    ["resume", "--save-dir", "pyproject.toml"],
    ["resume", "a", "b"],
    ["replay"],
    ["replay", ""],
    ["replay", "x", "--save-dir", "README.md"],
    ["deck"],
    ["deck", "check"],
    ["deck", "check", ""],
    ["deck", "lint", "x"],
    ["deck", "check", "/no/such/deck.toml"],
    ["deck", "check", "\udcff\udcfe.toml"],
    ["deck", "check", "\x1b]0;pwned\x07.toml"],
    ["deck", "check", "a" * 5000],
    ["position"],
    ["position", "check"],
    ["position", "check", "/no/such.toml"],
    ["practice", "check"],
    ["practice", "check", "/no/such/lesson.toml"],
    ["practice", "/no/such/lesson.toml"],
    ["practice", "no_such_lesson"],
    ["practice", "/dev/zero"],
    ["practice", "a", "b"],
    ["practice", "check", "x", "--nope"],
    ["cards", "list", "extra"],  # (bare `cards` opens the card library)
    ["cards", "list", "--color", "pink"],
    ["cards", "list", "--color"],
    ["cards", "list", "--colour", "RED"],
    ["cards", "show"],
    ["cards", "show", "ZZ99"],
    ["cards", "show", "\x1b[2J"],
    ["cards", "frob"],
    ["--\x1b[31m"],
    ["\udcff"],
    ["play", "--hotseat=yes"],
]


@pytest.mark.parametrize("argv", BAD_COMMAND_LINES, ids=[printable(" ".join(a))[:40] for a in BAD_COMMAND_LINES])
def test_a_malformed_command_line_is_exit_2_without_a_traceback(argv):
    code, out, err = run(argv)
    assert code == 2, (code, out, err)
    said = (out + err).strip()
    assert said and "Traceback" not in said
    assert "\x1b" not in said and "\x07" not in said
    last = said.splitlines()[-1]  # the error: from argparse, or a file named
    assert last.startswith(("bs-tui", "/", "no_such_deck", "?", "a" * 40)), said


def test_enough_malformed_command_lines():
    assert len(BAD_COMMAND_LINES) >= 50


# ---------------------------------------------------------------- real processes


def bs_tui(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bs_tui", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=PATIENCE,  # a FIFO or /dev/zero read without end would hang
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def specials(tmp_path: Path) -> list[tuple[Path, str]]:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    return [
        (fifo, "is a FIFO (named pipe), not a regular file"),
        (Path("/dev/zero"), "is a device, not a regular file"),
        (zero, "is a device, not a regular file"),
        (folder, "is a folder, not a file"),
        (loop, "too many levels of symbolic links"),
    ]


def test_fifo_devices_and_folders_through_a_real_bs_tui(specials):
    for command in (["deck", "check"], ["position", "check"], ["practice", "check"]):
        res = bs_tui(*command, *[str(p) for p, _ in specials])
        assert res.returncode == 2 and "Traceback" not in res.stdout + res.stderr
        assert res.stdout.splitlines() == [f"{p}: {problem}" for p, problem in specials]
    for p, problem in specials[:4]:
        for option in ("--position", "--deck1"):
            res = bs_tui("play", option, str(p))
            assert res.returncode == 2 and res.stdout == "", res
            assert res.stderr.splitlines() == [f"{p}: {problem}"]


def test_version():
    from bs_tui import __version__

    res = bs_tui("--version")
    assert res.returncode == 0 and res.stdout == f"bs-tui {__version__}\n"


def test_output_to_a_closed_pipe_ends_quietly():
    proc = subprocess.Popen(
        [sys.executable, "-m", "bs_tui", "cards", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=PATIENCE) == 141
    assert err == ""
