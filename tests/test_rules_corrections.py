"""Rules found broken and put right: swaps that exchange braves, a braved brave's own
effects, and "by doing X" when X would do nothing."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, cid_of, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, card_from_table


@pytest.fixture(scope="module")
def test_db() -> CardDB:
    """The shipped cards and two made for these tests."""
    base = load_cards()
    extra = [
        {
            "id": "T90",
            "name": "Test Warden Brave",
            "kind": "brave",
            "colours": ["green"],
            "cost": 2,
            "symbols": ["green"],
            "levels": [{"cores": 1, "bp": 2000}],
            "brave_bp": 1000,
            "brave_condition": {"min_cost": 1},
            "effect": [{"when": "life_reduced", "do": [{"verb": "void_cores", "n": 1, "to": "reserve"}]}],
        },
        {
            "id": "T91",
            "name": "Test Toll Drake",
            "kind": "spirit",
            "colours": ["red"],
            "cost": 2,
            "symbols": ["red"],
            "levels": [{"cores": 1, "bp": 3000}],
            "effect": [
                {
                    "when": "attacks",
                    "do": [
                        {
                            "verb": "by",
                            "cost": [{"verb": "exhaust", "target": "opponent_spirit"}],
                            "do": [{"verb": "draw", "n": 1}],
                        }
                    ],
                }
            ],
        },
    ]
    cards = dict(base.cards)
    for t in extra:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, base.digest)


def test_swap_exchanges_the_braves_of_two_braved_spirits() -> None:
    """000 ch.1 §5.2 and ch.2 §1: a swap also exchanges the braves of two braved spirits,
    a separation and a brave at once, each onto a spirit it may brave."""
    g = position(
        side(
            field=[
                {"card": "R03", "cores": 2, "brave": "G15"},
                {"card": "G16", "cores": 3, "brave": "U05"},
            ]
        ),
        side(),
    )
    raptor, elder = cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "G16")
    horncrest, gauntlet = cid_of(g, 0, "field", "G15"), cid_of(g, 0, "field", "U05")
    d = g.decision
    assert d is not None and d.kind == Kind.MAIN_ACTION
    swap = ("swap", min(raptor, elder), max(raptor, elder))
    assert swap in d.options and d.options.count(swap) == 1
    g.answer(swap)
    assert g.field[raptor].brave == gauntlet and g.field[gauntlet].host == raptor
    assert g.field[elder].brave == horncrest and g.field[horncrest].host == elder
    assert g.field[raptor].cores == 2 and g.field[elder].cores == 3  # no cores move


def test_no_exchange_onto_a_spirit_the_brave_cannot_brave() -> None:
    """ch.2 §1: never a swap onto a spirit that cannot take that brave (Horncrest needs cost 3)."""
    g = position(
        side(
            field=[
                {"card": "R07", "cores": 1, "brave": "U05"},  # Ember Scout, cost 1: Gauntlet needs cost 2
                {"card": "G16", "cores": 3, "brave": "G15"},
            ]
        ),
        side(),
    )
    d = g.decision
    assert d is not None
    assert not [o for o in d.options if o[0] == "swap"]


def test_a_braved_braves_own_effects_do_not_work(test_db: CardDB) -> None:
    """003 on braves: braved, a brave's effects as a spirit do not work (its 'when your life
    is reduced' effect here); as a spirit on its own, they do."""
    for braved in (True, False):
        me = side(field=[{"card": "R01", "cores": 1, "brave": "T90"}] if braved else [{"card": "T90", "cores": 1}])
        g = position(side(field=[{"card": "R03", "cores": 2}]), me, step="attack", db=test_db)
        raptor = cid_of(g, 0, "field", "R03")
        reserve = g.players[1].reserve
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", raptor))
        s.expect(1, Kind.BLOCK, ("take",))
        # one core of the life lost, and one of player 2's next Core Step
        gained = g.players[1].reserve - reserve - 2
        assert gained == (0 if braved else 1), braved


def test_by_exhausting_an_exhausted_spirit_is_not_doing_it(test_db: CardDB) -> None:
    """Q&A on effects A5 and 003 (exhausting is going from refreshed to exhausted): with only
    an exhausted opposing spirit, "by exhausting 1 opposing spirit, draw 1" cannot be done."""
    g = position(
        side(field=[{"card": "T91", "cores": 1}]),
        side(field=[{"card": "G01", "cores": 1, "state": "exhausted"}]),
        step="attack",
        db=test_db,
    )
    drake = cid_of(g, 0, "field", "T91")
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", drake))
    d = g.decision
    assert d is not None and d.player == 1  # no YES_NO for the drake's controller: X cannot be done
    assert len(g.players[0].hand) == hand
    assert any("cannot be done" in line for line in g.log_lines())


def test_by_exhausting_offers_only_refreshed_spirits(test_db: CardDB) -> None:
    """Q&A on effects A5: X is optional, and only what X would act on can be chosen for it."""
    g = position(
        side(field=[{"card": "T91", "cores": 1}]),
        side(field=[{"card": "G01", "cores": 1, "state": "exhausted"}, {"card": "R01", "cores": 1}]),
        step="attack",
        db=test_db,
    )
    drake = cid_of(g, 0, "field", "T91")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", drake))
    s.expect(0, Kind.YES_NO, True)
    # the one refreshed opposing spirit is exhausted at once (no choice of the exhausted one)
    log = g.log_lines()
    assert "Cinder Pup is exhausted." in log and "Moss Beetle is exhausted." not in log
    assert len(g.players[0].hand) == 1


def test_an_activated_burst_is_not_set_off_again_while_it_resolves() -> None:
    """000 ch.2 §2: a burst whose condition is met is activated once; it stays in the burst
    area until its effect and follow-up are done, and nothing sets it off again meanwhile.
    (Two "after your spirit is destroyed" bursts that destroy each other's spirits once
    offered each burst twice, and a card was summoned twice.)"""
    from conftest import f, pay

    g = position(
        side(hand=["R13"], field=[f("R02", 1), f("R01", 1)], reserve=6, burst="R20"),
        side(field=[f("R07", 1), f("R03", 1)], reserve=6, burst="R20"),
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R13"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    offered = []
    while g.decision is not None and g.decision.kind != Kind.MAIN_ACTION:
        d = g.decision
        if d.kind == Kind.YES_NO and d.context.get("question") == "burst":
            offered.append((d.player, d.context["card"]))
            g.answer(True)
        elif d.kind == Kind.PAY_COST:
            g.answer(("cancel",))
        else:
            g.answer(d.options[0])
    assert sorted(offered) == sorted(set(offered)) and len(offered) == 2
    assert all(c in g.players[p].trash for p, c in offered)
