"""One test per card of the continuous-effect set (bs_tui/data/cards/continuous.toml, E01-E27)
and the rules they rest on: a continuous effect (常在効果) changes or forbids for as long as
its source is on the field at its level and its conditions hold, and stops the moment they
do not (a level lost, the card gone, a rebirth); 000 Q&A 关于效果整体 A3 ("cannot" beats
Clash's "must"), A4 (Armor against "cannot activate", and "cannot be prevented"), A11 (a
spirit that cannot be returned to the hand cannot be exchanged), A12 (an exchange is no
"adding to the hand"); 003 カードの色とシンボルの色 (a colour added to a spirit is added to
each of its symbols). Each test plays through the decision interface (the Script fails on
any unexpected question); the docstrings quote the generated text (`quoted`). Sections are
those of /work/shared/seeds/ (000 the rulebook, 001 the changes, 003 the Japanese notes).
"""

from __future__ import annotations

import pytest
from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, quoted, side

from bs_tui.engine import load_deck
from bs_tui.engine.model import derived
from bs_tui.engine.rules import costs
from bs_tui.engine.systems import advent
from bs_tui.engine.view import view_for

# ----------------------------------------------------------------------- helpers


def summon(s: Script, player: int, cid: int, paid: int, placed: int) -> None:
    """Summon from the hand paying `paid` and placing `placed` cores, all from the reserve."""
    s.expect(player, Kind.MAIN_ACTION, ("summon", cid))
    if paid:
        s.expect(player, Kind.PAY_COST, pay(reserve=paid))
    s.expect(player, Kind.PLACE_CORES, place(reserve=placed))


def use_magic(s: Script, player: int, cid: int, timing: str = "main") -> None:
    """Use a magic from the hand, paying its whole (reduced) cost from the reserve."""
    s.expect(player, Kind.MAIN_ACTION, ("magic", cid, timing))
    d = s.g.decision
    if d is not None and d.kind == Kind.PAY_COST:
        s.expect(player, Kind.PAY_COST, pay(reserve=d.allocation.amount))


def field(g, player: int, *card_ids: str) -> list[int]:
    return [cid_of(g, player, "field", c) for c in card_ids]


# ----------------------------------------------------------------------- the decks


@pytest.mark.parametrize("name", ["banner_legion", "hush_court", "larva_bastion"])
def test_the_continuous_decks_are_legal_and_hold_three_of_each_key_card(name: str) -> None:
    """000 ch.1 §1 (at least 40 cards, at most 3 of a name) and 001 (one kind of contract card):
    each deck holds three copies of each of its continuous cards, so that games show them."""
    deck = load_deck(name)
    assert deck.size >= 40
    counts = dict(deck.cards)
    mine = [c for c in counts if c.startswith("E")]
    assert len(mine) >= 8 and all(counts[c] == 3 for c in mine)


# ----------------------------------------------------------------------- red and white banners


def test_e01_warbanner_citadel() -> None:
    """Warbanner Citadel (E01): "[Lv1-Lv2] Continuous: Your spirits of the family Drakeling get
    BP +1000." "[Lv2] Continuous: Opposing spirits with cost 2 or less cannot block."
    000 ch.1 §2 (核心卡: its [Lv1-Lv2] effects work whatever its cores, its [Lv2] ones from 2
    cores); 000 Q&A 关于效果整体 A3: "cannot" beats "must": Clash says the opponent must block
    with a spirit able to; the cheap spirits cannot, so only the cost-3 one is offered, and
    with it gone the attack goes through. At Lv1 the cheap ones must block again."""
    quoted("E01", test_e01_warbanner_citadel.__doc__)
    g = position(side(field=[f("E01", 0), f("R01"), f("R03")]), side())
    pup, raptor = field(g, 0, "R01", "R03")
    assert bp(g, pup) == 2000 and bp(g, raptor) == 3000  # a Drakeling only
    # Lv2: Warcry Salamander (Clash) attacks; Cinder Pup (1) and Flarewing Drake (2) may not block
    g = position(
        side(field=[f("E01", 2), f("R17")]),
        side(field=[f("R01"), f("R02"), f("W03")]),
        step="attack",
    )
    (salamander,) = field(g, 0, "R17")
    pup, drake, golem = field(g, 1, "R01", "R02", "W03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", salamander))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", golem),)  # Clash: the golem must block; "cannot" keeps the others out
    assert (("block", pup), "an effect forbids blocking") in d.context["unavailable"]
    # with no cost-3 spirit nobody may block, the Clash notwithstanding
    g = position(
        side(field=[f("E01", 2), f("R17")]),
        side(field=[f("R01"), f("R02")]),
        step="attack",
    )
    life = g.players[1].life_total
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "R17")[0]))
    s.expect(1, Kind.MAIN_ACTION)  # no block was possible: the hit went through, the turn passed
    assert g.players[1].life_total == life - 1 and logged(g, "has no spirit that can block")
    # at Lv1 the [Lv2] effect stops: Clash makes a cheap spirit block
    g = position(side(field=[f("E01", 1), f("R17")]), side(field=[f("R01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "R17")[0]))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", field(g, 1, "R01")[0]),)


def test_e02_bannerbearer_salamander() -> None:
    """Bannerbearer Salamander (E02): "Continuous: This spirit also has the family Drakeling."
    001 (其它: a family a spirit has by an effect, beside its printed ones, stays an effect): the
    Blaze Beast is a Drakeling too as soon as it is summoned, so Warbanner Citadel's "your
    spirits of the family Drakeling" reach it; a plain Blaze Beast is not reached."""
    quoted("E02", test_e02_bannerbearer_salamander.__doc__)
    g = position(side(hand=["E02"], field=[f("E01", 0), f("R03")], reserve=3), side())
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "E02"), 0, 1)  # two red symbols reduce it to 0
    sal, raptor = field(g, 0, "E02", "R03")
    assert costs.families_of(g, sal) == ("Blaze Beast", "Drakeling")
    assert bp(g, sal) == 3000 and bp(g, raptor) == 3000


