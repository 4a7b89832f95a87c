"""The state of a game: players' zones, cores, cards on the field.

Plain data with explicit `copy()` methods; the whole game (including what the
engine is about to do next) lives here, so a copy is an independent game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.registry import COLLECTORS, FLASH_OPTIONS, MAIN_OPTIONS, needed
from ..data.cards import CardDef

REFRESHED, EXHAUSTED, HEAVY = 0, 1, 2
STATE_NAMES = ("refreshed", "exhausted", "heavily exhausted")

# The sides of an imagine brave a host can be braved on ("": an ordinary brave's host).
SIDES = ("", "left", "right")

# Where a player's Soul Core can be when it is not on a card (a card id >= 0 means on that card).
# SOUL_REMOVED: removed from the game by a Soul Drive (official rule, batspi ソウルドライブ; the
# seeds are silent): it never comes back, so nothing can use, move or pay with it again.
SOUL_RESERVE, SOUL_TRASH, SOUL_LIFE, SOUL_REMOVED = -1, -2, -3, -4
SOUL_PLACES = {SOUL_RESERVE: "reserve", SOUL_TRASH: "trash", SOUL_LIFE: "life", SOUL_REMOVED: "removed"}

# Each player brings this many plain cores to the table (the rulebook asks for about 30;
# more than enough is better than running out), plus the Soul Core.
CORES_PER_PLAYER = 40

# A triggered effect: (source card, effect index or a keyword's negative index,
# controller, the card whose event triggered it).
Trigger = tuple[int, int, int, int]


@dataclass(slots=True)
class FieldCard:
    """A field object: a spirit, ultimate, nexus or brave on the field, its state and the
    plain cores on it.

    Its id (`cid`, the key of `Game.field`) is that of the card it came onto the field as;
    `top` is the card it is now (another one after an advent, 000 ch.2 §5) and `sources`
    the cards under it, bottom first. What it is comes from its top card's visible face
    (`Game.defs`). A brave braved to a spirit has `host` set and holds no cores; the spirit
    has `brave` set. An imagine brave braved to two spirits has its second one in `host2`
    (`host` is set whenever it is braved at all), and each of its hosts has the `side` it
    is braved on, "left" or "right" (000 ch.2 §1 异魔神合体). A myth brave's host may be a
    grandwalker nexus. `serial` tells apart separate visits to the field of one card."""

    cid: int
    state: int = REFRESHED
    cores: int = 0
    entered_turn: int = 0
    leaving: str = ""  # "" or why it is in standby: "destroyed"
    host: int = -1
    brave: int = -1
    serial: int = 0
    assaults: int = 0  # times Assault was used this turn
    top: int = -1  # the card it is now: `cid` until an advent puts another on top
    sources: tuple[int, ...] = ()
    host2: int = -1
    side: str = ""
    # 魂状态 (001; 000 ch.2 §8): a contract card kept on the field when it left because of the
    # opponent: no cores, no attack or block, affected only by its own and soul-state effects
    soul_state: bool = False
    # while leaving: the player whose effect or spirit makes it leave; also set when an
    # opposing effect takes cores off it, until depletion is checked (it may be depleted)
    left_by: int = -1
    # cards put face down under it by an effect (【毒刃】-like): no advent sources, and they do
    # not make it [During Advent] (000 Q&A 关于煌临 A3); known only to its owner (003)
    under: tuple[int, ...] = ()

    def copy(self) -> FieldCard:
        return FieldCard(
            self.cid,
            self.state,
            self.cores,
            self.entered_turn,
            self.leaving,
            self.host,
            self.brave,
            self.serial,
            self.assaults,
            self.top,
            self.sources,
            self.host2,
            self.side,
            self.soul_state,
            self.left_by,
            self.under,
        )

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the object: the sources under it, then its top card."""
        return (*self.sources, self.top)

    def key(self) -> tuple[int, ...]:
        return (
            self.cid,
            self.state,
            self.cores,
            self.entered_turn,
            self.host,
            self.brave,
            self.serial,
            self.assaults,
            self.top,
            self.host2,
            SIDES.index(self.side),
            self.soul_state,
            self.left_by,
            self.under,
            *self.sources,
        )


