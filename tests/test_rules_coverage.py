"""Rules of the seeds that the engine already follows and no other test checked (the "test
only" entries of docs/rules-coverage.md, "Items without a test yet").

000 is /work/shared/seeds/000_233ffee1f23d7e15.txt (rulebook 16.0, Chinese), 001 the changes
after 13.0, 003 /work/shared/seeds/003_21e281ba2cf04f54.txt (rule notes, Japanese). Every test
drives the engine through the decision interface (`position`, then `Script` / `g.answer`),
mostly with test-only cards built here, and names the seed section and lines it checks. Each
has a control case where the same decision goes the other way, so that the test fails when
the rule is not followed.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, bp, cid_of, f, label_index, logged, pay, place, position, side

from bs_tui.engine import IllegalAnswer, load_cards, view_for
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.rules import costs

DRAW1 = [{"verb": "draw", "n": 1}]


def spirit(cid: str, name: str, bp: int = 3000, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "spirit",
        "colours": ["red"],
        "cost": 0,
        "symbols": ["red"],
        "levels": [{"cores": 1, "bp": bp}, {"cores": 3, "bp": bp + 2000}],
    }
    t.update(kw)
    return t


def magic(
    cid: str, name: str, do: list[dict[str, Any]], when: str = "main", colour: str = "red", **kw: Any
) -> dict[str, Any]:
    """A cost-0 magic with one effect; `kw` goes to the effect (a burst's `condition`)."""
    return {"id": cid, "name": name, "kind": "magic", "colours": [colour], "cost": 0, "effect": [on(when, do, **kw)]}


def nexus(cid: str, name: str, *effects: dict[str, Any], colour: str = "red", **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "nexus",
        "colours": [colour],
        "cost": 0,
        "symbols": [colour],
        "levels": [{"cores": 0}, {"cores": 2}],
        "effect": list(effects),
    }
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
        "brave_bp": 1000,
        "brave_condition": {"min_cost": 0},
    }
    t.update(kw)
    return t


