"""What the table does when something inside it fails: a short message on the terminal and a
crash report in a private file.

Textual's own report is a rich traceback with local variables, which would print the whole
game (both hands, the deck order, the face-down bursts) to a terminal the other player may
be looking at. The report written here holds the error's type and where it happened (file,
line, function, source line) and nothing else: no local variables and no message, since a
message may name a card (an assertion, a KeyError on a card). So it holds no hidden
information of any seat. It is written 0600 in a 0700 folder.
"""

from __future__ import annotations

import os
import platform
import sys
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import platformdirs
from rich.text import Text

ENV_STATE_DIR = "BS_TUI_STATE_DIR"
MAX_CHAIN = 8  # causes and contexts followed, at most


def crash_dir() -> Path:
    """$BS_TUI_STATE_DIR/crashes, else the user's state folder (e.g. ~/.local/state/bs-tui/crashes)."""
    base = os.environ.get(ENV_STATE_DIR) or platformdirs.user_state_dir("bs-tui")
    return Path(base) / "crashes"


def report_text(error: BaseException) -> str:
    from importlib.metadata import PackageNotFoundError, version

    def ver(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "?"

    lines = [
        "bs-tui crash report",
        f"when: {datetime.now().isoformat(timespec='seconds')}",
        f"bs-tui {ver('bs-tui')}, Textual {ver('textual')}, Python {platform.python_version()}, {sys.platform}",
        "Error messages and local variables are left out: they may name cards a player must not see.",
        "",
    ]
    chain: list[BaseException] = []
    e: BaseException | None = unwrap(error)
    while e is not None and len(chain) < MAX_CHAIN and all(e is not c for c in chain):
        chain.append(e)
        e = e.__cause__ or (None if e.__suppress_context__ else e.__context__)
    for i, exc in enumerate(reversed(chain)):
        if i:
            lines += ["", "which led to:", ""]
        lines += frames(exc.__traceback__)
        lines.append(f"{type(exc).__module__}.{type(exc).__qualname__}")
    return "\n".join(lines) + "\n"


def unwrap(error: BaseException) -> BaseException:
    """The error a worker raised, for Textual's WorkerFailed that wraps it."""
    inner = getattr(error, "error", None)
    return inner if type(error).__name__ == "WorkerFailed" and isinstance(inner, BaseException) else error


def frames(tb: TracebackType | None) -> list[str]:
    out = ["Traceback (most recent call last):"]
    for fs in traceback.extract_tb(tb):
        out.append(f'  File "{fs.filename}", line {fs.lineno}, in {fs.name}')
        if fs.line:
            out.append(f"    {fs.line.strip()}")
    return out


def write_report(error: BaseException, directory: Path | None = None) -> Path | None:
    """Write the report; its path, or None when it cannot be written (reporting a failure
    must never fail in turn)."""
    folder = directory or crash_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        for n in range(100):
            path = folder / f"crash-{stamp}-{os.getpid()}{f'-{n}' if n else ''}.txt"
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
            except FileExistsError:
                continue
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(report_text(error))
            return path
    except Exception:
        pass
    return None


class Crashed(Exception):
    """What the app hands Textual in place of the error. Textual prints an exception with
    `__rich__` as it renders, with no traceback; this one renders as nothing, because
    Textual crops what it prints at exit to the terminal's width, which would cut the
    report's path: the app prints `message()` itself once the terminal is back."""

    def __init__(self, error: BaseException, report: Path | None, resume_hint: str = ""):
        super().__init__(f"bs-tui stopped on an internal error ({type(unwrap(error)).__name__})")
        self.error = error
        self.report = report
        self.resume_hint = resume_hint

    def message(self) -> str:
        from bs_tui.files import printable

        kind = type(unwrap(self.error)).__name__
        where = (
            f"A crash report (no cards of any hand in it) is in {printable(str(self.report))}"
            if self.report is not None
            else "No crash report could be written."
        )
        return f"bs-tui stopped on an internal error ({kind}). {where}" + (
            f"\n{self.resume_hint}" if self.resume_hint else ""
        )

    def __rich__(self) -> Text:
        return Text("")


class QuietCrashes:
    """Mixed into an App (before `App`): any error inside it ends it with one short message
    printed after the terminal is restored and a report as `write_report` writes it,
    never Textual's traceback with local variables.

    Textual 8.2.8 offers no public hook for this: every failure (a handler, a worker, a
    timer, compose) goes through `App._handle_exception`, which prints an error that has
    `__rich__` as it renders and anything else as a traceback with show_locals. So each
    error is handed on as a `Crashed`. `farewell` is also how an app says why it stopped
    on purpose (`exit()` with it set)."""

    farewell: str = ""

    def crash_hint(self) -> str:
        """A line to add to the message (where the game can be resumed, say)."""
        return ""

    def _handle_exception(self, error: Exception) -> None:
        if not isinstance(error, Crashed):
            crashed = Crashed(error, write_report(error), self.crash_hint())
            crashed.__cause__ = error  # a test run by Pilot re-raises it with the real cause
            error = crashed
        self.farewell = self.farewell or error.message()
        super()._handle_exception(error)  # type: ignore[misc]

    def run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().run(*args, **kwargs)  # type: ignore[misc]
        finally:
            if self.farewell:
                print(self.farewell, file=sys.stderr)
