"""Any moment of a game as a puzzle (issue 20): a moment saved at random decisions of
self-play games over every shipped deck reloads to the same pending decision and the same
view (knowledge included) for the deciding player; the puzzle file holds only what that
player knew (003: the opponent's hand and both decks' orders are not in it)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bs_tui.agents import make_agent
from bs_tui.engine import Game, load_cards, load_deck, view_for
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.view import to_json
from bs_tui.practice.attempt import Attempt
from bs_tui.practice.goals import PLAYING
from bs_tui.practice.lesson import LessonError, read_lesson
from bs_tui.practice.moment import moment_text

DECKS = [str(p) for p in shipped_decks()]
PER_GAME = 3  # moments saved from each game
MAX_DECISIONS = 400


def play(g: Game, i: int, stops: set[int], at: object) -> int:
    """Greedy agents play `g` on; `at(g, n)` at each decision number in `stops`."""
    agents = [make_agent("greedy", i), make_agent("greedy", i + 1)]
    n = 0
    while g.decision is not None and n < MAX_DECISIONS:
        d = g.decision
        if n in stops:
            at(g, n)  # type: ignore[operator]
        mine = view_for(g, d.player)
        g.answer(agents[d.player].choose(mine.decision, lambda mine=mine: mine))
        n += 1
    return n


def moments_of(i: int, tmp_path: Path) -> int:
    """Game `i` (deck i against deck i+1): a few moments at random decisions of it checked."""
    db = load_cards()
    a, b = DECKS[i % len(DECKS)], DECKS[(i + 1) % len(DECKS)]

    def new() -> Game:
        return Game.new(
            load_deck(a, db).card_list(), load_deck(b, db).card_list(), 100 + i, db, ask_every_flash=i % 2 == 0
        )

    length = play(new(), i, set(), None)
    stops = set(random.Random(7000 + i).sample(range(length), min(PER_GAME, length)))
    checked: list[int] = []

    def check(g: Game, n: int) -> None:
        d = g.decision
        assert d is not None
        v = view_for(g, d.player, knowledge=True)
        path = tmp_path / f"moment-{i}-{n}.toml"
        path.write_text(moment_text(v, seed=n), encoding="utf-8")
        lesson = read_lesson(path, db)
        g2 = lesson.start()
        assert g2.decision is not None and g2.decision.player == d.player
        v2 = view_for(g2, d.player, knowledge=True)
        assert json.loads(to_json(v2)) == json.loads(to_json(v)), (a, b, n)
        # the puzzle plays on: the solver's first legal answer is taken, the opponent answers
        t = Attempt.start(lesson)
        if t.status == PLAYING and t.game.decision is not None:
            t.answer(next(iter(t.game.legal_answers())))
        checked.append(n)

    play(new(), i, stops, check)
    return len(checked)


@pytest.mark.parametrize("i", range(len(DECKS)))
def test_a_moment_reloads_to_the_same_decision_and_view(i: int, tmp_path: Path) -> None:
    assert moments_of(i, tmp_path) >= 1


def test_a_moment_file_holds_no_card_its_player_could_not_see(tmp_path: Path) -> None:
    """003: the opponent's hand is hidden; a puzzle made of the moment must not carry it."""
    db = load_cards()
    deck = load_deck(DECKS[0], db).card_list()
    g = Game.new(deck, load_deck(DECKS[1], db).card_list(), 5, db)
    agents = [make_agent("greedy", 1), make_agent("greedy", 2)]
    while g.decision is not None and g.turn < 3:
        d = g.decision
        mine = view_for(g, d.player)
        g.answer(agents[d.player].choose(mine.decision, lambda mine=mine: mine))
    d = g.decision
    assert d is not None
    v = view_for(g, d.player, knowledge=True)
    path = tmp_path / "m.toml"
    path.write_text(moment_text(v, seed=1), encoding="utf-8")
    g2 = read_lesson(path, db).start()
    hidden = [c for c in g.players[1 - d.player].hand if (d.player, c, "hand") not in g.known]
    assert hidden, "the opponent holds cards its opponent has not seen"
    k = v.knowledge
    assert k is not None and all(k.cards[c] is None for c in hidden)  # never written to the file
    assert [g2.static.defs[c].id for c in hidden] != [g.static.defs[c].id for c in hidden] or len(hidden) < 3


def test_a_damaged_moment_is_one_line_naming_the_file(tmp_path: Path) -> None:
    seen: list = []
    db = load_cards()
    g = Game.new(load_deck(DECKS[0], db).card_list(), load_deck(DECKS[1], db).card_list(), 5, db)
    play(g, 0, {25}, lambda g, n: seen.append(view_for(g, g.decision.player, knowledge=True)))
    text = moment_text(seen[0], seed=1)
    assert '\\"id\\":\\"' in text
    path = tmp_path / "m.toml"
    for bad in (
        text.replace('"seed" ', '"x" ').replace("seed = 1", "seed = -1"),
        text.replace('\\"_\\":\\"Knowledge\\"', '\\"_\\":\\"Nope\\"'),
        text.replace('\\"turn\\":', '\\"turnip\\":', 1),
        text.replace('\\"id\\":\\"', '\\"id\\":\\"ZZ', 1),
    ):
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(LessonError) as e:
            read_lesson(path, db)
        assert all(p.startswith(str(path)) for p in e.value.problems), e.value.problems
