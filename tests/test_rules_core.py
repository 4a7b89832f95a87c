"""Core rule tests: setup, the seven steps, costs, the Soul Core, core moves, the decision interface.

Every test drives the engine only through decisions (Game.new / scenario.position, then
g.decision and g.answer / Script) and names the section of the seeds it checks:
- 000: the Chinese rulebook 16.0 (chapter 1 §3 setup, §4 steps, §5 main step and payment
  ①–⑥, 消灭, §5.6 core moves, the Q&A sections);
- 003: colours and symbols, public and hidden information.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, cid_of, logged, pay, place, position, side

from bs_tui.engine import CardDB, Game, IllegalAnswer, load_cards, view_for
from bs_tui.engine.core.decision import CoreSource
from bs_tui.engine.data.cards import card_from_table
from bs_tui.engine.model.state import EXHAUSTED, HEAVY, REFRESHED, SOUL_RESERVE, SOUL_TRASH
from bs_tui.engine.rules.costs import bp_of, level_of, match_reduction

# ----------------------------------------------------------------------- helpers

# Test-only cards for what the shipped sets do not hold: multi-colour and ultimate symbols,
# more reduction symbols than cost, a "cores to the void" effect.
EXTRA_CARDS: tuple[dict[str, Any], ...] = (
    {
        "id": "XM1",
        "name": "Test Twin-Symbol Spirit",
        "kind": "spirit",
        "colours": ["red", "white"],
        "cost": 1,
        "symbols": ["red+white"],
        "levels": [{"cores": 1, "bp": 1000}],
    },
    {
        "id": "XM2",
        "name": "Test Red-White Reducer",
        "kind": "spirit",
        "colours": ["white"],
        "cost": 4,
        "reduction": ["red", "white"],
        "symbols": ["white"],
        "levels": [{"cores": 1, "bp": 3000}],
    },
    {
        "id": "XU1",
        "name": "Test Ultimate",
        "kind": "ultimate",
        "colours": ["red"],
        "cost": 5,
        "symbols": ["ultimate"],
        "levels": [{"cores": 1, "bp": 5000}],
    },
    {
        "id": "XZ1",
        "name": "Test Over-Reduced Spirit",
        "kind": "spirit",
        "colours": ["red"],
        "cost": 1,
        "reduction": ["red", "red"],
        "symbols": ["red"],
        "levels": [{"cores": 1, "bp": 1000}],
    },
    {
        "id": "XV1",
        "name": "Test Void Drain",
        "kind": "magic",
        "colours": ["purple"],
        "cost": 1,
        "effect": [
            {"when": "flash", "do": [{"verb": "remove_cores", "target": "opponent_spirit", "n": 2, "to": "void"}]}
        ],
    },
)


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    base = load_cards()
    cards = dict(base.cards)
    for t in EXTRA_CARDS:
        c = card_from_table(dict(t), "test_rules_core")
        cards[c.id] = c
    return CardDB(cards, "test_rules_core")


def new_game(decks: tuple[list[str], list[str]], seed: int = 1) -> Game:
    return Game.new(decks[0], decks[1], seed)


def board(g: Game) -> tuple[Any, ...]:
    """What is on the table and what is asked (not the log): for 'nothing changed' checks."""
    d = g.decision
    return (
        [p.copy() for p in g.players],
        {k: v.copy() for k, v in g.field.items()},
        g.turn,
        g.active,
        g.step,
        (d.player, d.kind, d.options, d.allocation) if d else None,
    )


def assert_illegal(g: Game, answer: Any, match: str | None = None) -> IllegalAnswer:
    """The answer raises IllegalAnswer and the game is exactly as before."""
    h = g.state_hash()
    b = board(g)
    with pytest.raises(IllegalAnswer, match=match) as e:
        g.answer(answer)
    assert g.state_hash() == h
    assert board(g) == b
    assert str(e.value)  # a readable message
    return e.value


def amount_to_summon(g: Game, player: int, card: str) -> int:
    """Declare a summon from the main step and read the PAY_COST amount; then cancel."""
    s = Script(g)
    cid = cid_of(g, player, "hand", card)
    s.expect(player, Kind.MAIN_ACTION, ("summon", cid))
    d = s.expect(player, Kind.PAY_COST, ("cancel",))
    s.expect(player, Kind.MAIN_ACTION)
    assert d.allocation is not None
    return d.allocation.amount


# ======================================================================= 1. setup


def test_setup_zones_with_shipped_decks(decks):
    """000 ch.1 §3 <4>–<6>: 5 life, 3 cores + the Soul Core in the reserve, 4 cards drawn."""
    g = new_game(decks)
    for p in g.players:
        assert p.life == 5 and p.life_total == 5
        assert p.reserve == 3 and p.soul == SOUL_RESERVE and p.reserve_total == 4
        assert len(p.hand) == 4
        assert len(p.deck) == 36
        assert p.trash_cores == 0 and not p.field and not p.trash
    assert not g.field
    for me in (0, 1):
        v = view_for(g, me)
        assert v.you.life == 5 and v.you.reserve == 4 and v.you.soul == "reserve"
        assert v.you.hand_count == 4 and v.you.deck == 36


@pytest.mark.parametrize("choice", ["first", "second"])
def test_coin_toss_winner_chooses_order(decks, choice):
    """000 ch.1 §3 <7>: the coin toss winner chooses to go first or second."""
    g = new_game(decks, seed=7)
    d = g.decision
    assert d is not None and d.kind == Kind.CHOOSE_ORDER
    assert set(d.options) == {"first", "second"}
    winner = d.player
    s = Script(g)
    s.expect(winner, Kind.CHOOSE_ORDER, choice)
    first = winner if choice == "first" else 1 - winner
    assert g.first == first and g.active == first and g.turn == 1
    s.expect(first, Kind.MAIN_ACTION)


def test_coin_toss_winner_varies_with_the_seed(decks):
    """000 ch.1 §3 <7>: it is a toss: over many seeds both players win it sometimes."""
    winners = {new_game(decks, seed).decision.player for seed in range(20)}
    assert winners == {0, 1}


def test_same_seed_same_state_different_seeds_differ(decks):
    """000 ch.1 §3 <2>: the shuffle is the game's own, reproducible from the seed."""
    a, b = new_game(decks, 42), new_game(decks, 42)
    assert a.state_hash() == b.state_hash()
    for g in (a, b):
        g.answer("first")
    assert a.state_hash() == b.state_hash()
    games = [new_game(decks, seed) for seed in range(10)]
    assert len({g.state_hash() for g in games}) == 10
    hands = {tuple(g.static.defs[c].id for c in g.players[0].hand) for g in games}
    assert len(hands) > 1


