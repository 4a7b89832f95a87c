"""Saved games: every game is a journal that is written as it is played.

A save (`*.bsj`, JSON Lines, UTF-8, mode 0600 in a folder made 0700) is a header line and
then one line per accepted decision. A line only counts once its newline is on disk, and
every line is written with a single write() (then fdatasync, unless the journal was
opened with sync=False), so a crash or `kill -9` at any moment leaves a file whose
complete lines replay and whose torn last line, if any, is the decision that was in flight.

The header (line 1, written to a temporary file and then linked into place, so a save
never exists without it)::

    {"format": "bs-tui-journal", "version": 1, "bs_tui": "0.1.0", "cards": <card-data digest>,
     "seed": <int>, "mode": "ai" | "hotseat" | "selfplay" | ...,
     "players": [{"name": "Player 1", "control": "human"}, {...}],
     "decks": [{"name": "Crimson Dawn", "path": "decks/crimson_dawn.toml", "cards": ["R01", ...]}, {...}],
     "created": <unix time>, "turn": 0, "step": "...", "h": <state hash after Game.new>}

`control` is "human" for a seat a person plays at the table, else the agent's name.

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

A save holds the seed and both deck lists, from which both hands and deck orders can be
rebuilt: that is why it is private, and why a replay of an unfinished game shows only the
seats people played (`seats_shown`).

Bad files: every read goes through the guarded reader (`bs_tui.files`). A torn last line
(no newline, or not JSON) is ignored with a notice. Anything else that is wrong (not a
save, garbage in the middle, a newer format, other card data, a replay that does not
reach the stored hashes, an answer the engine refuses) raises `JournalError` with one line
`FILE:LINE: problem`, and the file is left exactly as it is. Only `load_game` (resuming for
play) ever changes an existing save: it cuts off the torn last line before appending, and
writes the missing end line of a finished game whose end line was torn off. A write the
disk refuses raises `SaveWriteError`; the lines written before stay intact and resumable.

The modules, one duty each: `paths` (where saves live, the private folder, stale
temporary files), `naming` (file names), `lock` (one writer per save), `writer`
(`Journal`, `start_save`), `reader` (`parse`, header checks), `replay` (`replay`,
`load_game`, who may be shown), `catalogue` (`list_saves`, `find_save`), `errors`.
"""

from .catalogue import RecordRow, SaveInfo, describe_pending, find_save, list_saves, record, save_info
from .errors import JournalError, SaveWriteError
from .format import FORMAT, FORMAT_VERSION, HASH_EVERY, HUMAN, SUFFIX
from .naming import new_save_path
from .paths import ENV_SAVES, default_save_dir, ensure_dir, remove_stale_tmp, save_dir
from .reader import Parsed, parse
from .replay import Replay, load_game, new_game_from_header, replay, seats_shown
from .steps import ReplaySteps
from .writer import Journal, recover_seed, start_save

__all__ = [
    "ReplaySteps",
    "RecordRow",
    "record",
    "ENV_SAVES",
    "FORMAT",
    "FORMAT_VERSION",
    "HASH_EVERY",
    "HUMAN",
    "SUFFIX",
    "Journal",
    "JournalError",
    "Parsed",
    "Replay",
    "SaveInfo",
    "SaveWriteError",
    "default_save_dir",
    "describe_pending",
    "ensure_dir",
    "find_save",
    "list_saves",
    "load_game",
    "new_game_from_header",
    "new_save_path",
    "parse",
    "recover_seed",
    "remove_stale_tmp",
    "replay",
    "save_dir",
    "save_info",
    "seats_shown",
    "start_save",
]