def on(when: str, do: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return {"when": when, "do": do, **kw}


def back(name: str, families: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "spirit",
        "colours": ["red"],
        "cost": 3,
        "families": families,
        "symbols": ["red"],
        "levels": [{"cores": 1, "bp": 5000}, {"cores": 3, "bp": 7000}],
    }


def grimoire(cid: str, name: str, back_name: str) -> dict[str, Any]:
    """A nexus that turns over into a spirit when one of your spirits attacks, with count 3 or
    more (1 core from the void on it, then count +1); its back face draws as it reborns."""
    return nexus(
        cid,
        name,
        on("attacks", [{"verb": "flip", "min_count": 3, "cores": 1, "count": 1}], scope="own_spirit"),
        colour="purple",
        back={
            "name": back_name,
            "kind": "spirit",
            "colours": ["purple"],
            "cost": 4,
            "symbols": ["purple"],
            "levels": [{"cores": 1, "bp": 4000}, {"cores": 3, "bp": 6000}],
            "effect": [on("reborn", DRAW1)],
        },
    )


DESTROY1 = [{"verb": "destroy", "target": "opponent_spirit"}]
SMALL = {"target": "spirit", "all": True, "max_bp": 1000}  # every spirit with 1000 BP or less

EXTRA = [
    # N1: standby
    spirit("RC-WARDEN", "Parting Warden", bp=1000, effect=[on("leaves", DESTROY1)]),
    spirit("RC-SMALL", "Small Fry", bp=1000),
    spirit("RC-BIG", "Big Fry", bp=5000),
    magic("RC-WIPE", "Wipe", [{"verb": "destroy", **SMALL}]),
    magic("RC-SWEEP", "Sweep", [{"verb": "return_to_hand", **SMALL}]),
    magic("RC-SINK", "Sink", [{"verb": "return_to_deck", **SMALL}]),
    magic("RC-DRAIN", "Drain", [{"verb": "remove_cores", "n": 1, **SMALL}]),
    # N4: a burst effect is never used from the hand
    magic("RC-BURSTONLY", "Pure Snare", DESTROY1, when="burst", condition="opponent_attacks"),
    {
        "id": "RC-BURSTFLASH",
        "name": "Twin Snare",
        "kind": "magic",
        "colours": ["red"],
        "cost": 0,
        "effect": [
            {"when": "burst", "condition": "opponent_attacks", "do": DESTROY1},
            {"when": "flash", "do": DRAW1},
        ],
    },
    # N5: the open area
    magic("RC-STUDY", "Open Study", DRAW1),
    magic("RC-QUICK", "Open Quickstudy", DRAW1, when="flash"),
    {**magic("RC-MIRAGE", "Open Mirage", DRAW1), "mirage_cost": 0},
    # N7: Heavy Armor and Super Armor against bursts and mirages
    magic("RC-YSNARE", "Sunlit Snare", DESTROY1, when="burst", condition="opponent_attacks", colour="yellow"),
    {
        **magic("RC-YMIRAGE", "Sunlit Mirage", DRAW1, when="flash", colour="yellow"),
        "mirage_cost": 0,
        "effect": [on("flash", DRAW1), on("start_step", DESTROY1, mirage=True)],
    },
    spirit("RC-HEAVY-Y", "Sunward Bulwark", keywords=[{"name": "heavy_armor", "colours": ["yellow"]}]),
    spirit("RC-HEAVY-B", "Tideward Bulwark", keywords=[{"name": "heavy_armor", "colours": ["blue"]}]),
    spirit("RC-SUPER-Y", "Sunward Aegis", keywords=[{"name": "super_armor", "colours": ["yellow"]}]),
    # N8: forced separation
    spirit("RC-KNIGHT", "Oath Knight", cost=3, families=["Knight"]),
    spirit("RC-KNIGHT2", "Vow Knight", cost=3, families=["Knight"]),
    spirit("RC-SQUIRE", "Plain Squire", cost=3),
    brave("RC-BLADE", "Knight's Blade", brave_condition={"family": "Knight"}),
    magic("RC-SWAP", "Changeover", [{"verb": "exchange", "target": "own_spirit"}]),
    spirit("RC-HERALD", "Plain Herald", advent={"min_cost": 0}),
    spirit("RC-HERALD-K", "Knight Herald", families=["Knight"], advent={"min_cost": 0}),
    spirit(
        "RC-CHRYS",
        "Oath Chrysalis",
        cost=3,
        families=["Knight"],
        effect=[on("attacks", [{"verb": "flip"}])],
        back=back("Unbound Moth", []),
    ),
    spirit(
        "RC-CHRYS-K",
        "Vow Chrysalis",
        cost=3,
        families=["Knight"],
        effect=[on("attacks", [{"verb": "flip"}])],
        back=back("Knight Moth", ["Knight"]),
    ),
    # N12, N13: rebirth
    grimoire("RC-GRIM", "Twin Grimoire", "Twin Wraith"),
    grimoire("RC-GRIM2", "Sister Grimoire", "Sister Wraith"),
    spirit("RC-FLIPPER", "Husk Flipper", cost=3, effect=[on("main", [{"verb": "flip"}])], back=back("Husk Moth", [])),
    # N16: tokens
    spirit("RC-HERALD-T", "Token Herald", advent={"min_cost": 0}),
    # N17: an effect's own "cannot be prevented"
    nexus(
        "RC-HUSH",
        "Hush Bell",
        on("continuous", [{"verb": "forbid", "target": "opponent_spirit", "what": "activate", "effects": "summoned"}]),
        colour="purple",
    ),
    spirit("RC-STUBBORN", "Stubborn Raider", effect=[on("summoned", [{**DESTROY1[0], "unpreventable": True}])]),
    # N18: "this turn" given by a spirit that then leaves
    spirit(
        "RC-RALLY",
        "Rallying Herald",
        effect=[on("summoned", [{"verb": "bp", "target": "other_own_spirit", "amount": 3000}])],
    ),
    # N21: once per turn and a new visit
    magic("RC-RECALL", "Recall Oath", [{"verb": "return_to_hand", "target": "own_soul_state"}]),
    # N22: [OC] and "this turn"
    spirit(
        "RC-OC",
        "Overcount Duelist",
        oc={"count": 2, "bp": 1000},
        effect=[on("main", [{"verb": "bp", "target": "this", "amount": 3000}], oc=True, once="turn")],
    ),
    magic("RC-UNCOUNT", "Count Drain", [{"verb": "count", "n": -2}]),
    magic("RC-COUNT", "Count Gain", [{"verb": "count", "n": 2}]),
    # N14: a contract spirit whose own effect shows whether its effects activate
    spirit("RC-PACT", "Pactbound Scout", cost=3, contract=True, effect=[on("attacks", DRAW1)]),
    # N24: a colourless ultimate
    {
        "id": "RC-ULT",
        "name": "Test Crown Ultimate",
        "kind": "ultimate",
        "colours": ["red"],
        "cost": 5,
        "symbols": ["ultimate"],
        "levels": [{"cores": 1, "bp": 5000}],
    },
    nexus(
        "RC-GREY",
        "Greying Field",
        on("continuous", [{"verb": "set_colour", "target": "opponent_ultimate", "colours": []}]),
        colour="white",
    ),
    spirit("RC-UCOST", "Crown Vassal", cost=3, reduction=["ultimate"]),
    # N25: vanilla spirits and braves
    brave("RC-SPIRITONLY", "Lone Blade", effect=[on("summoned", DRAW1)]),
    brave("RC-BLANK", "Blank Blade"),
    # N28: open the deck, the rest to the bottom
    magic("RC-DIG", "Deep Dig", [{"verb": "open_deck", "n": 3, "add": 1, "kind": "spirit", "rest": "bottom"}]),
    # N29: cores back to the reserve as a card leaves
    nexus("RC-WATCH", "Reserve Watch", on("opponent_cores_to_reserve", DRAW1)),
    magic("RC-KILL", "Smite", DESTROY1),
    magic("RC-BOUNCE", "Banish Wind", [{"verb": "return_to_hand", "target": "opponent_spirit"}]),
    magic("RC-PLUCK", "Pluck", [{"verb": "remove_cores", "target": "opponent_spirit", "n": 1}]),
    # N31: the hand increased by two effects
    nexus("RC-GREED", "Greed Bell", on("opponent_hand_added", [{"verb": "discard_deck", "n": 1}])),
    spirit("RC-TWICE", "Twice-Learned Sage", effect=[on("summoned", DRAW1), on("summoned", DRAW1)]),
    spirit("RC-ONCE", "Once-Learned Sage", effect=[on("summoned", [{"verb": "draw", "n": 2}])]),
]


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in EXTRA:
        c = card_from_table(t, "test_rules_coverage")
        cards[c.id] = c
    return CardDB(cards, "test_rules_coverage")


def use(s: Script, player: int, cid: int, which: str = "main") -> None:
    """Use a cost-0 magic in the Main Step."""
    s.expect(player, Kind.MAIN_ACTION, ("magic", cid, which))
    if s.g.decision is not None and s.g.decision.kind == Kind.PAY_COST:
        s.expect(player, Kind.PAY_COST, pay())


def hand(g, p: int) -> int:
    return len(g.players[p].hand)


def at(g, text: str) -> int:
    """The index of the first log line holding `text` (-1: none)."""
    return next((i for i, line in enumerate(g.log_lines()) if text in line), -1)


# ======================================================================= N1: standby


@pytest.mark.parametrize(
    ("wipe", "why", "offered"),
    [
        ("RC-WIPE", "destroyed", True),
        ("RC-DRAIN", "depleted", False),
        ("RC-SWEEP", "hand", False),
        ("RC-SINK", "deck", False),
    ],
)
def test_only_a_destroyed_spirit_in_standby_is_chosen_by_an_unrelated_effect(xdb, wipe, why, offered):
    """000 ch.1 §5 消灭 (line 249): a depleted spirit cannot be chosen by effects other than
    those about its depletion; Q&A 关于战魂或究极等的状态 A1 (line 837): a destroyed spirit in
    standby can be chosen by ordinary effects, one depleted or being returned to the hand or
    deck cannot. One magic makes the opponent's Small Fry and the player's Parting Warden
    leave at once; the Warden's "when this leaves the field: destroy 1 opposing spirit"
    (nothing to do with the Fry's leaving) is offered the Fry only when it was destroyed."""
    g = position(side(hand=[wipe], field=[f("RC-WARDEN")]), side(field=[f("RC-SMALL"), f("RC-BIG")]), db=xdb)
    fry, big = cid_of(g, 1, "field", "RC-SMALL"), cid_of(g, 1, "field", "RC-BIG")
    s = Script(g)
    use(s, 0, cid_of(g, 0, "hand", wipe))
    if offered:
        d = s.expect(0, Kind.CHOOSE_TARGETS)
        assert g.field[fry].leaving == "destroyed"
        assert set(d.options) == {(fry,), (big,)}
        g.answer((big,))
    s.expect(0, Kind.MAIN_ACTION)
    # the Warden's effect destroyed the Big Fry: chosen, or else the only card it could choose
    assert big in g.players[1].trash and logged(g, "Big Fry is destroyed (effect of Parting Warden)")
    where = {"destroyed": "trash", "depleted": "trash", "hand": "hand", "deck": "deck"}[why]
    assert fry in g.players[1].zone(where) and fry not in g.field


# ======================================================================= N3: no limits


def test_no_hand_size_limit(xdb):
    """000 ch.1 §4 <3> (line 176): "手牌数量没有上限" — there is no hand size limit. Player 2
    holds 15 cards: their Draw Step makes 16, and nothing is discarded in their End Step or
    after; their next Draw Step makes 17."""
    g = position(side(deck=["R01"] * 10), side(hand=["R01"] * 15, deck=["R01"] * 10), db=xdb)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert hand(g, 1) == 16
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert hand(g, 1) == 17 and not g.players[1].trash


def test_no_limit_to_the_cards_on_the_field(xdb):
    """000 ch.1 §5 (line 221): "战场上能够放置的战魂或核心之类的数量没有限制" — no limit to the
    spirits or nexuses on the field. With 20 spirits and 5 nexuses on the field, 5 more
    spirits are summoned one after another and a nexus is deployed; summoning stays offered."""
    spirits = [f("RC-SMALL")] * 20
    nexuses = [f("RC-WATCH", 0)] * 5
    g = position(side(hand=["RC-SMALL"] * 5 + ["RC-WATCH"], field=spirits + nexuses, reserve=10), side(), db=xdb)
    s = Script(g)
    for _ in range(5):
        cid = cid_of(g, 0, "hand", "RC-SMALL")
        s.expect(0, Kind.MAIN_ACTION, ("summon", cid))
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))
        assert cid in g.field
    assert len(g.players[0].field) == 30
    s.expect(0, Kind.MAIN_ACTION, ("deploy", cid_of(g, 0, "hand", "RC-WATCH")))
    s.expect(0, Kind.PLACE_CORES, place())
    d = s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[0].field) == 31 and ("end",) in d.options