# ======================================================================= 2. steps


def test_first_turn_skips_core_step_second_player_gets_it(decks):
    """000 ch.1 §4 <2> core step (skipped on turn 1 only) and <3> draw step (1 card)."""
    g = new_game(decks, seed=3)
    s = Script(g)
    winner = g.decision.player
    s.expect(winner, Kind.CHOOSE_ORDER, "first")
    first, second = winner, 1 - winner
    # turn 1: no core step, one card drawn
    s.expect(first, Kind.MAIN_ACTION)
    pf, ps = g.players[first], g.players[second]
    assert g.turn == 1 and g.step == "main"
    assert pf.reserve == 3 and pf.soul == SOUL_RESERVE and pf.void == 32
    assert len(pf.hand) == 5 and len(pf.deck) == 35
    # the second player has not drawn yet
    assert len(ps.hand) == 4 and len(ps.deck) == 36
    s.expect(first, Kind.MAIN_ACTION, ("end",))
    # turn 2: the second player's core step moves 1 core from the void to the reserve
    s.expect(second, Kind.MAIN_ACTION)
    pf, ps = g.players[first], g.players[second]
    assert g.turn == 2 and g.active == second
    assert ps.reserve == 4 and ps.soul == SOUL_RESERVE and ps.void == 31
    assert len(ps.hand) == 5 and len(ps.deck) == 35
    # and the first player's cards and cores are untouched by the other's turn
    assert pf.reserve == 3 and len(pf.hand) == 5


