"""Imagine braves (异魔神合体) and myth braves (神话合体), 000 ch.2 §1 and Q&A 关于合体, with a
plain grandwalker nexus (ch.2 §6): one test per card, then the rules, through the
decision interface."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine.rules import costs


def main_options(g, s):
    return s.expect(0, Kind.MAIN_ACTION).options


def fused_twice(right: str = "R03", left: str = "R04", brave: str = "I01", **kw):
    """Player 1's imagine brave in spirit state, braved first on the left, then on the right."""
    g = position(side(field=[f(brave, 0), f(left), f(right)], **kw), side(field=[f("G03")]))
    b, lh, rh = cid_of(g, 0, "field", brave), cid_of(g, 0, "field", left), cid_of(g, 0, "field", right)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", b, lh, "left"))
    s.expect(0, Kind.MAIN_ACTION, ("fuse", b, rh, "right"))
    return g, s, b, lh, rh


# ----------------------------------------------------------------------- the cards


def test_i01_twinflame_imagine_colossus():
    """Twinflame Imagine Colossus (I01): "Imagine brave: braved to up to two spirits, one at a
    time. Brave condition: left, a spirit with family Drakeling; right, a spirit with family
    Blaze Beast. Braved: BP +4000 to each. As a spirit it is never exhausted and neither
    attacks nor blocks." and "[Left Braved] When attacks: Destroy 1 opposing spirit with 4000
    BP or less." and "[Right Braved] When attacks: Draw 1 card." 000 ch.2 §1 异魔神合体: each
    side has its condition; braved to two spirits, each is a braved spirit with the BP+;
    Q&A 关于合体 A5: one brave action at a time."""
    quoted("I01", test_i01_twinflame_imagine_colossus.__doc__)
    g = position(side(field=[f("I01", 0), f("R04"), f("R03")]), side(field=[f("G03"), f("G01")]))
    b, r04, r03 = cid_of(g, 0, "field", "I01"), cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R03")
    s = Script(g)
    opts = main_options(g, s)
    fuses = [o for o in opts if o[0] == "fuse"]
    # the Drakeling only on the left, the Blaze Beast only on the right; one host per action
    assert sorted(fuses) == sorted([("fuse", b, r04, "left"), ("fuse", b, r03, "right")])
    g.answer(("fuse", b, r04, "left"))
    assert g.field[b].host == r04 and g.field[r04].side == "left"
    assert ("fuse", b, r03, "right") in main_options(g, s)
    g.answer(("fuse", b, r03, "right"))
    assert g.field[b].host2 == r03 and g.field[r03].side == "right"
    assert any(e.tag == "imagine_two" for e in _entries(g))
    assert bp(g, r04) == 4000 + 4000 and bp(g, r03) == 3000 + 4000
    assert costs.cost_of(g, r04) == 4 + 5 and costs.cost_of(g, r03) == 3 + 5
    assert len(costs.symbols_of(g, r03)) == 2 and g.field[b].cores == 0
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    hand = len(g.players[0].hand)
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", b) not in d.options
    g.answer(("attack", r03))  # the right host: it draws, it destroys nothing
    s.expect(1, Kind.BLOCK, ("take",))
    assert len(g.players[0].hand) == hand + 1 and g.players[1].trash == []
    # attacking exhausts only the attacker (000 ch.2 §1)
    assert g.field[r03].state == 1 and g.field[r04].state == 0 and g.field[b].state == 0
    g.answer(("attack", r04))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    g03 = cid_of(g, 1, "field", "G03")
    assert (g03,) in d.options
    g.answer((g03,))
    assert g03 in g.players[1].trash and len(g.players[0].hand) == hand + 1