# ======================================================================= N4: bursts in the hand


def test_a_burst_effect_is_never_used_from_the_hand(xdb):
    """000 ch.1 §5.4 (line 260): "「爆裂」效果不可以从手牌中进行使用" and §6 <2> (line 345): in
    flash timing a magic's burst effect in the hand cannot be used. In the Main Step Pure
    Snare (a burst effect only) is offered only to be set as a burst, Twin Snare (a burst and
    a Flash effect) for its Flash effect and to be set; no answer uses a burst effect."""
    g = position(side(hand=["RC-BURSTONLY", "RC-BURSTFLASH"], field=[f("RC-SMALL")]), side(field=[f("RC-BIG")]), db=xdb)
    pure, twin = cid_of(g, 0, "hand", "RC-BURSTONLY"), cid_of(g, 0, "hand", "RC-BURSTFLASH")
    opts = g.decision.options
    assert [o for o in opts if pure in o] == [("set_burst", pure)]
    assert [o for o in opts if twin in o] == [("magic", twin, "flash"), ("set_burst", twin)]
    for answer in (("magic", pure, "burst"), ("magic", pure, "main"), ("magic", twin, "burst")):
        with pytest.raises(IllegalAnswer):
            g.answer(answer)
    # used from the hand, Twin Snare does its Flash effect (a draw), not its burst effect
    big = cid_of(g, 1, "field", "RC-BIG")
    before = hand(g, 0)
    use(Script(g), 0, twin, "flash")
    assert hand(g, 0) == before - 1 + 1 and big in g.field


def test_a_burst_effect_is_not_offered_in_flash_timing(xdb):
    """000 ch.1 §6 <2> (line 345): "手牌中魔法卡的主要阶段或爆裂效果不能使用" — in flash timing
    the defending player's Pure Snare (a burst effect only) is not offered; Twin Snare is, and
    used it does its Flash effect, never its burst effect (the attacker stays)."""
    g = position(
        side(field=[f("RC-BIG")]),
        side(hand=["RC-BURSTONLY", "RC-BURSTFLASH"], deck=["R01"] * 5),
        step="attack",
        db=xdb,
    )
    attacker = cid_of(g, 0, "field", "RC-BIG")
    pure, twin = cid_of(g, 1, "hand", "RC-BURSTONLY"), cid_of(g, 1, "hand", "RC-BURSTFLASH")
    g.ask_every_flash = True  # every flash window asks, so the battle waits at each
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", attacker))
    d = s.expect(1, Kind.FLASH)
    assert d.options == (("magic", twin), ("pass",))
    with pytest.raises(IllegalAnswer):
        g.answer(("magic", pure))
    before = hand(g, 1)
    g.answer(("magic", twin))
    if g.decision.kind == Kind.PAY_COST:
        s.expect(1, Kind.PAY_COST, pay())
    s.expect(0, Kind.FLASH)  # the attacker may answer: the Snare has resolved
    assert hand(g, 1) == before - 1 + 1 and attacker in g.field and twin in g.players[1].trash


# ======================================================================= N5: the open area


def test_a_magic_in_the_open_area_is_used_as_from_the_hand(xdb):
    """000 ch.1 §5.1/§5.4 (lines 220, 258: 手牌中或手边的魔法卡) and 003 手元 (lines 77-78: it can be
    used as if in the hand): a magic in the open area is offered for its Main effect and a
    flash magic for its Flash effect, in the Main Step and in flash timing; used, it resolves
    and goes to the trash."""
    g = position(side(open_area=["RC-STUDY", "RC-QUICK"], field=[f("RC-BIG")], deck=["R01"] * 5), side(), db=xdb)
    study, quick = cid_of(g, 0, "open_area", "RC-STUDY"), cid_of(g, 0, "open_area", "RC-QUICK")
    opts = g.decision.options
    assert ("magic", study, "main") in opts and ("magic", quick, "flash") in opts
    s = Script(g)
    use(s, 0, study)
    assert hand(g, 0) == 1 and study in g.players[0].trash and study not in g.players[0].open_area
    # in flash timing: the defending player's open-area flash magic
    g = position(side(field=[f("RC-BIG")]), side(open_area=["RC-QUICK"], deck=["R01"] * 5), step="attack", db=xdb)
    quick = cid_of(g, 1, "open_area", "RC-QUICK")
    g.ask_every_flash = True
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "RC-BIG")))
    d = s.expect(1, Kind.FLASH)
    assert d.options == (("magic", quick), ("pass",))
    g.answer(("magic", quick))
    if g.decision.kind == Kind.PAY_COST:
        s.expect(1, Kind.PAY_COST, pay())
    s.expect(0, Kind.FLASH)
    assert hand(g, 1) == 1 and quick in g.players[1].trash