def test_e03_hordebreaker_wyvern() -> None:
    """Hordebreaker Wyvern (E03): "Continuous: This spirit gets BP +1000 for each opposing
    spirit." "[Lv2-Lv3] Continuous: While your opponent has 3 or more spirits, this spirit
    cannot be blocked by spirits with 5000 BP or less." 000 ch.1 §2 (战魂卡: a [Lv2-Lv3]
    effect works at those levels), ch.1 §6 (the block): facing three spirits only the
    big one may block; when it is destroyed in the battle the BP counts one spirit fewer, and
    facing two every spirit may block again."""
    quoted("E03", test_e03_hordebreaker_wyvern.__doc__)
    g = position(side(field=[f("E03", 3)]), side(field=[f("R01"), f("R03"), f("U06", 3)]), step="attack")
    (wyvern,) = field(g, 0, "E03")
    pup, raptor, colossus = field(g, 1, "R01", "R03", "U06")
    assert bp(g, wyvern) == 6000 + 3000
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", wyvern))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", colossus), ("take",))
    assert (("block", pup), "Hordebreaker Wyvern cannot be blocked by it") in d.context["unavailable"]
    g.answer(("block", colossus))
    assert colossus not in g.field and bp(g, wyvern) == 6000 + 2000  # 9000 beat 8000; two spirits now
    # facing two spirits the [Lv2-Lv3] effect stops: both may block
    g = position(side(field=[f("E03", 3)]), side(field=[f("R01"), f("R03")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "E03")[0]))
    d = s.expect(1, Kind.BLOCK)
    assert {("block", c) for c in field(g, 1, "R01", "R03")} <= set(d.options)
    # at Lv1, facing three, the small ones may block too
    g = position(side(field=[f("E03", 1)]), side(field=[f("R01"), f("R03"), f("R02")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "E03")[0]))
    assert ("block", field(g, 1, "R01")[0]) in s.expect(1, Kind.BLOCK).options


def test_e04_lastbreath_berserker() -> None:
    """Lastbreath Berserker (E04): "Continuous: While your life is 3 or less, this spirit gets BP
    +2000." "Continuous: While you have 2 or fewer cards in your hand, this spirit cannot be
    blocked by spirits with cost 2 or less." Conditions of a continuous effect are read
    whenever the value is (000 ch.1 "复数效果同时发挥时": effects that keep working): the hit
    that takes the life from 4 to 3 raises its BP at once; with a third card in the hand a
    cheap spirit may block it again."""
    quoted("E04", test_e04_lastbreath_berserker.__doc__)
    g = position(side(field=[f("E04")], life=4), side(field=[f("R03")]), active=1, step="attack")
    (berserker,) = field(g, 0, "E04")
    assert bp(g, berserker) == 3000
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", field(g, 1, "R03")[0]))
    s.expect(0, Kind.BLOCK, ("take",))
    assert g.players[0].life_total == 3 and bp(g, berserker) == 5000
    for hand, blockable in ((["R01", "R01"], False), (["R01", "R01", "R01"], True)):
        g = position(side(hand=hand, field=[f("E04")]), side(field=[f("R02"), f("R03")]), step="attack")
        drake, raptor = field(g, 1, "R02", "R03")
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "E04")[0]))
        d = s.expect(1, Kind.BLOCK)
        assert ("block", raptor) in d.options and (("block", drake) in d.options) == blockable


def test_e05_vanguard_drillmaster() -> None:
    """Vanguard Drillmaster (E05): "During your turn: Your other spirits get BP +1000." Its own
    BP is not raised; in the opponent's turn the others are back to theirs (000 ch.1 §4: the
    turn passes at the End Step)."""
    quoted("E05", test_e05_vanguard_drillmaster.__doc__)
    g = position(side(field=[f("E05"), f("R01")]), side(deck=["R01"] * 5))
    drill, pup = field(g, 0, "E05", "R01")
    assert (bp(g, drill), bp(g, pup)) == (4000, 2000)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert (bp(g, drill), bp(g, pup)) == (4000, 1000)


