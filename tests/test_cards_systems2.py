"""One test per card of bs_tui/data/cards/systems2.toml and the rules they rest on: activated
effects of field cards (000 ch.1 §5.5, lines 263–265; flash timing, lines 336–356), the
advent in full (000 ch.2 §5 ②–⑤, lines 560–575; Q&A 关于煌临 A7), God and Super Advent,
【变换】 Change (Q&A 关于描述的变更 A3, line 936) and the exchange in a battle. Docstrings quote
the generated text (`quoted`)."""

from __future__ import annotations

from conftest import Kind, Script, bp, cid_of, f, logged, pay, position, quoted, side

from bs_tui.engine.model.state import EXHAUSTED, REFRESHED, SOUL_REMOVED, SOUL_RESERVE, SOUL_TRASH
from bs_tui.engine.rules import costs
from bs_tui.engine.rules.activated import activated_options
from bs_tui.engine.rules.flow import flash_options


def opts(g, kind=None):
    d = g.decision
    assert d is not None and (kind is None or d.kind == kind), d
    return d.options


def unavailable(g):
    return dict(g.decision.context.get("unavailable", ()))


def test_s01_cinderwatch_drake():
    """Cinderwatch Drake (S01): "[Once per turn] Flash: Move 1 core from this spirit to the
    void. By doing so, 1 of your spirits gets BP +2000 this turn." 000 ch.1 §5.5 (lines
    263–265) and flash timing (lines 336–356: "a spirit's effect that says 'do ○○' may be
    chosen too"): a Flash effect of a spirit on the field is used in the Main Step and in
    flash windows, its cost paid as it says; Q&A 灵魂晶核 A4: not when paying it would
    deplete the spirit; [Once per turn] counts per card on the field (A9)."""
    quoted("S01", test_s01_cinderwatch_drake.__doc__)
    g = position(
        side(field=[f("S01", 3), f("R02", 1)]),
        side(field=[f("R04", 1)]),
        active=1,
        step="attack",
    )
    s01, r02, r04 = cid_of(g, 0, "field", "S01"), cid_of(g, 0, "field", "R02"), cid_of(g, 1, "field", "R04")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r04))
    d = s.expect(0, Kind.FLASH)  # the defender's flash window, in the opponent's turn
    assert ("activate", s01, 0) in d.options
    g.answer(("activate", s01, 0))
    void = g.players[0].void
    s.expect(0, Kind.YES_NO, True)  # "by doing so": the cost is the player's choice (Q&A A5)
    s.expect(0, Kind.CHOOSE_TARGETS, (r02,))
    assert g.field[s01].cores == 2 and g.players[0].void == void + 1
    assert bp(g, r02) == 2000 + 2000 and logged(g, "uses the Flash effect of Cinderwatch Drake")
    # the attacker's side had its answer (nothing to use), and the drake's effect is used up
    s.expect(0, Kind.BLOCK)
    why: list = []
    assert activated_options(g, 0, ("flash",), why) == []  # once per turn
    assert dict(why)[("activate", s01, 0)] == "once per turn: used this turn"
    # at Lv1 with its one core, moving it would deplete the drake: not offered (Q&A 灵魂晶核 A4)
    g2 = position(side(field=[f("S01", 1), f("R02", 1)]), side())
    s01b = cid_of(g2, 0, "field", "S01")
    assert ("activate", s01b, 0) not in opts(g2, Kind.MAIN_ACTION)
    assert "cost cannot be paid" in unavailable(g2)[("activate", s01b, 0)]


