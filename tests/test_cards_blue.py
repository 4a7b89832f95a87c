"""One test per blue card (bs_tui/data/cards/blue.toml): each plays the card through the
decision interface and checks that it does exactly what its generated text says.
Rulebook: 000 is /work/shared/seeds/000_233ffee1f23d7e15.txt (chapter 1 §2: blue discards
the opponent's deck and hinders; chapter 2 §1 braves, §2 bursts); 003 is
/work/shared/seeds/003_21e281ba2cf04f54.txt (the Japanese rules wiki)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, fv, ids, label_index, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model.state import EXHAUSTED, HEAVY, REFRESHED

DB = load_cards()
OPP_DECK = ["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08"]  # the last is the top


def text(card_id: str) -> list[str]:
    return card_text(DB[card_id])


def milled(g, player: int = 1) -> list[str]:
    """The cards discarded from the top of a deck, in order (the trash holds nothing else)."""
    return ids(g, g.players[player].trash)


def test_u01_cobble_golem_discards_one_when_it_attacks_at_lv2():
    """Cobble Golem: "[Lv2] When attacks: Discard 1 card from the top of your opponent's
    deck." (000 ch.1 §6.1 攻击时; ch.1 §2 【Lv2】; 003 デッキの破棄: from the top.)"""
    assert text("U01") == ["[Lv2] When attacks: Discard 1 card from the top of your opponent's deck."]
    g = position(side(field=[f("U01", 2), f("U01", 1)]), side(deck=OPP_DECK), step="attack")
    lv2, lv1 = cid_of(g, 0, "field", "U01", 0), cid_of(g, 0, "field", "U01", 1)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lv2))
    s.expect(0, Kind.ATTACK)
    assert milled(g) == ["G08"]
    g.answer(("attack", lv1))
    s.expect(1, Kind.MAIN_ACTION)
    assert milled(g) == ["G08"]  # Lv1: no discard
    assert g.players[1].life == 3


def test_u02_tidestone_golem_crush_discards_as_many_as_its_level():
    """Tidestone Golem: "Crush (when this spirit attacks, discard as many cards from the top of
    the opponent's deck as its level)" (glossary 粉碎 Crush). Lv2: 2 cards; Lv1: 1 card."""
    assert text("U02") == [
        "Crush (when this spirit attacks, discard as many cards from the top of the opponent's deck as its level)"
    ]
    g = position(side(field=[f("U02", 3), f("U02", 1)]), side(deck=OPP_DECK), step="attack")
    lv2, lv1 = cid_of(g, 0, "field", "U02", 0), cid_of(g, 0, "field", "U02", 1)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lv2))
    s.expect(0, Kind.ATTACK)
    assert milled(g) == ["G08", "G07"]
    g.answer(("attack", lv1))
    s.expect(1, Kind.MAIN_ACTION)
    assert milled(g) == ["G08", "G07", "G06"]
    # the log tells the two Golems apart by their place on the field, as the table's pickers do
    assert any(line.startswith("Crush: Tidestone Golem #1 (Lv2)") for line in g.log_lines())
    assert any(line.startswith("Crush: Tidestone Golem #2 (Lv1)") for line in g.log_lines())


def test_u03_frostcliff_giant_exhausts_a_small_spirit_when_summoned():
    """Frostcliff Giant: "When summoned: Exhaust 1 opposing spirit with 3000 BP or less."
    (000 ch.1 §5.1 召唤时; Q&A 效果整体 A2: a must effect, only legal targets offered.)"""
    assert text("U03") == ["When summoned: Exhaust 1 opposing spirit with 3000 BP or less."]
    g = position(side(hand=["U03"], reserve=4), side(field=[f("R01"), f("R03"), f("R04")]))
    u03 = cid_of(g, 0, "hand", "U03")
    r01, r03, r04 = (cid_of(g, 1, "field", c) for c in ("R01", "R03", "R04"))
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", u03)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((r01,), (r03,))  # R04 has 4000 BP
    g.answer((r03,))
    s.expect(0, Kind.MAIN_ACTION)
    assert [g.field[c].state for c in (r01, r03, r04)] == [REFRESHED, EXHAUSTED, REFRESHED]


