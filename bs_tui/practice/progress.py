"""What a player has done in practice, kept in the user's data folder
(`platformdirs.user_data_dir("bs-tui")/practice.json`, or $BS_TUI_PRACTICE_FILE): per
lesson, solved or not, the tries, and the fewest turns it took. A file that cannot be
read (spoiled, foreign, too big) is set aside as empty progress, never a crash."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bs_tui.files import FileProblem, load_json, read_bytes, write_replacing

ENV_PRACTICE_FILE = "BS_TUI_PRACTICE_FILE"
LIMIT = 256 * 1024  # one JSON document (files.load_json: at most MAX_LINE)
MAX_LESSONS = 10_000


def progress_path() -> Path:
    env = os.environ.get(ENV_PRACTICE_FILE)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("bs-tui")) / "practice.json"


@dataclass(slots=True)
class Record:
    solved: bool = False
    tries: int = 0
    fewest_turns: int = 0  # 0: not solved yet


@dataclass(slots=True)
class Progress:
    records: dict[str, Record] = field(default_factory=dict)
    tutorial_offered: bool = False
    path: Path | None = None

    def get(self, lesson_id: str) -> Record:
        return self.records.get(lesson_id, Record())

    def solved(self, lesson_id: str) -> bool:
        return self.get(lesson_id).solved

    def tried(self, lesson_id: str, solved: bool, turns: int = 1, count: bool = True) -> Record:
        """A try ended: counted (unless `count` is false: the same try ending again after an
        undo), and kept at once."""
        rec = self.records.setdefault(lesson_id, Record())
        rec.tries += 1 if count else 0
        if solved:
            rec.solved = True
            rec.fewest_turns = min(rec.fewest_turns or turns, turns)
        self.save()
        return rec

    def save(self) -> None:
        path = self.path or progress_path()
        data = {
            "version": 1,
            "tutorial_offered": self.tutorial_offered,
            "lessons": {k: asdict(r) for k, r in sorted(self.records.items())},
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_replacing(path, (json.dumps(data, indent=1) + "\n").encode())
        except OSError:  # a read-only home: practice goes on, the progress is not kept
            pass


def _count(v: object) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**9 else 0


def load_progress(path: Path | None = None) -> Progress:
    path = path or progress_path()
    p = Progress(path=path)
    try:
        raw = load_json(path, read_bytes(path, LIMIT))
    except (FileProblem, OSError):
        return p
    if not isinstance(raw, dict):
        return p
    p.tutorial_offered = raw.get("tutorial_offered") is True
    lessons = raw.get("lessons")
    if isinstance(lessons, dict):
        for k, r in list(lessons.items())[:MAX_LESSONS]:
            if isinstance(k, str) and len(k) <= 100 and isinstance(r, dict):
                p.records[k] = Record(r.get("solved") is True, _count(r.get("tries")), _count(r.get("fewest_turns")))
    return p
