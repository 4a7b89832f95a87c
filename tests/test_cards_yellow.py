"""One test per yellow card (bs_tui/data/cards/yellow.toml): each plays the card through
the decision interface and checks that it does exactly what its generated text says.
Rulebook: 000 is /work/shared/seeds/000_233ffee1f23d7e15.txt (chapter 1 §2: yellow uses
magic tricks, draws and restores life; chapter 2 §1 braves, §2 bursts)."""

from __future__ import annotations

from conftest import Kind, Script, cid_of, f, fv, ids, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED

DB = load_cards()


def text(card_id: str) -> list[str]:
    return card_text(DB[card_id])


def test_y01_halo_acolyte_is_a_plain_spirit():
    """Halo Acolyte has no effect text (card_text == []): summoned with 1 core it is Lv1
    BP 1000, with 3 cores Lv2 BP 3000; nothing is asked (000 ch.1 §5.1 summoning)."""
    assert text("Y01") == []
    g = position(side(hand=["Y01", "Y01"], reserve=5), side())
    a, b = cid_of(g, 0, "hand", "Y01", 0), cid_of(g, 0, "hand", "Y01", 1)
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", a) in d.options
    g.answer(("summon", a))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 1  # no yellow symbol on the field yet
    g.answer(pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    # the first Acolyte's yellow symbol reduces the second to 0: no payment asked
    s.expect(0, Kind.MAIN_ACTION, ("summon", b))
    s.expect(0, Kind.PLACE_CORES, place(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert (fv(g, a).level, fv(g, a).bp) == (1, 1000)
    assert (fv(g, b).level, fv(g, b).bp) == (2, 3000)
    assert g.players[0].reserve == 0


def test_y02_lumen_cherub_may_exhaust_itself_to_draw():
    """Lumen Cherub: "When summoned: You may exhaust this spirit. If you do, draw 1 card."
    (000 Q&A 关于效果整体 A6 "you may X; if you do, Y"; A2: the player may decline.)"""
    assert text("Y02") == ["When summoned: You may exhaust this spirit. If you do, draw 1 card."]
    g = position(side(hand=["Y02", "Y02"], deck=["Y01", "Y13"], reserve=5), side())
    a, b = cid_of(g, 0, "hand", "Y02", 0), cid_of(g, 0, "hand", "Y02", 1)
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", a)),
        (0, Kind.PAY_COST, pay(reserve=2)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    d = s.expect(0, Kind.YES_NO)
    assert "exhaust this spirit" in d.prompt.lower() and "draw 1 card" in d.prompt.lower()
    g.answer(True)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[a].state == EXHAUSTED
    assert ids(g, g.players[0].hand) == ["Y02", "Y13"]
    # the second copy (cost 1 now): declining does nothing
    g.answer(("summon", b))
    s(
        (0, Kind.PAY_COST, pay(reserve=1)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
        (0, Kind.YES_NO, False),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[b].state == REFRESHED
    assert ids(g, g.players[0].hand) == ["Y13"]
    assert ids(g, g.players[0].deck) == ["Y01"]


def test_y03_skyglass_pegasus_swift_summoned_in_flash_timing_then_blocks():
    """Skyglass Pegasus: "Swift (can be summoned in flash timing, using cores from your
    reserve)" / "When summoned: Draw 1 card." Summoned in the defender's flash timing
    (000 ch.1 §6 <2>), it draws and then blocks (§6.3) and wins the battle (§6.6)."""
    assert text("Y03") == [
        "Swift (can be summoned in flash timing, using cores from your reserve)",
        "When summoned: Draw 1 card.",
    ]
    g = position(
        side(hand=["Y03"], deck=["Y01", "Y13"], reserve=4),
        side(field=[f("R01")]),
        active=1,
        step="attack",
    )
    y03 = cid_of(g, 0, "hand", "Y03")
    r01 = cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r01))
    d = s.expect(0, Kind.FLASH)
    assert d.options == (("swift", y03), ("pass",))
    g.answer(("swift", y03))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 3
    assert all(src.source == "reserve" for src in d.allocation.sources)
    g.answer(pay(reserve=3))
    d = s.expect(0, Kind.PLACE_CORES)
    assert all(src.source == "reserve" for src in d.allocation.sources)
    g.answer(place(reserve=1))
    d = s.expect(0, Kind.BLOCK)
    assert ids(g, g.players[0].hand) == ["Y13"]
    assert d.options == (("block", y03), ("take",))
    g.answer(("block", y03))
    s.expect(0, Kind.MAIN_ACTION)  # player 2 has nothing left to attack with; player 1's turn
    assert r01 in g.players[1].trash and y03 in g.players[0].field
    assert g.players[0].life == 5


def test_y04_vesper_bell_seraph_trades_a_core_for_life():
    """Vesper Bell Seraph: "[Lv2-Lv3] When attacks: Move 1 core from this spirit to its
    owner's trash. By doing so, put 1 core from the void into your life." (000 Q&A 关于效果整体
    A5 "by doing X, Y": the player chooses; the core goes to the trash, life goes up by one.)"""
    assert text("Y04") == [
        "[Lv2-Lv3] When attacks: Move 1 core from this spirit to its owner's trash. "
        "By doing so, put 1 core from the void into your life."
    ]
    g = position(side(field=[f("Y04", 3)]), side(), step="attack")
    y04 = cid_of(g, 0, "field", "Y04")
    void_before = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", y04))
    s.expect(0, Kind.YES_NO, True)
    s.expect(1, Kind.MAIN_ACTION)  # unblocked; player 2's turn
    p = g.players[0]
    assert (p.life, p.trash_cores, p.void) == (6, 1, void_before - 1)
    assert g.field[y04].cores == 2
    assert g.players[1].life == 4
    # at Lv1 the effect does not trigger
    g = position(side(field=[f("Y04", 1), f("Y01")]), side(), step="attack")
    y04 = cid_of(g, 0, "field", "Y04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", y04))
    s.expect(0, Kind.ATTACK)  # no YES_NO
    assert g.players[0].life == 5 and g.field[y04].cores == 1


def test_y05_aureole_lion_braved_draws_when_the_spirit_attacks():
    """Aureole Lion: "Brave condition: a spirit with cost 3 or more. Braved: BP +3000." /
    "[Braved] When attacks: Draw 1 card." Summoned straight onto Vesper Bell Seraph (cost 4)
    it adds BP, its symbol and its [Braved] effect (000 ch.2 §1); the attack takes 2 life."""
    assert text("Y05") == [
        "Brave condition: a spirit with cost 3 or more. Braved: BP +3000.",
        "[Braved] When attacks: Draw 1 card.",
    ]
    g = position(
        side(hand=["Y05"], field=[f("Y04"), f("Y13")], deck=["Y01", "Y10"], reserve=3),
        side(),
    )
    y05 = cid_of(g, 0, "hand", "Y05")
    y04 = cid_of(g, 0, "field", "Y04")
    y13 = cid_of(g, 0, "field", "Y13")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", y05, y04) in d.options
    assert ("summon_braved", y05, y13) not in d.options  # cost 2: the condition is not met
    g.answer(("summon_braved", y05, y04))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # cost 4, two yellow symbols on the field
    g.answer(pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert fv(g, y04).bp == 6000 and g.field[y05].host == y04
    s.expect(0, Kind.ATTACK, ("attack", y04))
    s.expect(0, Kind.ATTACK, ("end",))  # unblocked; Chime Unicorn stays back
    s.expect(1, Kind.MAIN_ACTION)
    assert ids(g, g.players[0].hand) == ["Y10"]
    assert g.players[1].life == 3  # two symbols: the spirit's and the brave's


def test_y06_dusk_sentinel_seraph_burst_summons_a_blocker_mid_attack():
    """Dusk Sentinel Seraph: "Burst: after your opponent's attack: Draw 1 card. Then, by
    paying the cost, summon this card." (000 ch.2 §2: activated when the condition is met,
    the burst effect is free, then the cost is paid to summon it.) It then blocks."""
    assert text("Y06") == [
        "Burst: after your opponent's attack: Draw 1 card. Then, by paying the cost, summon this card."
    ]
    g = position(
        side(deck=["Y01", "Y13"], reserve=6, burst="Y06"),
        side(field=[f("R03")]),
        active=1,
        step="attack",
    )
    y06 = g.players[0].burst[0]
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r03))
    d = s.expect(0, Kind.YES_NO)
    assert d.context.get("question") == "burst"
    g.answer(True)
    d = s.expect(0, Kind.PAY_COST)
    assert ids(g, g.players[0].hand) == ["Y13"]
    assert d.allocation.amount == 5
    g.answer(pay(reserve=5))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.BLOCK)
    assert not g.players[0].burst and y06 in g.players[0].field
    assert y06 not in g.players[0].trash
    assert d.options == (("block", y06), ("take",))
    g.answer(("block", y06))
    s.expect(0, Kind.MAIN_ACTION)
    assert r03 in g.players[1].trash and g.players[0].life == 5


def test_y07_grand_archon_of_radiance_restores_life_and_draws_on_attack():
    """Grand Archon of Radiance: "When summoned: Put 1 core from the void into your life." /
    "[Lv2-Lv3] When attacks: Draw 1 card." (000 ch.1 §5.1, §6.1; two symbols take 2 life.)"""
    assert text("Y07") == [
        "When summoned: Put 1 core from the void into your life.",
        "[Lv2-Lv3] When attacks: Draw 1 card.",
    ]
    g = position(side(hand=["Y07"], field=[f("Y08", 0)], deck=["Y01", "Y10"], reserve=9), side(), turn=4)
    y07 = cid_of(g, 0, "hand", "Y07")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", y07))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 6  # cost 7, the chapel's yellow symbol
    g.answer(pay(reserve=6))
    s.expect(0, Kind.PLACE_CORES, place(reserve=3))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.players[0].life == 6
    assert fv(g, y07).level == 2
    s.expect(0, Kind.ATTACK, ("attack", y07))
    s.expect(1, Kind.MAIN_ACTION)
    assert ids(g, g.players[0].hand) == ["Y10"]
    assert g.players[1].life == 3


def test_y08_starfall_chapel_draws_on_life_loss_and_backs_blockers_at_lv2():
    """Starfall Chapel: "[Lv1-Lv2] When your life is reduced: Draw 1 card." / "[Lv2] When one
    of your spirits blocks: That spirit gets BP +1000 this battle." (000 ch.1 §6.3, §6.5.)"""
    assert text("Y08") == [
        "[Lv1-Lv2] When your life is reduced: Draw 1 card.",
        "[Lv2] When one of your spirits blocks: That spirit gets BP +1000 this battle.",
    ]
    g = position(
        side(field=[f("Y08", 2), f("Y01")], deck=["Y01", "Y10"]),
        side(field=[f("R01"), f("R01")]),
        active=1,
        step="attack",
    )
    y01 = cid_of(g, 0, "field", "Y01")
    a, b = cid_of(g, 1, "field", "R01", 0), cid_of(g, 1, "field", "R01", 1)
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.BLOCK, ("block", y01))
    s.expect(1, Kind.ATTACK)
    assert a in g.players[1].trash and y01 in g.players[0].field  # 2000 against 1000
    assert fv(g, y01).bp == 1000  # the battle is over
    assert not g.players[0].hand
    g.answer(("attack", b))
    s.expect(0, Kind.MAIN_ACTION)  # no blocker left; player 1's turn
    assert g.players[0].life == 4
    assert ids(g, g.players[0].hand) == ["Y10", "Y01"]  # the chapel's draw, then the draw step