def test_u04_boulderfist_titan_has_crush_only_at_lv2_and_lv3():
    """Boulderfist Titan: "[Lv2-Lv3] Crush (when this spirit attacks, discard as many cards
    from the top of the opponent's deck as its level)" — Lv1: none; Lv3: 3 cards."""
    assert text("U04") == [
        "[Lv2-Lv3] Crush (when this spirit attacks, discard as many cards from the top of the opponent's deck "
        "as its level)"
    ]
    g = position(side(field=[f("U04", 1), f("U04", 5)]), side(deck=OPP_DECK), step="attack")
    lv1, lv3 = cid_of(g, 0, "field", "U04", 0), cid_of(g, 0, "field", "U04", 1)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lv1))
    s.expect(0, Kind.ATTACK)
    assert milled(g) == []
    g.answer(("attack", lv3))
    s.expect(1, Kind.MAIN_ACTION)
    assert milled(g) == ["G08", "G07", "G06"]


def test_u05_runebound_gauntlet_summoned_braved_then_attacks():
    """Runebound Gauntlet: "Brave condition: a spirit with cost 2 or more. Braved: BP +2000." /
    "When summoned: Discard 1 card from the top of your opponent's deck." / "[Braved] When
    attacks: Discard 2 cards from the top of your opponent's deck." (000 ch.1 §5.1: a brave's
    'when summoned' works when it is summoned straight onto a spirit; ch.2 §1: the braved
    spirit has the [Braved] effect; Tidestone Golem's own Crush triggers with it.)"""
    assert text("U05") == [
        "Brave condition: a spirit with cost 2 or more. Braved: BP +2000.",
        "When summoned: Discard 1 card from the top of your opponent's deck.",
        "[Braved] When attacks: Discard 2 cards from the top of your opponent's deck.",
    ]
    g = position(side(hand=["U05"], field=[f("U02"), f("U01")], reserve=3), side(deck=OPP_DECK))
    u05 = cid_of(g, 0, "hand", "U05")
    u02, u01 = cid_of(g, 0, "field", "U02"), cid_of(g, 0, "field", "U01")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", u05, u02) in d.options and ("summon_braved", u05, u01) not in d.options
    g.answer(("summon_braved", u05, u02))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2
    g.answer(pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert milled(g) == ["G08"]
    assert fv(g, u02).bp == 4000 and g.field[u05].host == u02
    s.expect(0, Kind.ATTACK, ("attack", u02))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2
    g.answer(label_index(d, "[Braved]"))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert milled(g) == ["G08", "G07", "G06", "G05"]  # 2 ([Braved]) then 1 (Crush, Lv1)
    assert g.players[1].life == 3  # the spirit's and the brave's symbols


def test_u06_glacier_colossus_crushes_and_heavily_exhausts():
    """Glacier Colossus: "Crush (when this spirit attacks, discard as many cards from the top of
    the opponent's deck as its level)" / "[Lv2-Lv3] When attacks: Heavily exhaust 1
    opposing spirit." (000 Q&A 关于状态 A3: heavily exhausted takes two refreshes, and
    cannot block.) Lv2: 2 cards discarded; the blocker is locked through its next refresh."""
    assert text("U06") == [
        "Crush (when this spirit attacks, discard as many cards from the top of the opponent's deck as its level)",
        "[Lv2-Lv3] When attacks: Heavily exhaust 1 opposing spirit.",
    ]
    g = position(side(field=[f("U06", 3)]), side(field=[f("G04")], deck=OPP_DECK), step="attack")
    u06 = cid_of(g, 0, "field", "U06")
    g04 = cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", u06))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    g.answer(label_index(d, "Crush"))
    s.expect(1, Kind.MAIN_ACTION)  # nobody can block
    assert milled(g) == ["G08", "G07"]
    assert "Canopy Stag is heavily exhausted." in g.log_lines()
    assert g.players[1].life == 3
    assert g.field[g04].state == EXHAUSTED  # the refresh step made it only exhausted


def test_u07_sunken_quarry_discards_on_attack_and_on_destruction_at_lv2():
    """Sunken Quarry: "[Lv1-Lv2] When one of your spirits attacks: Discard 1 card from the top
    of your opponent's deck." / "[Lv2] When one of your spirits is destroyed: Discard 2 cards
    from the top of your opponent's deck." (000 ch.1 §6.1, §6.6.)"""
    assert text("U07") == [
        "[Lv1-Lv2] When one of your spirits attacks: Discard 1 card from the top of your opponent's deck.",
        "[Lv2] When one of your spirits is destroyed: Discard 2 cards from the top of your opponent's deck.",
    ]
    g = position(
        side(field=[f("U07", 2), f("U01")]),
        side(field=[f("R03")], deck=OPP_DECK),
        step="attack",
    )
    u01 = cid_of(g, 0, "field", "U01")
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", u01))
    s.expect(1, Kind.BLOCK)
    assert milled(g) == ["G08"]
    g.answer(("block", r03))
    s.expect(1, Kind.MAIN_ACTION)
    assert u01 in g.players[0].trash
    assert milled(g) == ["G08", "G07", "G06"]


def test_u08_undertow_surge_discards_three():
    """Undertow Surge: "Main: Discard 3 cards from the top of your opponent's deck."
    (000 ch.1 §5.4 魔法的使用.)"""
    assert text("U08") == ["Main: Discard 3 cards from the top of your opponent's deck."]
    g = position(side(hand=["U08"], field=[f("U01")], reserve=3), side(deck=OPP_DECK))
    u08 = cid_of(g, 0, "hand", "U08")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", u08, "main"))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2
    g.answer(pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION)
    assert milled(g) == ["G08", "G07", "G06"]
    assert u08 in g.players[0].trash


def test_u09_frozen_shackles_heavily_exhausts_the_would_be_blocker():
    """Frozen Shackles: "Flash: Heavily exhaust 1 opposing spirit." Used in the attacker's flash
    timing (000 ch.1 §6 <2>): the blocker cannot block (§6.3), and after the owner's refresh
    step it is still exhausted (Q&A 关于状态 A3)."""
    assert text("U09") == ["Flash: Heavily exhaust 1 opposing spirit."]
    g = position(side(hand=["U09"], field=[f("U01")], reserve=2), side(field=[f("G13")]), step="attack")
    u09 = cid_of(g, 0, "hand", "U09")
    u01 = cid_of(g, 0, "field", "U01")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", u01))
    s.expect(0, Kind.FLASH, ("magic", u09))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    # the engine runs on to player 2's Main Step: no BLOCK decision on the way
    s.expect(1, Kind.MAIN_ACTION)
    assert "Dew Hopper is heavily exhausted." in g.log_lines()
    assert "Player 2 has no spirit that can block." in g.log_lines()
    assert g.players[1].life == 4
    assert g.field[g13].state == EXHAUSTED  # one refresh step: heavily exhausted -> exhausted


def test_u10_maelstrom_ward_burst_discards_then_flash_stops_all_attacks():
    """Maelstrom Ward: "Burst: after your opponent's attack: Discard 2 cards from the top of
    your opponent's deck. Then, by paying the cost, use this card's Flash effect." / "Flash:
    All opposing spirits cannot attack this turn." (000 ch.2 §2; the battle in progress goes
    on, but no other spirit can attack.)"""
    assert text("U10") == [
        "Burst: after your opponent's attack: Discard 2 cards from the top of your opponent's deck. "
        "Then, by paying the cost, use this card's Flash effect.",
        "Flash: All opposing spirits cannot attack this turn.",
    ]
    g = position(
        side(reserve=5, burst="U10"),
        side(field=[f("R01"), f("R01")], deck=OPP_DECK),
        active=1,
        step="attack",
    )
    u10 = g.players[0].burst[0]
    a, b = cid_of(g, 1, "field", "R01", 0), cid_of(g, 1, "field", "R01", 1)
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.PAY_COST)
    assert milled(g) == ["G08", "G07"]
    assert d.allocation.amount == 5
    g.answer(pay(reserve=5))
    s.expect(0, Kind.MAIN_ACTION)  # no ATTACK decision for player 2's other spirit
    assert g.players[0].life == 4  # the attack in progress went on
    assert g.field[b].state == REFRESHED
    assert u10 in g.players[0].trash and not g.players[0].burst


