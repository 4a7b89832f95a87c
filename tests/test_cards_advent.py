"""One test per advent card (bs_tui/data/cards/advent.toml) and the rules of advent they
rest on (000 ch.2 §5 and its Q&A 关于煌临). Docstrings quote the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine.model.state import REFRESHED, SOUL_RESERVE, SOUL_TRASH, Mod
from bs_tui.engine.systems.advent import advent_options


def test_a01_pyre_regent_dragon():
    """Pyre Regent Dragon (A01): "Advent (your Main Step): onto your spirit or ultimate with
    cost 3 or more, moving your Soul Core to the trash." "When this spirit advents: Destroy 1
    opposing spirit with 5000 BP or less." 000 ch.2 §5 ①–⑤: no cost paid, no core moves; the
    base becomes an advent source; then "when this spirit advents". Advent is not a summon."""
    quoted("A01", test_a01_pyre_regent_dragon.__doc__)
    g = position(side(hand=["A01"], field=[f("R03", 2), f("R01")], reserve=0), side(field=[f("G01")]))
    a01, raptor, pup = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "R01")
    beetle = cid_of(g, 1, "field", "G01")
    d = g.decision
    assert ("advent", a01, raptor) in d.options and ("advent", a01, pup) not in d.options  # cost 3 or more
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", a01, raptor))
    fc = g.field[raptor]
    assert (fc.top, fc.sources, fc.cores) == (a01, (raptor,), 2)
    assert g.defs[raptor].id == "A01" and g.players[0].soul == SOUL_TRASH
    assert beetle in g.players[1].trash
    assert not logged(g, "summons Pyre Regent Dragon")
    assert a01 not in g.players[0].hand


def test_a02_abyssal_herald():
    """Abyssal Herald (A02): "Advent (your Main Step): onto your spirit or ultimate with family
    Reefkin, moving your Soul Core to the trash." "[During Advent] When attacks: Draw 1 card."
    000 ch.2 §5: [During Advent] works while an advent source is under it; a battling spirit
    that advents goes on battling with the effects put on it before."""
    quoted("A02", test_a02_abyssal_herald.__doc__)
    g = position(side(hand=["A02"], field=[f("X06", 2)]), side(), step="attack")
    assert advent_options(g, 0, "flash") == []  # its advent is for the Main Step only
    g2 = position(side(hand=["A02"], field=[f("X06", 2)]), side(), step="main")
    a02, sentinel = cid_of(g2, 0, "hand", "A02"), cid_of(g2, 0, "field", "X06")
    g2.mods.append(Mod(sentinel, "bp", 1000, "turn"))
    s = Script(g2)
    s.expect(0, Kind.MAIN_ACTION, ("advent", a02, sentinel))
    from conftest import bp

    assert bp(g2, sentinel) == 5000 + 1000  # the effect on the base carries over
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    hand = len(g2.players[0].hand)
    s.expect(0, Kind.ATTACK, ("attack", sentinel))
    assert len(g2.players[0].hand) == hand + 1


def test_a03_dawnguard_paladin():
    """Dawnguard Paladin (A03): "Advent (your Main Step and flash timing): onto your spirit or
    ultimate with cost 2 or more, moving your Soul Core to the reserve." "When this spirit
    advents: Refresh this spirit." 000 ch.2 §5: advent at the timings the card names; Q&A A5:
    an adventing spirit may be advented onto again."""
    quoted("A03", test_a03_dawnguard_paladin.__doc__)
    g = position(
        side(hand=["A03", "A03"], field=[f("R02", 2, st="exhausted", soul=True)]),
        side(field=[f("R01")]),
        active=1,
        step="attack",
    )
    drake = cid_of(g, 0, "field", "R02")
    first, second = cid_of(g, 0, "hand", "A03", 0), cid_of(g, 0, "hand", "A03", 1)
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R01")))
    d = s.expect(0, Kind.FLASH)
    assert ("advent", first, drake) in d.options
    g.answer(("advent", first, drake))
    assert g.field[drake].state == REFRESHED and g.players[0].soul == SOUL_RESERVE
    # the Soul Core is in the reserve now: "moving it to the reserve" uses nothing, so no
    # second advent until it is elsewhere
    g.players[0].soul = drake
    assert ("advent", second, drake) in advent_options(g, 0, "flash")


def test_no_advent_onto_a_spirit_that_would_be_depleted() -> None:
    """Q&A 煌临 A1: a spirit holding only the Soul Core cannot be advented onto when that
    would deplete it."""
    g = position(side(hand=["A01"], field=[f("R03", 0, soul=True)]), side())
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    assert ("advent", a01, raptor) not in g.decision.options


def test_no_advent_onto_a_brave_in_spirit_state() -> None:
    """Q&A 煌临 A2: not onto a brave (or nexus) treated as a spirit."""
    g = position(side(hand=["A03"], field=[f("G15", 2)]), side())
    assert not [o for o in g.decision.options if o[0] == "advent"]


def test_advent_with_the_soul_core_in_life_reduces_life() -> None:
    """Q&A 煌临 A4: moving the Soul Core from life for an advent reduces life, so a "life
    reduced" burst can be activated."""
    g = position(side(hand=["A01"], field=[f("R03", 2)], soul="life", burst="R19"), side())
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    life = g.players[0].life_total
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", a01, raptor))
    assert g.players[0].life_total == life - 1 and g.players[0].soul == SOUL_TRASH
    d = s.expect(0, Kind.YES_NO)
    assert d.context.get("question") == "burst"


