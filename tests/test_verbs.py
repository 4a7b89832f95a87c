"""Verbs of the effect vocabulary that the starter decks use rarely or not at all,
driven through test-only cards (000 Q&A 关于效果整体, 关于战魂或究极等的状态)."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, cid_of, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDataError, CardDB, card_from_table
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model.state import EXHAUSTED, HEAVY, REFRESHED

EXTRA = [
    {
        "id": "T-BOUNCE",
        "name": "Tide Returner",
        "kind": "magic",
        "colours": ["white"],
        "cost": 0,
        "effect": [{"when": "flash", "do": [{"verb": "return_to_hand", "target": "opponent_spirit", "max_cost": 3}]}],
    },
    {
        "id": "T-HEAVY",
        "name": "Crushing Weight",
        "kind": "magic",
        "colours": ["green"],
        "cost": 0,
        "effect": [{"when": "main", "do": [{"verb": "heavy_exhaust", "target": "opponent_spirit"}]}],
    },
    {
        "id": "T-MILL",
        "name": "Deep Current",
        "kind": "magic",
        "colours": ["blue"],
        "cost": 0,
        "effect": [{"when": "main", "do": [{"verb": "discard_deck", "n": 3}]}],
    },
    {
        "id": "T-VOID",
        "name": "Void Siphon",
        "kind": "magic",
        "colours": ["purple"],
        "cost": 0,
        "effect": [
            {"when": "main", "do": [{"verb": "remove_cores", "target": "opponent_spirit", "n": 2, "to": "void"}]}
        ],
    },
]


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    base = load_cards()
    cards = dict(base.cards)
    for t in EXTRA:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, "test")


def use(g, cid, which="main"):
    s = Script(g)
    s.expect(g.active, Kind.MAIN_ACTION, ("magic", cid, which))
    return s


def test_return_to_hand_sends_cores_to_the_owners_reserve(xdb):
    """Return to hand: the card goes to its owner's hand, its cores (Soul Core too) to the
    owner's reserve (000 §5.6, Q&A 关于效果整体 A14)."""
    g = position(
        side(hand=["T-BOUNCE"]),
        side(
            field=[{"card": "R03", "cores": 1, "soul": True}, {"card": "R04", "cores": 2}, {"card": "R01", "cores": 1}],
            reserve=0,
        ),
        db=xdb,
    )
    raptor = cid_of(g, 1, "field", "R03")
    lancer = cid_of(g, 1, "field", "R04")
    s = use(g, cid_of(g, 0, "hand", "T-BOUNCE"), "flash")
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert (lancer,) not in d.options and (raptor,) in d.options  # cost 4 is above the limit
    g.answer((raptor,))
    s.expect(0, Kind.MAIN_ACTION)
    p2 = g.players[1]
    assert raptor in p2.hand and raptor not in g.field
    assert p2.reserve_total == 2 and p2.soul == -1  # 1 plain core + the Soul Core


def test_heavy_exhaustion_takes_two_refreshes(xdb):
    """Heavily exhausted (Q&A 状态 A3): a refresh makes it exhausted, the next refreshed."""
    g = position(side(hand=["T-HEAVY"]), side(field=[{"card": "G01", "cores": 1}]), db=xdb)
    beetle = cid_of(g, 1, "field", "G01")
    s = use(g, cid_of(g, 0, "hand", "T-HEAVY"))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[beetle].state == HEAVY
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    # player 1 has nothing to attack with; player 2's refresh step: heavily exhausted -> exhausted
    s.expect(1, Kind.MAIN_ACTION)
    assert g.field[beetle].state == EXHAUSTED
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    # an exhausted beetle cannot attack: no attack decision
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.field[beetle].state == REFRESHED


def test_discard_from_the_top_of_the_deck_in_order(xdb):
    """Deck discards go one card at a time from the top (003 デッキの破棄)."""
    g = position(side(hand=["T-MILL"]), side(deck=["G01", "G02", "G03", "G04"]), db=xdb)
    top3 = g.players[1].deck[-3:][::-1]
    use(g, cid_of(g, 0, "hand", "T-MILL")).expect(0, Kind.MAIN_ACTION)
    assert g.players[1].trash == top3
    assert len(g.players[1].deck) == 1
    assert "discards from the top of the deck" in g.log_lines()[-1]


def test_soul_core_never_goes_to_the_void(xdb):
    """Q&A 灵魂晶核 A2: moving 2 cores to the void from a spirit with the Soul Core and
    1 core moves only the plain core; the spirit keeps the Soul Core and is not depleted."""
    g = position(side(hand=["T-VOID"]), side(field=[{"card": "G01", "cores": 1, "soul": True}]), db=xdb)
    beetle = cid_of(g, 1, "field", "G01")
    void_before = g.players[1].void
    use(g, cid_of(g, 0, "hand", "T-VOID")).expect(0, Kind.MAIN_ACTION)
    assert g.field[beetle].cores == 0 and g.players[1].soul == beetle
    assert g.players[1].void == void_before + 1


