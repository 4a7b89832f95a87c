"""One test per red card (bs_tui/data/cards/red.toml). Red attacks, destroys the
opponent's spirits and draws (000 ch.1 §2: 擅长攻击的颜色，可以在攻击时进行破坏或者抽卡).

Each test plays the card through the decision interface (`Script` fails on any question
it does not expect) and checks that the card did what its generated text says. The
docstring quotes that text; `quoted` checks the quote against `card_text`, so the test
and the card cannot drift apart. 000 is /work/shared/seeds/000_233ffee1f23d7e15.txt.
"""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, fv, label_index, logged, pay, place, position, quoted, side

from bs_tui.engine import load_cards
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED

DB = load_cards()


# ----------------------------------------------------------------------- R01-R15


def test_r01_cinder_pup():
    """Cinder Pup (R01): no text; cost 1 [R], Lv1 1 core BP 1000, Lv2 3 cores BP 3000.
    000 ch.1 §5 ④: its own red symbol reduces the second copy's cost to 0."""
    quoted("R01", test_r01_cinder_pup.__doc__)
    g = position(side(hand=["R01", "R01"], reserve=4), side())
    a, b = cid_of(g, 0, "hand", "R01", 0), cid_of(g, 0, "hand", "R01", 1)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", a))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=3))
    s.expect(0, Kind.MAIN_ACTION, ("summon", b))
    # cost 1, one red symbol on the field: no payment asked
    s.expect(0, Kind.PLACE_CORES, place(reserve=0, **{f"c{a}": 1}))
    s.expect(0, Kind.MAIN_ACTION)
    assert (fv(g, a).level, bp(g, a)) == (1, 1000)
    assert (fv(g, b).level, bp(g, b)) == (1, 1000)
    assert g.players[0].reserve == 0


def test_r02_flarewing_drake():
    """Flarewing Drake (R02): "When attacks: This spirit gets BP +1000 this battle."
    000 ch.1 §6.1 (when attacks), §6.7 (effects for this battle end)."""
    quoted("R02", test_r02_flarewing_drake.__doc__)
    g = position(side(field=[f("R02")]), side(field=[f("G13")]), step="attack")
    r02, g13 = cid_of(g, 0, "field", "R02"), cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    s.expect(1, Kind.BLOCK)
    assert bp(g, r02) == 3000
    g.answer(("block", g13))
    s.expect(1, Kind.MAIN_ACTION)
    assert g13 in g.players[1].trash
    assert bp(g, r02) == 2000


def test_r03_blazefang_raptor():
    """Blazefang Raptor (R03): "When summoned: Destroy 1 opposing spirit with 2000 BP or less." """
    quoted("R03", test_r03_blazefang_raptor.__doc__)
    g = position(side(hand=["R03"], reserve=4), side(field=[f("G13"), f("G01"), f("G04")]))
    r03 = cid_of(g, 0, "hand", "R03")
    g13, g01 = cid_of(g, 1, "field", "G13"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", r03))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g13,), (g01,))  # Canopy Stag (4000) cannot be chosen
    g.answer((g13,))
    s.expect(0, Kind.MAIN_ACTION)
    assert g13 in g.players[1].trash and g01 in g.field


def test_r04_crimson_lancer_dragon():
    """Crimson Lancer Dragon (R04): "[Lv2-Lv3] When attacks: Destroy 1 opposing spirit with
    3000 BP or less." 000 ch.1 §2 (an effect works only at the levels it names)."""
    quoted("R04", test_r04_crimson_lancer_dragon.__doc__)
    g = position(side(field=[f("R04", 3), f("R04", 1)]), side(field=[f("G12"), f("G04")]), step="attack")
    lv2, lv1 = cid_of(g, 0, "field", "R04", 0), cid_of(g, 0, "field", "R04", 1)
    g12, g04 = cid_of(g, 1, "field", "G12"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lv1))
    s.expect(1, Kind.BLOCK, ("take",))  # at Lv1: nothing destroyed
    assert g.players[1].trash == []
    s.expect(0, Kind.ATTACK, ("attack", lv2))
    s.expect(1, Kind.BLOCK, ("take",))  # the only target (Bramble Wolf, 3000) went at once
    s.expect(1, Kind.MAIN_ACTION)
    assert g12 in g.players[1].trash and g04 in g.field
    assert g.players[1].life == 3


def test_r05_scorch_hatchling():
    """Scorch Hatchling (R05): "When destroyed: Draw 1 card." 000 ch.1 §6.6."""
    quoted("R05", test_r05_scorch_hatchling.__doc__)
    g = position(side(field=[f("R05")]), side(field=[f("G04")]), step="attack")
    r05, g04 = cid_of(g, 0, "field", "R05"), cid_of(g, 1, "field", "G04")
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r05))
    s.expect(1, Kind.BLOCK, ("block", g04))
    s.expect(1, Kind.MAIN_ACTION)
    assert r05 in g.players[0].trash
    assert len(g.players[0].hand) == hand + 1


