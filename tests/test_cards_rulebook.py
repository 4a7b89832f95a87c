"""One test per card of bs_tui/data/cards/rulebook.toml: rules of the rulebook that needed a
word of their own. Docstrings quote the generated text (`quoted`) and name the seed section."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import IllegalAnswer
from bs_tui.engine.data.decks import read_deck
from bs_tui.engine.model.derived import cost_of
from bs_tui.engine.model.state import EXHAUSTED
from bs_tui.engine.rules import costs
from bs_tui.engine.view import view_for


def test_l01_gatecaller_sigil():
    """Gatecaller Sigil (L01): "Main: Summon 1 spirit card with cost 3 or less from your hand
    without paying its cost." 000 Q&A 关于费用的支付 A3: a spirit summoned by an effect is paid for
    unless the effect says it is not; its Lv1 cores are still placed (ch.1 §5 ⑥) and it is a
    summon ("when summoned" works)."""
    quoted("L01", test_l01_gatecaller_sigil.__doc__)
    g = position(side(hand=["L01", "L09", "W01", "R06"], reserve=6, deck=["R01"] * 5), side())
    l09, w01 = cid_of(g, 0, "hand", "L09"), cid_of(g, 0, "hand", "W01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L01"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(l09,), (w01,)}  # the cost 5 R06 is too dear for it
    reserve = g.players[0].reserve
    g.answer((l09,))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))  # no payment was asked
    assert l09 in g.field and g.players[0].reserve == reserve - 1
    assert logged(g, "summons Tinker Drone by an effect") and logged(g, "draws")  # its "when summoned"


def test_l02_gravebound_recaller():
    """Gravebound Recaller (L02): "When summoned: You may: summon 1 spirit card with cost 2 or
    less from your trash, paying its cost." 000 Q&A 关于费用的支付 A3: an effect that says
    "summon" is paid for; with nothing it could pay for, nothing is offered."""
    quoted("L02", test_l02_gravebound_recaller.__doc__)
    g = position(side(hand=["L02"], trash=["P02", "P06"], reserve=8), side())
    p02 = cid_of(g, 0, "trash", "P02")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "L02")))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, True)  # the "may"
    d = s.expect(0, Kind.PAY_COST)  # the only card it may summon: paid for
    assert d.allocation.amount == 1 and d.allocation.card == p02  # cost 2, one purple symbol
    g.answer(pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert p02 in g.field and p02 not in g.players[0].trash


def test_l03_stonehide_revenant():
    """Stonehide Revenant (L03): "[Once per turn] [Lv2] When destroyed: This spirit stays on
    the field, exhausted." 000 Q&A 关于战魂或究极等的状态 A2: destroyed while refreshed, it stays on
    the field exhausted, which is no exhausting."""
    quoted("L03", test_l03_stonehide_revenant.__doc__)
    g = position(side(field=[f("R06", 3)]), side(field=[f("L03", 2)]), step="attack")
    r06, l03 = cid_of(g, 0, "field", "R06"), cid_of(g, 1, "field", "L03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))  # its "when attacks" destroys the Revenant
    s.expect(1, Kind.MAIN_ACTION)  # exhausted, it could not block: the hit went through
    assert l03 in g.field and l03 not in g.players[1].trash
    assert logged(g, "Player 2 refreshes 1 card")  # it stayed exhausted, until their Refresh Step
    assert logged(g, "Stonehide Revenant stays on the field, exhausted")


def test_l04_aegis_bulwark_golem():
    """Aegis Bulwark Golem (L04): "Super Armor: purple/red (unaffected by the opponent's
    purple/red effects, those of bursts and mirages too)" 000 ch.2 §2 (line 500): an activated
    burst's effects are kept out by a matching Super Armor."""
    quoted("L04", test_l04_aegis_bulwark_golem.__doc__)
    # it attacks; player 2's burst Backdraft Volley (red: destroy a spirit with 4000 BP or less
    # after their life is reduced) cannot choose it, while a plain spirit beside it can be
    for golem_side, survives in ((f("L04", 1), True), (f("R03", 1), False)):
        g = position(side(field=[golem_side]), side(burst="R19", reserve=0), step="attack")
        me = g.players[0].field[0]
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", me))  # nothing to block with: the hit goes through
        s.expect(1, Kind.YES_NO, True)  # activate the burst
        assert (me in g.field) == survives, g.log_lines()[-4:]


