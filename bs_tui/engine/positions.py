"""Position files (`bs-tui play --position FILE`): a practice puzzle as TOML, validated
completely before a game starts (the format is described in `scenario`).

A position may come from anywhere, so nothing in it is trusted: it is read through the
guarded reader, every key must be known and of the right type, every card must exist and
be in a zone it may be in (000 ch.2: no magic stays on the field, only a card with a burst
effect is set as a burst, only a mirage as a mirage, a brave only on a spirit it can brave),
the cores must come out of the player's supply with exactly one Soul Core, and there are
exactly two players with one of them active. Every problem found is reported at once, each
as `FILE:LINE: problem` with the line of the key at fault.

`answers` then leads the game from the position's start to the decision of interest, each
answer given to the pending decision as a player would give it; the first one refused stops
the reading (what follows it answers a decision that never comes). A `[blunder]` table
names answers to the decision reached that are blunders (`wrong`) or the only good ones
(`right`), for tests of the AI levels (tests/blunders/); each must be an answer that
decision takes, or the test would pass for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bs_tui.files import POSITION_LIMIT, FileProblem, load_toml, printable
from bs_tui.toml_lines import describe as _quote
from bs_tui.toml_lines import line_of, toml_lines

from .core.decision import IllegalAnswer, Kind
from .core.machine import is_option, short
from .data.cards import CardDB, CardDef, load_cards
from .model.game import Game
from .model.state import CORES_PER_PLAYER
from .scenario import position, side

TOP_KEYS = ("active", "turn", "step", "seed", "player", "answers", "blunder")
BLUNDER_KEYS = ("about", "rule", "wrong", "right")
PLAYER_KEYS = ("hand", "deck", "field", "trash", "life", "reserve", "trash_cores", "soul", "burst", "mirage")
FIELD_KEYS = ("card", "cores", "soul", "state", "brave")
STEPS = ("main", "attack")
FIELD_STATES = ("refreshed", "exhausted", "heavy")
SOUL_PLACES = ("reserve", "trash", "life", "field", "removed")  # removed: by a Soul Drive
MAX_TURN = 10_000
MAX_ZONE = 200  # cards in one zone: far above a real game, small enough to stay quick
MAX_SEED = 2**64 - 1
MAX_ANSWERS = 500  # answers before the decision of interest: far above a puzzle's few
MAX_TEXT = 300  # characters of a blunder's about or rule: one line
Where = tuple[str | int, ...]


class PositionError(ValueError):
    """A position file that cannot be played; `problems` holds one `FILE:LINE: problem`
    line each, and `str()` is those lines."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(slots=True)
class Position:
    """A checked position: everything `scenario.position` needs."""

    sides: list[Any]  # two scenario.Side
    active: int = 0
    turn: int = 3
    step: str = "main"
    seed: int = 0
    answers: list[Any] = field(default_factory=list)  # as the engine takes them (tuples)
    blunder: Blunder | None = None


@dataclass(slots=True)
class Blunder:
    """What a blunder position tests: the answers to its decision that are blunders, and
    (when not empty) the answers of which a good player's must be one."""

    about: str
    rule: str  # the rulebook section it rests on, e.g. "000 ch.1 §6.3"
    wrong: tuple[Any, ...] = ()
    right: tuple[Any, ...] = ()


