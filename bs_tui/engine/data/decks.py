"""Deck files (`decks/*.toml`) and deck validation (rulebook 000 chapter 1 §1):
at least 40 cards, at most 3 of a name, at most one kind of contract card.

A deck file::

    name = "Crimson Dawn"
    [cards]
    R01 = 3   # card id = copies

A deck file may come from anywhere: it is read through the guarded reader (regular files
only, a size cap, nesting and line limits) and every problem, wrong types included, is one
`FILE:LINE: problem`. Checking is linear in the file's size: the line of every key comes
from one pass over the text.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from bs_tui.files import DECK_LIMIT, FileProblem, load_toml, printable, read_text
from bs_tui.toml_lines import describe as shown
from bs_tui.toml_lines import toml_lines

from .cards import CardDB, load_cards

DECKS_DIR = Path(__file__).resolve().parents[3] / "decks"
MIN_CARDS = 40
MAX_COPIES = 3
MAX_NAME = 100  # characters of a deck's name
KNOWN_KEYS = ("name", "cards")


@dataclass(frozen=True, slots=True)
class DeckProblem:
    path: str
    line: int  # 0 when the problem is the deck as a whole
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return printable(f"{where}: {self.message}")


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


def read_deck(
    path: Path | str, db: CardDB | None = None, text: str | None = None
) -> tuple[Deck | None, list[DeckProblem]]:
    """Read and validate a deck file (or `text`, a deck file's text named `path`); returns the
    deck (None if unusable) and its problems."""
    db = db or load_cards()
    where = str(path)
    try:
        raw, text = load_toml(where, DECK_LIMIT, text)
    except FileProblem as e:
        return None, [DeckProblem(where, e.line, e.problem)]
    lines = toml_lines(text)
    problems: list[DeckProblem] = []
    for key in raw:
        if key in db:
            problems.append(DeckProblem(where, lines.get((key,), 0), f"{key} is above the [cards] table"))
        elif key not in KNOWN_KEYS:
            problems.append(
                DeckProblem(where, lines.get((key,), 0), f"unknown key {shown(key)} (a deck has name and [cards])")
            )
    name = raw.get("name", Path(where).stem)
    if not isinstance(name, str):
        problems.append(DeckProblem(where, lines.get(("name",), 0), f"name must be text, not {shown(name)}"))
        name = Path(where).stem
    elif printable(name) != name:
        problems.append(DeckProblem(where, lines.get(("name",), 0), "name holds control characters"))
        name = printable(name)
    elif len(name) > MAX_NAME:
        problems.append(DeckProblem(where, lines.get(("name",), 0), f"name too long (at most {MAX_NAME} characters)"))
        name = name[:MAX_NAME]
    cards = raw.get("cards")
    if not isinstance(cards, dict):
        line = lines.get(("cards",), 0)
        what = "no [cards] table" if cards is None else f"cards must be a table, not {shown(cards)}"
        return None, [*problems, DeckProblem(where, line, f"{what} (card id = copies)")]
    entries: list[tuple[str, int]] = []
    per_name: dict[str, int] = {}
    first_line: dict[str, int] = {}
    contracts: dict[str, int] = {}  # contract card name -> the line that first names it
    contract_copies: list[tuple[int, int]] = []  # (line, copies)
    unknown = 0
    for cid, n in cards.items():
        line = lines.get(("cards", cid), 0)
        if cid not in db:
            unknown += 1
            problems.append(DeckProblem(where, line, f"unknown card id {shown(cid)}"))
            continue
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(DeckProblem(where, line, f"{cid}: copies must be a whole number >= 1, not {shown(n)}"))
            continue
        c = db[cid]
        if c.token:
            problems.append(DeckProblem(where, line, f"{cid} is a token: tokens stay outside the deck (000 ch.2 §9)"))
            continue
        # a rebirth card's name is both faces' names together (000 ch.2 §7); cards of one name
        # with different identification numbers are different cards (000 ch.1 §1, line 30)
        same = c.name if c.back is None else f"{c.name} / {c.back.name}"
        if c.ident:
            same += f" 〔{c.ident}〕"
        if c.any_number:  # 003 "カードの効果はルールに勝つ": any number of it in a deck
            entries.append((cid, n))
            continue
        per_name[same] = per_name.get(same, 0) + n
        first_line.setdefault(same, line)
        if c.contract:
            contracts.setdefault(c.name, line)
            contract_copies.append((line, n))
        entries.append((cid, n))
    for card_name, n in per_name.items():
        if n > MAX_COPIES:
            problems.append(
                DeckProblem(
                    where,
                    first_line[card_name],
                    f"{shown(n)} copies of {card_name!r}; at most {MAX_COPIES} of a name",
                )
            )
    # 001 (contract cards): one kind of contract card in a deck, at most 3 of them even under
    # different names (000 ch.2 §8)
    if len(contracts) > 1:
        lines_named = ", ".join(str(x) for x in sorted(contracts.values()))
        problems.append(
            DeckProblem(
                where,
                min(contracts.values()),
                f"{len(contracts)} kinds of contract card ({', '.join(sorted(contracts))}, lines {lines_named});"
                " a deck holds one kind",
            )
        )
    total_contracts = sum(n for _, n in contract_copies)
    if total_contracts > MAX_COPIES:
        lines_named = ", ".join(str(x) for x, _ in sorted(contract_copies))
        problems.append(
            DeckProblem(
                where,
                min(x for x, _ in contract_copies),
                f"{total_contracts} contract cards (lines {lines_named}); at most {MAX_COPIES} in a deck",
            )
        )
    total = sum(n for _, n in entries)
    if total < MIN_CARDS and not unknown:
        problems.append(DeckProblem(where, 0, f"{total} cards; a deck needs at least {MIN_CARDS}"))
    return Deck(name, where, tuple(entries)), problems


def resolve(spec: str | Path) -> Path:
    """A deck argument as a path: a file, or the name of a shipped deck."""
    if not os.path.lexists(spec) and _is_name(spec):
        shipped = DECKS_DIR / f"{spec}.toml"
        if shipped.exists():
            return shipped
    return Path(spec)


def _is_name(spec: str | Path) -> bool:
    return not str(spec).endswith(".toml") and os.sep not in str(spec)


def load_deck(spec: str | Path, db: CardDB | None = None) -> Deck:
    """A legal deck from a path or a name in `decks/`; raises DeckError otherwise."""
    path = resolve(spec)
    if not os.path.lexists(path) and _is_name(spec):
        names = ", ".join(p.stem for p in shipped_decks())
        raise DeckError([DeckProblem(str(spec), 0, f"no such deck file, nor a shipped deck (shipped: {names})")])
    deck, problems = read_deck(path, db)
    if problems or deck is None:
        raise DeckError(problems)
    return deck


def deck_about(path: Path | str) -> str:
    """What a deck plays like: the comment lines at the top of its file ("" when none, or
    when the file cannot be read: `read_deck` says what is wrong with it)."""
    try:
        text = read_text(str(path), 64 * 1024)
    except FileProblem:
        return ""
    about = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        about.append(line.lstrip("#").strip())
    return printable(" ".join(a for a in about if a))


def shipped_decks() -> list[Path]:
    return sorted(DECKS_DIR.glob("*.toml"))
