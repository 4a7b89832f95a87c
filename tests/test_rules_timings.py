"""The timings the seeds name that `rules/timings.py` defines, the verbs `core_plus` and
`end_attack_step`, and the burst condition "after your opponent adds cards to their hand by
their effect", with the cases the seeds say do not fire them.

000 is /work/shared/seeds/000_233ffee1f23d7e15.txt (rulebook, Chinese), 001 the changes,
003 /work/shared/seeds/003_21e281ba2cf04f54.txt (rule notes, Japanese). Every test drives the
engine through the decision interface (`position`, then `Script` / `g.answer`) with
test-only cards built here; the Script fails when the engine asks anything unexpected.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, cid_of, f, logged, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDataError, CardDB, card_from_table, check_references
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model.state import REFRESHED, SOUL_LIFE
from bs_tui.engine.rules.costs import bp_of

DRAW1 = [{"verb": "draw", "n": 1}]


def spirit(cid: str, name: str, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "spirit",
        "colours": ["red"],
        "cost": 0,
        "symbols": ["red"],
        "levels": [{"cores": 1, "bp": 3000}, {"cores": 3, "bp": 5000}],
    }
    t.update(kw)
    return t


def magic(cid: str, name: str, do: list[dict[str, Any]], when: str = "main", **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {"id": cid, "name": name, "kind": "magic", "colours": ["red"], "cost": 0}
    t["effect"] = [{"when": when, "do": do}]
    t.update(kw)
    return t


def nexus(cid: str, name: str, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {"id": cid, "name": name, "kind": "nexus", "colours": ["red"], "cost": 0}
    t.update(kw)
    return t


def brave(cid: str, name: str, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "brave",
        "colours": ["red"],
        "cost": 0,
        "symbols": ["red"],
        "levels": [{"cores": 1, "bp": 1000}],
        "brave_bp": 2000,
        "brave_condition": {"min_cost": 0},
    }
    t.update(kw)
    return t


def on(when: str, do: list[dict[str, Any]], **kw: Any) -> list[dict[str, Any]]:
    return [{"when": when, "do": do, **kw}]


EXTRA = [
    spirit("TM-VAN", "Plain Walker"),
    spirit("TM-VAN2", "Plain Runner"),
    spirit("TM-BATTLE", "Clashing Ram", effect=on("battles", DRAW1)),
    spirit("TM-BATTLE1", "Proud Ram", effect=on("battles", DRAW1, once="turn")),
    spirit("TM-END", "Spent Lancer", effect=on("battle_end", DRAW1)),
    spirit("TM-SEAL", "Sealing Monk", keywords=[{"name": "seal"}]),
    spirit("TM-BRAVED", "Bonded Knight", effect=on("braved", DRAW1)),
    spirit("TM-BRAVED2", "Bonded Squire", effect=on("braved", DRAW1)),
    spirit("TM-CORES", "Void Drinker", effect=on("cores_placed", DRAW1)),
    spirit("TM-EOT", "Dusk Sentry", effect=on("end_step", [{"verb": "bp", "target": "this", "amount": 3000}])),
    brave("TM-BRAVE", "Oath Blade", effect=on("summoned", [{"verb": "discard_deck", "n": 1}])),
    brave("TM-BRAVE-B", "Bond Blade", effect=on("braved", DRAW1, braved=True)),
    nexus("TM-DAWN", "Dawn Gong", effect=on("start_step", [{"verb": "void_cores", "n": 1}])),
    nexus("TM-SEALED", "Seal Shrine", effect=on("sealed", DRAW1)),
    nexus("TM-WATCH", "Pool of Echoes", effect=on("cores_placed", DRAW1, scope="own_spirit")),
    nexus("TM-GREED", "Greed Bell", effect=on("opponent_hand_added", [{"verb": "discard_deck", "n": 1}])),
    magic("TM-DRAW", "Quick Study", DRAW1),
    magic("TM-DRAW2", "Deep Study", [{"verb": "draw", "n": 2}, {"verb": "recover", "kind": "any"}]),
    magic("TM-RECOVER", "Grave Call", [{"verb": "recover", "kind": "any"}]),
    magic("TM-HOME", "Homeward", [{"verb": "return_to_hand", "target": "own_spirit"}]),
    magic("TM-BOUNCE", "Banish Wind", [{"verb": "return_to_hand", "target": "opponent_spirit"}]),
    magic("TM-SWAP", "Changeover", [{"verb": "exchange", "target": "own_spirit"}]),
    magic("TM-SEALV", "Vow", [{"verb": "seal"}]),
    magic("TM-VOID", "Void Gift", [{"verb": "void_cores", "n": 1, "to": "own_spirit"}]),
    magic("TM-PLUS", "Core Gift", [{"verb": "core_plus", "n": 2, "target": "own_spirit"}]),
    magic("TM-KILL", "Smite", [{"verb": "destroy", "target": "opponent_spirit"}], when="flash"),
    magic("TM-STOP", "Ice Wall", [{"verb": "end_attack_step"}], when="flash"),
    magic("TM-MIRAGE", "Mirror Banner", DRAW1, mirage_cost=0),
    magic("TM-TAKEBACK", "Second Thoughts", [{"verb": "remove_burst", "player": "own", "to": "hand"}]),
    magic("TM-UNSET", "Unveiling", [{"verb": "remove_burst", "to": "hand"}]),
    {
        "id": "TM-HANDBURST",
        "name": "Tithe Snare",
        "kind": "magic",
        "colours": ["red"],
        "cost": 0,
        "effect": [{"when": "burst", "condition": "opponent_hand_added", "do": [{"verb": "discard_deck", "n": 2}]}],
    },
    {
        "id": "TM-GW",
        "name": "Veyra, Grandwalker of Embers",
        "kind": "nexus",
        "colours": ["red"],
        "cost": 0,
        "families": ["Grandwalker"],
        "symbols": ["god"],
        "levels": [{"cores": 0}, {"cores": 3}],
        "core_charge": {"kinds": ["spirit"]},
        "effect": [{"when": "cores_placed", "do": DRAW1}],
    },
]
DECK = ["TM-VAN"] * 10


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in EXTRA:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, "test")


def sd(**kw: Any):
    kw.setdefault("deck", list(DECK))
    return side(**kw)


def hand(g, p: int) -> int:
    return len(g.players[p].hand)


def at(g, text: str) -> int:
    """The index of the first log line holding `text` (-1: none)."""
    return next((i for i, line in enumerate(g.log_lines()) if text in line), -1)


def use(s: Script, cid: int, which: str = "main") -> None:
    s.expect(s.g.active, Kind.MAIN_ACTION, ("magic", cid, which))


# ============================================================ battles (000 Q&A 描述的变更 A1)


def test_battles_fires_when_the_spirit_attacks_and_when_it_blocks(xdb):
    """000 Q&A 关于描述的变更 A1 (l.930): 『这个战魂战斗时』 means 『这个战魂攻击/阻挡时』: the
    same effect triggers when the spirit attacks and when it blocks."""
    for attacks in (True, False):
        g = position(
            sd(field=[f("TM-BATTLE"), f("TM-VAN2")]),
            sd(field=[f("TM-VAN", 3), f("TM-VAN2")]),
            active=0 if attacks else 1,
            step="attack",
            db=xdb,
        )
        me, them = cid_of(g, 0, "field", "TM-BATTLE"), cid_of(g, 1, "field", "TM-VAN")
        s = Script(g)
        if attacks:
            s.expect(0, Kind.ATTACK, ("attack", me))
            s.expect(1, Kind.BLOCK, ("take",))
        else:
            s.expect(1, Kind.ATTACK, ("attack", them))
            s.expect(0, Kind.BLOCK, ("block", me))
        s.expect(g.active, Kind.ATTACK)  # the next attack: the turn goes on
        assert hand(g, 0) == 1, attacks
        assert logged(g, "Triggered: Clashing Ram: When this spirit battles (attacks or blocks): Draw 1 card.")


def test_battles_once_per_turn_is_one_effect_for_both_moments(xdb):
    """A1 (l.930) and Q&A 关于效果整体 A9: it is one effect, written once: "[Once per turn]"
    counts its uses whatever the moment (a second attack the same turn, refreshed by an
    effect, draws nothing), and the text is one line."""
    g = position(sd(field=[f("TM-BATTLE1")], hand=["G11"], reserve=4), sd(), step="attack", db=xdb)
    me = cid_of(g, 0, "field", "TM-BATTLE1")
    one = "[Once per turn] When this spirit battles (attacks or blocks): Draw 1 card."
    assert card_text(xdb["TM-BATTLE1"]) == [one]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert hand(g, 0) == 2
    s.expect(0, Kind.FLASH, ("magic", cid_of(g, 0, "hand", "G11")))  # Wild Vigor: refresh it
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert g.field[me].state == REFRESHED
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert hand(g, 0) == 1  # Wild Vigor left the hand; no second draw


# ============================================================ battle end (000 ch.1 §6.7)


def test_battle_end_fires_for_the_spirits_still_in_it_before_this_battle_ends(xdb):
    """000 ch.1 §6.7 (l.389-392): "when the battle ends" effects first, then what lasts "this
    battle" ends: the attacker's effect triggers before the log says the battle ended; the
    blocker, destroyed in the BP comparison (§6.6), is no longer on the field to end it."""
    g = position(sd(field=[f("TM-END", 3)]), sd(field=[f("TM-END")]), step="attack", db=xdb)
    me, them = cid_of(g, 0, "field", "TM-END"), cid_of(g, 1, "field", "TM-END")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    s.expect(1, Kind.BLOCK, ("block", them))
    # 5000 against 3000: the blocker is destroyed in the battle and its effect is gone with it
    assert them not in g.field
    assert hand(g, 0) == 1 and sum(line.startswith("Triggered") for line in g.log_lines()) == 1
    assert at(g, "Triggered: Spent Lancer") < at(g, "The battle ends.")


def test_battle_end_fires_when_the_battle_was_cut_short(xdb):
    """000 ch.1 §6.7 (l.390): it works even when the battle ended early: the attacker
    destroyed in the flash window, the declared block stands (§6.3) and the battle ends with
    no BP comparison; the blocker's "when the battle ends" effect triggers all the same."""
    g = position(
        sd(field=[f("TM-VAN"), f("TM-VAN2")]), sd(field=[f("TM-END")], hand=["TM-KILL"]), step="attack", db=xdb
    )
    attacker, blocker = cid_of(g, 0, "field", "TM-VAN"), cid_of(g, 1, "field", "TM-END")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", attacker))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "TM-KILL")))
    s.expect(1, Kind.CHOOSE_TARGETS, (attacker,))
    assert attacker not in g.field
    s.expect(1, Kind.BLOCK, ("block", blocker))
    s.expect(0, Kind.ATTACK)
    assert logged(g, "no BP comparison") and hand(g, 1) == 1
    assert at(g, "no BP comparison") < at(g, "Triggered: Spent Lancer") < at(g, "The battle ends.")


