"""The player's own puzzles: moments saved from games, kept in the user's data folder
(`platformdirs.user_data_dir("bs-tui")/puzzles`, or $BS_TUI_PUZZLES_DIR)."""

from __future__ import annotations

import hashlib
import os
from datetime import datetime
from pathlib import Path

from bs_tui.engine import PlayerView
from bs_tui.engine.view import to_json
from bs_tui.files import write_replacing

from .moment import moment_text

ENV_PUZZLES_DIR = "BS_TUI_PUZZLES_DIR"


def puzzle_dir() -> Path:
    env = os.environ.get(ENV_PUZZLES_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("bs-tui")) / "puzzles"


def save_moment(view: PlayerView, where: str = "", opponent: str = "normal") -> Path:
    """The moment of `view` (the deciding player's, with knowledge) saved as a new puzzle
    file; OSError when it cannot be written. Its seed comes from the moment itself, so the
    same moment saved twice plays the same."""
    text = to_json(view)
    seed = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
    folder = puzzle_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"moment-{stamp}-turn{view.turn}.toml"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"moment-{stamp}-turn{view.turn}-{n}.toml"
    write_replacing(path, moment_text(view, seed, where, opponent).encode("utf-8"))
    return path