@dataclass(slots=True)
class _Checker:
    path: str
    lines: dict[Where, int]
    db: CardDB
    problems: list[str] = field(default_factory=list)

    def add(self, at: Where, message: str) -> None:
        line = line_of(self.lines, at)
        where = f"{self.path}:{line}" if line else self.path
        self.problems.append(printable(f"{where}: {message}"))

    def known_keys(self, table: dict[str, Any], at: Where, known: tuple[str, ...], what: str) -> None:
        for key in table:
            if key in known:
                continue
            if not at and key in PLAYER_KEYS:
                self.add((key,), f"{key} is a player's: it belongs under a [[player]] line")
            elif at and len(at) == 2 and key in TOP_KEYS:
                self.add(at + (key,), f"{key} is the position's: it belongs above the first [[player]] line")
            else:
                self.add(at + (key,), f"{what}: unknown key {_quote(key)} (known: {', '.join(known)})")

    def whole(self, value: Any, at: Where, what: str, low: int, high: int) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        self.add(at, f"{what} must be a whole number from {low} to {high:,}, not {_quote(value)}")
        return None

    def card(self, value: Any, at: Where, what: str) -> CardDef | None:
        if not isinstance(value, str):
            self.add(at, f"{what} must be a card id (text), not {_quote(value)}")
            return None
        if value not in self.db:
            self.add(at, f"{what}: unknown card id {_quote(value)}")
            return None
        return self.db[value]

    def cards(self, value: Any, at: Where, what: str) -> list[str]:
        if not isinstance(value, list):
            self.add(at, f"{what} must be a list of card ids, not {_quote(value)}")
            return []
        if len(value) > MAX_ZONE:
            self.add(at, f"{what} holds {len(value):,} cards; at most {MAX_ZONE}")
            return []
        return [v for i, v in enumerate(value) if self.card(v, at + (i,), f"{what} card {i + 1}") is not None]

    def field_card(self, entry: Any, at: Where, what: str) -> tuple[dict[str, Any] | None, int, bool]:
        """A field entry as `scenario.side` takes it, with its plain cores and whether it
        holds the Soul Core (None when it is unusable)."""
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict):
            self.add(at, f'{what} must be a card id or a table like {{ card = "R01", cores = 2 }}')
            return None, 0, False
        self.known_keys(entry, at, FIELD_KEYS, what)
        ok = True
        if "card" not in entry:
            self.add(at, f"{what} has no card")
            return None, 0, False
        d = self.card(entry["card"], at + ("card",), what)
        cores = self.whole(entry.get("cores", 1), at + ("cores",), f"{what} cores", 0, CORES_PER_PLAYER)
        soul = entry.get("soul", False)
        if not isinstance(soul, bool):
            self.add(at + ("soul",), f"{what} soul must be true or false, not {_quote(soul)}")
            ok, soul = False, False
        state = entry.get("state", "refreshed")
        if state not in FIELD_STATES:
            self.add(at + ("state",), f"{what} state must be one of {', '.join(FIELD_STATES)}, not {_quote(state)}")
            ok = False
        if d is None or cores is None:
            return None, cores or 0, soul
        if d.kind == "magic":
            self.add(at + ("card",), f"{what}: {d.id} ({d.name}) is a magic; a magic is never left on the field")
            ok = False
        if "brave" in entry:
            b = self.card(entry["brave"], at + ("brave",), f"{what} brave")
            if b is None:
                ok = False
            elif b.kind != "brave":
                self.add(at + ("brave",), f"{what}: {b.id} ({b.name}) is a {b.kind}, not a brave")
                ok = False
            elif not b.can_brave(d):
                self.add(at + ("brave",), f"{what}: {b.id} ({b.name}) cannot be braved to {d.id} ({d.name})")
                ok = False
        if d.kind in ("spirit", "ultimate", "brave") and cores + soul < d.lv1_cores:
            self.add(
                at + ("cores",),
                f"{what}: {d.id} ({d.name}) needs {d.lv1_cores} core{'s' * (d.lv1_cores != 1)} for Lv1;"
                f" with {cores + soul} it would be depleted",
            )
            ok = False
        return (dict(entry) if ok else None), cores, soul

    def player(self, raw: Any, at: Where, n: int) -> Any:
        who = f"player {n + 1}"
        if not isinstance(raw, dict):
            self.add(at, f"{who} must be a table ([[player]])")
            return None
        before = len(self.problems)
        self.known_keys(raw, at, PLAYER_KEYS, who)
        zones: dict[str, list[str] | None] = {
            z: self.cards(raw.get(z, []), at + (z,), f"{who} {z}") for z in ("hand", "deck", "trash")
        }
        if "deck" not in raw:
            zones["deck"] = None  # scenario.side's default deck, as before files were checked
        field_raw = raw.get("field", [])
        entries: list[dict[str, Any]] = []
        on_cards = 0
        souls_on_field = 0
        if not isinstance(field_raw, list):
            self.add(at + ("field",), f"{who} field must be a list of cards, not {_quote(field_raw)}")
        elif len(field_raw) > MAX_ZONE:
            self.add(at + ("field",), f"{who} field holds {len(field_raw):,} cards; at most {MAX_ZONE}")
        else:
            for i, e in enumerate(field_raw):
                entry, cores, soul = self.field_card(e, at + ("field", i), f"{who} field card {i + 1}")
                on_cards += cores
                souls_on_field += soul
                if entry is not None:
                    entries.append(entry)
        counts = {}
        bad_counts = False
        for key, default in (("life", 5), ("reserve", 3), ("trash_cores", 0)):
            v = self.whole(raw.get(key, default), at + (key,), f"{who} {key}", 0, CORES_PER_PLAYER)
            counts[key] = v or 0
            bad_counts = bad_counts or v is None
        soul = raw.get("soul", "field" if souls_on_field else "reserve")
        if soul not in SOUL_PLACES:
            self.add(at + ("soul",), f"{who} soul must be one of {', '.join(SOUL_PLACES)}, not {_quote(soul)}")
        elif soul != "field" and souls_on_field:
            self.add(
                at + ("soul",),
                f"{who} has two Soul Cores: soul = {soul!r} and a field card with soul = true; a player has one",
            )
        elif souls_on_field > 1:
            self.add(at + ("field",), f"{who} has {souls_on_field} Soul Cores on the field; a player has one")
        elif soul == "field" and not souls_on_field:
            self.add(at + ("soul",), f"{who} soul = 'field', but no field card has soul = true")
        total = sum(counts.values()) + on_cards
        if total > CORES_PER_PLAYER:
            self.add(at, f"{who} has {total} plain cores; at most {CORES_PER_PLAYER} (besides the Soul Core)")
        if not bad_counts and counts["life"] + (soul == "life") < 1:
            self.add(at + ("life",), f"{who} has no life: that game is already over")
        set_cards: dict[str, str | None] = {}
        for key, ok, why in (
            ("burst", lambda d: d.burst is not None, "has no burst effect, so it cannot be set as a burst"),
            ("mirage", lambda d: d.mirage_cost >= 0, "is not a mirage, so it cannot be set as one"),
        ):
            set_cards[key] = None
            if key in raw:
                d = self.card(raw[key], at + (key,), f"{who} {key}")
                if d is not None and not ok(d):
                    self.add(at + (key,), f"{who} {key}: {d.id} ({d.name}) {why}")
                elif d is not None:
                    set_cards[key] = d.id
        if len(self.problems) > before:
            return None
        return side(
            zones["hand"],
            zones["deck"],
            entries,
            zones["trash"],
            counts["life"],
            counts["reserve"],
            counts["trash_cores"],
            str(soul),
            set_cards["burst"],
            set_cards["mirage"],
        )

    def answer(self, value: Any, at: Where, what: str) -> tuple[bool, Any]:
        """A TOML value as the engine takes an answer (arrays become tuples, as
        `decision.normalize` makes them); (False, None) when no answer is of its type."""
        if isinstance(value, (str, bool, int)):
            return True, value
        if isinstance(value, list):
            items = []
            for i, v in enumerate(value):
                ok, item = self.answer(v, at + (i,), what)
                if not ok:
                    return False, None
                items.append(item)
            return True, tuple(items)
        self.add(at, f"{what} must be text, true/false, a whole number or an array of these, not {_quote(value)}")
        return False, None

    def answer_list(self, raw: dict[str, Any], key: str, at: Where, what: str) -> list[Any] | None:
        value = raw.get(key, [])
        if not isinstance(value, list):
            self.add(at + (key,), f"{what} must be an array of answers, not {_quote(value)}")
            return None
        if len(value) > MAX_ANSWERS:
            self.add(at + (key,), f"{what} holds {len(value):,} answers; at most {MAX_ANSWERS}")
            return None
        out = []
        for i, v in enumerate(value):
            ok, a = self.answer(v, at + (key, i), f"{what} {i + 1}")
            if ok:
                out.append(a)
        return out if len(out) == len(value) else None

    def blunder(self, raw: Any) -> Blunder | None:
        at: Where = ("blunder",)
        if not isinstance(raw, dict):
            self.add(at, f"blunder must be a table ([blunder]), not {_quote(raw)}")
            return None
        before = len(self.problems)
        self.known_keys(raw, at, BLUNDER_KEYS, "blunder")
        texts = {}
        for key, what in (("about", "what the position tests"), ("rule", "the rulebook section it rests on")):
            v = raw.get(key)
            if not isinstance(v, str) or not v.strip() or "\n" in v or len(v) > MAX_TEXT:
                self.add(
                    at + (key,) if key in raw else at,
                    f"blunder {key} must be one line of text (1 to {MAX_TEXT} characters): {what},"
                    f" not {_quote(v) if key in raw else 'missing'}",
                )
            texts[key] = v
        wrong = self.answer_list(raw, "wrong", at, "blunder wrong answer")
        right = self.answer_list(raw, "right", at, "blunder right answer")
        if wrong is not None and right is not None and not wrong and not right:
            self.add(at, "blunder names no wrong answer and no right one: it would test nothing")
        if len(self.problems) > before or wrong is None or right is None:
            return None
        return Blunder(str(texts["about"]), str(texts["rule"]), tuple(wrong), tuple(right))

    def position(self, raw: dict[str, Any]) -> Position | None:
        self.known_keys(raw, (), TOP_KEYS, "position")
        active = self.whole(raw.get("active", 0), ("active",), "active (the player to act: 0 or 1)", 0, 1)
        turn = self.whole(raw.get("turn", 3), ("turn",), "turn", 1, MAX_TURN)
        step = raw.get("step", "main")
        if step not in STEPS:
            self.add(("step",), f"step must be one of {', '.join(STEPS)}, not {_quote(step)}")
        elif step == "attack" and turn == 1:
            self.add(("step",), "turn 1 has no Attack Step (the first player skips it)")
        seed = self.whole(raw.get("seed", 0), ("seed",), "seed", 0, MAX_SEED)
        players = raw.get("player")
        sides = []
        if not isinstance(players, list) or len(players) != 2:
            n = len(players) if isinstance(players, list) else 0
            at: Where = ("player", 2) if n > 2 else ("player",)
            self.add(at, f"a position has exactly two players ([[player]] twice), not {n}")
        if isinstance(players, list):  # the players there are get checked all the same
            sides = [self.player(p, ("player", i), i) for i, p in enumerate(players[:8])]
        answers = self.answer_list(raw, "answers", (), "answer")
        blunder = self.blunder(raw["blunder"]) if "blunder" in raw else None
        if self.problems:
            return None
        assert active is not None and turn is not None and seed is not None and answers is not None
        return Position(sides, active, turn, str(step), seed, answers, blunder)

    def play(self, g: Game, pos: Position) -> None:
        """Give `pos.answers` in order; the first one refused is a problem at its line."""
        for i, a in enumerate(pos.answers):
            if g.pending is None:
                why = f"the game is over ({g.end_reason})" if g.over else "no decision is pending"
                self.add(("answers", i), f"answer {i + 1}: {short(a)} comes after the last decision: {why}")
                return
            why = refused(g, a)
            if why:
                self.add(("answers", i), f"answer {i + 1}: {why}")
                return
            g.answer(a)

    def blunder_answers(self, g: Game, b: Blunder) -> None:
        """Every answer a blunder names must be one the decision reached takes."""
        if g.pending is None:
            why = f"the game is over ({g.end_reason})" if g.over else "no decision is pending"
            self.add(("blunder",), f"blunder: no decision to test after the answers: {why}")
            return
        for key, answers in (("wrong", b.wrong), ("right", b.right)):
            for i, a in enumerate(answers):
                why = refused(g, a)
                if why:
                    self.add(("blunder", key, i), f"blunder {key} answer {i + 1}: {why}")
        both = [a for a in b.wrong if a in b.right]
        if both:
            self.add(("blunder", "right"), f"blunder: {short(both[0])} is both wrong and right")