def test_a_mirage_in_the_open_area_is_not_set(xdb):
    """000 ch.1 §5.8 (line 281) and ch.2 §3 (line 513): "不能从手边进行设置" — a mirage is set
    from the hand, never from the open area: the same mirage card is offered to be set from
    the hand and not from the open area (where its Main effect is still usable)."""
    g = position(side(open_area=["RC-MIRAGE"], hand=["RC-MIRAGE"]), side(), db=xdb)
    in_open, in_hand = cid_of(g, 0, "open_area", "RC-MIRAGE"), cid_of(g, 0, "hand", "RC-MIRAGE")
    opts = g.decision.options
    assert ("set_mirage", in_hand) in opts and ("set_mirage", in_open) not in opts
    with pytest.raises(IllegalAnswer):
        g.answer(("set_mirage", in_open))
    g = position(side(open_area=["RC-MIRAGE"]), side(), db=xdb)
    in_open = cid_of(g, 0, "open_area", "RC-MIRAGE")
    assert [o for o in g.decision.options if in_open in o] == [("magic", in_open, "main")]


# ======================================================================= N6: set bursts and mirages stay


def test_a_set_burst_or_mirage_is_never_taken_back_nor_holds_cores(xdb):
    """000 ch.2 §2 (line 487): a burst is never returned to the hand nor discarded without a
    new one being set, and no cores are put on it; §3 (line 529): the same of a mirage. No
    Main Step action names the set burst or mirage (only the new cards in the hand may replace
    them), the Main Step's core move does not hold them, and a layout putting a core on
    either is refused."""
    g = position(
        side(hand=["RC-BURSTONLY", "RC-MIRAGE"], field=[f("RC-BIG", 2)], burst="RC-YSNARE", mirage="RC-YMIRAGE"),
        side(),
        db=xdb,
    )
    burst, mirage = g.players[0].burst[0], g.players[0].mirage[0]
    new_burst, new_mirage = cid_of(g, 0, "hand", "RC-BURSTONLY"), cid_of(g, 0, "hand", "RC-MIRAGE")
    big = cid_of(g, 0, "field", "RC-BIG")
    opts = list(g.legal_answers())
    assert not [o for o in opts if burst in o or mirage in o]
    assert ("set_burst", new_burst) in opts and ("set_mirage", new_mirage) in opts
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    d = s.expect(0, Kind.MOVE_CORES)
    assert d.context["holders"] == (big,)
    assert {src.source for src in d.allocation.sources} == {"reserve", big}
    for onto in (burst, mirage):
        with pytest.raises(IllegalAnswer):
            g.answer(("layout", ((big, 1), (onto, 1)), "reserve"))
    g.answer(("cancel",))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    assert g.players[0].burst == [burst] and g.players[0].mirage == [mirage]


# ======================================================================= N7: Heavy Armor, Super Armor


@pytest.mark.parametrize(("guard", "kept_out"), [("RC-HEAVY-Y", True), ("RC-HEAVY-B", False)])
def test_heavy_armor_keeps_out_an_activated_bursts_effect(xdb, guard, kept_out):
    """000 ch.2 §2 (line 500): "即使是「爆裂状态」的卡的效果，也会被对应的【重装甲】/【超装甲】防止" —
    an activated burst's effect is kept out by a matching Heavy Armor. The defender's yellow
    Sunlit Snare ("after your opponent's attack: destroy 1 opposing spirit") can choose none
    of the attacker's spirits beside a Heavy Armor: yellow; beside a Heavy Armor: blue it can
    choose either."""
    g = position(side(field=[f("RC-BIG"), f(guard)]), side(burst="RC-YSNARE"), step="attack", db=xdb)
    big, wall = cid_of(g, 0, "field", "RC-BIG"), cid_of(g, 0, "field", guard)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", big))
    d = s.expect(1, Kind.YES_NO, True)
    assert d.context["question"] == "burst"
    if kept_out:
        assert logged(g, "Sunlit Snare: no card can be chosen.")
    else:
        d = s.expect(1, Kind.CHOOSE_TARGETS)
        assert set(d.options) == {(big,), (wall,)}
        g.answer((wall,))
        assert wall in g.players[0].trash
    assert big in g.field and (wall in g.field) == kept_out


@pytest.mark.parametrize(
    ("guard", "kept_out"), [("RC-HEAVY-Y", True), ("RC-SUPER-Y", True), ("RC-HEAVY-B", False), ("RC-BIG", False)]
)
def test_heavy_and_super_armor_keep_out_a_set_mirages_effect(xdb, guard, kept_out):
    """000 ch.2 §3 (line 524): "幻境的【设置中】效果，会被对应的【重装甲】/【超装甲】等效果防止" —
    a set mirage's [Set] effect is kept out by a matching Heavy Armor or Super Armor. Player
    2's yellow Sunlit Mirage ("[Set] At the start of your turn: destroy 1 opposing spirit")
    cannot destroy player 1's spirit that has a yellow Heavy Armor or a yellow Super Armor; a
    blue Heavy Armor, or none, keeps nothing out."""
    g = position(side(field=[f(guard)]), side(mirage="RC-YMIRAGE"), active=0, db=xdb)
    me = cid_of(g, 0, "field", guard)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    if g.decision.kind == Kind.ATTACK:
        s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)  # player 2's Start Step has passed
    assert logged(g, "Sunlit Mirage")
    assert (me in g.field) == kept_out
    assert logged(g, "Sunlit Mirage: no card can be chosen.") == kept_out


# ======================================================================= N8: forced separation


def braved_knight(card: str = "RC-KNIGHT") -> dict[str, Any]:
    return f(card, 1, brave="RC-BLADE")


