"""Writing a save: `Journal` appends one line per accepted decision, `start_save` begins
the save of a new game under a fresh name. A line counts once its newline is on disk;
every line goes out in a single write(), so a kill at any moment leaves at most a torn
last line. Files are created 0600 whatever the umask."""

from __future__ import annotations

import contextlib
import io
import json
import os
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bs_tui
from bs_tui.engine import CardDB, Deck, DeckError, Game, load_cards, load_deck
from bs_tui.engine.core.decision import normalize
from bs_tui.engine.core.rng import MASK
from bs_tui.engine.data.decks import read_deck, shipped_decks
from bs_tui.engine.model.game import RULES_VERSION

from .errors import JournalError, SaveWriteError, shown
from .format import FORMAT, FORMAT_VERSION, HASH_EVERY, encode
from .lock import lock_exclusive
from .naming import free_path, new_save_path
from .paths import PRIVATE_FILE, datasync, ensure_dir, save_dir, sync_dir, tmp_path

# SplitMix64 advances its state by this constant per draw (see engine/rng.py); used to
# find the seed of a fresh game when the caller did not pass it.
_GAMMA = 0x9E3779B97F4A7C15
_MAX_SETUP_DRAWS = 4096
_KEPT = "the decisions saved before are intact and the game can be resumed"


