"""One test per purple card (bs_tui/data/cards/purple.toml). Purple takes the opponent's
cores away and brings spirits back from the trash (000 ch.1 §2: 持有移除对手的晶核，或是能够复活等效果).

Each test plays the card through the decision interface (`Script` fails on any question
it does not expect) and checks that the card did what its generated text says. The
docstring quotes that text; `quoted` checks the quote against `card_text`, so the test
and the card cannot drift apart. 000 is /work/shared/seeds/000_233ffee1f23d7e15.txt.
"""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import load_cards
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED

DB = load_cards()


def test_p01_rattlebone_imp():
    """Rattlebone Imp (P01): "[Lv2] When attacks: Move 1 core from 1 opposing spirit to its
    owner's reserve." A spirit left with fewer cores than its Lv1 cost is depleted (000 §5)."""
    quoted("P01", test_p01_rattlebone_imp.__doc__)
    g = position(side(field=[f("P01", 3)]), side(field=[f("G01"), f("G04", 2)], reserve=0), step="attack")
    p01 = cid_of(g, 0, "field", "P01")
    g01, g04 = cid_of(g, 1, "field", "G01"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", p01))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g01,), (g04,))
    g.answer((g01,))
    s.expect(1, Kind.BLOCK, ("take",))
    assert g01 in g.players[1].trash and g.field[g04].cores == 2
    s.expect(1, Kind.MAIN_ACTION)
    # the removed core and the life core, then one from the core step
    assert g.players[1].reserve == 3 and g.players[1].life == 4


def test_p01_rattlebone_imp_at_lv1_does_nothing():
    """Rattlebone Imp (P01) at Lv1: the [Lv2] effect does not work (000 ch.1 §2)."""
    g = position(side(field=[f("P01", 1)]), side(field=[f("G01", st="exhausted")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "P01")))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.field[cid_of(g, 1, "field", "G01")].cores == 1


def test_p02_gloomwing_bat():
    """Gloomwing Bat (P02): "When summoned: Move 1 core from 1 opposing spirit to its owner's
    reserve." """
    quoted("P02", test_p02_gloomwing_bat.__doc__)
    g = position(side(hand=["P02"], reserve=3), side(field=[f("G04", 2)], reserve=0))
    p02, g04 = cid_of(g, 0, "hand", "P02"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p02))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[g04].cores == 1 and g.players[1].reserve == 1


def test_p03_cryptborn_ghoul():
    """Cryptborn Ghoul (P03): "When destroyed: Return 1 spirit card with cost 3 or less from
    your trash to your hand." 000 ch.1 §6.6; Q&A 状态 A1 (it waits in standby, so it cannot
    return itself)."""
    quoted("P03", test_p03_cryptborn_ghoul.__doc__)
    g = position(
        side(field=[f("P03")], trash=["P04", "P06", "P09", "P01"]),
        side(field=[f("G04")]),
        step="attack",
    )
    p03, g04 = cid_of(g, 0, "field", "P03"), cid_of(g, 1, "field", "G04")
    p04, p01 = cid_of(g, 0, "trash", "P04"), cid_of(g, 0, "trash", "P01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", p03))
    s.expect(1, Kind.BLOCK, ("block", g04))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((p04,), (p01,))  # not the cost-6 dragon, not the magic
    g.answer((p04,))
    s.expect(1, Kind.MAIN_ACTION)
    assert p04 in g.players[0].hand and p03 in g.players[0].trash


def test_p04_barrow_knight():
    """Barrow Knight (P04): "Seal (when summoned, your Soul Core goes to your life)" and
    "[While sealed] When attacks: Move 1 core from 1 opposing spirit to its owner's reserve." """
    quoted("P04", test_p04_barrow_knight.__doc__)
    g = position(side(hand=["P04"], reserve=4), side(field=[f("G01")], reserve=0))
    p04, g01 = cid_of(g, 0, "hand", "P04"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p04))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    p = g.players[0]
    assert p.life_total == 6 and p.reserve_total == 0
    s.expect(0, Kind.ATTACK, ("attack", p04))
    # the only opposing spirit loses its core and is depleted: nothing left to block
    s.expect(1, Kind.MAIN_ACTION)
    assert g01 in g.players[1].trash and g.players[1].life == 4
    # without the Soul Core in life, the [While sealed] effect does not work
    g = position(side(field=[f("P04")]), side(field=[f("G01")]), step="attack")
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "P04")))
    s.expect(1, Kind.BLOCK, ("take",))
    assert g.field[g01].cores == 1


