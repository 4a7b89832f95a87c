"""Reading a save: every byte through the guarded reader (`bs_tui.files`: regular files
only, a size cap, each line parsed with nesting and length limits), the header checked
field by field, the records split into lines with their numbers. Nothing here writes.

A torn last line (no newline, or a last line that is not JSON) is the decision that was
in flight when a writer died: it is ignored with a notice. Anything else that is wrong
raises `JournalError` with one line, `FILE:LINE: problem`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bs_tui
from bs_tui.engine import CardDB, load_cards
from bs_tui.engine.model.game import RULES_VERSION
from bs_tui.files import SAVE_LIMIT, FileProblem, load_json, read_bytes

from .errors import JournalError, shown, where
from .format import FORMAT, FORMAT_VERSION

MAX_DECK = 1000  # cards in one deck of a header; real decks hold 40 to 60


@dataclass(slots=True)
class Parsed:
    """A save file read and checked line by line (not yet replayed)."""

    path: Path
    header: dict[str, Any]
    records: list[tuple[int, dict[str, Any]]]  # (line number, record) after the header
    good_bytes: int  # length of the complete lines; more than this is a torn last line
    size: int
    notices: list[str] = field(default_factory=list)
    whole: bool = True  # False: `records` are only the last lines (what a listing needs)

    @property
    def torn(self) -> bool:
        return self.size > self.good_bytes


def read_save(path: Path) -> bytes:
    """The bytes of a save, through the guarded reader."""
    try:
        return read_bytes(path, SAVE_LIMIT)
    except FileProblem as e:
        raise JournalError.of(e) from None


def parse(path: str | Path, db: CardDB | None = None, *, last: int | None = None) -> Parsed:
    """Read a save and check its header (format, version, fields, card data) and its record
    lines; with `last`, only that many of the last lines are parsed (a listing's needs).
    JournalError if the save is unusable."""
    path = Path(path)
    data = read_save(path)
    if not data:
        raise JournalError("empty file, not a bs-tui save", path)
    first = data.find(b"\n")
    if first < 0:
        raise JournalError("not a bs-tui save (no complete first line)", path)
    header = read_header(path, data[:first], db)
    good = data.rfind(b"\n") + 1
    tail = data[good:]
    begin = first + 1
    if last is not None:  # walk back over `last` newlines: only those lines are read
        pos, n = good - 1, 0
        while n < last and pos > first:
            pos = data.rfind(b"\n", 0, pos)
            n += 1
        begin = pos + 1
    start = 2 if begin == first + 1 else data.count(b"\n", 0, begin) + 1
    lines = data[begin:good].split(b"\n")[:-1]
    records: list[tuple[int, dict[str, Any]]] = []
    for i, raw in enumerate(lines):
        lineno = start + i
        try:
            rec = load_json(path, raw, lineno)
        except FileProblem as e:
            if i == len(lines) - 1 and not tail:
                # a complete-looking but unreadable last line is torn, like one without newline
                good -= len(raw) + 1
                tail = raw + b"\n"
                break
            raise JournalError(f"{e.problem}; the save is damaged", path, lineno) from None
        if not isinstance(rec, dict):
            raise JournalError("not a journal record; the save is damaged", path, lineno)
        records.append((lineno, rec))
    notices = []
    if tail:
        notices.append(
            f"{where(path)}the last line ({len(tail)} bytes) was cut off, probably by a crash; "
            "ignoring it (at most the decision in flight is lost)"
        )
    return Parsed(path, header, records, good, len(data), notices, last is None)


def read_header(path: Path, raw: bytes, db: CardDB | None = None) -> dict[str, Any]:
    """Line 1, checked: a bs-tui save of a format this bs-tui reads, for these card data."""
    try:
        h = load_json(path, raw, 1)
    except FileProblem as e:
        raise JournalError(f"not a bs-tui save ({e.problem})", path) from None
    if not isinstance(h, dict) or h.get("format") != FORMAT:
        raise JournalError("not a bs-tui save", path)
    version = h.get("version")
    if not _is_int(version) or version < 1:
        raise JournalError("the header has no valid format version", path, 1)
    if version > FORMAT_VERSION:
        raise JournalError(
            f"written by a newer bs-tui ({shown(h.get('bs_tui', '?'), 20)}, journal format {shown(version, 20)}); "
            f"this one ({bs_tui.__version__}) reads format {FORMAT_VERSION}",
            path,
        )
    check_header(path, h)
    rules = h.get("rules", 1)  # saves from before the header said
    if rules != RULES_VERSION:
        raise JournalError(
            f"played by the rules of {'an older' if _is_int(rules) and rules < RULES_VERSION else 'another'} "
            f"bs-tui ({shown(h.get('bs_tui', '?'), 20)}, rules {shown(rules, 20)}; this one plays rules "
            f"{RULES_VERSION}); it cannot be replayed",
            path,
        )
    db = db or load_cards()
    if h["cards"] != db.digest:
        raise JournalError(
            f"played with different card data (digest {shown(h['cards'][:12])}… in the save, "
            f"{db.digest[:12]}… here); it cannot be replayed",
            path,
        )
    return h


def check_header(path: Path, h: dict[str, Any]) -> None:
    """Every header field later code reads has the type it expects."""

    def bad(what: str) -> JournalError:
        return JournalError(f"the header is damaged ({what})", path, 1)

    if not isinstance(h.get("cards"), str):
        raise bad("no card-data digest")
    if not _is_int(h.get("seed")):
        raise bad("no seed")
    decks = h.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise bad("not two decks")
    for d in decks:
        if not isinstance(d, dict) or not isinstance(d.get("cards"), list):
            raise bad("a deck without its cards")
        if not all(isinstance(c, str) for c in d["cards"]):
            raise bad("a card id that is not text")
        if not 0 < len(d["cards"]) <= MAX_DECK:
            raise bad(f"a deck of {len(d['cards'])} cards")
    players = h.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise bad("not two players")
    if not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
        raise bad("a player without a name")
    if not all(isinstance(p.get("control", ""), str) for p in players):
        raise bad("a player's control that is not text")
    start = h.get("start")
    if start is not None and not (
        isinstance(start, dict) and isinstance(start.get("kind"), str) and isinstance(start.get("text"), str)
    ):
        raise bad("a start that is not a kind and a text")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
