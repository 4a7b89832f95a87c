"""Costs and cores: reduction by symbols, payment, placing and moving cores, levels.

Rulebook 000 chapter 1 §5 "手牌/手边的卡的使用方法·费用的支付方法" steps ①–⑥, and
003 "カードの色とシンボルの色": a multi-colour symbol counts as one of its colours,
and ultimate/god symbols never reduce a coloured reduction symbol.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from ..core.decision import Allocation, CoreSource, Decision, IllegalAnswer, Kind
from ..data.cards import CardDef
from ..model.derived import (  # noqa: F401  (what a card is now: read through here by the rules)
    bp_of,
    colours_of,
    cores_on,
    cost_of,
    families_of,
    field_symbols,
    hand_cost,
    level_of,
    player_forbidden,
    symbols_of,
)
from ..model.state import SOUL_LIFE, SOUL_RESERVE, SOUL_TRASH

if TYPE_CHECKING:
    from ..model.game import Game

# Kinds of field card that hold cores in the main step.
CORE_HOLDERS = ("spirit", "ultimate", "brave", "nexus")


def match_reduction(symbols: Sequence[tuple[str, ...]], reduction: tuple[str, ...]) -> int:
    """How many reduction symbols the field symbols cover, each symbol used once.

    A small bipartite matching: a symbol with several colours may serve any one of them.
    """
    if not reduction or not symbols:
        return 0
    if all(len(sym) == 1 for sym in symbols):
        # the usual field, one colour a symbol: each colour covers as many of its slots as it has
        colours = [sym[0] for sym in symbols]
        return sum(min(reduction.count(c), colours.count(c)) for c in set(reduction))
    used: list[int] = [-1] * len(symbols)  # symbol index -> reduction index

    def augment(r: int, seen: list[bool]) -> bool:
        colour = reduction[r]
        for s, cols in enumerate(symbols):
            if seen[s] or colour not in cols:
                continue
            seen[s] = True
            if used[s] < 0 or augment(used[s], seen):
                used[s] = r
                return True
        return False

    matched = 0
    for r in range(len(reduction)):
        if augment(r, [False] * len(symbols)):
            matched += 1
    return matched


def reduced_cost(
    g: Game,
    player: int,
    cdef: CardDef,
    symbols: list[tuple[str, ...]] | None = None,
    memo: dict[tuple[str, ...], int] | None = None,
) -> int:
    """Cost (as continuous effects change it) minus the reduction the player's field symbols
    give (step ④); reduction is always taken in full. `symbols`: the field symbols, when
    the caller has them; `memo`: the reductions they give, by reduction, when the caller
    reads many cards' costs against the same symbols (the Main Step: cards share reductions)."""
    cost = hand_cost(g, player, cdef) if g.static.continuous else cdef.cost
    if not cdef.reduction:
        return cost
    if symbols is None:
        symbols = field_symbols(g, player)
    if memo is None:
        memo = covered_by(tuple(symbols))  # what these symbols cover, kept across decisions
    r = memo.get(cdef.reduction)
    if r is None:
        r = memo[cdef.reduction] = match_reduction(symbols, cdef.reduction)
    return max(0, cost - r)


# What field symbols cover of each reduction, by the symbols: a pure function of the two, and
# a player's field changes slowly, so most decisions find their reductions here.
_COVERED: dict[tuple[tuple[str, ...], ...], dict[tuple[str, ...], int]] = {}


def covered_by(symbols: tuple[tuple[str, ...], ...]) -> dict[tuple[str, ...], int]:
    """The reductions `symbols` cover, by reduction, as far as they have been worked out."""
    covered = _COVERED.get(symbols)
    if covered is None:
        if len(_COVERED) > 4096:  # many fields over a long run: start afresh
            _COVERED.clear()
        covered = _COVERED[symbols] = {}
    return covered


# A card of the hand (or open area) as the Main Step reads it: (card id, its definition, its
# cost now, whether it is in the hand rather than the open area).
HandCard = tuple[int, CardDef, int, bool]