def test_first_turn_has_no_attack_step_second_turn_has(decks):
    """000 ch.1 §4 <6> and §6: the first player's first turn skips the attack step; the
    second player can attack on their first turn."""
    g = position(
        side(field=[{"card": "R01", "cores": 1}], reserve=3),
        side(field=[{"card": "G01", "cores": 1}], reserve=3),
        active=0,
        turn=1,
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    # no ATTACK for player 0: the next decision is player 1's main step on turn 2
    s.expect(1, Kind.MAIN_ACTION)
    assert g.turn == 2
    assert g.players[1].reserve == 4  # the core step was not skipped for the second player
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    beetle = cid_of(g, 1, "field", "G01")
    d = s.expect(1, Kind.ATTACK)
    assert d.options == (("attack", beetle), ("end",))


def test_first_turn_no_attack_even_with_a_fresh_spirit(decks):
    """000 ch.1 §4 <6> and §6: turn 1 of the first player has no attack step, even with a
    refreshed spirit on the field (through Game.new with the shipped decks)."""
    g = new_game(decks, seed=1)
    s = Script(g)
    s.expect(1, Kind.CHOOSE_ORDER, "second")  # seed 1: player 2 wins the toss, player 1 goes first
    scout = cid_of(g, 0, "hand", "R07")
    s(
        (0, Kind.MAIN_ACTION, ("summon", scout)),
        (0, Kind.PAY_COST, pay(reserve=1)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
        (0, Kind.MAIN_ACTION, ("end",)),
    )
    assert g.field[scout].state == REFRESHED
    s.expect(1, Kind.MAIN_ACTION)
    assert g.turn == 2


def test_draw_step_draws_the_top_card():
    """000 ch.1 §4 <3>: draw 1 card from the top of the deck."""
    g = position(side(), side(deck=["G01", "G02", "G03"]), active=0, turn=3)
    top = g.players[1].deck[-1]
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    p = g.players[1]
    assert p.hand == [top] and len(p.deck) == 2


def test_refresh_step():
    """000 ch.1 §4 <4> refresh step; Q&A 关于战魂或究极等的状态 A3 (heavy exhaustion: one
    refresh makes it exhausted); trash cores and the Soul Core go back to the reserve."""
    g = position(
        side(
            field=[
                {"card": "R01", "cores": 1, "state": "exhausted"},
                {"card": "R02", "cores": 1, "state": "heavy"},
                {"card": "R03", "cores": 1, "state": "refreshed"},
                {"card": "R08", "cores": 0, "state": "exhausted"},
            ],
            reserve=1,
            trash_cores=3,
            soul="trash",
        ),
        side(field=[{"card": "G01", "cores": 1, "state": "exhausted"}], trash_cores=2),
        active=1,
        turn=4,
    )
    pup, drake, raptor, forge = (g.players[0].field[i] for i in range(4))
    beetle = g.players[1].field[0]
    s = Script(g)
    # player 1's only spirit is exhausted: no ATTACK decision, the turn passes
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.turn == 5
    assert g.field[pup].state == REFRESHED
    assert g.field[drake].state == EXHAUSTED
    assert g.field[raptor].state == REFRESHED
    assert g.field[forge].state == REFRESHED  # a nexus refreshes too
    p = g.players[0]
    assert p.trash_cores == 0
    assert p.soul == SOUL_RESERVE
    assert p.reserve == 1 + 1 + 3  # before + core step + trash cores
    # the other player's cards and trash are left alone on this player's refresh step
    assert g.field[beetle].state == EXHAUSTED
    assert g.players[1].trash_cores == 2


def test_refresh_step_heavy_exhaustion_needs_two_refreshes():
    """000 Q&A 关于战魂或究极等的状态 A3: heavy -> exhausted -> refreshed, one step per refresh."""
    g = position(side(field=[{"card": "R02", "cores": 1, "state": "heavy"}]), side(), active=1, turn=4)
    drake = g.players[0].field[0]
    assert g.field[drake].state == HEAVY
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[drake].state == EXHAUSTED
    s.expect(0, Kind.MAIN_ACTION, ("end",))  # exhausted: it cannot attack, no ATTACK decision
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[drake].state == REFRESHED


def test_refresh_effect_on_heavy_exhaustion():
    """000 Q&A 关于战魂或究极等的状态 A3: a refresh effect turns a heavily exhausted spirit into
    an exhausted one (G11 Wild Vigor), and a heavily exhausted spirit counts as exhausted: it
    cannot attack."""
    g = position(side(hand=["G11"], field=[{"card": "G01", "cores": 1, "state": "heavy"}], reserve=2), side())
    vigor = cid_of(g, 0, "hand", "G11")
    beetle = cid_of(g, 0, "field", "G01")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", vigor, "flash")),
        (0, Kind.PAY_COST, pay(reserve=1)),  # cost 2, one green symbol on the field
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[beetle].state == EXHAUSTED
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)  # no ATTACK: the beetle is exhausted


def test_empty_deck_loses_at_own_start_step_only():
    """000 胜利条件: a player whose deck is empty at their own start step loses."""
    g = position(side(deck=[]), side(deck=["G01"] * 5), active=0, turn=3)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    # the opponent's start step: player 0's empty deck does not matter yet
    s.expect(1, Kind.MAIN_ACTION)
    assert not g.over
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.done()
    assert g.over and g.winner == 1
    assert "deck" in g.end_reason
    assert g.decision is None
    with pytest.raises(IllegalAnswer):
        g.answer(("end",))


# ======================================================================= 3. costs


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        ([], 3),
        (["R01"], 2),
        (["R01", "R01"], 1),
        (["R01", "R01", "R01"], 1),  # never more than the reduction symbols
        (["G01", "G01"], 3),  # green symbols do not match red reduction symbols
        (["R01", "G01"], 2),
        ([{"card": "R08", "cores": 0}], 2),  # a nexus's symbol reduces too
    ],
)
def test_reduction_by_matching_symbols(field, expected):
    """000 ch.1 §5 payment ②–④: cost minus the reduction symbols matched by field symbols."""
    g = position(side(hand=["R03"], field=field, reserve=5), side())
    assert amount_to_summon(g, 0, "R03") == expected


def test_one_symbol_reduces_one_reduction_symbol():
    """000 ch.1 §5 ③–④: each field symbol covers one reduction symbol; a card with two
    symbols counts twice, a card with one symbol once."""
    # Pyre Colossus Dragon has two red symbols: both reduction symbols of the raptor are met
    g = position(side(hand=["R03"], field=["R06"], reserve=5), side())
    assert amount_to_summon(g, 0, "R03") == 1
    # one red symbol reduces the colossus (red red red) by one only
    g = position(side(hand=["R06"], field=["R01"], reserve=8), side())
    assert amount_to_summon(g, 0, "R06") == 5
    # symbols of the opponent's field do not count
    g = position(side(hand=["R03"], reserve=5), side(field=["R01", "R01"]))
    assert amount_to_summon(g, 0, "R03") == 3


