"""One test per green card (G01-G19) and the Verdant Tide deck. Each test plays the card
through the decision interface (the Script fails on any unexpected question) and checks
that it did exactly what its generated text says; the docstring quotes that text.

Green (000 ch.1 §2 绿属性): adds cores and exhausts the opponent's spirits. Rule sections
are those of /work/shared/seeds/000_233ffee1f23d7e15.txt (000).
"""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, ids, level, pay, place, position, side

from bs_tui.engine import costs, load_deck
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED

# ----------------------------------------------------------------------- helpers


def summon(s: Script, player: int, cid: int, paid: int, placed: int) -> None:
    """Summon from the hand paying `paid` and placing `placed` cores, all from the reserve."""
    s.expect(player, Kind.MAIN_ACTION, ("summon", cid))
    if paid:
        s.expect(player, Kind.PAY_COST, pay(reserve=paid))
    s.expect(player, Kind.PLACE_CORES, place(reserve=placed))


# ----------------------------------------------------------------------- the text matches


GREEN = [f"G{i:02d}" for i in range(1, 20)]


def test_verdant_tide_is_a_legal_green_deck():
    deck = load_deck("verdant_tide")
    cards = deck.card_list()
    assert deck.name == "Verdant Tide" and len(cards) == 40
    assert all(n <= 3 for _, n in deck.cards)
    assert all(c.startswith("G") for c in cards)
    assert {"G15", "G16", "G17", "G18", "G19"} <= set(cards)


# ----------------------------------------------------------------------- G01-G14


def test_g01_moss_beetle_levels():
    """Moss Beetle (G01) has no card text: a cost-1 spirit, Lv1 with 1 core (BP 1000),
    Lv2 with 3 cores (BP 3000). 000 ch.1 §5.1 summoning (any number of cores at once)."""
    g = position(side(hand=["G01"], reserve=4), side())
    beetle = cid_of(g, 0, "hand", "G01")
    s = Script(g)
    summon(s, 0, beetle, 1, 3)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[beetle].cores == 3 and level(g, beetle) == 2 and bp(g, beetle) == 3000
    assert g.players[0].reserve == 0


def test_g02_thornback_boar_puts_a_void_core_on_itself():
    """Thornback Boar (G02): "When summoned: Put 1 core from the void on this spirit."
    It enters with 1 core and ends with 2 (still Lv1: Lv2 needs 3)."""
    g = position(side(hand=["G02"], field=[f("G01")], reserve=3), side())
    boar = cid_of(g, 0, "hand", "G02")
    void = g.players[0].void
    s = Script(g)
    summon(s, 0, boar, 1, 1)  # cost 2, one green symbol on the field
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[boar].cores == 2
    assert g.players[0].void == void - 1
    assert g.players[0].reserve == 1


def test_g03_vine_mantis_exhausts_the_only_blocker():
    """Vine Mantis (G03): "When attacks: Exhaust 1 opposing spirit." 000 ch.1 §6.1 (when
    attacks), §6.3 (only refreshed spirits block): no block is possible and life drops."""
    g = position(side(field=[f("G03")]), side(field=[f("R03")]), step="attack")
    mantis = cid_of(g, 0, "field", "G03")
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", mantis))
    s.expect(1, Kind.MAIN_ACTION)  # no BLOCK: the turn passes
    assert g.players[1].life == 4
    assert g.field[raptor].state == REFRESHED  # refreshed again in player 2's refresh step
    assert any("Blazefang Raptor is exhausted" in line for line in g.log_lines())


def test_g04_canopy_stag_puts_a_void_core_in_the_reserve():
    """Canopy Stag (G04): "When summoned: Put 1 core from the void into your reserve." """
    g = position(side(hand=["G04"], field=[f("G01"), f("G01")], reserve=3), side())
    stag = cid_of(g, 0, "hand", "G04")
    void = g.players[0].void
    s = Script(g)
    summon(s, 0, stag, 2, 1)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 1 and g.players[0].void == void - 1
    assert g.field[stag].cores == 1


