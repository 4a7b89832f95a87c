"""Set up a position directly: for rule tests and practice puzzles.

`position()` builds a game with given hands, fields and cores and stops at the
active player's Main Step (or Attack Step) decision. A position can also be read
from a TOML file with `positions.position_from_toml`::

    active = 0
    turn = 3
    step = "main"           # or "attack"
    answers = [["end"], ["attack", 3]]  # optional: answers given in order from the start
    [[player]]
    hand = ["R03"]
    deck = ["R01", "R01"]   # the last one is the top
    field = [{ card = "R01", cores = 2, soul = true, state = "refreshed" }]
    life = 5
    reserve = 3
    soul = "field"          # where the Soul Core is: reserve, trash, life, removed, or on a field card
    burst = "R05"           # a face-down burst (a card with a burst effect); mirage = a mirage
    [[player]]
    ...
    [blunder]               # optional: what the decision reached tests (tests/blunders/)
    about = "block a lethal hit"
    rule = "000 ch.1 §6.3"
    wrong = [["take"]]      # answers that are blunders; right = [...]: the only good ones

Answers are TOML values as the engine takes them (arrays become tuples). Card ids are
numbered in order, player 1 first: deck (bottom first), hand, trash, burst, mirage, then
the field cards in order (a brave right after its host), then the token stock. Field
entries may also hold `brave = "R10"`, a brave braved to that spirit. Files are checked
completely before a game starts (`positions.read_position`; `bs-tui position check`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core.registry import STOCKS
from .data.cards import CardDB, load_cards
from .model.game import Game
from .model.state import (
    CORES_PER_PLAYER,
    EXHAUSTED,
    HEAVY,
    REFRESHED,
    SOUL_LIFE,
    SOUL_REMOVED,
    SOUL_RESERVE,
    SOUL_TRASH,
    FieldCard,
    Player,
    Static,
)

STATES = {"refreshed": REFRESHED, "exhausted": EXHAUSTED, "heavy": HEAVY}


@dataclass(slots=True)
class Side:
    hand: list[str]
    deck: list[str]
    field: list[dict[str, Any]]
    trash: list[str]
    life: int = 5
    reserve: int = 3
    trash_cores: int = 0
    soul: str = "reserve"  # reserve | trash | life | removed | field (on the field card marked soul=true)
    burst: list[str] | None = None
    mirage: list[str] | None = None
    open_area: list[str] | None = None
    open_down: list[str] | None = None


def side(
    hand: list[str] | None = None,
    deck: list[str] | None = None,
    field: list[Any] | None = None,
    trash: list[str] | None = None,
    life: int = 5,
    reserve: int = 3,
    trash_cores: int = 0,
    soul: str = "reserve",
    burst: str | None = None,
    mirage: str | None = None,
    open_area: list[str] | None = None,
    open_down: list[str] | None = None,
) -> Side:
    """One player's part of a position. Field entries: a card id, or a dict with
    card, cores (plain), soul (bool), state ("refreshed" | "exhausted" | "heavy"),
    brave (the id of a brave braved to it), sources (advent sources under it, bottom first),
    under (cards face down under it). `burst` and `mirage` are card ids set;
    `open_area` / `open_down` cards face up / face down in the open area."""
    f = [x if isinstance(x, dict) else {"card": x, "cores": 1} for x in (field or [])]
    if any(x.get("soul") for x in f):
        soul = "field"
    return Side(
        list(hand or []),
        list(deck if deck is not None else ["R01"] * 10),
        f,
        list(trash or []),
        life,
        reserve,
        trash_cores,
        soul,
        [burst] if burst else [],
        [mirage] if mirage else [],
        list(open_area or []),
        list(open_down or []),
    )


def position(
    p1: Side,
    p2: Side,
    active: int = 0,
    turn: int = 3,
    step: str = "main",
    seed: int = 0,
    db: CardDB | None = None,
) -> Game:
    db = db or load_cards()
    defs = []
    owner = []
    players = []
    field_cards: dict[int, FieldCard] = {}
    advented: list[int] = []
    for p, s in enumerate((p1, p2)):
        zones: dict[str, list[int]] = {}
        for zone in ("deck", "hand", "trash", "burst", "mirage", "open_area", "open_down"):
            ids = []
            for card_id in getattr(s, zone) or ():
                ids.append(len(defs))
                defs.append(db[card_id])
                owner.append(p)
            zones[zone] = ids
        pl = Player(
            deck=zones["deck"],
            hand=zones["hand"],
            field=[],
            trash=zones["trash"],
            burst=zones["burst"],
            removed=[],
            mirage=zones["mirage"],
            open_area=zones["open_area"],
            open_down=zones["open_down"],
        )
        pl.life, pl.reserve, pl.trash_cores = s.life, s.reserve, s.trash_cores
        pl.soul = {"reserve": SOUL_RESERVE, "trash": SOUL_TRASH, "life": SOUL_LIFE, "removed": SOUL_REMOVED}.get(
            s.soul, SOUL_RESERVE
        )
        for fdesc in s.field:
            piles: dict[str, list[int]] = {"sources": [], "under": []}
            for pile in piles:  # advent sources (bottom first) and cards face down under it
                for card_id in fdesc.get(pile, ()):
                    piles[pile].append(len(defs))
                    defs.append(db[card_id])
                    owner.append(p)
            top = len(defs)
            defs.append(db[fdesc["card"]])
            owner.append(p)
            # a field object bears the id of its bottom card (state.FieldCard)
            cid = piles["sources"][0] if piles["sources"] else top
            pl.field.append(cid)
            field_cards[cid] = FieldCard(
                cid,
                STATES[fdesc.get("state", "refreshed")],
                int(fdesc.get("cores", 1)),
                0,
                top=top,
                sources=tuple(piles["sources"]),
                under=tuple(piles["under"]),
            )
            if top != cid:
                advented.append(cid)
            if fdesc.get("soul"):
                pl.soul = cid
            if fdesc.get("brave"):
                bid = len(defs)
                defs.append(db[fdesc["brave"]])
                owner.append(p)
                pl.field.append(bid)
                field_cards[bid] = FieldCard(bid, field_cards[cid].state, 0, 0, host=cid, top=bid)
                field_cards[cid].brave = bid
        # the token stock, as Game.new makes it: the tokens this side's cards can bring in
        mine = [d.id for d, o in zip(defs, owner, strict=True) if o == p]
        for stock in STOCKS:
            for token_id in stock(mine, db):
                pl.tokens.append(len(defs))
                defs.append(db[token_id])
                owner.append(p)
        on_cards = sum(field_cards[c].cores for c in pl.field)
        pl.void = CORES_PER_PLAYER - (pl.life + pl.reserve + pl.trash_cores + on_cards)
        if pl.void < 0:
            raise ValueError(f"player {p + 1} has more than {CORES_PER_PLAYER} cores")
        players.append(pl)
    decks = tuple(tuple(d.id for d, o in zip(defs, owner, strict=True) if o == p and not d.token) for p in (0, 1))
    static = Static(tuple(defs), tuple(owner), (decks[0], decks[1]), ("Player 1", "Player 2"))
    g = Game(static=static, players=players, field=field_cards, rng=seed)
    if advented:
        g.refresh_defs(*advented)  # an object with advent sources reads as its top card
    g.turn, g.active, g.first = turn, active, active if turn % 2 == 1 else 1 - active
    if step == "main":
        g.push(("main_step",), ("attack_step",), ("end_step",), ("begin_turn",))
    elif step == "attack":
        g.push(("attack_step",), ("end_step",), ("begin_turn",))
    else:
        raise ValueError(f"a position starts at the main or attack step, not {step!r}")
    g.cores_moved = True  # check the position once: depletion, brave conditions
    g.run()
    return g


def cid_of(g: Game, player: int, zone: str, card_id: str, nth: int = 0) -> int:
    """The instance id of the nth card `card_id` in a player's zone."""
    found = [c for c in g.players[player].zone(zone) if g.static.defs[c].id == card_id]
    return found[nth]