def test_l05_backlash_sigil():
    """Backlash Sigil (L05): "Burst: after your opponent's attack: Exhaust 1 opposing spirit.
    Then, by paying the cost, use this card's Main effect." "Main: Draw 2 cards." 000 ch.2 §2 ③:
    after the burst effect its Main or Flash effect may be used by paying the cost."""
    quoted("L05", test_l05_backlash_sigil.__doc__)
    g = position(side(field=[f("R06", 3), f("R03", 1)]), side(burst="L05", reserve=4), step="attack")
    r06, r03 = cid_of(g, 0, "field", "R06"), cid_of(g, 0, "field", "R03")
    hand = len(g.players[1].hand)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    d = s.expect(1, Kind.YES_NO)
    assert d.context["question"] == "burst" and d.context["follow_up"][0] == "main"
    g.answer(True)
    s.expect(1, Kind.CHOOSE_TARGETS, (r03,))
    assert g.field[r03].state == EXHAUSTED  # the burst effect
    d = s.expect(1, Kind.PAY_COST)
    assert "main effect" in d.prompt
    g.answer(pay(reserve=3))
    assert logged(g, "pays 3 cores for the main effect of Backlash Sigil")
    assert len(g.players[1].hand) == hand + 2 + 1  # its two, and the Draw Step of the turn that followed


def test_l06_veil_breaker():
    """Veil Breaker (L06): "Main: Put your opponent's set burst into their trash. Draw 1 card."
    000 ch.2 §2: a set burst is hidden until it moves; the trash is public."""
    quoted("L06", test_l06_veil_breaker.__doc__)
    g = position(side(hand=["L06"], reserve=2, deck=["R01"] * 3), side(burst="R19"))
    r19 = g.players[1].burst[0]
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L06"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert not g.players[1].burst and r19 in g.players[1].trash
    assert any(c.cid == r19 for c in view_for(g, 0).sides[1].trash)


def test_l07_secret_unmasking():
    """Secret Unmasking (L07): "Flash: Put your opponent's set burst into their hand (shown to
    both players)." 000 ch.2 §2 (line 483): a set card that goes to the hand is shown to both
    players; 003: known until it is hidden again."""
    quoted("L07", test_l07_secret_unmasking.__doc__)
    g = position(side(hand=["L07"], reserve=2), side(burst="R19"))
    r19 = g.players[1].burst[0]
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L07"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert r19 in g.players[1].hand
    assert any(c.cid == r19 for c in view_for(g, 0).sides[1].known_hand)


def test_l08_tinker_drone(tmp_path: Path):
    """Tinker Drone (L08): "Identification number 〔A〕: a card of another number is another card,
    even of this name." 000 ch.1 §1 (line 30): same-name cards with different identification
    numbers are different cards: 3 of each, 4 of one refused."""
    quoted("L08", test_l08_tinker_drone.__doc__)
    ok = tmp_path / "ok.toml"
    cards = "L08 = 3\nL09 = 3\n" + "".join(f"R{i:02d} = 3\n" for i in range(1, 13)) + "R13 = 1\n"
    ok.write_text('name = "Drones"\n[cards]\n' + cards)
    deck, problems = read_deck(ok)
    assert deck is not None and not problems
    bad = tmp_path / "bad.toml"
    bad.write_text(ok.read_text().replace("L08 = 3", "L08 = 4"))
    _, problems = read_deck(bad)
    assert any("Tinker Drone" in p.message and "at most 3" in p.message for p in problems)


def test_l09_tinker_drone():
    """Tinker Drone (L09): "Identification number 〔B〕: a card of another number is another card,
    even of this name." "When summoned: Draw 1 card." 000 ch.1 §1 (line 30): another card than
    Tinker Drone 〔A〕 (L08) of the same name, with its own effect."""
    quoted("L09", test_l09_tinker_drone.__doc__)
    g = position(side(hand=["L09"], reserve=3, deck=["R01"] * 3), side())
    hand = len(g.players[0].hand)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "L09")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert len(g.players[0].hand) == hand - 1 + 1