# ============================================================ Start Step / End Step (000 ch.1 §4)


def test_start_step_effects_of_the_turn_player(xdb):
    """000 ch.1 §4 <1> (l.169-170): the Start Step does what effects "at the start of your
    turn" say, before the Core Step; only the turn player's cards."""
    g = position(sd(field=[f("TM-DAWN", 0)]), sd(field=[f("TM-DAWN", 0)]), active=1, db=xdb)
    reserve = g.players[0].reserve
    s = Script(g)
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == reserve + 2  # the gong's core, then the Core Step's
    assert g.players[1].reserve == 3
    assert at(g, "Start Step.") < at(g, "Triggered: Dawn Gong") < at(g, "Core Step.")
    assert sum("Triggered: Dawn Gong" in line for line in g.log_lines()) == 1


def test_end_step_effects_resolve_before_the_turns_temporary_effects_end(xdb):
    """000 ch.1 §7 (l.402-405): in the End Step "at the end of your turn" effects resolve,
    then every temporary effect of the turn ends: a BP +3000 "this turn" given at the end of
    the turn is gone in the opponent's turn."""
    g = position(sd(field=[f("TM-EOT")]), sd(field=[f("TM-EOT")]), db=xdb)
    me = cid_of(g, 0, "field", "TM-EOT")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert at(g, "End Step.") < at(g, "Triggered: Dusk Sentry") < at(g, "Effects lasting this turn end.")
    assert bp_of(g, me) == 3000
    assert sum("Triggered: Dusk Sentry" in line for line in g.log_lines()) == 1  # not the opponent's