def test_i02_gloamgate_imagine_reaper():
    """Gloamgate Imagine Reaper (I02): "Imagine brave: braved to up to two spirits, one at a
    time. Brave condition: left, a spirit with cost 2 or more; right, the same. Braved: BP
    +3000 to each. As a spirit it is never exhausted and neither attacks nor blocks." and
    "[Left Braved] When attacks: Move 1 core from 1 opposing spirit to the void." and
    "[Right Braved] When blocks: This spirit gets BP +3000 this battle." 000 ch.1 §5, ch.2 §1:
    summoned straight onto one spirit, on the side chosen; [Left/Right Braved] effects go to
    that side only."""
    quoted("I02", test_i02_gloamgate_imagine_reaper.__doc__)
    g = position(side(hand=["I02"], field=[f("P04"), f("P12"), f("P01")], reserve=5), side(field=[f("G04", 3)]))
    i02 = cid_of(g, 0, "hand", "I02")
    p04, p12, p01 = (cid_of(g, 0, "field", c) for c in ("P04", "P12", "P01"))
    s = Script(g)
    opts = main_options(g, s)
    assert ("summon_braved", i02, p04, "left") in opts and ("summon_braved", i02, p04, "right") in opts
    assert not any(o[0] == "summon_braved" and o[2] == p01 for o in opts)  # cost 1
    g.answer(("summon_braved", i02, p04, "left"))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))  # cost 5, three purple symbols on the field
    assert g.field[i02].host == p04 and g.field[p04].side == "left" and bp(g, p04) == 6000
    g.answer(("fuse", i02, p12, "right"))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    g04 = cid_of(g, 1, "field", "G04")
    s.expect(0, Kind.ATTACK, ("attack", p04))  # the only opposing spirit loses a core
    s.expect(1, Kind.BLOCK)
    assert g.field[g04].cores == 2
    # the right host blocks: its [Right Braved] effect, not the left one's
    g = position(side(field=[f("G04", 3)]), side(field=[f("I02", 0), f("P04"), f("P12")]), step="attack")
    i02, p04, p12 = (cid_of(g, 1, "field", c) for c in ("I02", "P04", "P12"))
    _brave(g, i02, p04, "left")
    _brave(g, i02, p12, "right")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G04")))
    d = s.expect(1, Kind.BLOCK)
    assert ("block", i02) not in d.options
    g.answer(("block", p12))
    assert logged(g, "Barrowshade Lich gets BP +3000 this battle (BP 10000)")


