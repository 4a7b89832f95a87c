"""Rule tests for the attack step, flash timing, blocks, battles, triggered effects and
the end step. Each test names the section of the rulebook it checks: 000 is
/work/shared/seeds/000_233ffee1f23d7e15.txt (official rulebook 16.0, Chinese).

Every test drives the engine only through the decision interface (`position`, then
`Script` / `g.answer`); the Script fails when the engine asks anything unexpected.
State is read from the game and from the public `view_for` view.
"""

from __future__ import annotations

from conftest import Kind, Script, cid_of, pay, place, position, side

from bs_tui.engine.view import view_for

# ----------------------------------------------------------------------- helpers


def fv(g, cid):
    """The public view of a field card (state, level, BP, standby)."""
    for sv in view_for(g, 0).sides:
        for f in sv.field:
            if f.cid == cid:
                return f
    raise AssertionError(f"card {cid} is not on the field")


def bp(g, cid) -> int:
    return fv(g, cid).bp


def state(g, cid) -> str:
    return fv(g, cid).state


def on_field(g, cid) -> bool:
    return cid in g.field


def label_index(d, card_name: str) -> int:
    """The ORDER_TRIGGERS option whose label names `card_name`."""
    labels = d.context["labels"]
    hits = [i for i, lab in enumerate(labels) if lab.startswith(card_name + ":")]
    assert len(hits) == 1, labels
    return hits[0]


def attack_pos(p1, p2, **kw):
    return position(p1, p2, step="attack", **kw)


def f(card: str, cores: int = 1, st: str = "refreshed", soul: bool = False) -> dict:
    d = {"card": card, "cores": cores, "state": st}
    if soul:
        d["soul"] = True
    return d


def next_turn_main(s: Script) -> None:
    """The attacking player's attack step is over: the end step passes the turn and
    the other player reaches their Main Step."""
    s.expect(1, Kind.MAIN_ACTION)


# ============================================================ 1. attack declaration


def test_only_refreshed_spirits_attack_and_declaration_exhausts():
    # 000 ch.1 §6 <1> / 6.1 攻击宣言: choose 1 refreshed spirit; it is exhausted.
    # §6.3 阻挡宣言: only a refreshed spirit (not a nexus) can block.
    g = attack_pos(
        side(field=[f("R01"), f("R01", st="exhausted"), f("R01", st="heavy"), f("G08", 0)]),
        side(field=[f("G01"), f("G01", st="exhausted"), f("G08", 0)]),
    )
    a = cid_of(g, 0, "field", "R01", 0)
    blocker = cid_of(g, 1, "field", "G01", 0)
    s = Script(g)
    d = s.expect(0, Kind.ATTACK)
    assert d.options == (("attack", a), ("end",))
    g.answer(("attack", a))
    d = s.expect(1, Kind.BLOCK)
    assert state(g, a) == "exhausted"
    assert d.options == (("block", blocker), ("take",))
    g.answer(("take",))
    # nothing left that can attack: the attack step ends by itself
    next_turn_main(s)
    assert g.players[1].life == 4


def test_spirit_summoned_this_turn_can_attack():
    # 000 ch.1 §6.1: 即使是在这个回合召唤的战魂或究极，也可以立刻进行攻击。
    g = position(side(hand=["R01"], reserve=3), side())
    r01 = cid_of(g, 0, "hand", "R01")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r01)),
        (0, Kind.PAY_COST, pay(reserve=1)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
        (0, Kind.MAIN_ACTION, ("end",)),
    )
    d = s.expect(0, Kind.ATTACK)
    assert ("attack", r01) in d.options


def test_r02_when_attacks_bp_lasts_this_battle_only():
    # 000 ch.1 §6.1 (攻击时 effects), §6.7 战斗终了 (这次战斗中 effects end), Q&A 效果整体 A8.
    g = attack_pos(side(field=[f("R02"), f("R01")]), side(field=[f("G13")]))
    r02, r01 = cid_of(g, 0, "field", "R02"), cid_of(g, 0, "field", "R01")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    s.expect(1, Kind.BLOCK)
    assert bp(g, r02) == 3000
    g.answer(("block", g13))
    # 3000 against 2000: the blocker is destroyed (without the +1000 it would be a tie)
    d = s.expect(0, Kind.ATTACK)
    assert g13 in g.players[1].trash and on_field(g, r02)
    assert bp(g, r02) == 2000  # the battle is over
    assert d.options == (("attack", r01), ("end",))
    g.answer(("end",))
    next_turn_main(s)


def test_r04_lv2_when_attacks_destroys_only_legal_targets():
    # 000 ch.1 §6.1 攻击时 effect; card level rule 【Lv2】 (ch.1 §2 战魂卡 效果);
    # targets: only opposing spirits with BP 3000 or less.
    g = attack_pos(
        side(field=[f("R04", 3)]),
        side(field=[f("G07"), f("G12"), f("G04"), f("G08", 0)]),
    )
    r04 = cid_of(g, 0, "field", "R04")
    g07, g12, g04 = (cid_of(g, 1, "field", c) for c in ("G07", "G12", "G04"))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g07,), (g12,))
    g.answer((g12,))
    d = s.expect(1, Kind.BLOCK)
    assert g12 in g.players[1].trash
    assert d.options == (("block", g07), ("block", g04), ("take",))
    g.answer(("take",))
    next_turn_main(s)


