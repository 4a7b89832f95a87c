"""Scenario tests for the card systems: braves, bursts, mirages, nexus levels and heavy
exhaustion, the priority of "cannot", Armor and silence, once-per-turn effects, the
wording of "by" / "if you do" / "afterwards", and the keywords.

Each test names the section it checks: 000 is /work/shared/seeds/000_233ffee1f23d7e15.txt
(official rulebook 16.0, Chinese), 003 is /work/shared/seeds/003_21e281ba2cf04f54.txt
(rule notes, Japanese). Every test drives the engine only through the decision interface
(`position`, then `Script` / `g.answer`) with test-only cards built here; the Script fails
when the engine asks anything unexpected.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, cid_of, pay, place, position, side

from bs_tui.engine import costs, load_cards
from bs_tui.engine.core.decision import IllegalAnswer
from bs_tui.engine.data.cards import CardDB, card_from_table
from bs_tui.engine.model.state import EXHAUSTED, HEAVY, REFRESHED, SOUL_LIFE
from bs_tui.engine.view import view_for

# ----------------------------------------------------------------------- test-only cards


def spirit(cid: str, name: str, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "spirit",
        "colours": ["green"],
        "cost": 1,
        "symbols": ["green"],
        "levels": [{"cores": 1, "bp": 1000}],
    }
    t.update(kw)
    return t


def magic(cid: str, name: str, do: list[dict[str, Any]], when: str = "main", **kw: Any) -> dict[str, Any]:
    """A magic (red, cost 0 unless told) with one effect, or the effects given as `effect`."""
    t: dict[str, Any] = {
        "id": cid,
        "name": name,
        "kind": "magic",
        "colours": ["red"],
        "cost": 0,
        "effect": [{"when": when, "do": do}],
    }
    t.update(kw)
    return t


def burst(cid: str, name: str, condition: str, do: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A burst magic: its burst effect only."""
    return magic(cid, name, do, effect=[{"when": "burst", "condition": condition, "do": do}], **kw)


def nexus(cid: str, name: str, **kw: Any) -> dict[str, Any]:
    t: dict[str, Any] = {"id": cid, "name": name, "kind": "nexus", "colours": ["green"], "cost": 0}
    t.update(kw)
    return t


def watch(when: str, do: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """An effect that triggers when one of its controller's spirits does something."""
    return {"when": when, "scope": "own_spirit", "do": do, **kw}


DRAW1 = [{"verb": "draw", "n": 1}]
KILL = [{"verb": "destroy", "target": "opponent_spirit"}]
LEVELS3 = [{"cores": 1, "bp": 1000}, {"cores": 3, "bp": 3000}, {"cores": 5, "bp": 5000}]


def bp_event(amount: int) -> list[dict[str, Any]]:
    return [{"verb": "bp", "target": "event", "amount": amount, "duration": "battle"}]


EXTRA: list[dict[str, Any]] = [
    # --- fillers
    spirit("S-VAN", "Moss Runner", levels=[{"cores": 1, "bp": 1000}, {"cores": 3, "bp": 3000}]),
    spirit("S-BIG", "Granite Hulk", cost=4, levels=[{"cores": 1, "bp": 5000}]),
    spirit("S-BLUE", "Tide Sprite", colours=["blue"], symbols=["blue"]),
    spirit("S-RB", "Steam Imp", colours=["red", "blue"], symbols=["red+blue"]),
    spirit("S-CHEAP", "Twig Sprout", cost=0),
    spirit("S-DDRAW", "Ember Moth", effect=[{"when": "destroyed", "do": DRAW1}]),
    spirit("S-SUMDRAW", "Scout Finch", effect=[{"when": "summoned", "do": DRAW1}]),
    spirit(
        "S-REDUCE",
        "Cinder Brute",
        colours=["red"],
        cost=3,
        reduction=["red", "red"],
        symbols=["red"],
        levels=[{"cores": 1, "bp": 3000}],
    ),
    # --- braves (000 ch.2 §1)
    spirit(
        "S-HOST",
        "Ash Drake",
        colours=["red"],
        cost=3,
        families=["Drakeling"],
        symbols=["red"],
        levels=[{"cores": 1, "bp": 3000}, {"cores": 3, "bp": 5000}],
    ),
    spirit(
        "S-HOST2",
        "Iron Boar",
        colours=["red"],
        cost=4,
        families=["Beast"],
        symbols=["red"],
        levels=[{"cores": 1, "bp": 4000}],
    ),
    spirit("S-SMALL", "Drake Chick", colours=["red"], cost=1, families=["Drakeling"], symbols=["red"]),
    {
        "id": "S-BRAVE",
        "name": "Sky Cannon",
        "kind": "brave",
        "colours": ["white"],
        "cost": 2,
        "families": ["Machine"],
        "symbols": ["white"],
        "levels": [{"cores": 1, "bp": 2000}],
        "brave_bp": 3000,
        "brave_condition": {"min_cost": 3},
        "effect": [
            {
                "when": "attacks",
                "braved": True,
                "do": [{"verb": "bp", "target": "this", "amount": 1000, "duration": "battle"}],
            },
            {"when": "attacks", "do": DRAW1},
        ],
    },
    {
        "id": "S-FBRAVE",
        "name": "Drake Saddle",
        "kind": "brave",
        "colours": ["blue"],
        "cost": 1,
        "symbols": ["blue"],
        "levels": [{"cores": 1, "bp": 1000}],
        "brave_bp": 1000,
        "brave_condition": {"family": "Drakeling"},
    },
    {
        "id": "S-ABRAVE",
        "name": "Warding Shell",
        "kind": "brave",
        "colours": ["white"],
        "cost": 1,
        "symbols": ["white"],
        "levels": [{"cores": 1, "bp": 1000}],
        "brave_bp": 1000,
        "keywords": [{"name": "armor", "colours": ["purple"]}],
    },
    {
        "id": "S-KBRAVE",
        "name": "Lance Rig",
        "kind": "brave",
        "colours": ["white"],
        "cost": 1,
        "symbols": ["white"],
        "levels": [{"cores": 1, "bp": 1000}],
        "brave_bp": 1000,
        "effect": [{"when": "attacks", "braved": True, "do": KILL}],
    },
    {
        "id": "S-HBRAVE",
        "name": "Heavy Rig",
        "kind": "brave",
        "colours": ["white"],
        "cost": 1,
        "symbols": ["white"],
        "levels": [{"cores": 2, "bp": 2000}],
        "brave_bp": 2000,
    },
    # --- removal and other tools (cost 0)
    magic("S-KILL", "Firebolt", KILL, when="flash"),
    magic(
        "S-KILL-U", "Unstoppable Firebolt", [{"verb": "destroy", "target": "opponent_spirit", "unpreventable": True}]
    ),
    magic("S-KILL-BLUE", "Frost Spear", KILL, colours=["blue"]),
    magic("S-KILL-PURPLE", "Grave Touch", KILL, colours=["purple"]),
    magic("S-KILL-COST3", "Small Game", [{"verb": "destroy", "target": "opponent_spirit", "max_cost": 3}]),
    magic("S-KILL-WHITE", "White Hunt", [{"verb": "destroy", "target": "opponent_spirit", "colour": "white"}]),
    magic("S-KILL-FAM", "Machine Hunt", [{"verb": "destroy", "target": "opponent_spirit", "family": "Machine"}]),
    magic("S-SAC", "Offering", [{"verb": "destroy", "target": "own_spirit"}]),
    magic("S-BOUNCE", "Gust", [{"verb": "return_to_hand", "target": "opponent_spirit"}], colours=["white"]),
    magic(
        "S-DRAIN",
        "Drain",
        [{"verb": "remove_cores", "target": "opponent_spirit", "n": 5, "to": "void"}],
        colours=["purple"],
    ),
    magic("S-HEAVY", "Crushing Weight", [{"verb": "heavy_exhaust", "target": "opponent_spirit"}], colours=["green"]),
    magic("S-EXH", "Weariness", [{"verb": "exhaust", "target": "opponent_spirit"}], colours=["green"]),
    magic("S-REFANY", "Second Wind", [{"verb": "refresh", "target": "spirit"}], colours=["green"]),
    magic(
        "S-FORBID", "Shackles", [{"verb": "forbid", "target": "opponent_spirit", "what": "block"}], colours=["white"]
    ),
    magic("S-SILENCE", "Hush", [{"verb": "silence"}], colours=["purple"]),
    magic("S-SILENCE-U", "Deep Hush", [{"verb": "silence", "unpreventable": True}], colours=["purple"]),
    # --- bursts (000 ch.2 §2)
    {
        "id": "S-B-LIFE",
        "name": "Ice Wall",
        "kind": "magic",
        "colours": ["white"],
        "cost": 2,
        "effect": [
            {
                "when": "burst",
                "condition": "life_reduced",
                "follow_up": "flash",
                "do": [{"verb": "void_cores", "n": 1, "to": "life"}],
            },
            {"when": "flash", "do": DRAW1},
        ],
    },
    burst("S-B-LIFE2", "Second Wall", "life_reduced", [{"verb": "void_cores", "n": 1, "to": "life"}]),
    burst("S-B-DEST", "Vengeance", "spirit_destroyed", KILL),
    burst("S-B-SUM", "Ambush", "opponent_summons", KILL),
    burst("S-B-ATK", "Counterstrike", "opponent_attacks", KILL),
    spirit(
        "S-B-SPIRIT",
        "Lurking Salamander",
        colours=["red"],
        cost=3,
        reduction=["red"],
        symbols=["red"],
        levels=[{"cores": 1, "bp": 3000}],
        effect=[
            {
                "when": "burst",
                "condition": "life_reduced",
                "follow_up": "summon",
                "do": [{"verb": "void_cores", "n": 1, "to": "life"}],
            }
        ],
    ),
    # --- mirages (000 ch.2 §3)
    magic(
        "S-MIR",
        "Dragon Banner",
        DRAW1,
        cost=5,
        reduction=["red", "red"],
        mirage_cost=3,
        effect=[{"when": "main", "do": DRAW1}, watch("attacks", bp_event(2000), mirage=True)],
    ),
    magic(
        "S-MIR2",
        "Tide Banner",
        DRAW1,
        colours=["blue"],
        cost=4,
        mirage_cost=1,
        effect=[{"when": "main", "do": DRAW1}, watch("attacks", bp_event(1000), mirage=True)],
    ),
    # --- nexuses (000 ch.1 §2 核心卡)
    nexus(
        "S-NEX",
        "Verdant Shrine",
        cost=1,
        symbols=["green"],
        levels=[{"cores": 0}, {"cores": 2}],
        effect=[watch("attacks", bp_event(1000)), watch("attacks", bp_event(2000), levels=[2])],
    ),
    nexus("S-NEX-PLAIN", "Quiet Grove"),
    nexus("S-NEX-D", "War Drum", effect=[watch("attacks", bp_event(1000))]),
    nexus("S-NEX-ND", "War Horn", effect=[watch("attacks", bp_event(1000), no_duplicates=True)]),
    nexus("S-HARMOR", "Flame Ward", keywords=[{"name": "heavy_armor", "colours": ["red"]}]),
    # --- priority, Armor, silence (Q&A 关于效果整体 A3, A4)
    spirit("S-CLASH", "Charging Ram", colours=["red"], cost=3, keywords=[{"name": "clash"}]),
    spirit("S-CLASH2", "Late Ram", colours=["red"], levels=LEVELS3, keywords=[{"name": "clash", "levels": [2, 3]}]),
    spirit("S-ARMOR", "Salamander Knight", keywords=[{"name": "armor", "colours": ["red"]}]),
    spirit("S-SW-DRAW", "Quick Finch", keywords=[{"name": "swift"}], effect=[{"when": "summoned", "do": DRAW1}]),
    spirit(
        "S-SW-ARMOR",
        "Warded Finch",
        keywords=[{"name": "swift"}, {"name": "armor", "colours": ["purple"]}],
        effect=[{"when": "summoned", "do": DRAW1}],
    ),
    # --- once per turn (Q&A A9)
    spirit("S-WATCH-T", "Herald Owl", effect=[watch("summoned", DRAW1, once="turn")]),
    spirit("S-WATCH-N", "Oracle Owl", effect=[watch("summoned", DRAW1, once="turn_name")]),
    # --- wording (Q&A A5-A7)
    magic(
        "S-BY",
        "Forced March",
        [
            {
                "verb": "by",
                "cost": [{"verb": "exhaust", "target": "own_spirit"}],
                "do": [{"verb": "destroy", "target": "opponent_spirit", "max_bp": 2000}],
            }
        ],
    ),
    magic(
        "S-IYD",
        "Reckless March",
        [
            {
                "verb": "if_you_do",
                "cost": [{"verb": "exhaust", "target": "own_spirit"}],
                "do": [{"verb": "destroy", "target": "opponent_spirit", "max_bp": 2000}],
            }
        ],
    ),
    magic(
        "S-AFTER",
        "Aftershock",
        [
            {"verb": "destroy", "target": "opponent_spirit"},
            {"verb": "afterwards", "do": [{"verb": "void_cores", "n": 1}]},
        ],
    ),
    magic("S-THEN", "Shockwave", [{"verb": "destroy", "target": "opponent_spirit"}, {"verb": "void_cores", "n": 1}]),
    # --- keywords
    spirit("S-CRUSH", "Rock Crusher", levels=LEVELS3, keywords=[{"name": "crush"}]),
    spirit("S-SWIFT", "Wind Hare", keywords=[{"name": "swift"}]),
    spirit(
        "S-AWAKEN",
        "Dawn Tiger",
        cost=2,
        levels=[{"cores": 1, "bp": 2000}, {"cores": 3, "bp": 5000}],
        keywords=[{"name": "awaken"}],
    ),
    spirit("S-ASSAULT", "Raid Hound", keywords=[{"name": "assault", "n": 1}]),
    spirit("S-SEAL", "Seal Keeper", keywords=[{"name": "seal"}]),
    spirit("S-SEALED", "Oath Warden", effect=[{"when": "attacks", "sealed": True, "do": DRAW1}]),
    magic("S-CHAIN", "Linked Sparks", [{"verb": "draw", "n": 1}, {"verb": "chain", "colour": "blue", "do": DRAW1}]),
]

DECK = ["S-VAN"] * 10


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in EXTRA:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, "test")