@dataclass(slots=True)
class HandCosts:
    """The cores `player` can pay with now (`usable`) and the costs of the cards in their hand
    as their field symbols reduce them, worked out once for all the options of one decision:
    the Main Step and the systems it asks read many cards' costs against the same field."""

    g: Game
    player: int
    usable: int = dc_field(init=False)
    _symbols: tuple[tuple[str, ...], ...] = ()
    _covered: dict[tuple[str, ...], int] | None = None  # reductions covered, by reduction
    _cards: list[HandCard] | None = None

    def __post_init__(self) -> None:
        self.usable = usable_cores(self.g, self.player)

    def reduction(self, reduction: tuple[str, ...]) -> int:
        """How many of `reduction`'s symbols the field symbols cover."""
        covered = self._covered
        if covered is None:
            # read once: the field does not change while one decision's options are worked out
            self._symbols = symbols = tuple(field_symbols(self.g, self.player))
            self._covered = covered = covered_by(symbols)
        r = covered.get(reduction)
        if r is None:
            r = covered[reduction] = match_reduction(self._symbols, reduction)
        return r

    def cost(self, cdef: CardDef) -> int:
        """What card `cdef` in the hand costs now: `reduced_cost`."""
        cost = hand_cost(self.g, self.player, cdef) if self.g.static.continuous else cdef.cost
        if not cdef.reduction or not cost:
            return cost
        return max(0, cost - self.reduction(cdef.reduction))

    def cards(self) -> list[HandCard]:
        """The cards of the hand, then of the open area (used as if in hand, 003), each card
        once (the first of its copies: copies are played alike), with their costs now."""
        out = self._cards
        if out is None:
            g, player = self.g, self.player
            p = g.players[player]
            defs = g.static.defs  # cards in the hand show their front face (000 ch.2 §7)
            continuous = g.static.continuous
            seen: set[str] = set()
            out = []
            # `cost` written out: it is read for every card of the hand at every Main Step
            for where, zone in ((True, p.hand), (False, p.open_area)) if p.open_area else ((True, p.hand),):
                for cid in zone:
                    d = defs[cid]
                    if d.id in seen:
                        continue
                    seen.add(d.id)
                    cost = hand_cost(g, player, d) if continuous else d.cost
                    reduction = d.reduction
                    if cost and reduction:
                        covered = self._covered
                        r = covered.get(reduction) if covered is not None else None
                        if r is None:
                            r = self.reduction(reduction)
                        cost = max(0, cost - r)
                    out.append((cid, d, cost, where))
            self._cards = out
        return out


# Core sources are immutable and few (a place, its cores, the Soul Core there or not): each is
# made once and shared, since every payment and placement offers some.
_SOURCES: dict[tuple[Any, int, bool], CoreSource] = {}


def core_source(source: Any, cores: int, soul: bool) -> CoreSource:
    key = (source, cores, soul)
    s = _SOURCES.get(key)
    if s is None:
        if len(_SOURCES) > 65536:  # a bound, never reached in play
            _SOURCES.clear()
        s = _SOURCES[key] = CoreSource(source, cores, soul)
    return s


def core_sources(g: Game, player: int) -> tuple[CoreSource, ...]:
    """The reserve and each of the player's field cards with cores, never life (step ⑤)."""
    p = g.players[player]
    soul = p.soul
    out = [core_source("reserve", p.reserve, soul == SOUL_RESERVE)]
    field, defs = g.field, g.defs
    for cid in p.field:
        fc = field[cid]
        if fc.leaving or defs[cid].walker:  # a grandwalker's cores never pay (ch.2 §6)
            continue
        if fc.cores or soul == cid:
            out.append(core_source(cid, fc.cores, soul == cid))
    return tuple(out)


def sources_keeping(g: Game, player: int, keep: int) -> tuple[CoreSource, ...]:
    """The core sources, with card `keep` offering only what it can spare above Lv1."""
    out = []
    lv1 = g.defs[keep].lv1_cores
    for s in core_sources(g, player):
        if s.source != keep:
            out.append(s)
            continue
        spare = s.cores + s.soul - lv1
        if spare <= 0:
            continue
        if s.soul and s.cores >= lv1:
            # the Soul Core may go too, so one fewer plain core: never more than the spare
            out.append(CoreSource(keep, spare - 1, True))
        else:
            out.append(CoreSource(keep, min(s.cores, spare), False))
    return tuple(out)


def usable_cores(g: Game, player: int) -> int:
    p = g.players[player]
    total = p.reserve + (p.soul == SOUL_RESERVE)
    field, defs, soul = g.field, g.defs, p.soul
    for cid in p.field:
        fc = field[cid]
        if not fc.leaving and not defs[cid].walker:
            total += fc.cores + (soul == cid)
    return total


