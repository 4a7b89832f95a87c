"""A first scripted check of the summon flow (rulebook 000 chapter 1 §5, steps ①–⑥)."""

from conftest import Kind, Script, cid_of, pay, place, position, side


def test_summon_with_reduction_pays_reduced_cost_and_places_lv1():
    # 000 ch.1 §5 payment ④: cost minus reduction symbols matched by field symbols.
    g = position(side(hand=["R03"], field=[{"card": "R01", "cores": 1}], reserve=4), side())
    raptor = cid_of(g, 0, "hand", "R03")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", raptor) in d.options
    g.answer(("summon", raptor))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # cost 3, one red symbol on the field
    s(
        (0, Kind.PAY_COST, pay(reserve=2)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    # the summon trigger found no target (the opponent has no spirits): back to the main step
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert raptor in p.field and p.trash_cores == 2 and p.reserve == 1
