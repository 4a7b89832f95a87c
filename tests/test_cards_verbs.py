"""One test per card of the verbs set (bs_tui/data/cards/verbs.toml, issue 17): the verbs,
targets and filters they show, each test naming the seed section it rests on. Docstrings
quote the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, fv, logged, pay, place, position, quoted, side

from bs_tui.engine.model import derived
from bs_tui.engine.model.state import SOUL_TRASH
from bs_tui.engine.rules import costs
from bs_tui.engine.rules.flow import main_options
from bs_tui.engine.view import view_for


def advance(g, player: int, kind: Kind) -> None:
    """Answer "nothing more" (end, pass, take the hit) until `player` is asked for `kind`."""
    while g.decision is not None and not (g.decision.player == player and g.decision.kind == kind):
        d = g.decision
        for o in (("end",), ("pass",), ("take",), False):
            if o in d.options:
                g.answer(o)
                break
        else:
            raise AssertionError(f"no way on from {d.kind} ({d.prompt})")


def test_v01_gravewhisper_adept():
    """Gravewhisper Adept (V01): "When summoned: Draw 1 card. Discard 1 card from your hand."
    The hand's owner chooses what to discard (Q&A 关于描述的变更 A4: "draw X, then discard Y");
    the other seat learns only who decides and what kind of moment it is (003 公開情報)."""
    quoted("V01", test_v01_gravewhisper_adept.__doc__)
    g = position(side(hand=["V01", "R01"], deck=["R02", "R03"], reserve=4), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    pup, raptor = cid_of(g, 0, "hand", "R01"), cid_of(g, 0, "hand", "R03")
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((pup,), (raptor,))
    other = view_for(g, 1)
    assert (other.waiting_for, other.waiting_kind, other.decision) == (0, "choose_targets", None)
    g.answer((pup,))
    assert g.players[0].hand == [raptor] and pup in g.players[0].trash
    assert logged(g, "Player 1 discards Cinder Pup from the hand.")


def test_v02_mindrot_hex():
    """Mindrot Hex (V02): "Main: Your opponent discards 1 card from their hand (of their
    choice)." The opponent, whose hand it is, decides (Q&A 关于描述的变更 A4)."""
    quoted("V02", test_v02_mindrot_hex.__doc__)
    g = position(side(hand=["V02"], reserve=3), side(hand=["G01", "W01"]))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V02"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    beetle, drone = cid_of(g, 1, "hand", "G01"), cid_of(g, 1, "hand", "W01")
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(beetle,), (drone,)}
    assert view_for(g, 0).decision is None  # the caster never sees the options
    g.answer((drone,))
    assert g.players[1].hand == [beetle] and g.players[1].trash == [drone]
    s.expect(0, Kind.MAIN_ACTION)


def test_v03_ambush_scribe():
    """Ambush Scribe (V03): "When summoned: You may: set a card with a burst effect from your
    hand as your burst (a burst already set goes to the trash)." 003 (カードの効果はルールに
    勝つ, lines 128–131): an effect's set ignores "once a turn" but counts as this turn's set."""
    quoted("V03", test_v03_ambush_scribe.__doc__)
    g = position(side(hand=["V03", "V04", "V04"], reserve=4, burst="W11"), side())
    first = cid_of(g, 0, "hand", "V04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V03")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((first,),)  # two copies of one card are one choice
    g.answer((first,))
    p = g.players[0]
    assert p.burst == [first] and g.defs[p.trash[0]].id == "W11"
    assert view_for(g, 1).sides[0].burst == ("burst:0:0",)  # face down: not named to the other seat
    d = s.expect(0, Kind.MAIN_ACTION)
    assert not any(o[0] == "set_burst" for o in d.options)  # this turn's set is used


