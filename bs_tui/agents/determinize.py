"""A game built from what one seat knows: `determinize(view, rng) -> Game`.

A searching agent never holds the real game. From the deciding seat's view (with its
`knowledge`) it builds games of its own that agree with everything the seat knows and
guess the rest: every card it may not know gets an identity drawn from what its owner's
announced deck list still holds once every card seen is taken out (a set burst only from
cards that have a burst effect), both decks are shuffled, and the game gets a random
number state of its own. The engine's bookkeeping comes from the knowledge as it is, so
the built game stands at the same pending decision (any decision of any system) and plays
on from there by the same rules. Cards a view shows are never changed; nothing is read
from anywhere but the view.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bs_tui.engine import CardDB, Game, load_cards
from bs_tui.engine.core.machine import Pending
from bs_tui.engine.data.cards import CardDef
from bs_tui.engine.knowledge import FIELD_CARD_FIELDS, Knowledge, SideKnowledge
from bs_tui.engine.model.state import Battle, FieldCard, Mod, Player, Static
from bs_tui.engine.view import PlayerView


class NotDeciding(ValueError):
    """The view holds no knowledge: its seat is not the one deciding."""


def hidden_slots(k: Knowledge) -> dict[int, list[int]]:
    """The cards of each owner whose identity the seat does not know."""
    out: dict[int, list[int]] = {0: [], 1: []}
    for cid, card in enumerate(k.cards):
        if card is None:
            out[k.owner[cid]].append(cid)
    return out


def unseen(k: Knowledge, owner: int, db: CardDB) -> list[CardDef]:
    """The cards of `owner`'s deck list not among the cards the seat knows of theirs."""
    left = Counter(k.decks[owner])
    for cid, card in enumerate(k.cards):
        if card is not None and k.owner[cid] == owner and not card.token:
            left[card.id] -= 1
    return [db[card_id] for card_id, n in sorted(left.items()) for _ in range(max(0, n))]


def _identities(k: Knowledge, rng: random.Random, db: CardDB) -> list[CardDef]:
    """Every card's identity: the known ones as they are, the others drawn at random."""
    cards: list[CardDef | None] = list(k.cards)
    bursts = {c for side in k.sides for c in side.burst}
    for owner, slots in hidden_slots(k).items():
        if not slots:
            continue
        pool = unseen(k, owner, db)
        rng.shuffle(pool)
        # a set burst has a burst effect (000 ch.2 §2): it is drawn from those first
        for cid in sorted(c for c in slots if c in bursts):
            at = next((i for i, d in enumerate(pool) if d.burst is not None), -1)
            if at < 0:
                candidates = [db[i] for i in sorted(set(k.decks[owner])) if db[i].burst is not None]
                cards[cid] = rng.choice(candidates) if candidates else db[k.decks[owner][0]]
            else:
                cards[cid] = pool.pop(at)
        rest = [c for c in slots if cards[c] is None]
        while len(pool) < len(rest):  # more unknown cards than the list leaves (cards from outside it)
            pool.append(db[rng.choice(k.decks[owner])])
        for cid, card in zip(rest, pool, strict=False):
            cards[cid] = card
    missing = [i for i, c in enumerate(cards) if c is None]
    if missing:
        raise ValueError(f"no identity for cards {missing}")
    return [c for c in cards if c is not None]


def _player(s: SideKnowledge, rng: random.Random, hidden: set[int]) -> Player:
    at = dict(s.deck_known)
    rest = [c for c in s.deck if c not in at.values()]
    rng.shuffle(rest)  # nobody knows a deck's order: the cards the seat knows stay where they are
    deck = [at[i] if i in at else rest.pop() for i in range(len(s.deck))]
    hand = list(s.hand)
    if any(c in hidden for c in hand):
        rng.shuffle(hand)
    return Player(
        deck=deck,
        hand=hand,
        field=list(s.field),
        trash=list(s.trash),
        burst=list(s.burst),
        removed=list(s.removed),
        life=s.life,
        reserve=s.reserve,
        trash_cores=s.trash_cores,
        count=s.count,
        void=s.void,
        soul=s.soul,
        mirage=list(s.mirage),
        burst_set_turn=s.burst_set_turn,
        mirage_set_turn=s.mirage_set_turn,
        tokens=list(s.tokens),
        open_area=list(s.open_area),
        open_down=list(s.open_down),
    )


def determinize(view: PlayerView, rng: random.Random, db: CardDB | None = None, quiet: bool = True) -> Game:
    """A game consistent with `view` (which must carry its seat's `knowledge`), at the same
    pending decision, its hidden cards and deck orders drawn with `rng`; quiet (no log text,
    see `Game.quiet`) unless asked otherwise: nobody reads a search's games."""
    k = view.knowledge
    if k is None or view.decision is None:
        raise NotDeciding("the view holds no knowledge: its seat is not deciding")
    db = db or load_cards()
    defs = _identities(k, rng, db)
    hidden = {cid for cid, card in enumerate(k.cards) if card is None}
    static = Static(tuple(defs), k.owner, k.decks, k.names)
    field: dict[int, FieldCard] = {}
    for row in k.field:
        values: dict[str, Any] = dict(zip(FIELD_CARD_FIELDS, row, strict=True))
        field[values["cid"]] = FieldCard(**values)
    g = Game(
        static=static,
        players=[_player(k.sides[0], rng, hidden), _player(k.sides[1], rng, hidden)],
        field=field,
        rng=rng.getrandbits(64),
        turn=k.turn,
        active=k.active,
        first=k.first,
        step=k.step,
        tasks=list(k.tasks),
        pending=Pending(view.decision, k.cont, k.args),
        mods=[Mod(*m) for m in k.mods],
        battle=Battle(*k.battle) if k.battle is not None else None,
        collected=list(k.collected),
        leaving=list(k.leaving),
        depth=k.depth,
        cores_moved=k.cores_moved,
        log_len=k.log_len,
        decisions=k.decisions,
        serial=k.serial,
        once_used=frozenset(k.once_used),
        bursts_pending=list(k.bursts_pending),
        forbids=list(k.forbids),
        ask_every_flash=k.ask_every_flash,
        known=frozenset(k.known),
        flipped=frozenset(k.flipped),
        adventing=k.adventing,
        quiet=quiet,
    )
    changed = [cid for cid, fc in field.items() if fc.top != cid] + list(k.flipped)
    if changed:
        g.refresh_defs(*changed)  # advented objects read as their top cards, flipped cards as backs
    return g