@dataclass(slots=True)
class Journal:
    """A save open for appending. Create one with `Journal.create` (a new game) or
    `load_game` (a resumed one); call `append(answer, game)` after every accepted answer
    and `close()` when done. A journal of a finished game is not writable."""

    path: Path
    header: dict[str, Any]
    decisions: int = 0  # answered decisions in the file
    sync: bool = True  # fdatasync every line (power loss); a plain write already survives kill -9
    finished: bool = False
    _file: io.FileIO | None = None
    _size: int = 0  # bytes in the file after our last complete write
    _hashed: bool = True  # the last line in the file carries the current state hash
    _next: tuple[int, str] | None = None  # player and kind of the decision the game waits on
    _game: Game | None = None
    replayed: list[Any] = field(default_factory=list)  # a resumed game's answers so far (for undo)

    # -- creation
    @classmethod
    def create(
        cls,
        path: str | Path,
        game: Game,
        *,
        seed: int | None = None,
        mode: str = "unknown",
        controls: Sequence[str] = ("unknown", "unknown"),
        decks: Sequence[Deck | str] | None = None,
        db: CardDB | None = None,
        sync: bool = True,
        unique: bool = False,
        start: dict[str, Any] | None = None,
    ) -> Journal:
        """Start the save of a fresh game (no decision answered yet) at `path`.

        `seed` is the seed given to `Game.new`; without it the seed is recovered from the
        game's RNG state and checked by rebuilding the game. `decks` (Deck objects or
        deck specs) name the decks; without them the shipped decks are matched by their
        cards. An existing file is never overwritten: with `unique` a free name next to
        `path` is taken, otherwise JournalError. SaveWriteError when the disk refuses."""
        if game.decisions != 0 and start is None:
            raise JournalError("a journal starts with a fresh game (Game.new, no decision answered yet)")
        db = db or load_cards()
        if seed is None:
            seed = recover_seed(game, db)
        names = game.static.names
        header: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "rules": RULES_VERSION,
            "bs_tui": bs_tui.__version__,
            "cards": db.digest,
            "seed": seed,
            "ask_every_flash": game.ask_every_flash,
            "mode": mode,
            "players": [{"name": names[i], "control": str(controls[i])} for i in range(2)],
            "decks": [deck_entry(game.static.decks[i], decks[i] if decks else None, db) for i in range(2)],
            "created": round(time.time(), 3),
            "turn": game.turn,
            "step": game.step,
            "h": game.state_hash(),
        }
        if start is not None:  # not Game.new: the game a lesson starts from (replay.STARTS builds it)
            header["start"] = start
        path = Path(path)
        ensure_dir(path.parent)
        if unique:
            path = free_path(path)
        write_new(path, encode(header))
        j = cls(path=path, header=header, sync=sync)
        j.decisions = game.decisions  # a lesson's game has answers behind it already
        j.open()
        j.watch(game)
        if game.over:  # a game can in principle end during setup; record it and stop
            j._write(encode(end_record(game)))
            j.shut()
        return j

    def open(self) -> None:
        """Open the existing save for appending and lock it."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        try:
            # no O_CREAT: the file must exist (it was just created, or is being resumed);
            # O_NONBLOCK: a FIFO put in its place must not hang us (fstat refuses it below)
            fd = os.open(self.path, flags)
        except OSError as e:
            raise JournalError(f"cannot open the save for writing: {e.strerror or e}", self.path) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise JournalError("not a regular file; a save is never written there", self.path)
            lock_exclusive(fd, self.path)
            if st.st_mode & 0o077:  # a save from before saves were private
                with contextlib.suppress(OSError):
                    os.fchmod(fd, PRIVATE_FILE)
        except BaseException:
            os.close(fd)
            raise
        self._file = io.FileIO(fd, "wb", closefd=True)
        self._size = st.st_size

    def watch(self, game: Game) -> None:
        """Follow `game`: the decision it waits on is the one the next append answers."""
        self._game = game
        d = game.decision
        self._next = (d.player, str(d.kind)) if d is not None else None
        self.finished = game.over

    def resumed(self, header: dict[str, Any], game: Game, *, hashed: bool, has_end: bool) -> None:
        """Take up a save replayed to `game`: append after its last decision; a finished
        game whose end line was torn off gets it back, and the journal closes."""
        self.header = header
        self.decisions = game.decisions
        self._hashed = hashed
        self.watch(game)
        if game.over:
            if not has_end:
                self._write(encode(end_record(game)))
            self.shut()

    @property
    def writable(self) -> bool:
        return self._file is not None

    # -- appending
    def append(self, answer: Any, game: Game) -> None:
        """Record the answer just accepted by `game.answer` (call once per answer)."""
        if self._file is None:
            raise JournalError("the journal is closed" + (" (the game is over)" if self.finished else ""), self.path)
        n = self.decisions + 1
        if game.decisions != n:
            raise JournalError(
                f"the game has answered {game.decisions} decisions, the journal holds "
                f"{self.decisions}: append exactly once after each accepted answer",
                self.path,
            )
        player, kind = self._next if self._next is not None else (-1, "")
        rec: dict[str, Any] = {"n": n, "p": player, "k": kind, "a": _plain(answer), "turn": game.turn}
        rec["step"] = game.step
        rec["t"] = round(time.time(), 3)
        hashed = n % HASH_EVERY == 0 or game.over
        if hashed:
            rec["h"] = game.state_hash()
        try:
            data = encode(rec)
            # what a resume will hand the engine must be what the engine was given now
            same = normalize(json.loads(data)["a"]) == _deep(answer)
        except (TypeError, ValueError):
            same = False
        if not same:
            raise JournalError(f"answer {shown(answer)} does not survive JSON; it cannot be journaled")
        if game.over:
            # the decision and the end in one write(): a crash keeps both or the decision alone
            data += encode(end_record(game))
        self._write(data)
        self.decisions = n
        self._hashed = hashed
        self.watch(game)
        if game.over:
            self.shut()

    def lesson_over(self, status: str, game: Game) -> None:
        """A lesson's try is decided (solved or failed): a checkpoint saying so, so the save
        is not offered as a game left unfinished (`catalogue`); an answer after it (an undo,
        playing on) makes the try go on again."""
        if self._file is None or game.decisions != self.decisions:
            return
        self._checkpoint(game, lesson=str(status)[:20])

    def _checkpoint(self, game: Game, **extra: Any) -> None:
        """A record that the save stands at `game` here (its hash checked on replay)."""
        rec = {"check": self.decisions, "h": game.state_hash(), "turn": game.turn, "step": game.step, **extra}
        rec["t"] = round(time.time(), 3)
        self._write(encode(rec))
        self._hashed = True

    def undo(self, taken_back: int, game: Game) -> None:
        """Record that the last `taken_back` answers were taken back (undo): `game` is the
        game without them, replayed from the start; the next append answers its decision."""
        if self._file is None:
            raise JournalError("the journal is closed" + (" (the game is over)" if self.finished else ""), self.path)
        if not 0 < taken_back <= self.decisions or game.decisions != self.decisions - taken_back:
            raise JournalError(
                f"taking back {taken_back} of {self.decisions} decisions leaves {self.decisions - taken_back}, "
                f"not the game's {game.decisions}",
                self.path,
            )
        rec: dict[str, Any] = {"undo": taken_back, "n": game.decisions, "turn": game.turn, "step": game.step}
        rec["t"] = round(time.time(), 3)
        rec["h"] = game.state_hash()  # the state it goes back to, checked on replay
        self._write(encode(rec))
        self.decisions = game.decisions
        self._hashed = True
        self.watch(game)

    def _write(self, data: bytes) -> None:
        f = self._file
        assert f is not None
        view = memoryview(data)
        try:
            while view:
                k = f.write(view)
                view = view[k or 0 :]
            if self.sync:
                datasync(f.fileno())
        except OSError as e:
            # take back the part of the line that made it, so the file ends on a whole
            # line; then stop writing: a game that cannot be saved must not go on
            with contextlib.suppress(OSError):
                os.ftruncate(f.fileno(), self._size)
            self.shut()
            raise SaveWriteError(f"the game could not be saved ({e.strerror or e}); {_KEPT}", self.path) from None
        self._size += len(data)

    def truncate(self, size: int) -> None:
        """Cut the file to `size` bytes (a torn last line found on resume)."""
        assert self._file is not None
        try:
            os.ftruncate(self._file.fileno(), size)
            if self.sync:
                datasync(self._file.fileno())
        except OSError as e:
            self.shut()
            raise SaveWriteError(f"the game could not be saved ({e.strerror or e}); {_KEPT}", self.path) from None
        self._size = size

    def close(self) -> None:
        """Put the save away. An unfinished game gets a checkpoint hash if its last line
        has none, so the next resume is checked right up to where it stopped."""
        if self._file is None:
            return
        g = self._game
        if not self.finished and not self._hashed and g is not None and g.decisions == self.decisions:
            with contextlib.suppress(JournalError):  # closing must not fail; the decisions are on disk
                self._checkpoint(g)
            self._hashed = True
        self.shut()

    def shut(self) -> None:
        """Close the file (and so release the lock) without writing anything more."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_save(
    game: Game,
    directory: str | Path | None = None,
    *,
    seed: int | None = None,
    mode: str = "unknown",
    controls: Sequence[str] = ("unknown", "unknown"),
    decks: Sequence[Deck | str] | None = None,
    db: CardDB | None = None,
    sync: bool = True,
    start: dict[str, Any] | None = None,
) -> Journal:
    """Start the save of a fresh game under a new name in the folder of saves
    (`save_dir(directory)`): what the table calls when a game begins (`start`: the
    lesson it begins from, see `replay.STARTS`)."""
    db = db or load_cards()
    names = [deck_entry(game.static.decks[i], decks[i] if decks else None, db)["name"] for i in range(2)]
    path = new_save_path(save_dir(directory), mode, names)
    return Journal.create(
        path, game, seed=seed, mode=mode, controls=controls, decks=decks, db=db, sync=sync, unique=True, start=start
    )