def test_r04_lv1_has_no_when_attacks_effect():
    # 000 ch.1 §2 战魂卡 效果: an effect marked 【Lv2-Lv3】 does not work at Lv1.
    g = attack_pos(side(field=[f("R04", 1)]), side(field=[f("G07"), f("G12")]))
    r04 = cid_of(g, 0, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    d = s.expect(1, Kind.BLOCK)  # no CHOOSE_TARGETS
    assert len(d.options) == 3
    assert not g.players[1].trash


def test_r08_nexus_watches_only_its_controllers_spirits():
    # 000 ch.1 §6.1 攻击时 effects; R08 "when one of your spirits attacks" (scope own_spirit):
    # the attacker's nexus gives +1000, the defender's R08 does not trigger.
    g = attack_pos(side(field=[f("R01"), f("R08", 0)]), side(field=[f("G13"), f("R08", 0)]))
    r01 = cid_of(g, 0, "field", "R01")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.BLOCK)  # a single trigger: no ORDER_TRIGGERS
    assert bp(g, r01) == 2000
    g.answer(("block", g13))
    # 2000 against 2000: both are destroyed
    next_turn_main(s)
    assert r01 in g.players[0].trash and g13 in g.players[1].trash


def test_r02_and_r08_trigger_together_turn_player_orders():
    # 000 ch.1 复数效果同时发挥时: the turn player chooses the order of simultaneous effects.
    g = attack_pos(side(field=[f("R02"), f("R08", 0)]), side(field=[f("G04")]))
    r02 = cid_of(g, 0, "field", "R02")
    g04 = cid_of(g, 1, "field", "G04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2
    g.answer(label_index(d, "Volcano Forge"))
    s.expect(1, Kind.BLOCK)
    assert bp(g, r02) == 4000
    g.answer(("block", g04))
    next_turn_main(s)
    # 4000 against 4000: a tie destroys both
    assert r02 in g.players[0].trash and g04 in g.players[1].trash


# ============================================================ 2. flash timing


def test_flash_defender_first_then_attacker_both_pass_ends_window_no_flash_after_take():
    # 000 ch.1 §6 <2> 灵动时点 (从防御方开始), 灵动时点的攻防 (ends when both pass in a row),
    # §6 <3>: no block -> step <4> (the second flash timing) is skipped.
    g = attack_pos(
        side(field=[f("R01"), f("R01")], hand=["R10"]),
        side(field=[f("G01")], hand=["G10"]),
    )
    a, b = cid_of(g, 0, "field", "R01", 0), cid_of(g, 0, "field", "R01", 1)
    g10 = cid_of(g, 1, "hand", "G10")
    r10 = cid_of(g, 0, "hand", "R10")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    d = s.expect(1, Kind.FLASH)
    assert d.options == (("magic", g10), ("pass",))
    g.answer(("pass",))
    d = s.expect(0, Kind.FLASH)
    assert d.options == (("magic", r10), ("pass",))
    g.answer(("pass",))
    s.expect(1, Kind.BLOCK, ("take",))
    # no flash timing after "take": straight to the battle resolution and the next attack
    d = s.expect(0, Kind.ATTACK)
    assert g.players[1].life == 4
    assert d.options == (("attack", b), ("end",))


def test_flash_window_where_both_players_act():
    # 000 ch.1 灵动时点的攻防: after a pass, if the opponent uses a flash the passer may act
    # again; after using a flash, if the opponent passes, the user may act again.
    g = attack_pos(
        side(field=[f("R01")], hand=["R10"], reserve=3),
        side(field=[f("G01", st="exhausted")], hand=["G10", "G11"], reserve=4),
    )
    a = cid_of(g, 0, "field", "R01")
    g01 = cid_of(g, 1, "field", "G01")
    r10 = cid_of(g, 0, "hand", "R10")
    g10, g11 = cid_of(g, 1, "hand", "G10"), cid_of(g, 1, "hand", "G11")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(0, Kind.FLASH, ("magic", r10))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 1  # cost 2, one red symbol on the field
    g.answer(pay(reserve=1))
    # R10 resolved at once on the only own spirit
    assert bp(g, a) == 4000
    assert r10 in g.players[0].trash and g.players[0].trash_cores == 1
    # the defender passed before, but may act again after the attacker's flash
    d = s.expect(1, Kind.FLASH)
    assert d.options == (("magic", g10), ("magic", g11), ("pass",))
    g.answer(("magic", g11))
    s.expect(1, Kind.PAY_COST, pay(reserve=1))
    assert state(g, g01) == "refreshed"
    # the attacker has nothing usable left: passed automatically; the defender, who used
    # the last flash, may act again
    d = s.expect(1, Kind.FLASH)
    assert d.options == (("magic", g10), ("pass",))
    g.answer(("pass",))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", g01), ("take",))


def test_player_with_nothing_usable_is_passed_and_main_magic_is_not_flash():
    # 000 ch.1 灵动时点的攻防: only flash effects in flash timing (a main-step magic cannot be
    # used); a player who cannot use anything is not asked. Flash magic pays its cost.
    g = attack_pos(
        side(field=[f("R01")], hand=["R10"], reserve=3),
        side(field=[f("G01")], hand=["R11", "G09", "R09"], reserve=0),
    )
    a = cid_of(g, 0, "field", "R01")
    r10 = cid_of(g, 0, "hand", "R10")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    # the defender (R09 costs 3, only 1 usable core; R11/G09 are main-step magic) is skipped
    s.expect(0, Kind.FLASH, ("magic", r10))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    # both have nothing left: the window closes by itself
    s.expect(1, Kind.BLOCK)
    assert bp(g, a) == 4000
    p0 = g.players[0]
    assert r10 in p0.trash and r10 not in p0.hand
    assert (p0.reserve, p0.trash_cores) == (2, 1)


def test_flash_magic_is_usable_in_the_main_step():
    # 000 ch.1 §5.4 魔法的使用: 选择发挥「主要阶段」或「灵动」效果.
    g = position(side(field=[f("R01")], hand=["R10", "R11"], reserve=5), side())
    r10, r11 = cid_of(g, 0, "hand", "R10"), cid_of(g, 0, "hand", "R11")
    d = Script(g).expect(0, Kind.MAIN_ACTION)
    assert ("magic", r10, "flash") in d.options
    assert ("magic", r11, "main") in d.options
    assert ("magic", r11, "flash") not in d.options


def test_r09_targets_only_spirits_with_bp_3000_or_less_now_and_resolves_at_once():
    # 000 ch.1 灵动时点的攻防: a used flash resolves before the opponent can respond.
    # Targets: BP filter uses the current BP (R02 at 4000 in this battle is not legal).
    g = attack_pos(
        side(
            field=[f("R02"), f("R01"), f("R01"), f("R03", 3), f("R08", 0)],
            hand=["R10"],
        ),
        side(hand=["R09"], reserve=3),
    )
    r02 = cid_of(g, 0, "field", "R02")
    a, b = cid_of(g, 0, "field", "R01", 0), cid_of(g, 0, "field", "R01", 1)
    r03 = cid_of(g, 0, "field", "R03")
    r09 = cid_of(g, 1, "hand", "R09")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)
    s.expect(1, Kind.FLASH, ("magic", r09))
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 3  # no red symbol on the defender's field
    g.answer(pay(reserve=3))
    d = s.expect(1, Kind.CHOOSE_TARGETS)
    assert d.options == ((a,), (b,))
    g.answer((a,))
    s.expect(0, Kind.FLASH)
    assert a in g.players[0].trash  # already resolved
    g.answer(("pass",))
    # the defender has no spirit: no block; the attack hits
    d = s.expect(0, Kind.ATTACK)
    assert g.players[1].life == 4
    assert d.options == (("attack", b), ("attack", r03), ("end",))


