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


@pytest.fixture(autouse=True)
def private_folders(tmp_path_factory, monkeypatch):
    """No test reads or writes the real config, state or saves folders of whoever runs it
    (subprocesses inherit these too)."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("BS_TUI_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("BS_TUI_STATE_DIR", str(base / "state"))


@pytest.fixture(scope="session")
def db():
    return load_cards()


@pytest.fixture(scope="session")
def decks():
    return load_deck("crimson_dawn").card_list(), load_deck("verdant_tide").card_list()


# ----------------------------------------------------------------------- card tests


def quoted(card_id: str, doc: str | None) -> None:
    """Every line of the card's generated text appears in the test's docstring, so the
    test and the card cannot drift apart."""
    from bs_tui.engine.data.text import card_text

    flat = " ".join((doc or "").split())
    for line in card_text(load_cards()[card_id]):
        assert " ".join(line.split()) in flat, f"{card_id}: the docstring does not quote {line!r}"


def f(card: str, cores: int = 1, st: str = "refreshed", soul: bool = False, brave: str | None = None) -> dict:
    """A field entry for `position`: the card, its plain cores, state, Soul Core, brave."""
    d: dict = {"card": card, "cores": cores, "state": st}
    if soul:
        d["soul"] = True
    if brave:
        d["brave"] = brave
    return d


def fv(g: Game, cid: int):
    """The card as player 1 sees it on either field."""
    from bs_tui.engine.view import view_for

    for sv in view_for(g, 0).sides:
        for c in sv.field:
            if c.cid == cid:
                return c
    raise AssertionError(f"card {cid} is not on the field")


def bp(g: Game, cid: int) -> int:
    from bs_tui.engine.rules.costs import bp_of

    return bp_of(g, cid)


def level(g: Game, cid: int) -> int:
    from bs_tui.engine.rules.costs import level_of

    return level_of(g, cid)


def ids(g: Game, cids) -> list[str]:
    return [g.static.defs[c].id for c in cids]


def label_index(d, needle: str) -> int:
    """The ORDER_TRIGGERS option whose label is the effect of the card named `needle`
    (or, failing that, whose label mentions it)."""
    labels = d.context["labels"]
    hits = [i for i, lab in enumerate(labels) if lab.startswith(needle + ":")]
    hits = hits or [i for i, lab in enumerate(labels) if needle in lab]
    assert len(hits) == 1, labels
    return hits[0]


def logged(g: Game, text: str) -> bool:
    return any(text in line for line in g.log_lines())