def test_p05_ironbone_warden():
    """Ironbone Warden (P05): "Armor: red/green (unaffected by the opponent's red/green
    effects)" and "[Lv2] When blocks: Move 1 core from 1 opposing spirit to its owner's
    reserve." 000 ch.1 §6.3 (when blocks), §6.6."""
    quoted("P05", test_p05_ironbone_warden.__doc__)
    g = position(
        side(field=[f("R06", 3)], hand=["G10"], reserve=2),
        side(field=[f("P05"), f("P02")]),
    )
    r06, g10 = cid_of(g, 0, "field", "R06"), cid_of(g, 0, "hand", "G10")
    p05, p02 = cid_of(g, 1, "field", "P05"), cid_of(g, 1, "field", "P02")
    s = Script(g)
    # a green flash: the warden cannot be chosen, the bat is the only target
    s.expect(0, Kind.MAIN_ACTION, ("magic", g10, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.field[p02].state == EXHAUSTED and g.field[p05].state == REFRESHED
    # a red "destroy 5000 BP or less": the warden (4000) cannot be chosen
    s.expect(0, Kind.ATTACK, ("attack", r06))
    s.expect(1, Kind.BLOCK, ("take",))
    assert p02 in g.players[1].trash and p05 in g.field
    # [Lv2] when it blocks, the attacker loses a core and a level
    g = position(side(field=[f("R04", 3)]), side(field=[f("P05", 3)]), step="attack")
    r04, p05 = cid_of(g, 0, "field", "R04"), cid_of(g, 1, "field", "P05")
    reserve = g.players[0].reserve
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    s.expect(1, Kind.BLOCK, ("block", p05))
    s.expect(1, Kind.MAIN_ACTION)
    assert logged(g, "1 core moves from Crimson Lancer Dragon to Player 1's reserve")
    # 4000 (Lv1 now) against 6000: the attacker is destroyed
    assert r04 in g.players[0].trash and p05 in g.field
    assert g.players[0].reserve == reserve + 3


def test_p06_dreadmarrow_dragon():
    """Dreadmarrow Dragon (P06): "When summoned: Return up to 1 spirit card from your trash to
    your hand." and "[Lv2-Lv3] When attacks: Move 2 cores from 1 opposing spirit to the
    void." Two symbols (000 ch.1 §6.5)."""
    quoted("P06", test_p06_dreadmarrow_dragon.__doc__)
    g = position(side(hand=["P06"], reserve=9, trash=["P03", "P09"]), side(field=[f("G04", 3)]))
    p06, p03 = cid_of(g, 0, "hand", "P06"), cid_of(g, 0, "trash", "P03")
    g04 = cid_of(g, 1, "field", "G04")
    void = g.players[1].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p06))
    s.expect(0, Kind.PAY_COST, pay(reserve=6))
    s.expect(0, Kind.PLACE_CORES, place(reserve=3))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((), (p03,))  # up to 1; the magic is not a spirit card
    g.answer((p03,))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert p03 in g.players[0].hand
    s.expect(0, Kind.ATTACK, ("attack", p06))
    s.expect(1, Kind.BLOCK)
    assert g.field[g04].cores == 1 and g.players[1].void == void + 2
    g.answer(("take",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 3


def test_p07_soulreaver_scythe():
    """Soulreaver Scythe (P07): "Brave condition: a spirit with cost 3 or more. Braved: BP
    +3000." and "[Braved] When attacks: Move 1 core from 1 opposing spirit to the
    void." 000 ch.2 §1 (the braved spirit adds the brave's BP+, effects and symbol)."""
    quoted("P07", test_p07_soulreaver_scythe.__doc__)
    g = position(side(hand=["P07"], field=[f("P04"), f("P01")], reserve=2), side(field=[f("G04", 2)]))
    p07, p04, p01 = cid_of(g, 0, "hand", "P07"), cid_of(g, 0, "field", "P04"), cid_of(g, 0, "field", "P01")
    g04 = cid_of(g, 1, "field", "G04")
    void = g.players[1].void
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", p07, p04) in d.options and ("summon_braved", p07, p01) not in d.options
    g.answer(("summon_braved", p07, p04))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # cost 4, two purple symbols
    g.answer(pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert bp(g, p04) == 6000
    s.expect(0, Kind.ATTACK, ("attack", p04))
    s.expect(1, Kind.BLOCK, ("take",))
    assert g.field[g04].cores == 1 and g.players[1].void == void + 1
    s.expect(0, Kind.ATTACK, ("end",))
    assert g.players[1].life == 3
    # 000 ch.2 §1 ③: when the braved spirit is destroyed, the scythe may stay as a spirit
    g = position(side(field=[f("P04", brave="P07")], reserve=1), side(field=[f("G06", 5)]), step="attack")
    p04, p07, g06 = cid_of(g, 0, "field", "P04"), cid_of(g, 0, "field", "P07"), cid_of(g, 1, "field", "G06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", p04))
    s.expect(1, Kind.BLOCK, ("block", g06))  # 5 cores, minus 1: Lv2, 7000 against 6000
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.MAIN_ACTION)
    assert p04 in g.players[0].trash and p07 in g.players[0].field
    assert g.field[p07].host == -1 and bp(g, p07) == 3000


def test_p08_ossuary_of_whispers():
    """Ossuary of Whispers (P08): "[Lv1-Lv2] When one of your spirits is destroyed: Move 1 core
    from 1 opposing spirit to its owner's reserve." and "[Once per turn] [Lv2] When one of
    your spirits is destroyed: Return 1 spirit card with cost 3 or less from your trash to
    your hand." 000 ch.1 (the turn player orders simultaneous effects); Q&A A9 (once per turn)."""
    quoted("P08", test_p08_ossuary_of_whispers.__doc__)
    g = position(
        side(field=[f("P01"), f("P01"), f("P08", 2)], trash=["P03"]),
        side(field=[f("G04", 2), f("G04", 2)]),
        step="attack",
    )
    a, b = cid_of(g, 0, "field", "P01", 0), cid_of(g, 0, "field", "P01", 1)
    x, y = cid_of(g, 1, "field", "G04", 0), cid_of(g, 1, "field", "G04", 1)
    p03 = cid_of(g, 0, "trash", "P03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.BLOCK, ("block", x))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2
    g.answer(d.context["labels"].index(next(lab for lab in d.context["labels"] if "Move 1 core" in lab)))
    s.expect(0, Kind.CHOOSE_TARGETS, (x,))
    # the recovery: the imp is still in standby, so the ghoul is the only choice
    s.expect(0, Kind.ATTACK)
    assert p03 in g.players[0].hand and a in g.players[0].trash
    assert g.field[x].cores == 1
    g.answer(("attack", b))
    s.expect(1, Kind.BLOCK, ("block", y))
    # once per turn: only the core removal this time
    s.expect(0, Kind.CHOOSE_TARGETS, (x,))
    s.expect(1, Kind.MAIN_ACTION)
    assert x in g.players[1].trash and b in g.players[0].trash
    assert g.players[0].hand.count(p03) == 1 and len(g.players[0].hand) == 1


def test_p09_withering_hex():
    """Withering Hex (P09): "Flash: Move 2 cores from 1 opposing spirit to its owner's
    reserve." Used by the defender (000 ch.1 §6 <2>): the attacker is depleted; an attacker
    that left the field reduces no life (§6.5)."""
    quoted("P09", test_p09_withering_hex.__doc__)
    g = position(side(hand=["P09"], reserve=3), side(field=[f("G03", 2)], reserve=0), active=1, step="attack")
    p09, g03 = cid_of(g, 0, "hand", "P09"), cid_of(g, 1, "field", "G03")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", g03))
    s.expect(0, Kind.FLASH, ("magic", p09))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert g03 in g.players[1].trash and g.players[0].life == 5
    assert g.players[1].reserve == 2


def test_p10_rite_of_unearthing():
    """Rite of Unearthing (P10): "Main: Return up to 2 spirit cards from your trash to your
    hand." 000 ch.1 §5.4."""
    quoted("P10", test_p10_rite_of_unearthing.__doc__)
    g = position(side(hand=["P10"], reserve=3, trash=["P03", "P04", "P09", "P06"]), side())
    p10 = cid_of(g, 0, "hand", "P10")
    p03, p04, p06 = (cid_of(g, 0, "trash", c) for c in ("P03", "P04", "P06"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", p10, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((), (p03,), (p04,), (p06,), (p03, p04), (p03, p06), (p04, p06))
    g.answer((p03, p06))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert sorted(p.hand) == sorted([p03, p06]) and p04 in p.trash and p10 in p.trash


def test_p11_grave_reprisal():
    """Grave Reprisal (P11): "Burst: after your spirit is destroyed by the opponent: Return 1
    spirit card from your trash to your hand. Then, by paying the cost, use this card's Flash
    effect." and "Flash: Move 1 core from 1 opposing spirit to the void." 000 ch.2 §2:
    activated once the effects resolving then are done (the destroyed spirit is in the trash)."""
    quoted("P11", test_p11_grave_reprisal.__doc__)
    g = position(
        side(hand=["R09"], field=[f("R01")], reserve=3),
        side(field=[f("P02")], trash=["P13"], burst="P11", reserve=3),
    )
    r09, r01 = cid_of(g, 0, "hand", "R09"), cid_of(g, 0, "field", "R01")
    p02, p13, p11 = cid_of(g, 1, "field", "P02"), cid_of(g, 1, "trash", "P13"), cid_of(g, 1, "burst", "P11")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", r09, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(1, Kind.YES_NO, True)
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert d.options == ((p13,), (p02,))
    g.answer((p02,))
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 3
    g.answer(pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert p02 in g.players[1].hand and p11 in g.players[1].trash and g.players[1].burst == []
    assert r01 in g.players[0].trash and g.players[0].void == void + 1


def test_p12_barrowshade_lich():
    """Barrowshade Lich (P12): "Burst: after your opponent summons a spirit: Move 1 core from 1
    opposing spirit to the void. Then, by paying the cost, summon this card."
    000 ch.2 §2 (a burst may summon its card by paying the cost)."""
    quoted("P12", test_p12_barrowshade_lich.__doc__)
    g = position(side(hand=["G01"], reserve=3), side(burst="P12", reserve=5))
    g01, p12 = cid_of(g, 0, "hand", "G01"), cid_of(g, 1, "burst", "P12")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", g01))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.YES_NO, True)
    d = s.expect(1, Kind.PAY_COST)
    assert g01 in g.players[0].trash and g.players[0].void == void + 1
    assert d.allocation.amount == 4
    g.answer(pay(reserve=4))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert p12 in g.players[1].field and g.players[1].burst == [] and bp(g, p12) == 4000


def test_p13_tombkeeper_shade():
    """Tombkeeper Shade (P13): "When summoned: Discard 2 cards from the top of your deck.
    Return 1 spirit card with cost 2 or less from your trash to your hand." """
    quoted("P13", test_p13_tombkeeper_shade.__doc__)
    g = position(side(hand=["P13"], reserve=4, deck=["R01"] * 5 + ["P06", "P02"]), side())
    p13 = cid_of(g, 0, "hand", "P13")
    p06, p02 = cid_of(g, 0, "deck", "P06"), cid_of(g, 0, "deck", "P02")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p13))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert p.trash == [p06] and p.hand == [p02] and len(p.deck) == 5


def test_p14_bonepyre_necromancer():
    """Bonepyre Necromancer (P14): "When summoned: You may destroy 1 of your other spirits. If
    you do, move 2 cores from 1 opposing spirit to the void." (Q&A A6: "you may X;
    if you do, Y")"""
    quoted("P14", test_p14_bonepyre_necromancer.__doc__)
    g = position(side(hand=["P14"], field=[f("P01")], reserve=5), side(field=[f("G04", 3)]))
    p14, p01, g04 = cid_of(g, 0, "hand", "P14"), cid_of(g, 0, "field", "P01"), cid_of(g, 1, "field", "G04")
    void = g.players[1].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p14))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 4  # cost 5, one purple symbol
    g.answer(pay(reserve=4))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.MAIN_ACTION)
    assert p01 in g.players[0].trash and p14 in g.field
    assert g.field[g04].cores == 1 and g.players[1].void == void + 2
    # declined: nothing is destroyed and no core moves
    g = position(side(hand=["P14"], field=[f("P01")], reserve=5), side(field=[f("G04", 3)]))
    p14, p01, g04 = cid_of(g, 0, "hand", "P14"), cid_of(g, 0, "field", "P01"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", p14))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, False)
    s.expect(0, Kind.MAIN_ACTION)
    assert p01 in g.field and g.field[g04].cores == 3