def test_l10_swarm_mite(tmp_path: Path):
    """Swarm Mite (L10): "A deck may hold any number of this card." 003 カードの効果はルールに
    勝つ: a card that says so overrides the rule of 3 of a name."""
    quoted("L10", test_l10_swarm_mite.__doc__)
    deck = tmp_path / "mites.toml"
    deck.write_text('name = "Mites"\n[cards]\nL10 = 40\n')
    d, problems = read_deck(deck)
    assert d is not None and not problems and len(d.card_list()) == 40


def test_l11_plainsong_banner():
    """Plainsong Banner (L11): "[Lv1-Lv2] Continuous: Your spirits with no effect text get BP
    +2000." 003 効果の記述を持たないカード: a card with nothing in its text box has no effect
    text (Halo Acolyte); a braved spirit has effect text when either of its cards has any (a
    brave with a [Braved] effect gives it some)."""
    quoted("L11", test_l11_plainsong_banner.__doc__)
    g = position(side(field=[f("L11", 0), f("Y01", 1), f("R03", 1), f("G01", 1, brave="W13")]), side())
    y01, r03, g01 = (cid_of(g, 0, "field", c) for c in ("Y01", "R03", "G01"))
    assert bp(g, y01) == 1000 + 2000
    assert bp(g, r03) == 3000  # it has effect text
    assert bp(g, g01) == 1000 + 2000  # the brave's BP +2000, not the Banner's: it has text now


def test_l12_hollow_mask():
    """Hollow Mask (L12): "Brave condition: a spirit with cost 1 or more. Braved: BP +1000."
    "[Braved] Continuous: This spirit is treated as having no effect text (its effects still
    work)." 003 効果の記述を持たないカード: treated as having no effect text, a card still has
    its effects and they work."""
    quoted("L12", test_l12_hollow_mask.__doc__)
    # Bannerbearer Salamander (E02): "Continuous: This spirit also has the family Drakeling."
    g = position(side(field=[f("L11", 0), f("E02", 1, brave="L12")]), side())
    e02 = cid_of(g, 0, "field", "E02")
    assert bp(g, e02) == 2000 + 1000 + 2000  # its BP, the Mask's BP+, the Banner's +2000
    assert "Drakeling" in costs.families_of(g, e02)  # its own effect still works
    g = position(side(field=[f("L11", 0), f("E02", 1)]), side())
    assert bp(g, cid_of(g, 0, "field", "E02")) == 2000  # without the Mask it has effect text


def test_l13_aries_dawnfield():
    """Aries Dawnfield (L13): "[Lv1-Lv2] Continuous: The spirits your opponent summons come onto
    the field exhausted (no exhausting: nothing triggers)." 003 回復(疲労)することと回復(疲労)状態に
    なることの違い: "spirits are summoned exhausted" replaces the state they come in with; they
    were not exhausted, so they cannot attack this turn and nothing watching an exhausting fires."""
    quoted("L13", test_l13_aries_dawnfield.__doc__)
    g = position(side(hand=["R03"], reserve=4), side(field=[f("L13", 0)]))
    r03 = cid_of(g, 0, "hand", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", r03))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g.field[r03].state == EXHAUSTED
    g2 = position(side(field=[f("L13", 0)], hand=["R03"], reserve=4), side())  # its owner's own: refreshed
    s2 = Script(g2)
    s2.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g2, 0, "hand", "R03")))
    s2.expect(0, Kind.PAY_COST, pay(reserve=3))
    s2.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert g2.field[cid_of(g2, 0, "field", "R03")].state == 0


