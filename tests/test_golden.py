"""Pinned games (issue 17): seeded self-play games of every shipped deck give exactly the
state hashes recorded in `tests/golden/games.json`.

A refactor that claims "same games, same hashes" is checked here: each game is replayed
with the same decks, seed and agents, and its `Game.state_hash()` compared after fixed
decision numbers and at the end, with its number of decisions and its winner.

Each deck plays fixed partners (the starter decks) with a seed made from its name, so that
adding a deck or a card pins new games and leaves the others as they were. The file records
`RULES_VERSION` (bs_tui/engine/model/game.py) and, for each game, a digest of the card data
of the cards its two decks can bring (tokens too). A game whose digest differs from the
engine's cards, or a RULES_VERSION that differs, makes the test ask for a regeneration, so
that a change of rules is a decision, not a silent drift. Regenerate deliberately, from the
repository root, with

    .venv/bin/python tests/test_golden.py --update

It refuses when a pinned game changed while RULES_VERSION and that game's cards did not: a
change that gives other games is a change of rules (saves of the old games no longer
replay), so bump RULES_VERSION first. `--update --force` is for a change that alters the
pinned games without altering any save, such as a change of the agents.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bs_tui.agents import make_agent
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.model.game import RULES_VERSION
from bs_tui.engine.systems.tokens import tokens_named
from bs_tui.engine.view import view_for

GOLDEN = Path(__file__).resolve().parent / "golden" / "games.json"
UPDATE = ".venv/bin/python tests/test_golden.py --update"
# Decision numbers after which the hash is pinned (those a game reaches): a divergence is
# then located to a stretch of the game, not only seen at its end.
CHECKPOINTS = (0, 5, 15, 30, 60, 100, 150, 250)
# Far above any pinned game's length (the longest is a few hundred): a game that runs
# away fails instead of hanging the suite.
MAX_DECISIONS = 5_000
# Each deck plays these partners (starter decks, shipped for good), as the first player and
# as the second, with all four pairings of random and greedy agents: random agents reach
# the rarer rules, greedy ones long boards. The whole replay takes about a second.
PARTNERS = (
    ("crimson_dawn", ("random", "greedy")),
    ("verdant_tide", ("greedy", "random")),
    ("twilight_ossuary", ("random", "random")),
    ("ivory_bastion", ("greedy", "greedy")),
)


@dataclass(frozen=True)
class Spec:
    decks: tuple[str, str]  # deck file stems in decks/
    agents: tuple[str, str]
    seed: int

    def label(self) -> str:
        return f"{self.decks[0]} vs {self.decks[1]}, {self.agents[0]} vs {self.agents[1]}, seed {self.seed}"


def deck_lists() -> dict[str, list[str]]:
    db = load_cards()
    return {p.stem: load_deck(str(p), db).card_list() for p in shipped_decks()}


def deck_digest(cards: list[str]) -> str:
    return hashlib.blake2b("\n".join(cards).encode(), digest_size=8).hexdigest()


def cards_digest(cards: list[str]) -> str:
    """A digest of the card data of `cards` and of the tokens they can bring: what a game of
    them depends on, so that other cards may be added or changed without touching it."""
    db = load_cards()
    ids = set(cards) | set(tokens_named(sorted(set(cards)), db))
    text = "\n".join(repr(db[c]) for c in sorted(ids))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def stable_seed(name: str, k: int) -> int:
    return int.from_bytes(hashlib.blake2b(f"{name}/{k}".encode(), digest_size=4).digest(), "big")


def plan(names: list[str]) -> list[Spec]:
    """The pinned games for these decks: each against every partner, the partners' own games
    once; each deck's games depend on its name alone."""
    specs = []
    for name in sorted(names):
        for k, (partner, agents) in enumerate(PARTNERS):
            if partner not in names or (name == partner and k):
                continue
            pair = (name, partner) if k % 2 == 0 else (partner, name)
            specs.append(Spec(pair, agents, stable_seed(name, k)))
    return specs


def play(spec: Spec, lists: dict[str, list[str]]) -> dict[str, Any]:
    """Play one game headless; what the golden file records of it."""
    db = load_cards()
    g = Game.new(lists[spec.decks[0]], lists[spec.decks[1]], spec.seed, db)
    agents = [make_agent(spec.agents[0], spec.seed ^ 1), make_agent(spec.agents[1], spec.seed ^ 2)]
    hashes: dict[str, str] = {}
    while True:
        if g.decisions in CHECKPOINTS:
            hashes[str(g.decisions)] = g.state_hash()
        if g.pending is None:
            break
        if g.decisions >= MAX_DECISIONS:
            raise AssertionError(f"{spec.label()}: no end after {MAX_DECISIONS} decisions")
        d = g.pending.decision
        g.answer(agents[d.player].choose(d, partial(view_for, g, d.player)))
    return {
        "decisions": g.decisions,
        "winner": g.winner,
        "turn": g.turn,
        "final": g.state_hash(),
        "hashes": hashes,
    }


def game_digest(spec: Spec, lists: dict[str, list[str]]) -> str:
    return cards_digest(lists[spec.decks[0]] + lists[spec.decks[1]]) + deck_digest(
        lists[spec.decks[0]] + ["/"] + lists[spec.decks[1]]
    )


def record(lists: dict[str, list[str]]) -> dict[str, Any]:
    games = []
    for spec in plan(sorted(lists)):
        games.append(
            {
                "decks": list(spec.decks),
                "agents": list(spec.agents),
                "seed": spec.seed,
                "digest": game_digest(spec, lists),
            }
            | play(spec, lists)
        )
    return {"rules_version": RULES_VERSION, "checkpoints": list(CHECKPOINTS), "games": games}


