"""One test per white card (W01-W14) and the Ivory Bastion deck. Each test plays the card
through the decision interface (the Script fails on any unexpected question) and checks
that it did exactly what its generated text says; the docstring quotes that text.

White (000 ch.1 §2 白属性): defends, and sends the opponent's cards back to the hand (or
the deck). Rule sections are those of /work/shared/seeds/000_233ffee1f23d7e15.txt (000).
"""

from __future__ import annotations

import pytest
from conftest import Kind, Script, bp, cid_of, f, ids, pay, place, position, side

from bs_tui.engine import load_cards, load_deck
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.model.state import EXHAUSTED, REFRESHED

# A purple effect for the Armor / Heavy Armor tests (no purple card is needed from the set).
PURPLE_BOLT = {
    "id": "T-PURPLE",
    "name": "Hex Bolt",
    "kind": "magic",
    "colours": ["purple"],
    "cost": 0,
    "effect": [{"when": "flash", "do": [{"verb": "destroy", "target": "opponent_spirit", "max_bp": 3000}]}],
}


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    base = load_cards()
    cards = dict(base.cards)
    c = card_from_table(PURPLE_BOLT, "test")
    cards[c.id] = c
    return CardDB(cards, "test")


# ----------------------------------------------------------------------- helpers


def summon(s: Script, player: int, cid: int, paid: int, placed: int) -> None:
    """Summon from the hand paying `paid` and placing `placed` cores, all from the reserve."""
    s.expect(player, Kind.MAIN_ACTION, ("summon", cid))
    if paid:
        s.expect(player, Kind.PAY_COST, pay(reserve=paid))
    s.expect(player, Kind.PLACE_CORES, place(reserve=placed))


def attack_into(attacker: str, a_cores: int, blocker_side, **kw):
    """Player 1 attacks with `attacker`; player 2's side is given."""
    return position(side(field=[f(attacker, a_cores)], **kw), blocker_side, step="attack")


# ----------------------------------------------------------------------- the text matches


WHITE = [f"W{i:02d}" for i in range(1, 15)]


def test_ivory_bastion_is_a_legal_white_deck():
    deck = load_deck("ivory_bastion")
    cards = deck.card_list()
    assert deck.name == "Ivory Bastion" and len(cards) == 40
    assert all(n <= 3 for _, n in deck.cards)
    assert all(c.startswith("W") for c in cards)


# ----------------------------------------------------------------------- cards


def test_w01_rivet_drone_gets_bp_when_blocking():
    """Rivet Drone (W01): "When blocks: This spirit gets BP +1000 this battle." 000 ch.1 §6.3
    (when blocks), §6.6 (lower BP destroyed), §6.7 (this battle's effects end)."""
    g = attack_into("R01", 1, side(field=[f("W01")]))
    pup, drone = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "field", "W01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(1, Kind.BLOCK, ("block", drone))
    s.expect(1, Kind.MAIN_ACTION)  # 1000 against 2000
    assert pup in g.players[0].trash and drone in g.field
    assert bp(g, drone) == 1000 and g.players[1].life == 5


def test_w02_plated_sentry_armor_red():
    """Plated Sentry (W02): "Armor: red (unaffected by the opponent's red effects)". A red
    Flame Burst cannot choose it; a green Binding Vines can."""
    g = position(
        side(hand=["R09", "G10"], reserve=6),
        side(field=[f("W02"), f("W01")]),
    )
    sentry, drone = cid_of(g, 1, "field", "W02"), cid_of(g, 1, "field", "W01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R09"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    # the drone is the only legal target: destroyed without a choice
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "G10"), "flash"))
    assert drone in g.players[1].trash and sentry in g.field
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[sentry].state == EXHAUSTED
    # with only the sentry on the field, the red magic finds nothing
    g = position(side(hand=["R09"], reserve=3), side(field=[f("W02", 3)]))
    sentry = cid_of(g, 1, "field", "W02")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R09"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert sentry in g.field and "Flame Burst: no card can be chosen." in g.log_lines()


