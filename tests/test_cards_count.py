"""One test per count-set card (bs_tui/data/cards/count.toml) and the rules of the count
(001: "count +X / −X" moves cores between the void and the count; 002). Docstrings quote
the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine.view import view_for


def test_c01_tallyghost_scribe():
    """Tallyghost Scribe (C01): "When summoned: Count +1." 001: the core comes from the void;
    count cores are not field cores; both players see the count."""
    quoted("C01", test_c01_tallyghost_scribe.__doc__)
    g = position(side(hand=["C01"], reserve=3), side())
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "C01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert (g.players[0].count, g.players[0].void) == (1, void - 1)
    assert view_for(g, 1).sides[0].count == 1
    assert logged(g, "count +1 (now 1)")


def test_c02_abacus_of_dawn():
    """Abacus of Dawn (C02): "Main: Count +2. Draw 1 card." """
    quoted("C02", test_c02_abacus_of_dawn.__doc__)
    g = position(side(hand=["C02"], reserve=3), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "C02"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert g.players[0].count == 2 and len(g.players[0].hand) == 1


def test_c03_reckoning_leviathan():
    """Reckoning Leviathan (C03): "When attacks: Count +1." "[Count 3] When attacks: Discard 3
    cards from the top of your opponent's deck." 002: an effect that reads the count works
    only while it is met (here it is 2 when the attack begins: the discard does not happen;
    at 3 it does)."""
    quoted("C03", test_c03_reckoning_leviathan.__doc__)
    for count, discarded in ((2, 0), (3, 3)):
        g = position(side(field=[f("C03")]), side(deck=["R01"] * 6), step="attack")
        g.players[0].count, g.players[0].void = count, g.players[0].void - count
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "C03")))
        if discarded:
            s.expect(0, Kind.ORDER_TRIGGERS, 0)
        assert len(g.players[1].trash) == discarded, count
