"""A short digest of a canonical tuple: the same state gives the same digest on any
machine and in any run (no `hash()`, which Python salts per process)."""

from __future__ import annotations

import hashlib
from typing import Any


def digest(key: tuple[Any, ...]) -> str:
    return hashlib.blake2b(repr(key).encode(), digest_size=16).hexdigest()