def test_an_advented_spirit_leaves_with_its_sources() -> None:
    """000 ch.2 §5: when an adventing spirit leaves the field its advent sources go to the
    same place."""
    g = position(side(hand=["A01"], field=[f("R03", 2)]), side(field=[f("R04", 3)]), step="main")
    a01, raptor = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R03")
    g.answer(("advent", a01, raptor))
    from bs_tui.engine.rules.effects import leave_field

    leave_field(g, raptor, "trash")
    assert {a01, raptor} <= set(g.players[0].trash)
    assert g.defs[raptor].id == "R03"  # a card off the field is itself again


def test_a04_tidal_changeover():
    """Tidal Changeover (A04): "Main: Exchange 1 of your spirits with a spirit card from your
    hand." 000 Q&A 关于煌临 A6: an adventing spirit exchanged with a spirit card in the hand
    takes its advent sources to the hand with it; the new card takes its place and its cores
    and is not summoned."""
    quoted("A04", test_a04_tidal_changeover.__doc__)
    g = position(side(hand=["A01", "A04", "R02"], field=[f("R03", 2)], reserve=3), side())
    a01, a04, drake = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "hand", "A04"), cid_of(g, 0, "hand", "R02")
    raptor = cid_of(g, 0, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", a01, raptor))
    assert g.field[raptor].sources == (raptor,)
    s.expect(0, Kind.MAIN_ACTION, ("magic", a04, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    hand = g.players[0].hand
    assert a01 in hand and raptor in hand and drake not in hand
    assert g.players[0].field == [drake] and g.field[drake].cores == 2 and not g.field[drake].sources
    assert (0, raptor, "hand") in g.known and (1, a01, "hand") in g.known  # seen going there
    assert logged(g, "exchanges Pyre Regent Dragon with Flarewing Drake from the hand (its 1 advent source with it)")
    assert not logged(g, "summons Flarewing Drake")


def test_exchange_sends_a_token_back_to_the_stock():
    """000 ch.2 §9: a token exchanged returns to the token stock; the card from the hand takes
    its place and its cores."""
    g = position(side(hand=["K13", "A04", "R02"], reserve=10), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "K13"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    drones = [c for c in g.players[0].field if g.defs[c].id == "K03"]
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "A04"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    d = s.expect(0, Kind.CHOOSE_TARGETS, (drones[0],))  # which spirit: two drones
    assert set(d.options) == {(c,) for c in drones}
    drake = cid_of(g, 0, "field", "R02")
    assert drones[0] in g.players[0].tokens and g.field[drake].cores == 2
    assert logged(g, "Sentry Drone Token returns to the token stock.")


def test_an_advent_not_offered_says_why():
    """000 ch.2 §5 (③ the Soul Core is used; Q&A A1): with the Soul Core already in the trash,
    or on the only spirit that meets the condition (it would be left with too few cores),
    the advent is not offered and the Main Step says why."""
    from conftest import position, side

    for soul, reason in (
        ("trash", "your Soul Core is already in the trash, where an advent would move it"),
        ("field", "without the Soul Core Pactbound Ember Wyvern would have too few cores left"),
    ):
        field = [{"card": "Q01", "cores": 0 if soul == "field" else 1, "soul": soul == "field"}]
        g = position(
            side(hand=["Q04"], field=field, soul="trash" if soul == "trash" else "reserve"), side(), step="main"
        )
        q04 = g.players[0].hand[0]
        d = g.decision
        assert not any(o[0] == "advent" for o in d.options)
        assert (("advent", q04, -1), reason) in d.context["unavailable"]
