"""Rules found wanting in review, each checked through the decision interface."""

from __future__ import annotations

import pytest
from conftest import Kind, Script, cid_of, pay, place, position, side

from bs_tui.engine import Game, IllegalAnswer, load_deck
from bs_tui.engine.view import view_for


def test_burst_waits_for_the_effects_triggered_at_the_same_time():
    """000 ch.2 §2: a burst declared "要等到当时发挥的其它所有效果解决完之后" — Crimson
    Lancer Dragon's attack effect and Volcano Forge's trigger at once; the dragon destroys
    a spirit (setting off Rekindled Firebird), and the Forge's BP+1000 still resolves
    before the burst is offered."""
    g = position(
        side(field=[{"card": "R04", "cores": 3}, {"card": "R08", "cores": 0}]),
        side(field=[{"card": "R01", "cores": 1}, {"card": "R03", "cores": 1}], burst="R20"),
        step="attack",
    )
    lancer = cid_of(g, 0, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", lancer))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    g.answer(next(i for i, lab in enumerate(d.context["labels"]) if lab.startswith("Crimson Lancer Dragon")))
    s.expect(0, Kind.CHOOSE_TARGETS, (cid_of(g, 1, "field", "R01"),))
    d = s.expect(1, Kind.YES_NO)
    assert d.context.get("question") == "burst"
    assert any("gets BP +1000" in line for line in g.log_lines())  # the Forge resolved first


def test_burst_waits_for_the_rest_of_an_afterwards_effect():
    """000 ch.2 §2 with Q&A A7: Lightfall Verdict destroys a spirit, "After this effect: Draw 1
    card." — the draw is part of the effect resolving, so it comes before the burst."""
    g = position(side(hand=["Y12"], field=["Y01"], reserve=8), side(field=["R01", "R03"], burst="R20"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "Y12"), "main"))
    s.expect(0, Kind.PAY_COST, pay(reserve=4))
    hand = len(g.players[0].hand)
    s.expect(0, Kind.CHOOSE_TARGETS, (cid_of(g, 1, "field", "R01"),))
    s.expect(1, Kind.YES_NO)
    assert len(g.players[0].hand) == hand + 1


@pytest.mark.parametrize("hand", [["R01"], ["R09"]])
def test_a_pass_is_logged_alike_whether_or_not_the_player_could_act(hand):
    """003 公開情報と非公開情報: the hand is not public; the log must not tell whether the
    defender held a usable flash card."""
    g = position(side(field=["R03"]), side(hand=hand, reserve=5), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R03")))
    if g.decision.kind == Kind.FLASH:
        g.answer(("pass",))
    assert "Player 2 passes." in g.log_lines(0)


def test_with_people_every_flash_window_asks():
    """At a real table each player is asked in flash timing; games with people ask even
    when nothing can be used, so being asked reveals nothing."""
    g = position(side(field=["R03"]), side(hand=["R01"], reserve=5), step="attack")
    g.ask_every_flash = True
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R03")))
    d = s.expect(1, Kind.FLASH, ("pass",))
    assert d.options == (("pass",),)
    s.expect(0, Kind.FLASH, ("pass",))
    decks = load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list()
    assert Game.new(*decks, 1, ask_every_flash=True).copy().ask_every_flash


def test_the_opponent_cannot_tell_a_burst_is_being_considered():
    """003: a face-down burst is not public: while its owner decides whether to activate
    it, the opponent's view says only that they are deciding."""
    g = position(side(hand=["R01"], reserve=4), side(field=["R03"], burst="G19"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.YES_NO)
    v = view_for(g, 0)
    assert v.waiting_for == 1 and v.waiting_kind == "deciding"


def test_a_brave_summoned_is_not_a_spirit_summoned():
    """000 §5.1: "即使以战魂状态召唤也不能视作召唤战魂" — Whispering Grove's "when one of
    your spirits is summoned" does not trigger for a brave."""
    g = position(
        side(hand=["G15"], field=[{"card": "G08", "cores": 3}, {"card": "G06", "cores": 1}], reserve=6),
        side(field=["R01"]),
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon_braved", cid_of(g, 0, "hand", "G15"), cid_of(g, 0, "field", "G06")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION)  # only the brave's own summon effect resolved: no order asked
    assert not any("Whispering Grove" in line for line in g.log_lines())


def test_a_this_battle_effect_used_outside_a_battle_ends_with_the_turn():
    """000 §7: temporary effects end at the end step; Riptide Snare's "cannot block this
    battle" used in the Main Step does not last into later turns."""
    g = position(side(hand=["U14"], field=["U03"], reserve=4), side(field=["R03"], reserve=0))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("magic", cid_of(g, 0, "hand", "U14"), "flash"))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    assert g.mods
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    assert not g.mods


def test_seal_does_not_deplete_its_own_spirit():
    """Q&A 灵魂晶核 A4: an effect that would deplete its own spirit by moving that spirit's
    Soul Core is not used: Barrow Knight holding only the Soul Core stays on the field."""
    g = position(side(hand=["P04"], field=["P01"], reserve=2), side())
    knight = cid_of(g, 0, "hand", "P04")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", knight))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(soul=True))
    s.expect(0, Kind.MAIN_ACTION)
    assert knight in g.field and g.players[0].soul == knight


def test_a_braved_summon_cannot_be_paid_by_depleting_its_spirit():
    """Q&A 费用 A2 and 000 §5.1: the spirit a brave is summoned onto must keep its Lv1
    cores; its cores are offered only above that, and a payment that would deplete it is
    refused with nothing changed."""
    g = position(side(hand=["U05"], field=[{"card": "U03", "cores": 2}], reserve=1, soul="trash"), side())
    golem = cid_of(g, 0, "field", "U03")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon_braved", cid_of(g, 0, "hand", "U05"), golem))
    d = s.expect(0, Kind.PAY_COST)
    assert {src.source: src.cores for src in d.allocation.sources}[golem] == 1
    before = g.state_hash()
    with pytest.raises(IllegalAnswer):
        g.answer(pay(reserve=0, **{f"c{golem}": 2}))
    assert g.state_hash() == before


def test_an_answer_equal_but_not_the_same_is_refused():
    """The decision interface: 1.0 or True is not the option 1; nothing changes."""
    g = position(
        side(field=[{"card": "R04", "cores": 3}, {"card": "R08", "cores": 0}]), side(field=["R01"]), step="attack"
    )
    g.answer(("attack", cid_of(g, 0, "field", "R04")))
    assert g.decision.kind == Kind.ORDER_TRIGGERS
    before = g.state_hash()
    for bad in (1.0, True):
        with pytest.raises(IllegalAnswer):
            g.answer(bad)
    assert g.state_hash() == before and g.decision.kind == Kind.ORDER_TRIGGERS


@pytest.mark.parametrize("choice", ["core", "soul"])
def test_the_owner_chooses_whether_a_sealed_soul_core_leaves_life(choice):
    """Q&A 灵魂晶核 A3: when cores leave and either could go, their owner chooses —
    here a life reduced while the Soul Core is sealed in it."""
    g = position(side(field=["R03"]), side(life=3, soul="life"), step="attack")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "R03")))
    s.expect(1, Kind.CHOOSE_CORE, choice)
    p = g.players[1]
    assert p.life_total == 3
    assert (p.soul == -3) == (choice == "core")