def refused(g: Game, answer: Any) -> str:
    """Why the pending decision of `g` refuses `answer` ("" if it takes it); `g` is unchanged."""
    d = g.decision
    assert d is not None
    who = f"{g.name(d.player)}'s {Kind(d.kind).value} decision"
    if d.allocation is None:
        if is_option(d.options, answer):
            return ""
        shown = ", ".join(short(o) for o in d.options[:8]) + (", ..." if len(d.options) > 8 else "")
        return f"{short(answer)} is not an answer to {who} (its options: {shown})"
    try:
        g.copy().answer(answer)  # an allocation is judged by its continuation, on a copy
    except IllegalAnswer as e:
        return f"{who} refuses {short(answer)}: {e}"
    return ""


def check_position(raw: dict[str, Any], path: str, text: str, db: CardDB | None = None) -> Position:
    """A parsed position file checked completely; PositionError with every problem."""
    checker = _Checker(path, toml_lines(text), db or load_cards())
    pos = checker.position(raw)
    if pos is None:
        raise PositionError(checker.problems)
    return pos


def read_position(path: Path | str, db: CardDB | None = None) -> Position:
    """A position file read through the guarded reader and checked completely."""
    where = str(path)
    try:
        raw, text = load_toml(where, POSITION_LIMIT)
    except FileProblem as e:
        raise PositionError([str(e)]) from None
    return check_position(raw, where, text, db)