def test_l14_seers_opening():
    """Seer's Opening (L14): "Main: Open the top 3 cards of your deck. You may add up to 1
    spirit card among them to your hand; the rest go to the trash." 003 オープンされたカード
    (l.87): opened cards are shown to every player; a card added to the hand this way is known
    to both until hidden again; 003 l.112-119: the hand increased by an effect."""
    quoted("L14", test_l14_seers_opening.__doc__)
    g = position(side(hand=["L14"], reserve=3, deck=["R01", "Y09", "R03", "P09"]), side())
    r03 = cid_of(g, 0, "deck", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L14"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(), (r03,)}  # only the spirit card among P09, R03, Y09
    g.answer((r03,))
    assert r03 in g.players[0].hand and len(g.players[0].trash) == 3  # the magic and the two others
    assert any("opens" in line for line in view_for(g, 1).log)  # public
    assert any(c.cid == r03 for c in view_for(g, 1).sides[0].known_hand)


def test_l15_foresight_lens():
    """Foresight Lens (L15): "Flash: Look at the top 2 cards of your opponent's deck (you
    alone), and put them back as they were. Draw 1 card." 003 オープンされたカード (l.88):
    「内容を見る」 is for one player: the other seat reads that cards were looked at, not which."""
    quoted("L15", test_l15_foresight_lens.__doc__)
    g = position(side(hand=["L15"], reserve=1, deck=["R01"] * 3), side(deck=["G01", "Y09", "R06"]))
    before = list(g.players[1].deck)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L15"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    assert g.players[1].deck == before  # put back as they were
    mine = [line for line in view_for(g, 0).log if "looks at the top" in line]
    theirs = [line for line in view_for(g, 1).log if "looks at the top" in line]
    assert "Pyre Colossus Dragon, Silver Wing Prayer" in mine[-1]
    assert "Pyre" not in theirs[-1] and "2 cards" in theirs[-1]


def test_l16_voidfield_spire():
    """Voidfield Spire (L16): "[Lv2] Continuous: Your opponent cannot put cores on cards on the
    field (a card coming onto it still takes its cores)." 003 カードの効果以外でコアを置く
    (l.91-102): moving cores onto a card is putting cores, refused; the cores a card takes as
    it is summoned are not: a spirit is summoned with 3 cores all the same (l.100, 虚空域)."""
    quoted("L16", test_l16_voidfield_spire.__doc__)
    g = position(side(hand=["R06"], field=[f("R03", 1)], reserve=8), side(field=[f("L16", 2)]))
    r06, r03 = cid_of(g, 0, "hand", "R06"), cid_of(g, 0, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", r06))
    s.expect(0, Kind.PAY_COST, pay(reserve=5))  # cost 6, one red symbol
    s.expect(0, Kind.PLACE_CORES, place(reserve=3))  # three cores as it comes: allowed
    assert g.field[r06].cores == 3
    s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    with pytest.raises(IllegalAnswer, match="forbids putting cores"):
        g.answer(("layout", ((r03, 2), (r06, 2)), "reserve"))  # nothing onto the Raptor…
    g.answer(("layout", ((r03, 1), (r06, 2)), "reserve"))  # …but one off the Dragon
    assert g.field[r06].cores == 2


def test_l17_oathbreakers_verdict():
    """Oathbreaker's Verdict (L17): "Main: Destroy 1 opposing card in soul state. Draw 1
    card." 001 (魂状态): a card in soul state is chosen only by its own effects and effects aimed
    at soul state, which do choose it (000 ch.2 §8, line 717); destroyed, it goes to the trash,
    with no soul state again."""
    quoted("L17", test_l17_oathbreakers_verdict.__doc__)
    g = position(side(hand=["I06", "I06", "L17"], reserve=11, deck=["R01"] * 3), side(field=[f("Q01", 1)]))
    q01 = cid_of(g, 1, "field", "Q01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "I06"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(1, Kind.YES_NO, True)  # soul state
    assert g.field[q01].soul_state
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "I06"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    assert q01 in g.field and logged(g, "no card can be chosen")  # a plain destroy cannot choose it
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L17"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    assert q01 in g.players[1].trash and q01 not in g.field


def test_l18_mirage_dispelling():
    """Mirage Dispelling (L18): "Flash: Put your opponent's set mirage into their hand." 000
    ch.2 §3 (line 515): a set mirage is affected only by itself and by effects aimed at mirages
    or set cards, such as this; its [Set] effect stops the moment it is no longer set."""
    quoted("L18", test_l18_mirage_dispelling.__doc__)
    # Canopy Mirage Standard (E24): [Set] during its owner's opponent's turn, their spirits BP +1000
    g = position(side(hand=["L18"], reserve=3), side(field=[f("R03", 1)], mirage="E24"))
    r03 = cid_of(g, 1, "field", "R03")
    e24 = g.players[1].mirage[0]
    assert bp(g, r03) == 3000 + 1000
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L18"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    assert e24 in g.players[1].hand and not g.players[1].mirage
    assert bp(g, r03) == 3000


def test_l19_undying_grave_knight():
    """Undying Grave Knight (L19): "When destroyed: If this spirit's cost is 3 or 4, this
    spirit stays on the field, exhausted." 003 【不死】/「守護者」 (l.120-125): it resolves only
    while the spirit is of the stated cost, a continuous effect that changes its cost counting
    (闇の聖剣); printed at cost 5 it goes to the trash."""
    quoted("L19", test_l19_undying_grave_knight.__doc__)
    for field, stays in (([f("L19", 1)], False), ([f("L19", 1), f("L20", 0)], True)):
        g = position(side(hand=["I06"], reserve=4), side(field=field))
        l19 = cid_of(g, 1, "field", "L19")
        s = Script(g)
        s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "I06"), "flash"))
        s.expect(0, Kind.PAY_COST, pay(reserve=4))
        assert (l19 in g.field) == stays and (l19 in g.players[1].trash) == (not stays)