# ----------------------------------------------------------------------- helpers


def sd(**kw: Any):
    """One side of a position, with a deck of vanilla test spirits."""
    kw.setdefault("deck", list(DECK))
    return side(**kw)


def f(card: str, cores: int = 1, st: str = "refreshed", soul: bool = False, brave: str | None = None) -> dict:
    d: dict[str, Any] = {"card": card, "cores": cores, "state": st}
    if soul:
        d["soul"] = True
    if brave:
        d["brave"] = brave
    return d


def fv(g, cid):
    """The public view of a field card."""
    for sv in view_for(g, 0).sides:
        for c in sv.field:
            if c.cid == cid:
                return c
    raise AssertionError(f"card {cid} is not on the field")


def bp(g, cid) -> int:
    return fv(g, cid).bp


def hand_n(g, p: int) -> int:
    return len(g.players[p].hand)


def kinds(d, tag: str) -> list[tuple]:
    return [o for o in d.options if o[0] == tag]


def to_next_own_main(s: Script, player: int = 0) -> None:
    """End every Main and Attack Step until `player`'s next Main Step."""
    g = s.g
    start = g.turn
    while True:
        d = g.decision
        assert d is not None, "no decision pending"
        if d.kind == Kind.MAIN_ACTION and d.player == player and g.turn > start:
            return
        assert d.kind in (Kind.MAIN_ACTION, Kind.ATTACK), f"unexpected {d.kind}: {d.prompt}"
        g.answer(("end",))


def use(s: Script, cid: int, which: str = "main") -> None:
    s.expect(s.g.active, Kind.MAIN_ACTION, ("magic", cid, which))


# ============================================================ 1. braves


def test_brave_summoned_as_a_spirit_fights_with_its_own_effects(xdb):
    """000 ch.2 §1 and ch.1 §2 合体卡 (Lv1 cores and BP as a spirit); 003 合体しているブレイヴ:
    a brave summoned as a spirit has its Lv1 BP and its own (not [Braved]) effects."""
    g = position(sd(hand=["S-BRAVE"], reserve=3), sd(field=[f("S-VAN")]), db=xdb)
    b = cid_of(g, 0, "hand", "S-BRAVE")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("summon", b) in d.options and not kinds(d, "summon_braved")  # no spirit to brave to
    g.answer(("summon", b))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert (fv(g, b).bp, fv(g, b).level, fv(g, b).host) == (2000, 1, -1)
    hand = hand_n(g, 0)
    s.expect(0, Kind.ATTACK, ("attack", b))
    s.expect(1, Kind.BLOCK)
    assert hand_n(g, 0) == hand + 1  # its own "when attacks" effect
    assert bp(g, b) == 2000  # its [Braved] effect is not its own


def test_brave_summoned_braved_adds_cost_bp_colours_symbols_and_keeps_the_spirits_levels(xdb):
    """000 ch.2 §1: a braved spirit adds the brave's cost, BP+, [Braved] effects, symbols,
    colours; name, families and level costs stay the spirit's. Summoned straight onto a
    spirit, the brave needs no cores of its own."""
    g = position(sd(field=[f("S-HOST", 3), f("S-SMALL")], hand=["S-BRAVE"], reserve=2), sd(), db=xdb)
    host, small = cid_of(g, 0, "field", "S-HOST"), cid_of(g, 0, "field", "S-SMALL")
    b = cid_of(g, 0, "hand", "S-BRAVE")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert kinds(d, "summon_braved") == [("summon_braved", b, host)]  # cost 1 < 3: not a host
    assert small not in [o[2] for o in kinds(d, "summon_braved")]
    g.answer(("summon_braved", b, host))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.MAIN_ACTION)  # no PLACE_CORES for the brave
    assert g.field[host].brave == b and g.field[b].host == host
    assert costs.cost_of(g, host) == 5
    v = fv(g, host)
    assert v.card.name == "Ash Drake" and v.card.families == ("Drakeling",)
    assert v.level == 2  # 3 cores: Lv2 by the spirit's own level costs
    assert v.bp == 5000 + 3000
    assert v.symbols == 2
    assert set(costs.colours_of(g, host)) == {"red", "white"}
    assert g.players[0].reserve == 0 and b not in g.players[0].hand


