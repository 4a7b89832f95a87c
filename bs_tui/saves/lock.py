"""The advisory lock that keeps two bs-tui processes from appending to one save."""

from __future__ import annotations

from pathlib import Path

from .errors import JournalError

try:  # not on Windows: there a second writer is not kept out
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]


def lock_exclusive(fd: int, path: Path) -> None:
    """Take the save's lock without waiting; JournalError when another bs-tui holds it.
    Closing the file descriptor releases it."""
    if fcntl is None:  # pragma: no cover
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise JournalError("the save is open in another bs-tui", path) from None