def test_life_reduced_trigger(db):
    """'When your life is reduced' (000 §6.5: the defender may use such effects when the
    attack reduces life): Ashen Sentinel puts a core from the void into the reserve."""
    g = position(
        side(field=[{"card": "R01", "cores": 1}]),
        side(field=[{"card": "R15", "cores": 1, "state": "exhausted"}], reserve=0),
        step="attack",
    )
    pup = cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    # no blocker, no other attacker: the turn passes to player 2
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 4
    # the life core and one from the void; the core step added one more
    assert g.players[1].reserve == 3
    assert any("from the void into the reserve" in line for line in g.log_lines())


def test_destroyed_spirit_in_standby_can_be_chosen(db):
    """Q&A 状态 A1: a destroyed spirit waits in standby while the effects its destruction
    caused resolve; ordinary effects can still choose it. Scorch Hatchling's draw resolves
    before it goes to the trash."""
    g = position(side(hand=["R09"], reserve=3), side(field=[{"card": "R05", "cores": 1}]))
    hatchling = cid_of(g, 1, "field", "R05")
    hand_before = len(g.players[1].hand)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R09"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert hatchling in g.players[1].trash
    assert len(g.players[1].hand) == hand_before + 1


def test_unknown_verbs_and_parameters_are_refused():
    """Cards are data: a verb the engine does not execute is refused when cards load."""
    bad = {
        "id": "X",
        "name": "X",
        "kind": "magic",
        "cost": 1,
        "effect": [{"when": "main", "do": [{"verb": "teleport"}]}],
    }
    with pytest.raises(CardDataError, match="no verb 'teleport'"):
        card_from_table(bad, "test")
    bad["effect"] = [{"when": "main", "do": [{"verb": "draw", "n": 1, "colour": "red"}]}]
    with pytest.raises(CardDataError, match="takes no parameter 'colour'"):
        card_from_table(bad, "test")


def test_card_text_is_generated_from_what_runs(xdb):
    assert card_text(xdb["T-BOUNCE"]) == ["Flash: Return 1 opposing spirit with cost 3 or less to its owner's hand."]
    assert card_text(xdb["T-MILL"]) == ["Main: Discard 3 cards from the top of your opponent's deck."]


def test_unused_helpers_are_consistent():
    assert (REFRESHED, EXHAUSTED, HEAVY) == (0, 1, 2)
    assert place(reserve=1) == ("place", (("reserve", 1),), False)


def card_dir(tmp_path, text: str):
    d = tmp_path / "cards"
    d.mkdir()
    (d / "set.toml").write_text(text)
    return d


SPIRIT = '[[card]]\nid = "T1"\nname = "Probe"\nkind = "spirit"\ncost = 1\nlevels = [{ cores = 1, bp = 1000 }]\n'


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("summon_conditon = { count = 1 }\n", "a card has no field 'summon_conditon'"),
        (
            '[[card.effect]]\nwhen = "main"\nmincount = 2\ndo = [{ verb = "draw", n = 1 }]\n',
            "an effect has no field 'mincount'",
        ),
        ('brave_condition = { min_cost = 3, colour = "red" }\n', "brave_condition has no field 'colour'"),
        (
            '[[card.effect]]\nwhen = "life_reduced"\nscope = "own_spirit"\ndo = [{ verb = "draw", n = 1 }]\n',
            "scope 'own_spirit' goes with",
        ),
    ],
)
def test_card_data_with_a_field_the_engine_does_not_read_is_refused(tmp_path, extra, message):
    """A typo in card data is refused with the file, the line of the card and the field, not
    loaded as if the field were absent (hostile input: one clear line)."""
    with pytest.raises(CardDataError, match=message) as e:
        load_cards(card_dir(tmp_path, SPIRIT + extra))
    assert str(e.value).startswith(f"{tmp_path / 'cards' / 'set.toml'}:1:")


def test_a_step_about_another_card_must_name_one_that_fits(tmp_path):
    """put_token names a token card of the set (000 ch.2 §9); flip turns over a card that has a
    back face (ch.2 §7): both are checked when the cards load, not when a game first needs them."""
    token = SPIRIT + '[[card.effect]]\nwhen = "summoned"\ndo = [{ verb = "put_token", card = "NOPE" }]\n'
    with pytest.raises(CardDataError, match="put_token names 'NOPE', which is no token card"):
        load_cards(card_dir(tmp_path / "a", token) if (tmp_path / "a").mkdir() is None else None)
    flip = SPIRIT + '[[card.effect]]\nwhen = "attacks"\ndo = [{ verb = "flip" }]\n'
    with pytest.raises(CardDataError, match="flip turns this card over, but it has no back face"):
        load_cards(card_dir(tmp_path / "b", flip) if (tmp_path / "b").mkdir() is None else None)