def test_e06_armory_quartermaster() -> None:
    """Armory Quartermaster (E06): "Continuous: The cost of brave cards in your hand is reduced
    by 1." 000 ch.1 §5 (summoning: the cost, then the reduction by symbols): Solar Lance Wyvern
    costs 4, 1 less by this and 1 less by the Raptor's red symbol; a spirit card in the hand
    and the opponent's brave keep their costs."""
    quoted("E06", test_e06_armory_quartermaster.__doc__)
    g = position(side(hand=["R16", "R03"], field=[f("E06"), f("R03")], reserve=6), side(hand=["R16"]))
    assert [(c.card.id, c.cost_now) for c in view_for(g, 0).you.hand] == [("R16", 2), ("R03", 2)]
    assert costs.reduced_cost(g, 1, g.defs[cid_of(g, 1, "hand", "R16")]) == 4
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R16")))
    assert s.expect(0, Kind.PAY_COST).allocation.amount == 2


def test_e07_aegis_standard() -> None:
    """Aegis Standard (E07): "Brave condition: a spirit with cost 3 or more. Braved: BP +2000."
    "[Braved] Continuous: This spirit cannot be chosen by your opponent's effects." 000 ch.2
    §1 (合体中效果 work for the braved spirit whatever its level): the opponent's Withering Hex
    may choose the Cinder Pup, or an Aegis Standard on the field as a spirit, but not the
    spirit it is braved to."""
    quoted("E07", test_e07_aegis_standard.__doc__)
    g = position(side(field=[f("R03", 1, brave="E07"), f("R01"), f("E07")]), side(hand=["P09"], reserve=5), active=1)
    raptor, pup = field(g, 0, "R03", "R01")
    alone = cid_of(g, 0, "field", "E07", 1)
    assert g.field[alone].host < 0  # the second Aegis Standard is a spirit of its own
    s = Script(g)
    use_magic(s, 1, cid_of(g, 1, "hand", "P09"), "flash")
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(pup,), (alone,)} and bp(g, raptor) == 5000


def test_e08_pyre_herald_page_while_an_advent_is_performed() -> None:
    """Pyre Herald Page (E08): "While you perform an advent: The cost of this spirit is increased
    by 2." 000 ch.2 §5 ② (an effect that works while the advent is performed can meet the
    advent condition): a cost-1 spirit, cost 3 while its controller performs an advent, is a
    target for the Pyre Regent Dragon (cost 3 or more); at any other time it costs 1."""
    quoted("E08", test_e08_pyre_herald_page_while_an_advent_is_performed.__doc__)
    g = position(side(hand=["A01"], field=[f("E08")]), side())
    (page,) = field(g, 0, "E08")
    dragon = cid_of(g, 0, "hand", "A01")
    # offered: the targets an advent may have are those of the advent being performed (②)
    assert costs.cost_of(g, page) == 1 and ("advent", dragon, page) in g.decision.options
    g.adventing = 0  # the engine's mark of an advent being performed (model/conditions.py)
    assert costs.cost_of(g, page) == 3 and advent.targets(g, 0, dragon) == [page]
    g.adventing = 1  # the opponent's advent is not yours
    assert costs.cost_of(g, page) == 1


def test_e08_pyre_herald_page_can_be_advented_onto() -> None:
    """000 ch.2 §5 ②, through the decision interface: the Pyre Regent Dragon is offered an
    advent onto the Pyre Herald Page, and performs it."""
    g = position(side(hand=["A01"], field=[f("E08")]), side(field=[f("R01")]))
    (page,) = field(g, 0, "E08")
    dragon = cid_of(g, 0, "hand", "A01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", dragon, page))
    assert g.field[page].top == dragon and g.adventing == -1  # performed: the advent is over


# ----------------------------------------------------------------------- purple and blue hushes


