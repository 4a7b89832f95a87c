"""One test per card of the timings set (bs_tui/data/cards/timings.toml): cards whose effects
use the timings, verbs and burst condition of `rules/timings.py`, `rules/core_plus.py` and
`rules/attack_end.py`. Docstrings quote the generated text (`quoted`) and name the seed
section (000 rulebook, 003 rule notes; the rule tests are tests/test_rules_timings.py)."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine.model.state import EXHAUSTED, REFRESHED, SOUL_LIFE, SOUL_RESERVE


def hand(g, p: int) -> int:
    return len(g.players[p].hand)


def pay_it(s: Script, player: int) -> None:
    """Pay the cost asked (reduced by the field's symbols) from the reserve."""
    d = s.expect(player, Kind.PAY_COST)
    s.g.answer(pay(reserve=d.allocation.amount))


def test_m01_duelcrest_revenant():
    """Duelcrest Revenant (M01): "[Once per turn] When this spirit battles (attacks or blocks):
    Draw 1 card." 000 Q&A 关于描述的变更 A1 (l.930): "when this spirit battles" is "when it
    attacks or blocks", one effect: it draws when the Revenant attacks; refreshed by Wild Vigor
    and attacking again the same turn it draws nothing; in the opponent's turn it draws as it
    blocks."""
    quoted("M01", test_m01_duelcrest_revenant.__doc__)
    g = position(side(field=[f("M01")], hand=["G11"], reserve=4), side(), step="attack")
    me = cid_of(g, 0, "field", "M01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert hand(g, 0) == 2
    s.expect(0, Kind.FLASH, ("magic", cid_of(g, 0, "hand", "G11")))
    pay_it(s, 0)
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert hand(g, 0) == 1  # Wild Vigor was used; the second attack drew nothing
    g = position(side(field=[f("M01"), f("R01")]), side(field=[f("R01", 3), f("R01")]), active=1, step="attack")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R01")))
    s.expect(0, Kind.BLOCK, ("block", cid_of(g, 0, "field", "M01")))
    s.expect(1, Kind.ATTACK)
    assert hand(g, 0) == 1


def test_m02_bondlatch_sentinel():
    """Bondlatch Sentinel (M02): "When a brave is braved to this spirit: Exhaust 1 opposing
    spirit." 000 ch.2 §1: summoned straight onto it, Oathlink Gauntlet is braved to the
    Sentinel as its summon completes: the Sentinel's effect and the Gauntlet's [Braved] one
    trigger together, the turn player ordering them."""
    quoted("M02", test_m02_bondlatch_sentinel.__doc__)
    g = position(side(field=[f("M02")], hand=["M03"], reserve=3), side(field=[f("R01")]))
    host, opp = cid_of(g, 0, "field", "M02"), cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon_braved", cid_of(g, 0, "hand", "M03"), host))
    pay_it(s, 0)
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert {lab.split(":")[0] for lab in d.context["labels"]} == {"Bondlatch Sentinel", "Oathlink Gauntlet"}
    g.answer(0)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[opp].state == EXHAUSTED and hand(g, 0) == 1


def test_m03_oathlink_gauntlet():
    """Oathlink Gauntlet (M03): "Brave condition: a spirit with cost 3 or more. Braved: BP
    +2000." "[Braved] When a brave is braved to this spirit: Draw 1 card." 000 Q&A 关于描述的变更
    A2 (l.933): 【合体時】 is the state 【合体中】; this is the trigger: fused in the Main Step onto
    Nightwatch Automaton it draws, and the Automaton has BP +2000."""
    quoted("M03", test_m03_oathlink_gauntlet.__doc__)
    g = position(side(field=[f("M11"), f("M03")]), side())
    host, b = cid_of(g, 0, "field", "M11"), cid_of(g, 0, "field", "M03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", b, host))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[host].brave == b and hand(g, 0) == 1 and bp(g, host) == 3000 + 2000
    assert logged(g, "Triggered: Oathlink Gauntlet: [Braved] When a brave is braved to this spirit: Draw 1 card.")


def test_m04_sealward_reliquary():
    """Sealward Reliquary (M04): "When you seal (your Soul Core goes to your life): Put 1 core
    from the void on 1 of your spirits." 000 glossary 封印 (l.1028): Barrow Knight's Seal puts
    the Soul Core in life as it is summoned; the Reliquary then puts a core from the void on
    one of its controller's spirits."""
    quoted("M04", test_m04_sealward_reliquary.__doc__)
    g = position(side(field=[f("M04", 0)], hand=["P04"], reserve=4), side())
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "P04")))
    pay_it(s, 0)
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    knight = cid_of(g, 0, "field", "P04")
    assert g.players[0].soul == SOUL_LIFE
    assert g.field[knight].cores == 2 and g.players[0].void == void - 1


