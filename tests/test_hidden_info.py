"""Hidden information (003 公開情報と非公開情報; 000 ch.2 §2 on bursts): a view holds what
its seat may know and nothing else, and what a seat observes does not depend on the
other seat's hidden cards."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from types import MappingProxyType
from typing import Any

import pytest
from conftest import Kind, cid_of, position, side

from bs_tui.agents import RandomAgent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.model.state import LogEntry, log_entries
from bs_tui.engine.rules.costs import default_payment, default_placement
from bs_tui.engine.view import SPECTATOR, CardView, FieldCardView, PlayerView, from_json, to_json, view_for

DECKS = ("crimson_dawn", "verdant_tide", "twilight_ossuary", "ivory_bastion", "radiant_choir", "deepstone_siege")
# cards face down under spirits and in the open area, hands discarded by their owner's choice
FACE_DOWN_DECK = "hollow_court"


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    # dataclasses.fields() builds its answer anew on every call; views are walked thousands of times
    return tuple(f.name for f in dataclasses.fields(cls))


def reachable(x: Any, seen: set[int] | None = None) -> list[Any]:
    """Every object reachable from `x` through dataclass fields, tuples and mappings."""
    seen = set() if seen is None else seen
    out: list[Any] = []
    stack = [x]
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, str | int | float | bool) or o is None:
            continue
        seen.add(id(o))
        out.append(o)
        if isinstance(o, CardDef):
            continue  # card definitions are public data: what matters is which instance carries one
        if dataclasses.is_dataclass(o):
            stack.extend(getattr(o, name) for name in field_names(type(o)))
        elif isinstance(o, tuple | list | frozenset | set):
            stack.extend(o)
        elif hasattr(o, "items"):
            for k, v in o.items():
                stack.extend((k, v))
    return out


def hidden_of(g: Game, seat: int) -> set[int]:
    """Cards a seat may not see: the other seat's hand, deck, face-down burst, face-down
    open-area cards and cards face down under its field cards (003 lines 159–160), less what
    it was shown; for a spectator, both seats'."""
    out: set[int] = set()
    for p, pl in enumerate(g.players):
        if p == seat:
            continue
        out.update(c for c in pl.hand if (seat, c, "hand") not in g.known)
        out.update(pl.deck)
        out.update(pl.open_down)
        out.update(c for oid in pl.field for c in g.field[oid].under)
        if not g.over:
            out.update(c for c in pl.burst if (seat, c, "burst") not in g.known)
    return out


def check_view(g: Game, seat: int) -> None:
    v = view_for(g, seat)
    objs = reachable(v)
    # only plain data: no game, no state object, no log chain
    for o in objs:
        assert isinstance(o, tuple | frozenset | CardDef | MappingProxyType) or type(o).__module__.startswith(
            ("bs_tui.engine.view", "bs_tui.engine.core.decision", "types", "bs_tui.engine.data.cards")
        ), f"a view reaches {type(o).__name__}"
        assert not isinstance(o, LogEntry | Game)
    hidden = hidden_of(g, seat)
    shown = {o.cid for o in objs if isinstance(o, CardView | FieldCardView)}
    assert not shown & hidden, f"seat {seat} sees hidden cards {shown & hidden}"
    # the log holds exactly the lines this seat may read
    assert v.log == tuple(t for e in log_entries(g.log) if (t := e.for_player(seat)))
    text = to_json(v)
    assert from_json(text) == v
    # a hidden card whose name is on no card this seat can see is named nowhere else in its
    # view (the log is checked line by line above: it may name another copy seen before):
    # the same JSON less the log (dropped from the encoded text rather than encoded again)
    encoded = json.loads(text)
    assert isinstance(encoded.pop("log"), list)
    text = json.dumps(encoded, ensure_ascii=False, separators=(",", ":"))
    defs = g.static.defs
    visible = {o.card.name for o in objs if isinstance(o, CardView | FieldCardView)}
    for cid in hidden:
        name = defs[cid].name
        if name not in visible:
            assert name not in text, f"seat {seat}'s view names hidden {name}"


