"""The player's own decks: TOML deck files (the shipped decks' format) in the user's data
folder (`platformdirs.user_data_dir("bs-tui")/decks`, or $BS_TUI_DECKS_DIR), made in the
deck builder and played by name (`play --deck1 NAME`). The shipped decks stay read-only;
a copy of one is the player's own."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import platformdirs
import tomli_w

from bs_tui.engine.data.cards import CardDB
from bs_tui.engine.data.decks import DECKS_DIR, DeckProblem, read_deck
from bs_tui.files import write_replacing

ENV_DECKS_DIR = "BS_TUI_DECKS_DIR"
NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")  # a deck's file name: safe on every system


def user_deck_dir() -> Path:
    env = os.environ.get(ENV_DECKS_DIR)
    return Path(env) if env else Path(platformdirs.user_data_dir("bs-tui")) / "decks"


def check_file_name(name: str) -> str:
    """Why `name` cannot name a deck of the player's (its file name), or ""."""
    if not NAME.match(name):
        return "1 to 40 of a-z, 0-9, - and _, starting with a letter or digit"
    if (DECKS_DIR / f"{name}.toml").exists():
        return "a shipped deck has that name (shipped decks are read-only; copy it under a new name)"
    return ""


def find_deck(spec: str) -> str:
    """A deck argument as `load_deck` takes it: the player's deck of that name when there is
    one (and no file by that name here), else the argument itself (a file or a shipped deck)."""
    if os.path.lexists(spec) or not NAME.match(spec):
        return spec
    own = user_deck_dir() / f"{spec}.toml"
    return str(own) if own.exists() else spec


def deck_text(title: str, cards: dict[str, int]) -> str:
    return "# made in the bs-tui deck builder\n" + tomli_w.dumps({"name": title, "cards": dict(cards)})


def problems_of(title: str, cards: dict[str, int], db: CardDB) -> list[DeckProblem]:
    """The deck rules (000 ch.1 §1, contracts per 001) as `bs-tui deck check` applies them:
    the deck is written to a temporary file and read like any other."""
    with tempfile.TemporaryDirectory(prefix="bs-tui-deck-") as d:
        path = Path(d) / "deck.toml"
        path.write_text(deck_text(title, cards), encoding="utf-8")
        _, problems = read_deck(path, db)
    return problems


def save_deck(name: str, title: str, cards: dict[str, int]) -> Path:
    """Write the player's deck `name` (checked by the caller), replaced in one rename."""
    folder = user_deck_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    write_replacing(path, deck_text(title, cards).encode("utf-8"))
    return path
