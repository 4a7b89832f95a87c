"""Saved games: every game is a journal that is written as it is played.

A save (`*.bsj`, JSON Lines, UTF-8) is a header line and then one line per accepted
decision. A line only counts once its newline is on disk, and every line is written
with a single write() (then fdatasync, unless the journal was opened with
sync=False), so a crash or `kill -9` at any moment leaves a file whose complete
lines replay and whose torn last line, if any, is the decision that was in flight.

The header (line 1, written to a temporary file and then linked into place, so a save
never exists without it)::

    {"format": "bs-tui-journal", "version": 1, "bs_tui": "0.1.0", "cards": <card-data digest>,
     "seed": <int>, "mode": "ai" | "hotseat" | "selfplay" | ...,
     "players": [{"name": "Player 1", "control": "human"}, {...}],
     "decks": [{"name": "Crimson Dawn", "path": "decks/crimson_dawn.toml", "cards": ["R01", ...]}, {...}],
     "created": <unix time>, "turn": 0, "step": "...", "h": <state hash after Game.new>}

Then, one of:

- a decision: ``{"n": 7, "p": 0, "k": "pay_cost", "a": <answer>, "turn": 3, "step": "main", "t": <unix time>}``
  with ``"h": <state hash>`` every `HASH_EVERY` decisions and on the one that ends the game;
  ``n`` counts answered decisions from 1, ``p`` and ``k`` say who answered what kind;
- a checkpoint ``{"check": 7, "h": ..., "turn": ..., "step": ..., "t": ...}`` written when a
  game is put away unfinished and its last decision line carries no hash;
- the end ``{"end": true, "n": 250, "winner": 0, "reason": "...", "h": ..., ...}``: the save is
  then a finished record and is never appended to again.

Resume replays the journal through the engine: `Game.new` with the header's decks, seed
and names, then each recorded answer, checking every stored hash, player and kind.

Where saves live: `--save-dir DIR` if given, else `$BS_TUI_SAVES`, else the `saves/`
folder of the bs-tui checkout (next to `decks/`, so the same saves are found whatever
the current directory is). An installed copy that is not a checkout uses
`$XDG_DATA_HOME/bs-tui/saves` (`~/.local/share/bs-tui/saves`).

Bad files: a torn last line (no newline, or not JSON) is ignored with a notice. Anything
else that is wrong (not a save, garbage in the middle, a newer format, other card data,
a replay that does not reach the stored hashes) raises `JournalError` with one line of
explanation, and the file is left exactly as it is. Only `load_game` (resuming for play)
ever changes an existing save: it cuts off the torn last line before appending, and
writes the missing end line of a finished game whose end line was torn off.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import bs_tui
from bs_tui.engine import CardDB, Deck, DeckError, Game, IllegalAnswer, load_cards, load_deck
from bs_tui.engine.decision import normalize
from bs_tui.engine.decks import read_deck, shipped_decks
from bs_tui.engine.rng import MASK

try:  # advisory lock so two bs-tui processes never append to one save; not on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

FORMAT = "bs-tui-journal"
FORMAT_VERSION = 1
SUFFIX = ".bsj"
HASH_EVERY = 10
ENV_SAVES = "BS_TUI_SAVES"

# SplitMix64 advances its state by this constant per draw (see engine/rng.py); used to
# find the seed of a fresh game when the caller did not pass it.
_GAMMA = 0x9E3779B97F4A7C15
_MAX_SETUP_DRAWS = 4096


class JournalError(Exception):
    """A save that cannot be used, or a journal used wrongly; the message is one line."""


class SaveWriteError(JournalError):
    """The save could not be written (a read-only folder, a full disk): the game must stop,
    what was written before stays intact and resumable."""


# ----------------------------------------------------------------------------- where


def default_save_dir() -> Path:
    """The `saves/` folder of the checkout bs-tui runs from (or the XDG data folder)."""
    root = Path(bs_tui.__file__).resolve().parents[1]
    if (root / "pyproject.toml").exists() and (root / "decks").is_dir():
        return root / "saves"
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "bs-tui" / "saves"


def save_dir(arg: str | Path | None = None) -> Path:
    """The folder of saves: the argument, else $BS_TUI_SAVES, else `default_save_dir()`."""
    if arg:
        return Path(arg)
    env = os.environ.get(ENV_SAVES)
    if env:
        return Path(env)
    return default_save_dir()


def new_save_path(directory: Path, mode: str, deck_names: Sequence[str]) -> Path:
    """A fresh, readable file name for a new game: date, time, mode and decks."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    decks = "-vs-".join(_slug(n) for n in deck_names)
    return _free_path(directory / f"{stamp}-{_slug(mode)}-{decks}{SUFFIX}")