def test_y09_silver_wing_prayer_burst_restores_life_then_flash_draws():
    """Silver Wing Prayer: "Burst: after your life is reduced: Put 1 core from the void into
    your life. Then, by paying the cost, use this card's Flash effect." / "Flash: Draw 2
    cards." (000 ch.2 §2 ①–④: free burst effect, paid flash effect, then to the trash.)"""
    assert text("Y09") == [
        "Burst: after your life is reduced: Put 1 core from the void into your life. "
        "Then, by paying the cost, use this card's Flash effect.",
        "Flash: Draw 2 cards.",
    ]
    g = position(
        side(deck=["Y01", "Y10", "Y13"], reserve=4, burst="Y09"),
        side(field=[f("R01")]),
        active=1,
        step="attack",
    )
    y09 = g.players[0].burst[0]
    r01 = cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r01))
    d = s.expect(0, Kind.YES_NO)
    assert g.players[0].life == 4 and d.context.get("question") == "burst"
    g.answer(True)
    d = s.expect(0, Kind.PAY_COST)
    assert g.players[0].life == 5
    assert d.allocation.amount == 4
    g.answer(pay(reserve=4))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert y09 in p.trash and not p.burst
    assert ids(g, p.hand) == ["Y13", "Y10", "Y01"]  # two from the flash effect, one in the draw step
    assert p.life == 5


