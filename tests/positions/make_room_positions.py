"""Write the position files of tests/test_tui_room.py (issue 19: nothing hidden without a
sign): for each system deck, the busiest moment of a seeded self-play game, the decision of
player 1 (the person's seat in `bs-tui play --position`) with the most cards on both fields
and in the hand.

Each file starts where a real game's turn 1 starts (the hands and decks as `Game.new` dealt
them, the opening's contract card included) and leads there by `answers`, the self-play
game's own, so the position has everything the rule systems put on the table (advent
sources, tokens, soul state, the open area, the count...) and stays a plain position file.
The games are played from the position itself, so the file replays them exactly.

    python tests/positions/make_room_positions.py          # rewrite the files
    python tests/positions/make_room_positions.py --check  # only say what they would be

Seeded: the same files on any machine (no time budget anywhere).
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bs_tui.agents import make_agent, view_fn
from bs_tui.engine import Decision, Game, Kind, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.positions import MAX_ANSWERS, position_from_toml, read_position
from bs_tui.engine.scenario import position, side
from bs_tui.engine.view import PlayerView, view_for

HERE = Path(__file__).resolve().parent
PERSON = 0  # the seat `bs-tui play --position` gives the person
# one deck for each rule system, and the system it exercises
SYSTEM_DECKS = {
    "advent_host": "advent",
    "chrysalis_court": "rebirth",
    "forge_walkers": "grandwalkers",
    "pact_embers": "contracts",
    "imagine_host": "braves (imagine and myth)",
    "radiant_choir": "bursts",
    "kindled_horde": "tokens",
    "wayfarers": "the open area",
    "crowned_flame": "ultimates",
    "crown_siege": "nexuses",
    "reckoning_tide": "the count",
}
SEEDS = range(1, 7)
AGENTS = ("greedy", "easy", "builder")
PEACE = 20  # the builder attacks from this turn on only: the fields fill up before


class Builder:
    """The greedy AI that holds its attacks until turn PEACE: crowded fields, as in a long
    game of two careful players."""

    name = "builder"

    def __init__(self, seed: int) -> None:
        self.greedy = make_agent("greedy", seed)

    def choose(self, d: Decision, view: Callable[[], PlayerView]) -> Any:
        if d.kind == Kind.ATTACK and ("end",) in d.options and view().turn < PEACE:
            return ("end",)
        return self.greedy.choose(d, view)


def agent_of(name: str, seed: int) -> Any:
    return Builder(seed) if name == "builder" else make_agent(name, seed)


def busy(v: PlayerView) -> int:
    """Lines of cards the board shows: both fields (braves and advent sources, the burst
    area and the open area too) and the hand."""
    n = len(v.you.hand or ())
    for s in v.sides:
        n += sum(1 + len(f.sources) for f in s.field)
        n += len(s.mirage) + len(s.burst) + len(s.open_area) + len(s.open_down or ()) + bool(s.open_down_count)
    return n


def only_pass(d: Decision) -> bool:
    """Answered by the table without asking the person (as the table's own `only_pass` says)."""
    return (d.kind == Kind.FLASH and d.options == (("pass",),)) or (d.kind == Kind.YES_NO and d.options == (False,))


def shown_on_the_table(d: Decision) -> bool:
    """A person's decision the table screen itself shows (moving cores opens a screen over it)."""
    return d.player == PERSON and not only_pass(d) and d.kind not in (Kind.MOVE_CORES, Kind.CHOOSE_ORDER)


def toml_answer(a: Any) -> Any:
    if isinstance(a, tuple | list):
        return [toml_answer(x) for x in a]
    assert isinstance(a, str | bool | int), a
    return a


def dealt(deck: str, other: str, seed: int) -> tuple[dict[str, Any], int]:
    """The turn-1 start of a real game of `deck` against `other`: each player's position
    table as `Game.new` dealt it (the contract card set aside included), and who goes first."""
    db = load_cards()
    g = Game.new(load_deck(deck, db).card_list(), load_deck(other, db).card_list(), seed, db)
    while g.decision is not None and g.turn == 0:
        d = g.decision
        g.answer(True if d.kind == Kind.YES_NO and True in d.options else d.options[0])
    assert g.turn == 1 and g.decision is not None and g.decision.kind == Kind.MAIN_ACTION, g.decision
    players = []
    for pl in g.players:
        assert not pl.field and not pl.trash and pl.soul < 0
        players.append(
            {
                "hand": [g.defs[c].id for c in pl.hand],
                "deck": [g.defs[c].id for c in pl.deck],
                "life": pl.life,
                "reserve": pl.reserve,
            }
        )
    return {"players": players}, g.active


def start(table: dict[str, Any], first: int, seed: int) -> Game:
    p1, p2 = (side(hand=p["hand"], deck=p["deck"], life=p["life"], reserve=p["reserve"]) for p in table["players"])
    return position(p1, p2, active=first, turn=1, step="main", seed=seed)


@dataclass
class Moment:
    deck: str
    other: str
    seed: int
    agent: str
    table: dict[str, Any]
    first: int
    answers: list[Any]
    busy: int
    options: int
    kind: str


def play(deck: str, other: str, seed: int, agent: str) -> Iterator[tuple[Game, list[Any], Any]]:
    """The decisions of a seeded self-play game from its turn-1 position (at most
    MAX_ANSWERS answers in): the game, the answers that led there and the position table."""
    table, first = dealt(deck, other, seed)
    g = start(table, first, seed)
    agents = [agent_of(agent, seed), agent_of(agent, seed + 50)]
    answers: list[Any] = []
    while g.decision is not None and len(answers) <= MAX_ANSWERS:
        yield g, answers, (table, first)
        d = g.decision
        agent_ = agents[d.player]
        a = agent_.choose(d, view_fn(agent_, lambda knows, p=d.player: view_for(g, p, knowledge=knows)))
        answers.append(a)
        g.answer(a)


def busiest(deck: str, other: str, seed: int, agent: str) -> Moment | None:
    best: Moment | None = None
    for g, answers, (table, first) in play(deck, other, seed, agent):
        d = g.decision
        assert d is not None
        if shown_on_the_table(d):
            score = (busy(view_for(g, PERSON)), len(d.options))
            if best is None or score > (best.busy, best.options):
                best = Moment(deck, other, seed, agent, table, first, answers[:], *score, str(d.kind))
    return best


def write(m: Moment, path: Path, what: str) -> None:
    """The position file, an answer a line (JSON arrays of text, numbers and true/false are
    TOML arrays too)."""
    about = (
        f"{what}: {m.deck} against {m.other}, seed {m.seed}, {m.agent} self-play; player 1's {m.kind}"
        f" decision with {m.busy} cards on both fields and in the hand. Written by"
        " tests/positions/make_room_positions.py for tests/test_tui_room.py."
    )
    lines = [
        *textwrap.wrap(about, 90, initial_indent="# ", subsequent_indent="# "),
        f"active = {m.first}",
        "turn = 1",
        'step = "main"',
        f"seed = {m.seed}",
        "answers = [",
        *(f"  {json.dumps(toml_answer(a))}," for a in m.answers),
        "]",
    ]
    for p in m.table["players"]:
        lines += ["", "[[player]]"] + [f"{k} = {json.dumps(p[k])}" for k in ("hand", "deck", "life", "reserve")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def asked(d: Decision | None) -> bool:
    """A decision the person is asked (not one the table answers at once)."""
    return d is not None and d.player == PERSON and not only_pass(d) and d.kind != Kind.CHOOSE_ORDER


def kinds_in(path: Path) -> dict[Kind, tuple[int, int]]:
    """Each kind of decision the person is asked on the way to the position of `path`:
    (answers to keep to reach it, its options), the one with the most options."""
    pos = read_position(path)
    g = position(pos.sides[0], pos.sides[1], pos.active, pos.turn, pos.step, pos.seed)
    out: dict[Kind, tuple[int, int]] = {}
    for i in range(len(pos.answers) + 1):
        d = g.decision
        if asked(d):
            assert d is not None
            if d.kind not in out or len(d.options) > out[d.kind][1]:
                out[d.kind] = (i, len(d.options))
        if i < len(pos.answers):
            g.answer(pos.answers[i])
    return out


def kinds_table(files: list[Path]) -> dict[Kind, tuple[str, int, list[Any]]]:
    """For every kind a position file shows: (file, answers to keep, answers to add)."""
    table: dict[Kind, tuple[str, int, list[Any]]] = {}
    most: dict[Kind, int] = {}
    for path in files:
        for k, (n, options) in kinds_in(path).items():
            if options > most.get(k, -1):
                table[k], most[k] = (path.name, n, []), options
    if Kind.MOVE_CORES not in table and Kind.MAIN_ACTION in table:
        name, n, _ = table[Kind.MAIN_ACTION]  # m in the Main Step: the cores screen
        table[Kind.MOVE_CORES] = (name, n, [["move_cores"]])
    return table


def first_asking(kinds: set[Kind]) -> Moment | None:
    """The game asking the person each of `kinds` soonest, up to the last of them (a short
    way there: a quick position to load)."""
    best: Moment | None = None
    for deck in (p.stem for p in shipped_decks()):
        for seed in SEEDS:
            for agent in AGENTS:
                seen: set[Kind] = set()
                for g, answers, (table, first) in play(deck, deck, seed, agent):
                    if best is not None and len(answers) >= len(best.answers):
                        break
                    d = g.decision
                    if d is not None and asked(d) and d.kind in kinds:
                        seen.add(d.kind)
                        if seen == kinds:
                            v = view_for(g, PERSON)
                            best = Moment(
                                deck, deck, seed, agent, table, first, answers[:], busy(v), len(d.options), str(d.kind)
                            )
                            break
    return best


def main(argv: list[str]) -> int:
    check = "--check" in argv
    files = []
    for deck in SYSTEM_DECKS:
        best: Moment | None = None
        for seed in SEEDS:
            for agent in AGENTS:
                m = busiest(deck, deck, seed, agent)
                if m is not None and (best is None or (m.busy, m.options) > (best.busy, best.options)):
                    best = m
        assert best is not None, deck
        print(f"{deck}: {best.busy} cards, {best.options} options, {best.kind}, seed {best.seed} {best.agent}")
        if check:
            continue
        path = HERE / f"busiest_{deck}.toml"
        write(best, path, f"The busiest moment of {deck} ({SYSTEM_DECKS[deck]})")
        files.append(path)
        g = position_from_toml(path)  # it replays to that very decision
        d = g.decision
        assert d is not None and shown_on_the_table(d) and busy(view_for(g, PERSON)) == best.busy, path
    if check:
        return 0
    # the kinds no busiest moment's way there asks the person: the first game that asks them all
    missing = set(Kind) - {Kind.CHOOSE_ORDER} - set(kinds_table(files))
    if missing:
        m = first_asking(missing)
        assert m is not None, f"no game asks {missing}"
        write(m, HERE / "kinds.toml", f"The decisions {', '.join(sorted(missing))} asked on the way")
        files.append(HERE / "kinds.toml")
    print("KINDS = {  # for tests/test_tui_room.py")
    for k, (name, n, extra) in sorted(kinds_table(files).items()):
        print(f"    Kind.{k.name}: ({name!r}, {n}, {extra!r}),")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