def test_m05_vow_of_the_barrow():
    """Vow of the Barrow (M05): "Main: Seal: put your Soul Core in your life. Draw 1 card." The
    `seal` verb seals as Barrow Knight's keyword does (000 l.1028): Sealward Reliquary's "when
    you seal" triggers, once the Vow has resolved."""
    quoted("M05", test_m05_vow_of_the_barrow.__doc__)
    g = position(side(field=[f("M04", 0), f("R01")], hand=["M05"], reserve=2), side())
    life = g.players[0].life_total
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "M05"), "main"))
    pay_it(s, 0)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].soul == SOUL_LIFE and g.players[0].life_total == life + 1
    assert hand(g, 0) == 1 and g.field[cid_of(g, 0, "field", "R01")].cores == 2


def test_m06_voidbloom_wyrm():
    """Voidbloom Wyrm (M06): "When summoned: Put 1 core from the void on this spirit." "When
    cores are put on this spirit from the void: This spirit gets BP +2000 this turn." 000 l.594
    「从空间增加了晶核时」: its own "when summoned" puts the core from the void on it, which
    triggers the second effect; the cores placed as it was summoned did not (003 l.91-101)."""
    quoted("M06", test_m06_voidbloom_wyrm.__doc__)
    g = position(side(hand=["M06"], reserve=5), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "M06")))
    pay_it(s, 0)
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    me = cid_of(g, 0, "field", "M06")
    assert g.field[me].cores == 2 and bp(g, me) == 4000 + 2000
    assert sum(line.startswith("Triggered: Voidbloom Wyrm") for line in g.log_lines()) == 1


def test_m07_marrow_infusion():
    """Marrow Infusion (M07): "Flash: Core +2 on 1 of your spirits (2 cores from the void; this
    is not putting cores from the void)." 000 glossary 晶核+X (l.984): Voidbloom Wyrm gets the
    two cores (Lv2) but its "when cores are put on this spirit from the void" does not
    trigger."""
    quoted("M07", test_m07_marrow_infusion.__doc__)
    g = position(side(field=[f("M06")], hand=["M07"]), side())
    me = cid_of(g, 0, "field", "M06")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "M07"), "flash"))  # free: a purple symbol
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[me].cores == 3 and g.players[0].void == void - 2
    assert bp(g, me) == 6000 and not logged(g, "Triggered")


def test_m08_tithe_reckoning():
    """Tithe Reckoning (M08): "Burst: after your opponent adds cards to their hand by their
    effect: Discard 3 cards from the top of your opponent's deck. Then, by paying the cost, use
    this card's Flash effect." "Flash: Move 1 core from 1 opposing spirit to its owner's
    reserve." 000 ch.2 §2 l.526 「对手以其效果增加了手牌后」, 003 l.112-118: the opponent draws by
    their own Vow of the Barrow: the burst is offered once that effect has resolved."""
    quoted("M08", test_m08_tithe_reckoning.__doc__)
    g = position(
        side(field=[f("R01", 2)], hand=["M05"], reserve=2),
        side(burst="M08", reserve=3),
    )
    opp_deck = len(g.players[0].deck)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "M05"), "main"))
    pay_it(s, 0)
    s.expect(1, Kind.YES_NO, True)
    assert len(g.players[0].deck) == opp_deck - 1 - 3
    pay_it(s, 1)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[cid_of(g, 0, "field", "R01")].cores == 1


