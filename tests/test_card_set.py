"""The practice card set as a whole: one test per card (each quoting the card's generated
text), and every colour with its braves, bursts, nexus, flash magic and keywords."""

from __future__ import annotations

import importlib

import pytest

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import COLOURS
from bs_tui.engine.data.text import card_text

DB = load_cards()
# a module of card tests per colour, and one per set of the chapter 2 systems
SETS = (
    *COLOURS,
    "ultimates",
    "tokens",
    "count",
    "open_area",
    "advent",
    "rebirth",
    "grandwalkers",
    "imagine_myth",
    "contracts",
    "continuous",
)
MODULES = [importlib.import_module(f"test_cards_{c}") for c in SETS]
TESTS = {name: fn for m in MODULES for name, fn in vars(m).items() if name.startswith("test_") and callable(fn)}
KEYWORDS = {
    "red": {"clash", "assault"},
    "purple": {"seal"},
    "green": {"awaken", "swift"},
    "white": {"armor", "heavy_armor"},
    "blue": {"crush"},
    "yellow": {"swift"},
}


@pytest.mark.parametrize("card_id", sorted(DB.cards))
def test_each_card_has_a_test_that_quotes_its_text(card_id):
    tests = [fn for name, fn in TESTS.items() if name.startswith(f"test_{card_id.lower()}_")]
    assert tests, f"no test for {card_id}"
    lines = [" ".join(line.split()) for line in card_text(DB[card_id])]
    quoting = [fn for fn in tests if all(line in " ".join((fn.__doc__ or "").split()) for line in lines)]
    assert quoting, f"no test of {card_id} quotes its text: {lines}"


@pytest.mark.parametrize("colour", COLOURS)
def test_each_colour_has_its_systems(colour):
    cards = [c for c in DB.cards.values() if colour in c.colours]
    assert len(cards) >= 12
    assert any(c.kind == "brave" and any(e.braved for e in c.effects) for c in cards)
    assert sum(c.burst is not None for c in cards) >= 2
    assert any(c.kind == "nexus" for c in cards)
    assert any(c.kind == "magic" and c.effects_for("flash") for c in cards)
    assert {k.name for c in cards for k in c.keywords} >= KEYWORDS[colour]