@pytest.mark.parametrize("people", [False, True])
def test_views_hold_no_hidden_card_in_random_games(people: bool) -> None:
    """003: at every decision of random games, neither seat's view (nor a spectator's),
    nor anything reachable from it, holds a card of the other seat's hand, deck or face-down
    burst that was not revealed, and the view survives JSON unchanged."""
    db = load_cards()
    rng = random.Random(8)
    for game in range(12):
        d1, d2 = (load_deck(rng.choice(DECKS), db).card_list() for _ in range(2))
        g = Game.new(d1, d2, 1000 + game, db, ask_every_flash=people)
        agents = (RandomAgent(game), RandomAgent(game + 99))
        steps = 0
        while not g.over and steps < 400:
            for seat in (0, 1, SPECTATOR):
                check_view(g, seat)
            d = g.decision
            assert d is not None
            g.answer(agents[d.player].choose(d, lambda: None))
            steps += 1
        for seat in (0, 1, SPECTATOR):
            check_view(g, seat)


def test_views_hold_no_face_down_card_of_the_other_seat() -> None:
    """003 lines 159–160: cards face down under a spirit or in the open area are their
    owner's to know (Q&A A10); random games of the deck that puts them there, checked at
    every decision for both seats and a spectator, until such cards have been seen."""
    db = load_cards()
    rng = random.Random(17)
    face_down = 0
    for game in range(6):
        d1 = load_deck(FACE_DOWN_DECK, db).card_list()
        d2 = load_deck(rng.choice(DECKS), db).card_list()
        g = Game.new(d1, d2, 2000 + game, db)
        agents = (RandomAgent(game), RandomAgent(game + 7))
        steps = 0
        while not g.over and steps < 500:
            for seat in (0, 1, SPECTATOR):
                check_view(g, seat)
            face_down += bool(g.players[0].open_down or any(fc.under for fc in g.field.values()))
            d = g.decision
            assert d is not None
            g.answer(agents[d.player].choose(d, lambda: None))
            steps += 1
    assert face_down  # the check met face-down cards, or it would prove nothing


def test_set_bursts_are_shown_to_both_at_the_end() -> None:
    """000 ch.2 §2: when the game ends every set burst is shown to both players."""
    g = position(side(field=[{"card": "R01", "cores": 1}], hand=["R07"]), side(burst="W11", life=1), turn=3)
    g.finish(0, "test")
    v = view_for(g, 0)
    assert isinstance(v.opponent.burst[0], CardView) and v.opponent.burst[0].card.id == "W11"
    assert any("set burst was Rebound Field" in line for line in v.log)


def test_a_card_returned_to_hand_is_known_until_drawn_again() -> None:
    """003: a card seen going from the field to a hand is known to be there; once the hand
    is hidden again (a card set face down from it) that is only a guess."""
    from bs_tui.engine.rules.effects import leave_field

    g = position(side(hand=["R07"]), side(field=[{"card": "G01", "cores": 1}], hand=["G10", "W11"]), turn=3)
    beetle = cid_of(g, 1, "field", "G01")
    leave_field(g, beetle, "hand")
    v = view_for(g, 0)
    assert [c.card.id for c in v.opponent.known_hand] == ["G01"]
    assert view_for(g, SPECTATOR).sides[1].known_hand[0].cid == beetle
    g.forget((beetle,))
    assert view_for(g, 0).opponent.known_hand == ()


# ---------------------------------------------------------------- the observation rule


def seat0_policy(d, v: PlayerView, state: dict[str, Any]) -> Any:
    """Player 1 (seat 0) plays from what it sees: summon Ember Scout, attack once, pass."""
    if d.kind == Kind.MAIN_ACTION:
        for o in d.options:
            if o[0] == "summon" and not state.get("summoned"):
                state["summoned"] = True
                return o
        return ("end",)
    if d.kind == Kind.PAY_COST:
        return default_payment(d.allocation, {f.cid: f.card.lv_cores for f in v.you.field})
    if d.kind == Kind.PLACE_CORES:
        return default_placement(d.allocation, {f.cid: f.card.lv_cores for f in v.you.field})
    if d.kind == Kind.ATTACK:
        if not state.get("attacked") and len(d.options) > 1:
            state["attacked"] = True
            return d.options[0]
        return ("end",)
    if d.kind == Kind.FLASH:
        return ("pass",)
    return d.options[0]