def test_w03_gearwall_golem_gets_bp_3000_when_blocking():
    """Gearwall Golem (W03): "When blocks: This spirit gets BP +3000 this battle." 000 §6.3."""
    g = attack_into("R04", 1, side(field=[f("W03")]))
    lancer, golem = cid_of(g, 0, "field", "R04"), cid_of(g, 1, "field", "W03")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    s.expect(1, Kind.BLOCK, ("block", golem))
    s.expect(1, Kind.MAIN_ACTION)  # 4000 against 2000 + 3000
    assert lancer in g.players[0].trash and golem in g.field and bp(g, golem) == 2000


def test_w04_recall_sentinel_returns_a_cheap_spirit_to_the_hand():
    """Recall Sentinel (W04): "When summoned: Return 1 opposing spirit with cost 3 or less to
    its owner's hand." Its cores go to its owner's reserve (000 Q&A 关于效果整体 A14)."""
    g = position(
        side(hand=["W04"], field=[f("W01")], reserve=4),
        side(field=[f("R03", 2), f("R04"), f("R01")], reserve=0),
    )
    sentinel = cid_of(g, 0, "hand", "W04")
    raptor, lancer, pup = (cid_of(g, 1, "field", c) for c in ("R03", "R04", "R01"))
    s = Script(g)
    summon(s, 0, sentinel, 3, 1)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((raptor,), (pup,))  # the cost-4 lancer cannot be chosen
    g.answer((raptor,))
    s.expect(0, Kind.MAIN_ACTION)
    assert raptor in g.players[1].hand and raptor not in g.field
    assert g.players[1].reserve == 2 and lancer in g.field


def test_w05_aegis_lancer_lv2_returns_the_attacker_when_blocking():
    """Aegis Lancer (W05): "[Lv2] When blocks: Return 1 exhausted opposing spirit with cost 4
    or less to its owner's hand." The attacker is exhausted by its attack (000 §6.1); when it
    leaves, the battle ends with no BP comparison (§6.5)."""
    g = position(
        side(field=[f("R04"), f("R01", st="exhausted"), f("R02")]),
        side(field=[f("W05", 3)]),
        step="attack",
    )
    lancer, pup, drake = (cid_of(g, 0, "field", c) for c in ("R04", "R01", "R02"))
    aegis = cid_of(g, 1, "field", "W05")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    s.expect(1, Kind.BLOCK, ("block", aegis))
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(lancer,), (pup,)}  # the refreshed drake cannot be chosen
    g.answer((lancer,))
    d = s.expect(0, Kind.ATTACK)
    assert lancer in g.players[0].hand and aegis in g.field
    assert d.options == (("attack", drake), ("end",))
    assert g.players[1].life == 5
    g.answer(("end",))
    # at Lv1 it is a plain blocker: 4000 against 2000
    g = position(side(field=[f("R04")]), side(field=[f("W05", 1)]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R04")))
    s.expect(1, Kind.BLOCK, ("block", cid_of(g, 1, "field", "W05")))
    s.expect(1, Kind.MAIN_ACTION)
    assert ids(g, g.players[1].trash) == ["W05"]


def test_w06_citadel_colossus_heavy_armor_and_lv3_attack():
    """Citadel Colossus (W06): "[Lv2-Lv3] Heavy Armor: red/green (all your field cards are
    unaffected by the opponent's red/green effects)" and "[Lv3] When attacks: Put 1 opposing
    spirit with cost 4 or less on the bottom of its owner's deck." """
    g = position(
        side(field=[f("W06", 5), f("W01")], deck=["W01", "W02"]),
        side(field=[f("R04"), f("R06"), f("R01")], hand=["R09", "G10"], deck=["R01", "R02"], reserve=5),
        step="attack",
    )
    colossus, drone = cid_of(g, 0, "field", "W06"), cid_of(g, 0, "field", "W01")
    lancer, pyre, pup = (cid_of(g, 1, "field", c) for c in ("R04", "R06", "R01"))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", colossus))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((lancer,), (pup,))  # the cost-6 dragon cannot be chosen
    g.answer((lancer,))
    assert g.players[1].deck[0] == lancer and lancer not in g.field
    # the defender's red and green flash magic find no white card to choose
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "R09")))
    s.expect(1, Kind.PAY_COST, pay(reserve=1))  # cost 3, two red symbols
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "G10")))
    s.expect(1, Kind.PAY_COST, pay(reserve=2))
    assert g.log_lines().count("Flame Burst: no card can be chosen.") == 1
    assert "Binding Vines: no card can be chosen." in g.log_lines()
    assert drone in g.field and g.field[drone].state == REFRESHED
    s.expect(1, Kind.BLOCK, ("take",))
    s.expect(0, Kind.ATTACK, ("end",))
    assert g.players[1].life == 3  # two symbols
    # at Lv1 there is no Heavy Armor and no deck effect
    g = position(side(field=[f("W06", 1), f("W01")]), side(field=[f("R04")], hand=["R09"], reserve=3), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "W06")))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "R09")))
    s.expect(1, Kind.PAY_COST, pay(reserve=2))  # cost 3, one red symbol
    s.expect(1, Kind.BLOCK)  # the drone (1000) was the only target: no deck effect at Lv1
    assert ids(g, g.players[0].trash) == ["W01"] and g.players[1].field == [cid_of(g, 1, "field", "R04")]


