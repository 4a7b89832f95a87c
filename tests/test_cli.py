"""The command line: deck checks, card checks and self-play figures (rulebook 000 ch.1 §1
for deck legality)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bs_tui.engine import load_cards, read_deck
from bs_tui.engine.cards import COLOURS
from bs_tui.engine.decks import shipped_decks

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bs_tui", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
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
    assert sorted(mono) == sorted(COLOURS)
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
    from bs_tui.engine.cards import CardDB, card_from_table

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
    assert [x.message for x in problems] == ["2 kinds of contract card (Pact 1, Pact 2); at most 1"]


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