def separates(s: Script, host: int, blade: int) -> None:
    """Knight's Blade separates from `host`: it may stay as a spirit by placing its Lv1
    cores (000 ch.2 §1 ③); declined, it goes to the trash."""
    g = s.g
    d = s.expect(0, Kind.PLACE_CORES, ("cancel",))
    assert d.allocation.card == blade and d.allocation.cancellable
    assert g.field[host].brave == -1 and blade in g.players[0].trash and blade not in g.field
    assert logged(g, "Knight's Blade no longer meets its brave condition and separates from")


@pytest.mark.parametrize(("new", "stays"), [("RC-SQUIRE", False), ("RC-KNIGHT2", True)])
def test_an_exchange_separates_a_brave_the_new_card_does_not_fit(xdb, new, stays):
    """000 ch.2 §1 (line 426): a brave that no longer meets its condition after an exchange
    separates; Q&A 关于合体 A8 (line 872): a braved spirit exchanged with a hand card: the
    brave is braved to the new card, and separates if that does not meet the condition. Knight's
    Blade (a "Knight" spirit) stays on the Vow Knight put in place of the Oath Knight, and
    separates from the Plain Squire (with no core to stay as a spirit: to the trash)."""
    g = position(side(hand=["RC-SWAP", new], field=[braved_knight()], reserve=0), side(), db=xdb)
    knight, blade, card = (
        cid_of(g, 0, "field", "RC-KNIGHT"),
        cid_of(g, 0, "field", "RC-BLADE"),
        cid_of(g, 0, "hand", new),
    )
    s = Script(g)
    use(s, 0, cid_of(g, 0, "hand", "RC-SWAP"))
    assert knight in g.players[0].hand and card in g.field
    if stays:
        assert g.field[card].brave == blade and g.field[blade].host == card
    else:
        separates(s, card, blade)
    s.expect(0, Kind.MAIN_ACTION)


@pytest.mark.parametrize(("herald", "stays"), [("RC-HERALD", False), ("RC-HERALD-K", True)])
def test_an_advent_separates_a_brave_the_new_top_card_does_not_fit(xdb, herald, stays):
    """000 ch.2 §5 (line 576): "对合体战魂进行了《煌临》的场合，合体中的合体，在不再符合合体条件的
    场合，将会强制进行分离" — after an advent onto a braved spirit, a brave the new top card does
    not fit separates. Knight's Blade stays braved under the Knight Herald and separates from
    the Plain Herald."""
    g = position(side(hand=[herald], field=[braved_knight()], reserve=0), side(), db=xdb)
    knight, blade, card = (
        cid_of(g, 0, "field", "RC-KNIGHT"),
        cid_of(g, 0, "field", "RC-BLADE"),
        cid_of(g, 0, "hand", herald),
    )
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", card, knight))
    assert g.field[knight].top == card and g.field[knight].sources == (knight,)
    if stays:
        assert g.field[knight].brave == blade and g.field[blade].host == knight
    else:
        separates(s, knight, blade)
    s.expect(0, Kind.MAIN_ACTION)


@pytest.mark.parametrize(("chrys", "stays"), [("RC-CHRYS", False), ("RC-CHRYS-K", True)])
def test_a_rebirth_separates_a_brave_the_back_face_does_not_fit(xdb, chrys, stays):
    """000 ch.2 §7 ④ (line 672): "将不符合合体条件的合体进行分离" — after a rebirth, a brave the
    back face does not fit separates. The Oath Chrysalis (a Knight) turns over as it attacks
    into the Unbound Moth (no Knight): Knight's Blade separates; the Vow Chrysalis turns into
    the Knight Moth: it stays braved."""
    g = position(side(field=[braved_knight(chrys)], reserve=0), side(), step="attack", db=xdb)
    me, blade = cid_of(g, 0, "field", chrys), cid_of(g, 0, "field", "RC-BLADE")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", me))
    assert logged(g, "turns over: rebirth into")
    if stays:
        assert g.field[me].brave == blade and g.field[blade].host == me
    else:
        separates(s, me, blade)


# ======================================================================= N10, N11: grandwalkers


@pytest.mark.parametrize(("nexus", "lives"), [("N03", 2), ("N22", 2), (None, 1)])
def test_a_grandwalker_or_astral_stone_meets_if_you_have_a_nexus(nexus, lives):
    """000 ch.2 §6 (line 591): "因为是核心，可以……满足写有「自己有核心存在时」的条件" — a
    grandwalker or astral stone nexus is a nexus: it meets "while you have a nexus". Twinsigil
    Scarab (E21: "While you have a nexus, this spirit gets one more green symbol") beside
    Sylvane, Grandwalker of Roots (N03) or the Rootbound Astral Stone (N22) alone takes two
    lives; with no nexus, one."""
    g = position(side(field=[f("E21"), *([f(nexus, 0)] if nexus else [])]), side(), step="attack")
    scarab = cid_of(g, 0, "field", "E21")
    life = g.players[1].life_total
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", scarab))
    s.expect(1, Kind.MAIN_ACTION)  # nobody could block: the hit went through, the turn passed
    assert g.players[1].life_total == life - lives


@pytest.mark.parametrize(("beside", "charge"), [("N01", False), ("N02", True)])
def test_no_deploy_core_charge_beside_a_grandwalker_of_its_name(beside, charge):
    """000 ch.2 §6 (line 602): "配置了创界神核心时，若不是自己的同名创界神核心，便可以……" — a
    grandwalker deployed gets its Core Charge unless you already have a grandwalker of its
    name: a second Forgeheart (N01) is deployed with no Core Charge offered; beside Maelstra
    (N02) it is offered."""
    g = position(side(hand=["N01"], field=[f(beside, 0)], reserve=4), side())
    new = cid_of(g, 0, "hand", "N01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", new))
    s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    if charge:
        d = s.expect(0, Kind.YES_NO, False)
        assert "Core Charge" in d.prompt and d.context["card"] == new
    s.expect(0, Kind.MAIN_ACTION)
    assert new in g.field and g.field[new].cores == 0


@pytest.mark.parametrize(("card", "charge"), [("A01", True), ("RC-HERALD", False)])
def test_an_advent_meeting_the_condition_charges_a_grandwalker(xdb, card, charge):
    """000 ch.2 §6 (line 603): "配置之后，在召唤或煌临了满足系统或费用等神托条件时也可以放置晶核" —
    after it is deployed, a card that meets the Core Charge condition and is advented (not
    only summoned) puts a core from the void on the grandwalker. Pyre Regent Dragon (A01,
    cost 6) advented beside Forgeheart (N01: spirit cards with cost 3 or more) charges it; the
    Plain Herald (cost 0) does not."""
    g = position(side(hand=[card], field=[f("N01", 0), f("R03", 1)]), side(), db=xdb)
    walker, raptor, adv = cid_of(g, 0, "field", "N01"), cid_of(g, 0, "field", "R03"), cid_of(g, 0, "hand", card)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", adv, raptor))
    if charge:
        d = s.expect(0, Kind.ORDER_TRIGGERS)  # its "when advents" and the Core Charge
        g.answer(label_index(d, "Core Charge"))
        s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[raptor].top == adv
    assert g.field[walker].cores == (1 if charge else 0)


