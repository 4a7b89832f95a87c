"""Every field of a game is copied by `Game.copy()` and hashed by `Game.state_key()` (issue 17).

A copy is how the engine takes back a refused payment, how search and the table try
moves, and the state key is how two states are told apart; a field one of them forgets
makes two different games look alike, or a copy share a list with its original. The
fields are found by introspection (`dataclasses.fields`), so a field added to `Game`,
`Player`, `FieldCard` or what they hold (`Battle`, `Mod`, the pending decision) is
covered without touching this file; one of a type the test does not know how to change
fails and says so.

Each field is changed in turn on a copy of real mid-game positions (seeded self-play
games stopped in a battle, with an imagine brave on the field, at a core placement), to
another value of its type: an int +1, a bool negated, a
list appended to, a set added to. Then:
- the original does not change, nor does a copy when its original changes (nothing shared);
- a copy of the changed game has the changed value (`copy()` lists the field);
- `state_key()` changes, and `game_key()` / `state_hash()` too, except for the fields
  the allow-lists below leave out, each with its reason; a listed field that does change
  them fails as well, so the lists stay exact.
"""

from __future__ import annotations

import dataclasses
import enum
import types
from collections.abc import Iterator
from functools import partial
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest

from bs_tui.agents import make_agent
from bs_tui.engine import CardDef, Game, load_cards, load_deck
from bs_tui.engine.core.decision import Decision
from bs_tui.engine.core.machine import Pending
from bs_tui.engine.data.decks import DECKS_DIR
from bs_tui.engine.model.state import SIDES, LogEntry, Mod, Static, log_entries
from bs_tui.engine.view import view_for

# Fields left out of `state_key()` (and so of `game_key()`): none of them is the position
# or what the engine will do next.
NOT_IN_STATE_KEY = {
    # the log's wording: its length (`log_len`) is in state_key, and game_key leaves out
    # wording so that rewording a line does not change the hashes saves check
    "Game.log": "wording",
    # how many answers led here, not where they led: two paths to one state are one state
    # (journals check the count on their own)
    "Game.decisions": "a count of the path",
    # the words for why the game ended; who won (`winner`) is hashed, and nothing runs after
    "Game.end_reason": "wording",
    # what each id reads as now: derived from `static.defs`, the field's top cards and
    # `flipped` (test_defs_are_derived), which are all hashed
    "Game.defs": "derived",
    # the question's wording; game_key hashes the decision as its player, kind, options
    # and allocation
    "Decision.prompt": "wording",
    # what the reader is shown beside the options (Decision compares without it too)
    "Decision.context": "for the reader",
    # whether the log's wording is written (nobody reads a quiet game's): the same game runs
    # either way, and `log_len` counts every line of both (tests/test_quiet.py)
    "Game.quiet": "wording",
}

# Fields in `state_key()` but left out of `game_key()` / `state_hash()`: the engine's own
# bookkeeping, which game_key's docstring leaves out so that reorganising the code keeps
# the hashes saves check (a change of the game itself is told by RULES_VERSION).
NOT_IN_GAME_KEY = NOT_IN_STATE_KEY | {
    # the task stack: handler names and the order of the code's small steps
    "Game.tasks": "code",
    # the handler that takes the answer, and its arguments: code, like the tasks
    "Pending.cont": "code",
    "Pending.args": "code",
    # triggers, departures and bursts collected but not yet scheduled: work in progress,
    # which game_key sees once it is asked about or done
    "Game.collected": "queued",
    "Game.leaving": "queued",
    "Game.bursts_pending": "queued",
    # how deeply effect resolutions are nested: when the queued work may be scheduled
    "Game.depth": "queued",
    # depletion to check before the next task: queued work too
    "Game.cores_moved": "queued",
    # the log's length (its wording is in neither key)
    "Game.log_len": "log",
    # the counter that numbers visits to the field; each FieldCard.serial, which
    # once-per-turn effects read, is in game_key
    "Game.serial": "counter",
    # a table setting (people play): whether a flash window with nothing to use is asked
    # all the same; the decisions it asks are in game_key as they come
    "Game.ask_every_flash": "setting",
}

# Shared by a game and its copies: never changed in place, so a copy need not copy them.
# The test changes them by replacing them, as the engine does.
SHARED = (
    Static,  # what never changes during a game (card instances, decks, names)
    CardDef,  # card data (frozen)
    LogEntry,  # log lines, in an immutable linked list
    Pending,  # the pending decision: replaced when a decision is asked or answered
    Mod,  # a lasting change: never changed once made (see Mod), so Game.copy shares them
)

