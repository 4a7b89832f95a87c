"""What one player may know (003 公開情報と非公開情報): `view_for(game, player)`.

Public: deck and hand counts, reserve, trash (cards and cores), life, field, removed
cards, count. Private to the owner: the hand, the face-down burst. The opponent's
face-down burst is only a handle; their hand and deck are counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import costs
from .cards import CardDef
from .decision import Decision
from .game import Game
from .state import SOUL_PLACES, STATE_NAMES, log_entries


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
    burst: tuple[CardView | str, ...]  # a string handle when face down and not yours
    mirage: tuple[CardView, ...]  # face up: public
    removed: tuple[CardView, ...]
    life: int
    reserve: int
    trash_cores: int
    count: int
    void: int
    soul: str  # "reserve", "trash", "life" or "card <cid>"
    usable_cores: int  # cores that can pay costs now: reserve and field cards, never life


@dataclass(frozen=True, slots=True)
class PlayerView:
    me: int
    turn: int
    active: int
    step: str
    sides: tuple[SideView, SideView]
    decision: Decision | None  # the pending decision when it is yours
    waiting_for: int  # who must decide now (-1: nobody)
    waiting_kind: str
    attacker: int
    blocker: int
    winner: int
    end_reason: str
    log_chain: Any  # the game's log, read on demand through `log` (agents rarely need it)

    @property
    def log(self) -> tuple[str, ...]:
        """The log as this player may read it."""
        return tuple(t for e in log_entries(self.log_chain) if (t := e.for_player(self.me)))

    @property
    def you(self) -> SideView:
        return self.sides[self.me]

    @property
    def opponent(self) -> SideView:
        return self.sides[1 - self.me]


def _cards(g: Game, cids: list[int]) -> tuple[CardView, ...]:
    defs = g.static.defs
    return tuple(CardView(c, defs[c]) for c in cids)


def side_view(g: Game, p: int, viewer: int) -> SideView:
    pl = g.players[p]
    defs = g.static.defs
    field = tuple(
        FieldCardView(
            cid,
            defs[cid],
            STATE_NAMES[g.field[cid].state],
            g.field[cid].cores,
            pl.soul == cid,
            costs.level_of(g, cid),
            costs.bp_of(g, cid) if defs[cid].kind != "nexus" else 0,
            bool(g.field[cid].leaving),
            g.field[cid].brave,
            g.field[cid].host,
            len(costs.symbols_of(g, cid)),
        )
        for cid in pl.field
    )
    mine = p == viewer
    burst = _cards(g, pl.burst) if mine else tuple(f"burst:{p}:{i}" for i in range(len(pl.burst)))
    soul = f"card {pl.soul}" if pl.soul >= 0 else SOUL_PLACES[pl.soul]
    return SideView(
        name=g.name(p),
        deck=len(pl.deck),
        hand_count=len(pl.hand),
        hand=tuple(CardView(c, defs[c], costs.reduced_cost(g, p, defs[c])) for c in pl.hand) if mine else None,
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
    )


def view_for(g: Game, player: int) -> PlayerView:
    d = g.decision
    b = g.battle
    kind = str(d.kind) if d is not None else ""
    if d is not None and d.player != player and d.context.get("burst"):
        kind = "deciding"  # whether a face-down burst could activate is the owner's to know
    return PlayerView(
        me=player,
        turn=g.turn,
        active=g.active,
        step=g.step,
        sides=(side_view(g, 0, player), side_view(g, 1, player)),
        decision=d if d is not None and d.player == player else None,
        waiting_for=d.player if d is not None else -1,
        waiting_kind=kind,
        attacker=b.attacker if b else -1,
        blocker=b.blocker if b else -1,
        winner=g.winner,
        end_reason=g.end_reason,
        log_chain=g.log,
    )
