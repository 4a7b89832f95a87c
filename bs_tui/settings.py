"""The player's settings, kept in `config.toml` in the user's config folder
(`platformdirs.user_config_dir("bs-tui")`, e.g. `~/.config/bs-tui/config.toml`, or the
folder named by $BS_TUI_CONFIG_DIR).

The file is read through the guarded reader like every file a user hands bs-tui: a broken
one is one line naming the file and line (the caller exits 2), never a traceback and never
silently replaced by defaults, so that saving the settings screen cannot overwrite a file
the user meant to fix. A missing file is the defaults.

Each setting is a field of `Settings` with its TOML table and key in the field's metadata,
and a check of its value where not every value of its type will do; adding one is adding a
field.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from bs_tui.files import FileProblem, load_toml, printable, write_replacing

ENV_CONFIG_DIR = "BS_TUI_CONFIG_DIR"
CONFIG_NAME = "config.toml"
CONFIG_LIMIT = 64 * 1024


MAX_NAME = 24  # characters of a player's name
MAX_PAUSE_MS = 5000
# The AI's pause after each action, as the settings screen offers it.
AI_SPEEDS = (("instant", 0), ("fast", 150), ("normal", 350), ("slow", 800), ("very slow", 1500))


def _setting(default: Any, table: str, key: str, about: str, check: Any = None) -> Any:
    return field(default=default, metadata={"table": table, "key": key, "about": about, "check": check})


def check_name(name: str) -> str:
    """Why `name` cannot be a player's name, or ""."""
    if len(name) > MAX_NAME:
        return f"at most {MAX_NAME} characters"
    if printable(name) != name:
        return "no control characters"
    return ""


def _check_pause(ms: int) -> str:
    return "" if 0 <= ms <= MAX_PAUSE_MS else f"between 0 and {MAX_PAUSE_MS}"


AI_LEVELS = ("easy", "normal", "hard")


def _check_level(level: str) -> str:
    return "" if level in AI_LEVELS else "easy, normal or hard"


def _check_theme(theme: str) -> str:
    return "" if theme and len(theme) <= 64 and printable(theme) == theme else "the name of a theme"


@dataclass(frozen=True, slots=True)
class Settings:
    # "": the login name (or "Player"); `--name` on the command line wins over both
    player_name: str = _setting("", "player", "name", "your name at the table", check_name)
    player2_name: str = _setting("", "player", "name2", "the second player's name in hot-seat", check_name)
    theme: str = _setting("textual-dark", "display", "theme", "the colour theme", _check_theme)
    # asked once a Main Step, and only when a card could still be played
    confirm_end_main: bool = _setting(
        True, "confirm", "end_main_step", "ask before ending the Main Step while a card can still be played"
    )
    confirm_end_attack: bool = _setting(
        True, "confirm", "end_attack_step", "ask before ending the Attack Step while a spirit can still attack"
    )
    confirm_quit: bool = _setting(True, "confirm", "quit", "ask before quitting a game that is not over")
    ai_level: str = _setting("normal", "ai", "level", "the AI's level: easy, normal or hard", _check_level)
    ai_pause_ms: int = _setting(350, "ai", "pause_ms", "the pause after each action of the AI, in ms", _check_pause)
    # Off by default: a hand-over for every flash window and burst window, even one with
    # nothing to do, so that whether one appears tells the other player nothing.
    hotseat_auto_pass: bool = _setting(
        False,
        "hotseat",
        "auto_pass",
        "pass at once, without a hand-over, a flash timing or burst window with nothing to do",
    )


def config_dir(directory: str | Path | None = None) -> Path:
    """The settings folder: the argument, else $BS_TUI_CONFIG_DIR, else the user's config folder."""
    if directory:
        return Path(directory)
    env = os.environ.get(ENV_CONFIG_DIR)
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir("bs-tui"))


def config_path(directory: str | Path | None = None) -> Path:
    return config_dir(directory) / CONFIG_NAME


def load_settings(path: str | Path | None = None) -> Settings:
    """The settings in `path` (default: `config_path()`); FileProblem when the file is
    broken: not TOML, an unknown table or key, a value of the wrong type."""
    p = Path(path) if path is not None else config_path()
    try:
        os.lstat(p)
    except FileNotFoundError:
        return Settings()
    except OSError as e:
        raise FileProblem(p, f"cannot open: {e.strerror or e}") from None
    raw, text = load_toml(p, CONFIG_LIMIT)
    spec = {(f.metadata["table"], f.metadata["key"]): f for f in fields(Settings)}
    tables = {t for t, _ in spec}
    values: dict[str, Any] = {}
    for table, body in raw.items():
        if table not in tables:
            raise FileProblem(
                p, f"unknown table or key {table!r} (known: {', '.join(sorted(tables))})", _line(text, table)
            )
        if not isinstance(body, dict):
            raise FileProblem(p, f"{table!r} must be a table, [{table}]", _line(text, table))
        for key, value in body.items():
            f = spec.get((table, key))
            if f is None:
                known = ", ".join(k for t, k in spec if t == table)
                raise FileProblem(p, f"unknown key {key!r} in [{table}] (known: {known})", _line(text, key, table))
            want = type(f.default)
            if type(value) is not want:
                raise FileProblem(
                    p,
                    f"{table}.{key} must be {_type_name(want)}, not {_type_name(type(value))}",
                    _line(text, key, table),
                )
            why = f.metadata["check"](value) if f.metadata["check"] else ""
            if why:
                raise FileProblem(p, f"{table}.{key} must be {why}", _line(text, key, table))
            values[f.name] = value
    return Settings(**values)


def save_settings(settings: Settings, path: str | Path | None = None) -> Path:
    """Write the settings (folder 0700, file 0600, replaced in one rename so that a crash
    leaves the old file or the new one). OSError when it cannot be written."""
    p = Path(path) if path is not None else config_path()
    p.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    doc: dict[str, dict[str, Any]] = {}
    for f in fields(Settings):
        doc.setdefault(f.metadata["table"], {})[f.metadata["key"]] = getattr(settings, f.name)
    data = "# bs-tui settings (the settings screen writes this file)\n" + tomli_w.dumps(doc)
    write_replacing(p, data.encode("utf-8"))  # its temporary file is created 0600
    return p


def _type_name(t: type) -> str:
    return {bool: "true or false", str: "a string", int: "a whole number", float: "a number"}.get(t, t.__name__)


def _line(text: str, key: str, table: str | None = None) -> int:
    """The line of `key` (inside `[table]` when given) in `text`; 0 when not found."""
    in_table = table is None
    for n, line in enumerate(text.split("\n"), 1):
        s = line.strip()
        head = re.match(r"\[\s*([^\]\s]+)\s*\]", s)
        if head:
            if table is None and head.group(1) == key:
                return n
            in_table = table is None or head.group(1) == table
            continue
        if in_table and re.match(rf"({re.escape(key)}|\"{re.escape(key)}\")\s*=", s):
            return n
        if table is not None and re.match(rf"{re.escape(table)}\s*\.\s*{re.escape(key)}\s*=", s):
            return n
    return 0
