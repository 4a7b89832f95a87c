"""Shared helpers: scripted answers that fail when the engine asks anything unexpected."""

from __future__ import annotations

from typing import Any

import pytest

from bs_tui.engine import Game, Kind, load_cards, load_deck
from bs_tui.engine.scenario import cid_of, position, side

__all__ = ["Script", "position", "side", "cid_of", "pay", "place", "Kind"]


def pay(reserve: int = 0, soul: bool = False, **cards: int) -> tuple[Any, ...]:
    """A PAY_COST answer: `reserve` plain cores from the reserve, plus card sources
    given as c<cid>=n."""
    pairs: list[tuple[Any, int]] = []
    if reserve:
        pairs.append(("reserve", reserve))
    pairs.extend((int(k[1:]), n) for k, n in cards.items())
    return ("pay", tuple(pairs), soul)


def place(reserve: int = 0, soul: bool = False, **cards: int) -> tuple[Any, ...]:
    pairs: list[tuple[Any, int]] = []
    if reserve:
        pairs.append(("reserve", reserve))
    pairs.extend((int(k[1:]), n) for k, n in cards.items())
    return ("place", tuple(pairs), soul)


class Script:
    """Drive a game with expected (player, kind, answer) steps."""

    def __init__(self, game: Game):
        self.g = game

    def expect(self, player: int, kind: Kind, answer: Any = None) -> Any:
        d = self.g.decision
        if d is None:
            pytest.fail(f"script expected {kind} from player {player}, but nothing is pending (over={self.g.over})")
        if (d.player, d.kind) != (player, kind):
            pytest.fail(
                f"engine asked player {d.player} for {d.kind} ({d.prompt!r}, options {d.options!r}); "
                f"script expected player {player} for {kind}"
            )
        if answer is not None:
            self.g.answer(answer)
        return d

    def __call__(self, *steps: tuple[int, Kind, Any]) -> Script:
        for player, kind, answer in steps:
            self.expect(player, kind, answer)
        return self

    def done(self) -> None:
        d = self.g.decision
        if d is not None:
            pytest.fail(f"engine asked player {d.player} for {d.kind} ({d.prompt!r}) after the script ended")


@pytest.fixture(scope="session")
def db():
    return load_cards()


@pytest.fixture(scope="session")
def decks():
    return load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list()
