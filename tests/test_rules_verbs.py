"""The rules behind the verbs, targets and filters of issue 17 (rules/hand_verbs.py,
rules/card_verbs.py, rules/change_verbs.py, the open area's face-down cards, flip from the
reserve, the new targets of rules/verbs.py), each test naming its seed lines, driven through
the decision interface with the shipped cards (verbs.toml) and a few test-only ones."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Kind, Script, bp, cid_of, f, logged, pay, place, position, side

from bs_tui.engine import load_cards
from bs_tui.engine.data.cards import CardDB, Step, card_from_table
from bs_tui.engine.model import derived
from bs_tui.engine.model.state import Mod
from bs_tui.engine.rules import costs
from bs_tui.engine.rules.flow import main_options
from bs_tui.engine.rules.verbs import eligible
from bs_tui.engine.view import SPECTATOR, view_for


def magic(cid: str, *do: dict[str, Any], when: str = "main", **effect: Any) -> dict[str, Any]:
    return {
        "id": cid,
        "name": f"Test {cid}",
        "kind": "magic",
        "colours": ["white"],
        "cost": 0,
        "effect": [{"when": when, "do": list(do), **effect}],
    }


EXTRA = [
    # "When your life is reduced: set a burst" (for Q&A 关于爆裂 A4)
    {
        "id": "T-LURK",
        "name": "Lurking Scribe",
        "kind": "spirit",
        "colours": ["purple"],
        "cost": 2,
        "symbols": ["purple"],
        "levels": [{"cores": 1, "bp": 2000}],
        "effect": [{"when": "life_reduced", "do": [{"verb": "set_burst"}]}],
    },
    # advent sources to the hand
    {
        "id": "T-SHED",
        "name": "Shedding Wyrm",
        "kind": "spirit",
        "colours": ["purple"],
        "cost": 4,
        "symbols": ["purple"],
        "levels": [{"cores": 1, "bp": 4000}],
        "advent": {"min_cost": 0},
        "effect": [{"when": "attacks", "do": [{"verb": "remove_source", "n": 2, "to": "hand"}]}],
    },
    # a nexus with a printed family (001: printed on a nexus, it is no effect)
    {
        "id": "T-SHRINE",
        "name": "Wayside Shrine",
        "kind": "nexus",
        "colours": ["green"],
        "cost": 2,
        "families": ["Shrine"],
        "symbols": ["green"],
        "levels": [{"cores": 0}, {"cores": 2}],
    },
    # "Your opponent cannot draw cards" (a continuous effect, model/modifiers)
    {
        "id": "T-DROUGHT",
        "name": "Drought Idol",
        "kind": "nexus",
        "colours": ["blue"],
        "cost": 2,
        "symbols": ["blue"],
        "levels": [{"cores": 0}, {"cores": 2}],
        "effect": [{"when": "continuous", "do": [{"verb": "forbid", "target": "opponent", "what": "draw"}]}],
    },
    magic("T-FADE", {"verb": "set_colour", "target": "own_spirit"}),
    magic("T-REDDEN", {"verb": "set_colour", "target": "own_spirit", "value": "red"}),
    magic("T-NONAME", {"verb": "no_families", "target": "opponent_nexus"}),
    magic("T-IF", {"verb": "draw", "n": 2}, **{"if": {"have": "nexus"}}),
    magic(
        "T-BREAK",
        {"verb": "destroy", "target": "opponent_brave"},
        {"verb": "destroy", "target": "opponent_spirit", "max_bp": 4000},
    ),
    magic("T-PART", {"verb": "exhaust", "target": "opponent_spirit", "name": "Cinder", "all": True}),
    magic("T-WHOLE", {"verb": "exhaust", "target": "opponent_spirit", "card_name": "Cinder", "all": True}),
    magic("T-UPTO", {"verb": "open_face_down", "n": 1}),
]


@pytest.fixture(scope="module")
def xdb() -> CardDB:
    cards = dict(load_cards().cards)
    for t in EXTRA:
        c = card_from_table(t, "test")
        cards[c.id] = c
    return CardDB(cards, "test")


def use(g, cid, which="main"):
    s = Script(g)
    s.expect(g.active, Kind.MAIN_ACTION, ("magic", cid, which))
    return s


# ----------------------------------------------------------------------- discard


def test_draw_then_discard_still_discards_under_cannot_draw(xdb):
    """Q&A 关于描述的变更 A4 (000 line 941): "draw X, then discard Y" under a "cannot draw"
    effect still discards as far as possible."""
    g = position(side(hand=["V01", "R01"], deck=["R02"], reserve=2), side(field=[f("T-DROUGHT", 0)]), db=xdb)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    pup = cid_of(g, 0, "hand", "R01")
    s.expect(0, Kind.PLACE_CORES, place(soul=True))
    s.expect(0, Kind.MAIN_ACTION)  # the whole hand is the one card: nothing to choose
    assert logged(g, "cannot draw") and g.players[0].hand == [] and pup in g.players[0].trash
    assert len(g.players[0].deck) == 1


def test_a_contract_card_discarded_from_the_hand_takes_no_soul_state():
    """Q&A 关于契约卡 A2 (000 line 921): only a card leaving the field because of the opponent
    may take soul state; one discarded from the hand by the opponent goes to the trash."""
    g = position(side(hand=["V02"], reserve=3), side(hand=["Q01"]))
    wyvern = cid_of(g, 1, "hand", "Q01")
    use(g, cid_of(g, 0, "hand", "V02")).expect(0, Kind.PAY_COST, pay(reserve=3))
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION)  # no soul-state question
    assert g.players[1].trash == [wyvern] and wyvern not in g.field


def test_the_other_seat_learns_only_who_discards():
    """003 公開情報と非公開情報: a hand is its owner's; while the owner chooses what to discard,
    the other seat and a spectator see who decides and the kind of moment, never the options;
    the discarded card is public once in the trash."""
    g = position(side(hand=["V02"], reserve=3), side(hand=["G01", "W01", "W02"]))
    use(g, cid_of(g, 0, "hand", "V02")).expect(0, Kind.PAY_COST, pay(reserve=3))
    for seat in (0, SPECTATOR):
        v = view_for(g, seat)
        assert (v.decision, v.waiting_for, v.waiting_kind) == (None, 1, "choose_targets")
        assert v.sides[1].hand is None and v.sides[1].hand_count == 3
    d = Script(g).expect(1, Kind.CHOOSE_TARGETS)
    g.answer(d.options[0])
    assert [c.card.id for c in view_for(g, 0).opponent.trash] == [g.defs[d.options[0][0]].id]


# ----------------------------------------------------------------------- set a burst


def test_a_burst_set_while_an_effect_resolves_is_not_set_off_by_that_event(xdb):
    """Q&A 关于爆裂 A4 (000 line 886): a burst set while an effect resolves cannot be activated
    by the event that effect answers; only by one that happens after it was set."""
    g = position(
        side(field=[f("T-LURK", st="exhausted")], hand=["V04"], reserve=0),
        side(field=[f("R01"), f("R02")]),
        active=1,
        step="attack",
        db=xdb,
    )
    curse = cid_of(g, 0, "hand", "V04")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R01")))
    s.expect(0, Kind.CHOOSE_TARGETS, (curse,))  # "when your life is reduced": set it
    assert g.players[0].burst == [curse]
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R02")))  # no burst window for the first hit
    d = s.expect(0, Kind.YES_NO)  # the second hit comes after the set: its burst window
    assert d.context["question"] == "burst" and d.options == (True, False)


def test_an_effects_set_ignores_once_a_turn_but_counts():
    """003 カードの効果はルールに勝つ (lines 128–131): a burst set by an effect ignores "once a
    turn", but it is counted: no burst can be set from the hand after it this Main Step."""
    g = position(side(hand=["V04", "V03", "V04", "W11"], reserve=4), side())
    first, second = cid_of(g, 0, "hand", "V04"), cid_of(g, 0, "hand", "V04", 1)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("set_burst", first))
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V03")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(second,), (cid_of(g, 0, "hand", "W11"),)}
    g.answer((second,))
    assert g.players[0].burst == [second] and first in g.players[0].trash
    d = s.expect(0, Kind.MAIN_ACTION)
    assert not any(o[0] == "set_burst" for o in d.options)
    assert logged(g, "Player 1 sets Gravesnare Curse as a burst.")
    assert "Player 1 sets a burst face down." in view_for(g, 1).log