def test_w07_cog_scout_armor_purple(xdb):
    """Cog Scout (W07): "Armor: purple (unaffected by the opponent's purple effects)". A
    purple effect cannot choose it but can choose the unarmored Rivet Drone."""
    g = position(side(hand=["T-PURPLE"]), side(field=[f("W07"), f("W01")]), db=xdb)
    scout, drone = cid_of(g, 1, "field", "W07"), cid_of(g, 1, "field", "W01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-PURPLE"), "flash"))
    s.expect(0, Kind.MAIN_ACTION)
    assert drone in g.players[1].trash and scout in g.field
    # a red effect can choose it
    g = position(side(hand=["R09"], reserve=3), side(field=[f("W07")]), db=xdb)
    scout = cid_of(g, 1, "field", "W07")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "R09"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.MAIN_ACTION)
    assert scout in g.players[1].trash


def test_w08_bastion_keep_bp_for_blockers_and_heavy_armor(xdb):
    """Bastion Keep (W08): "Heavy Armor: purple (all your field cards are unaffected by the
    opponent's purple effects)", "[Lv1] When one of your spirits blocks: That spirit gets BP
    +1000 this battle." and "[Lv2] When one of your spirits blocks: That spirit gets BP +2000
    this battle." """
    # Lv1: Cog Scout (1000 + 1000) holds against Cinder Pup (1000)
    g = attack_into("R01", 1, side(field=[f("W07"), f("W08", 0)]))
    pup, scout = cid_of(g, 0, "field", "R01"), cid_of(g, 1, "field", "W07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(1, Kind.BLOCK, ("block", scout))
    s.expect(1, Kind.MAIN_ACTION)  # 1000 against 1000 + 1000
    assert pup in g.players[0].trash and scout in g.field
    # Lv2: only the +2000 effect (Cog Scout 1000 + 2000 against Blazefang Raptor 3000: a tie)
    g = attack_into("R03", 1, side(field=[f("W07"), f("W08", 3)]))
    raptor, scout = cid_of(g, 0, "field", "R03"), cid_of(g, 1, "field", "W07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", raptor))
    s.expect(1, Kind.BLOCK, ("block", scout))
    s.expect(1, Kind.MAIN_ACTION)  # a single trigger (no ORDER_TRIGGERS); 3000 against 3000
    assert any("Cog Scout gets BP +2000 this battle (BP 3000)" in line for line in g.log_lines())
    assert not any("BP +1000" in line for line in g.log_lines())
    assert raptor in g.players[0].trash and scout in g.players[1].trash
    # Heavy Armor: a purple effect finds no card of its controller to choose
    g = position(side(hand=["T-PURPLE"]), side(field=[f("W01"), f("W08", 0)]), db=xdb)
    drone = cid_of(g, 1, "field", "W01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "T-PURPLE"), "flash"))
    s.expect(0, Kind.MAIN_ACTION)
    assert drone in g.field and "Hex Bolt: no card can be chosen." in g.log_lines()


def test_w09_halting_decree_stops_the_next_attacker():
    """Halting Decree (W09): "Flash: 1 opposing spirit cannot attack this turn." Used in the
    defender's flash timing (000 ch.1 §6 <2>); it lasts until the end step (Q&A A8)."""
    g = position(
        side(field=[f("R01"), f("R02")]),
        side(field=[f("W01")], hand=["W09"], reserve=3),
        step="attack",
    )
    pup, drake = cid_of(g, 0, "field", "R01"), cid_of(g, 0, "field", "R02")
    decree = cid_of(g, 1, "hand", "W09")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", pup))
    s.expect(1, Kind.FLASH, ("magic", decree))
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 1  # cost 2, one white symbol
    g.answer(pay(reserve=1))
    s.expect(1, Kind.CHOOSE_TARGETS, (drake,))
    s.expect(1, Kind.BLOCK, ("take",))
    # the refreshed drake cannot attack: the attack step ends
    s.expect(1, Kind.MAIN_ACTION)
    assert g.field[drake].state == REFRESHED and g.players[1].life == 4
    assert "Flarewing Drake cannot attack this turn." in g.log_lines()
    assert decree in g.players[1].trash


def test_w10_recall_protocol_returns_the_attacker():
    """Recall Protocol (W10): "Flash: Return 1 opposing spirit with cost 4 or less to its
    owner's hand." The attacker leaves: no life is lost (000 ch.1 §6.5)."""
    g = position(
        side(field=[f("R04", 2), f("R06")]),
        side(hand=["W10"], reserve=4),
        step="attack",
    )
    lancer, pyre = cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "R06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "W10")))
    s.expect(1, Kind.PAY_COST, pay(reserve=4))
    # only the lancer has cost 4 or less
    d = s.expect(0, Kind.ATTACK)
    assert lancer in g.players[0].hand and g.players[0].reserve == 3 + 2
    assert d.options == (("attack", pyre), ("end",))
    assert g.players[1].life == 5


def test_w11_rebound_field_burst_after_the_opponents_attack():
    """Rebound Field (W11): "Burst: after your opponent's attack: Return 1 exhausted opposing
    spirit with cost 3 or less to its owner's hand. Then, by paying the cost, use this card's
    Flash effect." and "Flash: Refresh 1 of your spirits." 000 ch.2 §2."""
    g = position(
        side(field=[f("R03"), f("R04")]),
        side(field=[f("W03", st="exhausted"), f("W01", st="exhausted")], reserve=3, burst="W11"),
        step="attack",
    )
    raptor, lancer = cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "R04")
    golem, drone = cid_of(g, 1, "field", "W03"), cid_of(g, 1, "field", "W01")
    rebound = g.players[1].burst[0]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", raptor))
    d = s.expect(1, Kind.YES_NO)
    assert d.context.get("question") == "burst"
    g.answer(True)
    assert raptor in g.players[0].hand  # the only exhausted opposing spirit
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 1  # cost 3, two white symbols
    g.answer(pay(reserve=1))
    s.expect(1, Kind.CHOOSE_TARGETS, (golem,))
    assert g.field[golem].state == REFRESHED and g.field[drone].state == EXHAUSTED
    assert rebound in g.players[1].trash and not g.players[1].burst
    # the battle goes on without the attacker (000 ch.1 §6 <2>); no life is lost
    s.expect(1, Kind.BLOCK, ("take",))
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    s.expect(1, Kind.BLOCK, ("block", golem))
    s.expect(1, Kind.MAIN_ACTION)  # 4000 against 2000 + 3000
    assert lancer in g.players[0].trash and g.players[1].life == 5


