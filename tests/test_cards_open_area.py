"""One test per open-area card (bs_tui/data/cards/open_area.toml) and the rules of the open
area (003 手元: used as if in hand, not the hand, never set as a burst; face-up cards there
are public). Docstrings quote the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine.view import view_for


def test_o01_wayfinder_owl():
    """Wayfinder Owl (O01): "When summoned: Put the top card of your deck face up into your
    open area." 003: the card is public there and can be played as if from the hand; it is
    not in the hand (the hand count leaves it out)."""
    quoted("O01", test_o01_wayfinder_owl.__doc__)
    g = position(side(hand=["O01"], deck=["R01", "R02"], reserve=6), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "O01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    drake = cid_of(g, 0, "open_area", "R02")
    opp = view_for(g, 1).sides[0]
    assert [c.card.id for c in opp.open_area] == ["R02"] and opp.hand_count == 0
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", drake) in d.options
    g.answer(("summon", drake))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert drake in g.players[0].field and logged(g, "plays Flarewing Drake from the open area")


def test_o02_gravecart_peddler():
    """Gravecart Peddler (O02): "When attacks: Put the top card of your deck face up into your
    open area." 003: a card in the open area cannot be set as a burst."""
    quoted("O02", test_o02_gravecart_peddler.__doc__)
    g = position(side(field=[f("O02")], deck=["R01", "W11"]), side(), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "O02")))
    ward = cid_of(g, 0, "open_area", "W11")
    while g.decision is not None and g.turn == 3:
        d = g.decision
        g.answer(("take",) if ("take",) in d.options else ("end",) if ("end",) in d.options else d.options[-1])
    while g.decision is not None and not (g.decision.player == 0 and g.decision.kind == Kind.MAIN_ACTION):
        d = g.decision
        g.answer(("end",) if ("end",) in d.options else d.options[-1])
    assert ("set_burst", ward) not in g.decision.options


def test_o03_foragers_satchel():
    """Forager's Satchel (O03): "Main: Put the top 2 cards of your deck face up into your open
    area." """
    quoted("O03", test_o03_foragers_satchel.__doc__)
    g = position(side(hand=["O03"], deck=["R01", "R02", "R03"], reserve=3), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "O03"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert sorted(g.defs[c].id for c in g.players[0].open_area) == ["R02", "R03"]
    assert len(g.players[0].deck) == 1