def test_e10_reliquary_of_hushes() -> None:
    """Reliquary of Hushes (E10): "[Lv1-Lv2] Continuous: The 'when summoned' effects of opposing
    spirits cannot activate." 000 Q&A 关于效果整体 A4 ("cannot be prevented" > "unaffected" >
    "cannot activate"): the opponent's Recall Sentinel does not return the Raptor; beside their
    Bastion Keep (Heavy Armor: purple) their spirits are unaffected by this purple effect, and
    it does."""
    quoted("E10", test_e10_reliquary_of_hushes.__doc__)
    for keep, returned in (([], False), ([f("W08", 0)], True)):
        g = position(side(field=[f("E10", 0), f("R03")]), side(hand=["W04"], field=keep, reserve=6), active=1)
        (raptor,) = field(g, 0, "R03")
        s = Script(g)
        s.expect(1, Kind.MAIN_ACTION, ("summon", cid_of(g, 1, "hand", "W04")))
        s.expect(1, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
        s.expect(1, Kind.PLACE_CORES, place(reserve=1))
        s.expect(1, Kind.MAIN_ACTION)
        assert (raptor in g.players[0].hand) == returned and logged(g, "Effect of Recall Sentinel") == returned


def test_e11_muted_choir_lich() -> None:
    """Muted Choir Lich (E11): "During your opponent's turn: The effects of opposing spirits
    cannot activate. This cannot be prevented." 000 Q&A 关于效果整体 A4: "cannot be prevented"
    beats "unaffected": in their turn the opponent's Flarewing Drake attacks without its BP
    +1000 even beside their Bastion Keep (Heavy Armor: purple), which keeps out the purple
    Reliquary of Hushes; in your own turn their Rivet Drone's block effect activates."""
    quoted("E11", test_e11_muted_choir_lich.__doc__)
    for lich, fired in (("E11", False), ("E10", True)):
        g = position(side(field=[f(lich), f("R01")]), side(field=[f("W08", 0), f("R02")]), active=1, step="attack")
        (drake,) = field(g, 1, "R02")
        s = Script(g)
        s.expect(1, Kind.ATTACK, ("attack", drake))
        assert s.expect(0, Kind.BLOCK).player == 0
        assert logged(g, "Effect of Flarewing Drake") == fired and bp(g, drake) == 2000 + 1000 * fired
    g = position(side(field=[f("E11"), f("R01")]), side(field=[f("W01")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "R01")[0]))
    s.expect(1, Kind.BLOCK, ("block", field(g, 1, "W01")[0]))
    assert logged(g, "Effect of Rivet Drone")


def test_e12_drought_tide_oracle() -> None:
    """Drought Tide Oracle (E12): "During your turn: Your opponent cannot draw cards." In your
    turn the opponent's Scorch Hatchling, destroyed, draws nothing; in their turn their Draw
    Step draws (000 ch.1 §4 抽卡阶段)."""
    quoted("E12", test_e12_drought_tide_oracle.__doc__)
    g = position(side(hand=["R09"], field=[f("E12")], reserve=4), side(field=[f("R05")], deck=["R01"] * 5))
    hand = len(g.players[1].hand)
    s = Script(g)
    use_magic(s, 0, cid_of(g, 0, "hand", "R09"), "flash")
    assert logged(g, "cannot draw: an effect forbids it") and len(g.players[1].hand) == hand
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert len(g.players[1].hand) == hand + 1


def test_e13_stillwater_seal() -> None:
    """Stillwater Seal (E13): "[Lv2] Continuous: Your opponent cannot add cards to their hand by
    effects." 003 「効果で手札が増える」: drawing by an effect and a spirit returned to the hand
    add to it (so your Recall Sentinel cannot return their Raptor), the Draw Step's draw does
    not; 000 Q&A 关于效果整体 A12: an exchange adds nothing to the hand, so their Tidal
    Changeover still exchanges. At Lv1 they draw by effects again."""
    quoted("E13", test_e13_stillwater_seal.__doc__)
    g = position(
        side(hand=["W04"], field=[f("E13", 3)], reserve=5),
        side(hand=["R11", "A04", "R02"], field=[f("R03", 2)], deck=["R01"] * 6, reserve=6),
    )
    (raptor,) = field(g, 1, "R03")
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "W04"), 4, 1)
    assert raptor in g.field and logged(g, "no card can be chosen")
    hand = len(g.players[1].hand)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert len(g.players[1].hand) == hand + 1  # the Draw Step is no effect
    use_magic(s, 1, cid_of(g, 1, "hand", "R11"))  # Kindling Study: draw 2
    assert len(g.players[1].hand) == hand and logged(g, "cannot draw: an effect forbids it")
    drake = cid_of(g, 1, "hand", "R02")
    use_magic(s, 1, cid_of(g, 1, "hand", "A04"))  # Tidal Changeover: the Raptor for the Drake
    s.expect(1, Kind.CHOOSE_TARGETS, (drake,))  # the Drake, not the Cinder Pup drawn
    assert raptor in g.players[1].hand and g.players[1].field == [drake] and g.field[drake].cores == 2
    g = position(side(field=[f("E13", 2)]), side(hand=["R11"], deck=["R01"] * 6, reserve=6), active=1)
    hand = len(g.players[1].hand)
    use_magic(Script(g), 1, cid_of(g, 1, "hand", "R11"))
    assert len(g.players[1].hand) == hand - 1 + 2