# ============================================================ braved (000 ch.2 §1; Q&A 描述的变更 A2)


def test_braved_fires_for_the_host_when_a_brave_is_fused_or_swapped_onto_it(xdb):
    """000 ch.2 §1: a brave becomes braved to a spirit by fusing it in the Main Step, or by a
    swap (separation and braving at once): the host's "when a brave is braved to this
    spirit" triggers each time; separating fires nothing."""
    g = position(
        sd(field=[f("TM-BRAVED"), f("TM-BRAVED2"), f("TM-BRAVE")], reserve=3),
        sd(),
        db=xdb,
    )
    host, host2, b = (cid_of(g, 0, "field", x) for x in ("TM-BRAVED", "TM-BRAVED2", "TM-BRAVE"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", b, host))
    assert hand(g, 0) == 1 and logged(g, "Triggered: Bonded Knight: When a brave is braved to this spirit")
    s.expect(0, Kind.MAIN_ACTION, ("swap", host, host2))
    assert hand(g, 0) == 2 and g.field[host2].brave == b
    s.expect(0, Kind.MAIN_ACTION, ("separate", host2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 2


def test_braved_and_the_braves_summon_trigger_together(xdb):
    """000 ch.2 §1: a brave summoned straight onto a spirit: the summon completes braved, so
    the brave's "when summoned" and the host's "when a brave is braved to this spirit"
    trigger at the same moment, ordered by the turn player."""
    g = position(sd(field=[f("TM-BRAVED")], hand=["TM-BRAVE"]), sd(), db=xdb)
    host, b = cid_of(g, 0, "field", "TM-BRAVED"), cid_of(g, 0, "hand", "TM-BRAVE")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon_braved", b, host))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert {lab.split(":")[0] for lab in d.context["labels"]} == {"Oath Blade", "Bonded Knight"}
    g.answer(0)
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 1 and len(g.players[1].trash) == 1


def test_a_braves_braved_effect_at_this_timing_is_its_when_braved(xdb):
    """Q&A 关于描述的变更 A2 (l.933): 【合体時】 is the state 【合体中】 (`braved = true`); the
    trigger "when braved" written on a brave is its [Braved] effect at this timing, which
    works as it becomes braved, and again when a swap braves it to another spirit."""
    g = position(sd(field=[f("TM-VAN"), f("TM-VAN2"), f("TM-BRAVE-B")], reserve=3), sd(), db=xdb)
    host, host2, b = (cid_of(g, 0, "field", x) for x in ("TM-VAN", "TM-VAN2", "TM-BRAVE-B"))
    assert card_text(xdb["TM-BRAVE-B"])[-1] == "[Braved] When a brave is braved to this spirit: Draw 1 card."
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", b, host))
    assert hand(g, 0) == 1
    s.expect(0, Kind.MAIN_ACTION, ("swap", host, host2))
    assert hand(g, 0) == 2


def test_braved_fires_for_the_card_an_exchange_puts_under_the_brave(xdb):
    """Exchange (入れ替え): the card from the hand takes the old one's place with its brave
    (which stays when it can brave it): a brave is braved to the new card."""
    g = position(
        sd(field=[f("TM-VAN", brave="TM-BRAVE")], hand=["TM-SWAP", "TM-BRAVED"]),
        sd(),
        db=xdb,
    )
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-SWAP"))
    new = cid_of(g, 0, "field", "TM-BRAVED")
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[new].brave >= 0
    assert logged(g, "Triggered: Bonded Knight") and hand(g, 0) == 2  # the old card and the draw


# ============================================================ sealed (000 glossary 封印)


def test_sealed_fires_for_your_field_cards_when_you_seal(xdb):
    """000 glossary 封印 (l.1028): to seal is to put your Soul Core in your life; "when you
    seal" effects of the sealing player's field cards trigger, by the Seal keyword and by
    the `seal` verb alike; the opponent's do not."""
    g = position(
        sd(field=[f("TM-SEALED", 0)], hand=["TM-SEAL"], reserve=2),
        sd(field=[f("TM-SEALED", 0)]),
        db=xdb,
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "TM-SEAL")))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].soul == SOUL_LIFE
    assert hand(g, 0) == 1 and hand(g, 1) == 0
    g2 = position(sd(field=[f("TM-SEALED", 0)], hand=["TM-SEALV"]), sd(), db=xdb)
    s2 = Script(g2)
    use(s2, cid_of(g2, 0, "hand", "TM-SEALV"))
    s2.expect(0, Kind.MAIN_ACTION)
    assert g2.players[0].soul == SOUL_LIFE and hand(g2, 0) == 1


def test_no_seal_no_trigger_when_the_soul_core_is_already_in_life(xdb):
    """Q&A 关于描述的变更 A2 (l.933): 《封印時》 is the state 《封印中》; the trigger is the event
    of sealing: with the Soul Core already in life nothing moves and nothing triggers."""
    g = position(sd(field=[f("TM-SEALED", 0)], hand=["TM-SEALV"], soul="life"), sd(), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-SEALV"))
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 0


# ============================================================ cores_placed (000 l.594, 984; 003 l.91-102)


def test_cores_put_from_the_void_on_a_spirit_fire_its_effect_and_a_watcher(xdb):
    """000 l.594 「从空间增加了晶核时」: cores from the void put on a spirit by an effect trigger
    its "when cores are put on this spirit from the void" and a nexus watching your spirits."""
    g = position(sd(field=[f("TM-CORES"), f("TM-WATCH", 0)], hand=["TM-VOID"]), sd(), db=xdb)
    me = cid_of(g, 0, "field", "TM-CORES")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-VOID"))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[me].cores == 2 and hand(g, 0) == 2


def test_core_plus_summoning_and_separating_do_not_fire_cores_placed(xdb):
    """000 glossary 晶核+X (l.984): core +X "is not adding cores from the void"; 003 l.91-102:
    the cores placed on a card entering the field or on a brave separating are placed by no
    effect. None of them triggers it."""
    g = position(
        sd(field=[f("TM-VAN", brave="TM-BRAVE"), f("TM-WATCH", 0)], hand=["TM-PLUS", "TM-CORES"], reserve=3),
        sd(),
        db=xdb,
    )
    host = cid_of(g, 0, "field", "TM-VAN")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-PLUS"))
    assert g.field[host].cores == 3 and logged(g, "Core +2")
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "TM-CORES")))
    s.expect(0, Kind.PLACE_CORES, place(reserve=2))
    s.expect(0, Kind.MAIN_ACTION, ("separate", host))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 0 and not logged(g, "Triggered")