# ----------------------------------------------------------------------- advent sources


def test_removing_the_bottom_source_keeps_the_spirit_as_it_was():
    """000 ch.2 §5: the sources are cards of the spirit; the bottom one, whose id the field
    object bears, leaving it does not make another spirit: it goes on attacking, a lasting
    change on it stays, and with no source left it is no longer [During Advent] (line 577)."""
    g = position(
        side(field=[{"card": "V05", "cores": 3, "sources": ["V03"]}]),
        side(field=[f("P05"), f("R03")]),
        step="attack",
    )
    husk = g.players[0].field[0]
    top = g.field[husk].top
    g.mods.append(Mod(husk, "bp", 1000, "turn"))
    during = g.defs[husk].effects[1]
    assert during.during_advent and derived.works(g, husk, during, 0, 2, False)
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", husk))
    s.expect(0, Kind.YES_NO, True)
    s.expect(1, Kind.BLOCK)  # Blazefang Raptor (cost 3) was not destroyed; Ironbone Warden was
    assert husk in g.players[0].trash and top in g.field and g.field[top].sources == ()
    assert g.battle.attacker == top and bp(g, top) == 9000  # Lv2 8000 and the +1000 it was under
    assert not derived.works(g, top, during, 0, 2, False)


def test_sources_to_the_hand_are_seen_going_there(xdb):
    """Sources put into the hand: face-up cards of the field seen going to the hand (003:
    known until the hand is hidden again); "as far as there are" (one source for "2")."""
    g = position(side(field=[{"card": "T-SHED", "cores": 1, "sources": ["R01"]}]), side(), step="attack", db=xdb)
    wyrm = g.players[0].field[0]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", wyrm))
    assert g.players[0].hand == [wyrm]  # the bottom card, Cinder Pup
    top = g.players[0].field[0]
    assert g.card_name(top) == "Shedding Wyrm" and [c.card.id for c in view_for(g, 1).opponent.known_hand] == ["R01"]