def test_fuse_separate_and_swap_in_the_main_step(xdb):
    """000 ch.2 §1: braving (fuse) an exhausted brave onto a refreshed spirit exhausts the
    braved spirit; its cores join the spirit. Swap is separation and braving at once;
    separating places at least the brave's Lv1 cores on it (cancellable)."""
    g = position(
        sd(field=[f("S-HOST"), f("S-HOST2"), f("S-BRAVE", 1, "exhausted")], reserve=2),
        sd(),
        db=xdb,
    )
    host, host2 = cid_of(g, 0, "field", "S-HOST"), cid_of(g, 0, "field", "S-HOST2")
    b = cid_of(g, 0, "field", "S-BRAVE")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert kinds(d, "fuse") == [("fuse", b, host), ("fuse", b, host2)]
    assert not kinds(d, "separate") and not kinds(d, "swap")
    g.answer(("fuse", b, host))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert g.field[host].brave == b
    assert fv(g, host).state == "exhausted"  # the brave was exhausted
    assert fv(g, host).total_cores == 2  # the brave's core came along
    assert bp(g, host) == 3000 + 3000
    assert ("separate", host) in d.options and ("swap", host, host2) in d.options
    assert not kinds(d, "fuse")
    g.answer(("swap", host, host2))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert g.field[host2].brave == b and g.field[host].brave == -1 and g.field[b].host == host2
    assert (bp(g, host), bp(g, host2)) == (3000, 4000 + 3000)
    assert ("separate", host2) in d.options
    g.answer(("separate", host2))
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 1 and d.allocation.cancellable
    g.answer(("cancel",))
    assert g.field[host2].brave == b  # nothing happened
    s.expect(0, Kind.MAIN_ACTION, ("separate", host2))
    s.expect(0, Kind.PLACE_CORES)
    with pytest.raises(IllegalAnswer):
        g.answer(place())  # fewer than the Lv1 cores
    g.answer(place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[host2].brave == -1 and g.field[b].host == -1
    assert (bp(g, host2), bp(g, b), fv(g, b).total_cores) == (4000, 2000, 1)


def test_brave_condition_and_one_brave_per_spirit(xdb):
    """000 ch.2 §1 合体条件; Q&A 合体 A1: a brave (even as a spirit) cannot be braved to;
    a spirit that already has a brave takes no other."""
    g = position(
        sd(
            field=[f("S-HOST", brave="S-BRAVE"), f("S-HOST2"), f("S-SMALL"), f("S-FBRAVE")],
            hand=["S-ABRAVE", "S-FBRAVE"],
            reserve=3,
        ),
        sd(),
        db=xdb,
    )
    host, host2, small = (cid_of(g, 0, "field", c) for c in ("S-HOST", "S-HOST2", "S-SMALL"))
    fb_field = cid_of(g, 0, "field", "S-FBRAVE")
    ab, fb_hand = cid_of(g, 0, "hand", "S-ABRAVE"), cid_of(g, 0, "hand", "S-FBRAVE")
    d = Script(g).expect(0, Kind.MAIN_ACTION)
    # no condition: any spirit without a brave; never the braved host, never a brave
    assert sorted(o[2] for o in kinds(d, "summon_braved") if o[1] == ab) == sorted([host2, small])
    # family Drakeling: S-SMALL only (S-HOST is a Drakeling but already braved)
    assert [o[2] for o in kinds(d, "summon_braved") if o[1] == fb_hand] == [small]
    assert kinds(d, "fuse") == [("fuse", fb_field, small)]
    # the braved S-HOST's brave may go to S-HOST2 (cost 4) but not S-SMALL (cost 1)
    assert kinds(d, "swap") == [("swap", host, host2)]


def test_braved_attack_takes_two_life_and_braved_effect_works_at_any_level(xdb):
    """000 ch.2 §1 (symbols and [Braved] effects added; 合体中效果 at any level of the spirit);
    003: the brave's own spirit-state effects are not passed on."""
    for cores in (1, 3):
        g = position(
            sd(field=[f("S-HOST", cores, brave="S-BRAVE")]),
            sd(field=[f("S-VAN")]),
            step="attack",
            db=xdb,
        )
        host = cid_of(g, 0, "field", "S-HOST")
        hand = hand_n(g, 0)
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", host))
        s.expect(1, Kind.BLOCK)
        level_bp = 3000 if cores == 1 else 5000
        assert bp(g, host) == level_bp + 3000 + 1000
        assert hand_n(g, 0) == hand  # the brave's spirit-state draw is not given
        g.answer(("take",))
        s.expect(1, Kind.MAIN_ACTION)
        assert g.players[1].life == 3


def test_braved_spirit_is_targeted_by_its_total_cost_both_colours_and_its_own_families(xdb):
    """000 ch.2 §1: cost and colours are added, families are not. When the braved spirit is
    destroyed and the brave's owner cancels, the brave goes to the trash too (③)."""
    g = position(
        sd(hand=["S-KILL-COST3", "S-KILL-FAM", "S-KILL-WHITE"]),
        sd(field=[f("S-HOST", brave="S-BRAVE"), f("S-VAN"), f("S-VAN")]),
        db=xdb,
    )
    host = cid_of(g, 1, "field", "S-HOST")
    b = cid_of(g, 1, "field", "S-BRAVE")
    v1, v2 = cid_of(g, 1, "field", "S-VAN", 0), cid_of(g, 1, "field", "S-VAN", 1)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL-COST3"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.context["candidates"] == (v1, v2)  # cost 3 + 2 = 5
    g.answer((v1,))
    use(s, cid_of(g, 0, "hand", "S-KILL-FAM"))  # family Machine is the brave's only
    assert host in g.field and b in g.field
    use(s, cid_of(g, 0, "hand", "S-KILL-WHITE"))  # only the braved spirit is white
    d = s.expect(1, Kind.PLACE_CORES)
    assert host in g.players[1].trash  # ②: the spirit is in the trash before ③
    assert d.context["card"] == b and d.allocation.cancellable and d.allocation.amount == 1
    g.answer(("cancel",))
    s.expect(0, Kind.MAIN_ACTION)
    assert b in g.players[1].trash and b not in g.field


def test_braved_effect_is_an_effect_of_the_braved_spirit_with_both_colours(xdb):
    """000 ch.2 §1: the braved spirit is one spirit with both cards' colours and the [Braved]
    effect added to it: its effect is red and white, so Armor: red keeps it out."""
    g = position(
        sd(field=[f("S-HOST", brave="S-KBRAVE")]),
        sd(field=[f("S-ARMOR"), f("S-VAN")]),
        step="attack",
        db=xdb,
    )
    knight, van = cid_of(g, 1, "field", "S-ARMOR"), cid_of(g, 1, "field", "S-VAN")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "S-HOST")))
    s.expect(1, Kind.BLOCK)  # the only target is S-VAN: no CHOOSE_TARGETS
    assert van in g.players[1].trash and knight in g.field


def test_brave_goes_with_its_spirit_when_no_cores_can_be_placed(xdb):
    """000 ch.2 §1 ③: with fewer usable cores than its Lv1 cost, the brave goes to the trash
    with the spirit (nothing is asked)."""
    g = position(sd(hand=["S-KILL"]), sd(field=[f("S-VAN", 1, brave="S-HBRAVE")], reserve=0, soul="trash"), db=xdb)
    van, b = cid_of(g, 1, "field", "S-VAN"), cid_of(g, 1, "field", "S-HBRAVE")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL"), "flash")
    s.expect(0, Kind.MAIN_ACTION)  # no PLACE_CORES: 1 core, the brave needs 2
    assert van in g.players[1].trash and b in g.players[1].trash


def test_brave_stays_as_a_spirit_when_its_spirit_is_destroyed(xdb):
    """000 ch.2 §1 ①-③: after the destruction is resolved the spirit goes to the trash and
    its cores to the reserve; the brave may stay by placing its Lv1 cores from the field or
    the reserve."""
    g = position(sd(hand=["S-KILL"]), sd(field=[f("S-HOST", 2, brave="S-BRAVE")], reserve=0), db=xdb)
    host, b = cid_of(g, 1, "field", "S-HOST"), cid_of(g, 1, "field", "S-BRAVE")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL"), "flash")
    d = s.expect(1, Kind.PLACE_CORES)
    assert host in g.players[1].trash and g.players[1].reserve == 2
    assert any(src.source == "reserve" and src.cores == 2 for src in d.allocation.sources)
    g.answer(place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[b].host == -1 and (bp(g, b), fv(g, b).total_cores) == (2000, 1)
    assert g.players[1].reserve == 1


def test_brave_goes_to_the_hand_with_its_spirit_when_cancelled(xdb):
    """000 ch.2 §1 ③ note: the same when the spirit is returned to the hand; without the
    cores the brave moves to the same place as the spirit."""
    g = position(sd(hand=["S-BOUNCE"]), sd(field=[f("S-HOST", brave="S-BRAVE")]), db=xdb)
    host, b = cid_of(g, 1, "field", "S-HOST"), cid_of(g, 1, "field", "S-BRAVE")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-BOUNCE"))
    s.expect(1, Kind.PLACE_CORES, ("cancel",))
    s.expect(0, Kind.MAIN_ACTION)
    assert host in g.players[1].hand and b in g.players[1].hand
    assert not g.players[1].field


def test_brave_stays_when_its_spirit_is_depleted(xdb):
    """000 ch.2 §1 ③ note (消灭): a depleted braved spirit leaves; the brave may stay."""
    g = position(sd(hand=["S-DRAIN"]), sd(field=[f("S-HOST", 2, brave="S-BRAVE")], reserve=1), db=xdb)
    host, b = cid_of(g, 1, "field", "S-HOST"), cid_of(g, 1, "field", "S-BRAVE")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-DRAIN"))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert host in g.players[1].trash
    assert g.field[b].host == -1 and fv(g, b).total_cores == 1


def test_attack_goes_on_with_the_brave_when_the_braved_attacker_is_destroyed(xdb):
    """Q&A 合体 A3: an attacking braved spirit is destroyed and only the brave stays (as a
    spirit): the attack goes on with the brave."""
    g = position(
        sd(field=[f("S-HOST", brave="S-BRAVE")], reserve=1),
        sd(field=[f("S-VAN")], hand=["S-KILL"]),
        step="attack",
        db=xdb,
    )
    host, b = cid_of(g, 0, "field", "S-HOST"), cid_of(g, 0, "field", "S-BRAVE")
    van = cid_of(g, 1, "field", "S-VAN")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", host))
    s.expect(1, Kind.FLASH, ("magic", cid_of(g, 1, "hand", "S-KILL")))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(1, Kind.BLOCK)
    assert host in g.players[0].trash
    assert view_for(g, 1).attacker == b
    assert d.options == (("block", van), ("take",))
    g.answer(("take",))
    s.expect(1, Kind.MAIN_ACTION)
    assert g.players[1].life == 4  # the brave's one symbol


# ============================================================ 2. bursts


def test_burst_is_set_face_down_once_a_turn_and_a_later_one_replaces_it(xdb):
    """000 ch.2 §2: once a turn a card with a burst effect is set face down from the hand;
    a burst already set is discarded (to the trash) when a new one is set; Q&A 爆裂 A1: its
    owner sees it, the opponent does not (003 公開情報と非公開情報)."""
    g = position(sd(hand=["S-B-LIFE", "S-B-LIFE2", "S-VAN"], reserve=0), sd(), db=xdb)
    b1, b2 = cid_of(g, 0, "hand", "S-B-LIFE"), cid_of(g, 0, "hand", "S-B-LIFE2")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert kinds(d, "set_burst") == [("set_burst", b1), ("set_burst", b2)]  # not the spirit
    g.answer(("set_burst", b1))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert not kinds(d, "set_burst")  # once a turn
    assert g.players[0].burst == [b1] and b1 not in g.players[0].hand
    mine, theirs = view_for(g, 0).sides[0].burst, view_for(g, 1).sides[0].burst
    assert [c.card.id for c in mine] == ["S-B-LIFE"]
    assert len(theirs) == 1 and isinstance(theirs[0], str)
    assert not any("Ice Wall" in line for line in view_for(g, 1).log)
    g.answer(("end",))
    to_next_own_main(s)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert kinds(d, "set_burst") == [("set_burst", b2)]
    g.answer(("set_burst", b2))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].burst == [b2] and b1 in g.players[0].trash