def test_r06_pyre_colossus_dragon():
    """Pyre Colossus Dragon (R06): "[Lv2-Lv3] When attacks: Destroy 1 opposing spirit with
    5000 BP or less. Draw 1 card." Two symbols: 2 life (000 ch.1 §6.5)."""
    quoted("R06", test_r06_pyre_colossus_dragon.__doc__)
    g = position(side(field=[f("R06", 3)]), side(field=[f("G04"), f("G06", 3)]), step="attack")
    r06 = cid_of(g, 0, "field", "R06")
    g04, g06 = cid_of(g, 1, "field", "G04"), cid_of(g, 1, "field", "G06")
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    d = s.expect(1, Kind.BLOCK)  # Canopy Stag (4000) was the only target; Grove Titan is 7000
    assert d.options == (("block", g06), ("take",))
    assert g04 in g.players[1].trash and len(g.players[0].hand) == hand + 1
    g.answer(("take",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 3


def test_r07_ember_scout():
    """Ember Scout (R07): "[Lv2] When attacks: You may: draw 1 card." (Q&A A2: may)"""
    quoted("R07", test_r07_ember_scout.__doc__)
    g = position(side(field=[f("R07", 2)]), side(), step="attack")
    r07 = cid_of(g, 0, "field", "R07")
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r07))
    s.expect(0, Kind.YES_NO, True)
    s.expect(1, Kind.MAIN_ACTION)
    assert len(g.players[0].hand) == hand + 1


def test_r08_volcano_forge():
    """Volcano Forge (R08): "[Lv1-Lv2] When one of your spirits attacks: That spirit gets
    BP +1000 this battle." and "[Lv2] When one of your spirits is destroyed: Draw 1 card." """
    quoted("R08", test_r08_volcano_forge.__doc__)
    g = position(side(field=[f("R01"), f("R08", 2)]), side(field=[f("G04")]), step="attack")
    r01, g04 = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "field", "G04")
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.BLOCK)
    assert bp(g, r01) == 2000
    g.answer(("block", g04))
    s.expect(1, Kind.MAIN_ACTION)
    assert r01 in g.players[0].trash
    assert len(g.players[0].hand) == hand + 1


def test_r09_flame_burst():
    """Flame Burst (R09): "Flash: Destroy 1 opposing spirit with 3000 BP or less."
    Used by the defender in flash timing (000 ch.1 §6 <2>), it destroys the attacker; an
    attacker that left the field reduces no life (§6.5)."""
    quoted("R09", test_r09_flame_burst.__doc__)
    g = position(side(hand=["R09"], reserve=3), side(field=[f("G03")]), active=1, step="attack")
    r09, g03 = cid_of(g, 0, "hand", "R09"), cid_of(g, 1, "field", "G03")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", g03))
    s.expect(0, Kind.FLASH, ("magic", r09))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert g03 in g.players[1].trash and r09 in g.players[0].trash
    assert g.players[0].life == 5


