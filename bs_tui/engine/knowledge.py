"""What the deciding seat knows of the whole game, engine included: `knowledge_for(game, seat)`.

A view (`view.view_for`) shows a seat what it may know; an agent that searches needs more
of the same knowledge in another form: the state the engine is in (its tasks, the pending
continuation, what lasts, what was used this turn), so that it can build games of its own
that agree with everything it knows and play them on (`bs_tui.agents.determinize`). This
is that form, plain data with the view's JSON encoding, given only to the seat whose
decision is pending (its own decision is its to know).

What it leaves out is what the seat may not know (003 公開情報と非公開情報):
- the identity (`cards[cid] is None`) of every card in a deck (both players': nobody knows
  an order or what is left, only what the deck lists announce), of the other seat's hand
  except cards it was shown, of its face-down burst, of its face-down open area and of the
  cards face down under its field cards;
- the order of every zone whose cards it may not know (listed by id: card ids are drawn at
  random when a game is set up, so an id says nothing of a card), and the order of both
  decks;
- the game's random number state (it decides every later shuffle and draw);
- the other seat's pending bursts (a burst waiting to activate would tell its condition);
- what the other seat was shown of cards not the seat's own.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .core.decision import Kind
from .data.cards import CardDef
from .model.game import Game
from .model.state import FieldCard

# the fields of a field card, in order, as `Knowledge.field` lists them
FIELD_CARD_FIELDS = tuple(f.name for f in fields(FieldCard))


@dataclass(frozen=True, slots=True)
class SideKnowledge:
    """One player's zones by card id (hidden zones in id order) and counters."""

    deck: tuple[int, ...]  # every card of the deck, in id order
    # where the cards of the deck the seat knows lie (list index, from the bottom): the cards
    # on top that its own decision opened, say
    deck_known: tuple[tuple[int, int], ...]
    hand: tuple[int, ...]
    field: tuple[int, ...]
    trash: tuple[int, ...]
    burst: tuple[int, ...]
    removed: tuple[int, ...]
    mirage: tuple[int, ...]
    tokens: tuple[int, ...]
    open_area: tuple[int, ...]
    open_down: tuple[int, ...]
    life: int
    reserve: int
    trash_cores: int
    count: int
    void: int
    soul: int
    burst_set_turn: int
    mirage_set_turn: int


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The deciding seat's knowledge of the game (see the module's text)."""

    seat: int
    cards: tuple[CardDef | None, ...]  # each card's printed (front) face by id, None where not known
    owner: tuple[int, ...]
    decks: tuple[tuple[str, ...], tuple[str, ...]]  # the deck lists as announced
    names: tuple[str, str]
    sides: tuple[SideKnowledge, SideKnowledge]
    field: tuple[tuple[Any, ...], ...]  # each field card's fields (FIELD_CARD_FIELDS)
    turn: int
    active: int
    first: int
    step: str
    tasks: tuple[tuple[Any, ...], ...]
    cont: str  # the pending decision's continuation and its arguments
    args: tuple[Any, ...]
    mods: tuple[tuple[Any, ...], ...]  # (cid, kind, amount, duration, cond, value)
    battle: tuple[int, int, int, bool] | None  # attacker, attacking player, blocker, blocked
    collected: tuple[tuple[Any, ...], ...]
    leaving: tuple[int, ...]
    depth: int
    cores_moved: bool
    log_len: int
    decisions: int
    serial: int
    once_used: tuple[tuple[Any, ...], ...]
    bursts_pending: tuple[tuple[int, int, bool], ...]
    forbids: tuple[tuple[Any, ...], ...]
    ask_every_flash: bool
    known: tuple[tuple[int, int, str], ...]
    flipped: tuple[int, ...]
    adventing: int


def unknown_to(g: Game, seat: int) -> set[int]:
    """The cards whose identity `seat` may not know now (see the module's text)."""
    out: set[int] = set()
    known = g.known
    for p, pl in enumerate(g.players):
        out.update(c for c in pl.deck if (seat, c, "deck") not in known)
        if p == seat:
            continue
        out.update(c for c in pl.hand if (seat, c, "hand") not in known)
        if not g.over:
            out.update(c for c in pl.burst if (seat, c, "burst") not in known)
        out.update(pl.open_down)
        for oid in pl.field:
            out.update(g.field[oid].under)
    d = g.decision
    if d is not None and d.player == seat:
        # cards its own decision shows it (the top of its deck opened or looked at)
        out.difference_update(_cards_in(d.context.get("candidates", ())))
        if d.kind == Kind.CHOOSE_TARGETS:
            for option in d.options:
                out.difference_update(_cards_in(option))
    return out


def _cards_in(x: Any) -> set[int]:
    if isinstance(x, int) and not isinstance(x, bool):
        return {x}
    if isinstance(x, tuple | list):
        return {c for c in x if isinstance(c, int) and not isinstance(c, bool)}
    return set()


def _side(g: Game, p: int, seat: int, hidden: set[int]) -> SideKnowledge:
    pl = g.players[p]

    def zone(cids: list[int], order_known: bool) -> tuple[int, ...]:
        # a zone holding a card the seat may not know is listed in id order: its order is
        # not the seat's to know either (its own deck's least of all)
        if not order_known or any(c in hidden for c in cids):
            return tuple(sorted(cids))
        return tuple(cids)

    return SideKnowledge(
        deck=tuple(sorted(pl.deck)),
        deck_known=tuple((i, c) for i, c in enumerate(pl.deck) if c not in hidden),
        hand=zone(pl.hand, p == seat),
        field=tuple(pl.field),
        trash=tuple(pl.trash),
        burst=tuple(pl.burst),
        removed=tuple(pl.removed),
        mirage=tuple(pl.mirage),
        tokens=tuple(pl.tokens),
        open_area=tuple(pl.open_area),
        open_down=zone(pl.open_down, p == seat),
        life=pl.life,
        reserve=pl.reserve,
        trash_cores=pl.trash_cores,
        count=pl.count,
        void=pl.void,
        soul=pl.soul,
        burst_set_turn=pl.burst_set_turn,
        mirage_set_turn=pl.mirage_set_turn,
    )


def _field_card(fc: FieldCard, hidden: set[int]) -> tuple[Any, ...]:
    row = tuple(getattr(fc, name) for name in FIELD_CARD_FIELDS)
    if fc.under and any(c in hidden for c in fc.under):
        at = FIELD_CARD_FIELDS.index("under")
        row = row[:at] + (tuple(sorted(fc.under)),) + row[at + 1 :]
    return row


def knowledge_for(g: Game, seat: int) -> Knowledge | None:
    """What `seat` knows of `g` when its decision is pending; None otherwise (another
    seat's pending decision is that seat's own)."""
    d = g.pending
    if d is None or d.decision.player != seat or seat < 0:
        return None
    hidden = unknown_to(g, seat)
    static = g.static
    own = {c for c in range(len(static.defs)) if static.owner[c] == seat}
    b = g.battle
    return Knowledge(
        seat=seat,
        cards=tuple(None if c in hidden else static.defs[c] for c in range(len(static.defs))),
        owner=static.owner,
        decks=static.decks,
        names=static.names,
        sides=(_side(g, 0, seat, hidden), _side(g, 1, seat, hidden)),
        field=tuple(_field_card(g.field[c], hidden) for c in sorted(g.field)),
        turn=g.turn,
        active=g.active,
        first=g.first,
        step=g.step,
        tasks=tuple(g.tasks),
        cont=d.cont,
        args=d.args,
        mods=tuple((m.cid, m.kind, m.amount, m.duration, m.cond, m.value) for m in g.mods),
        battle=(b.attacker, b.attacking_player, b.blocker, b.blocked) if b is not None else None,
        collected=tuple(g.collected),
        leaving=tuple(g.leaving),
        depth=g.depth,
        cores_moved=g.cores_moved,
        log_len=g.log_len,
        decisions=g.decisions,
        serial=g.serial,
        once_used=tuple(sorted(g.once_used, key=repr)),
        # the other seat's bursts waiting to activate would tell that their conditions matched
        bursts_pending=tuple(x for x in g.bursts_pending if x[0] == seat),
        forbids=tuple(g.forbids),
        ask_every_flash=g.ask_every_flash,
        # what the seat knows, and what it knows the other seat was shown of its own cards
        known=tuple(sorted(k for k in g.known if k[0] == seat or (k[0] >= 0 and k[1] in own))),
        flipped=tuple(sorted(g.flipped)),
        adventing=g.adventing,
    )