def test_grandwalker_cores_from_the_void_fire_nothing(xdb):
    """000 ch.2 §6 (l.594) and 001 (l.116): cores from the void onto a grandwalker ("core charge
    +X") never fire "when cores are added from the void" effects, its own neither; and core +X
    onto it is refused (that is core charge)."""
    g = position(sd(hand=["TM-GW"]), sd(), db=xdb)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", cid_of(g, 0, "hand", "TM-GW")))
    gw = cid_of(g, 0, "field", "TM-GW")
    s.expect(0, Kind.YES_NO, True)  # Core Charge: the top 3 of the deck, all spirits
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[gw].cores == 3 and hand(g, 0) == 0 and not logged(g, "Triggered")
    bad = dict(EXTRA[-1], effect=[{"when": "main", "do": [{"verb": "core_plus", "n": 1, "target": "this"}]}])
    cards = dict(xdb.cards)
    cards["TM-GW"] = card_from_table(bad, "test")
    with pytest.raises(CardDataError, match="core_charge"):
        check_references(CardDB(cards, "test"))


# ============================================================ the hand increased by an effect (003 l.112-119)


def test_an_effects_draw_fires_the_opponents_trigger_and_burst_once(xdb):
    """000 l.526 and 003 l.112-118: the opponent's own effect adds cards to their hand (a draw
    of 2 and a return from the trash in one effect): the watcher triggers once for the one
    effect, and the burst "after your opponent adds cards to their hand by their effect" is
    offered."""
    g = position(
        sd(hand=["TM-DRAW2"], trash=["TM-VAN"]),
        sd(field=[f("TM-GREED", 0)], burst="TM-HANDBURST", deck=["TM-VAN"] * 10),
        db=xdb,
    )
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-DRAW2"))
    s.expect(0, Kind.CHOOSE_TARGETS, (cid_of(g, 0, "trash", "TM-VAN"),))
    d = s.expect(1, Kind.YES_NO)
    assert d.context["question"] == "burst"
    assert hand(g, 0) == 3 and len(g.players[0].trash) == 2  # the Study, and the Greed Bell's discard
    g.answer(True)
    s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[0].trash) == 4
    assert sum("Triggered: Greed Bell" in line for line in g.log_lines()) == 1