# ============================================================ 3. block and battle


def test_block_exhausts_blocker_triggers_when_blocks_and_opens_second_flash():
    # 000 ch.1 §6.3 阻挡宣言 (exhaust the blocker, 阻挡时 effects), §6 <4> second flash timing
    # (defender first), 复数效果同时发挥时 (the turn player orders even the opponent's effects),
    # §6.6 lower BP destroyed; §6.7 "this battle" effects end.
    g = attack_pos(
        side(field=[f("R03", 3)], hand=["R10"], reserve=3),
        side(field=[f("G12"), f("G08", 0)], hand=["G11"], reserve=3),
    )
    r03 = cid_of(g, 0, "field", "R03")
    g12 = cid_of(g, 1, "field", "G12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r03))
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(0, Kind.FLASH, ("pass",))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", g12), ("take",))
    g.answer(("block", g12))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert state(g, g12) == "exhausted"
    assert len(d.options) == 2
    g.answer(label_index(d, "Bramble Wolf"))
    s.expect(1, Kind.FLASH)  # second flash timing after a block, the defender first
    assert bp(g, g12) == 6000 and bp(g, r03) == 5000
    g.answer(("pass",))
    s.expect(0, Kind.FLASH, ("pass",))
    next_turn_main(s)
    assert r03 in g.players[0].trash
    assert on_field(g, g12) and bp(g, g12) == 3000
    assert g.players[1].life == 5


def test_no_blocker_means_no_block_decision_and_no_second_flash():
    # 000 ch.1 §6 <3>: 不进行阻挡的场合，省略第4步的灵动时点.
    g = attack_pos(
        side(field=[f("R01"), f("R01")]),
        side(field=[f("G01", st="exhausted")], hand=["G11"], reserve=3),
    )
    a = cid_of(g, 0, "field", "R01", 0)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(0, Kind.ATTACK)  # no BLOCK, no second FLASH
    assert g.players[1].life == 4


def _battle(attacker: str, a_cores: int, blocker: str, b_cores: int):
    g = attack_pos(side(field=[f(attacker, a_cores)]), side(field=[f(blocker, b_cores)]))
    a = cid_of(g, 0, "field", attacker)
    b = cid_of(g, 1, "field", blocker)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.BLOCK, ("block", b))
    next_turn_main(s)
    return g, a, b


def test_battle_attacker_with_lower_bp_is_destroyed():
    # 000 ch.1 §6.6: BP低的一方会被破坏.
    g, a, b = _battle("R01", 1, "G13", 1)  # 1000 vs 2000
    assert a in g.players[0].trash and on_field(g, b)
    assert g.players[1].life == 5
    assert g.players[0].reserve == 4  # the destroyed spirit's core went to the reserve


def test_battle_blocker_with_lower_bp_is_destroyed():
    # 000 ch.1 §6.6.
    g, a, b = _battle("R03", 1, "G01", 1)  # 3000 vs 1000
    assert b in g.players[1].trash and on_field(g, a)
    assert g.players[1].life == 5