def test_burst_declined_stays_set_and_can_be_activated_next_time(xdb):
    """000 ch.2 §2 ①-④, Q&A 爆裂 A3: asked only when the condition is met (after life is
    reduced, not at the attack); declined it stays set and can be used when the condition
    is met again; the burst effect is free, then the flash effect by paying its cost; then
    the card goes to the trash."""
    g = position(
        sd(field=[f("S-VAN"), f("S-VAN")]),
        sd(burst="S-B-LIFE", reserve=2),
        step="attack",
        db=xdb,
    )
    a1, a2 = cid_of(g, 0, "field", "S-VAN", 0), cid_of(g, 0, "field", "S-VAN", 1)
    wall = cid_of(g, 1, "burst", "S-B-LIFE")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a1))
    d = s.expect(1, Kind.YES_NO)
    assert d.context.get("question") == "burst" and g.players[1].life == 4
    g.answer(False)
    s.expect(0, Kind.ATTACK, ("attack", a2))
    s.expect(1, Kind.YES_NO, True)
    d = s.expect(1, Kind.PAY_COST)  # after the free burst effect: the flash effect for its cost
    assert g.players[1].life == 4  # 3 + 1 from the void
    assert d.allocation.amount == 2 and d.allocation.cancellable
    assert g.players[1].burst == [wall]  # still in the burst area until it is used
    g.answer(pay(reserve=2))
    s.expect(1, Kind.MAIN_ACTION)  # no attacker left: player 2's turn
    assert wall in g.players[1].trash and not g.players[1].burst
    assert hand_n(g, 1) == 2  # the flash effect's draw and the draw step


def test_burst_flash_follow_up_can_be_cancelled(xdb):
    """000 ch.2 §2 ③: the flash effect is used only by paying its cost; not paying, the
    card still goes to the trash (④)."""
    g = position(sd(field=[f("S-VAN")]), sd(burst="S-B-LIFE", reserve=2), step="attack", db=xdb)
    a = cid_of(g, 0, "field", "S-VAN")
    wall = cid_of(g, 1, "burst", "S-B-LIFE")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.YES_NO, True)
    s.expect(1, Kind.PAY_COST, ("cancel",))
    s.expect(1, Kind.MAIN_ACTION)
    p = g.players[1]
    assert wall in p.trash and not p.burst
    assert p.life == 5  # 4 + 1
    assert hand_n(g, 1) == 1  # the draw step only


def test_burst_after_destruction_comes_after_when_destroyed_effects_and_the_trash(xdb):
    """000 ch.2 §2 《》: an activated burst waits until the effects resolving at that moment
    are done; Q&A 状态 A1: the destroyed spirit goes to the trash once the effects its
    destruction caused have resolved."""
    g = position(
        sd(hand=["S-KILL"], field=[f("S-VAN")]),
        sd(field=[f("S-DDRAW")], burst="S-B-DEST"),
        db=xdb,
    )
    moth = cid_of(g, 1, "field", "S-DDRAW")
    van = cid_of(g, 0, "field", "S-VAN")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL"), "flash")
    s.expect(1, Kind.YES_NO)
    assert moth in g.players[1].trash and hand_n(g, 1) == 1
    g.answer(True)
    s.expect(0, Kind.MAIN_ACTION)
    assert van in g.players[0].trash
    assert g.players[1].trash[-1] == cid_of(g, 1, "trash", "S-B-DEST")


def test_burst_after_destruction_in_battle(xdb):
    """000 ch.2 §2: "after your spirit is destroyed by the opponent" includes a battle."""
    g = position(
        sd(field=[f("S-BIG")]),
        sd(field=[f("S-VAN")], burst="S-B-DEST"),
        step="attack",
        db=xdb,
    )
    big, van = cid_of(g, 0, "field", "S-BIG"), cid_of(g, 1, "field", "S-VAN")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", big))
    s.expect(1, Kind.BLOCK, ("block", van))
    s.expect(1, Kind.YES_NO)
    assert van in g.players[1].trash
    g.answer(True)
    s.expect(1, Kind.MAIN_ACTION)
    assert big in g.players[0].trash


def test_burst_spirit_destroyed_needs_the_opponent_and_a_destruction(xdb):
    """000 ch.2 §2 爆裂条件: destroying your own spirit, or a depletion (消灭 is not 破坏),
    does not meet "after your spirit is destroyed by the opponent"."""
    g = position(
        sd(hand=["S-SAC", "S-DRAIN"], field=[f("S-VAN")], burst="S-B-DEST"),
        sd(field=[f("S-VAN")], burst="S-B-DEST"),
        db=xdb,
    )
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-SAC"))  # no YES_NO for player 1
    use(s, cid_of(g, 0, "hand", "S-DRAIN"))  # no YES_NO for player 2
    s.expect(0, Kind.MAIN_ACTION)
    assert not g.players[0].field and not g.players[1].field
    assert len(g.players[0].burst) == 1 and len(g.players[1].burst) == 1


def test_burst_after_the_opponent_summons_waits_for_the_summon_effects(xdb):
    """000 ch.2 §2: "after your opponent summons a spirit": asked after the summon's own
    effects; deploying a nexus is not summoning a spirit."""
    g = position(
        sd(hand=["S-NEX-PLAIN", "S-SUMDRAW"], reserve=2),
        sd(burst="S-B-SUM"),
        db=xdb,
    )
    finch = cid_of(g, 0, "hand", "S-SUMDRAW")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", cid_of(g, 0, "hand", "S-NEX-PLAIN")))
    s.expect(0, Kind.PLACE_CORES, place())
    s.expect(0, Kind.MAIN_ACTION, ("summon", finch))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.YES_NO)
    assert hand_n(g, 0) == 1  # the summon effect drew already
    g.answer(True)
    s.expect(0, Kind.MAIN_ACTION)
    assert finch in g.players[0].trash


def test_burst_after_the_opponent_attacks(xdb):
    """000 ch.2 §2: "after your opponent's attack": asked after the attack declaration and
    its effects, before the flash timing and the block."""
    g = position(sd(field=[f("S-CLASH")]), sd(burst="S-B-ATK", hand=["S-KILL"]), step="attack", db=xdb)
    ram = cid_of(g, 0, "field", "S-CLASH")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", ram))
    s.expect(1, Kind.YES_NO, True)  # before the FLASH decision
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(1, Kind.MAIN_ACTION)
    assert ram in g.players[0].trash and g.players[1].life == 5


def test_burst_summon_follow_up_summons_it_from_the_burst_area(xdb):
    """000 ch.2 §2 ③ (a burst's summon follow-up): pay its cost and place its cores."""
    g = position(sd(field=[f("S-VAN")]), sd(burst="S-B-SPIRIT", reserve=3), step="attack", db=xdb)
    a = cid_of(g, 0, "field", "S-VAN")
    sal = cid_of(g, 1, "burst", "S-B-SPIRIT")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    s.expect(1, Kind.YES_NO, True)
    d = s.expect(1, Kind.PAY_COST)
    assert d.allocation.amount == 3 and d.allocation.cancellable
    g.answer(pay(reserve=3))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.MAIN_ACTION)
    assert sal in g.players[1].field and sal not in g.players[1].trash and not g.players[1].burst
    assert g.players[1].life == 5


def test_burst_area_is_not_the_field(xdb):
    """000 ch.2 §2: 爆裂区不包括于战场: a set burst's symbols do not reduce costs."""
    g = position(sd(hand=["S-REDUCE"], burst="S-B-SPIRIT", reserve=5), sd(), db=xdb)
    brute = cid_of(g, 0, "hand", "S-REDUCE")
    s = Script(g)
    assert view_for(g, 0).you.hand[0].cost_now == 3
    s.expect(0, Kind.MAIN_ACTION, ("summon", brute))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 3


# ============================================================ 3. mirages