def stale(golden: dict[str, Any], lists: dict[str, list[str]]) -> str:
    """Why the golden file no longer describes the engine's games ("" when it does)."""
    why = []
    if golden["rules_version"] != RULES_VERSION:
        why.append(f"RULES_VERSION is {RULES_VERSION}, the golden games were played with {golden['rules_version']}")
    pinned = {(tuple(g["decks"]), tuple(g["agents"]), g["seed"]): g for g in golden["games"]}
    for spec in plan(sorted(lists)):
        game = pinned.get((spec.decks, spec.agents, spec.seed))
        if game is None:
            why.append(f"{spec.label()} is not pinned")
        elif game["digest"] != game_digest(spec, lists):
            why.append(f"the cards or decks of {spec.label()} changed")
    if len(pinned) != len(plan(sorted(lists))):
        why.append("a pinned game is no longer planned (a deck went)")
    if not why:
        return ""
    return "; ".join(why[:5]) + f". If that is deliberate, regenerate the golden games: {UPDATE}"


def divergence(spec: Spec, want: dict[str, Any], got: dict[str, Any]) -> str:
    """Where a replayed game first differs from its pinned record ("" when it does not)."""
    matched = -1
    for n in sorted(set(want["hashes"]) | set(got["hashes"]), key=int):
        if want["hashes"].get(n) != got["hashes"].get(n):
            where = f"after decision {n}" + (f" (decision {matched} still matched)" if matched >= 0 else "")
            return f"{spec.label()}: the state hash differs {where}"
        matched = int(n)
    for k in ("decisions", "winner", "turn", "final"):
        if want[k] != got[k]:
            return f"{spec.label()}: {k} is {got[k]!r}, pinned {want[k]!r}"
    return ""


def dumps(golden: dict[str, Any]) -> str:
    """JSON with one line per game, so that a regeneration's diff shows which games changed."""
    head = {k: v for k, v in golden.items() if k != "games"}
    lines = json.dumps(head, indent=1)[:-2] + ',\n "games": [\n'
    lines += ",\n".join("  " + json.dumps(game) for game in golden["games"])
    return lines + "\n ]\n}\n"


def load_golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


def test_golden_matches_the_engine() -> None:
    """RULES_VERSION, the card data and the decks are those the games were pinned with."""
    assert not (why := stale(load_golden(), deck_lists())), why


def test_every_deck_is_pinned_twice() -> None:
    golden = load_golden()
    seen: dict[str, int] = {}
    for game in golden["games"]:
        for name in set(game["decks"]):
            seen[name] = seen.get(name, 0) + 1
    few = {name: seen.get(name, 0) for name in deck_lists() if seen.get(name, 0) < 2}
    assert not few, f"decks in fewer than two pinned games: {few}; regenerate: {UPDATE}"
    assert {tuple(game["agents"]) for game in golden["games"]} >= {("random", "greedy"), ("greedy", "random")}


def test_pinned_games_replay_to_the_same_hashes() -> None:
    golden = load_golden()
    lists = deck_lists()
    # a stale file would fail every game below for a reason told better by this
    assert not (why := stale(golden, lists)), why
    assert golden["checkpoints"] == list(CHECKPOINTS), f"the checkpoints changed; regenerate: {UPDATE}"
    problems = []
    for game in golden["games"]:
        spec = Spec(tuple(game["decks"]), tuple(game["agents"]), game["seed"])  # type: ignore[arg-type]
        if problem := divergence(spec, game, play(spec, lists)):
            problems.append(problem)
    assert not problems, (
        f"{len(problems)} of {len(golden['games'])} pinned games differ while RULES_VERSION ({RULES_VERSION}), "
        "the card data and the decks are unchanged. A change meant to give the same games does not; "
        "a change of rules must bump RULES_VERSION in bs_tui/engine/model/game.py and then regenerate "
        f"with {UPDATE}.\n" + "\n".join(problems[:10])
    )


def update(force: bool) -> int:
    """Write the golden file afresh; see the module docstring for when it refuses."""
    lists = deck_lists()
    new = record(lists)
    if GOLDEN.exists() and not force:
        old = load_golden()
        if old.get("rules_version") == RULES_VERSION and old.get("checkpoints") == new["checkpoints"]:
            before = {(tuple(g["decks"]), tuple(g["agents"]), g["seed"], g.get("digest")): g for g in old["games"]}
            changed = [
                Spec(tuple(g["decks"]), tuple(g["agents"]), g["seed"]).label()  # type: ignore[arg-type]
                for g in new["games"]
                if (k := (tuple(g["decks"]), tuple(g["agents"]), g["seed"], g["digest"])) in before and before[k] != g
            ]
            if changed:
                print(
                    f"{len(changed)} pinned games changed while RULES_VERSION ({RULES_VERSION}) and their cards "
                    "did not, e.g. " + "; ".join(changed[:3]) + ".\nBump RULES_VERSION in "
                    "bs_tui/engine/model/game.py if the rules changed; add --force only if no save can be "
                    "affected (a change of the agents, say). Nothing written.",
                    file=sys.stderr,
                )
                return 1
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(dumps(new))
    print(f"wrote {len(new['games'])} games to {GOLDEN}")
    return 0


if __name__ == "__main__":
    args = set(sys.argv[1:])
    if "--update" not in args or not args <= {"--update", "--force"}:
        print(f"usage: {UPDATE} [--force]", file=sys.stderr)
        sys.exit(2)
    sys.exit(update("--force" in args))