def test_u11_reefback_behemoth_burst_summoned_then_crushes():
    """Reefback Behemoth: "Crush (when this spirit attacks, discard as many cards from the top of
    the opponent's deck as its level)" / "Burst: after your life is reduced: Discard
    2 cards from the top of your opponent's deck. Then, by paying the cost, summon this card."
    (000 ch.1 §6.5: life reduced sets off the burst; ch.2 §2.) Next turn it attacks with Crush."""
    assert text("U11") == [
        "Crush (when this spirit attacks, discard as many cards from the top of the opponent's deck as its level)",
        "Burst: after your life is reduced: Discard 2 cards from the top of your opponent's deck. "
        "Then, by paying the cost, summon this card.",
    ]
    g = position(
        side(reserve=5, burst="U11"),
        side(field=[f("R01")], deck=OPP_DECK),
        active=1,
        step="attack",
    )
    u11 = g.players[0].burst[0]
    r01 = cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r01))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.PAY_COST)
    assert milled(g) == ["G08", "G07"]
    assert d.allocation.amount == 5
    g.answer(pay(reserve=5))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert u11 in g.players[0].field and not g.players[0].burst
    s.expect(0, Kind.ATTACK, ("attack", u11))
    s.expect(1, Kind.MAIN_ACTION)  # player 2's spirit is exhausted: no block
    assert milled(g) == ["G08", "G07", "G06"]
    assert g.players[1].life == 4


