"""Loose ends found by fuzzing (issue 17): a game that ends in the middle of a payment, and
card data bounded and typed as decks and saves are."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, cid_of, f, position, side

from bs_tui.engine.data.cards import CardDataError, card_from_table
from bs_tui.selfplay import invariant_problems


def test_a_game_won_in_the_middle_of_a_payment_ends_there() -> None:
    """000 victory conditions (line 13: 在那个时点对战立即结束): when a manifest is paid with the
    last life core (000 ch.2 §6: life may pay it) and a spirit's last core, the player loses
    at once; the spirit left with no cores is not depleted first, and the self-play checker
    agrees with the engine (the fuzzing run `selfplay --games 123 --seed 11` stopped on it)."""
    g = position(side(hand=["N11"], field=[f("N01", 2), f("R01", 1)], life=1, reserve=2), side())
    n11, n01, r01 = cid_of(g, 0, "hand", "N11"), cid_of(g, 0, "field", "N01"), cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("manifest", n11, n01))
    assert g.decision.allocation.amount == 3  # cost 5: one core of the grandwalker, one red symbol
    s.expect(0, Kind.PAY_COST, ("pay", (("reserve", 1), ("life", 1), (r01, 1)), False))
    assert g.over and g.winner == 1 and g.players[0].life_total == 0
    assert r01 in g.field and g.field[r01].cores == 0  # the game ended before any depletion
    assert invariant_problems(g) == []


def test_card_fields_are_bounded_and_typed() -> None:
    """Card data is a user file like decks and saves: every field is typed and bounded, and a
    wrong one is one clear line naming it (the fuzzing run loaded `name = -1` as "-1" and
    `cost = 10**300`)."""
    base = {"id": "T-B", "name": "Test Bound", "kind": "spirit", "cost": 3, "levels": [{"cores": 1, "bp": 1000}]}
    for field, value, words in (
        ("name", -1, "name"),
        ("name", "", "name"),
        ("name", "x" * 200, "name"),
        ("id", 7, "id"),
        ("cost", 10**300, "cost"),
        ("cost", -1, "cost"),
        ("cost", "3", "cost"),
        ("colours", "red", "colours"),
        ("families", [3], "families"),
        ("levels", [{"cores": 10**9, "bp": 1000}], "cores"),
        ("levels", [{"cores": 1, "bp": -5}], "bp"),
        ("brave_bp", 10**12, "brave_bp"),
        ("mirage_cost", 10**12, "mirage_cost"),
        ("flavor", 5, "flavor"),
        ("symbols", ["red"] * 50, "symbols"),
    ):
        with pytest.raises(CardDataError, match=words):
            card_from_table({**base, field: value}, "cards.toml:1:")
    with pytest.raises(CardDataError, match="n"):
        card_from_table({**base, "effect": [{"when": "summoned", "do": [{"verb": "draw", "n": 10**300}]}]}, "x")
    with pytest.raises(CardDataError, match="amount"):
        card_from_table({**base, "effect": [{"when": "summoned", "do": [{"verb": "bp", "amount": 10**300}]}]}, "x")


def test_a_card_reference_problem_names_its_file_and_line(tmp_path) -> None:
    """A step naming a card it cannot (`put_token` of a card that is no token) is told with
    the file and line of the card, like any other card data error; the lines are looked up
    only then, so that loading good card data (every start) does not pay for it."""
    from bs_tui.engine.data.cards import load_cards

    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "Z01"\nname = "Pup"\nkind = "spirit"\ncost = 1\nlevels = [{ cores = 1, bp = 1000 }]\n\n'
        '[[card]]\nid = "Z02"\nname = "Kiln"\nkind = "spirit"\ncost = 3\nlevels = [{ cores = 1, bp = 3000 }]\n'
        '[[card.effect]]\nwhen = "summoned"\ndo = [{ verb = "put_token", card = "Z01" }]\n'
    )
    with pytest.raises(
        CardDataError, match=r"bad\.toml:8: card Z02 effect 1: put_token names 'Z01', which is no token"
    ):
        load_cards(tmp_path)