def test_m09_greedwatch_obelisk():
    """Greedwatch Obelisk (M09): "When your opponent adds cards to their hand by their effect:
    Discard 1 card from the top of your opponent's deck." 003 l.113-118: Rite of Unearthing
    returns two spirit cards from the trash to the hand by one effect: the Obelisk triggers
    once; the Draw Step's draw is no effect and triggers nothing."""
    quoted("M09", test_m09_greedwatch_obelisk.__doc__)
    g = position(
        side(hand=["P10"], trash=["R01", "R02"], reserve=3, field=[f("P01")]),
        side(field=[f("M09", 0)]),
    )
    deck = len(g.players[0].deck)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "P10"), "main"))
    pay_it(s, 0)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    g.answer(max(d.options, key=len))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert hand(g, 0) == 2 and len(g.players[0].deck) == deck - 1
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)  # after player 1's Draw Step
    assert hand(g, 0) == 3 and len(g.players[0].deck) == deck - 2
    assert sum(line.startswith("Triggered: Greedwatch Obelisk") for line in g.log_lines()) == 1


def test_m10_dawnbell_tower():
    """Dawnbell Tower (M10): "At the start of your turn (Start Step): Put 1 core from the void
    into your reserve." 000 ch.1 §4 <1> (l.169-170): the Start Step does what such effects say,
    before the Core Step; the opponent's turn starts with nothing of it."""
    quoted("M10", test_m10_dawnbell_tower.__doc__)
    g = position(side(field=[f("M10", 0)]), side(), active=1)
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 3 + 1 + 1
    lines = g.log_lines()
    assert sum(line.startswith("Triggered: Dawnbell Tower") for line in lines) == 1
    assert [i for i, x in enumerate(lines) if x.startswith("Triggered")][0] < lines.index("Core Step.")


def test_m11_nightwatch_automaton():
    """Nightwatch Automaton (M11): "At the end of your turn (End Step): Refresh this spirit."
    000 ch.1 §7 (l.402-405): it attacks, and in the End Step it is refreshed, so it can block
    in the opponent's turn."""
    quoted("M11", test_m11_nightwatch_automaton.__doc__)
    g = position(side(field=[f("M11")]), side(field=[f("R01", 3)]), step="attack")
    me = cid_of(g, 0, "field", "M11")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    s.expect(1, Kind.BLOCK, ("take",))
    s.expect(1, Kind.MAIN_ACTION, ("end",))  # player 2's turn: the Automaton was refreshed
    lines = g.log_lines()
    assert lines.index("End Step.") < lines.index("Nightwatch Automaton is refreshed.")
    assert g.field[me].state == REFRESHED
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R01")))
    d = s.expect(0, Kind.BLOCK)
    assert ("block", me) in d.options