def test_i03_sunforge_myth_wyrm():
    """Sunforge Myth Wyrm (I03): "Myth brave. Brave condition: a spirit with cost 3 or more,
    or a grandwalker nexus. Braved: BP +3000 (none to a nexus)." and "[Spirit/Ultimate Braved]
    When attacks: This spirit gets BP +2000 this battle." and "[Nexus Braved] [Once per turn]
    When one of your spirits attacks: Draw 1 card." 000 ch.2 §1 神话合体: either condition is
    enough; summoned straight onto a grandwalker no cores move onto it, and the grandwalker
    gets its cost, colour and symbols, no BP+."""
    quoted("I03", test_i03_sunforge_myth_wyrm.__doc__)
    g = position(side(hand=["I03"], field=[f("I05", 0), f("R04"), f("R01")], reserve=4), side())
    i03 = cid_of(g, 0, "hand", "I03")
    gw, r04, r01 = (cid_of(g, 0, "field", c) for c in ("I05", "R04", "R01"))
    s = Script(g)
    opts = main_options(g, s)
    assert ("summon_braved", i03, gw) in opts and ("summon_braved", i03, r04) in opts
    assert ("summon_braved", i03, r01) not in opts
    g.answer(("summon_braved", i03, gw))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))  # cost 4, two red symbols on the field
    # no PLACE_CORES: nothing moves onto it
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[i03].host == gw and g.field[i03].cores == 0 and g.field[gw].brave == i03
    assert any(e.tag == "myth_nexus" for e in _entries(g))
    assert costs.cost_of(g, gw) == 3 + 4 and len(costs.symbols_of(g, gw)) == 2
    assert costs.bp_of(g, gw) == 0
    g.answer(("end",))
    hand = len(g.players[0].hand)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    assert len(g.players[0].hand) == hand + 1 and not logged(g, "gets BP")  # no [Spirit Braved] effect
    s.expect(0, Kind.ATTACK, ("attack", r01))  # once per turn
    assert len(g.players[0].hand) == hand + 1
    # braved to a spirit: BP+ and the [Spirit/Ultimate Braved] effect, not the nexus one
    g = position(side(field=[f("I03"), f("R04")]), side(), step="main")
    i03, r04 = cid_of(g, 0, "field", "I03"), cid_of(g, 0, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", i03, r04))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    hand = len(g.players[0].hand)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    assert logged(g, "Crimson Lancer Dragon gets BP +2000 this battle (BP 9000)") and len(g.players[0].hand) == hand


def test_i04_duskveil_myth_raven():
    """Duskveil Myth Raven (I04): "Myth brave. Brave condition: a spirit with family
    Nightfiend, or a grandwalker nexus with cost 3 or more. Braved: BP +2000 (none to a
    nexus)." and "[Spirit/Ultimate Braved] When attacks: Destroy 1 opposing spirit with 3000
    BP or less." and "[Nexus Braved] When your life is reduced: Put 1 core from the void into
    your reserve." 000 ch.2 §1 神话合体: fused from spirit state onto a grandwalker, all its
    cores (the Soul Core too) go to the reserve first."""
    quoted("I04", test_i04_duskveil_myth_raven.__doc__)
    g = position(side(field=[f("I04", 2, soul=True), f("I05", 0), f("P04")], reserve=0), side())
    i04, gw, p04 = (cid_of(g, 0, "field", c) for c in ("I04", "I05", "P04"))
    s = Script(g)
    opts = main_options(g, s)
    assert ("fuse", i04, gw) in opts and ("fuse", i04, p04) not in opts  # P04 is no Nightfiend
    g.answer(("fuse", i04, gw))
    p = g.players[0]
    assert p.reserve == 2 and p.soul == -1 and g.field[gw].cores == 0 and g.field[i04].cores == 0
    assert costs.colours_of(g, gw) == ("red", "purple")
    # [Nexus Braved] when your life is reduced
    g = position(side(field=[f("I05", 0, brave="I04")], reserve=0), side(field=[f("R04")]), active=1, step="attack")
    s = Script(g)
    void = g.players[0].void
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R04")))  # a nexus never blocks
    assert logged(g, "Effect of Duskveil Myth Raven")
    # one core from the void by the effect, one in the Core Step of the turn that follows
    assert g.players[0].void == void - 2 and g.players[0].reserve == 1 + 1 + 1


def test_i05_hearthbound_grandwalker():
    """Hearthbound Grandwalker (I05): a grandwalker nexus (000 ch.2 §6) with no text of its
    own. Q&A 关于合体 A1 and ch.2 §1: an ordinary brave never braves a nexus; a myth brave
    braves it by its nexus condition."""
    quoted("I05", test_i05_hearthbound_grandwalker.__doc__)
    g = position(side(field=[f("I05", 0), f("R16"), f("I03")]), side())
    gw, r16, i03 = (cid_of(g, 0, "field", c) for c in ("I05", "R16", "I03"))
    opts = main_options(g, Script(g))
    assert ("fuse", i03, gw) in opts and not any(o[0] == "fuse" and o[1] == r16 and o[2] == gw for o in opts)


def test_i06_riftbreaker_verdict():
    """Riftbreaker Verdict (I06): "Flash: Destroy 1 opposing spirit with 8000 BP or less."
    000 ch.1 §6.2: used in the flash timing of an attack; a braved spirit is one spirit."""
    quoted("I06", test_i06_riftbreaker_verdict.__doc__)
    g = position(side(field=[f("R04", brave="R16")]), side(hand=["I06"], field=[f("G03")], reserve=4), step="attack")
    r04, r16, i06 = cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R16"), cid_of(g, 1, "hand", "I06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    s.expect(1, Kind.FLASH, ("magic", i06))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))
    assert r04 in g.players[0].trash
    # Q&A 关于合体 A3: an ordinary brave that stays as a spirit goes on attacking
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 4 and logged(g, "the attack of Solar Lance Wyvern") and r16 in g.players[0].field


# ----------------------------------------------------------------------- the rules


