"""The journal format's constants and how one line is written (see the package docs)."""

from __future__ import annotations

import json
from typing import Any

from bs_tui.files import printable

FORMAT = "bs-tui-journal"
FORMAT_VERSION = 1
SUFFIX = ".bsj"
HASH_EVERY = 10  # a decision line carries the state hash every this many decisions
HUMAN = "human"  # players[i].control of a seat played by a person at the table


def encode(rec: dict[str, Any]) -> bytes:
    """One journal line: compact JSON, UTF-8, ending with its newline."""
    return (json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def clean(text: object, limit: int = 40) -> str:
    """A name from a save as it may be shown: control characters removed, at most `limit`
    characters (a header may hold anything)."""
    s = printable(str(text))
    return s if len(s) <= limit else s[: limit - 1] + "…"