def test_match_reduction_multicolour_and_special_symbols():
    """003 カードの色とシンボルの色: a multi-colour symbol counts as one of its colours;
    ultimate/god symbols are not colours and never reduce coloured reduction symbols."""
    rw = ("red", "white")
    assert match_reduction([rw], ("red", "white")) == 1  # one symbol, one reduction
    assert match_reduction([rw], ("white",)) == 1
    assert match_reduction([rw], ("red",)) == 1
    assert match_reduction([rw, ("white",)], ("red", "white")) == 2
    # the twin symbol must serve red, the white symbol white (needs re-assignment)
    assert match_reduction([("white",), rw], ("white", "red")) == 2
    assert match_reduction([rw, rw], ("red", "red", "white")) == 2
    assert match_reduction([("red",), ("red",)], ("red", "white")) == 1
    # 要塞蟲ラルバ + バル・ガンナー: green/white and red/white symbols: 4 patterns, 2 reductions
    assert match_reduction([("green", "white"), ("red", "white")], ("white", "white")) == 2
    assert match_reduction([("green", "white"), ("red", "white")], ("green", "red")) == 2
    assert match_reduction([("green", "white"), ("red", "white")], ("green", "green")) == 1
    # ultimate and god symbols
    assert match_reduction([("ultimate",)], ("red",)) == 0
    assert match_reduction([("god",)], ("red", "white")) == 0
    assert match_reduction([("ultimate",)], ("ultimate",)) == 1
    assert match_reduction([("red",)], ("ultimate",)) == 0
    assert match_reduction([("god",)], ("god",)) == 1
    assert match_reduction([], ("red",)) == 0
    assert match_reduction([("red",)], ()) == 0


def test_multicolour_symbol_on_the_field(xdb):
    """003 カードの色とシンボルの色 (要塞蟲ラルバ): a red/white symbol on the field reduces
    either colour, but only one reduction symbol."""
    g = position(side(hand=["XM2"], field=["XM1"], reserve=6), side(), db=xdb)
    assert amount_to_summon(g, 0, "XM2") == 3  # cost 4, one twin symbol reduces one
    g = position(side(hand=["XM2"], field=["XM1", "R01"], reserve=6), side(), db=xdb)
    assert amount_to_summon(g, 0, "XM2") == 2  # R01 covers red, the twin symbol white
    g = position(side(hand=["XM2"], field=["R01", "R01"], reserve=6), side(), db=xdb)
    assert amount_to_summon(g, 0, "XM2") == 3  # nothing covers white
    g = position(side(hand=["R03"], field=["XM1"], reserve=6), side(), db=xdb)
    assert amount_to_summon(g, 0, "R03") == 2  # the twin symbol counts as red


def test_ultimate_symbol_does_not_reduce_coloured_cost(xdb):
    """000 ch.2 §4 究极 and 003: an ultimate symbol never reduces a coloured reduction symbol."""
    g = position(side(hand=["R03"], field=["XU1"], reserve=6), side(), db=xdb)
    assert amount_to_summon(g, 0, "R03") == 3


def test_cost_never_below_zero(xdb):
    """000 ch.1 §5 ④: the reduced cost is at least 0; nothing is paid, nothing is gained."""
    g = position(side(hand=["XZ1"], field=["R01", "R01"], reserve=2), side(), db=xdb)
    x = cid_of(g, 0, "hand", "XZ1")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", x) in d.options
    g.answer(("summon", x))
    # no PAY_COST at all: the card goes straight to placing cores
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 1
    s((0, Kind.PLACE_CORES, place(reserve=1)))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert x in p.field
    assert p.reserve == 1 and p.trash_cores == 0 and p.soul == SOUL_RESERVE
    assert p.reserve + sum(g.field[c].cores for c in p.field) == 2 + 2  # no core made or lost


def test_payment_comes_from_reserve_and_own_field_never_life():
    """000 ch.1 §5 ⑤: cores come from the reserve or from cores on one's own field cards;
    cores in life cannot be used."""
    g = position(
        side(hand=["R03"], field=[{"card": "R01", "cores": 2}], reserve=1, life=5),
        side(field=[{"card": "G01", "cores": 3}]),
    )
    raptor = cid_of(g, 0, "hand", "R03")
    pup = cid_of(g, 0, "field", "R01")
    beetle = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", raptor))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2
    assert {src.source for src in d.allocation.sources} == {"reserve", pup}
    assert_illegal(g, ("pay", (("life", 2),), False))
    assert_illegal(g, ("pay", ((beetle, 2),), False))  # not your card
    assert_illegal(g, ("pay", ((pup, 3),), False))  # more than the card holds
    s((0, Kind.PAY_COST, ("pay", (("reserve", 1), (pup, 1)), False)))
    s((0, Kind.PLACE_CORES, place(soul=True)))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.life == 5 and p.reserve == 0 and p.trash_cores == 2
    assert g.field[pup].cores == 1 and p.soul == raptor
    assert g.field[beetle].cores == 3