def test_imagine_never_exhausted_never_attacks_or_blocks():
    """000 ch.2 §1 异魔神合体: as a spirit an imagine brave is never exhausted, even by effects,
    and neither attacks nor blocks; its lowest level costs 0 cores (ch.1 §5 消灭 does not
    take it)."""
    g = position(side(field=[f("I02", 0), f("P04")]), side(hand=["G10"], field=[f("G03")], reserve=3), step="attack")
    i02, p04, g10 = cid_of(g, 0, "field", "I02"), cid_of(g, 0, "field", "P04"), cid_of(g, 1, "hand", "G10")
    s = Script(g)
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", i02) not in d.options and ("attack", p04) in d.options
    assert any(u[0] == ("attack", i02) and "imagine" in u[1] for u in d.context["unavailable"])
    g.answer(("attack", p04))
    s.expect(1, Kind.FLASH, ("magic", g10))
    s.expect(1, Kind.PAY_COST, pay(reserve=1))  # cost 2, a green symbol on the field
    assert g.field[i02].state == 0 and i02 in g.players[0].field  # nothing else could be chosen
    assert not logged(g, "Gloamgate Imagine Reaper is exhausted")
    # nor does it block
    g = position(side(field=[f("G03")]), side(field=[f("I02", 0), f("P01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "G03")))
    s.expect(0, Kind.CHOOSE_TARGETS, (cid_of(g, 1, "field", "I02"),))  # Vine Mantis: it can be chosen...
    assert g.field[cid_of(g, 1, "field", "I02")].state == 0  # ...and stays refreshed
    d = s.expect(1, Kind.BLOCK)
    assert ("block", cid_of(g, 1, "field", "I02")) not in d.options


def test_imagine_stays_refreshed_when_its_exhausted_host_leaves():
    """000 ch.2 §1 ③ and Q&A 关于合体 A7: a brave that stays on the field when its spirit
    leaves takes the spirit's state, but an imagine brave is never exhausted: it stays
    refreshed, with 0 cores for its Lv1; while braved no cores are ever on it (L460), so
    the main step's core movement does not offer it."""
    g = position(side(field=[f("I02", 0), f("P04", st="exhausted")], reserve=0), side())
    i02, p04 = cid_of(g, 0, "field", "I02"), cid_of(g, 0, "field", "P04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", i02, p04, "left"))
    assert g.field[p04].state == 1 and g.field[i02].state == 0
    s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    d = s.expect(0, Kind.MOVE_CORES)
    assert i02 not in d.context["holders"]
    g.answer(("layout", (), "reserve"))  # P04's core to the reserve: it is depleted
    s.expect(0, Kind.PLACE_CORES, place())  # 0 cores are enough
    assert p04 in g.players[0].trash and g.field[i02].host < 0 and g.field[i02].state == 0


def test_imagine_attack_ends_with_its_attacker():
    """Q&A 关于合体 A3 and A4: when the attacking spirit of an imagine brave is destroyed, the
    other braved spirit does not become the attacker, and an imagine brave left on its own
    as a spirit does not go on attacking; attacking exhausts only the attacker."""
    g = position(
        side(field=[f("I02", 0), f("P04"), f("P12")]),
        side(hand=["I06", "I06"], field=[f("G03", st="exhausted")], reserve=8),
        step="attack",
    )
    i02, p04, p12 = (cid_of(g, 0, "field", c) for c in ("I02", "P04", "P12"))
    _brave(g, i02, p04, "left")
    _brave(g, i02, p12, "right")
    s = Script(g)
    i06 = g.players[1].hand[0]
    g.answer(("attack", p04))  # its [Left Braved] effect takes a core of the one opposing spirit
    s.expect(1, Kind.FLASH, ("magic", i06))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))
    s.expect(1, Kind.CHOOSE_TARGETS, (p04,))
    assert p04 in g.players[0].trash and g.field[i02].host == p12 and g.field[i02].host2 < 0
    assert g.battle is not None and g.battle.attacker < 0 and g.field[p12].state == 0
    s.expect(1, Kind.FLASH, ("pass",))
    d = s.expect(0, Kind.ATTACK)
    assert g.players[1].life == 5 and ("attack", p12) in d.options
    # now only one host: it attacks, is destroyed, the brave stays as a spirit and the attack ends
    g.answer(("attack", p12))
    i06 = g.players[1].hand[0]
    s.expect(1, Kind.FLASH, ("magic", i06))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))
    s.expect(0, Kind.PLACE_CORES, place())
    s.expect(1, Kind.MAIN_ACTION)  # no attacker is left: the Attack Step and the turn end
    assert g.players[1].life == 5 and g.field[i02].host < 0 and i02 in g.players[0].field
    assert logged(g, "The attacker has left the field; no life is lost.")


def test_imagine_sides_swap_and_separate():
    """Q&A 关于合体 A6: left and right change places in the Main Step when each spirit meets
    the other side's condition, never through spirit state; a [Left Braved] effect then
    goes to the new left spirit. Separating from one of two spirits leaves it braved to the
    other with nothing placed; from the last one, its Lv1 cores (0) are placed."""
    g, s, b, lh, rh = fused_twice("P12", "P04", "I02")
    assert ("swap_sides", b) in main_options(g, s)
    g.answer(("swap_sides", b))
    assert g.field[lh].side == "right" and g.field[rh].side == "left" and g.field[b].host >= 0
    from bs_tui.engine.rules.effects import this_card

    assert this_card(g, (b, 0, 0, lh)) == rh  # [Left Braved]: the spirit now on the left
    g.answer(("separate", lh))
    assert g.field[b].host == rh and g.field[lh].brave < 0 and g.field[b].host2 < 0
    g.answer(("separate", rh))
    s.expect(0, Kind.PLACE_CORES, place())
    assert g.field[b].host < 0 and g.field[rh].brave < 0
    # Twinflame's sides have different conditions: a Drakeling and a Blaze Beast never swap
    g, s, b, lh, rh = fused_twice()
    assert ("swap_sides", b) not in main_options(g, s)


