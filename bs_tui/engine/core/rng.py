"""The game's own random numbers: SplitMix64, one integer of state.

Self-contained so that the same seed gives the same game on any machine and any
Python version, and so that copying a game copies its RNG for free.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new state, a 64-bit number)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in [0, n) without modulo bias; returns (new state, number)."""
    limit = MASK - (MASK % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates in place, each index drawn by `below`; returns the new state. `below` and
    `next_u64` are written out here: every game shuffles its ids and both decks at the start."""
    # below MASK - len(items) every draw is under `below`'s limit (MASK - MASK % n, n at most
    # len(items)): the exact limit is worked out only for the rare draw above it
    safe = MASK - len(items)
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        while True:
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            x = z ^ (z >> 31)
            if x < safe or x < MASK - (MASK % n):
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return state
