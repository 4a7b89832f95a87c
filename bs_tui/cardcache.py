"""The shipped card set, checked once and kept: loading and checking every card file takes
longer than the rest of the table's start (some 20 ms of its first frame), so the checked
set is kept in the user's cache folder and used while the card files and the engine are
the same. Anything amiss with the cache (missing, another key, unreadable, not this
user's own) means the cards are loaded and checked as ever, and the cache written anew."""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
from pathlib import Path

from bs_tui import __version__
from bs_tui.engine.data.cards import DATA_DIR, CardDB, default_cards, load_cards, use_cards
from bs_tui.files import read_bytes, write_replacing

ENV_CACHE = "BS_TUI_CACHE_DIR"
LIMIT = 16 * 1024 * 1024  # no cache file of the card set is near this
ENGINE = Path(__file__).resolve().parent / "engine"


def cache_dir() -> Path:
    env = os.environ.get(ENV_CACHE)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("bs-tui"))


def key() -> str:
    """What the checked set depends on: the card files' names and bytes, and the engine's
    code (its files' sizes and times) and version, and this Python."""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{__version__} {sys.version} {pickle.HIGHEST_PROTOCOL}".encode())
    for path in sorted(DATA_DIR.glob("*.toml")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    for path in sorted(ENGINE.rglob("*.py")):
        st = path.stat()
        h.update(f"{path.relative_to(ENGINE)} {st.st_size} {st.st_mtime_ns}".encode())
    return h.hexdigest()


def own(path: Path) -> bool:
    """Written by this user alone: a file another could change is never unpickled."""
    st = path.stat()
    return st.st_uid == os.getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


_SHIPPED: CardDB | None = None  # read once a process: the files' check and the table share it


def shipped_cards() -> CardDB:
    """The shipped card set, from the cache when it is still the same (made the engine's
    default either way)."""
    global _SHIPPED
    if _SHIPPED is None or default_cards() is not _SHIPPED:  # not yet, or the engine's default was reset
        _SHIPPED = _shipped_cards()
    return _SHIPPED


def _shipped_cards() -> CardDB:
    try:
        k = key()
        folder = cache_dir()
        path = folder / f"cards-{k}.pickle"
    except OSError:
        return load_cards()
    try:
        if own(folder) and own(path):
            db = pickle.loads(read_bytes(path, LIMIT))  # the guarded reader: no FIFO, device or giant
            if isinstance(db, CardDB):
                use_cards(db)
                return db
    except Exception:  # missing, cut short, of another version, not a file: loaded afresh below
        pass
    db = load_cards()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for old in folder.glob("cards-*.pickle"):  # another key's: stale for good
            old.unlink(missing_ok=True)
        write_replacing(path, pickle.dumps(db, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:  # a read-only home: the cards were loaded, only slower next time
        pass
    return db