def test_m12_recoil_lancer():
    """Recoil Lancer (M12): "[Once per turn] When this spirit's battle ends: Refresh this
    spirit." 000 ch.1 §6.7 (l.389-392): as its battle ends it is refreshed and may attack again;
    after the second battle it stays exhausted (once per turn)."""
    quoted("M12", test_m12_recoil_lancer.__doc__)
    g = position(side(field=[f("M12")]), side(), step="attack")
    me = cid_of(g, 0, "field", "M12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert g.field[me].state == REFRESHED and g.players[1].life == 4
    s.expect(0, Kind.ATTACK, ("attack", me))
    s.expect(1, Kind.MAIN_ACTION)  # no third attack: the turn went on to the End Step
    assert g.players[1].life == 3
    assert sum(line.startswith("Triggered: Recoil Lancer") for line in g.log_lines()) == 1


def test_m13_glacier_aegis():
    """Glacier Aegis (M13): "Burst: after your life is reduced: Put 1 core from the void into
    your life. Then, by paying the cost, use this card's Flash effect." "Flash: After this
    battle ends, end the Attack Step." 000 ch.2 §2 (l.503-506, 绝甲冰盾): set as a burst, it
    answers the first attack; paid for its Flash effect, the attacking player's Attack Step
    ends after that battle though another spirit could attack."""
    quoted("M13", test_m13_glacier_aegis.__doc__)
    g = position(side(field=[f("R01"), f("R01")]), side(burst="M13", reserve=4), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R01")))
    s.expect(1, Kind.YES_NO, True)
    assert g.players[1].life == 5  # one lost, one back from the void
    pay_it(s, 1)
    s.expect(1, Kind.MAIN_ACTION)  # no second attack: player 2's turn
    assert logged(g, "The Attack Step ends (effect of Glacier Aegis).")
    assert g.players[1].soul == SOUL_RESERVE


def test_m14_verdict_herald():
    """Verdict Herald (M14): "At battle resolution: This spirit gets BP +3000 this battle."
    000 ch.1 §6.5 (l.375): the effects that work at battle resolution resolve first, then the
    BP comparison: blocked by a 5000 BP spirit, it wins at 6000."""
    quoted("M14", test_m14_verdict_herald.__doc__)
    g = position(side(field=[f("M14", 1)]), side(field=[f("R03", 3)]), step="attack")
    m14, r03 = cid_of(g, 0, "field", "M14"), cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", m14))
    s.expect(1, Kind.BLOCK, ("block", r03))
    assert m14 in g.field and r03 in g.players[1].trash
    assert logged(g, "Verdict Herald BP 6000 against")


def test_m15_grudgebone_wraith():
    """Grudgebone Wraith (M15): "When this spirit is destroyed by a BP comparison: Draw 2
    cards." 000 ch.1 §6.6 (l.383): effects of a spirit destroyed by a BP comparison; not when
    an effect destroys it."""
    quoted("M15", test_m15_grudgebone_wraith.__doc__)
    g = position(side(field=[f("R06", 3)]), side(field=[f("M15", 1)], deck=["R01"] * 5), step="attack")
    r06, m15 = cid_of(g, 0, "field", "R06"), cid_of(g, 1, "field", "M15")
    hand = len(g.players[1].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    # Pyre Colossus Dragon's "when attacks" destroys it first: by an effect, no draw (the
    # one card is that of player 2's Draw Step, the turn having passed)
    assert m15 in g.players[1].trash and len(g.players[1].hand) == hand + 1
    g = position(side(field=[f("R03", 3)]), side(field=[f("M15", 1)], deck=["R01"] * 5), step="attack")
    r03, m15 = cid_of(g, 0, "field", "R03"), cid_of(g, 1, "field", "M15")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r03))
    s.expect(1, Kind.BLOCK, ("block", m15))
    assert m15 in g.players[1].trash and len(g.players[1].hand) == hand + 2 + 1


def test_m16_victors_hound():
    """Victor's Hound (M16): "When this spirit destroys an opposing spirit by a BP comparison:
    Put 1 core from the void into your reserve." 000 ch.1 §6.6: the spirit with the higher BP
    destroys the other; losing, it destroys nothing."""
    quoted("M16", test_m16_victors_hound.__doc__)
    for blocker in ("R01", "R03"):  # 1000 BP, 3000 BP: it wins at 4000
        g = position(side(field=[f("M16", 1)]), side(field=[f(blocker, 1)]), step="attack")
        m16, b = cid_of(g, 0, "field", "M16"), cid_of(g, 1, "field", blocker)
        void = g.players[0].void
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", m16))
        s.expect(1, Kind.BLOCK, ("block", b))
        assert b in g.players[1].trash and m16 in g.field
        assert g.players[0].void == void - 1  # a core from the void: it destroyed one and stayed
    g = position(side(field=[f("M16", 1)]), side(field=[f("R06", 1)]), step="attack")
    m16 = cid_of(g, 0, "field", "M16")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", m16))
    s.expect(1, Kind.BLOCK, ("block", cid_of(g, 1, "field", "R06")))
    assert m16 in g.players[0].trash and g.players[0].void == void  # it lost: nothing


def test_m17_tidewatch_sentinel():
    """Tidewatch Sentinel (M17): "[Once per turn] After this spirit's battle ends: Refresh
    this spirit." 000 ch.1 §6.7 (l.392): after the battle ends, and what lasted "this battle"
    with it, "after the battle" effects work: refreshed, it may attack again (once a turn)."""
    quoted("M17", test_m17_tidewatch_sentinel.__doc__)
    g = position(side(field=[f("M17", 1)]), side(deck=["R01"] * 5), step="attack")
    m17 = cid_of(g, 0, "field", "M17")
    s = Script(g)
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", m17) in d.options
    g.answer(("attack", m17))
    d = s.expect(0, Kind.ATTACK)  # refreshed after its battle: it may attack again
    assert ("attack", m17) in d.options and g.field[m17].state == 0
    g.answer(("attack", m17))
    s.expect(1, Kind.MAIN_ACTION)  # once per turn: not a third time


def test_m18_wearied_bastion():
    """Wearied Bastion (M18): "When this spirit is exhausted: Draw 1 card." "[Once per turn]
    [Lv2] When destroyed: This spirit stays on the field, exhausted." 003 回復(疲労)すること:
    exhausting is going from refreshed to exhausted (blocking does it); Q&A 关于战魂或究极等的状态
    A2: destroyed while refreshed, staying on the field exhausted is no exhausting: no draw."""
    quoted("M18", test_m18_wearied_bastion.__doc__)
    g = position(side(field=[f("R03", 1)]), side(field=[f("M18", 2)], deck=["R01"] * 5), step="attack")
    r03, m18 = cid_of(g, 0, "field", "R03"), cid_of(g, 1, "field", "M18")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r03))
    s.expect(1, Kind.BLOCK, ("block", m18))  # blocking exhausts it: it draws
    assert logged(g, "Triggered: Wearied Bastion") and logged(g, "Player 2 draws")
    # destroyed while refreshed by Riftbreaker Verdict (destroy 8000 BP or less), it stays on
    # the field exhausted: no draw
    g = position(side(hand=["I06"], reserve=4), side(field=[f("M18", 2)], deck=["R01"] * 5))
    m18 = cid_of(g, 1, "field", "M18")
    before = hand(g, 1)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "I06"), "flash"))
    pay_it(s, 0)
    s.expect(0, Kind.MAIN_ACTION)
    assert m18 in g.field and g.field[m18].state == EXHAUSTED
    assert hand(g, 1) == before and not logged(g, "Triggered: Wearied Bastion")