def test_battle_tie_destroys_both():
    # 000 ch.1 §6.6: BP相同的场合双方都会被破坏.
    g, a, b = _battle("R01", 1, "G01", 1)
    assert a in g.players[0].trash and b in g.players[1].trash


def test_unblocked_r06_reduces_life_by_two_symbols_cores_to_reserve():
    # 000 ch.1 §6.5: 以攻击的战魂的战徽数量来将对手生命区相应数量的晶核移至预备区.
    g = attack_pos(side(field=[f("R06"), f("R01")]), side())
    r06 = cid_of(g, 0, "field", "R06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    s.expect(0, Kind.ATTACK)
    p1 = g.players[1]
    assert (p1.life, p1.reserve) == (3, 5)


def test_declared_block_stands_when_blocker_is_destroyed_before_resolution():
    # 000 ch.1 §6.3 阻挡的成立: the block stands even if the blocker is destroyed; no life lost.
    g = attack_pos(side(field=[f("R01")], hand=["R09"], reserve=3), side(field=[f("G01")]))
    a = cid_of(g, 0, "field", "R01")
    r09 = cid_of(g, 0, "hand", "R09")
    b = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.FLASH, ("pass",))  # the defender has nothing: passed
    s.expect(1, Kind.BLOCK, ("block", b))
    s.expect(0, Kind.FLASH, ("magic", r09))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    next_turn_main(s)
    assert b in g.players[1].trash and on_field(g, a)
    assert g.players[1].life == 5


def test_attacker_destroyed_in_flash_battle_continues_without_life_loss():
    # 000 ch.1 灵动时点的攻防: 攻击了的战魂即使不再存在于战场上，战斗也要继续; no life is lost.
    g = attack_pos(side(field=[f("R02")]), side(field=[f("G01")], hand=["R09"], reserve=3))
    r02 = cid_of(g, 0, "field", "R02")
    r09 = cid_of(g, 1, "hand", "R09")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))
    s.expect(1, Kind.FLASH, ("magic", r09))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    # R02 is the only target (3000 in this battle): destroyed
    d = s.expect(1, Kind.BLOCK)  # the battle goes on to the block step
    assert r02 in g.players[0].trash
    g.answer(d.options[-1])
    next_turn_main(s)
    assert g.players[1].life == 5


def test_g14_removes_cores_attacker_depleted_battle_continues_without_life_loss():
    # 000 ch.1 §5.2 消灭 (too few cores), 灵动时点的攻防 (the battle continues), G14 remove_cores.
    g = attack_pos(
        side(field=[f("R01")], reserve=3),
        side(field=[f("G01"), f("G01")], hand=["G14"], reserve=3),
    )
    a = cid_of(g, 0, "field", "R01")
    g14 = cid_of(g, 1, "hand", "G14")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.FLASH, ("magic", g14))
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 2  # cost 4, two green symbols
    g.answer(pay(reserve=2))
    s.expect(1, Kind.BLOCK, ("take",))
    next_turn_main(s)
    assert a in g.players[0].trash
    assert g.players[1].life == 5
    assert g14 in g.players[1].trash


def test_g14_on_a_spirit_with_the_soul_core_its_owner_chooses():
    # 000 Q&A 关于灵魂晶核 A3: the owner of the cores chooses which leave.
    g = attack_pos(
        side(field=[f("R01", 2, soul=True), f("R01")]),
        side(field=[f("G01"), f("G01")], hand=["G14"], reserve=3),
    )
    a = cid_of(g, 0, "field", "R01", 0)
    other = cid_of(g, 0, "field", "R01", 1)
    g14 = cid_of(g, 1, "hand", "G14")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.FLASH, ("magic", g14))
    s.expect(1, Kind.PAY_COST, pay(reserve=2))
    s.expect(1, Kind.CHOOSE_TARGETS, (a,))
    d = s.expect(0, Kind.CHOOSE_CORE)
    assert set(d.options) == {"core", "soul"}
    g.answer("soul")
    s.expect(1, Kind.BLOCK, ("take",))
    s.expect(0, Kind.ATTACK)
    assert on_field(g, a) and fv(g, a).total_cores == 1 and not fv(g, a).soul
    assert view_for(g, 0).you.soul == "reserve"
    assert g.players[1].life == 4
    assert other in g.players[0].field


def test_attacks_continue_until_the_attacking_player_ends():
    # 000 ch.1 §6.7 战斗终了 / 攻击阶段的结束: attack again or declare the end.
    g = attack_pos(side(field=[f("R01"), f("R01"), f("R01")]), side())
    a, b, c = (cid_of(g, 0, "field", "R01", i) for i in range(3))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    d = s.expect(0, Kind.ATTACK)
    assert d.options == (("attack", b), ("attack", c), ("end",))
    g.answer(("attack", b))
    d = s.expect(0, Kind.ATTACK)
    assert d.options == (("attack", c), ("end",))
    g.answer(("end",))
    next_turn_main(s)
    assert g.players[1].life == 3
    assert state(g, c) == "refreshed"


# ============================================================ 4. life 0