# ----------------------------------------------------------------------- cards under


def test_cards_face_down_under_are_no_advent_sources():
    """Q&A 关于煌临 A3 (000 line 900): face-down cards under a spirit are no advent sources and
    do not make it [During Advent]; with a source under it, its [During Advent] effect works."""
    for pile, works in (({"under": ["R01", "R02"]}, False), ({"sources": ["R01"]}, True)):
        g = position(
            side(field=[{"card": "V05", "cores": 3, **pile}]),
            side(field=[f("P05")]),
            active=1,
            step="attack",
        )
        husk = g.players[0].field[0]
        s = Script(g)
        s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "P05")))
        s.expect(0, Kind.BLOCK, ("block", husk))
        assert logged(g, "Husk Sovereign gets BP +2000 this battle") == works


def test_cards_under_are_their_owners_to_see_and_go_to_the_trash_with_it():
    """003 line 159: the cards of 【毒刃】 under a spirit are known to their owner only (Q&A A10:
    you may look at your own face-down cards); the count is public. When the spirit leaves
    the field they go to the trash (毒刃's text)."""
    g = position(side(hand=["R03"], reserve=4), side(field=[{"card": "G01", "under": ["R02"]}]))
    beetle = cid_of(g, 1, "field", "G01")
    drake = g.field[beetle].under[0]
    assert view_for(g, 1).you.field[0].notes == ("1 card face down under it: Flarewing Drake.",)
    for seat in (0, SPECTATOR):
        assert view_for(g, seat).sides[1].field[0].notes == ("1 card face down under it.",)
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "R03")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))  # Blazefang Raptor destroys the Moss Beetle
    assert set(g.players[1].trash) == {beetle, drake}


# ----------------------------------------------------------------------- flip from the reserve