def test_v04_gravesnare_curse():
    """Gravesnare Curse (V04): "Burst: after your life is reduced: Destroy 1 opposing spirit
    with 5000 BP or less. Then, by paying the cost, use this card's Flash effect." "Flash: Draw
    1 card for each opposing spirit." (000 ch.2 §2; "for each" counted as it resolves.)"""
    quoted("V04", test_v04_gravesnare_curse.__doc__)
    g = position(
        side(burst="V04", reserve=4, deck=["R01"] * 5),
        side(field=[f("R03"), f("R01"), f("R02")]),
        active=1,
        step="attack",
    )
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", raptor))
    s.expect(0, Kind.YES_NO, True)  # the burst window, after the hit
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    g.answer(d.options[0])
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    assert len(g.players[1].field) == 2 and len(g.players[0].hand) == 2  # 2 opposing spirits left


def test_v05_husk_sovereign():
    """Husk Sovereign (V05): "Advent (your Main Step): onto your spirit or ultimate with cost 3
    or more, moving your Soul Core to the trash." "When attacks: Put 1 advent source of this
    spirit into your trash. By doing so, destroy 1 opposing spirit with cost 4 or more."
    "[During Advent] When blocks: This spirit gets BP +2000 this battle." 000 ch.2 §5: with no
    source left it is no longer [During Advent] (line 577); the bottom card, whose id the
    spirit bore, leaves it and the spirit goes on attacking."""
    quoted("V05", test_v05_husk_sovereign.__doc__)
    g = position(side(hand=["V05"], field=[f("V03", 3, soul=True)]), side(field=[f("P05"), f("R03")]))
    scribe, husk = cid_of(g, 0, "field", "V03"), cid_of(g, 0, "hand", "V05")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", husk, scribe))
    assert g.field[scribe].sources == (scribe,) and g.players[0].soul == SOUL_TRASH
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", scribe))
    s.expect(0, Kind.YES_NO, True)  # by putting the source into the trash
    warden = cid_of(g, 1, "trash", "P05")  # cost 4: destroyed; Blazefang Raptor (cost 3) could not be chosen
    assert warden in g.players[1].trash
    assert scribe in g.players[0].trash and husk in g.field and scribe not in g.field
    assert g.field[husk].sources == () and g.battle.attacker == husk and bp(g, husk) == 8000
    assert logged(g, "no longer [During Advent]")


def test_v06_venomfang_stalker():
    """Venomfang Stalker (V06): "When attacks: Put the top card of your opponent's deck face
    down under 1 opposing spirit or ultimate." (【毒刃】.) The cards are no advent sources (Q&A
    关于煌临 A3); the count is public, their names only their owner's (003 line 159; Q&A A10)."""
    quoted("V06", test_v06_venomfang_stalker.__doc__)
    g = position(side(field=[f("V06")]), side(field=[f("G01")], deck=["R01", "R02"]), step="attack")
    beetle = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "V06")))
    drake = g.field[beetle].under[0]
    assert g.static.defs[drake].id == "R02" and g.field[beetle].sources == () and len(g.players[1].deck) == 1
    assert "1 card face down under it: Flarewing Drake." in view_for(g, 1).sides[1].field[0].notes
    assert "1 card face down under it." in view_for(g, 0).sides[1].field[0].notes
    assert not any("Flarewing" in line for line in view_for(g, 0).log)


def test_v07_hoardmaw_crawler():
    """Hoardmaw Crawler (V07): "When summoned: Put the top 2 cards of your deck face down under
    this spirit." "When attacks: This spirit gets BP +1000 for each card face down under it
    this battle." ("for each": `per = "under"`.)"""
    quoted("V07", test_v07_hoardmaw_crawler.__doc__)
    g = position(side(hand=["V07"], deck=["R01", "R02", "R03"], reserve=5), side())
    crawler = cid_of(g, 0, "hand", "V07")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", crawler))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert [g.static.defs[c].id for c in g.field[crawler].under] == ["R03", "R02"]
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", crawler))  # unblocked: the battle is over at the next decision
    assert logged(g, "Hoardmaw Crawler gets BP +2000 this battle (BP 6000)")


