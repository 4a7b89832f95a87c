"""A refused payment, placement or core move changes nothing, whichever rule asked for it.

`Game.answer` takes no copy of the game before an allocation answer: each continuation
that applies one (a summon's payment, a brave's Lv1 cores, a token coming out, an advent onto
a card in soul state, Awaken, moving cores, ...) refuses a bad answer before it changes
anything (ygopro-core's way: the engine resumes on a validated response). Here self-play
games with every shipped deck stop at each allocation decision and offer it wrong answers of
every kind; each must be refused with a reason and leave the whole state (the game, the
engine's tasks, the log's length) as it was. Every continuation is tried."""

from __future__ import annotations

from typing import Any

import pytest

from bs_tui.agents import make_agent
from bs_tui.engine import Game, IllegalAnswer, Kind, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.scenario import cid_of, position, side

# Every continuation that applies an allocation answer (grep `ask_payment`, `pay_decision`,
# `place_decision`, `Allocation(`); the test fails if one is never reached, so a new one
# must be added here, and so be tried.
CONTINUATIONS = {
    "summon_paid",
    "magic_paid",
    "swift_paid",
    "braved_paid",
    "manifest_paid",
    "burst_flash_paid",
    "mirage_paid",
    "change_paid",
    "revived",
    "cores_placed",
    "token_placed",
    "contract_advent_placed",
    "separated",
    "brave_placed",
    "awakened",
    "cores_moved",
}


def wrong_answers(g: Game, legal: Any) -> list[Any]:
    """Answers the pending allocation decision must refuse, built around a legal one."""
    d = g.decision
    assert d is not None and d.allocation is not None
    a = d.allocation
    out: list[Any] = [None, ("pay",), {"a": 1}, ("layout", "x", None), ("place", ((10**9, 1),), False)]
    if not a.cancellable:
        out.append(("cancel",))
    if d.kind == Kind.PAY_COST:
        out += [
            ("pay", (("reserve", a.amount + 1),), False),  # pays one too many (or more than is there)
            ("pay", (("reserve", -1),), False),
            ("place", (), False),
        ]
        if a.amount > 0:
            out.append(("pay", (), False))  # pays nothing
        if legal[0] == "pay":
            out.append(("pay", legal[1], not legal[2]))  # one core more or fewer
            if legal[1]:
                out.append(("pay", legal[1] + legal[1][:1], legal[2]))  # a source named twice
    elif d.kind == Kind.PLACE_CORES:
        out += [
            ("place", ((a.card, 1),), False),  # from the card being placed
            ("place", (("reserve", 10**6),), False),
            ("pay", (), False),
        ]
        if a.amount > 0:
            out.append(("place", (), False))  # fewer than its Lv1 cores
    else:
        holders = d.context["holders"]
        out += [("layout", ((10**9, 1),), None), ("place", (), False)]
        if holders:
            out.append(("layout", ((holders[0], 10**6),), "reserve"))
    return out


def play_and_refuse(g: Game, agents: list, seen: set[str]) -> None:
    while g.pending is not None:
        d = g.pending.decision
        ans = agents[d.player].choose(d, lambda: None)
        if d.allocation is not None:
            cont = g.pending.cont
            seen.add(cont)
            key = g.state_key()
            for wrong in wrong_answers(g, ans):
                with pytest.raises(IllegalAnswer) as e:
                    g.answer(wrong)
                assert str(e.value), (cont, wrong)
                assert g.state_key() == key, f"{cont}: {wrong!r} changed the game before it was refused"
                assert g.decision is d
        g.answer(ans)


def test_every_allocation_continuation_refuses_before_it_changes_anything() -> None:
    db = load_cards()
    decks = [load_deck(p, db).card_list() for p in shipped_decks()]
    seen: set[str] = set()
    for i, deck in enumerate(decks):
        for j in (i, (i + 1) % len(decks)):
            for seed in (1, 2):
                g = Game.new(deck, decks[j], 1000 * i + 10 * j + seed, db)
                agents = [make_agent("random", seed), make_agent("random", seed + 7)]
                play_and_refuse(g, agents, seen)
    # Revival (000 ch.2 §6), rare in random games: a contract grandwalker the opponent destroyed
    # waits in soul state; its owner revives it, and the game goes on from that payment
    g = position(side(field=[{"card": "Q11", "cores": 2}], reserve=6), side(hand=["N04"], reserve=5), active=1)
    q11 = cid_of(g, 0, "field", "Q11")
    g.answer(("magic", cid_of(g, 1, "hand", "N04"), "main"))
    g.answer(("pay", (("reserve", g.decision.allocation.amount),), False))
    g.answer(True)  # soul state
    while ("revive", q11) not in g.decision.options:
        g.answer(("end",) if ("end",) in g.decision.options else g.decision.options[-1])
    g.answer(("revive", q11))
    play_and_refuse(g, [make_agent("random", 3), make_agent("random", 4)], seen)
    assert sorted(CONTINUATIONS - seen) == [], "continuations the games never reached"
    assert sorted(seen - CONTINUATIONS) == [], "allocation continuations this test does not list"
