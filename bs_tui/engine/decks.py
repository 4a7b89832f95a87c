"""Deck files (`decks/*.toml`) and deck validation (rulebook 000 chapter 1 §1):
at least 40 cards, at most 3 of a name, at most one kind of contract card.

A deck file::

    name = "Crimson Dawn"
    [cards]
    R01 = 3   # card id = copies
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import tomli

from .cards import CardDB, load_cards

DECKS_DIR = Path(__file__).resolve().parents[2] / "decks"
MIN_CARDS = 40
MAX_COPIES = 3


@dataclass(frozen=True, slots=True)
class DeckProblem:
    path: str
    line: int  # 0 when the problem is the deck as a whole
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    path: str
    cards: tuple[tuple[str, int], ...]  # (card id, copies) in file order

    def card_list(self) -> list[str]:
        return [cid for cid, n in self.cards for _ in range(n)]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


class DeckError(ValueError):
    def __init__(self, problems: list[DeckProblem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def _line_of(text: str, key: str) -> int:
    pat = re.compile(rf'^\s*["\']?{re.escape(key)}["\']?\s*=')
    for i, line in enumerate(text.splitlines(), 1):
        if pat.match(line):
            return i
    return 0


def read_deck(path: Path | str, db: CardDB | None = None) -> tuple[Deck | None, list[DeckProblem]]:
    """Read and validate a deck file; returns the deck (None if unreadable) and its problems."""
    db = db or load_cards()
    path = Path(path)
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        return None, [DeckProblem(shown, 0, f"cannot read the file: {e.strerror or e}")]
    except UnicodeDecodeError:
        return None, [DeckProblem(shown, 0, "the file is not UTF-8 text")]
    try:
        raw = tomli.loads(text)
    except tomli.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        return None, [DeckProblem(shown, int(m.group(1)) if m else 0, f"not valid TOML: {e}")]
    problems: list[DeckProblem] = []
    cards = raw.get("cards")
    if not isinstance(cards, dict):
        return None, [DeckProblem(shown, 0, "no [cards] table (card id = copies)")]
    entries: list[tuple[str, int]] = []
    per_name: dict[str, int] = {}
    first_line: dict[str, int] = {}
    contracts: set[str] = set()
    for cid, n in cards.items():
        line = _line_of(text, cid)
        if cid not in db:
            problems.append(DeckProblem(shown, line, f"unknown card id {cid!r}"))
            continue
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(DeckProblem(shown, line, f"{cid}: copies must be a whole number >= 1, not {n!r}"))
            continue
        c = db[cid]
        per_name[c.name] = per_name.get(c.name, 0) + n
        first_line.setdefault(c.name, line)
        if c.contract:
            contracts.add(c.name)
        entries.append((cid, n))
    for name, n in per_name.items():
        if n > MAX_COPIES:
            problems.append(
                DeckProblem(shown, first_line[name], f"{n} copies of {name!r}; at most {MAX_COPIES} of a name")
            )
    if len(contracts) > 1:
        problems.append(
            DeckProblem(
                shown, 0, f"{len(contracts)} kinds of contract card ({', '.join(sorted(contracts))}); at most 1"
            )
        )
    total = sum(n for _, n in entries)
    if total < MIN_CARDS and not any(p.message.startswith("unknown") for p in problems):
        problems.append(DeckProblem(shown, 0, f"{total} cards; a deck needs at least {MIN_CARDS}"))
    name = raw.get("name", path.stem)
    return Deck(str(name), shown, tuple(entries)), problems


def load_deck(spec: str | Path, db: CardDB | None = None) -> Deck:
    """A legal deck from a path or a name in `decks/`; raises DeckError otherwise."""
    path = Path(spec)
    if not path.exists() and not str(spec).endswith(".toml"):
        path = DECKS_DIR / f"{spec}.toml"
    deck, problems = read_deck(path, db)
    if problems or deck is None:
        raise DeckError(problems)
    return deck


def shipped_decks() -> list[Path]:
    return sorted(DECKS_DIR.glob("*.toml"))
