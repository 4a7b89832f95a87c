"""One test per ultimate-set card (bs_tui/data/cards/ultimates.toml), and the rules of
ultimates they rest on (000 ch.2 §4; ch.1 §2 and §5.1; 002; 003 on symbols).

As for the colour sets, each docstring quotes the card's generated text (`quoted`)."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, bp, cid_of, f, fv, logged, pay, place, position, quoted, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED, SOUL_REMOVED
from bs_tui.engine.rules.costs import reduced_cost


def opts(g, kind=None):
    d = g.decision
    assert d is not None and (kind is None or d.kind == kind), d
    return d.options


def test_x01_sovereign_flame_ultimate():
    """Sovereign Flame Ultimate (X01): "Summon condition: 1 or more red spirits on your field."
    "When attacks: U-Trigger: if it hits, destroy 1 opposing spirit with 5000 BP or less."
    000 ch.2 §4: summoned only with its condition met, levels from Lv3; the U-Trigger sends
    the top of the opponent's deck to the trash and hits when the ultimate's cost is higher."""
    quoted("X01", test_x01_sovereign_flame_ultimate.__doc__)
    g = position(side(hand=["X01"], reserve=8), side())
    x01 = cid_of(g, 0, "hand", "X01")
    d = g.decision
    assert ("summon", x01) not in d.options
    assert any(o == ("summon", x01) and "summon condition" in why for o, why in d.context["unavailable"])
    g = position(side(hand=["X01"], field=[f("R01")], reserve=8), side(deck=["R04"], field=[f("G16", 3)]))
    x01 = cid_of(g, 0, "hand", "X01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", x01))
    s.expect(0, Kind.PAY_COST, pay(reserve=5))  # cost 6, one red symbol: 5
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert (fv(g, x01).level, bp(g, x01)) == (3, 6000)  # an ultimate's lowest level is Lv3
    assert logged(g, "summons Sovereign Flame Ultimate")

    g = position(side(field=[f("X01", 1)]), side(deck=["G01", "R04"], field=[f("G01", 3)]), step="attack")
    x01, beetle = cid_of(g, 0, "field", "X01"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", x01))
    assert logged(g, "reveals Crimson Lancer Dragon (cost 4): hit!")  # 6 > 4
    assert beetle in g.players[1].trash  # Moss Beetle, BP 3000, destroyed
    g = position(side(field=[f("X01", 1)]), side(deck=["X01"], field=[f("G01", 3)]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "X01")))
    assert logged(g, "(cost 6): guarded.")  # an equal cost guards
    assert cid_of(g, 1, "field", "G01") in g.players[1].field


def test_x02_tidecrown_ultimate():
    """Tidecrown Ultimate (X02): "Summon condition: 1 or more blue spirits on your field."
    "When attacks: U-Trigger: if it hits, discard 2 cards from the top of your opponent's deck."
    """
    quoted("X02", test_x02_tidecrown_ultimate.__doc__)
    g = position(side(field=[f("X02", 1)]), side(deck=["G01"] * 3 + ["R02"]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "X02")))
    assert logged(g, "reveals Flarewing Drake (cost 2): hit!")
    assert len(g.players[1].trash) == 3  # the card revealed and 2 more


def test_x03_thornmother_ultimate():
    """Thornmother Ultimate (X03): "Summon condition: 1 or more green spirits on your field."
    "When attacks: U-Trigger: if it hits, exhaust 1 opposing spirit or ultimate."
    "[Lv4] When attacks: Soul Drive: by removing the Soul Core on this ultimate from the game,
    refresh this ultimate." 000 ch.2 §4: Soul Drive (the official rule, the seeds silent: the
    Soul Core is removed from the game for good); an ultimate is affected by effects that name
    ultimates (here an opposing ultimate exhausted)."""
    quoted("X03", test_x03_thornmother_ultimate.__doc__)
    g = position(
        side(field=[f("X03", 3, soul=True)]),
        side(deck=["R01"], field=[f("X02", 1)]),
        step="attack",
    )
    x03, x02 = cid_of(g, 0, "field", "X03"), cid_of(g, 1, "field", "X02")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", x03))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)  # the U-Trigger first
    assert g.field[x02].state == EXHAUSTED
    s.expect(0, Kind.YES_NO, True)  # Soul Drive
    assert g.players[0].soul == SOUL_REMOVED
    assert g.field[x03].state == REFRESHED
    assert logged(g, "Soul Drive!")


def test_x04_crownbreaker_lance():
    """Crownbreaker Lance (X04): "Brave condition: a spirit or ultimate with cost 4 or more.
    Braved: BP +3000." "[Braved] When attacks: Draw 1 card." 000 ch.1 §2 and ch.2 §4: only a
    brave whose condition names ultimates braves an ultimate (Verdant Horncrest cannot)."""
    quoted("X04", test_x04_crownbreaker_lance.__doc__)
    g = position(side(field=[f("X01", 1), f("X04"), f("G15")]), side())
    x01, x04, g15 = (cid_of(g, 0, "field", c) for c in ("X01", "X04", "G15"))
    o = opts(g, Kind.MAIN_ACTION)
    assert ("fuse", x04, x01) in o
    assert ("fuse", g15, x01) not in o
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", x04, x01))
    assert bp(g, x01) == 9000
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", x01))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)
    log = g.log_lines()
    attack = max(i for i, line in enumerate(log) if "attacks with Sovereign Flame Ultimate" in line)
    assert any(line.startswith("Player 1 draws") for line in log[attack:])


def test_x05_ultimate_sunder():
    """Ultimate Sunder (X05): "Flash: Destroy 1 opposing ultimate with 8000 BP or less."
    000 ch.2 §4: effects that name ultimates affect them; spirits are not ultimates."""
    quoted("X05", test_x05_ultimate_sunder.__doc__)
    g = position(side(hand=["X05"], reserve=3), side(field=[f("X02", 1), f("G01")]))
    x05 = cid_of(g, 0, "hand", "X05")
    x02 = cid_of(g, 1, "field", "X02")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", x05, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    assert x02 in g.players[1].trash  # the only ultimate: chosen without asking
    assert cid_of(g, 1, "field", "G01") in g.players[1].field


def test_x06_tideguard_sentinel():
    """Tideguard Sentinel (X06): "[Trigger Counter] (when an opponent's U-Trigger sends this
    card to the trash, it is guarded whatever the costs)" glossary 触发反击."""
    quoted("X06", test_x06_tideguard_sentinel.__doc__)
    g = position(side(field=[f("X01", 1)]), side(deck=["X06"], field=[f("G01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "X01")))
    assert logged(g, "Trigger Counter! Guarded.")
    assert cid_of(g, 1, "field", "G01") in g.players[1].field


def test_x07_bramble_ward():
    """Bramble Ward (X07): "[Trigger Counter] (when an opponent's U-Trigger sends this card to
    the trash, it is guarded whatever the costs)" "Flash: Exhaust 1 opposing spirit or
    ultimate." """
    quoted("X07", test_x07_bramble_ward.__doc__)
    g = position(side(field=[f("X01", 1)]), side(deck=["X07"], field=[f("G01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "X01")))
    assert logged(g, "Trigger Counter! Guarded.")
    g = position(side(hand=["X07"], field=[f("G01")], reserve=2), side(field=[f("X01", 1)]))
    x07, x01 = cid_of(g, 0, "hand", "X07"), cid_of(g, 1, "field", "X01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", x07, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    assert g.field[x01].state == EXHAUSTED


def test_x08_herald_of_crowns():
    """Herald of Crowns (X08): "When summoned: Draw 1 card." """
    quoted("X08", test_x08_herald_of_crowns.__doc__)
    g = position(side(hand=["X08"], reserve=3), side())
    x08 = cid_of(g, 0, "hand", "X08")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", x08))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(g.players[0].hand) == 1


# ---------------------------------------------------------------- rules of ultimates


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    base = load_cards()
    wipe = card_from_table(
        {
            "id": "T95",
            "name": "Test Spirit Wipe",
            "kind": "magic",
            "colours": ["red"],
            "cost": 0,
            "effect": [{"when": "main", "do": [{"verb": "destroy", "target": "opponent_spirit", "all": True}]}],
        },
        "test",
    )
    return CardDB({**base.cards, wipe.id: wipe}, base.digest)


def test_an_ultimate_is_not_a_spirit_for_effects(xdb: CardDB) -> None:
    """000 ch.2 §4: an ultimate is no spirit: "destroy all opposing spirits" leaves it."""
    g = position(side(hand=["T95"]), side(field=[f("X02", 1), f("G01")]), db=xdb)
    x02, beetle = cid_of(g, 1, "field", "X02"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T95"), "main"))
    assert x02 in g.players[1].field
    assert beetle in g.players[1].trash


def test_ultimate_symbols_never_reduce_a_colour() -> None:
    """000 ch.1 §2 and 003 (カードの色とシンボルの色): an ultimate symbol reduces no colour cost."""
    g = position(side(hand=["R03"], field=[f("X01", 1)]), side())
    assert reduced_cost(g, 0, g.defs[cid_of(g, 0, "hand", "R03")]) == 3
    g = position(side(hand=["R03"], field=[f("R01")]), side())
    assert reduced_cost(g, 0, g.defs[cid_of(g, 0, "hand", "R03")]) == 2


def test_ultimates_attack_and_block_and_are_depleted_below_lv3() -> None:
    """000 ch.2 §4: ultimates attack and block like spirits; with fewer cores than their
    lowest level (Lv3) needs, they are depleted."""
    g = position(side(field=[f("R02")]), side(field=[f("X02", 1)]), step="attack")
    r02, x02 = cid_of(g, 0, "field", "R02"), cid_of(g, 1, "field", "X02")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    assert ("block", x02) in opts(g, Kind.BLOCK)
    g = position(side(field=[f("X02", 1)]), side(), step="attack")
    x02 = cid_of(g, 0, "field", "X02")
    assert ("attack", x02) in opts(g, Kind.ATTACK)
    g.field[x02].cores = 0
    g.cores_moved = True
    g.answer(("end",))
    assert x02 in g.players[0].trash


def test_x09_skyfall_recall():
    """Skyfall Recall (X09): "Main: Return 1 opposing card on the field with cost 6 or less to
    its owner's hand." 000 ch.2 §4: an ultimate is no spirit, but effects aimed at "a card on
    the field" reach it, and nexuses too; a braved brave is part of its spirit."""
    quoted("X09", test_x09_skyfall_recall.__doc__)
    g = position(
        side(hand=["X09"], reserve=5),
        side(field=[f("X01", 3), f("W08", 0), f("R03", 1, brave="R16"), f("Y07", 2)]),
    )
    ult, nexus, raptor = cid_of(g, 1, "field", "X01"), cid_of(g, 1, "field", "W08"), cid_of(g, 1, "field", "R03")
    brave = g.field[raptor].brave
    expensive = cid_of(g, 1, "field", "Y07")  # cost 7
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "X09"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    choices = {o[0] for o in d.options}
    assert {ult, nexus} <= choices and brave not in choices
    assert expensive not in choices
    assert raptor not in choices  # braved, its cost is the two cards' costs together: 3 + 4
    g.answer((ult,))
    assert ult in g.players[1].hand and ult not in g.field
    assert logged(g, "Sovereign Flame Ultimate returns to")
