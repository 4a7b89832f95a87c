"""`bs-tui cards check`: every card loads, every effect it has is one the engine
executes (each is run once in a test position with random answers; a continuous one
is applied there, `read_continuous`), and its
player-facing text matches what the engine executes (generated from the same data,
and equal to the card's own `text` lines where the designer wrote them)."""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass

from bs_tui.engine import Game, Kind
from bs_tui.engine.core.allocation import sample_allocation
from bs_tui.engine.core.registry import MODIFIERS
from bs_tui.engine.data.cards import CardDataError, CardDB, CardDef, Effect, load_cards
from bs_tui.engine.data.text import card_text
from bs_tui.engine.model import derived
from bs_tui.engine.model.modifiers import FORBIDS, PLAYER_FORBIDS
from bs_tui.engine.scenario import position, side
from bs_tui.engine.view import view_for

MAX_DECISIONS = 200


@dataclass(slots=True)
class CardReport:
    card: CardDef
    problems: list[str]
    effects_run: int


def _sandbox(db: CardDB, c: CardDef, opp_card: str, own_card: str) -> Game:
    """A position with the card where its effects can run: on the field for spirits,
    braves and nexuses (with cores), in the hand for magic; spirits on both sides, cards
    in both trashes and decks."""
    field: list = [{"card": own_card, "cores": 3}, {"card": own_card, "cores": 1, "state": "exhausted"}]
    hand = []
    if c.kind in ("spirit", "brave", "nexus", "ultimate"):
        field.insert(0, {"card": c.id, "cores": max(c.lv_cores[-1] if c.lv_cores else 0, 1)})
    else:
        hand.append(c.id)
    return position(
        side(hand=hand, field=field, trash=[own_card, c.id], deck=[own_card] * 8, reserve=6),
        side(
            field=[{"card": opp_card, "cores": 2}, {"card": opp_card, "cores": 1, "state": "exhausted"}],
            trash=[opp_card],
            deck=[opp_card] * 8,
            reserve=3,
        ),
        db=db,
    )


def run_effect(g: Game, cid: int, idx: int, rng: random.Random) -> None:
    """Resolve one effect (or keyword effect, idx < 0) of card `cid` with random answers
    until the game is back at its Main Step prompt."""
    owner = g.static.owner[cid]
    g.pending = None
    g.tasks.append(("resolve", (cid, idx, owner, cid)))
    g.run()
    for _ in range(MAX_DECISIONS):
        d = g.decision
        if d is None or (d.kind == Kind.MAIN_ACTION and d.player == g.active):
            return
        g.answer(sample_allocation(d, rng.randrange) if d.allocation else rng.choice(d.options))
    raise RuntimeError(f"the effect did not finish within {MAX_DECISIONS} decisions")


def read_continuous(db: CardDB, c: CardDef, e: Effect, opp_card: str) -> None:
    """A continuous effect is never resolved: it changes what cards are while it holds. So
    it is "run" by reading, in the sandbox (set as a mirage for a [Set] effect), every value
    such an effect can change of every card on the field and in the hands and every
    forbid, as the rules read them, and by applying each of its modifiers once to a value
    of its kind (its conditions need not hold in the sandbox)."""
    g = _sandbox(db, c, opp_card, opp_card)
    if e.mirage:
        p = g.players[0]
        cid = next(x for x in p.hand if g.static.defs[x].id == c.id)
        p.hand.remove(cid)
        p.mirage.append(cid)
    for cid in list(g.field):
        derived.bp_of(g, cid), derived.cost_of(g, cid), derived.families_of(g, cid), derived.symbols_of(g, cid)
        for what in FORBIDS:
            if what not in PLAYER_FORBIDS:
                derived.forbidden(g, what, cid)
        derived.activation_forbidden(g, cid, "summoned")
        for other in g.field:
            derived.block_forbidden(g, cid, other)
    for player in (0, 1):
        derived.field_symbols(g, player)
        for what in PLAYER_FORBIDS:
            derived.player_forbidden(g, what, player)
        for cid in g.players[player].hand:
            derived.hand_cost(g, player, g.defs[cid])
        view_for(g, player)  # and what the views say of it (field notes)
    sample = {"bp": 3000, "cost": 3, "colours": ("red",), "symbols": (("red",),), "families": ("Drakeling",)}
    for s in e.steps:
        m = MODIFIERS[s.verb]
        if m.attr in sample:
            m.change(sample[m.attr], s, 1)


def check_card(db: CardDB, c: CardDef, seed: int = 0) -> CardReport:
    from bs_tui.engine.rules.keywords import KEYWORD_EFFECTS

    problems: list[str] = []
    try:
        text = card_text(c)
    except Exception as e:  # a verb or keyword with no wording
        return CardReport(c, [f"its text cannot be generated: {e!r}"], 0)
    if c.text and tuple(c.text) != tuple(text):
        problems.append(f"its written text differs from what the engine executes: {list(c.text)} vs {text}")
    opp = next(x.id for x in db.cards.values() if x.kind == "spirit" and x.lv_cores[0] == 1)
    runs = [(i, "") for i in range(len(c.effects))]
    runs += [(k, ke.keyword) for k, ke in KEYWORD_EFFECTS.items() if c.keyword(ke.keyword) is not None]
    done = 0
    for idx, _ in runs:
        if idx >= 0 and c.effects[idx].when == "continuous":
            try:
                read_continuous(db, c, c.effects[idx], opp)
            except Exception:
                problems.append(f"effect {idx} failed to apply: {traceback.format_exc(limit=3)}")
            done += 1
            continue
        for attempt in range(3):
            rng = random.Random(seed * 1000 + idx * 10 + attempt)
            try:
                g = _sandbox(db, c, opp, opp)
                where = "hand" if c.kind == "magic" else "field"
                cid = next(x for x in g.players[0].zone(where) if g.static.defs[x].id == c.id)
                run_effect(g, cid, idx, rng)
            except Exception:
                problems.append(f"effect {idx} failed to run: {traceback.format_exc(limit=3)}")
                break
        done += 1
    return CardReport(c, problems, done)


def check_all(db: CardDB | None = None) -> tuple[list[CardReport], list[str]]:
    try:
        db = db or load_cards()
    except CardDataError as e:
        return [], [str(e)]
    return [check_card(db, c) for c in sorted(db.cards.values(), key=lambda c: c.id)], []


def main() -> int:
    reports, errors = check_all()
    for e in errors:
        print(f"card data: {e}")
    bad = 0
    for r in reports:
        if r.problems:
            bad += 1
            for p in r.problems:
                print(f"{r.card.id} {r.card.name}: {p}")
    n = len(reports)
    runs = sum(r.effects_run for r in reports)
    print(f"{n} cards, {runs} effects run, {bad} with problems" if not errors else "card data could not be loaded")
    return 0 if not errors and bad == 0 else 1