def test_y10_astral_insight_chain_draws_a_third_card_only_with_a_yellow_symbol():
    """Astral Insight: "Main: Draw 2 cards. Chain (yellow symbol on your field): Draw 1 card."
    (Chain: the extra part only when the condition holds; glossary 连锁.)"""
    assert text("Y10") == ["Main: Draw 2 cards. Chain (yellow symbol on your field): Draw 1 card."]
    # with a yellow spirit the cost is 3 and 3 cards are drawn; with a red one, 4 and 2
    for field, cost, drawn in (([f("Y01")], 3, 3), ([f("R01")], 4, 2)):
        g = position(side(hand=["Y10"], field=field, deck=["Y01"] * 5, reserve=4), side())
        y10 = cid_of(g, 0, "hand", "Y10")
        s = Script(g)
        s.expect(0, Kind.MAIN_ACTION, ("magic", y10, "main"))
        s.expect(0, Kind.PAY_COST, pay(reserve=cost))
        s.expect(0, Kind.MAIN_ACTION)
        assert len(g.players[0].hand) == drawn
        assert y10 in g.players[0].trash
        want = "Chain: Player 1 has a yellow symbol." if drawn == 3 else "Chain: no yellow symbol"
        assert any(line.startswith(want) for line in g.log_lines())