def test_v08_prism_chimera():
    """Prism Chimera (V08): "When summoned: Declare a colour: this spirit is also treated as
    that colour this turn (its symbols too)." 003 (lines 14, 21): a colour given by an effect
    colours its symbols too, so they reduce that colour's costs; the six colours are the
    choice (line 27: ultimate and god are none)."""
    quoted("V08", test_v08_prism_chimera.__doc__)
    g = position(side(hand=["V08", "R03"], reserve=4), side())
    chimera = cid_of(g, 0, "hand", "V08")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", chimera))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == (("red",), ("purple",), ("green",), ("white",), ("yellow",), ("blue",))
    g.answer(("red",))
    assert costs.colours_of(g, chimera) == ("white", "red")
    assert derived.card_symbols(g, chimera) == (("white", "red"),)
    raptor = next(c for c in view_for(g, 0).you.hand if c.card.id == "R03")
    assert raptor.cost_now == 2  # Blazefang Raptor (cost 3, reduction RR): the symbol reduces red now


def test_v09_bleaching_fog():
    """Bleaching Fog (V09): "Flash: 1 opposing spirit is treated as colourless this turn (its
    symbols too). Draw 1 card." 003 line 25: it is no longer of the colours it had."""
    quoted("V09", test_v09_bleaching_fog.__doc__)
    g = position(side(hand=["V09"], reserve=2), side(field=[f("R03")]))
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V09"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert costs.colours_of(g, raptor) == () and len(g.players[0].hand) == 1
    assert "colours none (colourless)" in " ".join(view_for(g, 0).opponent.field[0].notes)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    advance(g, 1, Kind.MAIN_ACTION)
    assert costs.colours_of(g, raptor) == ("red",)  # this turn only


def test_v10_nameless_rite():
    """Nameless Rite (V10): "Main: 1 opposing spirit is treated as having no family this turn.
    1 of your spirits also has the family Wraith this turn." (001 lines 103–104: an effect can
    take families away.)"""
    quoted("V10", test_v10_nameless_rite.__doc__)
    g = position(side(hand=["V10"], field=[f("V21")], reserve=2), side(field=[f("R03")]))
    raptor, sentinel = cid_of(g, 1, "field", "R03"), cid_of(g, 0, "field", "V21")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V10"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # a white symbol on the field
    assert costs.families_of(g, raptor) == () and costs.families_of(g, sentinel) == ("Chimera", "Wraith")
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    advance(g, 1, Kind.MAIN_ACTION)
    assert costs.families_of(g, raptor) == ("Blaze Beast",) and costs.families_of(g, sentinel) == ("Chimera",)


def test_v11_shrouded_courier():
    """Shrouded Courier (V11): "When summoned: Put the top card of your deck face down into
    your open area." "When attacks: Turn 1 face-down card of your open area face up." 003 line
    160: face-down open-area cards are hidden (their owner may look, Q&A A10); here they are
    used only once turned face up, then as if in hand (003 line 83)."""
    quoted("V11", test_v11_shrouded_courier.__doc__)
    g = position(side(hand=["V11"], deck=["R01", "R02"], reserve=6), side())
    courier = cid_of(g, 0, "hand", "V11")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", courier))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    drake = cid_of(g, 0, "open_down", "R02")
    mine, theirs = view_for(g, 0).you, view_for(g, 1).opponent
    assert [c.card.id for c in mine.open_down] == ["R02"]
    assert (theirs.open_down, theirs.open_down_count, theirs.open_area) == (None, 1, ())
    assert not any("Flarewing" in line for line in view_for(g, 1).log)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert not any(len(o) > 1 and o[1] == drake for o in d.options)
    g.answer(("end",))
    s.expect(0, Kind.ATTACK, ("attack", courier))
    assert g.players[0].open_area == [drake] and g.players[0].open_down == []
    assert ("summon", drake) in main_options(g, 0)


