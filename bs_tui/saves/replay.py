"""Replaying a save through the engine: `Game.new` with the header's decks, seed and
names, then each recorded answer, checking every stored hash, player and kind. `replay`
only reads; `load_game` resumes for play and is the one thing that changes an existing
save (it cuts off a torn last line, and writes the missing end line of a finished game).

Who may see what: an unfinished game is shown only from the seats people played at
that table (`players[i].control == "human"`); a finished game from both."""

from __future__ import annotations

import importlib
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bs_tui.engine import CardDB, Game, IllegalAnswer, load_cards
from bs_tui.engine.core.decision import normalize

from .errors import JournalError, shown
from .format import HUMAN, clean
from .paths import remove_stale_tmp
from .reader import Parsed, parse, read_save
from .writer import Journal

MAX_NAME = 40  # characters of a player's name as the game shows it


@dataclass(slots=True)
class Replay:
    """A save replayed through the engine."""

    path: Path
    header: dict[str, Any]
    game: Game
    answers: list[Any]  # every recorded answer, in order (for stepping through the game)
    notices: list[str]
    parsed: Parsed
    has_end: bool  # the file holds its end line
    checked: int  # how many stored hashes were compared

    @property
    def finished(self) -> bool:
        return self.game.over

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this game may be viewed from (see `seats_shown`)."""
        return seats_shown(self.header, self.game.over)


def seats_shown(header: dict[str, Any], finished: bool) -> tuple[int, ...]:
    """The seats whose hidden cards may be shown: both once the game is over, else only
    those played by people at that table (against the AI, the AI's hand, deck order and
    face-down burst stay hidden)."""
    if finished:
        return (0, 1)
    players = header.get("players") or ()
    return tuple(i for i, p in enumerate(players) if isinstance(p, dict) and p.get("control") == HUMAN)


# Games a save may start from other than `Game.new`: the header's "start" names its kind and
# holds its text; the package that makes such games registers how (bs_tui.practice.saving).
STARTS: dict[str, Callable[[dict[str, Any], CardDB], Game]] = {}
START_MODULES = {"lesson": "bs_tui.practice.saving"}


def new_game_from_header(header: dict[str, Any], db: CardDB | None = None) -> Game:
    """The game as `Game.new` made it at the start of the save (or the lesson it started
    from). Names are made printable and short (they are not part of the state hash), so a
    name from a file never drives the terminal."""
    db = db or load_cards()
    start = header.get("start")
    if start is not None:
        kind = start["kind"]
        if kind not in STARTS and kind in START_MODULES:
            importlib.import_module(START_MODULES[kind])  # registers its kind
        if kind not in STARTS:
            raise JournalError(f"the save starts from a {shown(kind, 20)}, which this bs-tui cannot set up")
        return STARTS[kind](start, db)
    d1, d2 = (list(d["cards"]) for d in header["decks"])
    names = (clean(header["players"][0]["name"], MAX_NAME), clean(header["players"][1]["name"], MAX_NAME))
    for c in (*d1, *d2):
        if c not in db:
            raise JournalError(f"the save uses card {shown(c, 30)}, which these card files do not have")
    return Game.new(d1, d2, header["seed"], db, names, ask_every_flash=bool(header.get("ask_every_flash", False)))


def replay(path: str | Path, db: CardDB | None = None) -> Replay:
    """Read a save and replay it, checking every stored hash; never writes to the file.
    Raises JournalError (one line, naming the file and line) when the save is unusable or
    does not replay."""
    db = db or load_cards()
    parsed = parse(path, db)
    p = parsed.path
    try:
        g = new_game_from_header(parsed.header, db)
    except JournalError as e:
        raise JournalError(e.problem, p, 1) from None
    except Exception as e:  # the engine refusing the header's decks: report, never a traceback
        raise JournalError(f"the game cannot be set up from the header ({type(e).__name__})", p, 1) from None
    checked = 0
    if "h" in parsed.header:
        checked += 1
        if parsed.header["h"] != g.state_hash():
            raise JournalError(
                "the game does not start as it did when saved (state hash differs after setup); "
                "the rules engine has changed",
                p,
                1,
            )
    answers: list[Any] = []
    has_end = False
    kept = Snapshots(g)
    for lineno, rec in parsed.records:
        try:
            if "undo" in rec and not has_end:  # decisions taken back: the game without them
                g = kept.undo(rec, answers)
            elif _replay_record(g, rec, has_end, answers):
                has_end = True
            kept.after(g)
        except JournalError as e:
            raise JournalError(e.problem, p, lineno) from None
        except Exception as e:  # defensively: whatever a hostile record upsets is one line
            raise JournalError(f"the record cannot be replayed ({type(e).__name__})", p, lineno) from None
        if "h" in rec:
            checked += 1
            h = g.state_hash()
            if rec["h"] != h:
                raise JournalError(
                    f"after decision {g.decisions} the game's state hash is {h[:12]}…, the save has "
                    f"{shown(rec['h'], 16)}; the save does not replay to the same game",
                    p,
                    lineno,
                )
    return Replay(p, parsed.header, g, answers, parsed.notices, parsed, has_end, checked)


class Snapshots:
    """Copies of the game every SNAPSHOT_EVERY answers, so that taking decisions back replays
    a few answers from the nearest copy, never the whole game (a save of many undos stays
    quick to read)."""

    EVERY = 64

    def __init__(self, start: Game):
        self.base = start.decisions  # a lesson's game starts with answers behind it
        self.copies: dict[int, Game] = {start.decisions: start.copy()}

    def after(self, g: Game) -> None:
        if g.decisions % self.EVERY == 0 and g.decisions not in self.copies:
            self.copies[g.decisions] = g.copy()

    def undo(self, rec: dict[str, Any], answers: list[Any]) -> Game:
        k, n = rec.get("undo"), rec.get("n")
        if (
            not isinstance(k, int)
            or isinstance(k, bool)
            or not 0 < k <= len(answers)
            or n != self.base + len(answers) - k
        ):
            raise JournalError(
                f"taking back {shown(k, 20)} of {len(answers)} decisions to {shown(n, 20)}; the save is damaged"
            )
        del answers[n - self.base :]
        for m in [m for m in self.copies if m > n]:  # copies past it are of a game taken back
            del self.copies[m]
        base = max(self.copies)
        g = self.copies[base].copy()
        for a in answers[base - self.base :]:
            g.answer(a)
        return g


def _replay_record(g: Game, rec: dict[str, Any], has_end: bool, answers: list[Any]) -> bool:
    """Apply one record to the game; True for the end record."""
    if has_end:
        raise JournalError("a record after the end of the game; the save is damaged")
    if "a" in rec:
        n = rec.get("n")
        if n != g.decisions + 1:
            raise JournalError(f"decision number {shown(n, 20)}, expected {g.decisions + 1}; the save is damaged")
        d = g.decision
        if d is None:
            raise JournalError("an answer after the game was over; the save does not replay")
        if "p" in rec and rec["p"] != d.player or "k" in rec and rec["k"] != str(d.kind):
            raise JournalError(
                f"the save answers {shown(rec.get('k'), 20)} for player {shown(rec.get('p'), 10)}, but the game "
                f"asks {d.kind} of player {d.player}; the save does not replay"
            )
        ans = normalize(rec["a"])
        try:
            g.answer(ans)
        except IllegalAnswer as e:
            raise JournalError(f"illegal answer {shown(ans)}: {clean(e, 80)}") from None
        answers.append(ans)
        return False
    if "check" in rec:
        if rec["check"] != g.decisions:
            raise JournalError(f"checkpoint after {shown(rec['check'], 20)} decisions, but {g.decisions} were made")
        return False
    if "end" in rec:
        if not g.over or rec.get("winner") != g.winner:
            raise JournalError(
                f"the save says the game ended (winner {shown(rec.get('winner'), 10)}) but the replay "
                + (f"has winner {g.winner}" if g.over else "is still going")
            )
        return True
    raise JournalError("unknown record; the save is damaged")


def load_game(path: str | Path, db: CardDB | None = None, sync: bool = True) -> tuple[Game, Journal]:
    """Resume a save for play: the replayed game and a journal open for appending to the
    same file. The file is locked first, so a save open elsewhere is refused. A torn last
    line is cut off (the only change ever made to existing lines). A finished game comes
    back with a journal that is not writable (`journal.writable` is False)."""
    path = Path(path)
    db = db or load_cards()
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is None or not stat.S_ISREG(st.st_mode):
        read_save(path)  # the guarded reader's own line: no such file, a FIFO, a device, a folder
        raise JournalError("not a regular file", path)  # pragma: no cover (read_save refused it)
    remove_stale_tmp(path.parent)
    j = Journal(path=path, header={}, sync=sync)
    # lock before reading so nothing appends between our read and our first write
    j.open()
    try:
        r = replay(path, db)
        if r.parsed.torn:
            j.truncate(r.parsed.good_bytes)
        last = r.parsed.records[-1][1] if r.parsed.records else r.parsed.header
        j.resumed(r.header, r.game, hashed="h" in last, has_end=r.has_end)
        j.replayed = list(r.answers)
    except BaseException:
        j.shut()
        raise
    return r.game, j
