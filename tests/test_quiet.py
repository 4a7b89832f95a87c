"""Quiet games (issue 18): a game nobody watches (`Game.quiet`: self-play without saves, search
copies) writes no log text, yet it is the same game as a loud one.

Seeded self-play games of every shipped deck are played twice, loud and quiet, with the same
agents: at every decision the two have the same state key (so the same hashes: `log_len`
counts every line of both), the same decision, and the quiet one keeps exactly the loud one's
tagged lines (self-play's figures count them). A quiet copy of a loud game goes on as the
loud game does.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bs_tui.agents import make_agent
from bs_tui.engine import Game, Kind, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.model.state import log_entries
from bs_tui.engine.rules.flow import flash_options, main_options
from bs_tui.engine.view import view_for
from bs_tui.selfplay import selfplay

DECKS = sorted(shipped_decks())


def tagged(g: Game) -> list[tuple[int, str, str, int, str]]:
    return [(e.n, e.tag, e.text, e.player, e.public) for e in log_entries(g.log) if e.tag]


# Decisions that tell a reader why the actions not offered cannot be taken now.
WITH_REASONS = (Kind.MAIN_ACTION, Kind.ATTACK, Kind.BLOCK, Kind.FLASH)


def same_decision(a: Game, b: Game) -> None:
    """`a` quiet, `b` loud: the same decision, the reasons for what is not offered only in `b`
    (the table reads them; nobody reads a quiet game's), the rest of the context alike."""
    da, db = a.decision, b.decision
    assert (da is None) == (db is None)
    if da is not None and db is not None:
        if db.kind in WITH_REASONS:
            assert "unavailable" in db.context and "unavailable" not in da.context
        assert {k: v for k, v in db.context.items() if k != "unavailable"} == da.context
        if da.kind == Kind.MAIN_ACTION:  # asked for, a quiet game's reasons are the loud one's
            reasons: list[Any] = []
            assert main_options(a, da.player, reasons) == da.options
            assert tuple(reasons) == db.context["unavailable"]
        if da.kind == Kind.FLASH:
            reasons = []
            assert flash_options(a, da.player, reasons) in (da.options, ())
            assert tuple(reasons) == db.context["unavailable"]
        assert (da.player, da.kind, da.options, da.allocation, da.prompt) == (
            db.player,
            db.kind,
            db.options,
            db.allocation,
            db.prompt,
        )


@pytest.mark.parametrize("agents", [("random", "random"), ("greedy", "random")])
@pytest.mark.parametrize("i", range(len(DECKS)))
def test_quiet_games_are_the_loud_games(i: int, agents: tuple[str, str]) -> None:
    db = load_cards()
    first, second = DECKS[i], DECKS[(i + 7) % len(DECKS)]
    lists = [load_deck(str(p), db).card_list() for p in (first, second)]
    seed = 1000 + i
    loud = Game.new(lists[0], lists[1], seed, db)
    quiet = Game.new(lists[0], lists[1], seed, db, quiet=True)
    # each game its own agents, seeded alike: an agent may keep memory of its own
    agents_of = {id(g): [make_agent(agents[0], seed ^ 1), make_agent(agents[1], seed ^ 2)] for g in (loud, quiet)}
    while True:
        assert quiet.state_key() == loud.state_key()
        assert quiet.log_len == loud.log_len
        same_decision(quiet, loud)
        if loud.pending is None:
            break
        answers = []
        for g in (loud, quiet):
            d = g.pending.decision
            answers.append(agents_of[id(g)][d.player].choose(d, partial(view_for, g, d.player)))
        assert answers[0] == answers[1]
        loud.answer(answers[0])
        quiet.answer(answers[1])
    assert quiet.state_hash() == loud.state_hash()
    assert tagged(quiet) == tagged(loud)
    assert [e for e in log_entries(quiet.log) if not e.tag] == []  # no text written
    assert len(log_entries(loud.log)) == loud.log_len


def test_a_quiet_copy_goes_on_as_the_loud_game() -> None:
    db = load_cards()
    lists = [load_deck(str(p), db).card_list() for p in DECKS[:2]]
    loud = Game.new(lists[0], lists[1], 5, db)
    agents = [make_agent("random", 1), make_agent("random", 2)]
    while loud.turn < 4 and loud.pending is not None:
        d = loud.pending.decision
        loud.answer(agents[d.player].choose(d, partial(view_for, loud, d.player)))
    copy = loud.copy(quiet=True)
    assert copy.quiet and not loud.quiet
    assert copy.copy().quiet  # a copy of a quiet game has no text to go on from: quiet too
    before = loud.log_len
    while loud.pending is not None:
        d = loud.pending.decision
        ans = agents[d.player].choose(d, partial(view_for, loud, d.player))
        loud.answer(ans)
        copy.answer(ans)
        assert copy.state_key() == loud.state_key()
    assert copy.log_len == loud.log_len > before
    new_lines = [e for e in log_entries(copy.log) if e.n > before]
    assert new_lines == [e for e in log_entries(loud.log) if e.n > before and e.tag]


def test_selfplay_figures_are_those_of_loud_games(tmp_path) -> None:
    """Self-play without saves plays quiet games: the same games, hashes and per-system counts
    as with saves (loud games, their journals written)."""
    decks = [str(p) for p in DECKS]
    quiet = selfplay(12, 3, decks=decks)
    loud = selfplay(12, 3, decks=decks, save_dir=tmp_path)
    assert quiet.errors == loud.errors == 0
    assert quiet.hashes == loud.hashes
    assert quiet.systems == loud.systems
    assert quiet.decisions == loud.decisions