def test_m19_dawnspring_stag():
    """Dawnspring Stag (M19): "[Once per turn] When this spirit is refreshed: Put 1 core from
    the void into your reserve." 000 ch.1 §4 <4>: the Refresh Step refreshes it (from exhausted
    to refreshed: a refreshing, 003); coming onto the field exhausted is not being exhausted,
    nor is it refreshed then."""
    quoted("M19", test_m19_dawnspring_stag.__doc__)
    g = position(side(field=[f("M19", 1, st="exhausted")]), side())
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)  # player 1's Refresh Step refreshed it
    assert g.players[0].void == void - 1 - 1  # the Core Step's core, and the Stag's
    assert logged(g, "Triggered: Dawnspring Stag")


def test_m20_rustchime_relic():
    """Rustchime Relic (M20): "When this card is discarded from your deck: Put 1 core from the
    void into your reserve." "Main: Discard 2 cards from the top of your deck. Draw 1 card."
    003 デッキの破棄 (l.72-74): an effect "when this is discarded from the deck" resolves during
    the effect that discards it, before the rest of it: here between the discard and the draw;
    and by the opponent's Crush too."""
    quoted("M20", test_m20_rustchime_relic.__doc__)
    g = position(side(hand=["M20"], reserve=3, deck=["R01", "M20", "M20"]), side())
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "M20"), "main"))
    pay_it(s, 0)
    assert g.players[0].void == void - 2  # both Relics discarded gave a core
    lines = g.log_lines()
    first = next(i for i, t in enumerate(lines) if "puts 1 core from the void" in t)
    draw = next(i for i, t in enumerate(lines) if "draws" in t)
    assert first < draw  # during the effect, before its draw
    # the opponent's Crush discards it too (Crimson Lancer Dragon, R04: Crush at Lv2)
    g = position(side(field=[f("R04", 3)]), side(deck=["R01", "R01", "M20"]), step="attack")
    void = g.players[1].void
    Script(g).expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R04")))
    assert g.players[1].void == void - 1