def test_w12_vigil_automaton_burst_after_life_is_reduced():
    """Vigil Automaton (W12): "Burst: after your life is reduced: Put 1 exhausted opposing
    spirit with cost 4 or less on the bottom of its owner's deck. Then, by paying the cost,
    summon this card." and "When blocks: This spirit gets BP +2000 this battle." 000 ch.2 §2
    (【爆裂：自己的生命减少后】), ch.1 §6.5."""
    g = position(
        side(field=[f("R03"), f("R04")], deck=["R01", "R02"]),
        side(field=[f("W01", st="exhausted")], reserve=4, burst="W12"),
        step="attack",
    )
    raptor, lancer = cid_of(g, 0, "field", "R03"), cid_of(g, 0, "field", "R04")
    vigil = g.players[1].burst[0]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", raptor))
    s.expect(1, Kind.YES_NO, True)  # life 5 -> 4
    assert g.players[1].life == 4
    # the raptor is the only exhausted opposing spirit
    assert g.players[0].deck[0] == raptor and raptor not in g.field
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 3  # cost 4, one white symbol
    g.answer(pay(reserve=3))
    s.expect(1, Kind.PLACE_CORES, place(reserve=2))  # the life core went to the reserve
    assert vigil in g.players[1].field and g.field[vigil].cores == 2 and not g.players[1].burst
    # the new spirit blocks the next attack: 3000 + 2000 against 4000
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    s.expect(1, Kind.BLOCK, ("block", vigil))
    s.expect(1, Kind.MAIN_ACTION)
    assert lancer in g.players[0].trash and vigil in g.field