# ======================================================================= N12, N13: rebirth


def test_two_rebirths_met_at_once_turn_over_one_at_a_time(xdb):
    """000 ch.2 §7 ① (line 666): "即使满足了翻面条件也不能同时将复数的卡翻面" — two rebirth
    effects met at one moment turn their cards over one at a time, each its own resolution
    (③-⑤: cores, count, "when this reborns"). Both Grimoires trigger as the Big Fry attacks
    with the count at 3; the player picks the Sister Grimoire first: it turns over, its count
    +1 and its Wraith's draw are done before the Twin Grimoire turns over."""
    g = position(
        side(field=[f("RC-BIG"), f("RC-GRIM", 0), f("RC-GRIM2", 0)], deck=["R01"] * 5), side(), step="attack", db=xdb
    )
    p = g.players[0]
    p.count, p.void = 3, p.void - 3
    twin, sister = cid_of(g, 0, "field", "RC-GRIM"), cid_of(g, 0, "field", "RC-GRIM2")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "RC-BIG")))
    d = s.expect(0, Kind.ORDER_TRIGGERS)
    assert len(d.options) == 2 and not g.flipped  # two effects; nothing turned over yet
    g.answer(label_index(d, "Sister Grimoire"))
    first, count4, drew, second, count5 = (
        at(g, "Sister Grimoire turns over"),
        at(g, "count +1 (now 4)"),
        at(g, "Effect of Sister Wraith"),
        at(g, "Twin Grimoire turns over"),
        at(g, "count +1 (now 5)"),
    )
    assert -1 < first < count4 < drew < second < count5, g.log_lines()
    assert twin in g.flipped and sister in g.flipped and p.count == 5


def test_a_reborn_card_that_becomes_an_advent_source_turns_back(xdb):
    """000 ch.2 §7 (line 676): "进行过转醒后翻面的卡也会在……成为煌临元卡时恢复为转醒前" — a card
    turned over by rebirth goes back to its front face when it becomes an advent source. The
    Husk Flipper turns into the Husk Moth; Pyre Regent Dragon (A01) advents onto it: the
    source under the Dragon is the Husk Flipper again, as both players see it."""
    g = position(side(hand=["A01"], field=[f("RC-FLIPPER")]), side(), db=xdb)
    me, dragon = cid_of(g, 0, "field", "RC-FLIPPER"), cid_of(g, 0, "hand", "A01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("activate", me, 0))
    assert me in g.flipped and g.card_name(me) == "Husk Moth"
    s.expect(0, Kind.MAIN_ACTION, ("advent", dragon, me))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[me].top == dragon and g.field[me].sources == (me,)
    assert me not in g.flipped and g.card(me).name == "Husk Flipper"
    for seat in (0, 1):
        (card,) = [c for c in view_for(g, seat).sides[0].field if c.cid == me]
        assert [v.card.name for v in card.sources] == ["Husk Flipper"]


# ======================================================================= N14, N15, N21, N22: contracts, the count


def test_soul_state_is_taken_even_when_the_spirits_effects_cannot_activate(xdb):
    """000 ch.2 §8 (line 716): "成为「魂状态」并非效果，所以战魂不能发挥效果的场合也可以成为「魂状
    态」"; 001 (line 30): a contract spirit under "effects cannot activate" may still take soul
    state. Under Muted Choir Lich (E11: "During your opponent's turn: The effects of opposing
    spirits cannot activate") the contract spirit Pactbound Scout's "when attacks: draw 1 card"
    does not activate; destroyed by the Lich's block, it is still offered soul state (and
    kept in it)."""
    g = position(side(field=[f("RC-PACT", 1)], deck=["R01"] * 5), side(field=[f("E11", 1)]), step="attack", db=xdb)
    scout, lich = cid_of(g, 0, "field", "RC-PACT"), cid_of(g, 1, "field", "E11")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", scout))
    assert hand(g, 0) == 0 and not logged(g, "Effect of Pactbound Scout")  # it did not activate
    s.expect(1, Kind.BLOCK, ("block", lich))  # 5000 BP against 3000: the Scout is destroyed
    d = s.expect(0, Kind.YES_NO, True)
    assert d.context["question"] == "soul_state" and d.context["card"] == scout
    assert scout in g.field and g.field[scout].soul_state and scout not in g.players[0].trash


@pytest.mark.parametrize(("card", "given"), [("A01", False), ("Q06", True)])
def test_a_contract_source_gives_nothing_to_a_plain_advent(card, given):
    """000 ch.2 §8 (line 726): "成为持有《煌临》的战魂的煌临元卡时则不能发挥效果"; 001 (line 54):
    a [Contract Advent Source] effect is given to a spirit with 《契约煌临》, never to one with
    plain 《煌临》. Covenant Tide Serpent (Q02: "[Soul State][Contract Advent Source]/[Spirit]
    [Once per turn] When one of your spirits is summoned: Count +1") under Pyre Regent Dragon
    (A01, 《煌临》) gives it nothing: a spirit summoned adds no count; under Tidepact Leviathan
    (Q06, 《契约煌临》) it does."""
    g = position(side(hand=[card, "R01"], field=[f("Q02", 1)], reserve=4, deck=["R01"] * 5), side())
    q02, top, pup = cid_of(g, 0, "field", "Q02"), cid_of(g, 0, "hand", card), cid_of(g, 0, "hand", "R01")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("advent", top, q02))
    assert g.field[q02].top == top and g.field[q02].sources == (q02,)
    s.expect(0, Kind.MAIN_ACTION, ("summon", pup))
    if g.decision.kind == Kind.PAY_COST:
        s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].count == (1 if given else 0)