def test_v12_exile_gate():
    """Exile Gate (V12): "Flash: Remove 1 opposing spirit with cost 3 or less from the game."
    除外 (000 glossary, line 996): kept apart, unusable for the rest of the game; public (003)."""
    quoted("V12", test_v12_exile_gate.__doc__)
    g = position(side(hand=["V12"], reserve=4), side(field=[f("R03"), f("P05")]))
    raptor = cid_of(g, 1, "field", "R03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V12"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[1].removed == [raptor] and raptor not in g.players[1].trash
    assert [c.card.id for c in view_for(g, 0).opponent.removed] == ["R03"]


def test_v13_ashen_cocoon():
    """Ashen Cocoon (V13): "When summoned: Count +1." "When attacks: If your count is 1 or more,
    turn this card over to its back face (rebirth) (putting 1 core(s) from your reserve on
    it)." "Back face (after rebirth): Ashen Wraithmoth (V13) · spirit · purple · cost 5 ·
    Lv1:2c/5000 Lv2:4c/7000 · symbols purple" "When this reborns: Your opponent discards 1
    card from their hand (of their choice)." 000 ch.2 §7 ②: cores move only if the flip effect moves them (line 668),
    here from the reserve, so the back face's Lv1 (2 cores) is met."""
    quoted("V13", test_v13_ashen_cocoon.__doc__)
    g = position(side(field=[f("V13")], reserve=2), side(hand=["G01", "W01"]), step="attack")
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    cocoon = cid_of(g, 0, "field", "V13")
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cocoon))
    assert g.card_name(cocoon) == "Ashen Wraithmoth" and g.field[cocoon].cores == 2
    assert (g.players[0].reserve, g.players[0].void) == (1, void)
    beetle, drone = cid_of(g, 1, "hand", "G01"), cid_of(g, 1, "hand", "W01")
    s.expect(1, Kind.CHOOSE_TARGETS, (beetle,))
    assert beetle in g.players[1].trash and drone in g.players[1].hand


def test_v14_hollow_crown_ultimate():
    """Hollow Crown Ultimate (V14): "Summon condition: 1 or more purple spirits on your field."
    "When attacks: U-Trigger: if it hits, your opponent discards 1 card from their hand (of
    their choice)." (000 ch.2 §4.)"""
    quoted("V14", test_v14_hollow_crown_ultimate.__doc__)
    g = position(side(field=[f("V14")]), side(hand=["G01", "W01"], deck=["R01"]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "V14")))
    assert logged(g, "hit!")
    s.expect(1, Kind.CHOOSE_TARGETS, (cid_of(g, 1, "hand", "W01"),))
    assert len(g.players[1].hand) == 1


def test_v15_crown_ward():
    """Crown Ward (V15): "Flash: 1 of your ultimates gets BP +3000 this battle." 000 ch.2 §4
    (lines 542–543): an ultimate takes only effects aimed at ultimates; your spirits are not
    chosen by it."""
    quoted("V15", test_v15_crown_ward.__doc__)
    g = position(side(field=[f("V14"), f("V01")], hand=["V15"], reserve=2), side(deck=["A01"]), step="attack")
    crown = cid_of(g, 0, "field", "V14")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", crown))  # guarded: Pyre Regent Dragon costs 6
    s.expect(0, Kind.FLASH, ("magic", cid_of(g, 0, "hand", "V15")))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # a purple symbol on the field; no choice: one ultimate
    assert logged(g, "Hollow Crown Ultimate gets BP +3000 this battle (BP 8000)")
    assert bp(g, cid_of(g, 0, "field", "V01")) == 2000


def test_v16_crownbearer_acolyte():
    """Crownbearer Acolyte (V16): "When summoned: 1 of your spirits or ultimates gets BP +1000
    for each opposing spirit this turn." (000 ch.2 §4: "spirits or ultimates" reaches both;
    "for each" counted as it resolves.)"""
    quoted("V16", test_v16_crownbearer_acolyte.__doc__)
    g = position(side(hand=["V16"], field=[f("V14")], reserve=4), side(field=[f("R01"), f("R02")]))
    crown, acolyte = cid_of(g, 0, "field", "V14"), cid_of(g, 0, "hand", "V16")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", acolyte))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(crown,), (acolyte,)}
    g.answer((crown,))
    assert bp(g, crown) == 7000  # 5000 + 2 × 1000