def test_u12_mistveil_golem_discards_two_when_summoned():
    """Mistveil Golem: "When summoned: Discard 2 cards from the top of your opponent's deck."
    (000 ch.1 §5.1 召唤时.)"""
    assert text("U12") == ["When summoned: Discard 2 cards from the top of your opponent's deck."]
    g = position(side(hand=["U12"], reserve=4), side(deck=OPP_DECK))
    u12 = cid_of(g, 0, "hand", "U12")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", u12)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert milled(g) == ["G08", "G07"]


def test_u13_brine_shackle_golem_heavily_exhausts_the_attacker_it_blocks():
    """Brine Shackle Golem: "When blocks: Heavily exhaust 1 exhausted opposing spirit." (000
    ch.1 §6.3 阻挡时; Q&A 关于状态 A3.) Even though it loses the battle, the attacker stays
    exhausted through its owner's next refresh step; a refreshed spirit is not a target."""
    assert text("U13") == ["When blocks: Heavily exhaust 1 exhausted opposing spirit."]
    g = position(
        side(field=[f("U13")]),
        side(field=[f("R03"), f("R02")], deck=OPP_DECK),
        active=1,
        step="attack",
    )
    u13 = cid_of(g, 0, "field", "U13")
    r03, r02 = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "R02")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r03))
    s.expect(0, Kind.BLOCK, ("block", u13))
    s.expect(1, Kind.ATTACK)  # the only exhausted opposing spirit was chosen without asking
    assert g.field[r03].state == HEAVY and g.field[r02].state == REFRESHED
    assert u13 in g.players[0].trash
    g.answer(("end",))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)  # player 1 had nothing to attack with
    assert g.field[r03].state == EXHAUSTED


def test_u14_riptide_snare_stops_a_block_for_this_battle():
    """Riptide Snare: "Flash: 1 opposing spirit cannot block this battle." (000 ch.1 §6 <2>,
    §6.7: "this battle" effects end when the battle ends.)"""
    assert text("U14") == ["Flash: 1 opposing spirit cannot block this battle."]
    g = position(
        side(hand=["U14"], field=[f("U01"), f("U01")], reserve=1),
        side(field=[f("G01")]),
        step="attack",
    )
    u14 = cid_of(g, 0, "hand", "U14")
    a, b = cid_of(g, 0, "field", "U01", 0), cid_of(g, 0, "field", "U01", 1)
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.FLASH, ("magic", u14))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 1
    g.answer(pay(reserve=1))
    s.expect(0, Kind.ATTACK, ("attack", b))  # no BLOCK in the first battle
    assert g.players[1].life == 4
    d = s.expect(1, Kind.BLOCK)  # the next battle: it can block again
    assert d.options == (("block", g01), ("take",))


# ------------------------------------------------------------ a rule the engine misses

BRAVE_WITH_CRUSH = {
    "id": "T-UB",
    "name": "Test Crushing Brave",
    "kind": "brave",
    "colours": ["blue"],
    "cost": 0,
    "symbols": [],
    "levels": [{"cores": 1, "bp": 1000}],
    "brave_bp": 1000,
    "keywords": [{"name": "crush"}],
}


def test_a_braves_own_keyword_does_not_work_for_the_spirit_it_is_braved_to():
    """003 (ブレイヴ, 合体しているブレイヴ): "【神速】を持つカーミュラ1が合体してもそのスピリットは
    【神速】を持つ合体スピリットにはならない。ブレイヴがスピリット状態…で発揮する効果を持つ場合、
    その効果自体は合体時に引き継がれず" — a brave's own effects (not marked [Braved]) are not
    passed on; 000 ch.2 §1 lists what a braved spirit gains: cost, BP+, [Braved] effects,
    symbols, colours, cores. The generated text "Crush (when this spirit attacks…)" on a brave
    is its effect as a spirit, so a spirit braved with it has no Crush.
    (The engine's keywords.keyword() gives a brave's keywords to its spirit: this fails.)"""
    cards = dict(DB.cards)
    c = card_from_table(BRAVE_WITH_CRUSH, "test")
    cards[c.id] = c
    xdb = CardDB(cards, "test")
    g = position(side(field=[f("R01", brave="T-UB")]), side(deck=OPP_DECK), step="attack", db=xdb)
    r01 = cid_of(g, 0, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 4
    assert milled(g) == []