def _slug(text: str) -> str:
    s = "".join(ch.lower() if ch.isalnum() else "_" for ch in text).strip("_")
    return "_".join(filter(None, s.split("_"))) or "game"


def _free_path(path: Path) -> Path:
    if not path.exists():
        return path
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    for i in range(2, 10_000):
        p = path.with_name(f"{stem}-{i}{SUFFIX}")
        if not p.exists():
            return p
    raise JournalError(f"{path}: no free file name next to it")


def find_save(name: str | None, directory: Path) -> Path:
    """The save a user means: a path, a name in `directory` (with or without `.bsj`),
    a unique prefix of one, or (no name) the most recently played unfinished save."""
    if not name:
        for info in list_saves(directory):
            if not info.problem and not info.finished:
                return info.path
        raise JournalError(f"no unfinished saves in {directory}")
    p = Path(name)
    if p.is_file():
        return p
    if p.is_dir():
        raise JournalError(f"{p} is a folder, not a save")
    if os.sep in name or (os.altsep and os.altsep in name):
        raise JournalError(f"{p}: no such save")
    for cand in (directory / name, directory / f"{name}{SUFFIX}"):
        if cand.is_file():
            return cand
    matches = []
    if directory.is_dir():
        matches = sorted(f for f in directory.iterdir() if f.name.startswith(name) and f.name.endswith(SUFFIX))
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise JournalError(f"{name!r} matches {len(matches)} saves in {directory}; give more of the name")
    raise JournalError(f"no save {name!r} (looked in {directory})")