# Values a field may take, where not every value of its type is valid (the key indexes SIDES).
VALUES = {"FieldCard.side": SIDES}

# Mid-game positions: decks, agents, and what the position must show so that most fields
# have realistic values (the first seed and decision after 20 where it holds is used).
POSITIONS = {
    "battle": (
        ("dawnwall", "oath_forge"),
        ("greedy", "greedy"),
        lambda g: g.battle is not None and g.mods and g.known and g.flipped and g.once_used,
    ),
    "imagine": (
        ("wayfarers", "imagine_host"),
        ("random", "greedy"),
        lambda g: any(fc.host2 >= 0 for fc in g.field.values()) and any(p.open_area for p in g.players),
    ),
    "payment": (
        ("wayfarers", "imagine_host"),
        ("random", "greedy"),
        lambda g: g.decision.allocation is not None and g.decision.allocation.sources and g.mods,
    ),
}


def midgame(name: str) -> Game:
    (d1, d2), agent_names, want = POSITIONS[name]
    db = load_cards()
    lists = [load_deck(str(DECKS_DIR / f"{d}.toml"), db).card_list() for d in (d1, d2)]
    for seed in range(1, 40):
        g = Game.new(lists[0], lists[1], seed, db)
        agents = [make_agent(agent_names[0], seed ^ 1), make_agent(agent_names[1], seed ^ 2)]
        while g.pending is not None:
            if g.decisions >= 20 and want(g):
                return g
            d = g.pending.decision
            g.answer(agents[d.player].choose(d, partial(view_for, g, d.player)))
    raise AssertionError(f"no self-play game of {d1} and {d2} reached the position {name!r}: choose another")


@pytest.fixture(scope="module", params=sorted(POSITIONS))
def game(request: pytest.FixtureRequest) -> Game:
    return midgame(request.param)


# ----------------------------------------------------------------- fields and paths


def is_frozen(obj: Any) -> bool:
    return dataclasses.is_dataclass(obj) and type(obj).__dataclass_params__.frozen  # type: ignore[attr-defined]


@dataclasses.dataclass(frozen=True)
class Field:
    """One field reachable from a game: its path (attribute names; list indexes and dict
    keys) and where it is declared."""

    path: tuple[Any, ...]
    owner: type
    name: str
    hint: Any
    in_place: bool  # it may be changed in place (no shared or frozen object on the way)

    @property
    def label(self) -> str:
        return f"{self.owner.__name__}.{self.name}"

    def __str__(self) -> str:
        return "".join(f".{p}" if isinstance(p, str) else f"[{p}]" for p in self.path).lstrip(".")


def fields_of(root: Any) -> list[Field]:
    """Every field of `root` and of the dataclasses it holds (in fields, lists, tuples and
    dict values). Not the Static, card data and log lines in them: never changed in place,
    shared by copies (the fields holding card data and the log are changed as a whole; a
    game's Static never is, and test_static_decks_are_hashed covers what of it is hashed)."""
    out: list[Field] = []

    def visit(obj: Any, path: tuple[Any, ...], in_place: bool) -> None:
        in_place = in_place and not (is_frozen(obj) or isinstance(obj, SHARED))
        hints = get_type_hints(type(obj))
        for f in dataclasses.fields(obj):
            value, here = getattr(obj, f.name), path + (f.name,)
            if isinstance(value, Static):
                continue  # one per game, shared: see test_copy_is_equal_and_shares_only_what_never_changes
            out.append(Field(here, type(obj), f.name, hints[f.name], in_place))
            if isinstance(value, CardDef):
                continue
            if dataclasses.is_dataclass(value):
                visit(value, here, in_place)
            elif isinstance(value, list | tuple | dict):
                for k, x in value.items() if isinstance(value, dict) else enumerate(value):
                    if dataclasses.is_dataclass(x) and not isinstance(x, Static | CardDef | LogEntry):
                        visit(x, here + (k,), in_place and not isinstance(value, tuple))

    visit(root, (), True)
    return out