def seat1_policy(d, block: bool) -> Any:
    """Player 2 uses nothing it holds: it passes, keeps its burst set, blocks or not."""
    if d.kind == Kind.FLASH:
        return ("pass",)
    if d.kind == Kind.YES_NO:
        return False
    if d.kind == Kind.BLOCK:
        blocks = [o for o in d.options if o[0] == "block"]
        return blocks[0] if block and blocks else ("take",)
    if d.allocation is not None:
        return default_payment(d.allocation, {})
    return d.options[0]


def observations(burst: str, hand: list[str], block: bool, people: bool) -> list[tuple[str, str]]:
    """What seat 0 observes at every moment something is pending, for player 1's turn:
    its view (who is deciding and on what kind of moment included) as JSON."""
    g = position(
        side(field=[{"card": "R01", "cores": 2}], hand=["R07"], reserve=4),
        side(field=[{"card": "G01", "cores": 1}], hand=hand, burst=burst, reserve=4),
        turn=3,
    )
    g.ask_every_flash = people
    seen: list[tuple[str, str]] = []
    state: dict[str, Any] = {}
    while not g.over and g.turn == 3:
        d = g.decision
        assert d is not None
        v = view_for(g, 0)
        seen.append((v.waiting_kind, to_json(v)))
        g.answer(seat0_policy(d, v, state) if d.player == 0 else seat1_policy(d, block))
    return seen


# one burst for each condition the card set uses (000 ch.2 §2), and one that matches none of
# the events of the turn for contrast
BURSTS = {
    "opponent_attacks": "W11",
    "life_reduced": "W12",
    "spirit_destroyed": "R20",
    "opponent_summons": "G19",
}
HANDS = (["R10", "G09"], ["R11", "G09"])  # a usable flash magic (Dragon's Roar), or none


@pytest.mark.parametrize("block", [False, True])
def test_observations_do_not_depend_on_hidden_cards(block: bool) -> None:
    """The observation rule (003; 000 ch.2 §2 bursts, ch.1 flash timing): with the same
    public information, player 2's burst (of each condition) and whether its hand holds a
    flash card change nothing player 1 observes: views, who is shown deciding, on what."""
    runs = {(b, tuple(h)): observations(b, h, block, people=True) for b in BURSTS.values() for h in HANDS}
    first = next(iter(runs.values()))
    assert any(kind == "deciding" for kind, _ in first)  # burst windows did happen
    assert any(kind == "flash" for kind, _ in first)
    for key, seen in runs.items():
        assert seen == first, f"player 1 observes a difference with {key}"


def test_without_people_a_burst_window_tells_the_burst() -> None:
    """The contrast that makes the rule above a real test: when only matching bursts stop the
    game (agents among themselves), what player 1 observes depends on player 2's burst."""
    a = observations("W11", HANDS[1], False, people=False)
    b = observations("G19", HANDS[1], False, people=False)
    assert a != b


def test_malformed_answers_are_refused_and_change_nothing() -> None:
    """Illegal answers of any type are IllegalAnswer, and the game is unchanged."""
    from bs_tui.engine import IllegalAnswer

    g = position(side(field=[{"card": "R01", "cores": 2}], hand=["G19"], reserve=4), side(), turn=3)
    g.answer(("summon", cid_of(g, 0, "hand", "G19")))
    assert g.decision is not None and g.decision.kind == Kind.PAY_COST
    before = g.state_hash()
    bad = [
        {"a": 1},
        ("pay", ({"x": 1}, 2), False),
        ("pay", (({}, 1),), False),
        ("pay", (("reserve", "two"),), False),
        ("pay", "reserve", None),
        ("pay", ((1.5, 1),), [1]),
        [[[[]]]],
        None,
        float("nan"),
        ("pay",) * 50,
        "pay",
        b"pay",
    ]
    nested: Any = ()
    for _ in range(5000):
        nested = (nested,)
    bad.append(nested)
    for answer in bad:
        with pytest.raises(IllegalAnswer):
            g.answer(answer)
        assert g.state_hash() == before
    g.answer(("pay", (("reserve", 3),), False))
    assert g.decision is not None and g.decision.kind == Kind.PLACE_CORES
    before = g.state_hash()
    for answer in bad:
        with pytest.raises(IllegalAnswer):
            g.answer(answer)
        assert g.state_hash() == before
    g2 = position(side(hand=["R07"]), side(), turn=3)
    for answer in bad:
        with pytest.raises(IllegalAnswer):
            g2.answer(answer)