# ----------------------------------------------------------------------------- writing


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
    _hashed: bool = True  # the last line in the file carries the current state hash
    _next: tuple[int, str] | None = None  # player and kind of the decision the game waits on
    _game: Game | None = None

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
    ) -> Journal:
        """Start the save of a fresh game (no decision answered yet) at `path`.

        `seed` is the seed given to `Game.new`; without it the seed is recovered from the
        game's RNG state and checked by rebuilding the game. `decks` (Deck objects or
        deck specs) name the decks; without them the shipped decks are matched by their
        cards. An existing file is never overwritten: with `unique` a free name next to
        `path` is taken, otherwise JournalError."""
        if game.decisions != 0:
            raise JournalError("a journal starts with a fresh game (Game.new, no decision answered yet)")
        db = db or load_cards()
        if seed is None:
            seed = recover_seed(game, db)
        names = game.static.names
        header: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "bs_tui": bs_tui.__version__,
            "cards": db.digest,
            "seed": seed,
            "ask_every_flash": game.ask_every_flash,
            "mode": mode,
            "players": [{"name": names[i], "control": str(controls[i])} for i in range(2)],
            "decks": [_deck_entry(game.static.decks[i], decks[i] if decks else None, db) for i in range(2)],
            "created": round(time.time(), 3),
            "turn": game.turn,
            "step": game.step,
            "h": game.state_hash(),
        }
        path = Path(path)
        if unique:
            path = _free_path(path)
        _write_new(path, _line(header))
        j = cls(path=path, header=header, sync=sync)
        j._open()
        j._watch(game)
        if game.over:  # a game can in principle end during setup; record it and stop
            j._write(_line(_end_record(game)))
            j._shut()
        return j

    def _open(self) -> None:
        # O_APPEND without O_CREAT: the file must exist (it was just created or loaded)
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            raise JournalError(f"{self.path}: cannot open the save for writing: {e.strerror or e}") from None
        self._file = io.FileIO(fd, "wb", closefd=True)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                self._file.close()
                self._file = None
                raise JournalError(f"{self.path}: the save is open in another bs-tui") from None

    def _watch(self, game: Game) -> None:
        self._game = game
        d = game.decision
        self._next = (d.player, str(d.kind)) if d is not None else None
        self.finished = game.over

    @property
    def writable(self) -> bool:
        return self._file is not None

    # -- appending
    def append(self, answer: Any, game: Game) -> None:
        """Record the answer just accepted by `game.answer` (call once per answer)."""
        if self._file is None:
            raise JournalError(f"{self.path}: the journal is closed" + (" (the game is over)" if self.finished else ""))
        n = self.decisions + 1
        if game.decisions != n:
            raise JournalError(
                f"{self.path}: the game has answered {game.decisions} decisions, the journal holds "
                f"{self.decisions}: append exactly once after each accepted answer"
            )
        player, kind = self._next if self._next is not None else (-1, "")
        rec: dict[str, Any] = {"n": n, "p": player, "k": kind, "a": _plain(answer), "turn": game.turn}
        rec["step"] = game.step
        rec["t"] = round(time.time(), 3)
        hashed = n % HASH_EVERY == 0 or game.over
        if hashed:
            rec["h"] = game.state_hash()
        try:
            data = _line(rec)
            # what a resume will hand the engine must be what the engine was given now
            same = normalize(json.loads(data)["a"]) == _deep(answer)
        except (TypeError, ValueError):
            same = False
        if not same:
            raise JournalError(f"answer {answer!r} does not survive JSON; it cannot be journaled")
        if game.over:
            # the decision and the end in one write(): a crash keeps both or the decision alone
            data += _line(_end_record(game))
        self._write(data)
        self.decisions = n
        self._hashed = hashed
        self._watch(game)
        if game.over:
            self._shut()

    def _write(self, data: bytes) -> None:
        assert self._file is not None
        view = memoryview(data)
        try:
            while view:
                k = self._file.write(view)
                view = view[k or 0 :]
            if self.sync:
                _datasync(self._file.fileno())
        except OSError as e:
            raise SaveWriteError(f"{self.path}: cannot write the save: {e.strerror or e}") from None

    def close(self) -> None:
        """Put the save away. An unfinished game gets a checkpoint hash if its last line
        has none, so the next resume is checked right up to where it stopped."""
        if self._file is None:
            return
        g = self._game
        if not self.finished and not self._hashed and g is not None and g.decisions == self.decisions:
            rec = {"check": self.decisions, "h": g.state_hash(), "turn": g.turn, "step": g.step}
            rec["t"] = round(time.time(), 3)
            with contextlib.suppress(JournalError):  # closing must not fail; the decisions are on disk
                self._write(_line(rec))
            self._hashed = True
        self._shut()

    def _shut(self) -> None:
        if self._file is not None:
            self._file.close()  # releases the lock too
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
) -> Journal:
    """Start the save of a fresh game under a new name in the folder of saves
    (`save_dir(directory)`): what the table calls when a game begins."""
    db = db or load_cards()
    names = [_deck_entry(game.static.decks[i], decks[i] if decks else None, db)["name"] for i in range(2)]
    path = new_save_path(save_dir(directory), mode, names)
    return Journal.create(
        path, game, seed=seed, mode=mode, controls=controls, decks=decks, db=db, sync=sync, unique=True
    )