def get_at(obj: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        obj = getattr(obj, p) if isinstance(p, str) else obj[p]
    return obj


def set_at(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Set the value at `path`; frozen and shared objects on the way are replaced, not
    changed (as the engine does). Returns `obj`, or what replaces it."""
    head, rest = path[0], path[1:]
    if rest:
        value = set_at(get_at(obj, (head,)), rest, value)
    if isinstance(obj, tuple):
        return (*obj[:head], value, *obj[head + 1 :])
    if not isinstance(head, str):
        obj[head] = value
        return obj
    if is_frozen(obj) or isinstance(obj, SHARED):
        return dataclasses.replace(obj, **{head: value})
    setattr(obj, head, value)
    return obj


def examples(hint: Any) -> Iterator[Any]:
    """Distinct values of a type, simplest first."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is bool:
        yield from (False, True)
    elif hint is int or hint is Any or hint is object:
        yield from range(10**6)
    elif hint is str:
        yield from ("x" * n for n in range(10**6))
    elif origin is tuple and args[-1] is Ellipsis:
        first = next(examples(args[0]))
        yield from ((first,) * n for n in range(10**6))
    elif origin is tuple:
        rest = tuple(next(examples(a)) for a in args[1:])
        yield from ((x, *rest) for x in examples(args[0]))
    elif origin in (Union, types.UnionType):
        yield from examples(next(a for a in args if a is not type(None)))
    elif dataclasses.is_dataclass(hint):
        # its first field varies; the other fields without a default take their simplest value
        hints, (first, *rest) = get_type_hints(hint), dataclasses.fields(hint)
        required = (f.name for f in rest if f.default is dataclasses.MISSING is f.default_factory)
        others = {n: next(examples(hints[n])) for n in required}
        yield from (hint(**{first.name: x}, **others) for x in examples(hints[first.name]))
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        yield from hint
    else:
        raise TypeError(f"no example of {hint!r}: teach tests/test_copy_hash.py")


def fresh(hint: Any, taken: Any) -> Any:
    return next(x for x in examples(hint) if x not in taken)


def changed(f: Field, value: Any) -> Any:
    """Another valid-typed value for field `f` (lists and dicts changed in place when `f`
    may be: a copy sharing them would show it)."""
    hint = f.hint
    origin, args = get_origin(hint), get_args(hint)
    if f.label in VALUES:
        allowed = VALUES[f.label]
        return allowed[(allowed.index(value) + 1) % len(allowed)]
    if origin in (Union, types.UnionType):
        return next(examples(hint)) if value is None else None
    if hint is Any or hint is object:
        hint = type(value)
    if isinstance(value, enum.Enum):
        members = list(type(value))
        return members[(members.index(value) + 1) % len(members)]
    if hint is bool:
        return not value
    if hint is int:
        return value + 1
    if hint is str:
        return value + "x"
    if origin is list:
        more = value[-1] if value else next(examples(args[0]))
        if f.in_place:
            value.append(more)
            return value
        return [*value, more]
    if origin is dict:
        k = fresh(args[0], value)
        v = next(iter(value.values())) if value else next(examples(args[1]))
        if f.in_place:
            value[k] = v
            return value
        return {**value, k: v}
    if origin is frozenset:
        return value | {fresh(args[0], value)}
    if origin is tuple and args[-1] is Ellipsis:
        return (*value, value[0]) if value else (next(examples(args[0])),)
    if dataclasses.is_dataclass(value):
        first = dataclasses.fields(value)[0]
        inner = Field(f.path + (first.name,), type(value), first.name, get_type_hints(type(value))[first.name], False)
        return dataclasses.replace(value, **{first.name: changed(inner, getattr(value, first.name))})
    raise TypeError(f"{f} ({f.label}): no way to change a {hint!r}: teach tests/test_copy_hash.py")


def change(g: Game, f: Field) -> None:
    set_at(g, f.path, changed(f, get_at(g, f.path)))


# ----------------------------------------------------------------- whole values


def snapshot(x: Any) -> Any:
    """A plain, comparable value of everything in `x` (shared objects by identity)."""
    if isinstance(x, Static | CardDef):
        return ("shared", type(x).__name__, id(x))
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], LogEntry):
        return ("log", tuple(snapshot(e) for e in log_entries(x)))
    if dataclasses.is_dataclass(x):
        return (type(x).__name__, tuple(snapshot(getattr(x, f.name)) for f in dataclasses.fields(x)))
    if isinstance(x, dict):
        return ("dict", tuple(sorted(((repr(k), snapshot(v)) for k, v in x.items()), key=lambda kv: kv[0])))
    if isinstance(x, list | tuple):
        return (type(x).__name__, tuple(snapshot(v) for v in x))
    if isinstance(x, set | frozenset):
        return ("set", tuple(sorted((snapshot(v) for v in x), key=repr)))
    return (type(x).__name__, x)


