"""The catalogue of saves: what `bs-tui saves` lists and a bare `bs-tui` offers to resume.
A listing reads each save's header and its last lines only, never replays, and never
stops at a bad file: a save that cannot be used is listed with its problem. Looking in the
folder also removes the temporary files of writers that are gone (see `remove_stale_tmp`),
which a kill between writing a new save's header and linking it into place leaves behind."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bs_tui.engine import CardDB, Game, load_cards

from .errors import JournalError
from .format import SUFFIX, clean
from .naming import save_name
from .paths import remove_stale_tmp
from .reader import parse

TAIL_LINES = 4  # the last decision, a checkpoint or the end, and what comes just before
MAX_TURN = 1_000_000  # a turn or decision number past this is not from a real game


@dataclass(slots=True)
class SaveInfo:
    """One line of `bs-tui saves`, read from the header and the last lines (no replay).
    Every text is as it may be shown: control characters removed, kept short."""

    path: Path
    players: tuple[str, ...] = ()
    controls: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    mode: str = ""
    turn: int = 0
    step: str = ""
    decisions: int = 0
    last_played: float = 0.0
    finished: bool = False
    winner: int = -1
    reason: str = ""
    torn: bool = False
    problem: str = ""  # why the file cannot be used (empty when it can)

    @property
    def name(self) -> str:
        return clean(save_name(self.path), 80)


def save_info(path: Path, db: CardDB | None = None, mtime: float | None = None) -> SaveInfo:
    """What a save holds, without replaying it (a problem is reported, not raised)."""
    info = SaveInfo(path=path)
    if mtime is None:
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            mtime = 0.0
    info.last_played = mtime
    try:
        parsed = parse(path, db, last=TAIL_LINES)
    except JournalError as e:
        info.problem = clean(e.short, 200)
        return info
    h = parsed.header
    info.players = tuple(clean(p["name"]) for p in h["players"])
    info.controls = tuple(str(p.get("control", "")) for p in h["players"])
    info.decks = tuple(clean(d.get("name") or Path(str(d.get("path", ""))).stem or "?") for d in h["decks"])
    info.mode = clean(h.get("mode", ""), 20)
    info.torn = parsed.torn
    info.turn, info.step = _count(h.get("turn")), clean(h.get("step", ""), 20)
    decided = False  # a lesson's try decided (solved or failed) and not played on since
    for _, rec in parsed.records:
        decided = rec.get("lesson") in ("solved", "failed") or (decided and "a" not in rec and "undo" not in rec)
        if "a" in rec:
            info.decisions = _count(rec.get("n"))
        elif "check" in rec:
            info.decisions = _count(rec.get("check"))
        elif "undo" in rec:  # decisions taken back: as many fewer as it says
            info.decisions = _count(rec.get("n"), info.decisions)
        if "turn" in rec:
            info.turn, info.step = _count(rec["turn"]), clean(rec.get("step", ""), 20)
        t = rec.get("t")
        if isinstance(t, int | float) and 0 < t < 1e11:  # a sane Unix time; anything else is ignored
            info.last_played = float(t)
        if "end" in rec:
            info.finished = True
            info.decisions = _count(rec.get("n"), info.decisions)
            info.winner, info.reason = _count(rec.get("winner"), -1), clean(rec.get("reason", ""), 80)
    if info.step == "over":  # the end line was torn off; the last decision still says so
        info.finished = True
    if decided:
        info.finished = True
    return info


def _count(x: Any, default: int = 0) -> int:
    ok = isinstance(x, int) and not isinstance(x, bool) and -1 <= x <= MAX_TURN
    return x if ok else default


def list_saves(directory: Path, db: CardDB | None = None) -> list[SaveInfo]:
    """Every `*.bsj` in the folder, the most recently played first. Anything by that name
    that is not a folder is listed, a FIFO or a device too (with its problem). Temporary
    files are never listed; those of writers no longer alive are removed."""
    remove_stale_tmp(directory)
    try:
        entries = [e for e in os.scandir(directory) if e.name.endswith(SUFFIX) and not e.name.startswith(".")]
    except OSError:
        return []
    db = db or load_cards()
    infos = []
    for e in entries:
        try:
            if e.is_dir():
                continue
            mtime = e.stat().st_mtime
        except OSError:
            mtime = 0.0  # a dangling link, say: the reader names the problem
        infos.append(save_info(Path(e.path), db, mtime))
    infos.sort(key=lambda i: i.last_played, reverse=True)
    return infos


def find_save(name: str | None, directory: Path) -> Path:
    """The save a user means: a path, a name in `directory` (with or without `.bsj`),
    a unique prefix of one, or (no name) the most recently played unfinished save. Stale
    temporary files in `directory` are removed, as a listing does."""
    if not name:
        for info in list_saves(directory):
            if not info.problem and not info.finished:
                return info.path
        raise JournalError(f"no unfinished saves in {clean(directory, 200)}")
    remove_stale_tmp(directory)
    p = Path(name)
    if p.is_dir():
        raise JournalError("is a folder, not a save", p)
    if os.path.lexists(p):
        return p  # the reader refuses a FIFO, a device or a dangling link with its own line
    if os.sep in name or (os.altsep and os.altsep in name):
        raise JournalError("no such save", p)
    for cand in (directory / name, directory / f"{name}{SUFFIX}"):
        if os.path.lexists(cand) and not cand.is_dir():
            return cand
    matches: list[str] = []
    try:
        matches = sorted(e.name for e in os.scandir(directory) if e.name.startswith(name) and e.name.endswith(SUFFIX))
    except OSError:
        pass
    if len(matches) == 1:
        return directory / matches[0]
    if len(matches) > 1:
        raise JournalError(
            f"{clean(name)!r} matches {len(matches)} saves in {clean(directory, 200)}; give more of the name"
        )
    raise JournalError(f"no save {clean(name)!r} (looked in {clean(directory, 200)})")


def describe_pending(g: Game, seats: Sequence[int] = (0, 1)) -> str:
    """Where a game stands and who must decide what, in one or two lines. What a seat not
    in `seats` must decide (its prompt names its hidden cards) is not told, only that it
    decides."""
    if g.over:
        return f"finished on turn {g.turn}: {g.name(g.winner)} won ({g.end_reason})"
    d = g.decision
    where = f"turn {g.turn}, {g.step} step, {g.name(g.active)} active"
    if d is None:
        return where + "; nothing pending"
    if d.player not in seats:
        return f"{where}\n{g.name(d.player)} to decide"
    n = "an allocation" if d.allocation is not None else f"{len(d.options)} options"
    return f"{where}\n{g.name(d.player)} to decide: {d.kind} ({n}): {d.prompt}"


@dataclass(slots=True)
class RecordRow:
    """Games a person played with one deck against one opponent and deck, and how they went."""

    deck: str
    opponent: str  # "AI (hard)", or the other person's name in hot-seat
    their_deck: str
    won: int = 0
    lost: int = 0


def record(infos: list[SaveInfo]) -> list[RecordRow]:
    """The record of finished games, from the seats people played (`control` "human"): wins
    and losses by deck, opponent and the opponent's deck, the most played first."""
    rows: dict[tuple[str, str, str], RecordRow] = {}
    for i in infos:
        if i.problem or not i.finished or not 0 <= i.winner < 2 or len(i.players) != 2 or len(i.decks) != 2:
            continue
        if i.mode == "practice":  # a lesson's try is not a game of the record (practice keeps its own)
            continue
        for seat in (0, 1):
            if i.controls[seat] != "human":
                continue
            other = 1 - seat
            control = i.controls[other]
            opponent = i.players[other] if control == "human" else f"{i.players[other]} ({control})"
            key = (i.decks[seat], opponent, i.decks[other])
            row = rows.setdefault(key, RecordRow(*key))
            if i.winner == seat:
                row.won += 1
            else:
                row.lost += 1
    return sorted(rows.values(), key=lambda r: (-(r.won + r.lost), r.deck, r.opponent, r.their_deck))