def test_life_zero_ends_the_game_at_once():
    # 000 胜利条件: 对战对手的生命为0 -> 在那个时点对战立即结束.
    g = attack_pos(side(field=[f("R01"), f("R01")]), side(field=[f("G01")], life=1))
    a = cid_of(g, 0, "field", "R01", 0)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.BLOCK, ("take",))
    s.done()
    assert g.over and g.winner == 0 and g.decision is None
    assert g.players[1].life == 0


def test_r06_two_symbols_against_two_life_wins():
    # 000 胜利条件 and ch.1 §6.5 (2 symbols).
    g = attack_pos(side(field=[f("R06"), f("R01")]), side(life=2))
    r06 = cid_of(g, 0, "field", "R06")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    s.done()
    assert g.winner == 0


# ============================================================ 5. effects


def test_r03_when_summoned_lists_only_legal_targets_and_must_choose_one():
    # 000 ch.1 §5.1 召唤时 effects; Q&A 效果整体 A2 (a "must" effect: no empty choice);
    # targets: opposing spirits with BP 2000 or less (not a nexus, not own spirits).
    g = position(
        side(hand=["R03"], field=[f("R01")], reserve=4),
        side(field=[f("G01"), f("G13"), f("G03"), f("G08", 0)]),
    )
    r03 = cid_of(g, 0, "hand", "R03")
    g01, g13 = cid_of(g, 1, "field", "G01"), cid_of(g, 1, "field", "G13")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r03)),
        (0, Kind.PAY_COST, pay(reserve=2)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g01,), (g13,))
    g.answer((g13,))
    s.expect(0, Kind.MAIN_ACTION)
    assert g13 in g.players[1].trash and on_field(g, g01)


def test_r03_must_effect_with_a_single_target_does_not_ask():
    # 000 Q&A 效果整体 A2: 「进行」 effects happen as far as possible, without a choice.
    g = position(side(hand=["R03"], reserve=4), side(field=[f("G01"), f("G03")]))
    r03 = cid_of(g, 0, "hand", "R03")
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r03)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert g01 in g.players[1].trash


def test_must_effect_with_no_legal_target_does_nothing():
    # 000 Q&A 效果整体 A2: a must effect with no legal target does nothing.
    g = position(side(hand=["R03"], reserve=4), side(field=[f("G03"), f("G04")]))
    r03 = cid_of(g, 0, "hand", "R03")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r03)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[1].field) == 2 and not g.players[1].trash


def test_r14_when_summoned_draws_without_asking():
    # 000 ch.1 §5.1 召唤时; Q&A 效果整体 A2 (must: no YES_NO).
    g = position(side(hand=["R14"], field=[f("R01")], deck=["R05", "R07"], reserve=4), side())
    r14 = cid_of(g, 0, "hand", "R14")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r14)),
        (0, Kind.PAY_COST, pay(reserve=2)),
        (0, Kind.PLACE_CORES, place(reserve=2)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    hand = g.players[0].hand
    assert [g.static.defs[c].id for c in hand] == ["R07"]  # the top card


def test_g02_when_summoned_puts_a_void_core_on_itself():
    # 000 ch.1 §5.1 召唤时; verb void_cores to "this".
    g = position(side(hand=["G02"], reserve=3), side())
    g02 = cid_of(g, 0, "hand", "G02")
    void = g.players[0].void
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", g02)),
        (0, Kind.PAY_COST, pay(reserve=2)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert fv(g, g02).total_cores == 2
    assert g.players[0].void == void - 1


def test_g04_and_g08_lv2_trigger_on_summon_turn_player_orders():
    # 000 ch.1 §5.1 召唤时, 复数效果同时发挥时; G08 [Lv2] "when one of your spirits is summoned".
    g = position(side(hand=["G04"], field=[f("G08", 3)], reserve=4), side())
    g04 = cid_of(g, 0, "hand", "G04")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", g04)),
        (0, Kind.PAY_COST, pay(reserve=3)),  # cost 4, one green symbol
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2
    g.answer(0)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 2  # 4 - 3 - 1 + 2 from the void


def test_g08_lv1_does_not_trigger_on_summon():
    # 000 ch.1 §2 核心卡 效果: 【Lv2】 works only at Lv2.
    g = position(side(hand=["G04"], field=[f("G08", 0)], reserve=4), side())
    g04 = cid_of(g, 0, "hand", "G04")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", g04)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    s.expect(0, Kind.MAIN_ACTION)  # only G04's own effect: no ORDER_TRIGGERS
    assert g.players[0].reserve == 1


def test_battle_tie_r05_g07_when_destroyed_ordered_by_turn_player_in_standby():
    # 000 ch.1 §6.6 (tie), 复数效果同时发挥时 (turn player orders), 灵动时点的攻防
    # ■战魂或究极被破坏时 and Q&A 关于战魂或究极等的状态 A1: destroyed spirits wait in
    # standby until the effects their destruction caused resolve, then go to the trash.
    g = attack_pos(
        side(field=[f("R05")], deck=["R01", "R14"]),
        side(field=[f("G07")]),
    )
    r05 = cid_of(g, 0, "field", "R05")
    g07 = cid_of(g, 1, "field", "G07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r05))
    s.expect(1, Kind.BLOCK, ("block", g07))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2
    # both wait in standby
    assert fv(g, r05).leaving and fv(g, g07).leaving
    assert r05 not in g.players[0].trash and g07 not in g.players[1].trash
    g.answer(label_index(d, "Pollen Sprite"))
    s.expect(1, Kind.MAIN_ACTION)
    assert r05 in g.players[0].trash and g07 in g.players[1].trash
    assert [g.static.defs[c].id for c in g.players[0].hand] == ["R14"]
    # P2: 3 + 1 from the void (G07) + 1 core off G07 + 1 in the core step
    assert g.players[1].reserve == 6
    log = g.log_lines()
    first = next(i for i, t in enumerate(log) if t.startswith("Effect of Pollen Sprite"))
    second = next(i for i, t in enumerate(log) if t.startswith("Effect of Scorch Hatchling"))
    trash = next(i for i, t in enumerate(log) if t.startswith("Pollen Sprite goes to the trash"))
    assert first < second < trash


def test_effects_caused_during_a_batch_resolve_before_the_rest_of_it():
    # 000 ch.1 复数效果同时发挥时: 由先解决了的效果导致新的效果进行了发挥时，由新发挥了的效果
    # 开始解决. R03 and G08 trigger together; R03 destroys G07, whose destruction triggers
    # G07 and R08 [Lv2]: those resolve (G07 in standby) before G08's effect.
    g = position(
        side(hand=["R03"], field=[f("G08", 3)], reserve=4),
        side(field=[f("G07"), f("R08", 2)], deck=["R01", "R14"]),
    )
    r03 = cid_of(g, 0, "hand", "R03")
    g07 = cid_of(g, 1, "field", "G07")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r03)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
    )
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    g.answer(label_index(d, "Blazefang Raptor"))
    d = s.expect(0, Kind.ORDER_TRIGGERS)  # the caused batch, ordered by the turn player
    assert len(d.options) == 2
    assert g.players[0].reserve == 0  # G08's effect has not resolved yet
    assert fv(g, g07).leaving and g07 not in g.players[1].trash
    g.answer(label_index(d, "Volcano Forge"))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].reserve == 1
    assert g07 in g.players[1].trash
    assert [g.static.defs[c].id for c in g.players[1].hand] == ["R14"]
    assert g.players[1].reserve == 5  # 3 + 1 from the void + G07's core