@dataclass(slots=True)
class Player:
    """One player's zones and cores. Decks are drawn from the end of the list."""

    deck: list[int]
    hand: list[int]
    field: list[int]
    trash: list[int]
    burst: list[int]  # the face-down burst (at most one)
    removed: list[int]
    life: int = 0
    reserve: int = 0
    trash_cores: int = 0
    count: int = 0
    void: int = CORES_PER_PLAYER
    soul: int = SOUL_RESERVE
    mirage: list[int] = field(default_factory=list)  # the face-up mirage in the burst area (at most one)
    burst_set_turn: int = 0  # the turn a burst was last set (once per turn)
    mirage_set_turn: int = 0
    tokens: list[int] = field(default_factory=list)  # the token stock, outside the deck (000 ch.2 §9)
    open_area: list[int] = field(default_factory=list)  # 手元: beside the player, used as if in hand (003)
    # face-down cards in the open area (003 line 160): known only to their owner (Q&A A10),
    # not usable until an effect turns them face up
    open_down: list[int] = field(default_factory=list)

    def copy(self) -> Player:
        return Player(
            self.deck[:],
            self.hand[:],
            self.field[:],
            self.trash[:],
            self.burst[:],
            self.removed[:],
            self.life,
            self.reserve,
            self.trash_cores,
            self.count,
            self.void,
            self.soul,
            self.mirage[:],
            self.burst_set_turn,
            self.mirage_set_turn,
            self.tokens[:],
            self.open_area[:],
            self.open_down[:],
        )

    def key(self) -> tuple[Any, ...]:
        return (
            tuple(self.deck),
            tuple(self.hand),
            tuple(self.field),
            tuple(self.trash),
            tuple(self.burst),
            tuple(self.removed),
            self.life,
            self.reserve,
            self.trash_cores,
            self.count,
            self.void,
            self.soul,
            tuple(self.mirage),
            self.burst_set_turn,
            self.mirage_set_turn,
            tuple(self.tokens),
            tuple(self.open_area),
            # only when there are any, so that the games that never have one keep their hashes
            # (saves check their replay against them)
        ) + ((tuple(self.open_down),) if self.open_down else ())

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)

    @property
    def life_total(self) -> int:
        return self.life + (self.soul == SOUL_LIFE)

    @property
    def life_words(self) -> str:
        """The life as the table's header shows it: "4+◆" when the Soul Core is among it."""
        return f"{self.life}+◆" if self.soul == SOUL_LIFE else str(self.life)

    @property
    def reserve_total(self) -> int:
        return self.reserve + (self.soul == SOUL_RESERVE)

    @property
    def trash_total(self) -> int:
        return self.trash_cores + (self.soul == SOUL_TRASH)


@dataclass(frozen=True, slots=True)
class Mod:
    """A lasting change made by an effect: BP +amount to a card until the duration ends.
    Never changed once made (copies of a game share them)."""

    cid: int
    kind: str
    amount: int
    duration: str  # "turn" | "battle"
    # what the card had to be for the effect to choose it ((key, value) pairs of the step's
    # target: its class, colour, family, name, cost): after a rebirth the change carries
    # over only while the back face still meets it (000 ch.2 §7, line 677)
    cond: tuple[tuple[str, object], ...] = ()
    value: str = ""  # what a change of colours or families names ("red"; "" for none)

    def key(self) -> tuple[object, ...]:
        return (self.cid, self.kind, self.amount, self.duration, self.cond, self.value)


@dataclass(slots=True)
class Battle:
    attacker: int
    attacking_player: int
    blocker: int = -1
    blocked: bool = False


@dataclass(slots=True)  # never changed once made (copies share it); not frozen: made often
class LogEntry:
    """One line of the game log. `private` lines are shown only to `player`;
    the other player sees `public` instead (empty: nothing)."""

    text: str
    player: int = -1
    public: str = ""
    n: int = 0  # its place in the log, from 1
    tag: str = ""  # what rule system event it records ("u_hit", "advent", ...), for figures

    def for_player(self, p: int) -> str:
        if self.player < 0 or self.player == p:
            return self.text
        return self.public


# The log is an immutable linked list (entry, previous) so that copies share it.
LogChain = tuple[LogEntry, Any] | None


def log_entries(chain: LogChain) -> list[LogEntry]:
    out: list[LogEntry] = []
    while chain is not None:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


# What a card definition brings to a game's `Static`, worked out once per definition: a game
# is set up at each self-play game and each token minted, and its deck has few distinct cards.
_FACTS: dict[int, tuple[CardDef, tuple[Any, ...]]] = {}