def _check_draw(g: Game, player: int, pairs: Any, soul: Any, what: str) -> tuple[tuple[Any, int], ...]:
    """Validate ((source, n), ...) taken from the player's own reserve and field."""
    if not isinstance(pairs, tuple) or not isinstance(soul, bool):
        raise IllegalAnswer(f"{what}: expected ((source, n), ...) and True/False for the Soul Core")
    p = g.players[player]
    seen: set[Any] = set()
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise IllegalAnswer(f"{what}: each entry must be (source, count)")
        src, n = pair
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAnswer(f"{what}: core counts must be whole numbers >= 0")
        if src in seen:
            raise IllegalAnswer(f"{what}: source {src!r} named twice")
        seen.add(src)
        if src == "reserve":
            have = p.reserve
        elif src == "life":  # only where a decision offers it (a manifest: 000 ch.2 §6)
            have = p.life
        elif isinstance(src, int) and src in g.field and g.static.owner[src] == player:
            if g.field[src].leaving:
                raise IllegalAnswer(f"{what}: that card is leaving the field")
            have = g.field[src].cores
        else:
            raise IllegalAnswer(f"{what}: {src!r} is not your reserve or one of your field cards")
        if n > have:
            raise IllegalAnswer(f"{what}: only {have} core(s) there, not {n}")
    if soul and not (p.soul in (SOUL_RESERVE, SOUL_LIFE) or (p.soul >= 0 and not g.field[p.soul].leaving)):
        raise IllegalAnswer(f"{what}: your Soul Core is not in your reserve or on your field")
    return pairs


def _take(g: Game, player: int, pairs: tuple[tuple[Any, int], ...]) -> None:
    p = g.players[player]
    for src, n in pairs:
        if src == "reserve":
            p.reserve -= n
        elif src == "life":
            p.life -= n
        else:
            g.field[src].cores -= n
    g.cores_moved = True


def cores(n: int, soul: bool = False) -> str:
    """ "1 core", "3 cores": how the log counts cores; with `soul`, the Soul Core is among
    the `n` and is named ("the Soul Core", "3 cores, the Soul Core among them")."""
    if soul:
        return "the Soul Core" if n == 1 else f"{n} cores, the Soul Core among them"
    return f"{n} core" if n == 1 else f"{n} cores"


def pay(g: Game, player: int, answer: Any, amount: int) -> int:
    """Apply a PAY_COST answer: exactly `amount` cores go to the trash. Returns the count."""
    if not (isinstance(answer, tuple) and len(answer) == 3 and answer[0] == "pay"):
        raise IllegalAnswer("pay with ('pay', ((source, n), ...), soul) or ('cancel',)")
    pairs = _check_draw(g, player, answer[1], answer[2], "payment")
    total = sum(n for _, n in pairs) + answer[2]
    if total != amount:
        raise IllegalAnswer(f"the cost is {amount}, that pays {total}")
    _take(g, player, pairs)
    p = g.players[player]
    p.trash_cores += total - answer[2]
    if answer[2]:
        p.soul = SOUL_TRASH
        g.say(lambda: f"{g.name(player)}'s Soul Core is among the cores paid: it goes to the trash.")
    return total


def check_place(g: Game, player: int, answer: Any, target: int, at_least: int) -> tuple[tuple[Any, int], ...]:
    """Refuse a PLACE_CORES answer that `place` would refuse, changing nothing: a
    continuation that changes the game before it places (the card comes onto the field
    first) calls this first, as every allocation continuation must (`Game.answer`)."""
    if not (isinstance(answer, tuple) and len(answer) == 3 and answer[0] == "place"):
        raise IllegalAnswer("place with ('place', ((source, n), ...), soul)")
    pairs = _check_draw(g, player, answer[1], answer[2], "placing cores")
    if any(src == target for src, _ in pairs):
        raise IllegalAnswer("cannot take cores from the card being placed")
    total = sum(n for _, n in pairs) + answer[2]
    if total < at_least:
        raise IllegalAnswer(f"place at least {at_least} core(s) for Lv1, not {total}")
    return pairs


