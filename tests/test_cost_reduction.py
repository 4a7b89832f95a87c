"""Cost reduction (000 ch.1 §4 "费用的减轻"; 003 on symbols): each field symbol covers at most one
reduction symbol of a colour it has. The matcher (with its fast path for one-colour symbols)
agrees with every way of assigning symbols to slots, on random fields."""

from __future__ import annotations

import random
from itertools import permutations

from bs_tui.engine.rules.costs import match_reduction

COLOURS = ("red", "blue", "green", "god", "ultimate")


def best_assignment(symbols: list[tuple[str, ...]], reduction: tuple[str, ...]) -> int:
    """The most slots any assignment of distinct symbols covers (brute force)."""
    best = 0
    n = min(len(symbols), len(reduction))
    for k in range(n, 0, -1):
        for chosen in permutations(range(len(symbols)), k):
            for slots in permutations(range(len(reduction)), k):
                if all(reduction[r] in symbols[s] for s, r in zip(chosen, slots, strict=True)):
                    return k
    return best


def test_the_matcher_covers_as_many_slots_as_the_best_assignment():
    rng = random.Random(11)
    for _ in range(1500):
        symbols = [tuple(rng.sample(COLOURS, rng.choice((1, 1, 1, 2)))) for _ in range(rng.randint(0, 5))]
        reduction = tuple(rng.choice(COLOURS) for _ in range(rng.randint(0, 3)))
        assert match_reduction(symbols, reduction) == best_assignment(symbols, reduction), (symbols, reduction)


def test_a_god_or_ultimate_symbol_never_pays_a_coloured_slot():
    assert match_reduction([("god",), ("ultimate",)], ("red", "red")) == 0
    assert match_reduction([("red", "god")], ("god",)) == 1
    assert match_reduction([("red",), ("red",), ("blue",)], ("red", "red", "red")) == 2
