"""How good a position is for one player, from 0 (lost) to 1 (won): the leaf evaluation of
the searching AIs. A weighted sum of differences between the players (life, cores, the BP
and number of their spirits, cards in hand, a thin deck), squashed by a logistic curve.
The weights are tuned by self-play (`benchmarks/tune_eval.py`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from bs_tui.engine import Game
from bs_tui.engine.model.predicates import fights
from bs_tui.engine.rules import costs


@dataclass(frozen=True, slots=True)
class Weights:
    # Fitted by `python3 benchmarks/tune_eval.py --games 1500 --seed 6` (logistic regression
    # on the start of every turn of 1,500 games between easy AIs over all deck pairings,
    # 16,258 positions; held-out log loss 0.633, against 0.651 for the hand-set weights).
    life: float = 0.45
    cores: float = 0.19
    bp: float = 0.013  # per 1000 BP on the field
    spirits: float = 0.64
    hand: float = 0.09
    # a deck of 3 or fewer cards is close to a loss (decking out); too rare in those games
    # to be fitted (0.015), so set by hand
    deck: float = 0.8
    turn: float = 0.056  # the next turn is yours


DEFAULT = Weights()


def side_terms(g: Game, p: int) -> tuple[float, float, float, float, float, float]:
    """(life, cores, BP/1000, spirits, hand, thin deck) of player `p`."""
    pl = g.players[p]
    bp = 0
    spirits = 0
    cores = pl.reserve_total
    for c in pl.field:
        fc = g.field[c]
        if fc.leaving:
            continue
        cores += fc.cores
        if fights(g, c):
            spirits += 1
            bp += costs.bp_of(g, c)
    thin = 1.0 if len(pl.deck) <= 3 else 0.0
    return (pl.life_total, cores, bp / 1000, spirits, len(pl.hand), thin)


def evaluate(g: Game, p: int, w: Weights = DEFAULT) -> float:
    """The value of `g` for player `p`: 1 won, 0 lost, else in between."""
    if g.winner >= 0:
        return 1.0 if g.winner == p else 0.0
    a, b = side_terms(g, p), side_terms(g, 1 - p)
    x = (
        w.life * (a[0] - b[0])
        + w.cores * (a[1] - b[1])
        + w.bp * (a[2] - b[2])
        + w.spirits * (a[3] - b[3])
        + w.hand * (a[4] - b[4])
        - w.deck * (a[5] - b[5])
        + w.turn * (1 if g.active != p else -1)
    )
    return 1 / (1 + math.exp(-x))