def test_r07_lv1_has_no_effect():
    # 000 ch.1 §2 战魂卡 效果 (【Lv2】 only at Lv2).
    g = attack_pos(side(field=[f("R07", 1), f("R01")]), side())
    r07 = cid_of(g, 0, "field", "R07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r07))
    s.expect(0, Kind.ATTACK)  # no YES_NO
    assert not g.players[0].hand


def test_r07_lv2_may_effect_asks_and_no_does_nothing():
    # 000 Q&A 效果整体 A2: 「可以」 — the player chooses; "no" does nothing.
    g = attack_pos(side(field=[f("R07", 2), f("R01")]), side())
    r07 = cid_of(g, 0, "field", "R07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r07))
    d = s.expect(0, Kind.YES_NO)
    assert set(d.options) == {True, False}
    g.answer(False)
    s.expect(0, Kind.ATTACK)
    assert not g.players[0].hand
    assert g.players[1].life == 4


def test_r07_lv2_may_effect_yes_draws():
    # 000 Q&A 效果整体 A2.
    g = attack_pos(side(field=[f("R07", 2), f("R01")]), side())
    r07 = cid_of(g, 0, "field", "R07")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r07))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.ATTACK)
    assert len(g.players[0].hand) == 1


def test_r12_may_when_summoned_no_does_nothing():
    # 000 Q&A 效果整体 A2.
    g = position(side(hand=["R12"], field=[f("R01"), f("R01")], reserve=5), side(field=[f("G13")]))
    r12 = cid_of(g, 0, "hand", "R12")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r12)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
        (0, Kind.YES_NO, False),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert on_field(g, g13)


def test_r12_may_when_summoned_yes_destroys():
    # 000 Q&A 效果整体 A2.
    g = position(side(hand=["R12"], field=[f("R01"), f("R01")], reserve=5), side(field=[f("G13")]))
    r12 = cid_of(g, 0, "hand", "R12")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("summon", r12)),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.PLACE_CORES, place(reserve=1)),
        (0, Kind.YES_NO, True),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert g13 in g.players[1].trash


def test_r12_lv2_when_blocks_bp_plus_2000():
    # 000 ch.1 §6.3 阻挡时 effects; [Lv2] only.
    g = attack_pos(side(field=[f("R04", 5)]), side(field=[f("R12", 4)]))
    r04 = cid_of(g, 0, "field", "R04")
    r12 = cid_of(g, 1, "field", "R12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))  # R04 Lv3: no target at BP 3000 or less
    s.expect(1, Kind.BLOCK, ("block", r12))
    next_turn_main(s)
    assert r04 in g.players[0].trash and on_field(g, r12)  # 8000 against 7000 + 2000


def test_r12_lv1_has_no_when_blocks_effect():
    # 000 ch.1 §2 战魂卡 效果 (【Lv2】).
    g = attack_pos(side(field=[f("R04", 5)]), side(field=[f("R12", 1)]))
    r04 = cid_of(g, 0, "field", "R04")
    r12 = cid_of(g, 1, "field", "R12")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r04))
    s.expect(1, Kind.BLOCK, ("block", r12))
    next_turn_main(s)
    assert r12 in g.players[1].trash and on_field(g, r04)