def test_mirage_is_paid_reduced_set_face_up_once_a_turn_and_its_set_effect_works(xdb):
    """000 ch.2 §3: in the Main Step, once a turn, pay the mirage cost (reduced by the
    card's reduction symbols) and set it face up in the burst area; its [Set] effects work
    while it is set."""
    g = position(
        sd(field=[f("S-HOST")], hand=["S-MIR", "S-MIR2"], reserve=4),
        sd(field=[f("S-VAN")]),
        db=xdb,
    )
    host = cid_of(g, 0, "field", "S-HOST")
    mir, mir2 = cid_of(g, 0, "hand", "S-MIR"), cid_of(g, 0, "hand", "S-MIR2")
    s = Script(g)
    d = s.expect(0, Kind.MAIN_ACTION)
    assert kinds(d, "set_mirage") == [("set_mirage", mir), ("set_mirage", mir2)]
    g.answer(("set_mirage", mir))
    d = s.expect(0, Kind.PAY_COST)
    assert d.allocation.amount == 2  # mirage cost 3, one red symbol on the field
    assert d.allocation.cancellable
    g.answer(("cancel",))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert mir in g.players[0].hand and ("set_mirage", mir) in d.options
    g.answer(("set_mirage", mir))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    d = s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].mirage == [mir] and mir not in g.players[0].hand
    assert not kinds(d, "set_mirage")  # once a turn
    assert [c.card.id for c in view_for(g, 1).opponent.mirage] == ["S-MIR"]  # face up
    assert g.players[0].reserve == 2 and g.players[0].trash_cores == 2
    g.answer(("end",))
    s.expect(0, Kind.ATTACK, ("attack", host))
    s.expect(1, Kind.BLOCK)
    assert bp(g, host) == 3000 + 2000


def test_mirage_in_the_hand_does_nothing(xdb):
    """000 ch.2 §3: [Set] effects work only while the card is set."""
    g = position(sd(field=[f("S-HOST")], hand=["S-MIR"]), sd(field=[f("S-VAN")]), step="attack", db=xdb)
    host = cid_of(g, 0, "field", "S-HOST")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", host))
    s.expect(1, Kind.BLOCK)
    assert bp(g, host) == 3000


def test_a_new_mirage_replaces_the_old_one_which_returns_to_the_hand(xdb):
    """000 ch.2 §3: with a mirage already set, the new one is set by replacing (替换) the
    earlier one; because it is a replacement the opponent's "when your opponent's hand
    increases" effects do not trigger, i.e. the earlier mirage goes back to the hand
    (《》: a mirage is never discarded, nor returned to the hand without a new one)."""
    g = position(sd(field=[f("S-HOST")], hand=["S-MIR2"], mirage="S-MIR", reserve=1), sd(), db=xdb)
    mir = cid_of(g, 0, "mirage", "S-MIR")
    mir2 = cid_of(g, 0, "hand", "S-MIR2")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("set_mirage", mir2))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.players[0].mirage == [mir2]
    assert mir not in g.players[0].trash
    assert mir in g.players[0].hand


# ============================================================ 4. nexus levels, heavy exhaustion


def test_nexus_is_lv1_without_cores_and_deploys_with_none(xdb):
    """000 ch.1 §2 核心卡: a nexus is Lv1 even with no cores (it is never depleted)."""
    g = position(sd(hand=["S-NEX"], reserve=1), sd(), db=xdb)
    nex = cid_of(g, 0, "hand", "S-NEX")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("deploy", nex))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.amount == 0
    g.answer(place())
    s.expect(0, Kind.MAIN_ACTION)
    assert nex in g.field and (fv(g, nex).level, fv(g, nex).total_cores) == (1, 0)


def test_nexus_effects_are_gated_by_its_level(xdb):
    """000 ch.1 §2 核心卡: [Lv1-Lv2] effects work with no cores; Lv2 (by cores) adds the
    [Lv2] effects."""
    for cores, level, gain in ((0, 1, 1000), (2, 2, 3000)):
        g = position(sd(field=[f("S-NEX", cores), f("S-VAN")]), sd(field=[f("S-VAN")]), step="attack", db=xdb)
        nex, van = cid_of(g, 0, "field", "S-NEX"), cid_of(g, 0, "field", "S-VAN")
        assert fv(g, nex).level == level
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", van))
        if level == 2:
            s.expect(0, Kind.ORDER_TRIGGERS, 0)
        s.expect(1, Kind.BLOCK)
        assert bp(g, van) == 1000 + gain


def test_heavy_exhaustion_takes_two_refresh_steps(xdb):
    """Q&A 状态 A3: a heavily exhausted spirit counts as exhausted (no attack, no block); a
    refresh makes it exhausted, the next one refreshed."""
    g = position(sd(hand=["S-HEAVY"], field=[f("S-VAN")]), sd(field=[f("S-VAN")]), db=xdb)
    mine, theirs = cid_of(g, 0, "field", "S-VAN"), cid_of(g, 1, "field", "S-VAN")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-HEAVY"))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.field[theirs].state == HEAVY
    s.expect(0, Kind.ATTACK, ("attack", mine))
    s.expect(1, Kind.MAIN_ACTION)  # no BLOCK: a heavily exhausted spirit cannot block
    assert g.field[theirs].state == EXHAUSTED and g.players[1].life == 4
    g.answer(("end",))  # and it cannot attack: no ATTACK decision
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    d = s.expect(1, Kind.MAIN_ACTION)
    assert g.field[theirs].state == REFRESHED
    g.answer(("end",))
    d = s.expect(1, Kind.ATTACK)
    assert ("attack", theirs) in d.options


def test_exhausted_spirit_is_not_made_heavy_by_a_plain_exhaust(xdb):
    """Q&A 状态 A3: refreshed or exhausted spirits become heavily exhausted by "heavily
    exhaust"; an exhausted one is not by "exhaust"; a refresh makes a heavy one exhausted."""
    g = position(
        sd(hand=["S-EXH", "S-HEAVY", "S-REFANY"]),
        sd(field=[f("S-VAN", st="exhausted"), f("S-VAN", st="exhausted")]),
        db=xdb,
    )
    a, b = cid_of(g, 1, "field", "S-VAN", 0), cid_of(g, 1, "field", "S-VAN", 1)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-EXH"))
    s.expect(0, Kind.CHOOSE_TARGETS, (a,))
    use(s, cid_of(g, 0, "hand", "S-HEAVY"))
    s.expect(0, Kind.CHOOSE_TARGETS, (b,))
    assert (g.field[a].state, g.field[b].state) == (EXHAUSTED, HEAVY)
    use(s, cid_of(g, 0, "hand", "S-REFANY"))
    s.expect(0, Kind.CHOOSE_TARGETS, (b,))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[b].state == EXHAUSTED


# ============================================================ 5. priority: cannot, Armor, silence


def test_clash_cannot_block_beats_must_block(xdb):
    """Q&A 效果整体 A3: "cannot" beats "must": Clash makes the opponent block if able, but
    their only refreshed spirit cannot block: the attack goes through unblocked."""
    g = position(sd(hand=["S-FORBID"], field=[f("S-CLASH")]), sd(field=[f("S-VAN")]), db=xdb)
    ram = cid_of(g, 0, "field", "S-CLASH")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-FORBID"))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", ram))
    s.expect(1, Kind.MAIN_ACTION)  # no BLOCK decision that would force a block
    assert g.players[1].life == 4


def test_clash_removes_take_when_a_legal_blocker_exists(xdb):
    """Keyword Clash (激突) with Q&A A3: with one spirit forbidden to block and one that
    can, the defender must block with the one that can."""
    g = position(sd(hand=["S-FORBID"], field=[f("S-CLASH")]), sd(field=[f("S-VAN"), f("S-VAN")]), db=xdb)
    ram = cid_of(g, 0, "field", "S-CLASH")
    a, b = cid_of(g, 1, "field", "S-VAN", 0), cid_of(g, 1, "field", "S-VAN", 1)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-FORBID"))
    s.expect(0, Kind.CHOOSE_TARGETS, (a,))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", ram))
    d = s.expect(1, Kind.BLOCK)
    assert d.options == (("block", b),)


def test_clash_works_only_at_its_levels(xdb):
    """Keywords with levels (000 ch.1 §2 【Lv2-Lv3】): [Lv2-Lv3] Clash at Lv1 does nothing."""
    for cores, take in ((1, True), (3, False)):
        g = position(sd(field=[f("S-CLASH2", cores)]), sd(field=[f("S-VAN")]), step="attack", db=xdb)
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "S-CLASH2")))
        d = s.expect(1, Kind.BLOCK)
        assert (("take",) in d.options) == take