def test_g05_silkweaver_spider_lv2_exhausts_bp_3000_or_less():
    """Silkweaver Spider (G05): "[Lv2] When attacks: Exhaust 1 opposing spirit with 3000 BP
    or less." 000 ch.1 §2 (level-marked effects)."""
    g = position(side(field=[f("G05", 2)]), side(field=[f("R01"), f("R04")]), step="attack")
    spider = cid_of(g, 0, "field", "G05")
    pup, lancer = cid_of(g, 1, "field", "R01"), cid_of(g, 1, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", spider))
    # only the pup (1000) can be chosen, so it is exhausted without a choice
    d = s.expect(1, Kind.BLOCK)
    assert g.field[pup].state == EXHAUSTED
    assert d.options == (("block", lancer), ("take",))
    g.answer(("take",))
    s.expect(1, Kind.MAIN_ACTION)
    # at Lv1 nothing happens
    g = position(side(field=[f("G05", 1)]), side(field=[f("R01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G05")))
    d = s.expect(1, Kind.BLOCK)
    assert d.options[0] == ("block", cid_of(g, 1, "field", "R01"))


def test_g06_ancient_grove_titan_exhausts_up_to_two():
    """Ancient Grove Titan (G06): "[Lv2-Lv3] When attacks: Exhaust up to 2 opposing
    spirits." Two symbols: an unblocked attack takes 2 life (000 ch.1 §6.5)."""
    g = position(side(field=[f("G06", 3)]), side(field=[f("R01"), f("R03"), f("R04")]), step="attack")
    titan = cid_of(g, 0, "field", "G06")
    pup, raptor, lancer = (cid_of(g, 1, "field", c) for c in ("R01", "R03", "R04"))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", titan))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert () in d.options and (pup, raptor) in d.options and all(len(o) <= 2 for o in d.options)
    g.answer((raptor, lancer))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", pup), ("take",))
    g.answer(("take",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 3


def test_g07_pollen_sprite_destroyed_puts_a_void_core_in_the_reserve():
    """Pollen Sprite (G07): "When destroyed: Put 1 core from the void into your reserve."
    Destroyed in battle (000 ch.1 §6.6), its own core goes to the reserve as well."""
    g = position(side(field=[f("G07")], reserve=0), side(field=[f("R03")]), step="attack")
    sprite = cid_of(g, 0, "field", "G07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", sprite))
    s.expect(1, Kind.BLOCK, ("block", cid_of(g, 1, "field", "R03")))
    s.expect(1, Kind.MAIN_ACTION)
    assert sprite in g.players[0].trash
    assert g.players[0].reserve == 2  # its core and one from the void
    assert any("puts 1 core from the void into the reserve" in line for line in g.log_lines())


def test_g08_whispering_grove_cores_on_summon_and_bp_on_block():
    """Whispering Grove (G08): "[Lv2] When one of your spirits is summoned: Put 1 core from
    the void into your reserve." and "[Lv1-Lv2] When one of your spirits blocks: That spirit
    gets BP +1000 this battle." """
    # Lv2 (3 cores): summoning a spirit adds a core to the reserve
    g = position(side(hand=["G01"], field=[f("G08", 3)], reserve=1), side())
    beetle = cid_of(g, 0, "hand", "G01")
    s = Script(g)
    summon(s, 0, beetle, 0, 1)  # cost 1, reduced by the nexus's green symbol
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 1
    # Lv1 (no cores): no core on summon
    g = position(side(hand=["G01"], field=[f("G08", 0)], reserve=1), side())
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "G01"), 0, 1)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 0
    # a blocker gets +1000: Moss Beetle (1000) against Cinder Pup (1000) survives
    g = position(side(field=[f("R01")]), side(field=[f("G01"), f("G08", 0)]), step="attack")
    pup, beetle = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(1, Kind.BLOCK, ("block", beetle))
    s.expect(1, Kind.MAIN_ACTION)
    assert pup in g.players[0].trash and beetle in g.field


def test_g09_overgrowth_puts_two_void_cores_in_the_reserve():
    """Overgrowth (G09): "Main: Put 2 cores from the void into your reserve." 000 ch.1 §5.4."""
    g = position(side(hand=["G09"], reserve=3), side())
    og = cid_of(g, 0, "hand", "G09")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", og, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 2 and g.players[0].void == void - 2
    assert og in g.players[0].trash


def test_g10_binding_vines_exhausts_a_would_be_blocker():
    """Binding Vines (G10): "Flash: Exhaust 1 opposing spirit." 000 ch.1 §6 <2> flash timing."""
    g = position(side(field=[f("R01")], hand=["G10"], reserve=3), side(field=[f("G01")]), step="attack")
    pup = cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(0, Kind.FLASH, ("magic", cid_of(g, 0, "hand", "G10")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(1, Kind.MAIN_ACTION)  # nobody could block
    assert g.players[1].life == 4


def test_g11_wild_vigor_refreshes_the_attacker():
    """Wild Vigor (G11): "Flash: Refresh 1 of your spirits." It may attack again (000 §6.7)."""
    g = position(side(field=[f("R01")], hand=["G11"], reserve=3), side(), step="attack")
    pup = cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(0, Kind.FLASH, ("magic", cid_of(g, 0, "hand", "G11")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    d = s.expect(0, Kind.ATTACK)
    assert d.options == (("attack", pup), ("end",))
    assert g.players[1].life == 4


def test_g12_bramble_wolf_gets_bp_when_blocking():
    """Bramble Wolf (G12): "When blocks: This spirit gets BP +2000 this battle." 000 §6.3."""
    g = position(side(field=[f("R03", 3)]), side(field=[f("G12")]), step="attack")
    raptor, wolf = cid_of(g, 0, "field", "R03"), cid_of(g, 1, "field", "G12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", raptor))
    s.expect(1, Kind.BLOCK, ("block", wolf))
    s.expect(1, Kind.MAIN_ACTION)  # 5000 against 3000 + 2000: both destroyed
    assert raptor in g.players[0].trash and wolf in g.players[1].trash


def test_g13_dew_hopper_levels():
    """Dew Hopper (G13) has no card text: cost 1, Lv1 with 1 core at BP 2000, Lv2 needs 4."""
    g = position(side(hand=["G13"], reserve=4), side())
    hopper = cid_of(g, 0, "hand", "G13")
    s = Script(g)
    summon(s, 0, hopper, 1, 3)
    s.expect(0, Kind.MAIN_ACTION)
    assert level(g, hopper) == 1 and bp(g, hopper) == 2000


def test_g14_sap_drain_moves_two_cores_to_the_reserve():
    """Sap Drain (G14): "Flash: Move 2 cores from 1 opposing spirit to its owner's reserve."
    Below its Lv1 cores the spirit is depleted (000 ch.1 §5 消灭)."""
    g = position(side(hand=["G14"], reserve=4), side(field=[f("R04", 3), f("R01", 1)], reserve=0))
    lancer = cid_of(g, 1, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "G14"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.CHOOSE_TARGETS, (lancer,))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[lancer].cores == 1 and g.players[1].reserve == 2


# ----------------------------------------------------------------------- G15-G19


def test_g15_verdant_horncrest_braved_summon_and_attack():
    """Verdant Horncrest (G15): "Brave condition: a spirit with cost 3 or more. Braved: BP
    +3000." "When summoned: Put 1 core from the void into your reserve." "[Braved] When
    attacks: Exhaust 1 opposing spirit." 000 ch.1 §5.1 (a brave summoned straight onto a
    spirit; its "when summoned" works either way), ch.2 §1 (a braved spirit adds the
    brave's cost, BP+, symbols and [Braved] effects)."""
    g = position(
        side(hand=["G15"], field=[f("G04"), f("G01")], reserve=2),
        side(field=[f("R03"), f("R01", st="exhausted")]),
    )
    brave = cid_of(g, 0, "hand", "G15")
    stag, beetle = cid_of(g, 0, "field", "G04"), cid_of(g, 0, "field", "G01")
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", brave, stag) in d.options
    assert ("summon_braved", brave, beetle) not in d.options  # cost 1 does not meet the condition
    g.answer(("summon_braved", brave, stag))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))  # cost 4, two green symbols
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.players[0].reserve == 1  # its "when summoned" effect
    assert g.field[stag].brave == brave and bp(g, stag) == 7000
    assert costs.cost_of(g, stag) == 8 and len(costs.symbols_of(g, stag)) == 2
    s.expect(0, Kind.ATTACK, ("attack", stag))
    # any opposing spirit may be chosen; the refreshed raptor is exhausted: no block is possible
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(raptor,), (cid_of(g, 1, "field", "R01"),)}
    g.answer((raptor,))
    d = s.expect(0, Kind.ATTACK)
    assert g.field[raptor].state == EXHAUSTED
    assert g.players[1].life == 3  # two symbols
    g.answer(("end",))
    # unbraved, the Horncrest attacking as a spirit exhausts nothing
    g = position(side(field=[f("G15")]), side(field=[f("R03")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G15")))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", cid_of(g, 1, "field", "R03")), ("take",))


def test_g16_mossback_elder_awakens_and_exhausts_at_lv2():
    """Mossback Elder (G16): "Awaken (when summoned, you may move cores from your other
    field cards onto it)" and "[Lv2-Lv3] When attacks: Exhaust 1 opposing spirit." """
    g = position(
        side(hand=["G16"], field=[f("G01", 3), f("G08", 2)], reserve=4),
        side(field=[f("R03")]),
    )
    elder = cid_of(g, 0, "hand", "G16")
    beetle, grove = cid_of(g, 0, "field", "G01"), cid_of(g, 0, "field", "G08")
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    summon(s, 0, elder, 3, 1)  # cost 5, two green symbols
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.context.get("awaken") and d.allocation.amount == 0
    assert {src.source for src in d.allocation.sources} == {beetle, grove}
    g.answer(place(**{f"c{beetle}": 2, f"c{grove}": 2}))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.field[elder].cores == 5 and level(g, elder) == 3 and bp(g, elder) == 9000
    assert g.field[beetle].cores == 1 and g.field[grove].cores == 0
    s.expect(0, Kind.ATTACK, ("attack", elder))
    d = s.expect(0, Kind.ATTACK)  # the raptor was exhausted: no block
    assert g.field[raptor].state == EXHAUSTED and g.players[1].life == 4
    g.answer(("end",))
    # Awaken is optional: moving nothing leaves it at Lv1, where it exhausts nothing
    g = position(side(hand=["G16"], field=[f("G01", 3)], reserve=5), side(field=[f("R03")]))
    elder = cid_of(g, 0, "hand", "G16")
    s = Script(g)
    summon(s, 0, elder, 4, 1)
    s.expect(0, Kind.PLACE_CORES, place())
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert level(g, elder) == 1
    s.expect(0, Kind.ATTACK, ("attack", elder))
    s.expect(1, Kind.BLOCK)


def test_g17_gale_cricket_swift_summon_during_the_opponents_attack():
    """Gale Cricket (G17): "Swift (can be summoned in flash timing, using cores from your
    reserve)" and "When summoned: Put 1 core from the void on this spirit." Summoned in the
    defender's flash timing (000 ch.1 §6 <2>), it blocks the attack."""
    g = position(
        side(field=[f("R03")]),
        side(hand=["G17"], field=[f("G01", 2)], reserve=2),
        step="attack",
    )
    raptor = cid_of(g, 0, "field", "R03")
    cricket = cid_of(g, 1, "hand", "G17")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", raptor))
    d = s.expect(1, Kind.FLASH)
    assert ("swift", cricket) in d.options
    g.answer(("swift", cricket))
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 1 and [src.source for src in d.allocation.sources] == ["reserve"]
    g.answer(pay(reserve=1))
    d = s.expect(1, Kind.PLACE_CORES)
    assert [src.source for src in d.allocation.sources] == ["reserve"]
    g.answer(place(reserve=1))
    assert g.field[cricket].cores == 2  # one placed, one from the void
    assert cricket in g.players[1].field
    s.expect(1, Kind.BLOCK, ("block", cricket))
    s.expect(1, Kind.MAIN_ACTION)  # 3000 against 2000; nothing else attacks
    assert cricket in g.players[1].trash and g.players[1].life == 5
    # in the main step it is summoned as usual
    g = position(side(hand=["G17"], reserve=3), side())
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "G17"), 2, 1)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[cid_of(g, 0, "field", "G17")].cores == 2


