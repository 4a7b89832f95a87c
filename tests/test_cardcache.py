"""The checked card set kept between starts (bs_tui/cardcache.py): used while the card files
and the engine are the same, never when it is not this user's own or not a card set, and
rebuilt when it is spoiled; the cards are the same either way."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from bs_tui import cardcache
from bs_tui.engine.data import cards


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.setattr(cards, "_DEFAULT", None)  # as a new process starts
    monkeypatch.setenv(cardcache.ENV_CACHE, str(tmp_path / "cache"))
    return tmp_path / "cache"


def loaded_afresh(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = cardcache.load_cards

    def counting(*a: object) -> cards.CardDB:
        calls.append(1)
        return real(*a)  # type: ignore[arg-type]

    monkeypatch.setattr(cardcache, "load_cards", counting)
    monkeypatch.setattr(cards, "_DEFAULT", None)
    return calls


def test_the_second_start_takes_the_checked_set_from_the_cache(fresh: Path, monkeypatch) -> None:
    first = cardcache.shipped_cards()
    files = list(fresh.glob("cards-*.pickle"))
    assert len(files) == 1 and not files[0].stat().st_mode & 0o077
    calls = loaded_afresh(monkeypatch)
    again = cardcache.shipped_cards()
    assert calls == [] and again.digest == first.digest and set(again.cards) == set(first.cards)
    assert cards.load_cards() is again  # the engine's shipped set from now on
    assert again["R01"] == first["R01"]


def test_a_spoiled_or_foreign_cache_is_never_used(fresh: Path, monkeypatch) -> None:
    cardcache.shipped_cards()
    path = next(fresh.glob("cards-*.pickle"))
    path.write_bytes(b"not a pickle")
    calls = loaded_afresh(monkeypatch)
    assert cardcache.shipped_cards().cards and calls == [1]  # spoiled: loaded, and written anew
    assert pickle.loads(path.read_bytes()).digest == cards.load_cards().digest
    os.chmod(path, 0o666)  # another could have written it: not unpickled
    calls = loaded_afresh(monkeypatch)
    cardcache.shipped_cards()
    assert calls == [1]
    path.write_bytes(pickle.dumps({"not": "cards"}))
    os.chmod(path, 0o600)
    calls = loaded_afresh(monkeypatch)
    assert isinstance(cardcache.shipped_cards(), cards.CardDB) and calls == [1]


def test_a_changed_card_file_is_another_key(fresh: Path, monkeypatch) -> None:
    before = cardcache.key()
    monkeypatch.setattr(cardcache, "__version__", "9.9.9")
    assert cardcache.key() != before


def test_a_fifo_in_place_of_the_cache_is_passed_by_never_read(fresh: Path, monkeypatch) -> None:
    """Hostile input: a FIFO (or a device) where the cache file goes would hang a plain read;
    the cards are loaded afresh instead."""
    cardcache.shipped_cards()
    path = next(fresh.glob("cards-*.pickle"))
    path.unlink()
    os.mkfifo(path, 0o600)
    calls = loaded_afresh(monkeypatch)
    assert isinstance(cardcache.shipped_cards(), cards.CardDB) and calls == [1]