def mutable_parts(x: Any, path: str = "game") -> Iterator[tuple[int, str]]:
    """(id, path) of every object in `x` that can change in place, shared types aside."""
    if isinstance(x, SHARED):
        return
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], LogEntry):
        return
    if isinstance(x, list | dict | set | bytearray) or (dataclasses.is_dataclass(x) and not is_frozen(x)):
        yield id(x), path
    if dataclasses.is_dataclass(x):
        for f in dataclasses.fields(x):
            yield from mutable_parts(getattr(x, f.name), f"{path}.{f.name}")
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from mutable_parts(v, f"{path}[{k!r}]")
    elif isinstance(x, list | tuple | set | frozenset):
        for i, v in enumerate(x):
            yield from mutable_parts(v, f"{path}[{i}]")


# ----------------------------------------------------------------- the tests


def test_the_positions_show_every_kind_of_state() -> None:
    """Between them the positions reach every class a game holds, so each is walked."""
    seen = {f.owner.__name__ for name in POSITIONS for f in fields_of(midgame(name))}
    want = {"Game", "Player", "FieldCard", "Battle", "Mod", "Pending", "Decision", "Allocation", "CoreSource"}
    assert want <= seen, f"no position holds {want - seen}"


def test_allow_lists_name_real_fields() -> None:
    classes = {c.__name__: c for c in (Game, Pending, Decision)}
    for label in NOT_IN_GAME_KEY:
        cls, name = label.split(".")
        assert name in {f.name for f in dataclasses.fields(classes[cls])}, f"{label} is not a field: update the list"


def test_copy_is_equal_and_shares_only_what_never_changes(game: Game) -> None:
    c = game.copy()
    for name in Game.__slots__:  # type: ignore[attr-defined]
        assert snapshot(getattr(c, name)) == snapshot(getattr(game, name)), f"Game.{name} differs in the copy"
    assert c.static is game.static  # one Static per game, however many copies
    assert c.defs is game.defs and c.log is game.log  # immutable, shared (see Game.defs, LogChain)
    mine = dict(mutable_parts(game))
    shared = [path for i, path in mutable_parts(c) if i in mine]
    assert not shared, f"the copy shares mutable objects with its original: {shared}"


def test_every_field_is_copied(game: Game) -> None:
    problems = []
    for f in fields_of(game):
        # a change to the copy does not show in the original
        original = game.copy()
        c = original.copy()
        before = snapshot(original)
        change(c, f)
        if snapshot(original) != before:
            problems.append(f"{f}: changing it in a copy changes the original")
        # copy() carries the changed value (it lists the field)
        if snapshot(get_at(c.copy(), f.path)) != snapshot(get_at(c, f.path)):
            problems.append(f"{f}: a copy does not keep a changed value (copy() leaves it out?)")
        # a change to the original does not show in a copy
        original = game.copy()
        c = original.copy()
        before = snapshot(c)
        change(original, f)
        if snapshot(c) != before:
            problems.append(f"{f}: changing it in the original changes a copy")
    assert not problems, "\n".join(problems)


def test_every_field_is_hashed(game: Game) -> None:
    problems = []
    for f in fields_of(game):
        c = game.copy()
        state0, game0, hash0 = c.state_key(), c.game_key(), c.state_hash()
        change(c, f)
        state1, game1, hash1 = c.state_key(), c.game_key(), c.state_hash()
        want_state, want_game = f.label not in NOT_IN_STATE_KEY, f.label not in NOT_IN_GAME_KEY
        if (state1 != state0) != want_state:
            problems.append(f"{f}: changing it {'leaves' if want_state else 'changes'} state_key()")
        if (game1 != game0) != want_game:
            problems.append(f"{f}: changing it {'leaves' if want_game else 'changes'} game_key()")
        if (hash1 != hash0) != want_game:
            problems.append(f"{f}: changing it {'leaves' if want_game else 'changes'} state_hash()")
    assert not problems, "\n".join(problems) + (
        "\n(a field left out on purpose goes into an allow-list of tests/test_copy_hash.py, with the reason)"
    )


def test_defs_are_derived(game: Game) -> None:
    """`Game.defs` is left out of the keys because the hashed fields fix it."""
    expected = tuple(game.card(game.field[x].top) if x in game.field else game.card(x) for x in range(len(game.defs)))
    assert game.defs == expected


def test_static_decks_are_hashed(game: Game) -> None:
    """Static is shared, not copied; what of it tells games apart (the decks) is hashed."""
    c = game.copy()
    c.static = dataclasses.replace(c.static, decks=(c.static.decks[0] + c.static.decks[0][:1], c.static.decks[1]))
    assert c.game_key() != game.game_key(), "game_key() leaves out the deck lists (Static.decks)"