def test_armor_keeps_out_the_opponents_effects_of_its_colours(xdb):
    """Q&A 效果整体 A4 (不受影响): Armor: red makes the spirit unaffected by the opponent's red
    effects: it is not offered as a target; blue effects still reach it."""
    g = position(
        sd(hand=["S-KILL", "S-KILL-BLUE"]),
        sd(field=[f("S-ARMOR"), f("S-VAN"), f("S-VAN")]),
        db=xdb,
    )
    knight = cid_of(g, 1, "field", "S-ARMOR")
    v1, v2 = cid_of(g, 1, "field", "S-VAN", 0), cid_of(g, 1, "field", "S-VAN", 1)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL"), "flash")
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.context["candidates"] == (v1, v2)
    g.answer((v1,))
    use(s, cid_of(g, 0, "hand", "S-KILL-BLUE"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.context["candidates"] == (knight, v2)


def test_unpreventable_overrides_armor(xdb):
    """Q&A 效果整体 A4: 「不能防止」>「不受影响」: an unpreventable red effect reaches a spirit
    with Armor: red."""
    g = position(sd(hand=["S-KILL-U"]), sd(field=[f("S-ARMOR"), f("S-VAN")]), db=xdb)
    knight = cid_of(g, 1, "field", "S-ARMOR")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL-U"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert knight in d.context["candidates"]
    g.answer((knight,))
    s.expect(0, Kind.MAIN_ACTION)
    assert knight in g.players[1].trash


def test_armor_of_the_brave_is_shared_by_the_braved_spirit(xdb):
    """003 合体しているブレイヴ: an Armor of either card of a braved spirit is shared."""
    g = position(sd(hand=["S-KILL-PURPLE"]), sd(field=[f("S-HOST", brave="S-ABRAVE"), f("S-VAN")]), db=xdb)
    van = cid_of(g, 1, "field", "S-VAN")
    host = cid_of(g, 1, "field", "S-HOST")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL-PURPLE"))  # the only target: no choice
    s.expect(0, Kind.MAIN_ACTION)
    assert van in g.players[1].trash and host in g.field


def _silenced_swift(xdb, silencer: str, swift: str) -> int:
    """Player 1 silences, then attacks; player 2 swift-summons a spirit whose summon effect
    draws a card. Returns how many cards that effect drew."""
    g = position(
        sd(hand=[silencer], field=[f("S-VAN")]),
        sd(hand=[swift], reserve=2),
        db=xdb,
    )
    van = cid_of(g, 0, "field", "S-VAN")
    sw = cid_of(g, 1, "hand", swift)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", silencer))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("attack", van))
    s.expect(1, Kind.FLASH, ("swift", sw))
    s.expect(1, Kind.PAY_COST, pay(reserve=1))
    s.expect(1, Kind.PLACE_CORES, place(reserve=1))
    s.expect(1, Kind.BLOCK)
    assert sw in g.field
    return hand_n(g, 1)


def test_silence_stops_the_opponents_summon_effects(xdb):
    """Q&A 效果整体 A4 (不能发挥): "your opponent's 'when summoned' effects cannot activate"."""
    assert _silenced_swift(xdb, "S-SILENCE", "S-SW-DRAW") == 0


def test_armor_lets_its_own_summon_effect_activate_under_silence(xdb):
    """Q&A 效果整体 A4: 「不受影响」>「不能发挥」: a spirit with Armor: purple still uses its
    summon effect under a purple silence."""
    assert _silenced_swift(xdb, "S-SILENCE", "S-SW-ARMOR") == 1


def test_unpreventable_silence_beats_armor(xdb):
    """Q&A 效果整体 A4: 「不能防止」>「不受影响」: an unpreventable silence stops it too."""
    assert _silenced_swift(xdb, "S-SILENCE-U", "S-SW-ARMOR") == 0


def test_heavy_armor_protects_all_your_field_cards(xdb):
    """Keyword Heavy Armor (重装甲): all field cards of its controller are unaffected by the
    opponent's effects of its colours; Q&A A4: unpreventable effects still reach them."""
    g = position(
        sd(hand=["S-KILL", "S-KILL-BLUE", "S-KILL-U"]),
        sd(field=[f("S-HARMOR", 0), f("S-VAN"), f("S-VAN"), f("S-VAN")]),
        db=xdb,
    )
    vans = [cid_of(g, 1, "field", "S-VAN", i) for i in range(3)]
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-KILL"), "flash")  # red: nothing can be chosen
    use(s, cid_of(g, 0, "hand", "S-KILL-BLUE"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.context["candidates"] == tuple(vans)
    g.answer((vans[0],))
    use(s, cid_of(g, 0, "hand", "S-KILL-U"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.context["candidates"] == tuple(vans[1:])
    g.answer((vans[1],))
    s.expect(0, Kind.MAIN_ACTION)
    assert [c for c in g.players[1].field if c in vans] == [vans[2]]


# ============================================================ 6. once per turn


def _summon_cheap(s: Script, nth: int = 0) -> None:
    g = s.g
    sprout = cid_of(g, 0, "hand", "S-CHEAP", nth)
    s.expect(0, Kind.MAIN_ACTION, ("summon", sprout))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))  # cost 0: no payment


def test_once_per_turn_lets_each_copy_use_it_once_a_turn(xdb):
    """Q&A 效果整体 A9: 「每回合1次」: each of several same-name spirits may use it once a
    turn; the next turn it works again."""
    g = position(
        sd(field=[f("S-WATCH-T"), f("S-WATCH-T")], hand=["S-CHEAP"] * 3, reserve=2),
        sd(),
        db=xdb,
    )
    s = Script(g)
    _summon_cheap(s)
    s.expect(0, Kind.ORDER_TRIGGERS, 0)  # both copies trigger
    s.expect(0, Kind.MAIN_ACTION)
    assert hand_n(g, 0) == 2 + 2
    _summon_cheap(s)  # no ORDER_TRIGGERS, no draw: both used this turn
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert hand_n(g, 0) == 3 + 0
    to_next_own_main(s)
    hand = hand_n(g, 0)
    _summon_cheap(s)
    s.expect(0, Kind.ORDER_TRIGGERS, 0)
    s.expect(0, Kind.MAIN_ACTION)
    assert hand_n(g, 0) == hand - 1 + 2


def test_once_per_turn_same_name_is_shared_by_the_copies(xdb):
    """Q&A 效果整体 A9: 「这个效果每回合只能用1次」/〔每回合1次：同名〕: once one copy used it,
    the others cannot that turn; the next turn it works again."""
    g = position(
        sd(field=[f("S-WATCH-N"), f("S-WATCH-N")], hand=["S-CHEAP"] * 3, reserve=2),
        sd(),
        db=xdb,
    )
    s = Script(g)
    _summon_cheap(s)
    if g.decision.kind == Kind.ORDER_TRIGGERS:  # both may be listed; only one can resolve
        g.answer(0)
    s.expect(0, Kind.MAIN_ACTION)
    assert hand_n(g, 0) == 2 + 1  # one copy only
    _summon_cheap(s)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert hand_n(g, 0) == 2 + 0
    to_next_own_main(s)
    hand = hand_n(g, 0)
    _summon_cheap(s)
    if g.decision.kind == Kind.ORDER_TRIGGERS:
        g.answer(0)
    s.expect(0, Kind.MAIN_ACTION)
    assert hand_n(g, 0) == hand - 1 + 1


def test_no_duplicates_two_copies_give_the_bonus_once(xdb):
    """[No duplicates] (重复不可): two copies of a nexus with the same effect give the bonus
    once; without the tag both copies trigger."""
    for nex, gain in (("S-NEX-ND", 1000), ("S-NEX-D", 2000)):
        g = position(sd(field=[f(nex, 0), f(nex, 0), f("S-VAN")]), sd(field=[f("S-VAN")]), step="attack", db=xdb)
        van = cid_of(g, 0, "field", "S-VAN")
        s = Script(g)
        s.expect(0, Kind.ATTACK, ("attack", van))
        if gain == 2000:
            s.expect(0, Kind.ORDER_TRIGGERS, 0)
        s.expect(1, Kind.BLOCK)
        assert bp(g, van) == 1000 + gain


# ============================================================ 7. wording


def test_by_is_not_offered_when_the_result_cannot_happen(xdb):
    """Q&A 效果整体 A5: "by doing X, Y": if Y cannot happen, X is not done either (nothing
    happens); nor if X cannot be done."""
    g = position(
        sd(hand=["S-BY", "S-BY"], field=[f("S-VAN")]),
        sd(field=[f("S-BIG")]),
        db=xdb,
    )
    van = cid_of(g, 0, "field", "S-VAN")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-BY"))  # nothing with 2000 BP or less: no YES_NO
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[van].state == REFRESHED
    assert cid_of(g, 1, "field", "S-BIG") in g.field


def test_by_asks_and_does_both_when_possible(xdb):
    """Q&A 效果整体 A5: whether to do X is the player's choice; doing it, Y follows."""
    g = position(sd(hand=["S-BY", "S-BY"], field=[f("S-VAN")]), sd(field=[f("S-VAN"), f("S-VAN")]), db=xdb)
    mine = cid_of(g, 0, "field", "S-VAN")
    t1 = cid_of(g, 1, "field", "S-VAN", 0)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-BY", 0))
    s.expect(0, Kind.YES_NO, False)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[mine].state == REFRESHED and len(g.players[1].field) == 2
    use(s, cid_of(g, 0, "hand", "S-BY", 0))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.CHOOSE_TARGETS, (t1,))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[mine].state == EXHAUSTED and t1 in g.players[1].trash


def test_by_is_not_offered_when_the_cost_cannot_be_paid(xdb):
    """Q&A 效果整体 A5: X must be done for Y: with no refreshed spirit to exhaust, nothing."""
    g = position(sd(hand=["S-BY"], field=[f("S-VAN", st="exhausted")]), sd(field=[f("S-VAN")]), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-BY"))
    s.expect(0, Kind.MAIN_ACTION)
    assert len(g.players[1].field) == 1


def test_if_you_do_is_asked_even_when_the_result_cannot_happen(xdb):
    """Q&A 效果整体 A6: "you may X; if you do, Y": usable when Y cannot happen; X is done."""
    g = position(sd(hand=["S-IYD"], field=[f("S-VAN")]), sd(field=[f("S-BIG")]), db=xdb)
    mine = cid_of(g, 0, "field", "S-VAN")
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-IYD"))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[mine].state == EXHAUSTED
    assert cid_of(g, 1, "field", "S-BIG") in g.field


def _order_of(g, first: str, second: str) -> tuple[int, int]:
    lines = g.log_lines()
    i = max(k for k, line in enumerate(lines) if first in line)
    j = max(k for k, line in enumerate(lines) if second in line)
    return i, j


def test_afterwards_waits_for_the_effects_the_first_part_caused(xdb):
    """Q&A 效果整体 A7: 「这个效果发挥后」 resolves after the effects derived from the earlier
    part (here the destroyed spirit's draw and its move to the trash)."""
    g = position(sd(hand=["S-AFTER"]), sd(field=[f("S-DDRAW")]), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-AFTER"))
    s.expect(0, Kind.MAIN_ACTION)
    draw, core = _order_of(g, "Player 2 draws", "from the void into the reserve")
    trash = max(k for k, line in enumerate(g.log_lines()) if "Ember Moth goes to the trash" in line)
    assert draw < core and trash < core


def test_then_resolves_before_the_effects_the_first_part_caused(xdb):
    """Q&A 效果整体 A7: 「之后」: the next part follows at once, nothing in between; the
    destroyed spirit's draw comes after the whole effect."""
    g = position(sd(hand=["S-THEN"]), sd(field=[f("S-DDRAW")]), db=xdb)
    s = Script(g)
    use(s, cid_of(g, 0, "hand", "S-THEN"))
    s.expect(0, Kind.MAIN_ACTION)
    draw, core = _order_of(g, "Player 2 draws", "from the void into the reserve")
    assert core < draw


# ============================================================ 8. keywords


def test_crush_discards_as_many_cards_as_its_level(xdb):
    """Keyword Crush (粉砕; 003 デッキの破棄): when it attacks, discard from the top of the
    opponent's deck as many cards as its level."""
    g = position(
        sd(field=[f("S-CRUSH", 3)]), sd(field=[f("S-VAN")], deck=["S-VAN", "S-BIG", "S-CHEAP"]), step="attack", db=xdb
    )
    crusher = cid_of(g, 0, "field", "S-CRUSH")
    top2 = g.players[1].deck[-2:][::-1]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", crusher))
    s.expect(1, Kind.BLOCK)
    assert fv(g, crusher).level == 2
    assert g.players[1].trash == top2 and len(g.players[1].deck) == 1


def test_swift_summons_in_flash_timing_paying_from_the_reserve_only(xdb):
    """Keyword Swift (神速): summoned in flash timing, its cost and cores from the reserve
    only; a payment from a field card is refused."""
    g = position(
        sd(field=[f("S-VAN")]),
        sd(field=[f("S-VAN", 3, soul=True)], hand=["S-SWIFT"], reserve=2),
        step="attack",
        db=xdb,
    )
    a = cid_of(g, 0, "field", "S-VAN")
    mine = cid_of(g, 1, "field", "S-VAN")
    hare = cid_of(g, 1, "hand", "S-SWIFT")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", a))
    d = s.expect(1, Kind.FLASH)
    assert ("swift", hare) in d.options
    g.answer(("swift", hare))
    d = s.expect(1, Kind.PAY_COST)
    assert [src.source for src in d.allocation.sources] == ["reserve"]
    with pytest.raises(IllegalAnswer):
        g.answer(pay(**{f"c{mine}": 1}))
    g.answer(pay(reserve=1))
    d = s.expect(1, Kind.PLACE_CORES)
    with pytest.raises(IllegalAnswer):
        g.answer(place(**{f"c{mine}": 1}))
    g.answer(place(reserve=1))
    d = s.expect(1, Kind.BLOCK)
    assert ("block", hare) in d.options
    assert fv(g, mine).total_cores == 4  # untouched


def test_swift_cannot_pay_with_the_soul_core_from_a_field_card(xdb):
    """Keyword Swift (神速): the payment comes from the reserve only, so the Soul Core on a
    field card cannot pay either."""
    g = position(
        sd(field=[f("S-VAN")]),
        sd(field=[f("S-VAN", 3, soul=True)], hand=["S-SWIFT"], reserve=2),
        step="attack",
        db=xdb,
    )
    mine = cid_of(g, 1, "field", "S-VAN")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "S-VAN")))
    s.expect(1, Kind.FLASH, ("swift", cid_of(g, 1, "hand", "S-SWIFT")))
    d = s.expect(1, Kind.PAY_COST)
    assert not any(src.soul for src in d.allocation.sources)
    with pytest.raises(IllegalAnswer):
        g.answer(pay(soul=True))
    assert g.players[1].soul == mine


def test_swift_is_not_offered_without_enough_cores_in_the_reserve(xdb):
    """Keyword Swift (神速): cores on field cards (the Soul Core among them) do not count."""
    g = position(
        sd(field=[f("S-VAN")]),
        sd(field=[f("S-VAN", 5, soul=True)], hand=["S-SWIFT"], reserve=1),
        step="attack",
        db=xdb,
    )
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "S-VAN")))
    s.expect(1, Kind.BLOCK)  # no FLASH decision