def test_e14_tithe_collector_and_its_effect_ending_when_it_leaves() -> None:
    """Tithe Collector (E14): "Continuous: The cost of magic cards in your opponent's hand is
    increased by 1." The opponent's Flame Burst costs 4, their spirit cards in hand their own
    cost, your magic too; 003 (a card destroyed: its effects stop at once): when it is destroyed in
    battle the Flame Burst costs 3 again."""
    quoted("E14", test_e14_tithe_collector_and_its_effect_ending_when_it_leaves.__doc__)
    g = position(
        side(hand=["R11"], field=[f("E14")]),
        side(hand=["R09", "R03"], field=[f("R04")]),
        step="attack",
    )
    burst, raptor = cid_of(g, 1, "hand", "R09"), cid_of(g, 1, "hand", "R03")
    assert costs.reduced_cost(g, 1, g.defs[burst]) == 4 - 1  # +1, then one red symbol
    assert costs.reduced_cost(g, 1, g.defs[raptor]) == 3 - 1
    assert costs.reduced_cost(g, 0, g.defs[cid_of(g, 0, "hand", "R11")]) == 3  # yours: no change
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", field(g, 0, "E14")[0]))
    s.expect(1, Kind.FLASH, ("pass",))  # they hold the Flame Burst
    s.expect(1, Kind.BLOCK, ("block", field(g, 1, "R04")[0]))
    s.expect(1, Kind.FLASH, ("pass",))  # the flash window of the block
    s.expect(1, Kind.MAIN_ACTION)  # 2000 against 4000: destroyed, no attacker left, the turn passed
    assert not g.players[0].field and costs.reduced_cost(g, 1, g.defs[burst]) == 3 - 1


def test_e15_oathbound_vigil_wraith() -> None:
    """Oathbound Vigil Wraith (E15): "Contract card: one kind in a deck, at most 3; you may start
    with one in your hand; when it leaves the field because of the opponent it may stay there
    in soul state." "Over Count 2: BP +2000 while your count is 2 or more
    (OC)." "[Soul State]/[Spirit] Continuous: Your other spirits get BP +1000." "[OC]
    Continuous: This spirit cannot be destroyed by your opponent's effects." 001 (《OC》: an
    [OC] effect works only while the count is met, like a level); 001 (【魂状态】 effects work in
    soul state with no level): at count 2 the opponent's Pyre Colossus Dragon cannot choose it
    and destroys the Cinder Pup; at count 1 it destroys the Wraith, which stays in soul state
    and still gives the Pup its BP +1000."""
    quoted("E15", test_e15_oathbound_vigil_wraith.__doc__)
    for count in (2, 1):
        g = position(side(field=[f("E15"), f("R01")]), side(field=[f("R06", 3)]), active=1, step="attack")
        g.players[0].count, g.players[0].void = count, g.players[0].void - count
        wraith, pup = field(g, 0, "E15", "R01")
        assert bp(g, pup) == 2000 and bp(g, wraith) == 3000 + 2000 * (count >= 2)
        s = Script(g)
        s.expect(1, Kind.ATTACK, ("attack", field(g, 1, "R06")[0]))
        if count == 2:  # the Pup is the only spirit it can choose: destroyed at once
            s.expect(0, Kind.BLOCK)
            assert pup not in g.field and wraith in g.field and logged(g, "Cinder Pup is destroyed")
            continue
        d = s.expect(1, Kind.CHOOSE_TARGETS)
        assert set(d.options) == {(wraith,), (pup,)}
        g.answer((wraith,))
        s.expect(0, Kind.YES_NO, True)  # keep it on the field in soul state
        assert g.field[wraith].soul_state and bp(g, pup) == 2000


def test_e16_tallyscale_bulwark() -> None:
    """Tallyscale Bulwark (E16): "When summoned: Count +1." "[Count 2] Continuous: Opposing
    spirits with cost 3 or less cannot attack." 001 (the count; [Count N] works while the
    count is N or more): summoned at count 1 it makes 2, and in the opponent's turn their
    Raptor may not attack while their Lancer Dragon (cost 4) may; at count 1 the Raptor may."""
    quoted("E16", test_e16_tallyscale_bulwark.__doc__)
    g = position(
        side(hand=["E16"], reserve=5),
        side(field=[f("R03"), f("R04")], deck=["R01"] * 5),
    )
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    raptor, lancer = field(g, 1, "R03", "R04")
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "E16"), 4, 1)
    assert g.players[0].count == 2
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    d = s.expect(1, Kind.ATTACK)
    assert d.options == (("attack", lancer), ("end",))
    assert (("attack", raptor), "an effect forbids it") in d.context["unavailable"]
    g.players[0].count, g.players[0].void = 1, g.players[0].void + 1  # below [Count 2]
    assert derived.forbidden(g, "attack", raptor) is False


