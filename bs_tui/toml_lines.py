"""Where each key and array element of a TOML file is: a map from its path (keys and
array indices, as in the parsed table) to its line, built in one pass over the text.

tomli says nothing of where a value came from, yet a problem with a deck, a position or a
card file should name its line. This scanner runs only on text tomli has already parsed, so
it may be lenient; it never raises, and anything it cannot follow simply has no line (0).
It is linear in the size of the text: every step is a regex anchored where the last ended,
and the plain `key = value` line that makes up nearly every file is one regex match.

This module imports nothing else of bs_tui, so every layer (the engine included) may use it.
"""

from __future__ import annotations

import re

Path = tuple[str | int, ...]

_BLANK = re.compile(r"(?:[ \t\r]+|#[^\n]*)*")  # spaces and a comment, not the newline
_SPACE = re.compile(r"(?:[ \t\r\n]+|#[^\n]*)*")  # spaces, newlines and comments
# The line nearly every file is made of: `key = "text"` or `key = 3`, nothing nested.
_SIMPLE = re.compile(
    r'[ \t]*([A-Za-z0-9_-]+|"[^"\\\n]*")[ \t]*=[ \t]*(?:"[^"\\\n]*"|[^\s#"\'\[\]{},]+)[ \t\r]*(?:#[^\n]*)?(?:\n|\Z)'
)
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_LITERAL = re.compile(r"'[^'\n]*'")
_ML_BASIC = re.compile(r'"""(?:[^"\\]|\\.|"(?!""))*""""{0,2}', re.DOTALL)
_ML_LITERAL = re.compile(r"'''(?:[^']|'(?!''))*''''{0,2}", re.DOTALL)
_SCALAR = re.compile(r"\d{4}-\d\d-\d\d[ Tt]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:[Zz]|[+-]\d\d:\d\d)?|[^\s,\]}#=]+")


class _Stop(Exception):
    """The scanner lost its way: keep what was found so far."""


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.line = 1
        self.lines: dict[Path, int] = {}
        self.tables: dict[Path, int] = {}  # arrays of tables: how many elements so far

    def skip(self, pattern: re.Pattern[str]) -> None:
        m = pattern.match(self.text, self.pos)
        if m and m.end() > self.pos:
            self.line += self.text.count("\n", self.pos, m.end())
            self.pos = m.end()

    def take(self, pattern: re.Pattern[str]) -> str:
        m = pattern.match(self.text, self.pos)
        if not m:
            raise _Stop
        self.line += self.text.count("\n", self.pos, m.end())
        self.pos = m.end()
        return m.group()

    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    def key(self) -> list[str]:
        """A dotted key: its parts, unquoted."""
        parts = []
        while True:
            self.skip(_BLANK)
            ch = self.peek()
            if ch == '"':
                parts.append(_unquote(self.take(_BASIC)))
            elif ch == "'":
                parts.append(self.take(_LITERAL)[1:-1])
            else:
                parts.append(self.take(_BARE_KEY))
            self.skip(_BLANK)
            if self.peek() != ".":
                return parts
            self.pos += 1

    def mark(self, path: Path, line: int) -> None:
        self.lines.setdefault(path, line)

    def value(self, path: Path) -> None:
        ch = self.peek()
        if ch == "[":
            self.pos += 1
            i = 0
            while True:
                self.skip(_SPACE)
                if self.peek() == "]":
                    self.pos += 1
                    return
                self.mark(path + (i,), self.line)
                self.value(path + (i,))
                i += 1
                self.skip(_SPACE)
                if self.peek() == ",":
                    self.pos += 1
        elif ch == "{":
            self.pos += 1
            while True:
                self.skip(_SPACE)
                if self.peek() == "}":
                    self.pos += 1
                    return
                if self.peek() == ",":
                    self.pos += 1
                    continue
                self.pair(path)
        elif self.peek(3) == '"""':
            self.take(_ML_BASIC)
        elif self.peek(3) == "'''":
            self.take(_ML_LITERAL)
        elif ch == '"':
            self.take(_BASIC)
        elif ch == "'":
            self.take(_LITERAL)
        else:
            self.take(_SCALAR)

    def pair(self, prefix: Path) -> None:
        line = self.line
        path = prefix
        for part in self.key():
            path = path + (part,)
            self.mark(path, line)
        if self.peek() != "=":
            raise _Stop
        self.pos += 1
        self.skip(_BLANK)
        self.value(path)

    def header(self) -> Path:
        line = self.line
        array = self.peek(2) == "[["
        self.pos += 2 if array else 1
        parts = self.key()
        if self.peek(2 if array else 1) != ("]]" if array else "]"):
            raise _Stop
        self.pos += 2 if array else 1
        path: Path = ()
        for n, part in enumerate(parts):
            path = path + (part,)
            last = n == len(parts) - 1
            if array and last:
                count = self.tables.get(path, 0)
                self.tables[path] = count + 1
                self.mark(path, line)
                path = path + (count,)
            elif path in self.tables:  # [a.b] after [[a]]: b belongs to the last a
                path = path + (self.tables[path] - 1,)
            self.mark(path, line)
        return path

    def run(self) -> None:
        text = self.text
        end = len(text)
        prefix: Path = ()
        while self.pos < end:
            m = _SIMPLE.match(text, self.pos)
            if m:
                key = m.group(1)
                if key[0] == '"':
                    key = _unquote(key)
                self.mark(prefix + (key,), self.line)
                self.line += 1
                self.pos = m.end()
                continue
            before = self.pos
            self.skip(_SPACE)
            if self.pos != before:
                continue  # at the start of a line again: try the quick match first
            if self.peek() == "[":
                prefix = self.header()
            else:
                self.pair(prefix)


def _unquote(quoted: str) -> str:
    body = quoted[1:-1]
    if "\\" not in body:
        return body
    try:
        return body.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except (UnicodeDecodeError, UnicodeEncodeError):
        return body


def toml_lines(text: str) -> dict[Path, int]:
    """The line of every key, table header and array element found in `text`."""
    s = _Scanner(text)
    try:
        s.run()
    except (_Stop, RecursionError, IndexError):
        pass
    return s.lines


def line_of(lines: dict[Path, int], path: Path) -> int:
    """The line of `path`, or of the nearest enclosing key that has one (0 if none)."""
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return 0


def describe(value: object, limit: int = 40) -> str:
    """A value read from a TOML file as a message quotes it: strings repr'd (so control
    characters are escaped) and cut short, tables and lists named by their kind, numbers
    too large to print named so."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**limit:
        return "a number far too large"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if hasattr(value, "isoformat"):
        return f"a date/time ({value.isoformat()})"  # type: ignore[attr-defined]
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
