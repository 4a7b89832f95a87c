"""Save names: a new game's file is named by its date, time, mode and decks, and never
takes the name of a file that exists."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from .errors import JournalError
from .format import SUFFIX


def new_save_path(directory: Path, mode: str, deck_names: Sequence[str]) -> Path:
    """A fresh, readable file name for a new game: date, time, mode and decks."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    decks = "-vs-".join(slug(n) for n in deck_names)
    return free_path(directory / f"{stamp}-{slug(mode)}-{decks}{SUFFIX}")


def slug(text: str) -> str:
    s = "".join(ch.lower() if ch.isalnum() else "_" for ch in text[:40]).strip("_")
    return "_".join(filter(None, s.split("_"))) or "game"


def free_path(path: Path) -> Path:
    """`path`, or the first `NAME-2.bsj`, `NAME-3.bsj`, … next to it that is free."""
    if not path.exists():
        return path
    stem = save_name(path)
    for i in range(2, 10_000):
        p = path.with_name(f"{stem}-{i}{SUFFIX}")
        if not p.exists():
            return p
    raise JournalError("no free file name next to it", path)


def save_name(path: Path) -> str:
    """A save's name as the user types it: the file name without `.bsj`."""
    return path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name