def test_r06_lv2_destroys_then_draws():
    # 000 ch.1 §6.1 攻击时 effect with two steps (destroy, then draw).
    g = attack_pos(
        side(field=[f("R06", 3)], deck=["R01", "R14"]),
        side(field=[f("G04"), f("G01"), f("G06", 5)]),
    )
    r06 = cid_of(g, 0, "field", "R06")
    g04, g01 = cid_of(g, 1, "field", "G04"), cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r06))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g04,), (g01,))  # G06 at 10000 is not legal
    g.answer((g04,))
    s.expect(1, Kind.BLOCK, ("take",))
    next_turn_main(s)
    assert g04 in g.players[1].trash
    assert [g.static.defs[c].id for c in g.players[0].hand] == ["R14"]
    assert g.players[1].life == 3


def test_r08_lv2_draws_when_own_spirit_is_destroyed():
    # 000 ch.1 §6.6 (destroyed in battle), R08 [Lv2] "when one of your spirits is destroyed".
    g = attack_pos(
        side(field=[f("R01"), f("R08", 2)], deck=["R01", "R14"]),
        side(field=[f("G13")]),
    )
    r01 = cid_of(g, 0, "field", "R01")
    g13 = cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r01))
    s.expect(1, Kind.BLOCK, ("block", g13))  # R01 2000 (R08) against 2000: tie
    next_turn_main(s)
    assert r01 in g.players[0].trash and g13 in g.players[1].trash
    assert [g.static.defs[c].id for c in g.players[0].hand] == ["R14"]


def test_g03_when_attacks_exhausts_the_only_blocker():
    # 000 ch.1 §6.1 攻击时; verb exhaust; §6.3 only refreshed spirits block.
    g = attack_pos(side(field=[f("G03"), f("R01")]), side(field=[f("G01")]))
    g03 = cid_of(g, 0, "field", "G03")
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", g03))
    s.expect(0, Kind.ATTACK)  # no BLOCK
    assert state(g, g01) == "exhausted"
    assert g.players[1].life == 4


def test_g05_lv2_exhaust_lists_only_bp_3000_or_less():
    # 000 ch.1 §6.1 攻击时; [Lv2]; targets filtered by BP.
    g = attack_pos(side(field=[f("G05", 2)]), side(field=[f("G01"), f("G13"), f("G04")]))
    g05 = cid_of(g, 0, "field", "G05")
    g01, g13, g04 = (cid_of(g, 1, "field", c) for c in ("G01", "G13", "G04"))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", g05))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((g01,), (g13,))
    g.answer((g13,))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", g01), ("block", g04), ("take",))


def test_g06_lv2_exhausts_up_to_two():
    # 000 ch.1 §6.1 攻击时; "up to" allows choosing none.
    g = attack_pos(side(field=[f("G06", 3)]), side(field=[f("G01"), f("G13")]))
    g06 = cid_of(g, 0, "field", "G06")
    g01, g13 = cid_of(g, 1, "field", "G01"), cid_of(g, 1, "field", "G13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", g06))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(), (g01,), (g13,), (g01, g13)}
    g.answer((g01, g13))
    next_turn_main(s)  # nobody can block
    assert g.players[1].life == 3


def test_g10_flash_exhausts_the_would_be_blocker():
    # 000 ch.1 §6 <2> flash timing; G10 exhaust; §6.3 only refreshed spirits block.
    g = attack_pos(side(field=[f("R01")], hand=["G10"], reserve=3), side(field=[f("G01")]))
    a = cid_of(g, 0, "field", "R01")
    g10 = cid_of(g, 0, "hand", "G10")
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.FLASH, ("magic", g10))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # no green symbol on the attacker's field
    g.answer(pay(reserve=2))
    next_turn_main(s)  # no BLOCK
    assert g.players[1].life == 4
    assert g10 in g.players[0].trash
    assert g01 in g.players[1].field


def test_g11_flash_refreshes_the_attacker_which_can_attack_again():
    # 000 ch.1 §6 <2>; G11 refresh; §6.7 a refreshed spirit may attack again.
    g = attack_pos(side(field=[f("R01")], hand=["G11"], reserve=3), side())
    a = cid_of(g, 0, "field", "R01")
    g11 = cid_of(g, 0, "hand", "G11")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.FLASH, ("magic", g11))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    d = s.expect(0, Kind.ATTACK)
    assert d.options == (("attack", a), ("end",))
    assert g.players[1].life == 4


