"""What can go wrong with a save, in one place: `JournalError` (a save that cannot be used,
or a journal used wrongly) and `SaveWriteError` (the disk refused a write). Their text is
one line, `FILE:LINE: problem` or `FILE: problem`, with the path made printable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bs_tui.files import FileProblem, printable


class JournalError(Exception):
    """A save that cannot be used, or a journal used wrongly; `str()` is the one line shown."""

    def __init__(self, problem: str, path: str | Path | None = None, line: int = 0):
        self.problem = problem
        self.path = None if path is None else Path(path)
        self.line = line
        super().__init__(where(path, line) + problem)

    @classmethod
    def of(cls, e: FileProblem) -> JournalError:
        """The guarded reader's refusal, as a save problem."""
        return cls(e.problem, e.path, e.line)

    @property
    def short(self) -> str:
        """The problem without the file's name (a listing shows the name already)."""
        return f"line {self.line}: {self.problem}" if self.line else self.problem


class SaveWriteError(JournalError):
    """The save could not be written (a read-only folder, a full disk): the game must stop,
    what was written before stays intact and resumable."""


def where(path: str | Path | None, line: int = 0) -> str:
    """`FILE:LINE: ` (or `FILE: `, or nothing without a file), printable."""
    if path is None:
        return ""
    return f"{printable(str(path))}:{line}: " if line else f"{printable(str(path))}: "


def shown(value: Any, limit: int = 60) -> str:
    """A value from a save as it may appear in a message: its repr, printable and short."""
    text = printable(repr(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"