def test_r10_dragons_roar():
    """Dragon's Roar (R10): "Flash: 1 of your spirits gets BP +3000 this turn."
    000 ch.1 §6 <4> (flash timing after a block), §6.6 (BP comparison)."""
    quoted("R10", test_r10_dragons_roar.__doc__)
    g = position(side(field=[f("R03"), f("R01")], hand=["R10"], reserve=2), side(field=[f("G04")]), step="attack")
    r03, r01 = cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "R01")
    r10, g04 = cid_of(g, 0, "hand", "R10"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r03))
    s.expect(0, Kind.FLASH, ("pass",))
    s.expect(1, Kind.BLOCK, ("block", g04))
    s.expect(0, Kind.FLASH, ("magic", r10))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # cost 2, a red symbol on the field
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((r03,), (r01,))
    g.answer((r03,))
    s.expect(0, Kind.ATTACK)
    assert g04 in g.players[1].trash and bp(g, r03) == 6000  # still this turn
    g.answer(("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert bp(g, r03) == 3000


def test_r11_kindling_study():
    """Kindling Study (R11): "Main: Draw 2 cards." 000 ch.1 §5.4 (a used magic goes to the trash)."""
    quoted("R11", test_r11_kindling_study.__doc__)
    g = position(side(hand=["R11"], reserve=3), side())
    r11 = cid_of(g, 0, "hand", "R11")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", r11, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[0].hand) == 2 and r11 in g.players[0].trash


def test_r12_magma_serpent():
    """Magma Serpent (R12): "When summoned: You may: destroy 1 opposing spirit with 3000 BP or
    less." and "[Lv2] When blocks: This spirit gets BP +2000 this battle." 000 ch.1 §6.3."""
    quoted("R12", test_r12_magma_serpent.__doc__)
    g = position(side(hand=["R12"], reserve=9), side(field=[f("G03"), f("G06", 3)]))
    r12 = cid_of(g, 0, "hand", "R12")
    g03, g06 = cid_of(g, 1, "field", "G03"), cid_of(g, 1, "field", "G06")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", r12))
    s.expect(0, Kind.PAY_COST, pay(reserve=5))
    s.expect(0, Kind.PLACE_CORES, place(reserve=4))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g03 in g.players[1].trash
    s.expect(0, Kind.ATTACK, ("end",))
    # player 2's turn: Ancient Grove Titan (7000) attacks; the serpent blocks at 7000 + 2000
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.ATTACK, ("attack", g06))
    s.expect(1, Kind.CHOOSE_TARGETS, ())  # the Titan's "exhaust up to 2": none
    s.expect(0, Kind.BLOCK, ("block", r12))
    s.expect(0, Kind.MAIN_ACTION)
    assert logged(g, "Magma Serpent gets BP +2000 this battle (BP 9000)")
    assert g06 in g.players[1].trash and r12 in g.field  # without the +2000, a tie


def test_r13_searing_wave():
    """Searing Wave (R13): "Main: Destroy all opposing spirits with 2000 BP or less." """
    quoted("R13", test_r13_searing_wave.__doc__)
    g = position(side(hand=["R13"], reserve=4), side(field=[f("G01"), f("G13"), f("G04")]))
    r13 = cid_of(g, 0, "hand", "R13")
    g01, g13, g04 = (cid_of(g, 1, "field", c) for c in ("G01", "G13", "G04"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", r13, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.MAIN_ACTION)
    assert g01 in g.players[1].trash and g13 in g.players[1].trash and g04 in g.field


def test_r14_torchbearer_wyrm():
    """Torchbearer Wyrm (R14): "When summoned: Draw 1 card." Lv1 needs 2 cores."""
    quoted("R14", test_r14_torchbearer_wyrm.__doc__)
    g = position(side(hand=["R14"], reserve=5), side())
    r14 = cid_of(g, 0, "hand", "R14")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", r14))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 2
    g.answer(place(reserve=2))
    s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[0].hand) == 1 and bp(g, r14) == 3000


def test_r15_ashen_sentinel():
    """Ashen Sentinel (R15): "When your life is reduced: Put 1 core from the void into your
    reserve." 000 ch.1 §6.5 (the defender may use "when life is reduced" effects)."""
    quoted("R15", test_r15_ashen_sentinel.__doc__)
    g = position(side(field=[f("R01")]), side(field=[f("R15", st="exhausted")], reserve=0), step="attack")
    r01 = cid_of(g, 0, "field", "R01")
    void = g.players[1].void
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.MAIN_ACTION)
    p = g.players[1]
    assert p.life == 4
    # the life core + the void core, then one more from the core step
    assert p.reserve == 3 and p.void == void - 2


# ----------------------------------------------------------------------- R16-R20


def test_r16_solar_lance_wyvern():
    """Solar Lance Wyvern (R16): "Brave condition: a spirit with cost 3 or more. Braved: BP
    +3000." and "[Braved] When attacks: Destroy 1 opposing spirit with 3000 BP or less."
    000 ch.1 §5 (a brave summoned straight onto a spirit), ch.2 §1: the braved spirit adds
    the brave's BP+, effects and symbol; braved effects do nothing for the brave alone."""
    quoted("R16", test_r16_solar_lance_wyvern.__doc__)
    g = position(
        side(hand=["R16"], field=[f("R04"), f("R01")], reserve=2),
        side(field=[f("G03"), f("G12", st="exhausted")]),
    )
    r16, r04, r01 = cid_of(g, 0, "hand", "R16"), cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R01")
    g03, g12 = cid_of(g, 1, "field", "G03"), cid_of(g, 1, "field", "G12")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", r16, r04) in d.options and ("summon_braved", r16, r01) not in d.options
    g.answer(("summon_braved", r16, r04))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # cost 4, two red symbols on the field
    g.answer(pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.field[r04].brave == r16 and bp(g, r04) == 7000
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", r16) not in d.options  # braved: it attacks as one spirit with the host
    g.answer(("attack", r04))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g03,), (g12,))
    g.answer((g03,))
    # the other opposing spirit is exhausted: no block
    assert g03 in g.players[1].trash
    s.expect(0, Kind.ATTACK, ("end",))
    assert g.players[1].life == 3  # the spirit's symbol and the brave's
    # a brave as a spirit of its own: its [Braved] effect does not work
    g = position(side(field=[f("R16")]), side(field=[f("G01")]), step="attack")
    lone = cid_of(g, 0, "field", "R16")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lone))
    s.expect(1, Kind.BLOCK, ("take",))
    assert g.players[1].trash == [] and bp(g, lone) == 3000