def test_y11_feathered_veil_wins_a_battle_and_chain_draws():
    """Feathered Veil: "Flash: 1 of your spirits gets BP +3000 this turn. Chain (yellow symbol
    on your field): Draw 1 card." Used in the attacker's flash timing (000 ch.1 §6 <2>), the
    1000 BP attacker beats a 3000 BP blocker."""
    assert text("Y11") == [
        "Flash: 1 of your spirits gets BP +3000 this turn. Chain (yellow symbol on your field): Draw 1 card."
    ]
    g = position(
        side(hand=["Y11"], field=[f("Y01")], deck=["Y01", "Y13"], reserve=2),
        side(field=[f("R03")]),
        step="attack",
    )
    y11 = cid_of(g, 0, "hand", "Y11")
    y01 = cid_of(g, 0, "field", "Y01")
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", y01))
    s.expect(0, Kind.FLASH, ("magic", y11))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2
    g.answer(pay(reserve=2))
    d = s.expect(1, Kind.BLOCK)
    assert fv(g, y01).bp == 4000
    assert ids(g, g.players[0].hand) == ["Y13"]
    g.answer(("block", r03))
    s.expect(1, Kind.MAIN_ACTION)
    assert r03 in g.players[1].trash and y01 in g.players[0].field
    assert fv(g, y01).bp == 1000  # "this turn" ended at the end step