def _facts(d: CardDef) -> tuple[Any, ...]:
    """(advent, walker, brave, oc, whens, continuous, activated, change, own_whens) of
    definition `d`."""
    hit = _FACTS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    faces = (d, d.back) if d.back is not None else (d,)
    effects = [(face, e) for face in faces for e in face.effects]
    facts = (
        bool(d.advent_timings),
        d.walker,
        d.kind == "brave",
        bool(d.oc),
        frozenset(e.when for _, e in effects),
        any(e.when == "continuous" for _, e in effects),
        # some card on the field can have a Main or Flash effect used (000 ch.1 §5.5: not a
        # magic's, a grandwalker skill's or a Change's), or a Change used from the hand
        any(f.kind != "magic" and e.when in ("main", "flash") and not e.skill and e.change is None for f, e in effects),
        any(e.change is not None for _, e in effects),
        frozenset(e.when for _, e in effects if e.scope == "own_spirit"),
    )
    if len(_FACTS) > 4096:  # card data loaded again and again (tests, fuzzing): start afresh
        _FACTS.clear()
    _FACTS[id(d)] = (d, facts)  # `d` kept with its id: the id is never another card's
    return facts


# What a game's distinct card definitions (by id) and the registered hooks give its `Static`:
# every self-play game and every token minted makes one, and the same decks meet again.
_STATICS: dict[tuple[frozenset[int], tuple[tuple[Any, ...], ...]], tuple[tuple[CardDef, ...], tuple[Any, ...]]] = {}


@dataclass(slots=True)
class Static:
    """What never changes during a game: card instances and their definitions."""

    defs: tuple[CardDef, ...]  # by card instance id
    owner: tuple[int, ...]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    names: tuple[str, str]
    advent: bool = False  # some card of the game can advent: only then are advents looked for
    walkers: bool = False  # some card is a grandwalker or astral stone (000 ch.2 §6)
    braves: bool = False  # some card is a brave: only then are brave actions looked for
    oc: bool = False  # some card has an Over Count (001)
    continuous: bool = False  # some card has a continuous effect: only then are they looked for
    whens: frozenset[str] = frozenset()  # every timing some card's effect has (`registry.card_event`)
    # every timing some card has a "when one of your spirits …" effect at (`effects.collect`)
    own_whens: frozenset[str] = frozenset()
    # some card on the field can have a Main or Flash effect used (000 ch.1 §5.5: not a
    # magic's, a grandwalker skill's or a Change's), or a Change used from the hand
    activated: bool = False
    change: bool = False
    # the registered systems' hooks this game's cards can need (`core.registry.needed`)
    main_options: tuple[Any, ...] = ()
    flash_options: tuple[Any, ...] = ()
    collectors: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        distinct = {id(d): d for d in self.defs}  # a deck holds up to 3 of a card, and tokens
        hooks = (tuple(MAIN_OPTIONS), tuple(FLASH_OPTIONS), tuple(COLLECTORS))
        key = (frozenset(distinct), hooks)
        hit = _STATICS.get(key)
        if hit is None:
            hit = self._derive(distinct.values(), hooks)
            if len(_STATICS) > 1024:  # many decks over a long run: start afresh
                _STATICS.clear()
            # the definitions kept with the values: their ids in the key are never another card's
            _STATICS[key] = hit = (tuple(distinct.values()), hit)
        (
            self.advent,
            self.walkers,
            self.braves,
            self.oc,
            self.continuous,
            self.activated,
            self.change,
            self.whens,
            self.own_whens,
            self.main_options,
            self.flash_options,
            self.collectors,
        ) = hit[1]

    def _derive(self, defs: Any, hooks: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...]:
        """The values `__post_init__` sets, worked out from the distinct definitions `defs`."""
        flags = [False] * 7
        whens: set[str] = set()
        own_whens: set[str] = set()
        for d in defs:
            f = _facts(d)
            whens |= f[4]
            own_whens |= f[8]
            for i, x in enumerate((f[0], f[1], f[2], f[3], f[5], f[6], f[7])):
                if x:
                    flags[i] = True
        self.advent, self.walkers, self.braves, self.oc, self.continuous, self.activated, self.change = flags
        # `needed` reads the flags just set
        return (
            *flags,
            frozenset(whens),
            frozenset(own_whens),
            needed(list(hooks[0]), self),
            needed(list(hooks[1]), self),
            needed(list(hooks[2]), self),
        )