def test_v17_starbreaker_lance():
    """Starbreaker Lance (V17): "Main: Destroy 1 opposing astral stone nexus. Draw 1 card."
    000 ch.2 §6 (lines 587, 604): only effects that name astral stone nexuses reach one; a
    grandwalker nexus is not one."""
    quoted("V17", test_v17_starbreaker_lance.__doc__)
    g = position(side(hand=["V17"], reserve=3), side(field=[f("N21", 0), f("N01", 0)]))
    stone = cid_of(g, 1, "field", "N21")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V17"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    assert stone in g.players[1].trash and cid_of(g, 1, "field", "N01") in g.field
    assert len(g.players[0].hand) == 1


def test_v18_bravebane_hound():
    """Bravebane Hound (V18): "When summoned: Destroy 1 opposing brave." A braved brave is
    destroyed on its own: its information and effects stop at once and the spirit stays (003
    合体しているブレイヴ, line 61); a myth brave braved to a grandwalker is not reached (000
    ch.2 §1, line 476)."""
    quoted("V18", test_v18_bravebane_hound.__doc__)
    g = position(
        side(hand=["V18"], reserve=4),
        side(field=[f("R03", brave="P07"), f("N01", 3, brave="I04")]),
    )
    raptor, scythe = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "P07")
    raven = cid_of(g, 1, "field", "I04")
    assert bp(g, raptor) == 6000
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V18")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))  # Soulreaver Scythe is the only choice
    s.expect(0, Kind.MAIN_ACTION)
    assert scythe in g.players[1].trash and raptor in g.field and bp(g, raptor) == 3000
    assert g.field[raven].host == cid_of(g, 1, "field", "N01")


def test_v19_tokenbane_sweep():
    """Tokenbane Sweep (V19): "Flash: Destroy all opposing token spirits. Draw 1 card." 000 ch.2
    §9 (line 750): a token spirit takes effects aimed at tokens; it goes back to its stock."""
    quoted("V19", test_v19_tokenbane_sweep.__doc__)
    g = position(side(hand=["V19"], reserve=3), side(field=[f("K01"), f("R01")]))
    imp, pup = cid_of(g, 1, "field", "K01"), cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "V19"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    assert imp in g.players[1].tokens and pup in g.field and len(g.players[0].hand) == 1


def test_v20_adept_chorus():
    """Adept Chorus (V20): "When summoned: All your spirits named "Gravewhisper Adept" get BP
    +2000 this turn." 卡名：「○○○」 names the whole card name (001 line 106; Q&A 关于描述的变更
    A6)."""
    quoted("V20", test_v20_adept_chorus.__doc__)
    g = position(side(hand=["V20"], field=[f("V01"), f("V01"), f("V03")], reserve=4), side())
    a, b = cid_of(g, 0, "field", "V01"), cid_of(g, 0, "field", "V01", 1)
    chorus = cid_of(g, 0, "hand", "V20")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", chorus))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # three purple symbols
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert (bp(g, a), bp(g, b), bp(g, cid_of(g, 0, "field", "V03")), bp(g, chorus)) == (4000, 4000, 3000, 3000)


def test_v21_lone_sentinel():
    """Lone Sentinel (V21): "When attacks: If you have 2 or fewer cards in your hand, draw 1
    card." A triggered effect with a condition triggers only while it holds (`if`)."""
    quoted("V21", test_v21_lone_sentinel.__doc__)
    for hand, drawn in ((["R01", "R01"], 1), (["R01", "R01", "R01"], 0)):
        g = position(side(field=[f("V21")], hand=hand), side(), step="attack")
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "V21")))
        assert len(g.players[0].hand) == len(hand) + drawn
        assert logged(g, "Effect of Lone Sentinel") == bool(drawn)
        assert fv(g, cid_of(g, 0, "field", "V21")).state == "exhausted"