def test_awaken_gathers_cores_from_other_field_cards(xdb):
    """Keyword Awaken (覚醒): when summoned, move any number of cores (0 too) from your
    other field cards onto it."""
    for moved, level in ((2, 2), (0, 1)):
        g = position(sd(hand=["S-AWAKEN"], field=[f("S-VAN", 3)], reserve=3), sd(), db=xdb)
        tiger = cid_of(g, 0, "hand", "S-AWAKEN")
        van = cid_of(g, 0, "field", "S-VAN")
        s = Script(g)
        s.expect(0, Kind.MAIN_ACTION, ("summon", tiger))
        s.expect(0, Kind.PAY_COST, pay(reserve=2))
        s.expect(0, Kind.PLACE_CORES, place(reserve=1))
        d = s.expect(0, Kind.PLACE_CORES)
        assert d.allocation.amount == 0
        assert [src.source for src in d.allocation.sources] == [van]
        g.answer(place(**{f"c{van}": moved}) if moved else place())
        s.expect(0, Kind.MAIN_ACTION)
        assert (fv(g, tiger).level, fv(g, van).total_cores) == (level, 3 - moved)


def test_awaken_does_not_take_cores_from_the_reserve(xdb):
    """Keyword Awaken (覚醒): only cores of other field cards; the reserve is not a source."""
    g = position(sd(hand=["S-AWAKEN"], field=[f("S-VAN", 3)], reserve=5), sd(), db=xdb)
    tiger = cid_of(g, 0, "hand", "S-AWAKEN")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", tiger))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.PLACE_CORES)
    with pytest.raises(IllegalAnswer):
        g.answer(place(reserve=2))


def test_assault_exhausts_a_nexus_to_refresh_the_attacker_n_times_a_turn(xdb):
    """Keyword Assault (強襲: 1): when it attacks, by exhausting one of your refreshed
    nexuses it is refreshed; at most once a turn."""
    g = position(
        sd(field=[f("S-ASSAULT"), f("S-NEX-PLAIN", 0), f("S-NEX-PLAIN", 0, "exhausted"), f("S-NEX-PLAIN", 0)]),
        sd(),
        step="attack",
        db=xdb,
    )
    hound = cid_of(g, 0, "field", "S-ASSAULT")
    n1, n2, n3 = (cid_of(g, 0, "field", "S-NEX-PLAIN", i) for i in range(3))
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", hound))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert d.options == ((n1,), (n3,), ())  # refreshed nexuses only, or none
    g.answer((n1,))
    d = s.expect(0, Kind.ATTACK)
    assert g.field[n1].state == EXHAUSTED and g.field[hound].state == REFRESHED
    assert g.players[1].life == 4
    g.answer(("attack", hound))
    s.expect(1, Kind.MAIN_ACTION)  # no second Assault: n3 stays refreshed, the turn ends
    assert g.field[n3].state == REFRESHED and g.players[1].life == 3


def test_seal_puts_the_soul_core_in_life_and_sealed_effects_work_only_then(xdb):
    """Keyword Seal (封印) and 000 ch.1 §3 灵魂晶核: on summon the Soul Core goes to your
    life; [While sealed] effects work only while it is there."""
    g = position(sd(hand=["S-SEAL"], field=[f("S-SEALED")], reserve=2), sd(field=[f("S-VAN")]), db=xdb)
    warden = cid_of(g, 0, "field", "S-SEALED")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "S-SEAL")))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    assert g.players[0].soul == SOUL_LIFE and g.players[0].life_total == 6
    hand = hand_n(g, 0)
    s.expect(0, Kind.ATTACK, ("attack", warden))
    s.expect(1, Kind.BLOCK)
    assert hand_n(g, 0) == hand + 1


def test_sealed_effect_does_nothing_while_not_sealed(xdb):
    """[While sealed]: with the Soul Core in the reserve the effect does not trigger."""
    g = position(sd(field=[f("S-SEALED")]), sd(field=[f("S-VAN")]), step="attack", db=xdb)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cid_of(g, 0, "field", "S-SEALED")))
    s.expect(1, Kind.BLOCK)
    assert hand_n(g, 0) == 0


def test_chain_needs_a_symbol_of_its_colour_on_your_field(xdb):
    """Chain (連鎖): the extra steps only with a symbol of that colour on your field; a
    two-colour symbol counts (003 カードの色とシンボルの色), a brave's symbol on a braved
    spirit too (000 ch.2 §1)."""
    cases = (
        ([f("S-VAN")], 1),
        ([f("S-BLUE")], 2),
        ([f("S-RB")], 2),
        ([f("S-HOST", brave="S-FBRAVE")], 2),
    )
    for field, drawn in cases:
        g = position(sd(hand=["S-CHAIN"], field=field), sd(), db=xdb)
        s = Script(g)
        use(s, cid_of(g, 0, "hand", "S-CHAIN"))
        s.expect(0, Kind.MAIN_ACTION)
        assert hand_n(g, 0) == drawn, field