def test_m21_mirage_of_revolution():
    """Mirage of Revolution (M21): "Mirage: cost 4 (set face up from your hand)." "Flash: 1 of
    your spirits gets BP +2000 this battle." "[Set] [Once per turn: same name] During your
    Attack Step, when your opponent's cores are moved to their reserve: You may: refresh 1 of
    your "Dragon" spirits with cost 6 or more." 000 ch.2 §3 (l.519-522, the 革命幻境 example): a
    set mirage's [Set] effect; the hit moves the opponent's life cores to their reserve; once a
    turn; 001: "○○○" is a part of the name."""
    quoted("M21", test_m21_mirage_of_revolution.__doc__)
    g = position(side(field=[f("R06", 1), f("R04", 1)], mirage="M21"), side(deck=["R01"] * 5), step="attack")
    r06, r04 = cid_of(g, 0, "field", "R06"), cid_of(g, 0, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))  # no blocker: 2 life to their reserve
    s.expect(0, Kind.YES_NO, True)  # the mirage's "may"
    assert g.field[r06].state == REFRESHED  # the one "Dragon" of cost 6 or more
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", r06) in d.options
    g.answer(("attack", r04))  # cost 4: the mirage would not refresh it, and it is used up anyway
    s.expect(0, Kind.ATTACK, ("end",))
    assert g.field[r04].state == EXHAUSTED


def test_m22_husk_ember():
    """Husk Ember (M22): "When this spirit is depleted: Draw 1 card." 000 ch.1 §5 (l.249): a
    spirit left below its Lv1 cores is depleted; it waits until the effects its depletion
    caused have resolved, then goes to the trash; a payment that takes its last core does it."""
    quoted("M22", test_m22_husk_ember.__doc__)
    g = position(side(hand=["R03"], field=[f("M22", 1)], reserve=3, deck=["R01"] * 3), side())
    m22 = cid_of(g, 0, "field", "M22")
    before = hand(g, 0)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R03")))
    s.expect(0, Kind.PAY_COST, pay(reserve=1, **{f"c{m22}": 1}))  # cost 2 after its red symbol
    # the Raptor waits in the hand while its cores are chosen; the depleted Ember drew a card
    assert m22 in g.players[0].trash and hand(g, 0) == before + 1
    assert logged(g, "Husk Ember has too few cores and is depleted")


def test_m23_afterglow_wisp():
    """Afterglow Wisp (M23): "When this leaves the field: Draw 1 card." "After this card left
    the field: Put 1 core from the void into your reserve." Q&A 关于战魂或究极等的状态 A1 (l.837):
    "when it leaves the field" effects work while it waits in standby; once the effects its
    leaving caused have resolved it goes, its cores to the reserve, and only then do "after it
    left the field" effects work."""
    quoted("M23", test_m23_afterglow_wisp.__doc__)
    g = position(side(hand=["I06"], reserve=4), side(field=[f("M23", 1)], deck=["R01"] * 3))
    m23 = cid_of(g, 1, "field", "M23")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "I06"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    lines = g.log_lines()
    drew = next(i for i, t in enumerate(lines) if "Player 2 draws" in t)
    gone = next(i for i, t in enumerate(lines) if "Afterglow Wisp goes to the trash" in t)
    core = next(i for i, t in enumerate(lines) if "Player 2 puts 1 core from the void" in t)
    assert drew < gone < core and m23 in g.players[1].trash