def test_a_flip_moves_only_the_cores_it_moves():
    """000 ch.2 §7 ② (line 668): cores move only if the flip effect moves them; with the reserve
    empty none are put on it, and the back face, lacking its Lv1 cores, is depleted (③)."""
    g = position(side(field=[f("V13")], reserve=0), side(hand=["G01"]), step="attack")
    g.players[0].count, g.players[0].void = 1, g.players[0].void - 1
    cocoon = cid_of(g, 0, "field", "V13")
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", cocoon))
    beetle = cid_of(g, 1, "hand", "G01")
    assert cocoon in g.players[0].trash and logged(g, "lacks the cores of its lowest level")
    assert beetle not in g.players[1].trash and not logged(g, "discards")  # no "when this reborns"


# ----------------------------------------------------------------------- colours and families


def test_colourless_symbols_reduce_nothing(xdb):
    """003 line 25: treated as colourless, a spirit is no longer of its colours and its
    symbols reduce no colour; treated as red (line 24), only red."""
    for card, want in (("T-FADE", 2), ("T-REDDEN", 2)):
        g = position(side(hand=[card, "W02"], field=[f("W01")], reserve=3), side(), db=xdb)
        drone, sentry = cid_of(g, 0, "field", "W01"), cid_of(g, 0, "hand", "W02")
        assert costs.reduced_cost(g, 0, g.defs[sentry]) == 1  # Plated Sentry: 2, one white symbol
        use(g, cid_of(g, 0, "hand", card)).expect(0, Kind.MAIN_ACTION)
        assert costs.reduced_cost(g, 0, g.defs[sentry]) == want
        assert costs.colours_of(g, drone) == (() if card == "T-FADE" else ("red",))


def test_an_effect_takes_a_nexus_families_away(xdb):
    """001 lines 103–104: a nexus's printed families are no effect, yet an effect can still
    take families away."""
    g = position(side(hand=["T-NONAME"]), side(field=[f("T-SHRINE", 0)]), db=xdb)
    shrine = cid_of(g, 1, "field", "T-SHRINE")
    assert costs.families_of(g, shrine) == ("Shrine",)
    use(g, cid_of(g, 0, "hand", "T-NONAME")).expect(0, Kind.MAIN_ACTION)
    assert costs.families_of(g, shrine) == ()
    assert "families none" in " ".join(view_for(g, 0).opponent.field[0].notes)