def place(
    g: Game, player: int, answer: Any, target: int, at_least: int, checked: tuple[tuple[Any, int], ...] | None = None
) -> int:
    """Apply a PLACE_CORES answer onto card `target` (not yet holding cores); `checked`: what
    `check_place` returned for it, when the caller checked it first."""
    pairs = check_place(g, player, answer, target, at_least) if checked is None else checked
    total = sum(n for _, n in pairs) + answer[2]
    _take(g, player, pairs)
    g.field[target].cores += total - answer[2]
    if answer[2]:
        g.players[player].soul = target  # the caller's log line names it (`cores(n, soul)`)
    return total


def holds_cores(g: Game, cid: int) -> bool:
    """Can field card `cid` hold cores moved in the main step?"""
    fc = g.field[cid]
    if fc.leaving or fc.host >= 0 or fc.soul_state:  # nor onto a card in soul state (001)
        return False
    d = g.defs[cid]
    return d.kind in CORE_HOLDERS and not d.walker  # no cores moved onto or off a grandwalker (ch.2 §6)


def holders(g: Game, player: int) -> list[int]:
    """The player's field cards that can hold cores moved in the main step."""
    return [cid for cid in g.players[player].field if holds_cores(g, cid)]


def has_holders(g: Game, player: int) -> bool:
    for cid in g.players[player].field:
        if holds_cores(g, cid):
            return True
    return False


def soul_movable(g: Game, player: int) -> bool:
    p = g.players[player]
    return p.soul == SOUL_RESERVE or (p.soul >= 0 and p.soul in g.field and not g.field[p.soul].leaving)


def move_cores(g: Game, player: int, answer: Any) -> list[tuple[int, int, int, int]]:
    """Apply a MOVE_CORES layout. Returns (cid, before, after, soul) for cards whose cores
    changed, `soul` +1 if the Soul Core came onto it, -1 if it left, else 0."""
    if not (isinstance(answer, tuple) and len(answer) == 3 and answer[0] == "layout"):
        raise IllegalAnswer("move cores with ('layout', ((card, n), ...), soul_at)")
    layout, soul_at = answer[1], answer[2]
    if not isinstance(layout, tuple):
        raise IllegalAnswer("the layout must be ((card, n), ...)")
    p = g.players[player]
    hs = holders(g, player)
    pool = p.reserve + sum(g.field[c].cores for c in hs)
    want: dict[int, int] = {}
    for pair in layout:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise IllegalAnswer("each layout entry must be (card, n)")
        cid, n = pair
        if cid not in hs:
            raise IllegalAnswer(f"{cid!r} is not one of your field cards that hold cores")
        if cid in want:
            raise IllegalAnswer(f"card {cid} named twice")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAnswer("core counts must be whole numbers >= 0")
        want[cid] = n
    if sum(want.values()) > pool:
        raise IllegalAnswer(f"you have {pool} core(s) to place, not {sum(want.values())}")
    if soul_movable(g, player):
        if soul_at != "reserve" and soul_at not in hs:
            raise IllegalAnswer("the Soul Core must go to your reserve or a field card holding cores")
    elif soul_at is not None:
        raise IllegalAnswer("your Soul Core is not where it can be moved")
    if g.static.continuous and player_forbidden(g, "put_cores", player):
        for cid, n in want.items():
            if n > g.field[cid].cores:  # 003 l.91-102: moving cores onto a card is putting them
                raise IllegalAnswer("an effect forbids putting cores on your cards; cores may still come off them")
        if soul_at not in (None, "reserve") and p.soul != soul_at:
            raise IllegalAnswer("an effect forbids putting cores on your cards, the Soul Core too")
    before = {c: (g.field[c].cores, p.soul == c) for c in hs}
    for c in hs:
        g.field[c].cores = want.get(c, 0)
    p.reserve = pool - sum(want.values())
    if soul_at is not None:
        p.soul = SOUL_RESERVE if soul_at == "reserve" else soul_at
    changed = []
    for c in hs:
        b = before[c][0] + before[c][1]
        a = g.field[c].cores + (p.soul == c)
        soul = (p.soul == c) - before[c][1]
        if a != b or soul:  # a plain core swapped for the Soul Core changes the card too
            changed.append((c, b, a, soul))
    g.cores_moved = True
    return changed


