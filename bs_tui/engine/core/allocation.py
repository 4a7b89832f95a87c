"""Answers to allocation decisions (PAY_COST, PLACE_CORES, MOVE_CORES): every legal one,
or one drawn at random core by core."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

from .decision import Decision, Kind


def _splits(caps: list[int], total: int) -> Iterator[tuple[int, ...]]:
    """Every way to take `total` with at most caps[i] from part i."""
    if not caps:
        if total == 0:
            yield ()
        return
    first, rest = caps[0], caps[1:]
    room = sum(rest)
    for n in range(max(0, total - room), min(first, total) + 1):
        for tail in _splits(rest, total - n):
            yield (n, *tail)


def enumerate_allocation(g: Any, d: Decision) -> Iterator[Any]:
    a = d.allocation
    assert a is not None
    srcs = [s.source for s in a.sources]
    caps = [s.cores for s in a.sources]
    has_soul = any(s.soul for s in a.sources)
    souls = (False, True) if has_soul else (False,)
    if d.kind == Kind.PAY_COST:
        if a.cancellable:
            yield ("cancel",)
        for soul in souls:
            for split in _splits(caps, a.amount - soul):
                yield ("pay", tuple((s, n) for s, n in zip(srcs, split, strict=True) if n), soul)
    elif d.kind == Kind.PLACE_CORES:
        for soul in souls:
            for total in range(max(0, a.amount - soul), sum(caps) + 1):
                for split in _splits(caps, total):
                    yield ("place", tuple((s, n) for s, n in zip(srcs, split, strict=True) if n), soul)
    elif d.kind == Kind.MOVE_CORES:
        if a.cancellable:
            yield ("cancel",)
        holders = d.context["holders"]
        pool = sum(caps)
        soul_at: tuple[Any, ...] = ("reserve", *holders) if d.context["soul_movable"] else (None,)
        limit = d.context.get("caps")  # no card may gain a core: at most what each has
        if limit is not None and d.context["soul_movable"]:
            stays = d.context.get("soul_stays")
            soul_at = ("reserve",) if stays is None else ("reserve", stays)
        ranges = [range((limit[h] if limit is not None else pool) + 1) for h in holders]
        for counts in product(*ranges):
            if sum(counts) > pool:
                continue
            layout = tuple((h, n) for h, n in zip(holders, counts, strict=True) if n)
            for s in soul_at:
                yield ("layout", layout, s)


def sample_allocation(d: Decision, below: Callable[[int], int]) -> Any:
    """A legal allocation drawn core by core; `below(n)` gives a number in [0, n)."""
    a = d.allocation
    assert a is not None
    units: list[Any] = []
    for s in a.sources:
        if s.cores:
            units += [s.source] * s.cores
        if s.soul:
            units.append(_SOUL)
    if d.kind == Kind.MOVE_CORES:
        holders = d.context["holders"]
        limit = d.context.get("caps")  # no card may gain a core: at most what each has
        dests = ["reserve", *holders]
        counts: dict[Any, int] = {}
        soul_at = None
        for u in units:
            if u is _SOUL:
                places = dests if limit is None else ["reserve"] + [x for x in [d.context.get("soul_stays")] if x]
                soul_at = places[below(len(places))]
                continue
            open_ = dests if limit is None else ["reserve", *(h for h in holders if counts.get(h, 0) < limit[h])]
            dest = open_[below(len(open_))]
            if dest != "reserve":
                counts[dest] = counts.get(dest, 0) + 1
        if d.context["soul_movable"] and soul_at is None:
            soul_at = "reserve"
        return ("layout", tuple(sorted(counts.items())), soul_at)
    if d.kind == Kind.PAY_COST:
        k = a.amount
    else:
        k = a.amount + below(len(units) - a.amount + 1)
    taken: dict[Any, int] = {}
    soul = False
    for _ in range(k):
        u = units.pop(below(len(units)))
        if u is _SOUL:
            soul = True
        else:
            taken[u] = taken.get(u, 0) + 1
    return ("pay" if d.kind == Kind.PAY_COST else "place", tuple(taken.items()), soul)


# The Soul Core among the cores drawn from (a card id or "reserve" names where a plain one is).
_SOUL = object()