def test_r17_warcry_salamander():
    """Warcry Salamander (R17): "Clash (when this spirit attacks, the opponent must block if
    able)" and "[Lv2] When attacks: This spirit gets BP +2000 this battle." 000 ch.1 §6.3."""
    quoted("R17", test_r17_warcry_salamander.__doc__)
    g = position(side(field=[f("R17", 3)]), side(field=[f("G04", 3), f("G01", st="exhausted")]), step="attack")
    r17, g04 = cid_of(g, 0, "field", "R17"), cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r17))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", g04),)  # no "take": it must block
    assert bp(g, r17) == 7000
    g.answer(("block", g04))
    s.expect(1, Kind.MAIN_ACTION)
    assert g04 in g.players[1].trash and g.players[1].life == 5
    # with no spirit able to block, Clash asks nothing and the attack hits
    g = position(side(field=[f("R17")]), side(field=[f("G01", st="exhausted")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R17")))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 4


def test_r18_emberstrike_dragon():
    """Emberstrike Dragon (R18): "Assault: 1 (when this spirit attacks, by exhausting one of
    your nexuses, refresh this spirit; once a turn)" — it attacks again the same turn."""
    quoted("R18", test_r18_emberstrike_dragon.__doc__)
    g = position(side(field=[f("R18"), f("R08", 0)]), side(), step="attack")
    r18, r08 = cid_of(g, 0, "field", "R18"), cid_of(g, 0, "field", "R08")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r18))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    g.answer(label_index(d, "Emberstrike Dragon"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((r08,), ())
    g.answer((r08,))
    assert g.field[r18].state == REFRESHED and g.field[r08].state == EXHAUSTED
    d = s.expect(0, Kind.ATTACK)
    assert g.players[1].life == 4 and d.options == (("attack", r18), ("end",))
    g.answer(("attack", r18))
    # the Assault is used up and the only nexus is exhausted: only the Forge's effect triggers
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 3 and g.field[r18].state == EXHAUSTED


def test_r19_backdraft_volley():
    """Backdraft Volley (R19): "Burst: after your life is reduced: Destroy 1 opposing spirit
    with 4000 BP or less. Then, by paying the cost, use this card's Flash effect." and
    "Flash: Destroy 1 opposing spirit with 2000 BP or less. Draw 1 card." 000 ch.2 §2:
    the burst effect is free, then the owner may pay for the flash; the burst goes to the trash."""
    quoted("R19", test_r19_backdraft_volley.__doc__)
    g = position(
        side(field=[f("R04"), f("R01", st="exhausted")]),
        side(field=[f("R08", 0)], burst="R19", reserve=3),
        step="attack",
    )
    r04, r01 = cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R01")
    r19 = cid_of(g, 1, "burst", "R19")
    hand = len(g.players[1].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    s.expect(1, Kind.YES_NO, True)  # life 5 -> 4: the burst may be activated
    assert g.players[1].life == 4
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert d.options == ((r04,), (r01,))
    g.answer((r04,))
    d = s.expect(1, Kind.PAY_COST)
    assert r04 in g.players[0].trash
    assert d.allocation.amount == 3  # cost 4, one red symbol
    g.answer(pay(reserve=3))
    s.expect(1, Kind.MAIN_ACTION)
    assert r01 in g.players[0].trash
    assert len(g.players[1].hand) == hand + 2  # the flash's draw and the draw step
    assert r19 in g.players[1].trash and g.players[1].burst == []


def test_r20_rekindled_firebird():
    """Rekindled Firebird (R20): "Burst: after your spirit is destroyed by the opponent:
    Destroy 1 opposing spirit with 3000 BP or less. Then, by paying the cost, summon this
    card." 000 ch.2 §2 (activated once the effects resolving then are done)."""
    quoted("R20", test_r20_rekindled_firebird.__doc__)
    g = position(
        side(hand=["R09"], field=[f("R03"), f("R04")], reserve=1),
        side(field=[f("G01"), f("R08", 0)], burst="R20", reserve=3),
    )
    r09, r03, r04 = cid_of(g, 0, "hand", "R09"), cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "R04")
    g01, r20 = cid_of(g, 1, "field", "G01"), cid_of(g, 1, "burst", "R20")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", r09, "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(1, Kind.YES_NO, True)
    assert g01 in g.players[1].trash
    d = s.expect(1, Kind.PAY_COST)
    assert r03 in g.players[0].trash and r04 in g.field  # Crimson Lancer (4000) is too strong
    assert d.allocation.amount == 2
    g.answer(pay(reserve=2))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert r20 in g.players[1].field and g.players[1].burst == [] and bp(g, r20) == 3000
