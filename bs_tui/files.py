"""The one guarded reader for every file bs-tui reads from a user: decks, saves, positions,
card data.

A hostile or broken file must give one clear line, never a hang, a traceback or a machine
out of memory: only regular files are opened (a FIFO, device or folder is refused before
a byte is read, so nothing blocks), reads stop at a size cap, JSON and TOML are parsed
with limits on nesting and line length, and every failure is a `FileProblem` whose text
is `FILE:LINE: problem` (or `FILE: problem`). Files are opened read-only and never changed.

This module imports nothing else of bs_tui, so every layer (the engine included) may use it.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

import tomli

# Far above any real file of each kind, far below what could hurt the machine.
DECK_LIMIT = 2 * 1024 * 1024
POSITION_LIMIT = 1024 * 1024
CARD_DATA_LIMIT = 4 * 1024 * 1024
SAVE_LIMIT = 64 * 1024 * 1024
MAX_DEPTH = 32  # nesting of arrays and tables in any JSON or TOML we read
MAX_LINE = 256 * 1024  # one line of a save or TOML file
_NOT_STRUCTURE = re.compile(r"[^\[\]{}\n]+")
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")
_LONG_NUMBER = re.compile(r"[0-9a-fA-F_]{1000,}")


class FileProblem(ValueError):
    """A file that cannot be used. `str()` is the one line shown to the user."""

    def __init__(self, path: str | Path, problem: str, line: int = 0):
        self.path = str(path)
        self.line = line
        self.problem = problem
        super().__init__(f"{printable(self.path)}:{line}: {problem}" if line else f"{printable(self.path)}: {problem}")


def printable(text: str) -> str:
    """`text` with control characters (ESC among them) shown as `?`, so that a name from a
    file can never drive the terminal it is printed on. Lone surrogates (bytes of a file
    name that are not UTF-8) become `?` too: printing them would raise."""
    return _CONTROL.sub("?", text)


def write_replacing(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all: into a temporary file (0600) beside it, then one
    rename over it; the temporary file is removed if anything fails. OSError if it cannot."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileProblem otherwise."""
    shown = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it
        fd = os.open(shown, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise FileProblem(shown, "no such file") from None
    except IsADirectoryError:
        raise FileProblem(shown, "is a folder, not a file") from None
    except PermissionError:
        raise FileProblem(shown, "permission denied") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise FileProblem(shown, "too many levels of symbolic links") from None
        raise FileProblem(shown, f"cannot open: {e.strerror or e}") from None
    except ValueError:  # a NUL byte in the name
        raise FileProblem(shown, "not a usable file name") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileProblem(shown, "is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(shown, f"is {_kind(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise FileProblem(shown, f"too large ({st.st_size:,} bytes; at most {limit:,})")
        chunks: list[bytes] = []
        total = 0
        while True:  # the size can change under us: never read past the cap
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileProblem(shown, f"too large (more than {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as e:
        raise FileProblem(shown, f"cannot read: {e.strerror or e}") from None
    finally:
        os.close(fd)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def decode(path: str | Path, data: bytes) -> str:
    """UTF-8 text, or a FileProblem naming the line of the first bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FileProblem(path, "not UTF-8 text", data.count(b"\n", 0, e.start) + 1) from None
    if "\x00" in text:
        raise FileProblem(path, "not a text file (NUL byte)", text.count("\n", 0, text.index("\x00")) + 1)
    return text


def read_text(path: str | Path, limit: int) -> str:
    return decode(path, read_bytes(path, limit))


def load_toml(path: str | Path, limit: int, text: str | None = None) -> tuple[dict[str, Any], str]:
    """A TOML file as (table, text), with nesting and line length limited."""
    if text is None:
        text = read_text(path, limit)
    _check_lines(path, text)
    depth, line = _bracket_depth(text)
    if depth > MAX_DEPTH:
        raise FileProblem(path, f"nested more than {MAX_DEPTH} deep", line)
    try:
        table = tomli.loads(text)
    except tomli.TOMLDecodeError as e:
        raise FileProblem(path, f"not valid TOML: {e.msg}", e.lineno) from None
    except RecursionError:
        raise FileProblem(path, f"nested more than {MAX_DEPTH} deep") from None
    except ValueError:  # Python refuses to convert an integer of thousands of digits
        m = _LONG_NUMBER.search(text)
        raise FileProblem(path, "a number far too large", text.count("\n", 0, m.start()) + 1 if m else 0) from None
    return table, text


def load_json(path: str | Path, text: str | bytes, line: int = 0) -> Any:
    """One JSON document (a save's line, say), with nesting and length limited."""
    if len(text) > MAX_LINE:
        raise FileProblem(path, f"line too long ({len(text):,} characters; at most {MAX_LINE:,})", line)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise FileProblem(path, "not UTF-8 text", line) from None
    depth, _ = _bracket_depth(text)
    if depth > MAX_DEPTH:
        raise FileProblem(path, f"nested more than {MAX_DEPTH} deep", line)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise FileProblem(path, f"not valid JSON ({getattr(e, 'msg', 'too deep')})", line) from None


def _check_lines(path: str | Path, text: str) -> None:
    if len(text) <= MAX_LINE:
        return
    for n, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_LINE:
            raise FileProblem(path, f"line too long ({len(line):,} characters; at most {MAX_LINE:,})", n)


def _bracket_depth(text: str) -> tuple[int, int]:
    """The deepest nesting of [ and { in `text` (strings included: an over-estimate is
    harmless, real files are shallow) and the line where it was first exceeded."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0, 0  # cannot be too deep: the common case costs two counts
    depth = deepest = 0
    line = 1
    where = 0
    for ch in _NOT_STRUCTURE.sub("", text):
        if ch == "[" or ch == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if depth == MAX_DEPTH + 1:
                    where = line
        elif ch == "]" or ch == "}":
            depth -= 1 if depth else 0
        elif ch == "\n":
            line += 1
    return deepest, where