def test_once_per_turn_is_usable_again_by_a_contract_card_summoned_again(xdb):
    """001 (line 69, example 2): a [Soul State]/[Spirit] once-per-turn effect used in soul
    state can be used again the same turn by the card summoned again, which is another
    spirit (Q&A 关于契约卡 A3's "unless"). Covenant Tide Serpent (Q02) in soul state counts +1
    as a spirit is summoned; recalled to the hand and summoned again, its own summon counts
    +1 again; a third summon that turn adds nothing (used by this visit)."""
    g = position(
        side(hand=["RC-RECALL", "R01", "R01"], field=[f("Q02", 1)], reserve=8, deck=["R01"] * 5), side(), db=xdb
    )
    q02 = cid_of(g, 0, "field", "Q02")
    g.field[q02].soul_state, g.field[q02].cores = True, 0
    g.players[0].reserve += 1
    p = g.players[0]
    s = Script(g)

    def summon(cid: int) -> None:
        s.expect(0, Kind.MAIN_ACTION, ("summon", cid))
        if g.decision.kind == Kind.PAY_COST:  # a Cinder Pup on the field reduces the next one to 0
            s.expect(0, Kind.PAY_COST, pay(reserve=g.decision.allocation.amount))
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))

    summon(cid_of(g, 0, "hand", "R01"))
    assert p.count == 1  # in soul state
    use(s, 0, cid_of(g, 0, "hand", "RC-RECALL"))
    assert q02 in p.hand and q02 not in g.field
    summon(q02)  # summoned again: another spirit; its own summon is "one of your spirits"
    assert p.count == 2 and q02 in g.field and not g.field[q02].soul_state
    summon(cid_of(g, 0, "hand", "R01"))
    assert p.count == 2


def test_a_this_turn_effect_of_an_oc_effect_outlasts_the_over_count(xdb):
    """001 (line 93): "发挥了效果后，即使不再满足OC条件，「这个回合中」等持续效果则仍然继续发挥" —
    with the count at its OC, the Overcount Duelist's [OC] effect gives it BP +3000 this
    turn; Count −2 takes the count below the OC: the OC's own BP +1000 goes and its [OC]
    effect is no longer offered, but the BP +3000 stays for the turn."""
    g = position(side(hand=["RC-COUNT", "RC-UNCOUNT"], field=[f("RC-OC")]), side(), db=xdb)
    p = g.players[0]
    duelist = cid_of(g, 0, "field", "RC-OC")
    assert ("activate", duelist, 0) not in g.decision.options  # no OC yet
    s = Script(g)
    use(s, 0, cid_of(g, 0, "hand", "RC-COUNT"))
    assert p.count == 2 and bp(g, duelist) == 3000 + 1000
    s.expect(0, Kind.MAIN_ACTION, ("activate", duelist, 0))
    assert bp(g, duelist) == 3000 + 1000 + 3000
    use(s, 0, cid_of(g, 0, "hand", "RC-UNCOUNT"))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert p.count == 0 and ("activate", duelist, 0) not in d.options
    assert bp(g, duelist) == 3000 + 3000
    g.answer(("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert bp(g, duelist) == 3000  # the turn is over


# ======================================================================= N16: tokens


def test_a_token_spirit_is_braved_and_advented_onto(xdb):
    """000 ch.2 §9 (line 750): "若满足条件，也可以进行合体或煌临、替换" — a token spirit on the field
    may be braved and advented onto. Imp Kiln Mother (K11) puts an Ember Imp Token onto the
    field; Blank Blade (brave condition: cost 0 or more) is summoned braved to it, then the
    Token Herald (advent onto a spirit with cost 0 or more) advents onto it."""
    g = position(side(hand=["K11", "RC-BLANK", "RC-HERALD-T"], reserve=7), side(), db=xdb)
    kiln, blade, herald = (cid_of(g, 0, "hand", c) for c in ("K11", "RC-BLANK", "RC-HERALD-T"))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", kiln))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.PLACE_CORES, place(reserve=1))  # the token's Lv1 core
    assert "Ember Imp Token" in d.prompt
    token = cid_of(g, 0, "field", "K01")
    assert g.defs[token].token
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon_braved", blade, token) in d.options and ("advent", herald, token) in d.options
    g.answer(("summon_braved", blade, token))
    assert g.field[token].brave == blade and g.field[blade].host == token
    s.expect(0, Kind.MAIN_ACTION, ("advent", herald, token))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[token].top == herald and g.field[token].sources == (token,)
    assert g.field[token].brave == blade  # a brave with condition cost 0 or more still fits


# ======================================================================= N17, N18: effects as a whole


@pytest.mark.parametrize(("hush", "fires"), [(True, False), (False, True)])
def test_an_effects_own_cannot_be_prevented_does_not_let_it_activate(xdb, hush, fires):
    """000 Q&A 关于效果整体 A4 (line 771): "即使是包括「不能防止」效果……只要是召唤时效果等瞬间发挥的
    效果，则受那个效果自身无法发挥的效果影响的状况下也不能发挥" — a "when summoned" effect that
    itself cannot be prevented still does not activate under "its effects cannot activate".
    The Stubborn Raider's "when summoned: destroy 1 opposing spirit (this cannot be
    prevented)" does nothing beside the opponent's Hush Bell ("the 'when summoned' effects of
    opposing spirits cannot activate"); with no Bell it destroys."""
    g = position(
        side(hand=["RC-STUBBORN"]),
        side(field=[f("RC-BIG"), *([f("RC-HUSH", 0)] if hush else [])]),
        db=xdb,
    )
    big = cid_of(g, 1, "field", "RC-BIG")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "RC-STUBBORN")))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert (big in g.players[1].trash) == fires and logged(g, "Effect of Stubborn Raider") == fires


def test_a_this_turn_effect_outlasts_the_spirit_that_gave_it(xdb):
    """000 Q&A 关于效果整体 A8 (lines 782-783): an effect with a duration ("this turn") given by a
    spirit on the field lasts its duration even when that spirit leaves the field. The
    Rallying Herald's "when summoned: 1 other spirit of yours gets BP +3000 this turn" on the
    Big Fry; the Herald, depleted by the Main Step's core move, leaves: the Big Fry keeps its
    BP +3000 until the turn ends."""
    g = position(side(hand=["RC-RALLY"], field=[f("RC-BIG")], reserve=1), side(), db=xdb)
    big, herald = cid_of(g, 0, "field", "RC-BIG"), cid_of(g, 0, "hand", "RC-RALLY")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", herald))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert bp(g, big) == 5000 + 3000
    s.expect(0, Kind.MAIN_ACTION, ("move_cores",))
    s.expect(0, Kind.MOVE_CORES, ("layout", ((big, 2),), "reserve"))  # the Herald's core onto the Fry
    assert herald in g.players[0].trash and logged(g, "Rallying Herald has too few cores and is depleted")
    assert bp(g, big) == 5000 + 3000
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    s.expect(1, Kind.MAIN_ACTION)
    assert bp(g, big) == 5000


