"""The AI levels (issue 18): every level answers every decision kind of every system, from its
seat's view alone (003 公開情報と非公開情報: an agent never sees what its seat may not know),
and plays whole games within the rules."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bs_tui.agents import LEVELS, make_agent, view_fn
from bs_tui.agents.search import Search, SearchAgent
from bs_tui.engine import Game, Kind, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.knowledge import unknown_to
from bs_tui.engine.view import from_json, to_json, view_for
from bs_tui.selfplay import selfplay

ITERATIONS = 12  # a cap instead of a time budget: the same answers on any machine


def _key(g: Game) -> tuple[Kind, str]:
    d = g.pending.decision
    return d.kind, str(d.context.get("question", ""))


@pytest.fixture(scope="module")
def positions() -> dict[tuple[Kind, str], list[Game]]:
    """Two positions of every decision kind and question met in random games with every
    shipped deck (every system's decisions: advents, contracts, bursts, braves, tokens...)."""
    db = load_cards()
    decks = [load_deck(p, db).card_list() for p in shipped_decks()]
    out: dict[tuple[Kind, str], list[Game]] = {}
    for i, deck in enumerate(decks):
        for seed in (1, 2):
            g = Game.new(deck, decks[(i * 7 + seed) % len(decks)], 100 * i + seed, db)
            agents = [make_agent("random", seed), make_agent("random", seed + 5)]
            while g.pending is not None:
                k = _key(g)
                if len(out.setdefault(k, [])) < 2:
                    out[k].append(g.copy())
                d = g.pending.decision
                g.answer(agents[d.player].choose(d, lambda: None))
    return out


def test_random_games_meet_every_decision_kind(positions) -> None:
    assert {k for k, _ in positions} == set(Kind)
    assert len(positions) >= 20  # kinds × the questions of every system met today


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_every_decision_of_every_system(level: str, positions) -> None:
    """The answer is legal (the engine takes it) and comes from the view: the agent is handed
    a function giving its seat's view (with its knowledge when it searches), never the game."""
    agent = make_agent(level, 7, budget=0, iterations=ITERATIONS)
    for key, games in sorted(positions.items(), key=lambda kv: (kv[0][0].value, kv[0][1])):
        for g in games:
            d = g.pending.decision

            def view(knows: bool, g: Game = g, seat: int = d.player) -> Any:
                # the JSON round trip: an agent must work from plain data alone
                return from_json(to_json(view_for(g, seat, knowledge=knows)))

            answer = agent.choose(d, view_fn(agent, view))
            h = g.copy()
            h.answer(answer)  # raises IllegalAnswer when refused
            assert h.decisions == g.decisions + 1 or h.pending is None or h.pending.decision != d, key


def _swap(g: Game, a: int, b: int) -> Game:
    """The same game with the identities of cards `a` and `b` (one owner's) exchanged."""
    printed, now = list(g.static.defs), list(g.defs)
    printed[a], printed[b] = printed[b], printed[a]
    now[a], now[b] = now[b], now[a]
    h = g.copy()
    h.static = dataclasses.replace(g.static, defs=tuple(printed))
    h.defs = tuple(now)
    return h


def _stats(agent: SearchAgent) -> Any:
    st = agent.last
    return None if st is None else (st.chosen, st.iterations, st.answers)


def test_the_search_is_the_same_whatever_the_opponents_hidden_cards() -> None:
    """Fairness by construction: change which cards the opponent holds in hand and deck (so
    the view does not change) and the hard AI's answer and search statistics (iterations,
    visits and values of every root answer) are exactly the same."""
    db = load_cards()
    decks = [load_deck(p, db).card_list() for p in shipped_decks()]
    checked = 0
    for i in range(0, len(decks), 3):
        g = Game.new(decks[i], decks[(i + 4) % len(decks)], 900 + i, db)
        rnd = [make_agent("random", i), make_agent("random", i + 1)]
        n = 0
        while g.pending is not None and checked < 3 * (i // 3 + 1):
            d = g.pending.decision
            n += 1
            if d.kind in (Kind.MAIN_ACTION, Kind.ATTACK, Kind.BLOCK, Kind.FLASH) and n % 3 == 0:
                seat = d.player
                other = g.players[1 - seat]
                hidden = unknown_to(g, seat)
                hand = [c for c in other.hand if c in hidden]
                deck = [c for c in other.deck if hand and g.static.defs[c].id != g.static.defs[hand[0]].id]
                if hand and deck:
                    h = _swap(g, hand[0], deck[0])
                    assert to_json(view_for(h, seat, knowledge=True)) == to_json(view_for(g, seat, knowledge=True))
                    runs = []
                    for game in (g, h):
                        s = Search(view_for(game, seat, knowledge=True), random.Random(3), budget=0, iterations=40)
                        st = s.run()
                        runs.append((st.chosen, st.iterations, st.answers))
                    assert runs[0] == runs[1]
                    a0 = SearchAgent(4, budget=0, iterations=30)
                    a1 = SearchAgent(4, budget=0, iterations=30)
                    x = a0.choose(d, lambda g=g, seat=seat: view_for(g, seat, knowledge=True))
                    y = a1.choose(d, lambda h=h, seat=seat: view_for(h, seat, knowledge=True))
                    assert x == y
                    assert _stats(a0) == _stats(a1)
                    checked += 1
            g.answer(rnd[d.player].choose(d, lambda: None))
    assert checked >= 20  # positions of 11 deck pairings


def test_a_search_with_only_a_cap_is_the_same_for_the_same_seed() -> None:
    decks = [str(p) for p in shipped_decks()[:4]]
    res = [selfplay(2, 31, ("hard", "normal"), decks=decks, iterations=20).summary() for _ in range(2)]
    assert res[0]["decisions"] == res[1]["decisions"]
    assert res[0]["wins"] == res[1]["wins"]


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_whole_games_within_the_rules(level: str) -> None:
    """Every deck, every game checked against the invariants at each decision (a larger run
    of 200 games a level is in .ci/run)."""
    decks = [str(p) for p in shipped_decks()]
    res = selfplay(len(decks), 5, (level, "random"), decks=decks, iterations=8)
    assert res.errors == 0, res.first_problem
    assert res.invariant_violations == 0, res.first_problem
    assert res.games == len(decks)


def test_a_hint_says_what_is_at_stake_and_what_the_search_found() -> None:
    """A lethal hit and a blocker that survives it (000 ch.1 §6.4-6.5: the hit costs life
    by the attacker's symbols; the higher BP wins the battle): the hard AI blocks, and the
    hint's reason says so from the view."""
    from bs_tui.agents.hints import explain
    from bs_tui.engine.scenario import cid_of, position, side

    g = position(
        side(field=[{"card": "R04", "cores": 1}]),  # Crimson Lancer Dragon, BP 4000 at Lv1
        side(field=[{"card": "G06", "cores": 1}], life=1),  # Ancient Grove Titan, BP 5000
        step="attack",
    )
    lancer, titan = cid_of(g, 0, "field", "R04"), cid_of(g, 1, "field", "G06")
    g.answer(("attack", lancer))
    while g.pending.decision.kind != Kind.BLOCK:
        g.answer(g.pending.decision.options[0])
    d = g.pending.decision
    agent = SearchAgent(5, budget=0, iterations=60)
    answer = agent.choose(d, lambda: view_for(g, 1, knowledge=True))
    assert answer == ("block", titan)
    v = view_for(g, 1)
    hint = explain(v, d, answer, agent.last, lambda o: " ".join(map(str, o)))
    assert hint.text.startswith(f"block {titan}: the hit would cost 1 of your 1 life; Ancient Grove Titan survives")
    assert "5000 vs 4000" in hint.text
    assert 0 < hint.confidence <= 1