def test_a_return_of_your_own_spirit_to_your_hand_fires_it(xdb):
    """003 l.117: a spirit returned to its owner's hand by their own effect adds it to the hand."""
    g = position(sd(field=[f("TM-VAN")], hand=["TM-HOME"]), sd(field=[f("TM-GREED", 0)]), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-HOME"))
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 1 and len(g.players[0].trash) == 2


def test_a_set_burst_moved_to_the_hand_by_its_owners_effect_fires_it(xdb):
    """003 l.113: a card added to the hand by an effect: a player's own set burst taken back
    into their hand by their effect triggers the opponent's watcher; the opponent's burst put
    into its owner's hand by your effect is your effect, not theirs (000 l.526 「对手以其效果」)."""
    g = position(
        sd(hand=["TM-TAKEBACK", "TM-UNSET"], burst="TM-VAN"),
        sd(field=[f("TM-GREED", 0)], burst="TM-VAN2"),
        db=xdb,
    )
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-UNSET"))
    s.expect(0, Kind.MAIN_ACTION)
    assert cid_of(g, 1, "hand", "TM-VAN2") >= 0 and not logged(g, "Triggered")
    use(s, cid_of(g, 0, "hand", "TM-TAKEBACK"))
    s.expect(0, Kind.MAIN_ACTION)
    assert cid_of(g, 0, "hand", "TM-VAN") >= 0 and logged(g, "Triggered: Greed Bell")


def test_the_draw_step_an_exchange_a_mirage_and_a_bounce_do_not_fire_it(xdb):
    """003 l.114: the Draw Step's draw is no effect; Q&A 关于效果整体 A12 (l.794): an exchange
    is not the hand increasing; 000 ch.2 §3 (l.526): a mirage replaced goes back to the hand
    as a replacement; 000 l.526 「对手以其效果」: a spirit player 2 returns to player 1's hand
    is player 2's effect, not player 1 adding cards by their effect. Player 2 does all four in
    their turn: neither player's watcher triggers, and player 1's burst is never offered."""
    g = position(
        sd(field=[f("TM-GREED", 0), f("TM-VAN")], burst="TM-HANDBURST"),
        sd(
            field=[f("TM-GREED", 0), f("TM-VAN", brave="TM-BRAVE")],
            hand=["TM-SWAP", "TM-VAN2", "TM-MIRAGE", "TM-BOUNCE"],
            mirage="TM-MIRAGE",
        ),
        db=xdb,
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)  # after player 2's Draw Step
    assert logged(g, "Draw Step.") and logged(g, "Player 2 draws Plain Walker.")
    use(s, cid_of(g, 1, "hand", "TM-SWAP"))
    s.expect(1, Kind.CHOOSE_TARGETS, (cid_of(g, 1, "hand", "TM-VAN2"),))
    s.expect(1, Kind.MAIN_ACTION, ("set_mirage", cid_of(g, 1, "hand", "TM-MIRAGE")))
    use(s, cid_of(g, 1, "hand", "TM-BOUNCE"))
    s.expect(1, Kind.MAIN_ACTION)
    assert logged(g, "exchanges Plain Walker with Plain Runner") and logged(g, "returns to Player 1's hand")
    assert logged(g, "earlier mirage, Mirror Banner, returns to the hand")
    assert not logged(g, "Triggered") and g.players[0].burst  # still set, never offered


# ============================================================ end_attack_step (000 ch.2 §2 l.506)


def test_end_attack_step_ends_it_after_this_battle(xdb):
    """000 ch.2 §2 (l.503-506, 绝甲冰盾): "after this battle ends, end the Attack Step": the
    battle goes on to its end ("when the battle ends" effects too), then the attacking
    player is not asked to attack again though a spirit of theirs could."""
    g = position(
        sd(field=[f("TM-END"), f("TM-VAN")]),
        sd(hand=["TM-STOP"]),
        step="attack",
        db=xdb,
    )
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "TM-END")))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "TM-STOP")))
    s.expect(1, Kind.MAIN_ACTION)  # the opponent's turn: no second attack was offered
    assert logged(g, "The Attack Step ends (effect of Ice Wall)")
    assert at(g, "Triggered: Spent Lancer") < at(g, "The battle ends.") < at(g, "The Attack Step ends")
    assert g.players[1].life == 4


def test_end_attack_step_outside_a_battle_does_nothing(xdb):
    """Used in the Main Step there is no "this battle": the Attack Step comes as usual."""
    g = position(sd(field=[f("TM-VAN")], hand=["TM-STOP"]), sd(), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "TM-STOP"), "flash")
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK)
    assert logged(g, "there is no battle")