def _line(rec: dict[str, Any]) -> bytes:
    return (json.dumps(rec, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


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


def _end_record(g: Game) -> dict[str, Any]:
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


def _datasync(fd: int) -> None:
    # fdatasync skips the inode times; the size, which an append changes, is still synced
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover
        os.fsync(fd)


def _write_new(path: Path, data: bytes) -> None:
    """Create `path` holding `data`, atomically and never over an existing file: write a
    temporary file, sync it, then hard-link it into place (link fails if `path` exists)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "xb") as f:
            f.write(data)
            f.flush()
            _datasync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            raise JournalError(f"{path} exists; a save is never overwritten") from None
        except OSError:
            # a file system without hard links: fall back to an exclusive create
            try:
                with open(path, "xb") as f:
                    f.write(data)
                    f.flush()
                    _datasync(f.fileno())
            except FileExistsError:
                raise JournalError(f"{path} exists; a save is never overwritten") from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    # the new directory entry survives power loss only once the directory is synced
    with contextlib.suppress(OSError):
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _deck_entry(cards: Sequence[str], deck: Deck | str | None, db: CardDB) -> dict[str, Any]:
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


# ----------------------------------------------------------------------------- reading


@dataclass(slots=True)
class Parsed:
    """A save file read and checked line by line (not yet replayed)."""

    path: Path
    header: dict[str, Any]
    records: list[tuple[int, dict[str, Any]]]  # (line number, record) after the header
    good_bytes: int  # length of the complete lines; more than this is a torn last line
    size: int
    notices: list[str] = field(default_factory=list)

    @property
    def torn(self) -> bool:
        return self.size > self.good_bytes


def parse(path: str | Path, db: CardDB | None = None) -> Parsed:
    """Read a save and check its header (format, version, card data); JournalError if unusable."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"{path}: no such save") from None
    except IsADirectoryError:
        raise JournalError(f"{path}: is a folder, not a save") from None
    except OSError as e:
        raise JournalError(f"{path}: cannot read: {e.strerror or e}") from None
    if not data:
        raise JournalError(f"{path}: empty file, not a bs-tui save")
    lines = data.split(b"\n")
    # split() leaves the bytes after the last newline as the last piece ("" when none)
    tail = lines.pop()
    notices: list[str] = []
    good = len(data) - len(tail)
    if not lines:
        raise JournalError(f"{path}: not a bs-tui save (no complete first line)")
    header = _json_line(path, lines[0], 1)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise JournalError(f"{path}: not a bs-tui save")
    version = header.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise JournalError(f"{path}: the header has no valid format version")
    if version > FORMAT_VERSION:
        raise JournalError(
            f"{path}: written by a newer bs-tui ({header.get('bs_tui', '?')}, journal format {version}); "
            f"this one ({bs_tui.__version__}) reads format {FORMAT_VERSION}"
        )
    _check_header(path, header)
    db = db or load_cards()
    if header["cards"] != db.digest:
        raise JournalError(
            f"{path}: played with different card data (digest {header['cards'][:12]}… in the save, "
            f"{db.digest[:12]}… here); it cannot be replayed"
        )
    records: list[tuple[int, dict[str, Any]]] = []
    last = len(lines)
    for i in range(1, last):
        lineno = i + 1
        try:
            rec = json.loads(lines[i].decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            if i == last - 1 and not tail:
                # a complete-looking but unreadable last line is treated as torn, like one without newline
                good -= len(lines[i]) + 1
                tail = lines[i] + b"\n"
                break
            raise JournalError(f"{path}: line {lineno} is not valid JSON; the save is damaged") from None
        if not isinstance(rec, dict):
            raise JournalError(f"{path}: line {lineno} is not a journal record; the save is damaged")
        records.append((lineno, rec))
    if tail:
        notices.append(
            f"{path}: the last line ({len(tail)} bytes) was cut off, probably by a crash; "
            "ignoring it (at most the decision in flight is lost)"
        )
    return Parsed(path, header, records, good, len(data), notices)


def _json_line(path: Path, raw: bytes, lineno: int) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        if lineno == 1:
            raise JournalError(f"{path}: not a bs-tui save") from None
        raise JournalError(f"{path}: line {lineno} is not valid JSON; the save is damaged") from None


def _check_header(path: Path, h: dict[str, Any]) -> None:
    def bad(what: str) -> JournalError:
        return JournalError(f"{path}: the header is damaged ({what})")

    if not isinstance(h.get("cards"), str):
        raise bad("no card-data digest")
    seed = h.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise bad("no seed")
    decks = h.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        raise bad("not two decks")
    for d in decks:
        if not isinstance(d, dict) or not isinstance(d.get("cards"), list):
            raise bad("a deck without its cards")
        if not all(isinstance(c, str) for c in d["cards"]):
            raise bad("a card id that is not text")
    players = h.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise bad("not two players")
    if not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in players):
        raise bad("a player without a name")


# ----------------------------------------------------------------------------- replaying


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


def new_game_from_header(header: dict[str, Any], db: CardDB | None = None) -> Game:
    """The game as `Game.new` made it at the start of the save."""
    db = db or load_cards()
    d1, d2 = (list(d["cards"]) for d in header["decks"])
    names = (header["players"][0]["name"], header["players"][1]["name"])
    for c in (*d1, *d2):
        if c not in db:
            raise JournalError(f"the save uses card {c!r}, which these card files do not have")
    return Game.new(d1, d2, header["seed"], db, names, ask_every_flash=bool(header.get("ask_every_flash", False)))


def replay(path: str | Path, db: CardDB | None = None) -> Replay:
    """Read a save and replay it, checking every stored hash; never writes to the file.
    Raises JournalError (one line) when the save is unusable or does not replay."""
    db = db or load_cards()
    parsed = parse(path, db)
    p = parsed.path
    try:
        g = new_game_from_header(parsed.header, db)
    except JournalError as e:
        raise JournalError(f"{p}: {e}") from None
    except Exception as e:  # the engine refusing the header's decks: report, never a traceback
        raise JournalError(f"{p}: the game cannot be set up from the header ({type(e).__name__}: {e})") from None
    checked = 0
    if "h" in parsed.header:
        checked += 1
        if parsed.header["h"] != g.state_hash():
            raise JournalError(
                f"{p}: the game does not start as it did when saved (state hash differs after setup); "
                "the rules engine has changed"
            )
    answers: list[Any] = []
    has_end = False
    for lineno, rec in parsed.records:
        where = f"{p}: line {lineno}"
        if has_end:
            raise JournalError(f"{where}: a record after the end of the game; the save is damaged")
        if "a" in rec:
            n = rec.get("n")
            if n != g.decisions + 1:
                raise JournalError(f"{where}: decision number {n!r}, expected {g.decisions + 1}; the save is damaged")
            d = g.decision
            if d is None:
                raise JournalError(f"{where}: an answer after the game was over; the save does not replay")
            if "p" in rec and rec["p"] != d.player or "k" in rec and rec["k"] != str(d.kind):
                raise JournalError(
                    f"{where}: the save answers {rec.get('k')} for player {rec.get('p')}, but the game asks "
                    f"{d.kind} of player {d.player}; the save does not replay"
                )
            ans = normalize(rec["a"])
            try:
                g.answer(ans)
            except IllegalAnswer as e:
                raise JournalError(f"{where}: illegal answer {ans!r}: {e}") from None
            except Exception as e:  # a malformed answer can upset the engine in any way
                raise JournalError(f"{where}: the engine rejects answer {ans!r} ({type(e).__name__}: {e})") from None
            answers.append(ans)
        elif "check" in rec:
            if rec["check"] != g.decisions:
                raise JournalError(f"{where}: checkpoint after {rec['check']!r} decisions, but {g.decisions} were made")
        elif "end" in rec:
            has_end = True
            if not g.over or rec.get("winner") != g.winner:
                raise JournalError(
                    f"{where}: the save says the game ended (winner {rec.get('winner')!r}) but the replay "
                    + (f"has winner {g.winner}" if g.over else "is still going")
                )
        else:
            raise JournalError(f"{where}: unknown record; the save is damaged")
        if "h" in rec:
            checked += 1
            h = g.state_hash()
            if rec["h"] != h:
                raise JournalError(
                    f"{where}: after decision {g.decisions} the game's state hash is {h[:12]}…, the save has "
                    f"{str(rec['h'])[:12]}…; the save does not replay to the same game"
                )
    return Replay(p, parsed.header, g, answers, parsed.notices, parsed, has_end, checked)


def load_game(path: str | Path, db: CardDB | None = None, sync: bool = True) -> tuple[Game, Journal]:
    """Resume a save for play: the replayed game and a journal open for appending to the
    same file. The file is locked first, so a save open elsewhere is refused. A torn last
    line is cut off (the only change ever made to existing lines). A finished game comes
    back with a journal that is not writable (`journal.writable` is False)."""
    path = Path(path)
    db = db or load_cards()
    j = Journal(path=path, header={}, sync=sync)
    if not path.is_file():
        raise JournalError(f"{path}: no such save")
    # lock before reading so nothing appends between our read and our first write
    j._open()
    try:
        r = replay(path, db)
        j.header = r.header
        j.decisions = r.game.decisions
        f = j._file
        assert f is not None
        if r.parsed.torn:
            os.ftruncate(f.fileno(), r.parsed.good_bytes)
            if sync:
                _datasync(f.fileno())
        j._watch(r.game)
        last = r.parsed.records[-1][1] if r.parsed.records else r.parsed.header
        j._hashed = "h" in last
        if r.game.over:
            if not r.has_end:
                j._write(_line(_end_record(r.game)))
            j._shut()
    except BaseException:
        j._shut()
        raise
    return r.game, j


# ----------------------------------------------------------------------------- listing


@dataclass(slots=True)
class SaveInfo:
    """One line of `bs-tui saves`, read from the header and the last line (no replay)."""

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
        return self.path.name[: -len(SUFFIX)] if self.path.name.endswith(SUFFIX) else self.path.name


def save_info(path: Path, db: CardDB | None = None) -> SaveInfo:
    """What a save holds, without replaying it (a problem is reported, not raised)."""
    info = SaveInfo(path=path)
    with contextlib.suppress(OSError):
        info.last_played = path.stat().st_mtime
    try:
        parsed = parse(path, db)
    except JournalError as e:
        info.problem = str(e).removeprefix(f"{path}: ")
        return info
    h = parsed.header
    info.players = tuple(p["name"] for p in h["players"])
    info.controls = tuple(str(p.get("control", "")) for p in h["players"])
    info.decks = tuple(str(d.get("name") or Path(str(d.get("path", ""))).stem or "?") for d in h["decks"])
    info.mode = str(h.get("mode", ""))
    info.torn = parsed.torn
    info.turn, info.step = _int(h.get("turn")), str(h.get("step", ""))
    for _, rec in parsed.records:
        if "a" in rec:
            info.decisions = _int(rec.get("n"))
        if "turn" in rec:
            info.turn, info.step = _int(rec["turn"]), str(rec.get("step", ""))
        t = rec.get("t")
        if isinstance(t, int | float) and 0 < t < 1e11:  # a sane Unix time; anything else is ignored
            info.last_played = float(t)
        if "end" in rec:
            info.finished = True
            info.winner, info.reason = _int(rec.get("winner"), -1), str(rec.get("reason", ""))
    if info.step == "over":  # the end line was torn off; the last decision still says so
        info.finished = True
    return info


def _int(x: Any, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def list_saves(directory: Path, db: CardDB | None = None) -> list[SaveInfo]:
    """Every `*.bsj` in the folder, the most recently played first."""
    if not directory.is_dir():
        return []
    db = db or load_cards()
    infos = [save_info(p, db) for p in directory.glob(f"*{SUFFIX}") if p.is_file()]
    infos.sort(key=lambda i: i.last_played, reverse=True)
    return infos


def describe_pending(g: Game) -> str:
    """Where a game stands and who must decide what, in one or two lines."""
    if g.over:
        return f"finished on turn {g.turn}: {g.name(g.winner)} won ({g.end_reason})"
    d = g.decision
    where = f"turn {g.turn}, {g.step} step, {g.name(g.active)} active"
    if d is None:
        return where + "; nothing pending"
    n = "an allocation" if d.allocation is not None else f"{len(d.options)} options"
    return f"{where}\n{g.name(d.player)} to decide: {d.kind} ({n}): {d.prompt}"