def test_the_colours_declared_are_the_six():
    """003 line 27: ultimate and god symbols have no colour and cannot be declared."""
    g = position(side(hand=["V08"], reserve=4), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V08")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert {o[0] for o in d.options} == {"red", "purple", "green", "white", "yellow", "blue"}


# ----------------------------------------------------------------------- the open area face down


def test_face_down_open_area_cards_are_hidden_and_unusable_until_turned(xdb):
    """003 line 160: face-down cards in the open area are hidden information; their owner may
    look (Q&A A10, line 788); the other seat sees how many. Turned face up they are used as
    if in hand like any open-area card (003 line 83)."""
    g = position(side(hand=["T-UPTO"], open_down=["R02", "R01"], reserve=3), side(), db=xdb)
    drake, pup = cid_of(g, 0, "open_down", "R02"), cid_of(g, 0, "open_down", "R01")
    assert not {o[1] for o in main_options(g, 0) if len(o) > 1} & {drake, pup}
    assert [c.card.id for c in view_for(g, 0).you.open_down] == ["R02", "R01"]
    for seat in (1, SPECTATOR):
        assert (view_for(g, seat).sides[0].open_down, view_for(g, seat).sides[0].open_down_count) == (None, 2)
    s = use(g, cid_of(g, 0, "hand", "T-UPTO"))
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    assert set(d.options) == {(drake,), (pup,)}
    assert view_for(g, 1).decision is None
    g.answer((drake,))
    assert g.players[0].open_area == [drake] and g.players[0].open_down == [pup]
    assert ("summon", drake) in s.expect(0, Kind.MAIN_ACTION).options
    assert [c.card.id for c in view_for(g, 1).opponent.open_area] == ["R02"]


# ----------------------------------------------------------------------- removal from the game


def test_removed_from_the_game_with_its_sources_and_seen_as_leaving():
    """000 glossary 除外 (line 996): the card, its advent sources with it, goes apart for the
    rest of the game (public: 003 line 147); it left the field because of the opponent, so
    "after your spirit leaves the field because of the opponent" bursts answer (000 ch.2 §2)."""
    g = position(
        side(hand=["V12"], reserve=4),
        side(field=[{"card": "R03", "sources": ["R01"]}], burst="K15"),
    )
    obj = g.players[1].field[0]
    use(g, cid_of(g, 0, "hand", "V12"), "flash").expect(0, Kind.PAY_COST, pay(reserve=4))
    d = Script(g).expect(1, Kind.YES_NO)
    assert d.context["question"] == "burst" and d.options == (True, False)
    assert sorted(g.defs[c].id for c in g.players[1].removed) == ["R01", "R03"] and obj not in g.field


# ----------------------------------------------------------------------- targets


def trig(g, player: int) -> tuple[int, int, int, int]:
    """A trigger of the first card of `player`'s hand (the effect's source for `eligible`)."""
    src = g.players[player].hand[0]
    return (src, 0, player, src)


def test_your_ultimates_are_reached_only_by_effects_naming_ultimates():
    """000 ch.2 §4 (lines 542–543): an ultimate is no spirit; only effects aimed at ultimates
    (or at the field) reach it."""
    g = position(side(hand=["V15"], field=[f("V14"), f("V01")]), side())
    crown, adept = cid_of(g, 0, "field", "V14"), cid_of(g, 0, "field", "V01")
    t = trig(g, 0)
    assert eligible(g, t, Step("bp", (("target", "own_spirit"),))) == [adept]
    assert eligible(g, t, Step("bp", (("target", "own_ultimate"),))) == [crown]
    assert set(eligible(g, t, Step("bp", (("target", "own_spirit_or_ultimate"),)))) == {crown, adept}


def test_astral_stones_are_reached_only_by_effects_naming_them():
    """000 ch.2 §6 (lines 587, 604): grandwalker and astral stone nexuses take only effects
    aimed at such nexuses: "destroy 1 nexus" reaches neither, and each target its own kind."""
    g = position(side(hand=["V17"]), side(field=[f("N21", 0), f("N01", 0), f("P08", 0)]))
    stone, walker, ossuary = (cid_of(g, 1, "field", c) for c in ("N21", "N01", "P08"))
    t = trig(g, 0)
    assert eligible(g, t, Step("destroy", (("target", "opponent_nexus"),))) == [ossuary]
    assert eligible(g, t, Step("destroy", (("target", "opponent_astral_stone"),))) == [stone]
    assert eligible(g, t, Step("destroy", (("target", "opponent_grandwalker"),))) == [walker]


def test_a_destroyed_braved_brave_stops_at_once(xdb):
    """003 合体しているブレイヴ (line 61): a braved brave destroyed loses its information and
    effects at once (the spirit's BP drops before the next step of the same effect) and goes
    to the trash after the effects resolving then; the spirit stays (000 ch.2 §1)."""
    g = position(side(hand=["T-BREAK"]), side(field=[f("R03", brave="P07")]), db=xdb)
    raptor, scythe = cid_of(g, 1, "field", "R03"), cid_of(g, 1, "field", "P07")
    use(g, cid_of(g, 0, "hand", "T-BREAK")).expect(0, Kind.MAIN_ACTION)
    assert scythe in g.players[1].trash and raptor in g.players[1].trash  # 3000 BP after the brave went
    assert logged(g, "Soulreaver Scythe is destroyed (effect of Test T-BREAK) and separates from Blazefang Raptor")


def test_a_brave_in_spirit_state_is_a_brave_too():
    """000 ch.2 §1: a brave on its own is a spirit and a brave: "destroy 1 opposing brave"
    destroys it as a spirit is destroyed."""
    g = position(side(hand=["V18"], reserve=4), side(field=[f("P07"), f("R01")]))
    scythe = cid_of(g, 1, "field", "P07")
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V18")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    assert scythe in g.players[1].trash and logged(g, "Soulreaver Scythe is destroyed")


def test_a_name_part_and_a_whole_card_name(xdb):
    """001 line 106 and Q&A 关于描述的变更 A6 (000 line 947): "○○○" names a part of the card
    name; 卡名：「○○○」 the whole of it."""
    for card, exhausted in (("T-PART", True), ("T-WHOLE", False)):
        g = position(side(hand=[card]), side(field=[f("R01")]), db=xdb)
        pup = cid_of(g, 1, "field", "R01")
        use(g, cid_of(g, 0, "hand", card)).expect(0, Kind.MAIN_ACTION)
        assert (g.field[pup].state != 0) == exhausted


def test_for_each_is_counted_as_the_effect_resolves():
    """ "For each opposing spirit" (`per`): counted once as the step resolves; with none, the
    draw draws nothing (modifiers.PER, derived.count_of)."""
    g = position(side(burst="V04", reserve=4, deck=["R01"] * 5), side(field=[f("R03")]), active=1, step="attack")
    s = Script(g)
    s.expect(1, Kind.ATTACK, ("attack", cid_of(g, 1, "field", "R03")))
    s.expect(0, Kind.YES_NO, True)
    s.expect(0, Kind.PAY_COST, pay(reserve=4))  # Blazefang Raptor was destroyed: nothing to count
    assert logged(g, "Gravesnare Curse: nothing to count for each opposing spirit; no card is drawn.")
    assert len(g.players[0].hand) == 1  # the card of the Draw Step of the turn that follows


def test_a_condition_is_read_as_a_magic_resolves(xdb):
    """`if` on an effect: a triggered effect's is read as it triggers (Lone Sentinel, V21) and
    as it resolves; a magic's as it resolves: "If you have a nexus, draw 2 cards"."""
    for field, drawn in (([], 0), ([f("P08", 0)], 2)):
        g = position(side(hand=["T-IF"], field=field, deck=["R01"] * 3), side(), db=xdb)
        use(g, cid_of(g, 0, "hand", "T-IF")).expect(0, Kind.MAIN_ACTION)
        assert len(g.players[0].hand) == drawn
    assert logged(g, "Effect of Test T-IF")


def test_a_declared_colour_lasts_the_turn():
    """003 line 21: a colour declared for a spirit is added to its symbols (`derived`
    reads the lasting change) until the turn ends."""
    g = position(side(hand=["V08"], reserve=4), side())
    s = Script(g)
    chimera = cid_of(g, 0, "hand", "V08")
    s.expect(0, Kind.MAIN_ACTION, ("summon", chimera))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    s.expect(0, Kind.CHOOSE_TARGETS, ("blue",))
    assert derived.card_symbols(g, chimera) == (("white", "blue"),)
    s.expect(0, Kind.MAIN_ACTION, ("end",))
    s.expect(0, Kind.ATTACK, ("end",))
    assert derived.card_symbols(g, chimera) == (("white",),)


def test_the_table_names_the_new_choices():
    """The table labels these choices from the deciding seat's view (tui.labels): advent
    sources by their own names (the bottom one bears the spirit's id), declared colours by
    their words, hand cards by their names."""
    from bs_tui.tui.labels import option_label

    g = position(
        side(field=[{"card": "V05", "cores": 3, "sources": ["V01", "V03"]}]), side(field=[f("P05")]), step="attack"
    )
    husk = g.players[0].field[0]
    s = Script(g)
    s.expect(0, Kind.ATTACK, ("attack", husk))
    s.expect(0, Kind.YES_NO, True)
    d = s.expect(0, Kind.CHOOSE_TARGETS)
    labels = [option_label(view_for(g, 0), d, o) for o in d.options]
    assert labels == ["Gravewhisper Adept (advent source)", "Ambush Scribe (advent source)"]

    g = position(side(hand=["V08"], reserve=4), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V08")))
    s.expect(0, Kind.PAY_COST, pay(reserve=3))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = g.decision
    assert option_label(view_for(g, 0), d, d.options[0]) == "Red"

    g = position(side(hand=["V01", "R01"], deck=["R03"], reserve=4), side())
    s = Script(g)
    s.expect(0, Kind.MAIN_ACTION, ("summon", cid_of(g, 0, "hand", "V01")))
    s.expect(0, Kind.PAY_COST, pay(reserve=2))
    s.expect(0, Kind.PLACE_CORES, place(reserve=1))
    d = g.decision
    assert {option_label(view_for(g, 0), d, o) for o in d.options} == {"Cinder Pup", "Blazefang Raptor"}