def test_l20_shrine_of_the_gloom_blade():
    """Shrine of the Gloom Blade (L20): "[Lv1-Lv2] Continuous: The cost of your spirits of the
    family Undead is reduced by 2." A continuous effect changing what a card is (its cost, 003
    闇の聖剣: "treated as cost 3/4"), read whenever the cost is read: by a "cost N or less"
    target too."""
    quoted("L20", test_l20_shrine_of_the_gloom_blade.__doc__)
    g = position(side(field=[f("L20", 0), f("L19", 1), f("R06", 1)]), side())
    assert costs.cost_of(g, cid_of(g, 0, "field", "L19")) == 3
    assert costs.cost_of(g, cid_of(g, 0, "field", "R06")) == 6  # no Undead: unchanged


def test_l21_pure_flame_judgement():
    """Pure Flame Judgement (L21): "Flash: Return 1 opposing mono-red spirit to its owner's
    hand." 000 Q&A 关于效果整体 A13 (l.800-801): an effect naming mono-red (or red-white) cards
    does not reach a card of other colours too: a red spirit braved with a white brave is red and
    white, no longer mono-red."""
    quoted("L21", test_l21_pure_flame_judgement.__doc__)
    g = position(side(hand=["L21"], reserve=3), side(field=[f("R03", 1), f("R04", 3, brave="W13")]))
    r03, r04 = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L21"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))  # the only mono-red one: no choice
    assert r03 in g.players[1].hand and r04 in g.field


def test_l22_supremacy_vanguard():
    """Supremacy Vanguard (L22): "[Once per turn: 【Supremacy】] When attacks: Draw 1 card." 001
    (l.109, 〔每回合1次：【霸导】〕): every effect of its controller bearing that keyword shares one
    use a turn, on whichever card it is: after the Vanguard's, the Banneret's does nothing."""
    quoted("L22", test_l22_supremacy_vanguard.__doc__)
    g = position(side(field=[f("L22", 1), f("L23", 1)], deck=["R01"] * 5), side(deck=["R01"] * 5), step="attack")
    l22, l23 = cid_of(g, 0, "field", "L22"), cid_of(g, 0, "field", "L23")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", l22))
    assert logged(g, "Player 1 draws")
    s.expect(0, Kind.ATTACK, ("attack", l23))
    assert g.players[0].void == void and not logged(g, "Effect of Supremacy Banneret")


def test_l23_supremacy_banneret():
    """Supremacy Banneret (L23): "[Once per turn: 【Supremacy】] When attacks: Put 1 core from
    the void into your reserve." 001 (l.109): the one use of 【Supremacy】 a turn, whichever comes
    first: attacking first, the Banneret's works."""
    quoted("L23", test_l23_supremacy_banneret.__doc__)
    g = position(side(field=[f("L23", 1)], deck=["R01"] * 5), side(deck=["R01"] * 5), step="attack")
    void = g.players[0].void
    Script(g).expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "L23")))
    assert g.players[0].void == void - 1


def test_l24_cataclysm_breaker():
    """Cataclysm Breaker (L24): "[Once per game: 【C-Burst】] Main: Destroy 1 opposing spirit with
    6000 BP or less." 001 (l.109, 〔每次对战1次：【C破裂】〕): one use a game of every effect bearing
    that keyword, kept past the end of the turn: the second copy does nothing."""
    quoted("L24", test_l24_cataclysm_breaker.__doc__)
    g = position(side(hand=["L24", "L24"], reserve=4), side(field=[f("R03", 1), f("R01", 1)]))
    r03, r01 = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L24"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.CHOOSE_TARGETS, (r03,))
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L24"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert r01 in g.field and logged(g, "was already used this game")