def test_unpayable_card_is_not_offered():
    """000 ch.1 §5.1 and ⑤–⑥: a spirit needs its cost plus its Lv1 cores; one that cannot be
    paid is not among the main step's actions."""
    g = position(side(hand=["R04", "R03", "R14"], reserve=3), side())  # 3 cores + the Soul Core
    lancer = cid_of(g, 0, "hand", "R04")
    raptor = cid_of(g, 0, "hand", "R03")
    wyrm = cid_of(g, 0, "hand", "R14")
    d = Script(g).expect(0, Kind.MAIN_ACTION)
    assert ("summon", raptor) in d.options  # 3 + 1 <= 4
    assert ("summon", lancer) not in d.options  # 4 + 1 > 4
    assert ("summon", wyrm) not in d.options  # 3 + 2 (Lv1 needs 2 cores) > 4
    assert_illegal(g, ("summon", lancer))
    # one red symbol on the field: the lancer costs 3 + 1 core, 5 cores usable now
    g = position(side(hand=["R04", "R14"], field=["R01"], reserve=3), side())
    lancer = cid_of(g, 0, "hand", "R04")
    wyrm = cid_of(g, 0, "hand", "R14")
    d = Script(g).expect(0, Kind.MAIN_ACTION)
    assert ("summon", lancer) in d.options
    assert ("summon", wyrm) in d.options  # 2 + 2 <= 5


@pytest.mark.parametrize("where", ["life", "trash"])
def test_soul_core_in_life_or_trash_is_not_usable(where):
    """000 ch.1 §5 ⑤ (life cores cannot pay) and §3 灵魂晶核: the Soul Core pays only from the
    reserve or the field."""
    g = position(side(hand=["R03", "R01"], reserve=3, soul=where), side())
    raptor = cid_of(g, 0, "hand", "R03")
    pup = cid_of(g, 0, "hand", "R01")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", raptor) not in d.options  # 3 + 1 > 3
    g.answer(("summon", pup))
    d = s.expect(0, Kind.PAY_COST)
    assert not any(src.soul for src in d.allocation.sources)
    assert_illegal(g, pay(soul=True))
    s((0, Kind.PAY_COST, pay(reserve=1)))
    assert_illegal(g, place(soul=True))
    s((0, Kind.PLACE_CORES, place(reserve=1)))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.life_total == (6 if where == "life" else 5) and p.reserve == 1


def test_offered_card_can_really_be_paid_with_the_soul_core():
    """000 ch.1 §3 灵魂晶核: the Soul Core pays and is placed like any core."""
    g = position(side(hand=["R03"], reserve=3), side())
    raptor = cid_of(g, 0, "hand", "R03")
    Script(g)(
        (0, Kind.MAIN_ACTION, ("summon", raptor)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(soul=True)),
    ).expect(0, Kind.MAIN_ACTION)
    assert g.players[0].soul == raptor and level_of(g, raptor) == 1


def test_pay_cost_needs_the_exact_amount():
    """000 ch.1 §5 ⑤: exactly as many cores as the cost go to the trash."""
    g = position(side(hand=["R03"], reserve=5), side())
    raptor = cid_of(g, 0, "hand", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", raptor))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 3 and d.allocation.cancellable
    assert_illegal(g, pay(reserve=2), match="cost is 3")
    assert_illegal(g, pay(reserve=4), match="cost is 3")
    assert_illegal(g, pay(reserve=3, soul=True), match="cost is 3")
    assert_illegal(g, pay())
    assert_illegal(g, ("pay", (("reserve", -1), ("reserve", 4)), False))
    assert_illegal(g, ("pay", (("reserve", 6),), False))
    assert_illegal(g, "three cores")
    s((0, Kind.PAY_COST, pay(reserve=2, soul=True)))
    p = g.players[0]
    assert p.reserve == 3 and p.trash_cores == 2 and p.soul == SOUL_TRASH and p.trash_total == 3


def test_cancel_at_pay_cost_restores_the_main_step():
    """000 Q&A 关于费用的支付 A2: a card that cannot be paid goes back to the hand and the field is
    as before it was shown."""
    g = position(side(hand=["R04", "R01"], field=[{"card": "R02", "cores": 2}], reserve=2), side())
    lancer = cid_of(g, 0, "hand", "R04")
    s = Script(g)
    d0 = s.expect(0, Kind.MAIN_ACTION)
    before = board(g)
    g.answer(("summon", lancer))
    s.expect(0, Kind.PAY_COST, ("cancel",))
    d1 = s.expect(0, Kind.MAIN_ACTION)
    assert board(g) == before
    assert d1.options == d0.options
    assert lancer in g.players[0].hand


def test_placing_fewer_than_lv1_cores_is_illegal():
    """000 ch.1 §5.1 and ⑥: a summoned spirit gets at least its Lv1 cores."""
    g = position(side(hand=["R14"], reserve=6), side(deck=["G01"] * 3))
    wyrm = cid_of(g, 0, "hand", "R14")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", wyrm)),
        (0, Kind.PAY_COST, pay(reserve=3)),
    )
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 2 and not d.allocation.cancellable
    assert_illegal(g, place(reserve=1), match="at least 2")
    assert_illegal(g, place(), match="at least 2")
    assert_illegal(g, place(reserve=4))  # only 3 in the reserve
    assert_illegal(g, ("place", ((wyrm, 1), ("reserve", 1)), False))  # not from itself
    s((0, Kind.PLACE_CORES, place(reserve=1, soul=True)))  # the Soul Core counts
    s.expect(0, Kind.MAIN_ACTION)  # the wyrm's summon draw resolved on its own
    assert level_of(g, wyrm) == 1 and bp_of(g, wyrm) == 3000
    assert len(g.players[0].hand) == 1