# ======================================================================= N24, N25: colours and text (003)


def test_a_colourless_ultimate_still_uses_its_ultimate_symbol(xdb):
    """003 カードの色とシンボルの色 (line 29): an ultimate treated as colourless still uses its
    ultimate symbol normally: it reduces an ultimate reduction symbol and takes a life. The
    opponent's Greying Field treats player 1's Test Crown Ultimate as colourless; the Crown
    Vassal (cost 3, reduction: ultimate) still costs 2, and the Ultimate's unblocked attack
    takes 1 life."""
    g = position(side(hand=["RC-UCOST"], field=[f("RC-ULT")], reserve=4), side(field=[f("RC-GREY", 0)]), db=xdb)
    ult, vassal = cid_of(g, 0, "field", "RC-ULT"), cid_of(g, 0, "hand", "RC-UCOST")
    assert costs.colours_of(g, ult) == ()
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", vassal))
    d = s.expect(0, Kind.PAY_COST, pay(reserve=2))
    assert d.allocation.amount == 3 - 1
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    life = g.players[1].life_total
    s.expect(0, Kind.ATTACK, ("attack", ult))
    s.expect(0, Kind.ATTACK)  # nothing could block: the hit went through
    assert g.players[1].life_total == life - 1


@pytest.mark.parametrize(("blade", "vanilla"), [("RC-SPIRITONLY", False), ("RC-BLANK", True)])
def test_a_vanilla_spirit_braved_has_the_text_its_brave_has(blade, vanilla, xdb):
    """003 効果の記述を持たないカード (lines 43, 47): a spirit with no effect text braved with a
    brave that has text only as a spirit (no [Braved] effect) is a braved spirit with effect
    text; (line 44) braved with a brave that has no text at all it stays without. Halo
    Acolyte (Y01, no text) beside Plainsong Banner (L11: "Your spirits with no effect text get
    BP +2000"): braved with the Lone Blade ("when summoned: draw 1 card", as a spirit) it gets
    only the brave's BP +1000; braved with the Blank Blade it gets the Banner's +2000 too."""
    g = position(side(field=[f("L11", 0), f("Y01", 1, brave=blade)]), side(), db=xdb)
    acolyte = cid_of(g, 0, "field", "Y01")
    assert g.field[acolyte].brave == cid_of(g, 0, "field", blade)
    assert bp(g, acolyte) == 1000 + 1000 + 2000 * vanilla


# ======================================================================= N28, N29, N31: 003


def test_cards_opened_and_sent_to_the_bottom_are_public_with_their_order(xdb):
    """003 オープンされたカード (line 90, the Nyarla Trap example): the cards opened, those put on the
    bottom of the deck and their order are seen by every player. Deep Dig opens Blazefang
    Raptor, Backlash Sigil and Cinder Pup; the Raptor is added to the hand; both players read
    which cards went to the bottom, in the order they are put there (last opened lowest)."""
    g = position(side(hand=["RC-DIG"], deck=["G01", "G01", "R01", "L05", "R03"]), side(), db=xdb)
    raptor, sigil, pup = (cid_of(g, 0, "deck", c) for c in ("R03", "L05", "R01"))
    s = Script(g)
    use(s, 0, cid_of(g, 0, "hand", "RC-DIG"))
    s.expect(0, Kind.CHOOSE_TARGETS, (raptor,))
    s.expect(0, Kind.MAIN_ACTION)
    deck = g.players[0].deck
    assert raptor in g.players[0].hand and deck[:2] == [pup, sigil]  # the Pup lowest
    for seat in (0, 1):
        lines = g.log_lines(seat)
        assert "Player 1 opens Blazefang Raptor, Backlash Sigil, Cinder Pup." in lines
        assert "Backlash Sigil, Cinder Pup go to the bottom of the deck." in lines


@pytest.mark.parametrize(("card", "fires"), [("RC-KILL", False), ("RC-BOUNCE", False), ("RC-PLUCK", True)])
def test_cores_a_leaving_card_takes_back_are_not_moved_to_the_reserve(xdb, card, fires):
    """003 カードの効果以外でコアを置く(取り除く) (line 102): the cores that go to the reserve as a
    spirit is destroyed or returned to the hand are not removed from it, so "when your
    opponent's cores are moved to their reserve" does not fire: Reserve Watch draws nothing
    when the opponent's Big Fry (2 cores) is destroyed or returned; moving 1 core off it to
    their reserve fires it."""
    g = position(side(hand=[card], field=[f("RC-WATCH", 0)], deck=["R01"] * 5), side(field=[f("RC-BIG", 2)]), db=xdb)
    big = cid_of(g, 1, "field", "RC-BIG")
    reserve = g.players[1].reserve
    s = Script(g)
    use(s, 0, cid_of(g, 0, "hand", card))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[1].reserve == reserve + (1 if fires else 2)  # the cores did go to the reserve
    assert (big in g.field) == fires
    assert hand(g, 0) == (1 if fires else 0) and logged(g, "Effect of Reserve Watch") == fires


@pytest.mark.parametrize(("sage", "triggers"), [("RC-TWICE", 2), ("RC-ONCE", 1)])
def test_two_effects_adding_cards_to_the_hand_trigger_it_twice(xdb, sage, triggers):
    """003 「効果で手札が増える」効果の概念 (lines 118-119): "when your opponent adds cards to their
    hand by their effect" is triggered by each effect: two separate effects each adding a card
    trigger it once each (one effect adding two cards, once). The opponent's Greed Bell
    discards the top card of player 1's deck each time: twice for the Twice-Learned Sage (two
    "when summoned: draw 1 card" effects), once for the Once-Learned Sage (one "draw 2")."""
    g = position(side(hand=[sage], deck=["R01"] * 8), side(field=[f("RC-GREED", 0)]), db=xdb)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", sage)))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    if triggers == 2:
        s.expect(0, Kind.ORDER_TRIGGERS, 0)  # the Sage's two effects
    s.expect(0, Kind.MAIN_ACTION)
    assert hand(g, 0) == 2 and len(g.players[0].trash) == triggers
    assert sum("Triggered: Greed Bell" in line for line in g.log_lines()) == triggers