def test_s02_beacon_of_the_rising_pyre():
    """Beacon of the Rising Pyre (S02): "When you perform an advent: Put 1 core from the void
    into your reserve." "[Lv2] When you perform an advent: Draw 1 card." 000 ch.2 §5 ③ (line
    570): the effects that work "when you perform an advent" resolve first, then the Soul Core
    moves; ② to ④ the player is performing an advent (`Game.adventing`), which a copy of the
    game keeps and its hash tells."""
    quoted("S02", test_s02_beacon_of_the_rising_pyre.__doc__)
    g = position(side(hand=["A01"], field=[f("S02", 2), f("R04", 1)], reserve=0, deck=["R01"] * 3), side())
    a01, r04, beacon = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R04"), cid_of(g, 0, "field", "S02")
    assert g.adventing == -1
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", a01, r04))
    s.expect(0, Kind.ORDER_TRIGGERS)  # both of its effects at once, mid-advent
    assert g.adventing == 0 and g.players[0].soul == SOUL_RESERVE  # ③: the Soul Core has not moved yet
    copy = g.copy()
    assert copy.adventing == 0 and copy.state_hash() == g.state_hash()
    copy.adventing = -1
    assert copy.state_hash() != g.state_hash()
    g.answer(0)
    assert g.players[0].reserve == 1 and len(g.players[0].hand) == 1  # a core, and a card drawn
    assert g.players[0].soul == SOUL_TRASH and g.field[r04].top == a01
    assert g.adventing == -1  # ⑤: the advent has ended
    log = g.log_lines()
    core = next(i for i, line in enumerate(log) if "from the void into the reserve" in line)
    soul = next(i for i, line in enumerate(log) if "Soul Core goes to the trash" in line)
    assert core < soul and logged(g, "work as Player 1 performs an advent")
    assert beacon in g.field


def test_s03_oathfire_sanctum():
    """Oathfire Sanctum (S03): "While you perform an advent: Your spirits also have the family
    Drakeling. The cost of your spirits is increased by 3." 000 ch.2 §5 ② (lines 566–568): an
    effect that works while you perform an advent may be used to meet the advent condition; it
    works only then (a continuous effect with `during = "advent"`)."""
    quoted("S03", test_s03_oathfire_sanctum.__doc__)
    g = position(side(hand=["A01", "S06"], field=[f("S03"), f("R01", 1), f("R15", 1)]), side())
    a01, s06 = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "hand", "S06")
    pup, sentinel = cid_of(g, 0, "field", "R01"), cid_of(g, 0, "field", "R15")
    assert costs.cost_of(g, pup) == 1 and "Drakeling" not in costs.families_of(g, sentinel)  # not adventing
    o = opts(g, Kind.MAIN_ACTION)
    assert ("advent", a01, pup) in o  # cost 1 + 3 while adventing meets "cost 3 or more"
    assert ("advent", s06, sentinel) in o  # a Blaze Beast is a Drakeling while adventing
    g2 = position(side(hand=["A01", "S06"], field=[f("R01", 1), f("R15", 1)]), side())
    o2 = opts(g2, Kind.MAIN_ACTION)
    a, h = cid_of(g2, 0, "hand", "A01"), cid_of(g2, 0, "hand", "S06")
    p2, s2 = cid_of(g2, 0, "field", "R01"), cid_of(g2, 0, "field", "R15")
    assert ("advent", a, p2) not in o2 and ("advent", h, s2) not in o2  # without the Sanctum
    assert ("advent", a, s2) in o2  # a cost 3 spirit meets it on its own
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", s06, sentinel))  # a super advent: the Soul Core comes back
    assert g.field[sentinel].top == s06 and g.players[0].soul == sentinel
    assert g.adventing == -1 and costs.cost_of(g, sentinel) == 6  # the Sanctum no longer adds