def test_paying_with_cores_that_deplete_a_spirit():
    """000 Q&A 关于费用的支付 A1 and ch.1 §5 消灭: the cost is fixed when declared; paying with the
    cores of the spirits whose symbols reduced it depletes them, their remaining cores go to
    the reserve and the cards to the trash."""
    g = position(
        side(hand=["R06"], field=[{"card": "R14", "cores": 3}, {"card": "R01", "cores": 1}], reserve=2),
        side(),
    )
    colossus = cid_of(g, 0, "hand", "R06")
    wyrm = cid_of(g, 0, "field", "R14")
    pup = cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", colossus))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 4  # 6 - two red symbols
    s((0, Kind.PAY_COST, ("pay", ((wyrm, 2), (pup, 1), ("reserve", 1)), False)))
    d = s.expect(0, Kind.PLACE_CORES)
    p = g.players[0]
    # both spirits are depleted at once: the wyrm's last core went back to the reserve
    assert wyrm not in g.field and pup not in g.field
    assert wyrm in p.trash and pup in p.trash
    assert d.allocation.sources == (CoreSource("reserve", 2, True),)
    s((0, Kind.PLACE_CORES, place(reserve=1)))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.field == [colossus]
    assert p.trash_cores == 4 and p.reserve == 1 and p.soul == SOUL_RESERVE


# ======================================================================= 4. the Soul Core


