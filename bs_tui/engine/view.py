"""What one seat may know (003 公開情報と非公開情報): `view_for(game, seat)`.

A view is plain immutable data (ints, strings, tuples, frozen dataclasses, card
definitions, which are public) and nothing else: no reference into the game, so an
agent, the table, a network client or a spectator handed a view can reach nothing the
seat may not know. `to_json`/`from_json` carry it over a wire without loss.

Public: deck and hand counts, reserve, trash (cards and cores), life, field, removed
cards, the count, the face-up mirage and open area, how many cards are face down in the
open area or under a field card, which player is deciding and on what kind of moment.
Private to the owner: the hand, the face-down burst, face-down cards of the open area and
under its field cards (as field notes), the pending decision. A
card of another seat's hand or burst appears only once that seat has been shown it
(`Game.known`), and every set burst is shown to both when the game is over. A
spectator (`SPECTATOR`) sees only what is public.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any

from .core.decision import Allocation, CoreSource, Decision, Kind
from .core.registry import FIELD_NOTES, QUESTIONS
from .data.cards import CardDB, CardDef, load_cards
from .knowledge import Knowledge, SideKnowledge, knowledge_for
from .model.game import Game
from .model.predicates import fights, levelled
from .model.state import SOUL_PLACES, STATE_NAMES, LogChain
from .rules import costs

SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class CardView:
    cid: int
    card: CardDef
    cost_now: int = -1  # in your own hand: the cost after reduction by your field now


@dataclass(frozen=True, slots=True)
class FieldCardView:
    cid: int
    card: CardDef
    state: str
    cores: int  # plain cores
    soul: bool  # the Soul Core is on it
    level: int
    bp: int
    leaving: bool
    brave: int = -1  # the brave braved to this spirit
    host: int = -1  # for a braved brave: the spirit it is braved to
    symbols: int = 0
    sources: tuple[CardView, ...] = ()  # the advent sources under it, bottom first (face up: public)
    host2: int = -1  # for an imagine brave braved to two spirits: the second one
    side: str = ""  # for an imagine brave's host: "left" or "right"
    soul_state: bool = False  # a contract card kept on the field in soul state (001)
    over_count: bool = False  # its Over Count is met now: OC BP+ and [OC] effects (001)
    # what the rule systems say of it now, as this seat may know it (`core.registry.FIELD_NOTES`):
    # what continuous effects make of it, cards face down under it, ...
    notes: tuple[str, ...] = ()
    # its name as the log tells it (`Game.card_name`): "Name #k" beside another card of its
    # name on its side's field, k its place among them in `SideView.field`
    name: str = ""

    @property
    def total_cores(self) -> int:
        return self.cores + self.soul


@dataclass(frozen=True, slots=True)
class SideView:
    name: str
    deck: int
    hand_count: int
    hand: tuple[CardView, ...] | None  # None when it is not yours to see
    field: tuple[FieldCardView, ...]
    trash: tuple[CardView, ...]
    burst: tuple[CardView | str, ...]  # a string handle when face down and not known to you
    mirage: tuple[CardView, ...]  # face up: public
    removed: tuple[CardView, ...]
    life: int
    reserve: int
    trash_cores: int
    count: int
    void: int
    soul: str  # "reserve", "trash", "life", "removed" (from the game: Soul Drive) or "card <cid>"
    usable_cores: int  # cores that can pay costs now: reserve and field cards, never life
    known_hand: tuple[CardView, ...] = ()  # cards of a hand not yours that you were shown
    tokens: int = 0  # cards in the token stock (000 ch.2 §9: stacked where both can see)
    open_area: tuple[CardView, ...] = ()  # 手元 (003): face up, public
    # face-down cards of the open area (003 line 160): their owner sees them (Q&A A10), the
    # other seat only how many
    open_down: tuple[CardView, ...] | None = None
    open_down_count: int = 0


@dataclass(frozen=True, slots=True)
class PlayerView:
    me: int  # the seat this view is for; SPECTATOR for a spectator
    turn: int
    active: int
    step: str
    sides: tuple[SideView, SideView]
    decision: Decision | None  # the pending decision when it is yours
    waiting_for: int  # who must decide now (-1: nobody)
    waiting_kind: str  # what kind of moment, as everyone may know it
    attacker: int
    blocker: int
    winner: int
    end_reason: str
    log: tuple[str, ...]  # the log as this seat may read it
    # the deciding seat's knowledge of the whole game, engine included, when asked for
    # (`knowledge.knowledge_for`): what a searching agent builds its games from
    knowledge: Knowledge | None = None

    @property
    def you(self) -> SideView:
        return self.sides[max(self.me, 0)]

    @property
    def opponent(self) -> SideView:
        return self.sides[1 - max(self.me, 0)]


def _cards(g: Game, cids: list[int]) -> tuple[CardView, ...]:
    return tuple(CardView(c, g.defs[c]) for c in cids)


def side_view(g: Game, p: int, viewer: int) -> SideView:
    pl = g.players[p]
    field = tuple(
        FieldCardView(
            cid,
            g.defs[cid],
            STATE_NAMES[g.field[cid].state],
            g.field[cid].cores,
            pl.soul == cid,
            costs.level_of(g, cid),
            costs.bp_of(g, cid) if fights(g, cid) or (levelled(g, cid) and not g.field[cid].soul_state) else 0,
            bool(g.field[cid].leaving),
            g.field[cid].brave,
            g.field[cid].host,
            len(costs.symbols_of(g, cid)),
            tuple(CardView(c, g.card(c)) for c in g.field[cid].sources),
            g.field[cid].host2,
            g.field[cid].side,
            g.field[cid].soul_state,
            bool(g.defs[cid].oc) and pl.count >= g.defs[cid].oc and not g.field[cid].soul_state,
            tuple(n for note in FIELD_NOTES if (n := note(g, cid, viewer))),
            g.card_name(cid),
        )
        for cid in pl.field
    )
    mine = p == viewer
    known = g.known
    symbols = costs.field_symbols(g, p) if mine else []
    if mine or g.over:
        burst: tuple[CardView | str, ...] = _cards(g, pl.burst)
    else:
        burst = tuple(
            CardView(c, g.defs[c]) if (viewer, c, "burst") in known else f"burst:{p}:{i}"
            for i, c in enumerate(pl.burst)
        )
    soul = f"card {pl.soul}" if pl.soul >= 0 else SOUL_PLACES[pl.soul]
    return SideView(
        name=g.name(p),
        deck=len(pl.deck),
        hand_count=len(pl.hand),
        hand=tuple(CardView(c, g.defs[c], costs.reduced_cost(g, p, g.defs[c], symbols)) for c in pl.hand)
        if mine
        else None,
        field=field,
        trash=_cards(g, pl.trash),
        burst=burst,
        mirage=_cards(g, pl.mirage),
        removed=_cards(g, pl.removed),
        life=pl.life_total,
        reserve=pl.reserve_total,
        trash_cores=pl.trash_total,
        count=pl.count,
        void=pl.void,
        soul=soul,
        usable_cores=costs.usable_cores(g, p),
        tokens=len(pl.tokens),
        open_area=tuple(
            CardView(c, g.defs[c], costs.reduced_cost(g, p, g.defs[c], symbols) if mine else -1) for c in pl.open_area
        ),
        open_down=_cards(g, pl.open_down) if mine else None,
        open_down_count=len(pl.open_down),
        known_hand=()
        if mine or not known
        # in id order: the order of a hand is its owner's to know
        else tuple(CardView(c, g.defs[c]) for c in sorted(pl.hand) if (viewer, c, "hand") in known),
    )


def waiting_kind(d: Decision | None, viewer: int) -> str:
    """The kind of the pending decision as `viewer` may know it. A burst window is only
    "deciding" to anyone but its owner: what it asks would tell the burst."""
    if d is None:
        return ""
    q = QUESTIONS.get(d.context.get("question", "")) if d.kind == Kind.YES_NO else None
    if d.player != viewer and q is not None and q.private:
        return "deciding"
    return str(d.kind)


def own_decision(d: Decision) -> Decision:
    """The seat's own pending decision, detached from the engine's (a read-only context)."""
    return Decision(d.player, d.kind, d.options, d.prompt, d.allocation, _frozen(d.context))


def _frozen(x: Any) -> Any:
    if isinstance(x, dict):
        return MappingProxyType({k: _frozen(v) for k, v in x.items()})
    if isinstance(x, list | tuple):
        return tuple(_frozen(v) for v in x)
    return x


def view_for(g: Game, seat: int, knowledge: bool = False) -> PlayerView:
    """What `seat` may know of `g`; with `knowledge`, also the deciding seat's knowledge of
    the whole game (`Knowledge`, None for a seat not deciding)."""
    d = g.decision
    b = g.battle
    return PlayerView(
        me=seat,
        turn=g.turn,
        active=g.active,
        step=g.step,
        sides=(side_view(g, 0, seat), side_view(g, 1, seat)),
        decision=own_decision(d) if d is not None and d.player == seat and seat >= 0 else None,
        waiting_for=d.player if d is not None else -1,
        waiting_kind=waiting_kind(d, seat),
        attacker=b.attacker if b else -1,
        blocker=b.blocker if b else -1,
        winner=g.winner,
        end_reason=g.end_reason,
        log=log_for(g.log, seat),
        knowledge=knowledge_for(g, seat) if knowledge else None,
    )


# ---------------------------------------------------------------------------- the log

# The log is a linked list shared by copies of a game; the filtered lines of the last
# chain read for each seat are kept, so each new view reads only the lines added since.
_LOG_CACHE: dict[int, tuple[LogChain, tuple[str, ...]]] = {}


def log_for(chain: LogChain, seat: int) -> tuple[str, ...]:
    """The lines of `chain` that `seat` may read (a spectator: only public ones)."""
    if chain is None:  # nothing said yet (a decision before the first line: the opening)
        return ()
    stop, base = _LOG_CACHE.get(seat, (None, ()))
    stop_n = stop[0].n if stop is not None else 0
    new: list[str] = []
    node = chain
    while node is not None and node is not stop:
        if node[0].n <= stop_n:  # the chain read last is not this one's past: read it whole
            stop, stop_n, base = None, 0, ()
        t = node[0].for_player(seat)
        if t:
            new.append(t)
        node = node[1]
    new.reverse()
    lines = base + tuple(new) if new else base
    _LOG_CACHE[seat] = (chain, lines)
    return lines


# ---------------------------------------------------------------------------- wire format

_TYPES: dict[str, type] = {
    t.__name__: t
    for t in (
        CardView,
        FieldCardView,
        SideView,
        PlayerView,
        Decision,
        Allocation,
        CoreSource,
        Knowledge,
        SideKnowledge,
    )
}


def to_json(view: PlayerView) -> str:
    """The view as JSON text: card definitions by id (the card set is public data)."""
    return json.dumps(_encode(view), ensure_ascii=False, separators=(",", ":"))


def from_json(text: str, db: CardDB | None = None) -> PlayerView:
    """A view back from `to_json`, its cards looked up in `db` (the shipped set by default)."""
    view = _decode(json.loads(text), db or load_cards())
    if not isinstance(view, PlayerView):
        raise ValueError("not a view")
    return view


def _encode(x: Any) -> Any:
    if isinstance(x, CardDef):
        return {"_": "CardDef", "id": x.id, "back": True} if x.is_back else {"_": "CardDef", "id": x.id}
    if isinstance(x, Kind):
        return {"_": "Kind", "v": x.value}
    if isinstance(x, bool | int | float | str) or x is None:
        return x
    if isinstance(x, tuple):
        return [_encode(i) for i in x]
    if isinstance(x, dict | MappingProxyType):
        return {"_": "map", "kv": [[_encode(k), _encode(v)] for k, v in x.items()]}
    name = type(x).__name__
    if name in _TYPES:
        return {"_": name, **{f.name: _encode(getattr(x, f.name)) for f in fields(x)}}
    raise TypeError(f"a view holds {type(x).__name__}, which is not plain data")


def _decode(x: Any, db: CardDB) -> Any:
    if isinstance(x, list):
        return tuple(_decode(i, db) for i in x)
    if not isinstance(x, dict):
        return x
    tag = x.get("_")
    if tag == "CardDef":
        return db[x["id"]].back if x.get("back") else db[x["id"]]
    if tag == "Kind":
        return Kind(x["v"])
    if tag == "map":
        return MappingProxyType({_decode(k, db): _decode(v, db) for k, v in x["kv"]})
    cls = _TYPES[tag]
    return cls(**{k: _decode(v, db) for k, v in x.items() if k != "_"})