def test_s04_emberwright_bastion():
    """Emberwright Bastion (S04): "Main: Exhaust this nexus. By doing so, draw 1 card." "[Lv2]
    When one of your spirits attacks: That spirit gets BP +1000 this battle." 000 ch.1 §5.5
    (lines 263–265): an effect a nexus may use at will in your Main Step is offered there
    (not in flash timing); its cost, exhausting it, can be paid only while it is refreshed."""
    quoted("S04", test_s04_emberwright_bastion.__doc__)
    g = position(side(field=[f("S04", 3), f("R02", 1)], deck=["R01"] * 3), side(field=[f("R01", 1)]))
    bastion, r02 = cid_of(g, 0, "field", "S04"), cid_of(g, 0, "field", "R02")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("activate", bastion, 0))
    s.expect(0, Kind.YES_NO, True)
    assert g.field[bastion].state == EXHAUSTED and len(g.players[0].hand) == 1
    assert ("activate", bastion, 0) not in opts(g, Kind.MAIN_ACTION)  # exhausted: its cost cannot be paid
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", r02))  # its [Lv2] effect, and the drake's own
    while g.decision.kind == Kind.ORDER_TRIGGERS:
        g.answer(0)
    assert bp(g, r02) == 2000 + 1000 + 1000
    g.field[bastion].state = REFRESHED
    assert not [o for o in flash_options(g, 0) if o[0] == "activate"]  # a Main effect: never in flash timing


def test_s05_solar_sovereign_dragon():
    """Solar Sovereign Dragon (S05): "God advent (your Main Step and flash timing): onto your
    spirit or ultimate with cost 5 or more, moving your Soul Core to the trash or 2 cores of one
    of your grandwalker nexuses to the void." "When you perform an advent: That spirit gets BP
    +2000 this turn." "When this spirit advents: Destroy 1 opposing spirit with 6000 BP or
    less." Q&A 关于煌临 A7 (line 912): 《神煌临》 counts as 《煌临》; read as an advent a
    grandwalker's cores may pay for instead of the Soul Core (see systems/advent.py); ③ its
    own "when you perform an advent" first."""
    quoted("S05", test_s05_solar_sovereign_dragon.__doc__)
    g = position(
        side(hand=["S05"], field=[f("N01", 2), f("A01", 1)], soul="removed"),
        side(field=[f("R04", 3)]),
    )
    s05, walker, a01 = cid_of(g, 0, "hand", "S05"), cid_of(g, 0, "field", "N01"), cid_of(g, 0, "field", "A01")
    r04 = cid_of(g, 1, "field", "R04")
    o = [x for x in opts(g, Kind.MAIN_ACTION) if x[0] == "advent"]
    assert o == [("advent", s05, a01, walker)]  # the Soul Core is gone (Soul Drive): only the god way
    void = g.players[0].void
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", s05, a01, walker))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)  # its "when advents", and Forgeheart's Core Charge
    s.expect(0, Kind.YES_NO, False)  # no core from the void this time
    assert g.field[walker].cores == 0 and g.players[0].void == void + 2
    assert g.players[0].soul == SOUL_REMOVED and g.field[a01].top == s05
    assert bp(g, a01) == 7000 + 2000  # its BP +2000 went on the spirit before it advented
    assert r04 in g.players[1].trash and logged(g, "God advent: 2 cores of Forgeheart")
    # with the Soul Core at hand, both ways are offered
    g2 = position(side(hand=["S05"], field=[f("N01", 2), f("A01", 1)]), side())
    o2 = [x for x in opts(g2, Kind.MAIN_ACTION) if x[0] == "advent"]
    h, w, t = cid_of(g2, 0, "hand", "S05"), cid_of(g2, 0, "field", "N01"), cid_of(g2, 0, "field", "A01")
    assert o2 == [("advent", h, t), ("advent", h, t, w)]


def test_s06_phoenix_of_the_gathered_soul():
    """Phoenix of the Gathered Soul (S06): "Super advent (your Main Step): onto your spirit or
    ultimate with family Drakeling, then your Soul Core goes onto it from your life, field,
    reserve or trash." "When this spirit advents: Destroy 1 opposing spirit with 4000 BP or
    less." Q&A 关于煌临 A7: 《超煌临》 counts as 《煌临》; the official Q&A on 《超契約煌臨》: the
    Soul Core is put onto the spirit rather than spent (from life: life is reduced, as A4)."""
    quoted("S06", test_s06_phoenix_of_the_gathered_soul.__doc__)
    g = position(side(hand=["S06"], field=[f("R02", 1)], soul="life"), side(field=[f("R04", 1)]))
    s06, r02 = cid_of(g, 0, "hand", "S06"), cid_of(g, 0, "field", "R02")
    life = g.players[0].life_total
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", s06, r02))
    assert g.players[0].soul == r02 and g.players[0].life_total == life - 1
    assert costs.cores_on(g, r02) == 2 and g.field[r02].top == s06
    assert cid_of(g, 1, "trash", "R04") >= 0 and logged(g, "Soul Core goes from the life onto")
    # a Soul Core removed from the game cannot be gathered: no super advent
    g2 = position(side(hand=["S06"], field=[f("R02", 1)], soul="removed"), side())
    assert not [x for x in opts(g2, Kind.MAIN_ACTION) if x[0] == "advent"]
    assert "removed from the game" in unavailable(g2)[("advent", cid_of(g2, 0, "hand", "S06"), -1)]