def write_new(path: Path, data: bytes) -> None:
    """Create `path` holding `data`, 0600, atomically and never over an existing file: write
    a temporary file, sync it, then hard-link it into place (link fails if `path` exists).
    A writer killed in between leaves the temporary file; `ensure_dir` removes it later."""
    tmp = tmp_path(path)
    with contextlib.suppress(OSError):  # left by an earlier writer with our process id
        tmp.unlink()
    try:
        _create(tmp, data)
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise JournalError("exists; a save is never overwritten", path) from None
        except OSError:
            # a file system without hard links: fall back to an exclusive create
            _create(path, data)
    except FileExistsError:
        raise JournalError("exists; a save is never overwritten", path) from None
    except OSError as e:
        raise SaveWriteError(f"the game could not be saved ({e.strerror or e})", path) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    sync_dir(path.parent)


def _create(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)  # the umask only takes bits away; say exactly what we mean
        with io.FileIO(fd, "wb", closefd=False) as f:
            view = memoryview(data)
            while view:
                view = view[f.write(view) or 0 :]
        datasync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    os.close(fd)


def _plain(answer: Any) -> Any:
    """An answer as JSON values (tuples become lists)."""
    if isinstance(answer, tuple | list):
        return [_plain(a) for a in answer]
    return answer


def _deep(answer: Any) -> Any:
    """An answer with every list or tuple, at any depth, as a tuple."""
    if isinstance(answer, tuple | list):
        return tuple(_deep(a) for a in answer)
    return answer


def end_record(g: Game) -> dict[str, Any]:
    """The last line of a finished game."""
    return {
        "end": True,
        "n": g.decisions,
        "winner": g.winner,
        "reason": g.end_reason,
        "turn": g.turn,
        "step": g.step,
        "h": g.state_hash(),
        "t": round(time.time(), 3),
    }


def deck_entry(cards: Sequence[str], deck: Deck | str | None, db: CardDB) -> dict[str, Any]:
    """A deck as the header names it: its name, its file and its card list."""
    name, path = "", ""
    if isinstance(deck, Deck):
        name, path = deck.name, deck.path
    elif isinstance(deck, str | Path):
        # a deck spec as the CLI takes it: a file, or the name of a shipped deck
        try:
            found = load_deck(deck, db)
            name, path = found.name, found.path
        except DeckError:
            name, path = Path(deck).stem, str(deck)
    else:
        # not named by the caller: a shipped deck with exactly these cards, if there is one
        want = sorted(cards)
        for p in shipped_decks():
            found, problems = read_deck(p, db)
            if found is not None and not problems and sorted(found.card_list()) == want:
                name, path = found.name, found.path
                break
        else:
            name = "custom deck"
    return {"name": name, "path": path, "cards": list(cards)}


def recover_seed(game: Game, db: CardDB | None = None) -> int:
    """The seed a fresh game was made with. SplitMix64's state after k draws is
    seed + k * gamma, so each k gives one candidate; the right one rebuilds the same game."""
    if game.decisions != 0:
        raise JournalError("the seed can only be recovered from a fresh game")
    db = db or load_cards()
    target = game.state_hash()
    d1, d2 = (list(d) for d in game.static.decks)
    for k in range(_MAX_SETUP_DRAWS):
        cand = (game.rng - k * _GAMMA) & MASK
        if Game.new(d1, d2, cand, db, game.static.names).state_hash() == target:
            return cand
    raise JournalError("cannot tell this game's seed; pass seed= to Journal.create")