def test_w13_ironveil_carapace_braved_blocker():
    """Ironveil Carapace (W13): "Brave condition: a spirit with cost 2 or more. Braved: BP
    +2000." and "[Braved] When blocks: This spirit gets BP +3000 this battle." 000 ch.2 §1
    ([Braved] effects work for the braved spirit at any level)."""
    g = position(
        side(hand=["W13"], field=[f("W02"), f("W01")], reserve=2),
        side(field=[f("R06")]),
        turn=4,
    )
    carapace = cid_of(g, 0, "hand", "W13")
    sentry, drone = cid_of(g, 0, "field", "W02"), cid_of(g, 0, "field", "W01")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", carapace, sentry) in d.options
    assert ("summon_braved", carapace, drone) not in d.options  # cost 1
    g.answer(("summon_braved", carapace, sentry))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # cost 3, two white symbols
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.field[sentry].brave == carapace and bp(g, sentry) == 4000
    s.expect(0, Kind.ATTACK, ("end",))
    # the opponent's turn: Pyre Colossus Dragon (Lv1, 6000) attacks the braved sentry (4000)
    pyre = cid_of(g, 1, "field", "R06")
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.ATTACK, ("attack", pyre))
    s.expect(0, Kind.BLOCK, ("block", sentry))
    s.expect(0, Kind.MAIN_ACTION)  # 6000 against 4000 + 3000; nothing else attacks
    assert pyre in g.players[1].trash and sentry in g.field
    assert any("Plated Sentry gets BP +3000 this battle (BP 7000)" in line for line in g.log_lines())
    # unbraved, the Carapace blocking as a spirit gets nothing: 2000 against 6000
    g = position(side(field=[f("R06")]), side(field=[f("W13")]), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R06")))
    s.expect(1, Kind.BLOCK, ("block", cid_of(g, 1, "field", "W13")))
    s.expect(1, Kind.MAIN_ACTION)
    assert ids(g, g.players[1].trash) == ["W13"]


def test_w14_judgement_automaton_puts_a_spirit_on_the_bottom_of_the_deck():
    """Judgement Automaton (W14): "When summoned: Put 1 opposing spirit with cost 3 or less
    on the bottom of its owner's deck." Its cores go to its owner's reserve (Q&A A14)."""
    g = position(
        side(hand=["W14"], field=[f("W01")], reserve=5),
        side(field=[f("R03", 2, soul=True), f("R04")], deck=["R01", "R02"], reserve=0),
    )
    judge = cid_of(g, 0, "hand", "W14")
    raptor, lancer = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "R04")
    s = Script(g)
    summon(s, 0, judge, 4, 1)  # cost 5, one white symbol
    s.expect(0, Kind.MAIN_ACTION)  # the cost-4 lancer cannot be chosen: the raptor goes
    p2 = g.players[1]
    assert p2.deck[0] == raptor and ids(g, p2.deck) == ["R03", "R01", "R02"]
    assert raptor not in g.field and lancer in g.field
    assert p2.reserve == 2 and p2.soul == -1  # 2 plain cores + the Soul Core
