"""Conditions an effect works under (`if = { … }` on an effect): "if you have a nexus",
"while you have 3 or fewer cards in your hand", "while your opponent has 2 or more
spirits". Each is defined once: its check when the cards load, its test on a game, and its
words. A triggered effect with conditions triggers only while they hold; a continuous one
works only while they hold (and stops the moment they do not: nothing is stored).

The timing words of `during` ("during your turn", "while you perform an advent") are here
too, for the same reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.registry import CONDITIONS
from ..data.cards import CardDataError
from .predicates import is_grandwalker, is_nexus, is_spirit, is_ultimate

if TYPE_CHECKING:
    from .game import Game

# What "have" may name, and how it is told apart on the field.
HAVE = {
    "spirit": ("a spirit", "spirits"),
    "ultimate": ("an ultimate", "ultimates"),
    "nexus": ("a nexus", "nexuses"),
    "brave": ("a brave", "braves"),
    "token": ("a token", "tokens"),
    "grandwalker": ("a grandwalker nexus", "grandwalker nexuses"),
    "astral_stone": ("an astral stone nexus", "astral stone nexuses"),
}


def _has(g: Game, player: int, what: str) -> int:
    """How many `what` the player has on the field."""
    n = 0
    for cid in g.players[player].field:
        fc = g.field[cid]
        if fc.leaving or fc.soul_state:
            continue
        d = g.defs[cid]
        if what == "spirit":
            n += is_spirit(g, cid)
        elif what == "ultimate":
            n += is_ultimate(g, cid)
        elif what == "nexus":
            n += is_nexus(g, cid)
        elif what == "brave":
            n += d.kind == "brave"
        elif what == "token":
            n += d.token and fc.host < 0
        elif what == "grandwalker":
            n += is_grandwalker(g, cid)
        elif what == "astral_stone":
            n += d.astral_stone
    return n


class Condition:
    name = ""

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
            raise CardDataError(f"{where}: if.{self.name} is a number from 0 to 99")

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        raise NotImplementedError

    def text(self, value: Any) -> str:
        raise NotImplementedError


class Have(Condition):
    """ "If you have a nexus" (on your field)."""

    name = "have"
    mine = True

    def check(self, value: Any, where: str) -> None:
        if value not in HAVE:
            raise CardDataError(f"{where}: if.{self.name} is one of {tuple(HAVE)}")

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return _has(g, player if self.mine else 1 - player, value) > 0

    def text(self, value: Any) -> str:
        return f"you have {HAVE[value][0]}" if self.mine else f"your opponent has {HAVE[value][0]}"


class OpponentHas(Have):
    name = "opponent_has"
    mine = False


class HandMax(Condition):
    name = "hand_max"

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return len(g.players[player].hand) <= value

    def text(self, value: Any) -> str:
        return f"you have {value} or fewer cards in your hand"


class HandMin(Condition):
    name = "hand_min"

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return len(g.players[player].hand) >= value

    def text(self, value: Any) -> str:
        return f"you have {value} or more cards in your hand"


class LifeMax(Condition):
    name = "life_max"

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return g.players[player].life_total <= value

    def text(self, value: Any) -> str:
        return f"your life is {value} or less"


class OpponentSpiritsMin(Condition):
    name = "opponent_spirits_min"

    def holds(self, g: Game, player: int, value: Any, this: int = -1) -> bool:
        return _has(g, 1 - player, "spirit") >= value

    def text(self, value: Any) -> str:
        return f"your opponent has {value} or more spirits"


for _c in (Have(), OpponentHas(), HandMax(), HandMin(), LifeMax(), OpponentSpiritsMin()):
    CONDITIONS[_c.name] = _c


def holds(g: Game, player: int, cond: tuple[tuple[str, Any], ...], this: int = -1) -> bool:
    """Do all of an effect's conditions hold for its controller `player` (`this`: the card
    the effect is of, for conditions on it)?"""
    return all(CONDITIONS[k].holds(g, player, v, this) for k, v in cond)


def cond_text(cond: tuple[tuple[str, Any], ...]) -> str:
    return " and ".join(CONDITIONS[k].text(v) for k, v in cond)


# `during`: a span of the game an effect works in (continuous effects) or triggers in.
DURING = {
    "your_turn": "During your turn",
    "opponent_turn": "During your opponent's turn",
    "advent": "While you perform an advent",  # 000 ch.2 §5 ②: can meet the advent condition
    "battle": "While this spirit battles",
    "attack_step": "During your Attack Step",
}


def during_holds(g: Game, player: int, during: str, this: int) -> bool:
    if during == "your_turn":
        return g.active == player
    if during == "opponent_turn":
        return g.active != player
    if during == "advent":
        return g.adventing == player
    if during == "attack_step":  # 000 ch.1 §6: its attacks, blocks, flash windows and battles
        return g.active == player and g.step in ("attack", "battle", "flash", "block")
    if during == "battle":
        b = g.battle
        return b is not None and this in (b.attacker, b.blocker)
    return True