def test_e17_gravesealed_knight() -> None:
    """Gravesealed Knight (E17): "Seal (when summoned, your Soul Core goes to your life)"
    "[While sealed] Continuous: Your spirits cannot be returned to the hand." 000 Q&A 关于效果整体
    A11: a spirit that cannot be returned to the hand cannot be exchanged either: once sealed,
    your own Tidal Changeover finds nothing to exchange; with the Soul Core in the reserve it
    exchanges."""
    quoted("E17", test_e17_gravesealed_knight.__doc__)
    g = position(side(hand=["E17", "A04", "R01"], field=[f("R03")], reserve=8), side())
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "E17"), 4, 1)
    assert logged(g, "the Soul Core goes to life")
    raptor, knight = field(g, 0, "R03", "E17")
    use_magic(s, 0, cid_of(g, 0, "hand", "A04"))
    assert logged(g, "nothing to exchange") and g.players[0].field == [raptor, knight]
    g = position(side(hand=["A04", "R01"], field=[f("R03", 2), f("E17")], reserve=4), side())
    raptor, knight = field(g, 0, "R03", "E17")
    s = Script(g)
    use_magic(s, 0, cid_of(g, 0, "hand", "A04"))
    s.expect(0, Kind.CHOOSE_TARGETS, (raptor,))
    assert raptor in g.players[0].hand


def test_e18_ashen_eclipse() -> None:
    """Ashen Eclipse (E18): "[Lv1-Lv2] Continuous: Opposing spirits are treated as having no
    family." "[Lv2] Continuous: Opposing spirits with cost 3 or less are treated as colourless
    (their symbols too)." 001 (families by effects); 003 カードの色とシンボルの色 (「無色として
    扱う」: no longer a spirit of its colours, its symbols of none): the opponent's Cinder Pup is
    no Drakeling, so their Warbanner Citadel gives it nothing; at Lv2 its symbol reduces
    nothing (their Flame Burst costs 3), yet it still takes a life when it attacks."""
    quoted("E18", test_e18_ashen_eclipse.__doc__)
    g = position(side(field=[f("E18", 0)]), side(field=[f("E01", 0), f("R01")]))
    (pup,) = field(g, 1, "R01")
    assert costs.families_of(g, pup) == () and bp(g, pup) == 1000
    g = position(
        side(field=[f("E18", 3)]),
        side(hand=["R09"], field=[f("R01"), f("R06")]),
        active=1,
        step="attack",
    )
    pup, colossus = field(g, 1, "R01", "R06")
    assert costs.colours_of(g, pup) == () and costs.symbols_of(g, pup) == ((),)
    assert costs.colours_of(g, colossus) == ("red",)  # cost 6: still red
    assert costs.reduced_cost(g, 1, g.defs[cid_of(g, 1, "hand", "R09")]) == 3 - 2  # the Colossus's two
    life = g.players[0].life_total
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", pup))
    s.expect(1, Kind.FLASH, ("pass",))  # they hold the Flame Burst; nobody of yours can block
    s.expect(1, Kind.ATTACK)
    assert g.players[0].life_total == life - 1


def test_e19_veiled_tide_egg_and_its_rebirth() -> None:
    """Veiled Tide Egg (E19): "When summoned: Count +1." "When attacks: If your count is 2 or
    more, turn this card over to its back face (rebirth)." "Continuous: This spirit gets BP
    +1000 for each of your nexuses." "Back face (after rebirth): Deepwake Leviathan (E19) · spirit
    · blue · cost 5 · Lv1:1c/5000 Lv2:3c/7000 · symbols blue" "Continuous: This spirit
    cannot be blocked by spirits with cost 3 or less." 000 ch.2 §7 (转醒: the back face's
    effects from the flip on, the front's no more): as it attacks it turns over, loses the BP
    from your nexuses and in the same battle cannot be blocked by the Raptor."""
    quoted("E19", test_e19_veiled_tide_egg_and_its_rebirth.__doc__)
    g = position(side(field=[f("E19"), f("E13", 0)]), side(field=[f("R03"), f("R04")]), step="attack")
    g.players[0].count, g.players[0].void = 2, g.players[0].void - 2
    (egg,) = field(g, 0, "E19")
    raptor, lancer = field(g, 1, "R03", "R04")
    assert bp(g, egg) == 2000
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", egg))
    d = s.expect(1, Kind.BLOCK)
    assert g.defs[egg].name == "Deepwake Leviathan" and bp(g, egg) == 5000
    assert ("block", lancer) in d.options and ("block", raptor) not in d.options


# ----------------------------------------------------------------------- green and white fortresses


def test_e20_fortress_larva() -> None:
    """Fortress Larva (E20): "[Lv2-Lv3] Continuous: This spirit is also treated as white (its
    symbols too)." 003 カードの色とシンボルの色 (要塞蟲ラルバ Lv2): its colours and its symbol are
    green and white, and the symbol reduces one of them, not both: Recall Sentinel (white,
    white) costs 1 less, Vine Mantis (green, green) 1 less. When the opponent's Withering Hex
    takes it down to Lv1 it is green only again."""
    quoted("E20", test_e20_fortress_larva.__doc__)
    g = position(side(hand=["W04", "G03"], field=[f("E20", 3)]), side(hand=["P09"], reserve=5), active=1)
    (larva,) = field(g, 0, "E20")
    sentinel, mantis = cid_of(g, 0, "hand", "W04"), cid_of(g, 0, "hand", "G03")
    assert costs.colours_of(g, larva) == ("green", "white") and costs.symbols_of(g, larva) == (("green", "white"),)
    assert costs.reduced_cost(g, 0, g.defs[sentinel]) == 3 and costs.reduced_cost(g, 0, g.defs[mantis]) == 2
    use_magic(Script(g), 1, cid_of(g, 1, "hand", "P09"), "flash")  # 2 cores off: 1 left, Lv1
    assert costs.level_of(g, larva) == 1
    assert costs.colours_of(g, larva) == ("green",) and costs.reduced_cost(g, 0, g.defs[sentinel]) == 4