def test_l25_warhorn_citadel():
    """Warhorn Citadel (L25): "[Lv2] Continuous: Your spirits get Clash." 003 効果の記述を持たない
    カード (l.46): a keyword given by an effect works (the opponent must block), and a spirit
    with no effect text given it still has none (Plainsong Banner's +2000 for such spirits)."""
    quoted("L25", test_l25_warhorn_citadel.__doc__)
    g = position(side(field=[f("L25", 2), f("L11", 0), f("Y01", 1)]), side(field=[f("R01", 1)]), step="attack")
    y01, r01 = cid_of(g, 0, "field", "Y01"), cid_of(g, 1, "field", "R01")
    assert bp(g, y01) == 1000 + 2000  # still no effect text
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", y01))
    d = s.expect(1, Kind.BLOCK)
    assert ("take",) not in d.options and d.options == (("block", r01),)  # Clash: must block


def _watched_draw_step(mine: list, ours_hand: int = 0):
    """Player 1 ends the turn; player 2's Draw Step happens with `mine` on player 2's field,
    player 1 watching with Greedwatch Obelisk (M09: when the opponent adds cards to their hand
    by their effect, a card from the top of the opponent's deck to the trash)."""
    g = position(side(field=[f("M09", 0)], deck=["R01"] * 5), side(field=mine, deck=["R01"] * 6))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    return g


def test_l26_hourglass_of_plenty():
    """Hourglass of Plenty (L26): "[Lv2] Continuous: In your Draw Step, you draw 1 more card."
    003 「効果で手札が増える」 (l.114): the Draw Step's draw, more cards too, is no effect: the
    opponent's "when your opponent adds cards to their hand by their effect" does not fire."""
    quoted("L26", test_l26_hourglass_of_plenty.__doc__)
    g = _watched_draw_step([f("L26", 2)])
    assert len(g.players[1].hand) == 2 and len(g.players[1].trash) == 0


def test_l27_alms_of_the_oracle():
    """Alms of the Oracle (L27): "[Lv1-Lv2] Continuous: In your Draw Step, instead of drawing,
    you add the top card of your deck to your hand by this effect." 003 (l.115): "add to the
    hand instead of drawing" puts the card there by an effect: the opponent's watcher fires."""
    quoted("L27", test_l27_alms_of_the_oracle.__doc__)
    g = _watched_draw_step([f("L27", 0)])
    assert len(g.players[1].hand) == 1 and len(g.players[1].trash) == 1  # the Obelisk's discard


def test_l28_serpent_kings_favour():
    """Serpent King's Favour (L28): "[Lv2] Continuous: Whenever an effect of yours makes you
    draw, you draw 1 more card." 003 (l.116, 蛇皇龍ガルメジャード): the extra cards are drawn by
    that effect too; the cards one effect adds fire the opponent's watcher once (l.118)."""
    quoted("L28", test_l28_serpent_kings_favour.__doc__)
    g = position(side(field=[f("L28", 3)], hand=["Y10"], reserve=4, deck=["R01"] * 6), side(field=[f("M09", 0)]))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "Y10"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    drawn = sum("Player 1 draws" in line for line in g.log_lines())
    assert drawn == 3  # Astral Insight's 2, and 1 more
    assert len(g.players[0].trash) == 1 + 1  # the magic, and one card the Obelisk discarded


def test_l29_lantern_of_secrets():
    """Lantern of Secrets (L29): "Flash: Reveal your opponent's set burst (both players learn
    it; it stays set face down). If its cost is 3 or less, put it into their trash." 003
    公開情報として扱われる裏向きのカード (l.168-169): a face-down burst an effect has read is public:
    both views show it, and spectators too; a dearer one stays set."""
    quoted("L29", test_l29_lantern_of_secrets.__doc__)
    g = position(side(hand=["L29"], reserve=2), side(burst="R19"))  # Backdraft Volley, cost 4
    r19 = g.players[1].burst[0]
    assert view_for(g, 0).sides[1].burst[0] != view_for(g, 1).sides[1].burst[0]  # hidden to player 1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L29"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert g.players[1].burst == [r19]  # cost 4: it stays set
    for seat in (0, -1):
        shown = view_for(g, seat).sides[1].burst[0]
        assert not isinstance(shown, str) and shown.cid == r19


