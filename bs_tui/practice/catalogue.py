"""The shipped lessons (bs_tui/data/lessons/*.toml), by chapter and order, and what each
rule topic links to (the "why not?" links of the table)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from .progress import Progress, load_progress
from .state import CHAPTERS

LESSONS_DIR = Path(__file__).resolve().parents[1] / "data" / "lessons"
CHAPTER_TITLES = {
    "tutorial": "First game",
    "1": "Chapter 1: the basic rules",
    "2": "Chapter 2: the systems",
    "003": "Colours, symbols and what each player may see",
}


# The rulebook's sections every lesson set must teach (issue 20): topic -> what it is.
# tests/test_lessons.py checks each has a shipped lesson.
COVERAGE = {
    "tutorial": "a first game: one whole guided turn",
    # 000 chapter 1
    "deck-rules": "deck rules (000 ch.1)",
    "setup": "setting up and the first turn",
    "steps": "the steps of a turn",
    "cost": "costs, reduction and paying them (①-⑥)",
    "soul-core": "the Soul Core",
    "core-moves": "moving cores and depletion",
    "attack": "attacking",
    "block": "blocking",
    "flash-timing": "flash timing and its order",
    "battle": "battle: BP, destruction, hits on life",
    "simultaneous": "effects at the same time",
    "may-must-cannot": "may, must and cannot",
    "by-if-afterwards": '"by", "if you do" and "afterwards"',
    # 000 chapter 2 (and 001's changes)
    "braves": "braves",
    "imagine": "imagine braves",
    "myth": "myth braves",
    "bursts": "bursts",
    "mirages": "mirages",
    "ultimates": "ultimates",
    "advent": "advent",
    "grandwalkers": "grandwalker nexuses",
    "astral-stones": "astral stones",
    "rebirth": "rebirth",
    "contracts": "contracts and soul state (001)",
    "over-count": "Over Count (001)",
    "tokens": "tokens",
    # 003
    "open-area": "the open area (003)",
    "hidden-information": "public and hidden information (003)",
}


@dataclass(frozen=True, slots=True)
class Entry:
    """A shipped lesson as the menu lists it (read once per process)."""

    id: str
    path: Path
    title: str
    chapter: str
    order: int
    section: str
    topics: tuple[str, ...]
    kind: str
    explain: str = ""


@functools.cache
def shipped() -> tuple[Entry, ...]:
    """Every shipped lesson, in the order of the menu: chapter, then order, then name. Only
    each file's [lesson] table is read here (quick: the Card pane links by it); a shipped
    lesson that cannot be read whole fails the tests (tests/test_lessons.py)."""
    import tomli

    out = []
    for path in sorted(LESSONS_DIR.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        at = text.find("\n[lesson]")  # the [lesson] table and its own tables come last: parsed alone
        les = tomli.loads(text[at:] if at >= 0 else text)["lesson"]
        goal = les.get("goal", {})
        kind = next((k for k in ("win", "survive", "happen", "right", "deck") if k in goal), "")
        out.append(
            Entry(
                path.stem,
                path,
                les["title"],
                les["chapter"],
                les.get("order", 0),
                les["section"],
                tuple(les.get("topics", ())),
                kind,
                les.get("explain", ""),
            )
        )
    rank = {c: i for i, c in enumerate(CHAPTERS)}
    return tuple(sorted(out, key=lambda e: (rank[e.chapter], e.order, e.id)))


SEEDS = {  # the seed files a section names, as a player reads them
    "000": "Rulebook",
    "001": "Rule changes (001)",
    "002": "Overview (002)",
    "003": "Ruling notes (003)",
}


_SEED_NAMES = re.compile(r"\b(" + "|".join(SEEDS) + r")\b")


def friendly_section(section: str) -> str:
    """ "000 ch.1 §6.3" as "Rulebook ch.1 §6.3": which book, not its file number (each
    place a section names one)."""
    return _SEED_NAMES.sub(lambda m: SEEDS[m.group(1)], section)


def is_shipped(path: str | Path) -> bool:
    """Whether the lesson file at `path` is one of bs-tui's own (its progress is kept)."""
    try:
        return Path(path).resolve().parent == LESSONS_DIR
    except OSError:
        return False


def find(name: str) -> Path | None:
    """A shipped lesson by its name (the file name without .toml)."""
    path = LESSONS_DIR / f"{name}.toml"
    return path if name and "/" not in name and path.is_file() else None


def by_topic(topic: str) -> Entry | None:
    """The first lesson (in menu order) that teaches `topic`."""
    return next((e for e in shipped() if topic in e.topics), None)


def next_after(lesson_id: str) -> Entry | None:
    """The lesson after `lesson_id` in menu order."""
    ids = [e.id for e in shipped()]
    if lesson_id not in ids:
        return None
    i = ids.index(lesson_id) + 1
    return shipped()[i] if i < len(ids) else None


def list_lines(progress: Progress | None = None) -> list[str]:
    """`bs-tui practice list`: each chapter and its lessons, with what you have solved."""
    p = progress or load_progress()
    out: list[str] = []
    chapter = None
    for e in shipped():
        if e.chapter != chapter:
            chapter = e.chapter
            mine = [x for x in shipped() if x.chapter == chapter]
            solved = sum(1 for x in mine if p.solved(x.id))
            out.append(f"{CHAPTER_TITLES[chapter]} ({solved}/{len(mine)} solved)")
        rec = p.get(e.id)
        mark = "✓" if rec.solved else ("·" if rec.tries else " ")
        tries = f" · {rec.tries} {'try' if rec.tries == 1 else 'tries'}" if rec.tries else ""
        out.append(f"  {mark} {e.id:<28} {e.title} ({friendly_section(e.section)}){tries}")
    return out