def test_g18_spore_cloud_burst_after_a_spirit_is_destroyed():
    """Spore Cloud (G18): "Burst: after your spirit is destroyed by the opponent: Put 2
    cores from the void into your reserve. Then, by paying the cost, use this card's Flash
    effect." and "Flash: Exhaust up to 2 opposing spirits." 000 ch.2 §2 (the burst is free;
    then its cost may be paid for the flash effect; then it goes to the trash)."""
    g = position(
        side(field=[f("G01"), f("G12")], reserve=0, burst="G18"),
        side(field=[f("R03"), f("R01"), f("R02")]),
        step="attack",
    )
    beetle, wolf = cid_of(g, 0, "field", "G01"), cid_of(g, 0, "field", "G12")
    spore = g.players[0].burst[0]
    raptor, pup, drake = (cid_of(g, 1, "field", c) for c in ("R03", "R01", "R02"))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", beetle))
    s.expect(1, Kind.BLOCK, ("block", raptor))
    d = s.expect(0, Kind.YES_NO)
    assert d.context.get("question") == "burst"
    g.answer(True)
    assert g.players[0].reserve == 3  # the beetle's core and 2 from the void
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 3  # cost 4, one green symbol left on the field
    g.answer(pay(reserve=3))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert () in d.options and (pup, drake) in d.options
    g.answer((pup, drake))
    d = s.expect(0, Kind.ATTACK)
    assert g.field[pup].state == EXHAUSTED and g.field[drake].state == EXHAUSTED
    assert spore in g.players[0].trash and not g.players[0].burst
    g.answer(("attack", wolf))
    s.expect(1, Kind.MAIN_ACTION)  # nobody left to block
    assert g.players[1].life == 4
    # declining to pay: the burst effect only, then the card goes to the trash
    g = position(side(field=[f("G01")], reserve=0, burst="G18"), side(field=[f("R03")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G01")))
    s.expect(1, Kind.BLOCK, ("block", cid_of(g, 1, "field", "R03")))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.PAY_COST, ("cancel",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 3 and g.players[0].trash_cores == 0
    assert ids(g, g.players[0].trash) == ["G01", "G18"]


def test_g19_hivewatch_hornet_burst_when_the_opponent_summons():
    """Hivewatch Hornet (G19): "Burst: after your opponent summons a spirit: Exhaust 1
    opposing spirit. Then, by paying the cost, summon this card." and "[Lv2] When attacks:
    Put 1 core from the void into your reserve." 000 ch.2 §2 (the burst activates after
    the summon is done; the follow-up summons it from the burst area)."""
    g = position(
        side(field=[f("G01")], reserve=3, burst="G19"),
        side(hand=["R03"], field=[f("R01")], reserve=3),
        active=1,
    )
    hornet = g.players[0].burst[0]
    raptor = cid_of(g, 1, "hand", "R03")
    pup = cid_of(g, 1, "field", "R01")
    s = Script(g)
    beetle = cid_of(g, 0, "field", "G01")
    summon(s, 1, raptor, 2, 1)  # cost 3, one red symbol
    # the raptor's own summon effect resolves first (it destroys the beetle), then the burst
    assert beetle in g.players[0].trash
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.CHOOSE_TARGETS, (raptor,))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 3  # no green symbol left on player 1's field
    g.answer(pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(soul=True))
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    assert g.field[raptor].state == EXHAUSTED and g.field[pup].state == REFRESHED
    assert hornet in g.players[0].field and not g.players[0].burst and g.players[0].soul == hornet
    # the raptor cannot attack: only the pup may
    d = s.expect(1, Kind.ATTACK)
    assert d.options == (("attack", pup), ("end",))
    g.answer(("end",))
    # [Lv2] when attacks
    g = position(side(field=[f("G19", 3)], reserve=0), side(), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G19")))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 1 and g.players[1].life == 4
    g = position(side(field=[f("G19", 1)], reserve=0), side(), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G19")))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 0
