"""A searching agent's games are built from its seat's view alone (issue 18, 003 公開情報と
非公開情報): `knowledge_for` gives the deciding seat its knowledge of the whole game, engine
included, and nothing it may not know; `determinize` builds from it a game that shows that
seat exactly its view and plays on by the rules, at any decision of any system."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace

from conftest import position, side

from bs_tui.agents import make_agent
from bs_tui.agents.determinize import NotDeciding, determinize
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.knowledge import knowledge_for, unknown_to
from bs_tui.engine.view import from_json, to_json, view_for
from bs_tui.selfplay import invariant_problems


def _games(seeds: tuple[int, ...] = (1,)):
    """Random self-play games over every shipped deck, stopping at every decision."""
    db = load_cards()
    decks = [load_deck(p, db).card_list() for p in shipped_decks()]
    for i, deck in enumerate(decks):
        for seed in seeds:
            g = Game.new(deck, decks[(i * 5 + seed) % len(decks)], 50 * i + seed, db)
            agents = [make_agent("random", seed), make_agent("random", seed + 3)]
            while g.pending is not None:
                yield g
                d = g.pending.decision
                g.answer(agents[d.player].choose(d, lambda: None))


def test_a_determinized_game_shows_the_seat_its_view_and_plays_on() -> None:
    """At every decision of random games with every deck (advents, rebirths, contracts, bursts,
    payments half made...): the built game stands at the same decision and shows the deciding
    seat the same view (the log is not rebuilt); now and then it is played on to the end, every
    decision within the invariants."""
    rng = random.Random(5)
    db = load_cards()
    for n, g in enumerate(_games()):
        seat = g.pending.decision.player
        v = view_for(g, seat, knowledge=True)
        det = determinize(v, rng, db)
        assert det.pending.decision == g.pending.decision
        assert replace(view_for(det, seat), log=()) == replace(view_for(g, seat), log=())
        if n % 60 == 0:
            agents = [make_agent("random", n), make_agent("random", n + 1)]
            while det.pending is not None:
                d = det.pending.decision
                det.answer(agents[d.player].choose(d, lambda: None))
                assert invariant_problems(det) == []


def test_knowledge_names_no_card_the_seat_may_not_know() -> None:
    """Every card whose identity is hidden from the deciding seat (both decks, the other hand,
    its face-down burst, open area and cards under its spirits) is None in the knowledge, and
    every zone holding one is in id order; the view with its knowledge survives JSON."""
    for n, g in enumerate(_games()):
        seat = g.pending.decision.player
        k = knowledge_for(g, seat)
        assert k is not None and knowledge_for(g, 1 - seat) is None
        hidden = unknown_to(g, seat)
        other = g.players[1 - seat]
        assert set(other.deck) | {c for c in other.hand if (seat, c, "hand") not in g.known} <= hidden
        assert {c for c, card in enumerate(k.cards) if card is None} == hidden
        for s in k.sides:
            assert list(s.deck) == sorted(s.deck)
        if any(c in hidden for c in other.hand):
            assert list(k.sides[1 - seat].hand) == sorted(other.hand)
        if n % 25 == 0:
            v = view_for(g, seat, knowledge=True)
            assert from_json(to_json(v)) == v


def _with_identities_swapped(g: Game, a: int, b: int) -> Game:
    """The same game with cards `a` and `b` (of one owner) exchanged: each is the other card."""
    printed, now = list(g.static.defs), list(g.defs)
    printed[a], printed[b] = printed[b], printed[a]
    now[a], now[b] = now[b], now[a]  # off the field: each reads as its printed card
    h = g.copy()
    h.static = dataclasses.replace(g.static, defs=tuple(printed))
    h.defs = tuple(now)
    return h


def test_knowledge_does_not_depend_on_the_other_seats_hidden_cards() -> None:
    """Exchange the identities of two cards hidden from the deciding seat (the other seat's
    hand and deck): its knowledge, and the view and JSON it gets, are exactly the same."""
    checked = 0
    for n, g in enumerate(_games()):
        if n % 7:
            continue
        seat = g.pending.decision.player
        other = g.players[1 - seat]
        hidden = unknown_to(g, seat)
        hand = [c for c in other.hand if c in hidden]
        deck = [c for c in other.deck if g.static.defs[c].id != (g.static.defs[hand[0]].id if hand else "")]
        if not hand or not deck:
            continue
        h = _with_identities_swapped(g, hand[0], deck[0])
        assert to_json(view_for(h, seat, knowledge=True)) == to_json(view_for(g, seat, knowledge=True))
        checked += 1
    assert checked >= 10


def test_only_the_deciding_seat_gets_knowledge() -> None:
    g = position(side(hand=["R01"]), side())
    assert view_for(g, 0, knowledge=True).knowledge is not None
    v1 = view_for(g, 1, knowledge=True)
    assert v1.knowledge is None
    try:
        determinize(v1, random.Random(1))
    except NotDeciding:
        pass
    else:
        raise AssertionError("a seat not deciding was given a game")