def pay_decision(
    g: Game, player: int, cid: int, amount: int, prompt: str, sources: tuple[CoreSource, ...] | None = None
) -> Decision:
    """A PAY_COST decision for card `cid` (cancellable: nothing has changed yet)."""
    return Decision(
        player,
        Kind.PAY_COST,
        prompt=prompt,
        allocation=Allocation(sources if sources is not None else core_sources(g, player), amount, cid, True),
        context={"card": cid},
    )


def ask_payment(g: Game, player: int, cid: int, amount: int, prompt: str, cont: str, *args: Any) -> None:
    """Ask `player` to pay `amount` for card `cid`, or go straight on when it is free; `cont`
    takes (answer, cid, amount, *args) and calls `paid` first."""
    if amount == 0:
        g.push((cont, ("pay", (), False), cid, 0, *args))
        return
    g.ask(pay_decision(g, player, cid, amount, prompt), cont, cid, amount, *args)


def paid(g: Game, player: int, answer: Any, amount: int) -> bool:
    """Apply the answer to `ask_payment`: False (nothing paid) when the player cancelled."""
    if answer == ("cancel",):
        g.say(f"{g.name(player)} changes their mind.", player)
        return False
    if amount:
        pay(g, player, answer, amount)
    return True


def place_decision(
    g: Game,
    cid: int,
    prompt: str,
    sources: tuple[CoreSource, ...],
    cancellable: bool = False,
    at_least: int | None = None,
    **context: Any,
) -> Decision:
    """A PLACE_CORES decision: at least the lowest level's cores of card `cid` onto it (or
    `at_least`, when a Soul Core gathered onto it counts towards them)."""
    least = g.defs[cid].lv1_cores if at_least is None else at_least
    return Decision(
        g.static.owner[cid],
        Kind.PLACE_CORES,
        prompt=prompt,
        allocation=Allocation(sources, least, cid, cancellable),
        context={"card": cid, **context},
    )


def default_payment(alloc: Allocation, levels: dict[Any, tuple[int, ...]]) -> tuple[Any, ...]:
    """A sensible payment that keeps levels where it can: the reserve first, then cores
    above the level each card has now, then the Soul Core if it is in the reserve, then
    cores that cost levels but deplete nothing, and only then cores that deplete.

    `levels` maps a source card id to its level core thresholds."""
    need = alloc.amount
    taken: dict[Any, int] = {}
    soul = False

    def take(src: Any, n: int) -> None:
        nonlocal need
        n = min(n, need)
        if n > 0:
            taken[src] = taken.get(src, 0) + n
            need -= n

    cards = [s for s in alloc.sources if s.source not in ("reserve", "life")]
    res = next((s for s in alloc.sources if s.source == "reserve"), None)
    life = next((s for s in alloc.sources if s.source == "life"), None)
    if res:
        take("reserve", res.cores)

    def left(s: CoreSource) -> int:
        return s.cores - taken.get(s.source, 0)

    for s in cards:  # surplus above the current level
        total = s.cores + s.soul
        th = levels.get(s.source, (0,))
        cur = max((t for t in th if t <= total), default=0)
        take(s.source, min(left(s), total - cur))
    if need > 0 and res and res.soul:
        soul = True
        need -= 1
    for s in sorted(cards, key=lambda s: -left(s)):  # levels drop, nothing depleted
        lv1 = levels.get(s.source, (0,))[0]
        total_left = left(s) + s.soul
        take(s.source, min(left(s), total_left - lv1))
    for s in cards:  # the Soul Core from a card that keeps Lv1 without it
        if need > 0 and s.soul and not soul and left(s) >= levels.get(s.source, (0,))[0]:
            soul = True
            need -= 1
    if life is not None:  # life only before depleting a spirit, and never the Soul Core in it
        take("life", life.cores)
    for s in sorted(cards, key=lambda s: -left(s)):  # what is left depletes
        take(s.source, left(s))
    if need > 0 and any(s.soul for s in alloc.sources) and not soul:
        soul = True
        need -= 1
    return ("pay", tuple(taken.items()), soul)


def default_placement(alloc: Allocation, levels: dict[Any, tuple[int, ...]]) -> tuple[Any, ...]:
    """A sensible placement of the Lv1 cores: the reserve first, then cores above the
    level each card has, then from the cards with the most; the Soul Core last."""
    paid = default_payment(Allocation(alloc.sources, alloc.amount, alloc.card, False), levels)
    return ("place", paid[1], paid[2])