@pytest.mark.parametrize(
    ("brave", "colours", "symbols"),
    [
        ("R16", ("green", "red", "white"), (("green", "white"), ("red", "white"))),
        ("W13", ("green", "white"), (("green", "white"), ("white",))),
    ],
)
def test_a_braved_larva_adds_white_to_each_symbol(brave: str, colours: tuple, symbols: tuple) -> None:
    """003 カードの色とシンボルの色 (要塞蟲ラルバ Lv2 with 砲竜バル・ガンナー): braved with a red brave
    its colours are green, red and white, and its symbols green/white and red/white (four
    ways to reduce: green or white, and red or white), so Recall Sentinel's two white
    reduction symbols are both met. With a white brave the spirit is white already, yet
    "also treated as white" still adds white to the Larva's own green symbol (000 ch.2 §1:
    the brave's colour is the braved spirit's, not its symbols')."""
    g = position(side(hand=["W04", "G04"], field=[f("E20", 3, brave=brave)]), side())
    (larva,) = field(g, 0, "E20")
    assert costs.colours_of(g, larva) == colours and costs.symbols_of(g, larva) == symbols
    assert costs.reduced_cost(g, 0, g.defs[cid_of(g, 0, "hand", "W04")]) == 4 - 2
    assert costs.reduced_cost(g, 0, g.defs[cid_of(g, 0, "hand", "G04")]) == 4 - 1  # green: one symbol
    # at Lv1 the white leaves the Larva's symbol; the brave's keeps its own colour
    g.field[larva].cores = 1
    assert costs.symbols_of(g, larva) == (("green",), g.defs[g.field[larva].brave].symbols[0])


def test_e21_twinsigil_scarab() -> None:
    """Twinsigil Scarab (E21): "Continuous: While you have a nexus, this spirit gets one
    more green symbol." 000 ch.1 §6 (an attack that is not blocked takes a life for each
    symbol) and 003 (a symbol added by an effect adds no colour): beside a nexus it takes two
    lives; with no nexus, one."""
    quoted("E21", test_e21_twinsigil_scarab.__doc__)
    for nexus, lives in (([f("E22", 0)], 2), ([], 1)):
        g = position(side(field=[f("E21"), *nexus]), side(), step="attack")
        (scarab,) = field(g, 0, "E21")
        assert costs.colours_of(g, scarab) == ("green",)
        life = g.players[1].life_total
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", scarab))
        s.expect(1, Kind.MAIN_ACTION)  # nobody could block: the hit went through, the turn passed
        assert g.players[1].life_total == life - lives


def test_e22_bleaching_frostfield() -> None:
    """Bleaching Frostfield (E22): "[Lv2] Continuous: Opposing spirits are treated as white only
    (their symbols too)." 003 カードの色とシンボルの色 (「～として扱う」: only the colour it is
    treated as, of the card and its symbols): the opponent's Raptor is white, its symbol white:
    their Flame Burst (red, red) is no longer reduced, their Halting Decree (white) is; braved
    with a white brave, both its symbols are white."""
    quoted("E22", test_e22_bleaching_frostfield.__doc__)
    for cores, white in ((2, True), (0, False)):
        g = position(side(field=[f("E22", cores)]), side(hand=["R09", "W09"], field=[f("R03")]))
        (raptor,) = field(g, 1, "R03")
        burst, decree = cid_of(g, 1, "hand", "R09"), cid_of(g, 1, "hand", "W09")
        assert costs.colours_of(g, raptor) == (("white",) if white else ("red",))
        assert costs.reduced_cost(g, 1, g.defs[burst]) == (3 if white else 2)
        assert costs.reduced_cost(g, 1, g.defs[decree]) == (1 if white else 2)
    # braved with a white brave, the Raptor's red symbol is white too, not colourless
    g = position(side(field=[f("E22", 2)]), side(hand=["W04"], field=[f("R03", 1, brave="W13")]))
    (raptor,) = field(g, 1, "R03")
    assert costs.symbols_of(g, raptor) == (("white",), ("white",))
    assert costs.reduced_cost(g, 1, g.defs[cid_of(g, 1, "hand", "W04")]) == 4 - 2  # Recall Sentinel


