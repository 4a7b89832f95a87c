"""The command line: deck checks, card checks and self-play figures (rulebook 000 ch.1 §1
for deck legality)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PATIENCE
from fuzzing import run_main

from bs_tui.engine import load_cards, read_deck
from bs_tui.engine.data.cards import COLOURS
from bs_tui.engine.data.decks import shipped_decks

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bs_tui", *args], capture_output=True, text=True, cwd=ROOT, timeout=PATIENCE
    )


def test_shipped_decks_are_legal():
    res = cli("deck", "check", *[str(p) for p in shipped_decks()])
    assert res.returncode == 0, res.stdout
    assert res.stdout.count(": ok") == len(shipped_decks()) >= 8


def test_each_colour_has_a_starter_deck_and_two_decks_mix_colours():
    """Issue: six starter decks, one per colour, and two mixed-colour decks."""
    db = load_cards()
    colours_of_deck = []
    for p in shipped_decks():
        deck, problems = read_deck(p, db)
        assert not problems and deck is not None
        colours_of_deck.append({c for cid, _ in deck.cards for c in db[cid].colours})
    mono = [next(iter(c)) for c in colours_of_deck if len(c) == 1]
    assert set(mono) == set(COLOURS)  # a starter deck per colour (and more decks since)
    assert sum(len(c) >= 2 for c in colours_of_deck) >= 2


@pytest.mark.parametrize("colour", COLOURS)
def test_at_least_twelve_cards_per_colour(colour):
    res = cli("cards", "list", "--color", colour)
    assert res.returncode == 0
    assert len(res.stdout.strip().splitlines()) >= 12


def test_deck_problems_name_file_line_and_problem(tmp_path: Path):
    """000 ch.1 §1: at least 40 cards, at most 3 of a name; unknown cards and bad TOML are
    one clear line each, exit 2, never a traceback."""
    short = tmp_path / "short.toml"
    short.write_text('name = "Short"\n[cards]\nR01 = 3\nR02 = 4\nZZ99 = 1\nR03 = "two"\n', encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text('name = "Broken"\n[cards\nR01 = 3\n', encoding="utf-8")
    res = cli("deck", "check", str(short), str(broken), str(tmp_path / "missing.toml"))
    assert res.returncode == 2
    assert "Traceback" not in res.stdout + res.stderr
    lines = res.stdout.strip().splitlines()
    assert f"{short}:4: 4 copies of 'Flarewing Drake'; at most 3 of a name" in lines
    assert f"{short}:5: unknown card id 'ZZ99'" in lines
    assert any(line.startswith(f"{short}:6: R03: copies must be a whole number") for line in lines)
    assert any(line.startswith(f"{broken}:2: not valid TOML") for line in lines)
    assert f"{tmp_path / 'missing.toml'}: no such file" in lines
    res = cli("deck", "check", str(ROOT / "decks" / "crimson_dawn.toml"))
    assert res.returncode == 0


def test_deck_below_forty_cards(tmp_path: Path):
    small = tmp_path / "small.toml"
    small.write_text("[cards]\nR01 = 3\nR02 = 3\n", encoding="utf-8")
    res = cli("deck", "check", str(small))
    assert res.returncode == 2 and "6 cards; a deck needs at least 40" in res.stdout


def test_at_most_one_kind_of_contract_card(tmp_path: Path):
    from bs_tui.engine.data.cards import CardDB, card_from_table

    cards = dict(load_cards().cards)
    for i in (1, 2):
        c = card_from_table(
            {
                "id": f"K{i}",
                "name": f"Pact {i}",
                "kind": "spirit",
                "cost": 1,
                "contract": True,
                "levels": [{"cores": 1}],
            },
            "t",
        )
        cards[c.id] = c
    p = tmp_path / "pact.toml"
    p.write_text(
        "[cards]\nK1 = 1\nK2 = 1\nR01 = 3\n" + "".join(f"R{n:02d} = 3\n" for n in range(2, 15)), encoding="utf-8"
    )
    _, problems = read_deck(p, CardDB(cards, "t"))
    # 001 (contract cards): one kind in a deck; the problem names both lines
    assert [(x.line, x.message) for x in problems] == [
        (2, "2 kinds of contract card (Pact 1, Pact 2, lines 2, 3); a deck holds one kind")
    ]
    p.write_text("[cards]\nK1 = 4\n" + "".join(f"R{n:02d} = 3\n" for n in range(2, 15)), encoding="utf-8")
    _, problems = read_deck(p, CardDB(cards, "t"))
    messages = [str(x) for x in problems]
    assert f"{p}:2: 4 contract cards (lines 2); at most 3 in a deck" in messages


def test_cards_check_passes():
    res = cli("cards", "check")
    assert res.returncode == 0, res.stdout
    assert "0 with problems" in res.stdout


def test_selfplay_prints_figures_and_repeats_its_hash():
    a = cli("selfplay", "--games", "20", "--seed", "7")
    b = cli("selfplay", "--games", "20", "--seed", "7")
    assert a.returncode == 0 and b.returncode == 0, a.stderr
    ja, jb = json.loads(a.stdout.strip().splitlines()[-1]), json.loads(b.stdout.strip().splitlines()[-1])
    for key in (
        "games",
        "decisions",
        "seconds",
        "decisions_per_s",
        "games_per_s",
        "wins",
        "errors",
        "invariant_violations",
        "peak_rss_mb",
        "hash",
    ):
        assert key in ja
    assert ja["games"] == 20 and ja["errors"] == 0 and ja["invariant_violations"] == 0
    assert ja["hash"] == jb["hash"] and ja["decisions"] == jb["decisions"]
    c = cli("selfplay", "--games", "20", "--seed", "8")
    assert json.loads(c.stdout.strip().splitlines()[-1])["hash"] != ja["hash"]


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ('name = "X"\ncards = 3\n', 2, "cards must be a table, not 3 (card id = copies)"),
        ('name = "X"\ncards = ["R01"]\n', 2, "cards must be a table, not a list (card id = copies)"),
        ("name = 7\n[cards]\nR01 = 3\n", 1, "name must be text, not 7"),
        ('name = "\\u001b[31mX"\n[cards]\nR01 = 3\n', 1, "name holds control characters"),
        ("[cards]\nR01 = 2.5\n", 2, "R01: copies must be a whole number >= 1, not 2.5"),
        ("[cards]\nR01 = true\n", 2, "R01: copies must be a whole number >= 1, not true"),
        ("[cards]\nR01 = { n = 3 }\n", 2, "R01: copies must be a whole number >= 1, not a table"),
        ("R01 = 3\n[cards]\nR02 = 3\n", 1, "R01 is above the [cards] table"),
        ('colour = "red"\n[cards]\nR02 = 3\n', 1, "unknown key 'colour' (a deck has name and [cards])"),
        ("[cards]\nR02 = " + "9" * 5000 + "\n", 2, "a number far too large"),
        ("x = " + "[" * 100 + "]" * 100 + "\n[cards]\n", 1, "nested more than 32 deep"),
        ("[cards]\nR02 = 3\n\xff\n", 3, "not UTF-8 text"),
    ],
)
def test_wrong_types_in_a_deck_are_problems_with_their_line(tmp_path: Path, text, line, problem):
    p = tmp_path / "deck.toml"
    p.write_bytes(text.encode("latin-1") if "\xff" in text else text.encode())  # \xff: a byte, not UTF-8
    code, out, err = run_main("deck", "check", str(p))
    assert code == 2 and err == "" and "Traceback" not in out
    assert f"{p}:{line}: {problem}" in out.splitlines(), out


def test_a_huge_deck_of_unknown_ids_shows_fifty_problems_and_counts_the_rest(tmp_path: Path):
    p = tmp_path / "big.toml"
    p.write_text("[cards]\n" + "".join(f"Q{i:05d} = 1\n" for i in range(20_000)), encoding="utf-8")
    code, out, _ = run_main("deck", "check", str(p))
    lines = out.splitlines()
    assert code == 2 and len(lines) == 51
    assert lines[0] == f"{p}:2: unknown card id 'Q00000'" and lines[49] == f"{p}:51: unknown card id 'Q00049'"
    assert lines[50] == f"{p}: … and 19,950 more problems"


def test_play_with_a_missing_or_bad_deck_is_one_line_and_exit_2(tmp_path: Path):
    code, out, err = run_main("play", "--deck1", "no_such_deck")
    assert code == 2 and out == ""
    assert err.startswith("no_such_deck: no such deck file, nor a shipped deck (shipped: ")
    assert all(p.stem in err for p in shipped_decks())
    assert len(err.splitlines()) == 1
    bad = tmp_path / "bad.toml"
    bad.write_text("[cards]\nR01 = 3\n", encoding="utf-8")
    code, out, err = run_main("play", "--deck2", str(bad))
    assert code == 2 and err.splitlines() == [f"{bad}: 3 cards; a deck needs at least 40"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["selfplay", "--games", "0"], "argument --games: must be from 1 to 1,000,000, not 0"),
        (["selfplay", "--games", "-5"], "argument --games: must be from 1 to 1,000,000, not -5"),
        (["selfplay", "--games", "2000000"], "argument --games: must be from 1 to 1,000,000, not 2000000"),
        (["selfplay", "--agents", "foo,bar"], "argument --agents: unknown agent 'foo'; known: random, greedy"),
        (["selfplay", "--agents", "greedy"], "argument --agents: takes two agent names like random,greedy"),
        (["selfplay", "--save-dir", "README.md"], "argument --save-dir: 'README.md' exists and is not a folder"),
        (["saves", "--save-dir", "README.md/x"], "argument --save-dir: 'README.md/x': "),
        (["play", "--seed", str(2**64)], "argument --seed: must be from 0 to 18,446,744,073,709,551,615"),
        (["cards", "list", "--color", "pink"], "invalid choice: 'pink' (choose from 'red', 'purple', 'green',"),
        (["deck"], "the following arguments are required: COMMAND"),
    ],
)
def test_bad_arguments_are_argparse_errors_with_exit_2(argv, said):
    import os

    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        code, out, err = run_main(*argv)
    finally:
        os.chdir(cwd)
    assert code == 2 and out == "" and said in err and "Traceback" not in err


def test_selfplay_checks_its_arguments_for_other_callers_too(capsys):
    from bs_tui.selfplay import main as selfplay_main

    assert selfplay_main(0, 1, "random,random") == 2
    assert selfplay_main(1, 1, "random,foo") == 2
    assert selfplay_main(1, 1, "random,random", save_dir=str(ROOT / "README.md")) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "bs-tui selfplay: --games must be at least 1, not 0"
    assert err[1] == "bs-tui selfplay: --agents: unknown agent 'foo'; known: random, greedy, easy, normal, hard"
    assert err[2].endswith("exists and is not a folder")
    assert selfplay_main(1, 1, "random,hard", budget=0) == 2
    assert selfplay_main(1, 1, "random,hard", budget=61) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["bs-tui selfplay: --ai-budget is seconds, more than 0 and at most 60.0, not 0"] + [
        "bs-tui selfplay: --ai-budget is seconds, more than 0 and at most 60.0, not 61"
    ]


def test_version_and_help_for_every_option():
    from bs_tui import __version__
    from bs_tui.cli import build_parser

    code, out, _ = run_main("--version")
    assert code == 0 and out == f"bs-tui {__version__}\n"

    def walk(parser):
        for action in parser._actions:
            if action.choices and isinstance(action.choices, dict):
                for sub in action.choices.values():
                    yield from walk(sub)
            else:
                yield parser.prog, action

    missing = [f"{prog} {a.dest}" for prog, a in walk(build_parser()) if not a.help]
    assert missing == []


def test_an_internal_error_in_a_headless_command_is_one_line_and_exit_1(monkeypatch):
    secret = {"hand": ["R01"]}

    def broken(card):
        raise RuntimeError(f"something broke\nin two lines {len(secret)}")

    monkeypatch.setattr("bs_tui.engine.data.text.card_summary", broken)
    code, out, err = run_main("cards", "list")
    assert code == 1 and out == ""
    assert err == "bs-tui: internal error: RuntimeError: something broke in two lines 1\n"


def test_cards_show_of_an_unknown_card_is_one_line_on_stderr():
    code, out, err = run_main("cards", "show", "\x1b[2JZZ")
    assert code == 2 and out == "" and err == "bs-tui: no card '\\x1b[2JZZ' (`bs-tui cards list` shows every card)\n"