def test_s07_flarecoat_shifter():
    """Flarecoat Shifter (S07): "Flash: Change (cost 2 [R], used from your hand): Destroy 1
    opposing spirit with 3000 BP or less. Afterwards, discard this card, or exchange it with 1
    of your spirits of the family Drakeling: this card goes onto the field refreshed (a
    battling spirit's battle goes on with it) and that spirit returns to your hand." Q&A
    关于描述的变更 A3 (line 936): the spirit it is exchanged with goes on battling as the new
    one; 003 line 117: the spirit returning to the hand is no "the hand increased"."""
    quoted("S07", test_s07_flarecoat_shifter.__doc__)
    g = position(
        side(hand=["S07"], field=[f("R02", 3)], reserve=2),
        side(field=[f("R04", 1), f("R01", 1)]),
        active=1,
        step="attack",
    )
    s07, r02 = cid_of(g, 0, "hand", "S07"), cid_of(g, 0, "field", "R02")
    r04, pup = cid_of(g, 1, "field", "R04"), cid_of(g, 1, "field", "R01")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", r04))
    s.expect(0, Kind.FLASH, ("pass",))  # (the attacker has nothing to use: no question)
    s.expect(0, Kind.BLOCK, ("block", r02))  # 2000 BP against 4000: it would lose
    d = s.expect(0, Kind.FLASH)
    assert ("change", s07, 0) in d.options
    g.answer(("change", s07, 0))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # cost 2, reduced by the drake's red symbol
    assert pup in g.players[1].trash  # its effect: the only opposing spirit with 3000 BP or less
    d = s.expect(0, Kind.YES_NO, True)  # exchange it rather than discard it
    assert d.context["question"] == "change"
    # neither player has more to use: the battle goes on with the Shifter as the blocker
    fc = g.field[s07]
    assert fc.state == REFRESHED and fc.cores == 3 and r02 in g.players[0].hand
    assert logged(g, "Flarecoat Shifter goes on with the battle")
    assert logged(g, "Battle: Crimson Lancer Dragon BP 4000 against Flarecoat Shifter BP 6000")
    assert r04 in g.players[1].trash and s07 in g.field  # 6000 BP (Lv2) beats 4000


def test_change_discards_the_card_and_is_no_hand_increase() -> None:
    """【变换】: discarding it instead is the player's choice, and with no spirit meeting the
    condition the card is discarded; its cost is its own, not the spirit card's hand cost."""
    g = position(side(hand=["S07"], field=[f("R15", 1)], reserve=3), side(field=[f("R01", 1)]))
    s07 = cid_of(g, 0, "hand", "S07")
    assert ("change", s07, 0) in opts(g, Kind.MAIN_ACTION)  # a Flash Change in the Main Step too
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("change", s07, 0))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))  # cost 2, less the Blaze Beast's red symbol
    assert s07 in g.players[0].trash and logged(g, "discards Flarecoat Shifter after its Change")