def test_l30_rite_of_the_kept_oath():
    """Rite of the Kept Oath (L30): "Main: Return 1 of your cards in soul state to its owner's
    hand. Draw 1 card." 001 (魂状态): only its own effects and effects aimed at soul state reach
    a card in soul state; this is one."""
    quoted("L30", test_l30_rite_of_the_kept_oath.__doc__)
    g = position(
        side(field=[f("Q01", 1)], hand=["L30"], reserve=2, deck=["R01"] * 4), side(hand=["I06"], reserve=4), active=1
    )
    q01 = cid_of(g, 0, "field", "Q01")
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "I06"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.YES_NO, True)  # soul state
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    assert g.field[q01].soul_state
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L30"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert q01 in g.players[0].hand and q01 not in g.field


def test_l31_bulwark_of_ages():
    """Bulwark of Ages (L31): "[Lv1-Lv2] Continuous: Your nexuses cannot be destroyed by your
    opponent's effects." "[Lv2] Continuous: Your braves cannot be returned to the hand." A
    continuous effect reaching nexuses and braves (000 ch.1 §5: a nexus's level effects)."""
    quoted("L31", test_l31_bulwark_of_ages.__doc__)
    g = position(side(hand=["L37"], reserve=5), side(field=[f("L31", 2), f("Y08", 0)]))
    y08 = cid_of(g, 1, "field", "Y08")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L37"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    assert y08 in g.field and logged(g, "no card can be chosen")


def test_l32_crownbreaker_spire():
    """Crownbreaker Spire (L32): "[Lv1-Lv2] Continuous: Opposing ultimates get BP -2000."
    "[Lv2] Continuous: The cost of opposing nexuses is increased by 1. The cost of opposing
    braves is increased by 1." 000 ch.2 §5 (ultimates) and §1 (braves): a continuous effect
    reaches an ultimate's BP and the cost of nexuses and braves on the field, which "cost 2 or
    less" then reads; a braved spirit's cost adds its brave's (ch.2 §1), as changed."""
    quoted("L32", test_l32_crownbreaker_spire.__doc__)
    theirs = side(field=[f("X01", 1), f("S03", 0), f("R03", brave="R16")])
    plain = position(side(), theirs)
    for cores, dearer in ((0, 0), (2, 1)):
        g = position(side(field=[f("L32", cores)], hand=["L37"], reserve=4), theirs)
        x01 = cid_of(g, 1, "field", "X01")
        assert bp(g, x01) == bp(plain, cid_of(plain, 1, "field", "X01")) - 2000
        s03, r03 = cid_of(g, 1, "field", "S03"), cid_of(g, 1, "field", "R03")
        r16 = g.field[r03].brave
        assert (cost_of(g, s03), cost_of(g, r16), cost_of(g, r03)) == (2 + dearer, 4 + dearer, 7 + dearer)
        s = Script(g)
        s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L37"), "flash"))
        s.expect(0, Kind.PAY_COST, pay(reserve=3))  # 4, 1 less by the Spire's red symbol
        assert g.field[r03].state == EXHAUSTED  # "Exhaust 1 spirit": theirs, the only one
        assert (s03 in g.players[1].hand) == (not dearer)  # "cost 2 or less"


def test_l33_sovereigns_decree():
    """Sovereign's Decree (L33): "[Lv1-Lv2] Continuous: Your ultimates get BP +2000." "[Lv2]
    Continuous: Your spirits and ultimates cannot be chosen by your opponent's effects. Opposing
    spirits and ultimates get BP -1000." 000 ch.2 §5: a spirit-or-ultimate target; Q&A 关于效果整体
    A3: what cannot be chosen is not offered, and the effect takes what is left."""
    quoted("L33", test_l33_sovereigns_decree.__doc__)
    plain = position(side(field=[f("X01", 1), f("R01")]), side(field=[f("R03"), f("X02", 1)]))
    g = position(
        side(field=[f("L33", 3), f("X01", 1), f("R01")]),
        side(field=[f("R03"), f("X02", 1)], hand=["L37"], reserve=4),
        active=1,
    )
    for seat, card, change in ((0, "X01", 2000), (0, "R01", 0), (1, "R03", -1000), (1, "X02", -1000)):
        assert bp(g, cid_of(g, seat, "field", card)) == bp(plain, cid_of(plain, seat, "field", card)) + change
    r03 = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "L37"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))  # 4, 1 less by the Raptor's red symbol
    assert g.field[r03].state == EXHAUSTED  # "Exhaust 1 spirit": only their own was left to choose