def test_forced_separation_when_the_condition_no_longer_holds(xdb):
    """000 ch.2 §1: "合体期间若不再符合合体条件，则会强制进行分离". A brave braved to a
    spirit that does not meet its condition (cost 3 or more; set up from a position) is
    separated at once; it stays as a spirit only if its Lv1 cores are placed on it."""
    g = position(side(field=[{"card": "R01", "cores": 2, "brave": "R16"}], reserve=2), side(), db=xdb)
    pup = cid_of(g, 0, "field", "R01")
    brave = cid_of(g, 0, "field", "R16")
    s = Script(g)
    d = s.expect(0, Kind.PLACE_CORES)
    assert d.allocation.card == brave and d.allocation.cancellable
    g.answer(place(reserve=1))
    s.expect(0, Kind.MAIN_ACTION)
    assert g.field[pup].brave == -1 and g.field[brave].host == -1 and g.field[brave].cores == 1
    assert any("no longer meets its brave condition" in line for line in g.log_lines())
    # declined: the separated brave goes to the trash
    g = position(side(field=[{"card": "R01", "cores": 2, "brave": "R16"}], reserve=2), side(), db=xdb)
    brave = cid_of(g, 0, "field", "R16")
    s = Script(g)
    s.expect(0, Kind.PLACE_CORES, ("cancel",))
    s.expect(0, Kind.MAIN_ACTION)
    assert brave in g.players[0].trash and brave not in g.field


def test_an_exchange_in_a_battle_hands_the_battle_on() -> None:
    """G-R3, 000 Q&A 关于描述的变更 A3 (line 936): a spirit exchanged while it battles (the
    exchange verb, 入れ替え) is replaced in the battle by the new spirit, which goes on
    battling: here the blocker, whose replacement then wins the BP comparison."""
    from bs_tui.engine.rules.exchange import swap

    g = position(
        side(hand=["R04"], field=[{"card": "R02", "cores": 3}]),
        side(field=[{"card": "R03", "cores": 1}]),
        active=1,
        step="attack",
    )
    lancer, drake, raptor = cid_of(g, 0, "hand", "R04"), cid_of(g, 0, "field", "R02"), cid_of(g, 1, "field", "R03")
    g.ask_every_flash = True  # every flash window asks, so the battle waits at each
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", raptor))
    s.expect(0, Kind.FLASH, ("pass",))
    s.expect(1, Kind.FLASH, ("pass",))
    s.expect(0, Kind.BLOCK, ("block", drake))
    s.expect(0, Kind.FLASH)
    assert g.battle is not None and g.battle.blocker == drake
    swap(g, 0, drake, lancer)  # as an exchange effect resolving in this flash window would
    assert g.battle.blocker == lancer and g.field[lancer].cores == 3 and drake in g.players[0].hand
    s.expect(0, Kind.FLASH, ("pass",))
    s.expect(1, Kind.FLASH, ("pass",))
    assert raptor in g.players[1].trash and lancer in g.field  # 6000 (Lv2) against 3000


# ----------------------------------------------------------------------- activated field effects


def test_field_cards_main_and_flash_effects_are_offered_and_paid(xdb: CardDB) -> None:
    """000 ch.1 §5.5 (lines 263–265) and flash timing (lines 336–356: "a spirit's effect that
    says 'do ○○' may be chosen too"): a spirit's Flash effect on the field is offered in the
    Main Step and in a flash window of either turn, its cost ("by exhausting this spirit")
    paid when chosen; not while the cost cannot be paid (it is exhausted), nor a second time
    in a turn when it says once per turn; a Main effect is never offered in flash timing."""
    by_exhausting = [{"verb": "by", "cost": [{"verb": "exhaust", "target": "this"}], "do": DRAW1}]
    cards = dict(xdb.cards)
    for t in (
        spirit("S-WATCH", "Watch Drake", effect=[{"when": "flash", "do": by_exhausting}]),
        spirit("S-MAIN", "Main Drake", effect=[{"when": "main", "once": "turn", "do": DRAW1}]),
    ):
        c = card_from_table(t, "test")
        cards[c.id] = c
    db = CardDB(cards, "test")
    g = position(
        side(field=[{"card": "S-WATCH", "cores": 1}, {"card": "S-MAIN", "cores": 1}], deck=DECK),
        side(field=[{"card": "S-VAN", "cores": 1}], deck=DECK),
        db=db,
    )
    watch, main = cid_of(g, 0, "field", "S-WATCH"), cid_of(g, 0, "field", "S-MAIN")
    o = g.decision.options
    assert ("activate", watch, 0) in o and ("activate", main, 0) in o
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("activate", main, 0))
    assert len(g.players[0].hand) == 1 and ("activate", main, 0) not in g.decision.options  # once per turn
    assert dict(g.decision.context["unavailable"])[("activate", main, 0)] == "once per turn: used this turn"
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    # the opponent's turn: their spirit attacks, and the Watch Drake's Flash effect is offered
    s.expect(1, Kind.MAIN_ACTION, ("end",))
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "S-VAN")))
    d = s.expect(0, Kind.FLASH)
    assert ("activate", watch, 0) in d.options and ("activate", main, 0) not in d.options
    g.answer(("activate", watch, 0))
    s.expect(0, Kind.YES_NO, True)
    assert g.field[watch].state == EXHAUSTED and len(g.players[0].hand) == 2
    assert logged_any(g, "uses the Flash effect of Watch Drake")
    d = g.decision
    assert d.kind != Kind.FLASH or ("activate", watch, 0) not in d.options  # exhausted: no cost to pay


def logged_any(g, text: str) -> bool:
    return any(text in line for line in g.log_lines())


# ----------------------------------------------------------------------- the advent, ② to ⑤


def test_an_advent_is_performed_from_choosing_to_stacking(xdb: CardDB) -> None:
    """000 ch.2 §5 ② (lines 566–568): an effect that works while you perform an advent may meet
    the advent condition, and works only then; ③ (line 570): the effects "when you perform an
    advent" resolve, then the Soul Core moves; `Game.adventing` names the player from ② to ④."""
    cards = dict(xdb.cards)
    for t in (
        {"id": "N-OATH", "name": "Oath Hall", "kind": "nexus", "cost": 1, "colours": ["red"],
         "levels": [{"cores": 0}], "effect": [{"when": "continuous", "during": "advent",
                                                "do": [{"verb": "cost", "target": "own_spirit", "amount": 3}]}]},
        {"id": "N-BELL", "name": "Advent Bell", "kind": "nexus", "cost": 1, "colours": ["red"],
         "levels": [{"cores": 0}], "effect": [{"when": "adventing", "do": [{"verb": "void_cores", "n": 1}]}]},
    ):  # fmt: skip
        c = card_from_table(t, "test")
        cards[c.id] = c
    db = CardDB(cards, "test")
    g = position(side(hand=["A01"], field=["N-OATH", "N-BELL", {"card": "R01", "cores": 1}], reserve=0), side(), db=db)
    a01, pup = cid_of(g, 0, "hand", "A01"), cid_of(g, 0, "field", "R01")
    assert costs.cost_of(g, pup) == 1 and ("advent", a01, pup) in g.decision.options  # 1 + 3 while adventing
    g.answer(("advent", a01, pup))
    log = g.log_lines()
    core = next(i for i, line in enumerate(log) if "from the void into the reserve" in line)
    soul = next(i for i, line in enumerate(log) if "Soul Core goes to the trash" in line)
    assert core < soul and g.players[0].reserve == 1 and g.field[pup].top == a01
    assert g.adventing == -1 and costs.cost_of(g, pup) == 6  # the advent is over: no +3


# ----------------------------------------------------------------------- 【变换】 Change


def test_a_change_is_used_from_the_hand_then_exchanged(xdb: CardDB) -> None:
    """【变换】 (Q&A 关于描述的变更 A3, line 936; the official text in official.md): a spirit card's
    effect used from the hand for the Change's own cost (not the card's); afterwards the card
    is exchanged with one of your spirits meeting the condition, coming onto the field
    refreshed with its cores, and that spirit returns to the hand."""
    cards = dict(xdb.cards)
    t = spirit("S-SHIFT", "Shifting Drake", effect=[{"when": "main", "change": {"cost": 1}, "do": DRAW1}])
    t["cost"] = 6
    c = card_from_table(t, "test")
    cards[c.id] = c
    g = position(
        side(hand=["S-SHIFT"], field=[{"card": "S-VAN", "cores": 2, "state": "exhausted"}], reserve=1, deck=DECK),
        side(),
        db=CardDB(cards, "test"),
    )
    shift, van = cid_of(g, 0, "hand", "S-SHIFT"), cid_of(g, 0, "field", "S-VAN")
    assert ("change", shift, 0) in g.decision.options and ("summon", shift) not in g.decision.options
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("change", shift, 0))
    s.expect(0, Kind.PAY_COST, pay(reserve=1))
    assert len(g.players[0].hand) == 2 and (1, shift, "hand") in g.known  # it drew; the card was shown
    s.expect(0, Kind.YES_NO, True)
    assert g.field[shift].state == REFRESHED and g.field[shift].cores == 2 and van in g.players[0].hand


def test_a_brave_stays_on_a_host_whose_cost_effects_take_below_zero() -> None:
    """000 ch.2 §1: a brave is separated when its host no longer meets its condition. The
    host's own cost, read while braved as the object's cost less the brave's, is never below 0
    (as any cost): two opposing Appraiser Automatons (cost -1 each to opposing spirits) leave
    a cost-1 Ember Scout at 0 braved or not, so the Twinflame Imagine Colossus braved to it on
    its right (Blaze Beast, any cost) stays; it separated at once, and was braved again, for
    ever (a self-play game of Larva Bastion and Imagine Host that never ended)."""
    g = position(
        side(field=[{"card": "R07", "cores": 1}, {"card": "I01", "cores": 0}]),
        side(field=[{"card": "E23", "cores": 1}, {"card": "E23", "cores": 1}]),
    )
    scout, colossus = cid_of(g, 0, "field", "R07"), cid_of(g, 0, "field", "I01")
    assert costs.cost_of(g, scout) == 0
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("fuse", colossus, scout, "right"))
    assert g.field[scout].brave == colossus and g.field[colossus].host == scout
    d = s.expect(0, Kind.MAIN_ACTION)
    assert ("fuse", colossus, scout, "right") not in d.options