def test_imagine_armor_does_not_cross_sides():
    """003 異魔神ブレイヴ: a protection of the left braved spirit does not work for the right
    one (Ironbone Warden's Armor: red/green keeps Binding Vines off it alone)."""
    g = position(side(field=[f("I02", 0), f("P05"), f("P04"), f("P01")]), side(hand=["G10"], reserve=3), active=1)
    i02, p05, p04 = (cid_of(g, 0, "field", c) for c in ("I02", "P05", "P04"))
    _brave(g, i02, p05, "left")
    _brave(g, i02, p04, "right")
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "G10"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=2))
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    targets = {t for o in d.options for t in o}
    assert p04 in targets and p05 not in targets and i02 not in targets


def test_myth_brave_separates_from_a_grandwalker_with_cores_from_elsewhere():
    """000 ch.2 §1 神话合体: separated from a grandwalker it becomes a spirit with cores from
    the field or the reserve, never from the grandwalker."""
    g = position(side(field=[f("I05", 2, brave="I03"), f("R04", 2)], reserve=1), side())
    gw, r04 = cid_of(g, 0, "field", "I05"), cid_of(g, 0, "field", "R04")
    i03 = g.field[gw].brave
    s = Script(g)
    assert ("separate", gw) in main_options(g, s)
    g.answer(("separate", gw))
    d = s.expect(0, Kind.PLACE_CORES)
    assert {x.source for x in d.allocation.sources} == {"reserve", r04}
    g.answer(place(reserve=1))
    assert g.field[i03].host < 0 and g.field[gw].brave < 0 and g.field[gw].cores == 2
    assert g.field[i03].cores == 1


def test_myth_brave_on_a_grandwalker_is_no_target_and_moves_by_swap():
    """000 ch.2 §1 神话合体 and ch.1 §5.2: a myth brave braved to a grandwalker is never chosen
    by an effect aimed at spirits; a swap moves it from a spirit onto a grandwalker (and
    back) with no cores placed."""
    g = position(side(field=[f("I05", 0), f("R04", brave="I03")]), side(hand=["I06"], reserve=4), active=0)
    gw, r04 = cid_of(g, 0, "field", "I05"), cid_of(g, 0, "field", "R04")
    i03 = g.field[r04].brave
    s = Script(g)
    assert ("swap", r04, gw) in main_options(g, s)
    g.answer(("swap", r04, gw))
    assert g.field[i03].host == gw and g.field[gw].brave == i03 and bp(g, r04) == 4000
    assert any(e.tag == "myth_nexus" for e in _entries(g))
    g.answer(("end",))
    g.answer(("end",))  # the Attack Step: the turn ends
    s.expect(1, Kind.MAIN_ACTION, ("magic", cid_of(g, 1, "hand", "I06"), "flash"))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))  # only Crimson Lancer Dragon can be chosen
    assert r04 in g.players[0].trash and g.field[i03].host == gw


# ----------------------------------------------------------------------- helpers


def _entries(g):
    from bs_tui.engine.model.state import log_entries

    return log_entries(g.log)


def _brave(g, brave, host, side=""):
    from bs_tui.engine.systems.braves import fuse

    fuse(g, brave, host, side)


def test_the_table_shows_both_hosts_and_a_nexus_host():
    """The field pane lists an imagine brave under each of its two spirits with its side,
    and a myth brave under its grandwalker with no BP+ (000 ch.2 §1); options say the side."""
    from bs_tui.engine.view import view_for
    from bs_tui.tui.labels import field_line, option_label

    g, s, b, lh, rh = fused_twice()
    v = view_for(g, 0)
    cards = {c.cid: c for c in v.you.field}
    assert cards[b].host == lh and cards[b].host2 == rh and cards[rh].side == "right"
    assert "(right)" in field_line(cards[b], host=cards[rh]).plain
    assert "BP +4000 (left)" in field_line(cards[b], host=cards[lh]).plain
    g = position(side(field=[f("I05", 0, brave="I03"), f("I02", 0), f("P04")]), side())
    v = view_for(g, 0)
    cards = {c.card.id: c for c in v.you.field}
    assert "no BP to a nexus" in field_line(cards["I03"], host=cards["I05"]).plain
    d = g.decision
    fuse = next(o for o in d.options if o[0] == "fuse" and o[1] == cards["I02"].cid)
    assert option_label(v, d, fuse).endswith("on the left")