def _game(path: Path | str, db: CardDB | None) -> tuple[Game, Position]:
    """The game of a position file at the decision its answers lead to, every problem
    (the answers' and the blunder's included) raised as a PositionError."""
    db = db or load_cards()
    where = str(path)
    try:
        raw, text = load_toml(where, POSITION_LIMIT)
    except FileProblem as e:
        raise PositionError([str(e)]) from None
    checker = _Checker(where, toml_lines(text), db)
    pos = checker.position(raw)
    if pos is None:
        raise PositionError(checker.problems)
    g = position(pos.sides[0], pos.sides[1], pos.active, pos.turn, pos.step, pos.seed, db)
    checker.play(g, pos)
    if pos.blunder is not None and not checker.problems:
        checker.blunder_answers(g, pos.blunder)
    if checker.problems:
        raise PositionError(checker.problems)
    return g, pos


def position_from_toml(path: Path | str, db: CardDB | None = None) -> Game:
    """A game from a position file, checked completely first (see `positions`), its
    `answers` given: raises PositionError (a ValueError) listing every problem as
    `FILE:LINE: problem`. A `[blunder]` table is checked too, though not returned."""
    return _game(path, db)[0]


def blunder_from_toml(path: Path | str, db: CardDB | None = None) -> tuple[Game, Blunder]:
    """A blunder position: its game at the decision of interest and what it tests;
    PositionError as `position_from_toml`, and when the file has no [blunder] table."""
    g, pos = _game(path, db)
    if pos.blunder is None:
        raise PositionError([f"{path}: no [blunder] table: this position names no blunder"])
    return g, pos.blunder