def test_an_exchanged_attacker_goes_on_attacking() -> None:
    """G-R3 (Q&A 关于描述的变更 A3): a spirit exchanged in a battle hands its attack on: the new
    spirit's symbols take the life."""
    g = position(side(hand=["S07"], field=[f("R02", 1)], reserve=2), side(life=5), step="attack")
    s07, r02 = cid_of(g, 0, "hand", "S07"), cid_of(g, 0, "field", "R02")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", r02))  # the defender has nothing to use: the attacker's turn
    s.expect(0, Kind.FLASH, ("change", s07, 0))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.YES_NO, True)  # the opponent has nothing to block with: the battle resolves
    assert g.field[s07].state == REFRESHED and logged(g, "Flarecoat Shifter goes on with the battle")
    assert g.players[1].life_total == 4 and logged(g, "to the attack of Flarecoat Shifter")


def test_soul_drive_removes_the_soul_core_for_good() -> None:
    """The official Soul Drive (the seeds silent, 000 line 545; batspi ソウルドライブ): the Soul
    Core is removed from the game; the Refresh Step does not bring it back, no advent or seal
    can use it, the views say so and the self-play checker accepts it. An ultimate cannot
    deplete itself by its Soul Drive."""
    from bs_tui.engine.model.game import OPS
    from bs_tui.engine.rules.keywords import seal
    from bs_tui.engine.systems.ultimates import SoulDrive
    from bs_tui.engine.view import view_for
    from bs_tui.selfplay import invariant_problems

    g = position(
        side(hand=["A01"], field=[f("X03", 3, soul=True), f("R04", 1)]),
        side(deck=["R01"] * 5, field=[f("X02", 1)]),
        step="attack",
    )
    x03, r04 = cid_of(g, 0, "field", "X03"), cid_of(g, 0, "field", "R04")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", x03))
    s.expect(0, Kind.ORDER_TRIGGERS, 0)
    s.expect(0, Kind.YES_NO, True)
    assert g.players[0].soul == SOUL_REMOVED and costs.cores_on(g, x03) == 3
    assert view_for(g, 0).you.soul == "removed" and view_for(g, 1).opponent.soul == "removed"
    assert invariant_problems(g) == []
    OPS["refresh_step"](g)
    assert g.players[0].soul == SOUL_REMOVED  # gone for the rest of the game
    seal(g, 0)
    assert g.players[0].soul == SOUL_REMOVED
    from bs_tui.engine.systems.advent import advent_options

    why: list = []
    assert advent_options(g, 0, "main", why) == []
    assert "removed from the game by a Soul Drive" in why[0][1] and r04 in g.field
    # with only the Soul Core holding its lowest level, it cannot be used
    g2 = position(side(field=[f("X03", 0, soul=True)]), side())
    x = cid_of(g2, 0, "field", "X03")
    i = next(i for i, e in enumerate(g2.defs[x].effects) if e.steps[0].verb == "soul_drive")
    assert not SoulDrive().feasible(g2, (x, i, 0, x), g2.defs[x].effects[i].steps[0])
    g2.field[x].cores = 1
    assert SoulDrive().feasible(g2, (x, i, 0, x), g2.defs[x].effects[i].steps[0])


def test_contract_advent_places_any_number_of_cores() -> None:
    """A contract advent onto a card in soul state (001; the official common text: "any
    number of cores from your field and reserve"), never fewer than its Lv1 (Q&A 关于煌临 A1:
    an advent does not end with the spirit depleted)."""
    import pytest

    from bs_tui.engine.core.decision import IllegalAnswer

    g = position(side(hand=["Q04"], field=[f("Q01", 1)], reserve=4), side())
    q04, q01 = cid_of(g, 0, "hand", "Q04"), cid_of(g, 0, "field", "Q01")
    g.field[q01].soul_state, g.field[q01].cores = True, 0  # as the opponent left it
    g.players[0].reserve += 1
    g.pending = None
    g.push(("main_prompt",))
    g.run()
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", q04, q01))
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 1 and g.adventing == 0  # still performing it (④)
    with pytest.raises(IllegalAnswer):
        g.answer(("place", (), False))  # none would leave it depleted as the advent ends (A1)
    g.answer(("place", (("reserve", 5),), False))  # all five: any number
    assert g.field[q01].cores == 5 and g.field[q01].top == q04 and g.adventing == -1