def test_y12_lightfall_verdict_draws_after_what_the_destruction_caused():
    """Lightfall Verdict: "Main: Destroy 1 opposing spirit with 4000 BP or less. After this
    effect: Draw 1 card." (000 Q&A 关于效果整体 A7: "after this effect" waits until the effects
    the destruction caused have resolved: Scorch Hatchling's draw, and its trip to the trash.)"""
    assert text("Y12") == ["Main: Destroy 1 opposing spirit with 4000 BP or less. After this effect: Draw 1 card."]
    g = position(
        side(hand=["Y12"], deck=["Y01", "Y13"], reserve=5),
        side(field=[f("R05"), f("R06")], deck=["R01", "R14"]),
    )
    y12 = cid_of(g, 0, "hand", "Y12")
    r05, r06 = cid_of(g, 1, "field", "R05"), cid_of(g, 1, "field", "R06")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", y12, "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=5))
    s.expect(0, Kind.MAIN_ACTION)  # R06 (6000) is not a target: no choice
    assert r05 in g.players[1].trash and r06 in g.players[1].field
    assert ids(g, g.players[0].hand) == ["Y13"]
    assert ids(g, g.players[1].hand) == ["R14"]
    log = g.log_lines()
    theirs = next(i for i, t in enumerate(log) if t.startswith("Player 2 draws"))
    trash = log.index("Scorch Hatchling goes to the trash.")
    ours = next(i for i, t in enumerate(log) if t.startswith("Player 1 draws"))
    assert theirs < trash < ours


def test_y13_chime_unicorn_draws_when_it_blocks_at_lv2_only():
    """Chime Unicorn: "[Lv2] When blocks: Draw 1 card." (000 ch.1 §6.3 阻挡时; ch.1 §2 【Lv2】.)"""
    assert text("Y13") == ["[Lv2] When blocks: Draw 1 card."]
    for cores, drawn in ((3, 1), (1, 0)):
        g = position(
            side(field=[f("Y13", cores)], deck=["Y01", "Y10"]),
            side(field=[f("R01")]),
            active=1,
            step="attack",
        )
        y13 = cid_of(g, 0, "field", "Y13")
        r01 = cid_of(g, 1, "field", "R01")
        s = Script(g)
        s.expect(1, Kind.ATTACK, ("attack", r01))
        s.expect(0, Kind.BLOCK, ("block", y13))
        s.expect(0, Kind.MAIN_ACTION)
        assert r01 in g.players[1].trash  # 2000 or 4000 against 1000
        assert len(g.players[0].hand) == drawn + 1  # and the draw step


def test_y14_radiant_kirin_burst_returns_a_magic_and_is_summoned():
    """Radiant Kirin: "Burst: after your spirit is destroyed by the opponent: Return up to 1
    magic card from your trash to your hand. Then, by paying the cost, summon this card."
    (000 ch.1 §6.6: a spirit destroyed in battle sets off that burst; ch.2 §2.)"""
    assert text("Y14") == [
        "Burst: after your spirit is destroyed by the opponent: Return up to 1 magic card from your trash "
        "to your hand. Then, by paying the cost, summon this card."
    ]
    g = position(
        side(field=[f("Y01")], trash=["Y10", "Y13"], reserve=3, burst="Y14"),
        side(field=[f("R03")]),
        active=1,
        step="attack",
    )
    y14 = g.players[0].burst[0]
    y01 = cid_of(g, 0, "field", "Y01")
    y10 = cid_of(g, 0, "trash", "Y10")
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r03))
    s.expect(0, Kind.BLOCK, ("block", y01))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(), (y10,)}  # a spirit card in the trash is not a magic card
    g.answer((y10,))
    d = s.expect(0, Kind.PAY_COST)
    assert y01 in g.players[0].trash
    assert d.allocation.amount == 3  # the Acolyte has left the field: no yellow symbol
    g.answer(pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert y14 in p.field and not p.burst
    assert y10 in p.hand
