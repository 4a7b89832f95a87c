"""Five rules that were wrong and are put right (issue 17), each checked against the seed
line that says it, through the decision interface."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, bp, cid_of, f, logged, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.rules import costs

# A contract spirit that draws when it leaves the field.
LEAVER = {
    "id": "T-LEAVER",
    "name": "Test Pact Leaver",
    "kind": "spirit",
    "contract": True,
    "colours": ["red"],
    "cost": 3,
    "symbols": ["red"],
    "levels": [{"cores": 1, "bp": 3000}],
    "effect": [{"when": "leaves", "do": [{"verb": "draw", "n": 1}]}],
}
# A magic that destroys an opposing spirit.
SMITE = {
    "id": "T-SMITE",
    "name": "Test Smite",
    "kind": "magic",
    "colours": ["purple"],
    "cost": 0,
    "effect": [{"when": "main", "do": [{"verb": "destroy", "target": "opponent_spirit"}]}],
}
# A spirit that turns over by rebirth when destroyed; its back face is blue.
PHOENIX = {
    "id": "T-PHOENIX",
    "name": "Test Ash Phoenix",
    "kind": "spirit",
    "colours": ["red"],
    "cost": 3,
    "families": ["Blaze Beast"],
    "symbols": ["red"],
    "levels": [{"cores": 1, "bp": 3000}],
    "effect": [
        {"when": "destroyed", "do": [{"verb": "flip"}]},
        {"when": "attacks", "do": [{"verb": "flip"}]},
    ],
    "back": {
        "name": "Test Tide Phoenix",
        "kind": "spirit",
        "colours": ["blue"],
        "cost": 5,
        "symbols": ["blue"],
        "levels": [{"cores": 1, "bp": 5000}],
    },
}
# A magic: your red spirits get BP +3000 this turn.
RALLY = {
    "id": "T-RALLY",
    "name": "Test Red Rally",
    "kind": "magic",
    "colours": ["red"],
    "cost": 0,
    "effect": [
        {"when": "main", "do": [{"verb": "bp", "target": "own_spirit", "all": True, "colour": "red", "amount": 3000}]}
    ],
}
# A magic that puts 7 tokens of one kind onto the field.
HORDE = {
    "id": "T-HORDE",
    "name": "Test Horde Call",
    "kind": "magic",
    "colours": ["red"],
    "cost": 0,
    "effect": [{"when": "main", "do": [{"verb": "put_token", "card": "K01", "n": 7}]}],
}
# A myth brave whose [Spirit Braved] effect aims at your spirits.
BANNER = {
    "id": "T-BANNER",
    "name": "Test Banner Myth",
    "kind": "brave",
    "colours": ["blue"],
    "cost": 3,
    "families": ["Myth"],
    "symbols": ["blue"],
    "levels": [{"cores": 1, "bp": 2000}],
    "brave_bp": 1000,
    "brave_condition": {"min_cost": 3},
    "brave_condition_nexus": {},
    "effect": [
        {
            "when": "attacks",
            "braved": "spirit",
            "do": [{"verb": "bp", "target": "own_spirit", "all": True, "amount": 4000, "duration": "battle"}],
        }
    ],
}


@pytest.fixture(scope="module")
def tdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in (LEAVER, SMITE, PHOENIX, RALLY, HORDE, BANNER):
        cards[t["id"]] = card_from_table(t, "test")
    return CardDB(cards, "test")


def test_soul_state_is_offered_after_the_leaves_effects_resolve(tdb: CardDB) -> None:
    """001 line 28 and 000 ch.2 §8 line 714: whether to take soul state is chosen after the
    card's "when leaves the field" effects have resolved, at the moment a brave chooses to
    stay as a spirit."""
    g = position(side(hand=["T-SMITE"]), side(field=[f("T-LEAVER", 1)], deck=["R01"] * 5), db=tdb)
    leaver = cid_of(g, 1, "field", "T-LEAVER")
    hand = len(g.players[1].hand)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-SMITE"), "main"))
    d = s.expect(1, Kind.YES_NO)
    assert d.context.get("question") in ("soul_state", "source_soul_state")
    assert len(g.players[1].hand) == hand + 1  # its "when leaves" draw has resolved already
    g.answer(True)
    assert g.field[leaver].soul_state


def test_a_card_turned_over_by_its_when_destroyed_effect_stays(tdb: CardDB) -> None:
    """000 ch.2 §7 step ④ (line 672): a card that was leaving the field and turns over by
    rebirth stays on the field."""
    g = position(side(hand=["T-SMITE"]), side(field=[f("T-PHOENIX", 1)]), db=tdb)
    phoenix = cid_of(g, 1, "field", "T-PHOENIX")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-SMITE"), "main"))
    s.expect(0, Kind.MAIN_ACTION)
    assert phoenix in g.field and phoenix not in g.players[1].trash
    assert g.defs[phoenix].name == "Test Tide Phoenix" and not g.field[phoenix].leaving


def test_a_rally_on_a_red_spirit_ends_when_it_reborns_blue(tdb: CardDB) -> None:
    """000 ch.2 §7 line 677, the case itself: the rally reaches the red front face; after the
    flip to the blue back face, its BP +3000 no longer applies; a spirit still red keeps it."""
    g = position(side(hand=["T-RALLY"], field=[f("T-PHOENIX", 1), f("R03", 1)]), side(), db=tdb)
    phoenix, r03 = cid_of(g, 0, "field", "T-PHOENIX"), cid_of(g, 0, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-RALLY"), "main"))
    assert bp(g, phoenix) == 3000 + 3000 and bp(g, r03) == 3000 + 3000
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", phoenix))  # "when attacks": it turns over
    assert g.defs[phoenix].name == "Test Tide Phoenix"
    assert bp(g, phoenix) == 5000  # the blue back face: the rally ends for it
    assert bp(g, r03) == 3000 + 3000  # still red: kept
    assert logged(g, "no longer meets the condition of an effect")


def test_tokens_of_a_kind_have_no_limit(tdb: CardDB) -> None:
    """000 ch.2 §9 (lines 742, 748): there is no limit to tokens of one kind."""
    g = position(side(hand=["T-HORDE"], reserve=10), side(), db=tdb)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-HORDE"), "main"))
    for _ in range(7):
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    tokens = [c for c in g.players[0].field if g.defs[c].id == "K01"]
    assert len(tokens) == 7
    s.expect(0, Kind.MAIN_ACTION)


def test_a_myth_braves_spirit_effect_for_your_spirits_works_on_the_ascended_grandwalker_alone(
    tdb: CardDB,
) -> None:
    """000 ch.2 §6 line 631: braved to an ascended grandwalker, a myth brave's [Spirit Braved]
    effect aimed at "your spirits" works on the grandwalker itself alone, never on your other
    spirits."""
    g = position(side(field=[f("N02", 4, brave="T-BANNER"), f("R03", 1)], reserve=1), side(), db=tdb)
    n02, r03 = cid_of(g, 0, "field", "N02"), cid_of(g, 0, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("skill", n02, 1))  # [Ascension: 3]
    before = bp(g, n02)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", n02))
    assert bp(g, n02) == before + 4000
    assert bp(g, r03) == costs.bp_of(g, r03) == 3000  # not the other spirit