def test_soul_core_pays_and_returns_at_refresh():
    """000 ch.1 §3 灵魂晶核 (pays like a core) and §4 <4> (trash cores back to the reserve)."""
    g = position(side(hand=["R01"], reserve=1), side())
    pup = cid_of(g, 0, "hand", "R01")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", pup)),
        (0, Kind.PAY_COST, pay(soul=True)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.soul == SOUL_TRASH and p.trash_total == 1 and p.reserve_total == 0
    assert view_for(g, 1).opponent.soul == "trash"  # where the Soul Core is, is public
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.soul == SOUL_RESERVE and p.reserve == 1  # the core step's core; the soul is back


def test_soul_core_swap_between_one_core_spirits():
    """000 Q&A 关于灵魂晶核 A1 and §5.6: the Soul Core on one spirit and a plain core on another
    can be swapped by moving cores, and neither is depleted."""
    g = position(
        side(field=[{"card": "R01", "cores": 0, "soul": True}, {"card": "R02", "cores": 1}], reserve=0),
        side(),
    )
    pup, drake = g.players[0].field
    assert g.players[0].soul == pup
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("move_cores",) in d.options
    g.answer(("move_cores",))
    d = s.expect(0, Kind.MOVE_CORES)
    assert d.context["soul_movable"]
    s((0, Kind.MOVE_CORES, ("layout", ((pup, 1),), drake)))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.field == [pup, drake] and not p.trash
    assert g.field[pup].cores == 1 and p.soul == drake and g.field[drake].cores == 0
    assert level_of(g, pup) == 1 and level_of(g, drake) == 1
    # the log tells the swap, though each card holds 1 core as before
    assert logged(g, "moves cores: Cinder Pup 1 → 1 (the Soul Core off it).")
    assert logged(g, "moves cores: Flarewing Drake 1 → 1 (the Soul Core onto it).")


def test_soul_core_is_not_moved_to_the_void(xdb):
    """000 ch.1 §3 灵魂晶核 and Q&A 关于灵魂晶核 A2: "2 cores to the void" on a spirit with the
    Soul Core and 1 core moves only the plain core; the spirit is not depleted."""
    g = position(
        side(hand=["XV1"], reserve=3),
        side(field=[{"card": "G12", "cores": 1, "soul": True}], reserve=0),
        db=xdb,
    )
    drain = cid_of(g, 0, "hand", "XV1")
    wolf = cid_of(g, 1, "field", "G12")
    void_before = g.players[1].void
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", drain, "flash")),
        (0, Kind.PAY_COST, pay(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)  # no choice for anyone: the Soul Core cannot go
    q = g.players[1]
    assert wolf in g.field and q.soul == wolf and g.field[wolf].cores == 0
    assert q.void == void_before + 1 and q.reserve == 0
    assert level_of(g, wolf) == 1


@pytest.mark.parametrize("choice", ["soul", "core"])
def test_owner_chooses_whether_the_soul_core_goes(choice):
    """000 Q&A 关于灵魂晶核 A3 (and Q&A A14): when an opponent's effect moves some of a spirit's
    cores, the spirit's owner chooses whether the Soul Core is among them; they go to the
    owner's reserve. (G14 Sap Drain: 2 cores of an opposing spirit to the reserve.)"""
    g = position(
        side(hand=["G14"], reserve=4),
        side(field=[{"card": "G12", "cores": 2, "soul": True}], reserve=0),
    )
    sap = cid_of(g, 0, "hand", "G14")
    wolf = cid_of(g, 1, "field", "G12")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", sap, "flash")),
        (0, Kind.PAY_COST, pay(reserve=4)),
    )
    d = s.expect(1, Kind.CHOOSE_CORE)  # the owner, not the effect's user
    assert set(d.options) == {"soul", "core"}
    g.answer(choice)
    s.expect(0, Kind.MAIN_ACTION)
    p, q = g.players
    assert wolf in g.field and level_of(g, wolf) == 1
    if choice == "soul":
        assert q.soul == SOUL_RESERVE and g.field[wolf].cores == 1 and q.reserve == 1
    else:
        assert q.soul == wolf and g.field[wolf].cores == 0 and q.reserve == 2
    assert q.reserve_total == 2
    assert p.reserve == 0 and p.trash_cores == 4  # nothing went to the effect user's reserve


def test_soul_core_goes_to_the_reserve_when_it_must():
    """000 ch.1 §3 灵魂晶核 and Q&A 关于灵魂晶核 A2: only the void and life are closed to the Soul
    Core; "2 cores to the reserve" on the Soul Core + 1 core takes both and depletes the spirit."""
    g = position(
        side(hand=["G14"], reserve=4),
        side(field=[{"card": "G12", "cores": 1, "soul": True}], reserve=0),
    )
    sap = cid_of(g, 0, "hand", "G14")
    wolf = cid_of(g, 1, "field", "G12")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", sap, "flash")),
        (0, Kind.PAY_COST, pay(reserve=4)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    q = g.players[1]
    assert wolf not in g.field and wolf in q.trash
    assert q.soul == SOUL_RESERVE and q.reserve == 1


# ======================================================================= 5. core moves and levels


def test_level_and_bp_follow_the_cores():
    """000 ch.1 §5.6: moving cores raises or lowers the level and BP at once."""
    g = position(side(field=[{"card": "R04", "cores": 1}], reserve=4), side())
    lancer = g.players[0].field[0]
    s = Script(g)

    def seen() -> tuple[int, int, int]:
        fv = view_for(g, 1).opponent.field[0]
        assert (fv.level, fv.bp) == (level_of(g, lancer), bp_of(g, lancer))
        return fv.level, fv.bp, fv.total_cores

    assert seen() == (1, 4000, 1)
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        (0, Kind.MOVE_CORES, ("layout", ((lancer, 3),), "reserve")),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert seen() == (2, 6000, 3) and g.players[0].reserve == 2
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        (0, Kind.MOVE_CORES, ("layout", ((lancer, 4),), lancer)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert seen() == (3, 8000, 5) and g.players[0].reserve_total == 1
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        (0, Kind.MOVE_CORES, ("layout", ((lancer, 2),), "reserve")),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert seen() == (1, 4000, 2) and g.players[0].reserve_total == 4


def test_moving_all_cores_off_a_spirit_depletes_it():
    """000 ch.1 §5.6 and §5 消灭: a spirit with fewer cores than Lv1 needs goes to the trash,
    its cores to the reserve."""
    g = position(
        side(field=[{"card": "R14", "cores": 2}, {"card": "R01", "cores": 1, "soul": True}], reserve=0),
        side(),
    )
    wyrm, pup = g.players[0].field
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        # one core off the wyrm (Lv1 needs 2), the Soul Core off the pup (it keeps its plain core)
        (0, Kind.MOVE_CORES, ("layout", ((wyrm, 1), (pup, 1)), "reserve")),
    )
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert wyrm not in g.field and wyrm in p.trash
    assert pup in g.field and g.field[pup].cores == 1
    assert p.reserve == 2 and p.soul == SOUL_RESERVE and p.trash_cores == 0
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        (0, Kind.MOVE_CORES, ("layout", (), "reserve")),
    )
    d = s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert not p.field and sorted(p.trash) == sorted([wyrm, pup])
    assert p.reserve == 3 and p.reserve_total == 4
    assert ("move_cores",) not in d.options  # nothing left to hold cores


def test_nexus_without_cores_is_not_depleted():
    """000 ch.2 核心卡 (a nexus is Lv1 with no cores) and ch.1 §5.6: moving every core off a
    nexus leaves it on the field at Lv1."""
    g = position(side(field=[{"card": "R08", "cores": 2}], reserve=1), side())
    forge = cid_of(g, 0, "field", "R08")
    assert level_of(g, forge) == 2
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("move_cores",)),
        (0, Kind.MOVE_CORES, ("layout", (), "reserve")),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert forge in g.field and level_of(g, forge) == 1
    assert g.players[0].reserve == 3


def test_illegal_core_layouts_change_nothing():
    """000 ch.1 §5.6 and Q&A A14: you move only your own cores, onto your own field cards."""
    g = position(
        side(field=[{"card": "R01", "cores": 1}], reserve=2, soul="trash"),
        side(field=[{"card": "G01", "cores": 1}]),
    )
    pup = cid_of(g, 0, "field", "R01")
    beetle = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    d = s.expect(0, Kind.MOVE_CORES)
    assert not d.context["soul_movable"]  # the Soul Core is in the trash
    assert_illegal(g, ("layout", ((pup, 4),), None), match="3")  # 3 cores in all
    assert_illegal(g, ("layout", ((beetle, 1),), None))  # not your card
    assert_illegal(g, ("layout", ((pup, 1), (beetle, 1)), None))
    assert_illegal(g, ("layout", ((pup, 1),), "reserve"))  # the Soul Core is not movable now
    assert_illegal(g, ("layout", ((pup, -1),), None))
    assert_illegal(g, ("layout", ((pup, 1), (pup, 1)), None))
    s((0, Kind.MOVE_CORES, ("layout", ((pup, 3),), None)))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[pup].cores == 3 and g.players[0].reserve == 0 and level_of(g, pup) == 2
    assert g.field[beetle].cores == 1