def test_l34_equinox_beacon():
    """Equinox Beacon (L34): "[Lv2] Continuous: All spirits get BP +1000." 000 ch.1 §5: a
    nexus's level effect works from its level only; "all spirits" are both players'."""
    quoted("L34", test_l34_equinox_beacon.__doc__)
    for cores, change in ((0, 0), (2, 1000)):
        g = position(side(field=[f("L34", cores), f("R01")]), side(field=[f("R03"), f("X02", 1)]))
        plain = position(side(field=[f("R01")]), side(field=[f("R03"), f("X02", 1)]))
        for seat, card, more in ((0, "R01", change), (1, "R03", change), (1, "X02", 0)):  # an ultimate is no spirit
            assert bp(g, cid_of(g, seat, "field", card)) == bp(plain, cid_of(plain, seat, "field", card)) + more


@pytest.mark.parametrize("hushed", [True, False])
def test_l35_hush_edict(hushed):
    """Hush Edict (L35): "Main: Your opponent's 'when summoned' effects cannot activate this
    turn. Draw 1 card." Q&A 关于效果整体 A4 (不能发挥): a Skyglass Pegasus the opponent summons
    with Swift in this turn's attack step draws nothing."""
    quoted("L35", test_l35_hush_edict.__doc__)
    g = position(side(hand=["L35"], field=[f("R01")], reserve=2), side(hand=["Y03"], reserve=4))
    r01, y03 = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "hand", "Y03")
    s = Script(g)
    if hushed:
        s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L35"), "main"))
        s.expect(0, Kind.PAY_COST, pay(reserve=2))
        assert len(g.players[0].hand) == 1
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.FLASH, ("swift", y03))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    assert y03 in g.field and len(g.players[1].hand) == (0 if hushed else 1)


def test_l36_cindervault_grandwalker_of_tithes():
    """Cindervault, Grandwalker of Tithes (L36): "Core Charge: spirit cards with cost 3 or more
    (when deployed, you may trash the top 3 cards of your deck: a core from the void onto this
    for each that meets it; then you may place one for each such card you summon or advent)."
    "[Once per turn] When one of your spirits attacks: Core charge +1 (cores from the void onto
    this grandwalker)." 000 ch.2 §6 (神托): the core charge verb puts cores from the void onto
    the grandwalker; once per turn (001 l.109) the second attack adds none."""
    quoted("L36", test_l36_cindervault_grandwalker_of_tithes.__doc__)
    g = position(side(field=[f("L36", 0), f("R01"), f("R02")], reserve=0), side(reserve=0))
    l36 = cid_of(g, 0, "field", "L36")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R01")))
    assert g.field[l36].cores == 1 and logged(g, "Core charge +1")
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R02")))
    assert g.field[l36].cores == 1


def test_l37_siege_breakers_toll():
    """Siege Breaker's Toll (L37): "Main: Destroy 1 opposing nexus. Refresh 1 of your
    nexuses." "Flash: Exhaust 1 spirit. Return 1 opposing card on the field with cost 2 or less
    to its owner's hand." 000 ch.1 §5 and ch.2 §1: nexus targets; a card target on the field
    takes a nexus or a spirit by its cost."""
    quoted("L37", test_l37_siege_breakers_toll.__doc__)
    g = position(
        side(hand=["L37"], field=[f("Y08", 0, st="exhausted")], reserve=4), side(field=[f("S03", 0), f("N21", 0)])
    )
    s03, n21, y08 = cid_of(g, 1, "field", "S03"), cid_of(g, 1, "field", "N21"), cid_of(g, 0, "field", "Y08")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L37"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    # an astral stone is reached only by effects naming it (000 ch.2 §6): the Sanctum, unasked
    assert s03 in g.players[1].trash and n21 in g.field and g.field[y08].state != EXHAUSTED

    g = position(side(hand=["L37"], field=[f("R01")], reserve=4), side(field=[f("R03"), f("S03", 0), f("Y08", 0)]))
    r01, r03, s03 = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "S03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "L37"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))  # 4, 1 less by the Pup's red symbol
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(r01,), (r03,)}
    g.answer((r03,))
    assert g.field[r03].state == EXHAUSTED and s03 in g.players[1].hand  # the only card of cost 2 or less