def test_r13_main_magic_destroys_all_with_bp_2000_or_less():
    # 000 ch.1 §5.4 魔法的使用 (main effect); destroy all without a choice.
    g = position(
        side(hand=["R13"], field=[f("R01"), f("R01")], reserve=3),
        side(field=[f("G01"), f("G13"), f("G03")]),
    )
    r13 = cid_of(g, 0, "hand", "R13")
    g03 = cid_of(g, 1, "field", "G03")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", r13, "main")),
        (0, Kind.PAY_COST, pay(reserve=2)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[1].field == [g03]
    assert r13 in g.players[0].trash


def test_r11_and_g09_main_magic_draw_and_put_void_cores_in_the_reserve():
    # 000 ch.1 §5.4 魔法的使用 (main effects); verbs draw (n=2) and void_cores to the reserve.
    g = position(side(hand=["R11", "G09"], deck=["R01", "R05", "R14"], reserve=6), side())
    r11, g09 = cid_of(g, 0, "hand", "R11"), cid_of(g, 0, "hand", "G09")
    s = Script(g)
    s(
        (0, Kind.MAIN_ACTION, ("magic", r11, "main")),
        (0, Kind.PAY_COST, pay(reserve=3)),
        (0, Kind.MAIN_ACTION, ("magic", g09, "main")),
        (0, Kind.PAY_COST, pay(reserve=3)),
    )
    s.expect(0, Kind.MAIN_ACTION)
    p = g.players[0]
    assert [g.static.defs[c].id for c in p.hand] == ["R14", "R05"]
    assert p.reserve == 2 and p.trash_cores == 6


# ============================================================ 6. durations and end step


def test_r10_this_turn_outlasts_the_battle_and_ends_at_the_end_step():
    # 000 Q&A 效果整体 A8 (durations), ch.1 §7 结束阶段 (temporary effects end, the turn passes).
    g = attack_pos(
        side(field=[f("R01"), f("R01")], hand=["R10"], reserve=3),
        side(field=[f("G01", 3)]),
    )
    a, b = cid_of(g, 0, "field", "R01", 0), cid_of(g, 0, "field", "R01", 1)
    r10 = cid_of(g, 0, "hand", "R10")
    c = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(0, Kind.FLASH, ("magic", r10))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((a,), (b,))
    g.answer((b,))
    s.expect(1, Kind.BLOCK, ("take",))
    # the first battle is over; the "this turn" BP stays
    s.expect(0, Kind.ATTACK)
    assert bp(g, b) == 4000
    g.answer(("attack", b))
    s.expect(1, Kind.BLOCK, ("block", c))
    # 4000 against 3000: the blocker is destroyed; nothing left to attack; end step
    s.expect(1, Kind.MAIN_ACTION)
    assert c in g.players[1].trash and on_field(g, b)
    assert (g.turn, g.active) == (4, 1)
    assert bp(g, b) == 1000
    assert g.players[1].life == 4


def test_end_step_passes_the_turn():
    # 000 ch.1 §7 结束阶段 / §4 回合顺序: the other player's turn begins (core, draw, refresh).
    g = attack_pos(side(field=[f("R01")]), side(field=[f("G01", st="exhausted")], reserve=3))
    a = cid_of(g, 0, "field", "R01")
    g01 = cid_of(g, 1, "field", "G01")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("end",))
    next_turn_main(s)
    assert (g.turn, g.active) == (4, 1)
    assert len(g.players[1].hand) == 1
    assert g.players[1].reserve == 4
    assert state(g, g01) == "refreshed"
    assert state(g, a) == "refreshed"


# ============================================================ extra checks


def test_cancelled_flash_payment_leaves_the_choice_with_the_same_player():
    # 000 ch.1 灵动时点的攻防 (the passer acts again only if the opponent *uses* a flash) and
    # Q&A 关于费用的支付 A2 (an unpaid card goes back to the hand and the game returns to the
    # state before it was shown): after P1 passes and P0 cancels paying for R10, P0 is still
    # the one deciding — P1, who has passed and seen no flash used, is not asked again.
    g = attack_pos(
        side(field=[f("R01")], hand=["R10"], reserve=3),
        side(field=[f("G01")], hand=["G10"], reserve=3),
    )
    a = cid_of(g, 0, "field", "R01")
    r10 = cid_of(g, 0, "hand", "R10")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(0, Kind.FLASH, ("magic", r10))
    s.expect(0, Kind.PAY_COST, ("cancel",))
    assert r10 in g.players[0].hand
    d = s.expect(0, Kind.FLASH)
    assert d.options == (("magic", r10), ("pass",))
    g.answer(("pass",))
    s.expect(1, Kind.BLOCK)


def test_r05_destroyed_by_flash_magic_resolves_before_the_next_flash_priority():
    # 000 ch.1 灵动时点的攻防 (使用了的效果会依次解决; ■战魂或究极被破坏时: the effects caused
    # by the destruction resolve, then the spirit goes to the trash).
    g = attack_pos(
        side(field=[f("R05")], hand=["R10"], deck=["R01", "R14"]),
        side(field=[f("G01")], hand=["R09"], reserve=3),
    )
    r05 = cid_of(g, 0, "field", "R05")
    r09 = cid_of(g, 1, "hand", "R09")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r05))
    s.expect(1, Kind.FLASH, ("magic", r09))
    s.expect(1, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.FLASH)
    assert r05 in g.players[0].trash
    assert "R14" in [g.static.defs[c].id for c in g.players[0].hand]
    g.answer(("pass",))
    s.expect(1, Kind.BLOCK, ("take",))
    next_turn_main(s)
    assert g.players[1].life == 5


def test_depletion_is_not_destruction_r05_does_not_draw():
    # 000 ch.1 §5 消灭 vs 用语集 破坏: a spirit depleted by losing its cores is not destroyed,
    # so its "when destroyed" effect does not trigger.
    g = attack_pos(
        side(field=[f("R05")], deck=["R01", "R14"]),
        side(field=[f("G01"), f("G01")], hand=["G14"], reserve=3),
    )
    r05 = cid_of(g, 0, "field", "R05")
    g14 = cid_of(g, 1, "hand", "G14")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r05))
    s.expect(1, Kind.FLASH, ("magic", g14))
    s.expect(1, Kind.PAY_COST, pay(reserve=2))
    s.expect(1, Kind.BLOCK, ("take",))
    next_turn_main(s)
    assert r05 in g.players[0].trash
    assert not g.players[0].hand
