"""Hostile saves (issue 8): over a thousand mutated copies of real saves (written by
`start_save` and by seeded self-play), each run through `saves`, `replay --verify` and
`resume --headless` in-process. Every case: exit 0 or 2, every line on stderr names the
file (exit 2: exactly one line that is not a notice), no traceback, no control character
printed, no hang (a time limit per command), and the file's bytes and time unchanged."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing import Hang, run

from bs_tui.agents import RandomAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.saves import start_save
from bs_tui.selfplay import selfplay

CASES = 1_200
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


# ----------------------------------------------------------------------------- real saves


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """Real saves: an unfinished game against the AI (ending on a checkpoint line), an
    unfinished hot-seat game, and two finished self-play games."""
    d = tmp_path_factory.mktemp("bases")
    db = load_cards()
    out = []
    for seed, mode, controls, stop in ((3, "ai", ("human", "greedy"), 37), (4, "hotseat", ("human", "human"), 24)):
        g = Game.new(
            load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list(), seed, db, ("You", "AI")
        )
        j = start_save(
            g, d, seed=seed, mode=mode, controls=controls, decks=("crimson_dawn", "verdant_tide"), sync=False
        )
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while g.decisions < stop:
            a = agents[g.decision.player].choose(g.decision, None)
            g.answer(a)
            j.append(a, g)
        j.close()
        out.append(j.path.read_bytes())
    sp = d / "selfplay"
    selfplay(2, 9, ("greedy", "random"), save_dir=sp)
    out += [f.read_bytes() for f in sorted(sp.glob("*.bsj"))]
    assert len(out) == 4 and b'"check"' in out[0] and b'"end"' in out[2]
    return out


# ----------------------------------------------------------------------------- mutations

Mutation = Callable[[random.Random, bytes], bytes]

ODD_VALUES: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    -(2**63),
    2**64,
    10**300,
    1.5,
    1e308,
    "",
    "x",
    "\x1b[31m",
    "R01",
    [],
    {},
    [1, [2, [3]]],
    {"a": {"b": 1}},
    ["pay", [["reserve", 99]], True],
    ["summon", -1],
    "y" * 5000,
    list(range(300)),
]
CONTROLS = ["\x1b[2J", "\x1b]0;title\x07", "\r", "\x00", "\x9b31m", "\x08\x08", "\x7f", "\u2028", "\x1bc"]
BIG_NUMBERS = [b"1" + b"0" * 5000, b"1e400", b"-1e400", b"NaN", b"Infinity", b"-0", b"18446744073709551616", b"-1"]


def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8) if rng.random() < 0.7 else rng.randrange(1, 256)
    return bytes(b)


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    ls = lines_of(data)
    i, k = rng.randrange(len(ls)), rng.randrange(len(ls))
    ls[i], ls[k] = ls[k], ls[i]
    return b"\n".join(ls)


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    ls = lines_of(data)
    ls.insert(rng.randrange(len(ls)), ls[rng.randrange(len(ls))])
    return b"\n".join(ls)


def delete_line(rng: random.Random, data: bytes) -> bytes:
    ls = lines_of(data)
    del ls[rng.randrange(len(ls))]
    return b"\n".join(ls)


def nesting_bomb(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice([33, 100, 1000, 100_000, 200_000])
    open_, close = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
    bomb = open_ * depth + (b"1" + close * depth if rng.random() < 0.5 else b"")
    ls = lines_of(data)
    where = rng.choice(["header", "record", "last", "new"])
    if where == "header":
        ls[0] = bomb
    elif where == "record" and len(ls) > 2:
        i = rng.randrange(1, len(ls) - 1)
        ls[i] = re.sub(rb'"a":[^,}]*', lambda m: b'"a":' + bomb, ls[i], count=1)
    elif where == "last":
        ls[-1] = bomb
    else:
        ls.insert(rng.randrange(1, len(ls) + 1), bomb)
    return b"\n".join(ls)


def huge_number(rng: random.Random, data: bytes) -> bytes:
    ls = lines_of(data)
    i = rng.randrange(len(ls))
    nums = list(re.finditer(rb"(?<![\w.])-?\d+(\.\d+)?", ls[i]))
    if nums:
        m = rng.choice(nums)
        ls[i] = ls[i][: m.start()] + rng.choice(BIG_NUMBERS) + ls[i][m.end() :]
    return b"\n".join(ls)


def _edit_json_line(rng: random.Random, data: bytes, i: int, change: Callable[[dict], None]) -> bytes:
    ls = lines_of(data)
    try:
        rec = json.loads(ls[i])
    except (ValueError, RecursionError):  # an earlier mutation made it unreadable
        return data
    if isinstance(rec, dict):
        try:
            change(rec)
        except (TypeError, KeyError, IndexError):  # an earlier mutation changed its shape
            return data
        text = json.dumps(rec, ensure_ascii=rng.random() < 0.5)
        # a lone surrogate from an earlier mutation can only be written escaped
        ls[i] = text.encode("utf-8", "backslashreplace")
    return b"\n".join(ls)


def _poke(rng: random.Random, node: object) -> None:
    """Give one field somewhere inside `node` a value of another type."""
    path: list[tuple[object, object]] = []
    while isinstance(node, dict | list) and node:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]  # type: ignore[index]
        if rng.random() < 0.4:
            break
    if path:
        parent, key = path[-1]
        parent[key] = rng.choice(ODD_VALUES)  # type: ignore[index]


def wrong_type_header(rng: random.Random, data: bytes) -> bytes:
    return _edit_json_line(rng, data, 0, lambda h: _poke(rng, h))


def wrong_type_record(rng: random.Random, data: bytes) -> bytes:
    n = len(lines_of(data))
    i = rng.randrange(1, n) if n > 1 else 0

    def change(rec: dict) -> None:
        if rng.random() < 0.5:
            key = rng.choice(["n", "p", "k", "a", "h", "turn", "step", "t", "check", "end", "winner"])
            rec[key] = rng.choice(ODD_VALUES)
        else:
            _poke(rng, rec)

    return _edit_json_line(rng, data, i, change)


def hostile_answer(rng: random.Random, data: bytes) -> bytes:
    """An answer the engine is handed as it is: another type, or one part of it changed."""
    ls = lines_of(data)
    at = [i for i, ln in enumerate(ls) if b'"a":' in ln]
    if not at:
        return data

    def change(rec: dict) -> None:
        if rng.random() < 0.4 or not isinstance(rec.get("a"), list):
            rec["a"] = rng.choice(ODD_VALUES)
        else:
            _poke(rng, rec["a"])

    return _edit_json_line(rng, data, rng.choice(at), change)


def control_names(rng: random.Random, data: bytes) -> bytes:
    def change(h: dict) -> None:
        text = "".join(rng.choice([*CONTROLS, "Eve", " ", "é", "[b]", "🂡"]) for _ in range(rng.randint(1, 8)))
        spot = rng.choice(["player", "deck", "mode", "step", "bs_tui", "long"])
        if spot == "player" and isinstance(h.get("players"), list):
            h["players"][rng.randrange(2)]["name"] = text
        elif spot == "deck" and isinstance(h.get("decks"), list):
            h["decks"][rng.randrange(2)]["name"] = text
        elif spot == "long" and isinstance(h.get("players"), list):
            h["players"][0]["name"] = text * 10_000
        else:
            h[spot] = text

    return _edit_json_line(rng, data, 0, change)


def bad_encoding(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data))
    junk = rng.choice([b"\xff", b"\xc3", b"\x00", b"\xed\xa0\x80", b"\r\n", b"\n\n", b"\x1b[2J"])
    return data[:i] + junk + data[i:]


def crlf(rng: random.Random, data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


def garbage_lines(rng: random.Random, data: bytes) -> bytes:
    extra = rng.choice(
        [b"[]", b"null", b'"end"', b'{"end":true,"winner":0}', b'{"n":1,"a":"first"}', b'{"check":0}', b"{}", b"#"]
    )
    ls = lines_of(data)
    ls.insert(rng.randrange(len(ls) + 1), extra)
    return b"\n".join(ls)


MUTATIONS: list[Mutation] = [
    flip_bytes,
    truncate,
    swap_lines,
    duplicate_line,
    delete_line,
    nesting_bomb,
    huge_number,
    wrong_type_header,
    wrong_type_record,
    hostile_answer,
    hostile_answer,
    control_names,
    bad_encoding,
    crlf,
    garbage_lines,
]


def mutate(rng: random.Random, data: bytes) -> bytes:
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if data:
            data = rng.choice(MUTATIONS)(rng, data)
    return data


# ----------------------------------------------------------------------------- the cases


def check_output(path: Path, argv: list[str], code: int, out: str, err: str) -> None:
    case = f"{argv}: exit {code}\n{out}\n{err}"
    assert code in (0, 2), case
    assert "Traceback" not in out + err, case
    assert not CONTROL.search(out + err), case
    shown = str(path)
    errors = [ln for ln in err.splitlines() if not ln.startswith("notice: ")]
    assert all(shown in ln for ln in err.splitlines()), case
    if argv[0] == "saves":
        assert code == 0 and path.name.removesuffix(".bsj") in out, case
    elif code == 2:
        assert len(errors) == 1 and not out, case
    else:
        assert not errors and out.startswith(shown), case


def test_a_thousand_mutated_saves(bases: list[bytes], tmp_path: Path) -> None:
    rng = random.Random(8)
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "case.bsj"
    outcomes = {"replays": 0, "refused": 0}
    for n in range(CASES):
        data = mutate(rng, rng.choice(bases))
        path.write_bytes(data)
        before = os.stat(path).st_mtime_ns
        results = {}
        for argv in (
            ["saves", "--save-dir", str(folder)],
            ["replay", "--verify", str(path)],
            ["resume", "--headless", str(path)],
        ):
            try:
                code, out, err = run(argv)
            except Hang as e:
                pytest.fail(f"case {n}: {argv}: {e}")
            check_output(path, argv, code, out, err)
            results[argv[0]] = code
        assert results["replay"] == results["resume"], n  # one reader, one verdict
        assert path.read_bytes() == data and os.stat(path).st_mtime_ns == before, n
        outcomes["replays" if results["replay"] == 0 else "refused"] += 1
    # the mutations must both break saves and leave some usable (a torn line, a swap of equal lines)
    assert outcomes["refused"] > CASES // 2 and outcomes["replays"] > 20, outcomes
