"""Continuous effects (常在効果) as one mechanism: what they change (BP, cost, colours,
symbols, families) and forbid, while their conditions hold, derived when read so that
levels, leaving the field and rebirth re-check them by themselves; and the precedence of
000 Q&A 关于效果整体 A3 ("cannot" > "must" > "do" > "may") and A4 ("cannot be prevented" >
"unaffected" > "cannot activate"). Test cards, through the decision interface."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, bp, cid_of, f, fv, logged, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDataError, CardDB, card_from_table
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model import derived
from bs_tui.engine.rules import costs


def nexus(cid: str, *effects: dict[str, Any], colour: str = "red") -> dict[str, Any]:
    return {
        "id": cid,
        "name": f"Test {cid}",
        "kind": "nexus",
        "colours": [colour],
        "cost": 0,
        "symbols": [colour],
        "levels": [{"cores": 0}, {"cores": 2}],
        "effect": list(effects),
    }


def spirit(cid: str, *effects: dict[str, Any], colour: str = "red", bp: int = 3000, **extra: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": f"Test {cid}",
        "kind": "spirit",
        "colours": [colour],
        "cost": 3,
        "symbols": [colour],
        "levels": [{"cores": 1, "bp": bp}, {"cores": 3, "bp": bp + 2000}],
        "effect": list(effects),
        **extra,
    }


def cont(*do: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"when": "continuous", "do": list(do), **kw}


CARDS = [
    # [Lv1-Lv2] your red spirits get BP +1000; [Lv2] and +1000 more for each opposing spirit
    nexus(
        "T-BANNER",
        cont({"verb": "bp", "target": "own_spirit", "colour": "red", "amount": 1000}, levels=[1, 2]),
        cont({"verb": "bp", "target": "own_spirit", "amount": 1000, "per": "opponent_spirit"}, levels=[2]),
    ),
    # [Lv2] this spirit cannot be blocked by spirits with 5000 BP or less
    spirit("T-RUNNER", cont({"verb": "forbid", "what": "be_blocked", "by": {"max_bp": 5000}}, levels=[2])),
    # opposing spirits' 'when summoned' effects cannot activate (purple), and an unpreventable one
    nexus(
        "T-HUSH",
        cont({"verb": "forbid", "target": "opponent_spirit", "what": "activate", "effects": "summoned"}),
        colour="purple",
    ),
    nexus(
        "T-HUSH2",
        cont(
            {
                "verb": "forbid",
                "target": "opponent_spirit",
                "what": "activate",
                "effects": "summoned",
                "unpreventable": True,
            }
        ),
        colour="purple",
    ),
    # your opponent cannot draw during your turn
    nexus("T-DRY", cont({"verb": "forbid", "target": "opponent", "what": "draw"}, during="your_turn"), colour="blue"),
    # the cost of magic cards in your opponent's hand +1; of your spirit cards in hand -1 while you have a nexus
    nexus(
        "T-TAX",
        cont({"verb": "cost", "target": "opponent_hand", "kind": "magic", "amount": 1}),
        cont({"verb": "cost", "target": "own_hand", "kind": "spirit", "amount": -1}, **{"if": {"have": "nexus"}}),
        colour="yellow",
    ),
    # this spirit is also treated as white (green; symbols too)
    spirit("T-LARVA", cont({"verb": "add_colour", "colours": ["white"]}), colour="green"),
    # opposing spirits are treated as colourless; and have no family
    nexus(
        "T-BLEACH",
        cont({"verb": "set_colour", "target": "opponent_spirit", "colours": []}),
        cont({"verb": "no_families", "target": "opponent_spirit"}),
        colour="white",
    ),
    # your spirits cannot be chosen by the opponent's effects, nor destroyed by them, nor returned
    nexus(
        "T-WARD",
        cont({"verb": "forbid", "target": "own_spirit", "what": "be_targeted"}, levels=[2]),
        cont({"verb": "forbid", "target": "own_spirit", "what": "be_returned"}),
        colour="white",
    ),
    # opposing spirits cannot block
    nexus("T-AWE", cont({"verb": "forbid", "target": "opponent_spirit", "what": "block"})),
    # a spirit with Clash, and a summon-draw spirit with Armor: purple
    spirit("T-CLASH", keywords=[{"name": "clash"}], bp=6000),
    spirit(
        "T-ARMORED",
        {"when": "summoned", "do": [{"verb": "draw", "n": 1}]},
        keywords=[{"name": "armor", "colours": ["purple"]}],
    ),
    spirit("T-DRAWER", {"when": "summoned", "do": [{"verb": "draw", "n": 1}]}),
    # colours set by two cards that contradict: the later card's text wins (003)
    nexus("T-BLUE", cont({"verb": "set_colour", "target": "opponent_spirit", "colours": ["blue"]}), colour="blue"),
    spirit("T-GREENSELF", cont({"verb": "set_colour", "colours": ["green"]}), colour="green"),
    # magics: destroy one opposing spirit, return one opposing spirit
    {
        "id": "T-KILL",
        "name": "Test Kill",
        "kind": "magic",
        "colours": ["purple"],
        "cost": 0,
        "effect": [{"when": "main", "do": [{"verb": "destroy"}]}],
    },
    {
        "id": "T-BOLT",
        "name": "Test Bolt",
        "kind": "magic",
        "colours": ["red"],
        "cost": 3,
        "reduction": ["white", "white"],
        "effect": [{"when": "main", "do": [{"verb": "draw", "n": 1}]}],
    },
]


@pytest.fixture(scope="module")
def cdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in CARDS:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, "test")


def test_a_bp_aura_holds_while_its_nexus_is_on_the_field_at_the_level(cdb: CardDB) -> None:
    """000 ch.1 §5 (a nexus's [Lv1-Lv2] effects work whatever its cores) and ch.1
    "复数效果同时发挥时" (effects that keep working apply first): your red spirits get BP
    +1000 while the nexus is on the field; at Lv2 +1000 for each opposing spirit; derived,
    so it ends the moment the nexus leaves."""
    g = position(side(field=[f("T-BANNER", 0), f("R03", 1), f("G01", 1)]), side(field=[f("R01"), f("R01")]), db=cdb)
    banner, r03, g01 = (cid_of(g, 0, "field", c) for c in ("T-BANNER", "R03", "G01"))
    base = g.defs[r03].bp_at(1)
    assert bp(g, r03) == base + 1000 and bp(g, g01) == g.defs[g01].bp_at(1)  # red only
    g.field[banner].cores = 2  # Lv2: +1000 for each of the 2 opposing spirits, all your spirits
    assert bp(g, r03) == base + 1000 + 2000 and bp(g, g01) == g.defs[g01].bp_at(1) + 2000
    g.field[banner].leaving = "destroyed"  # in standby its effects have stopped (003)
    assert bp(g, r03) == base


def test_cannot_be_blocked_by_low_bp_spirits(cdb: CardDB) -> None:
    """A continuous "[Lv2] this spirit cannot be blocked by spirits with 5000 BP or less":
    the low blocker is not offered, with the reason; at Lv1 it may block."""
    g = position(side(field=[f("T-RUNNER", 3)]), side(field=[f("R03", 1), f("R06", 3)]), step="attack", db=cdb)
    runner = cid_of(g, 0, "field", "T-RUNNER")
    r03, r06 = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "R06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", runner))
    d = s.expect(1, Kind.BLOCK)
    assert ("block", r03) not in d.options and (("block", r03), "Test T-RUNNER cannot be blocked by it") in d.context[
        "unavailable"
    ]
    assert bp(g, r06) > 5000 and ("block", r06) in d.options


def test_cannot_beats_must(cdb: CardDB) -> None:
    """000 Q&A 关于效果整体 A3: "cannot" beats "must": Clash says the opponent must block if
    able; under "opposing spirits cannot block" nobody blocks and the hit is taken."""
    g = position(side(field=[f("T-CLASH", 1), f("T-AWE", 0)]), side(field=[f("R03", 1)]), step="attack", db=cdb)
    s = Script(g)
    life = g.players[1].life_total
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "T-CLASH")))
    s.expect(1, Kind.MAIN_ACTION)  # no block was possible: the hit went through, the turn passed
    assert g.players[1].life_total == life - 1 and logged(g, "has no spirit that can block")


def test_cannot_activate_against_armor_and_cannot_be_prevented(cdb: CardDB) -> None:
    """000 Q&A 关于效果整体 A4: "cannot be prevented" > "unaffected" > "cannot activate": under
    a purple "opposing 'when summoned' effects cannot activate", a plain spirit's draw does not
    happen; a spirit with Armor: purple draws all the same; unless the effect cannot be
    prevented."""
    for hush, armored_draws in (("T-HUSH", True), ("T-HUSH2", False)):
        g = position(
            side(hand=["T-DRAWER", "T-ARMORED"], reserve=8, deck=["R01"] * 5),
            side(field=[f(hush, 0)]),
            db=cdb,
        )
        s = Script(g)
        hand = len(g.players[0].hand)
        s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "T-DRAWER")))
        s.expect(0, Kind.PAY_COST, pay(reserve=3))
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))
        assert len(g.players[0].hand) == hand - 1  # no draw
        s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "T-ARMORED")))
        s.expect(0, Kind.PAY_COST, pay(reserve=3))
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))
        assert len(g.players[0].hand) == hand - 2 + armored_draws


def test_the_opponent_cannot_draw_during_your_turn(cdb: CardDB) -> None:
    """A continuous "during your turn, your opponent cannot draw cards": the opponent's
    effect draw does nothing in your turn; in their own turn their Draw Step draws."""
    g = position(side(field=[f("T-DRY", 0)]), side(hand=["T-DRAWER"], deck=["R01"] * 5), db=cdb)
    assert derived.player_forbidden(g, "draw", 1) and not derived.player_forbidden(g, "draw", 0)
    s = Script(g)
    hand = len(g.players[1].hand)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)  # their turn: the Draw Step drew
    assert len(g.players[1].hand) == hand + 1


def test_costs_change_in_the_hand_while_the_condition_holds(cdb: CardDB) -> None:
    """ "A cost that changes while something holds": the opponent's magic costs 1 more; your
    spirit cards cost 1 less while you have a nexus (this one)."""
    g = position(side(hand=["R03"], field=[f("T-TAX", 0)]), side(hand=["T-KILL"]), db=cdb)
    r03 = cid_of(g, 0, "hand", "R03")
    assert costs.reduced_cost(g, 0, g.defs[r03]) == g.defs[r03].cost - 1
    kill = cid_of(g, 1, "hand", "T-KILL")
    assert costs.reduced_cost(g, 1, g.defs[kill]) == 1
    tax = cid_of(g, 0, "field", "T-TAX")
    g.field[tax].leaving = "destroyed"  # in standby: its effects have stopped (003)
    assert costs.reduced_cost(g, 1, g.defs[kill]) == 0 and costs.reduced_cost(g, 0, g.defs[r03]) == g.defs[r03].cost


def test_also_treated_as_a_colour_adds_it_to_the_symbols(cdb: CardDB) -> None:
    """003 カードの色とシンボルの色: "also treated as white" adds white to the card and to
    each of its symbols: a green/white symbol, which reduces one white reduction symbol
    (one colour at a time)."""
    g = position(side(hand=["T-BOLT"], field=[f("T-LARVA", 1)]), side(), db=cdb)
    larva = cid_of(g, 0, "field", "T-LARVA")
    assert costs.colours_of(g, larva) == ("green", "white")
    assert costs.symbols_of(g, larva) == (("green", "white"),)
    bolt = cid_of(g, 0, "hand", "T-BOLT")
    assert costs.reduced_cost(g, 0, g.defs[bolt]) == 2  # one white symbol reduces once


def test_colourless_and_no_families(cdb: CardDB) -> None:
    """003: "treated as colourless": no colour, its symbols no colour (they still count as
    symbols for life, and reduce nothing); 001 (families by effects): "has no family"."""
    g = position(side(field=[f("T-BLEACH", 0)]), side(field=[f("R03", 1)]), db=cdb)
    r03 = cid_of(g, 1, "field", "R03")
    assert costs.colours_of(g, r03) == () and costs.symbols_of(g, r03) == ((),)
    assert costs.field_symbols(g, 1) == [()] and costs.families_of(g, r03) == ()
    # both seats read it in the view (the field is public, 003)
    assert fv(g, r03).notes == ("By effects: colours none (colourless); families none.",)


def test_protections_from_the_opponents_effects(cdb: CardDB) -> None:
    """ "[Lv2] your spirits cannot be chosen by your opponent's effects": not offered to the
    opponent's destroy at Lv2; at Lv1 it can be chosen."""
    g = position(side(hand=["T-KILL"]), side(field=[f("T-WARD", 2), f("R03", 1)]), db=cdb)
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-KILL"), "main"))
    assert r03 in g.field and logged(g, "no card can be chosen")
    g = position(side(hand=["T-KILL"]), side(field=[f("T-WARD", 0), f("R03", 1)]), db=cdb)
    r03 = cid_of(g, 1, "field", "R03")
    Script(g).expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-KILL"), "main"))
    assert r03 not in g.field


def test_a_continuous_effect_needs_a_modifier_and_says_what_it_does() -> None:
    """Card data: a continuous effect is made of modifiers, each with its check and its
    text; a verb that happens once is refused there, and so are once/may/scope."""
    with pytest.raises(CardDataError, match="no modifier 'draw'"):
        card_from_table(nexus("T-BAD", cont({"verb": "draw", "n": 1})), "test")
    with pytest.raises(CardDataError, match="no once, may"):
        card_from_table(nexus("T-BAD", cont({"verb": "bp", "amount": 1000}, once="turn")), "test")
    with pytest.raises(CardDataError, match="what = "):
        card_from_table(nexus("T-BAD", cont({"verb": "forbid", "target": "opponent", "what": "attack"})), "test")
    text = card_text(card_from_table(CARDS[0], "test"))
    assert text == [
        "[Lv1-Lv2] Continuous: Your red spirits get BP +1000.",
        "[Lv2] Continuous: Your spirits get BP +1000 for each opposing spirit.",
    ]


def test_where_two_texts_contradict_the_later_card_wins(cdb: CardDB) -> None:
    """003 カードの効果はルールに勝つ (line 134): where two cards' texts contradict, the text of
    the card played later wins: "this spirit is treated as green only" against "opposing
    spirits are treated as blue only" is decided by which came onto the field last."""
    g = position(side(hand=["T-GREENSELF"], reserve=4), side(field=[f("T-BLUE", 0)]), db=cdb)
    me = cid_of(g, 0, "hand", "T-GREENSELF")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", me))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert costs.colours_of(g, me) == ("green",)  # summoned after the nexus: its own text wins
    g = position(side(field=[f("T-GREENSELF", 1)]), side(hand=["T-BLUE"]), active=1, db=cdb)
    me = cid_of(g, 0, "field", "T-GREENSELF")
    assert costs.colours_of(g, me) == ("green",)
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("deploy", cid_of(g, 1, "hand", "T-BLUE")))
    s.expect(1, Kind.PLACE_CORES, place())
    assert costs.colours_of(g, me) == ("blue",)  # the nexus came later: its text wins


def test_a_family_given_by_an_effect_meets_a_brave_condition() -> None:
    """000 ch.2 §1 (the brave condition) read with what continuous effects make of a card
    (001: families given by effects are effects): Bannerbearer Salamander (E02, Blaze Beast,
    "also has the family Drakeling") meets Twinflame Imagine Colossus's left condition
    (family Drakeling) as well as its right one (Blaze Beast)."""
    g = position(side(field=[f("I01", 0), f("E02", 1)]), side())
    i01, e02 = cid_of(g, 0, "field", "I01"), cid_of(g, 0, "field", "E02")
    opts = g.decision.options
    assert ("fuse", i01, e02, "left") in opts and ("fuse", i01, e02, "right") in opts