# ======================================================================= 6. the decision interface


def test_answer_not_among_options_is_rejected(decks):
    """The decision interface: an answer that is not an option raises IllegalAnswer with a
    readable message and changes nothing."""
    g = new_game(decks, seed=5)
    e = assert_illegal(g, "third")
    assert "not one of the options" in str(e) and "third" in str(e)
    g.answer("first")
    d = g.decision
    assert d.kind == Kind.MAIN_ACTION
    not_mine = g.players[1 - d.player].hand[0]
    e = assert_illegal(g, ("summon", not_mine))
    assert "not one of the options" in str(e)
    assert_illegal(g, ("attack", 0))  # no attack in the main step
    assert_illegal(g, ["summon"])


def test_copy_is_independent(decks):
    """The decision interface: g.copy() is a separate game."""
    g = new_game(decks, seed=9)
    g.answer("first")
    h = g.state_hash()
    c = g.copy()
    assert c.state_hash() == h
    me = g.decision.player
    c.answer(("end",))
    assert c.state_hash() != h
    assert g.state_hash() == h
    assert g.decision.player == me and g.decision.kind == Kind.MAIN_ACTION and g.turn == 1
    # the same answers give the same game
    g.answer(("end",))
    assert g.state_hash() == c.state_hash()

    # copies in the middle of a payment are independent as well
    g2 = position(side(hand=["R03"], reserve=5), side())
    raptor = cid_of(g2, 0, "hand", "R03")
    g2.answer(("summon", raptor))
    h2 = g2.state_hash()
    c2 = g2.copy()
    c2.answer(pay(reserve=3))
    assert g2.state_hash() == h2
    assert g2.players[0].reserve == 5 and g2.decision.kind == Kind.PAY_COST
    assert c2.players[0].reserve == 2 and c2.decision.kind == Kind.PLACE_CORES


def test_view_hides_the_opponents_hand_and_deck(decks):
    """003 公開情報と非公開情報: hand and deck counts are public; the hand's and deck's contents
    are the owner's."""
    g = new_game(decks, seed=11)
    g.answer("first")
    s = Script(g)
    first = g.active
    s.expect(first, Kind.MAIN_ACTION, ("end",))
    second = 1 - first
    s.expect(second, Kind.MAIN_ACTION)
    drawn = g.players[second].hand[-1]  # drawn in the draw step just now
    for me in (0, 1):
        v = view_for(g, me)
        opp = 1 - me
        assert v.opponent.hand is None
        assert v.opponent.hand_count == len(g.players[opp].hand)
        assert isinstance(v.opponent.deck, int) and v.opponent.deck == len(g.players[opp].deck)
        assert v.you.hand is not None and [c.cid for c in v.you.hand] == g.players[me].hand
        assert v.you.deck == len(g.players[me].deck)
    # the pending decision is shown only to the player who must make it
    assert view_for(g, second).decision is not None and view_for(g, first).decision is None
    # the draw is logged for its owner by name, for the opponent only as "a card"
    name = g.card_name(drawn)
    assert any(name in line for line in view_for(g, second).log)
    assert not any(name in line for line in view_for(g, first).log)


def test_allocation_answers_listed_are_accepted_and_cancel_matches_the_flag():
    """The decision interface: every answer `legal_answers()` lists for PAY_COST, PLACE_CORES and
    MOVE_CORES is accepted by `answer()`, and ("cancel",) is accepted exactly when the
    allocation says it is cancellable (000 Q&A 关于费用的支付 A2 for PAY_COST)."""
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 1}], reserve=2), side())
    raptor = cid_of(g, 0, "hand", "R03")
    pup = cid_of(g, 0, "field", "R01")
    s = Script(g)
    seen: set[Kind] = set()

    def check() -> None:
        d = g.decision
        assert d is not None and d.allocation is not None
        seen.add(d.kind)
        answers = list(g.legal_answers())
        assert answers
        for a in answers:
            c = g.copy()
            c.answer(a)  # raises IllegalAnswer if the listing is wrong
        cancel_listed = ("cancel",) in answers
        c = g.copy()
        try:
            c.answer(("cancel",))
            cancel_accepted = True
        except IllegalAnswer:
            cancel_accepted = False
        assert cancel_listed == cancel_accepted, d.kind
        assert d.allocation.cancellable == cancel_accepted, (
            f"{d.kind}: allocation.cancellable is {d.allocation.cancellable}, "
            f"but ('cancel',) is {'accepted' if cancel_accepted else 'rejected'}"
        )

    s.expect(0, Kind.MAIN_ACTION, ("summon", raptor))
    s.expect(0, Kind.PAY_COST)
    check()
    g.answer(pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES)
    check()
    g.answer(place(soul=True))
    s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    s.expect(0, Kind.MOVE_CORES)
    check()
    assert seen == {Kind.PAY_COST, Kind.PLACE_CORES, Kind.MOVE_CORES}
    assert pup in g.field