def test_e23_appraiser_automaton() -> None:
    """Appraiser Automaton (E23): "Continuous: The cost of opposing spirits is reduced by 1."
    An effect that chooses by cost reads the cost as changed (000 ch.1 §2 费用): Recall
    Sentinel ("with cost 3 or less") may now return the opponent's Lancer Dragon (cost 4),
    not their Pyre Colossus (cost 6)."""
    quoted("E23", test_e23_appraiser_automaton.__doc__)
    g = position(side(hand=["W04"], field=[f("E23")], reserve=4), side(field=[f("R04"), f("R06")]))
    lancer, colossus = field(g, 1, "R04", "R06")
    assert (costs.cost_of(g, lancer), costs.cost_of(g, colossus)) == (3, 5)
    s = Script(g)
    summon(s, 0, cid_of(g, 0, "hand", "W04"), 3, 1)
    assert lancer in g.players[1].hand and colossus in g.field


def test_e24_canopy_mirage_standard() -> None:
    """Canopy Mirage Standard (E24): "Mirage: cost 2 (set face up from your hand)." "Flash:
    Exhaust 1 opposing spirit." "[Set] During your opponent's turn: Your spirits get BP +1000."
    000 ch.2 §3 (幻境: a set mirage's [Set] effects work while it is set): in the hand it does
    nothing; set, your Moss Beetle has 2000 BP in the opponent's turn, 1000 in yours."""
    quoted("E24", test_e24_canopy_mirage_standard.__doc__)
    g = position(side(hand=["E24"], field=[f("G01")], reserve=3), side(deck=["R01"] * 5))
    (beetle,) = field(g, 0, "G01")
    standard = cid_of(g, 0, "hand", "E24")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("set_mirage", standard))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # the Beetle's green symbol reduces it
    assert g.players[0].mirage == [standard] and bp(g, beetle) == 1000
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert bp(g, beetle) == 2000
    g = position(side(hand=["E24"], field=[f("G01")]), side(), active=1)
    assert bp(g, field(g, 0, "G01")[0]) == 1000  # in the hand: nothing


def test_e25_sundering_stag() -> None:
    """Sundering Stag (E25): "Continuous: Opposing spirits cannot be braved." "While this
    spirit battles: This spirit gets BP +2000." 000 ch.2 §1 (合体: a spirit under "cannot be
    braved" takes no brave): the opponent is offered no brave action for their Solar Lance
    Wyvern; 000 ch.1 §6 (the battle): the Stag has 6000 BP while it battles the Lancer
    Dragon (4000) and wins, 4000 once the battle is over."""
    quoted("E25", test_e25_sundering_stag.__doc__)
    g = position(side(field=[f("E25")]), side(hand=["R16"], field=[f("R03"), f("R04")], reserve=6), active=1)
    assert not any(o[0] in ("summon_braved", "fuse") for o in g.decision.options)
    assert ("summon", cid_of(g, 1, "hand", "R16")) in g.decision.options
    g = position(side(field=[f("E25")]), side(hand=["R10"], field=[f("R04")]), step="attack")
    (stag,) = field(g, 0, "E25")
    (lancer,) = field(g, 1, "R04")
    assert bp(g, stag) == 4000
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", stag))
    s.expect(1, Kind.FLASH, ("pass",))  # they hold Dragon's Roar
    s.expect(1, Kind.BLOCK, ("block", lancer))
    s.expect(1, Kind.FLASH)  # the flash window of the battle
    assert bp(g, stag) == 6000 and bp(g, lancer) == 4000
    g.answer(("pass",))
    assert lancer not in g.field and stag in g.field and bp(g, stag) == 4000


def test_e26_archive_sentinel() -> None:
    """Archive Sentinel (E26): "Continuous: While you have 4 or more cards in your hand, this
    spirit gets BP +2000." The condition is read whenever its BP is (000 ch.1 "复数效果同时发挥时"):
    4000 with four cards in the hand, 2000 once one of them is summoned."""
    quoted("E26", test_e26_archive_sentinel.__doc__)
    g = position(side(hand=["G01"] * 4, field=[f("E26")], reserve=3), side())
    (sentinel,) = field(g, 0, "E26")
    assert bp(g, sentinel) == 4000
    summon(Script(g), 0, cid_of(g, 0, "hand", "G01"), 1, 1)
    assert len(g.players[0].hand) == 3 and bp(g, sentinel) == 2000


def test_e27_siegebreaker_beetle() -> None:
    """Siegebreaker Beetle (E27): "Continuous: While your opponent has a nexus, this spirit
    gets BP +2000." 000 ch.1 §5 (配置: a deployed nexus is on the field at once): 2000 until the
    opponent deploys their Volcano Forge, 4000 from then on."""
    quoted("E27", test_e27_siegebreaker_beetle.__doc__)
    g = position(side(field=[f("E27")]), side(hand=["R08"], reserve=4), active=1)
    (beetle,) = field(g, 0, "E27")
    assert bp(g, beetle) == 2000
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("deploy", cid_of(g, 1, "hand", "R08")))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    s.expect(1, Kind.PLACE_CORES, place())  # Lv1 needs none
    assert bp(g, beetle) == 4000
