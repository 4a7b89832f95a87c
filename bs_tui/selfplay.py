"""Self-play: agents play complete games headless while every decision is checked
against the invariants (cards and cores conserved, no negative counts, levels
consistent with cores). Prints one JSON line of figures."""

from __future__ import annotations

import hashlib
import json
import os
import resource
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from bs_tui.agents import make_agent, view_fn
from bs_tui.engine import Game, load_cards, load_deck
from bs_tui.engine.core.rng import below, next_u64, seed_state
from bs_tui.engine.data.decks import shipped_decks
from bs_tui.engine.model.derived import actives
from bs_tui.engine.model.predicates import levelled
from bs_tui.engine.model.state import CORES_PER_PLAYER, SOUL_PLACES
from bs_tui.engine.view import view_for

MAX_DECISIONS = 20_000


def invariant_problems(g: Game) -> list[str]:
    """What is wrong with a state at a decision point (empty when all holds)."""
    out: list[str] = []
    n_cards = len(g.static.defs)
    seen = [0] * n_cards
    for pi, p in enumerate(g.players):
        objects = [c for oid in p.field if oid in g.field for c in (*g.field[oid].cards, *g.field[oid].under)]
        zones = (p.deck, p.hand, objects, p.trash, p.burst, p.mirage, p.removed, p.tokens, p.open_area, p.open_down)
        for zone in zones:
            for cid in zone:
                seen[cid] += 1
                if g.static.owner[cid] != pi:
                    out.append(f"card {cid} of player {g.static.owner[cid]} is in player {pi}'s zones")
        on_cards = 0
        for cid in p.field:
            fc = g.field.get(cid)
            if fc is None:
                out.append(f"card {cid} in player {pi}'s field list has no field state")
                continue
            if fc.cores < 0:
                out.append(f"card {cid} has {fc.cores} cores")
            on_cards += fc.cores
            d = g.defs[cid]
            total = fc.cores + (p.soul == cid)
            if fc.host >= 0:
                for h in (fc.host, fc.host2) if fc.host2 >= 0 else (fc.host,):
                    hf = g.field.get(h)
                    if total or hf is None or hf.brave != cid:
                        out.append(f"brave {d.name} ({cid}) is braved to {h} inconsistently or holds cores")
                if fc.host2 >= 0 and {g.field[h].side for h in (fc.host, fc.host2) if h in g.field} != {
                    "left",
                    "right",
                }:
                    out.append(f"imagine brave {d.name} ({cid}) has two hosts not on its two sides")
            elif fc.host2 >= 0:
                out.append(f"brave {d.name} ({cid}) has a second host and no first")
            elif fc.soul_state:
                if total:  # 001: no cores can be on a card in soul state
                    out.append(f"{d.name} ({cid}) is in soul state with {total} cores on it")
            elif levelled(g, cid) and not fc.leaving and total < d.lv1_cores and not g.over:
                # once life is 0 the game ends at that moment (000 victory conditions:
                # 在那个时点对战立即结束), before depletion is checked: a spirit paid down with
                # the last life core in the same payment stays as the game left it
                out.append(f"{d.name} ({cid}) has {total} cores, below Lv1 ({d.lv1_cores}), and was not depleted")
            if fc.brave >= 0 and (
                fc.brave not in g.field or cid not in (g.field[fc.brave].host, g.field[fc.brave].host2)
            ):
                out.append(f"{d.name} ({cid}) names brave {fc.brave} which is not braved to it")
        if len(p.burst) > 1 or len(p.mirage) > 1:
            out.append(f"player {pi} has {len(p.burst)} bursts and {len(p.mirage)} mirages set")
        for name in ("life", "reserve", "trash_cores", "count", "void"):
            if getattr(p, name) < 0:
                out.append(f"player {pi} {name} is {getattr(p, name)}")
        total = p.life + p.reserve + p.trash_cores + p.count + p.void + on_cards
        if total != CORES_PER_PLAYER:
            out.append(f"player {pi} has {total} plain cores, not {CORES_PER_PLAYER}")
        if p.soul >= 0:
            if p.soul not in p.field:
                out.append(f"player {pi}'s Soul Core is on card {p.soul}, which is not on their field")
        elif p.soul not in SOUL_PLACES:  # reserve, trash, life, or removed from the game (Soul Drive)
            out.append(f"player {pi}'s Soul Core is nowhere ({p.soul})")
    bad = [c for c, k in enumerate(seen) if k != 1]
    if bad:
        out.append(f"cards not in exactly one zone: {bad[:10]}")
    if set(g.field) != set(g.players[0].field) | set(g.players[1].field):
        out.append("field state and field lists disagree")
    return out


@dataclass(slots=True)
class Result:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    errors: int = 0
    invariant_violations: int = 0
    hashes: list[str] = field(default_factory=list)
    first_problem: str = ""
    # how often each rule system's events happened (the log's tags: "u_hit", ...)
    systems: dict[str, int] = field(default_factory=dict)

    def count_systems(self, g: Game) -> None:
        node = g.log
        while node is not None:
            tag = node[0].tag
            if tag:
                self.systems[tag] = self.systems.get(tag, 0) + 1
            node = node[1]

    def count_held(self, held: set[tuple[int, int, str]]) -> None:
        for *_, tag in held:
            self.systems[tag] = self.systems.get(tag, 0) + 1

    def summary(self) -> dict[str, object]:
        h = hashlib.blake2b(digest_size=16)
        for x in self.hashes:
            h.update(x.encode())
        s = self.seconds or 1e-9
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return {
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "decisions_per_s": round(self.decisions / s, 1),
            "games_per_s": round(self.games / s, 2),
            "wins": {"player1": self.wins[0], "player2": self.wins[1]},
            "errors": self.errors,
            "invariant_violations": self.invariant_violations,
            "peak_rss_mb": round(rss, 1),
            "systems": dict(sorted(self.systems.items())),
            "hash": h.hexdigest(),
        }


def pairings(n: int, seed: int, decks: list[str]) -> list[tuple[str, str]]:
    """Seeded random pairings of the shipped decks (never a deck against itself when
    there are two or more)."""
    st = seed_state(seed ^ 0x5EED)
    out = []
    for _ in range(n):
        st, a = below(st, len(decks))
        st, b = below(st, len(decks))
        if len(decks) > 1:
            while b == a:
                st, b = below(st, len(decks))
        out.append((decks[a], decks[b]))
    return out


def play_one(
    g: Game,
    agents: list,
    check: bool,
    res: Result,
    save: Path | None = None,
    seed: int | None = None,
    decks: tuple[str, str] | None = None,
) -> None:
    journal = None
    if save is not None:
        from bs_tui.saves import Journal

        # no fdatasync per line: a plain write already survives kill -9, and self-play is bulk
        controls = (agents[0].name, agents[1].name)
        journal = Journal.create(
            save, g, seed=seed, mode="selfplay", controls=controls, decks=decks, sync=False, unique=True
        )
    # an agent that searches gets its seat's knowledge with its view (never the game)
    views = [view_fn(a, lambda knows, seat=seat: view_for(g, seat, knows)) for seat, a in enumerate(agents)]
    held: set[tuple[int, int, str]] = set()  # the continuous and lasting effects seen holding
    while g.pending is not None:
        d = g.pending.decision
        ans = agents[d.player].choose(d, views[d.player])
        g.answer(ans)
        if journal is not None:
            journal.append(ans, g)
        res.decisions += 1
        if check:
            holding(g, held)
            probs = invariant_problems(g)
            if probs:
                res.invariant_violations += 1
                if not res.first_problem:
                    res.first_problem = "; ".join(probs)
                break
        if g.decisions > MAX_DECISIONS:
            raise RuntimeError(f"the game did not end within {MAX_DECISIONS} decisions")
    res.count_held(held)
    if journal is not None:
        journal.close()


def holding(g: Game, held: set[tuple[int, int, str]]) -> None:
    """Note each continuous effect holding now, by what it does ("continuous_bp",
    "continuous_forbid_attack", ...), and each lasting "cannot" an effect left ("lasting_*"):
    the log tags only events, and these change what happens without one. Each (card, card it
    works for, kind) counts once a game."""
    for a in actives(g):
        for s in a.effect.steps:
            what = f"forbid_{s.get('what')}" if s.verb == "forbid" else s.verb
            held.add((a.src, a.this, f"continuous_{what}"))
    for m in g.mods:
        if m.kind.startswith("cannot_"):
            held.add((m.cid, -1, f"lasting_{m.kind}"))
    for i, f in enumerate(g.forbids):
        held.add((-1 - i, f[1], f"lasting_{f[0]}"))


def selfplay(
    games: int,
    seed: int,
    agent_names: tuple[str, str] = ("random", "random"),
    decks: list[str] | None = None,
    check: bool = True,
    save_dir: Path | None = None,
    budget: float | None = None,
    iterations: int = 0,
) -> Result:
    """`games` games between two agents over `decks` (every shipped deck by default);
    `budget` and `iterations` limit the searching AIs (`agents.make_agent`)."""
    db = load_cards()
    deck_paths = decks or [str(p) for p in shipped_decks()]
    lists = {d: load_deck(d, db).card_list() for d in deck_paths}
    res = Result()
    t0 = time.perf_counter()
    st = seed_state(seed)
    for i, (a, b) in enumerate(pairings(games, seed, deck_paths)):
        st, game_seed = next_u64(st)
        agents = [
            make_agent(agent_names[0], game_seed ^ 1, budget, iterations),
            make_agent(agent_names[1], game_seed ^ 2, budget, iterations),
        ]
        try:
            path = save_dir / f"selfplay-{seed}-{i:05d}.bsj" if save_dir else None
            # nobody reads the log of a game that is not saved: its text is not written (the
            # tagged lines the figures count are kept, see `Game.quiet`)
            g = Game.new(lists[a], lists[b], game_seed, db, quiet=path is None)
            play_one(g, agents, check, res, path, game_seed, (a, b))
            res.hashes.append(g.state_hash())
            res.count_systems(g)
            if g.winner >= 0:
                res.wins[g.winner] += 1
        except Exception:
            res.errors += 1
            if not res.first_problem:
                res.first_problem = f"game {i} (seed {game_seed}): {traceback.format_exc()}"
        res.games += 1
    res.seconds = time.perf_counter() - t0
    return res


def main(
    games: int, seed: int, agents: str, check: bool = True, save_dir: str | None = None, budget: float | None = None
) -> int:
    """`bs-tui selfplay`; arguments are checked again here for callers other than the CLI."""
    names = tuple(a.strip() for a in agents.split(","))
    problem = ""
    if len(names) != 2:
        problem = "--agents takes two names, like random,greedy"
    elif not isinstance(games, int) or games < 1:
        problem = f"--games must be at least 1, not {games!r}"
    elif budget is not None and not (isinstance(budget, int | float) and 0 < budget <= MAX_BUDGET):
        problem = f"--ai-budget is seconds, more than 0 and at most {MAX_BUDGET}, not {budget!r}"
    elif save_dir is not None and _unusable_folder(save_dir):
        problem = f"--save-dir {save_dir!r}: {_unusable_folder(save_dir)}"
    else:
        try:
            for n in names:
                make_agent(n, 0)
        except ValueError as e:
            problem = f"--agents: {e}"
    if problem:
        print(f"bs-tui selfplay: {problem}", file=sys.stderr)
        return 2
    res = selfplay(games, seed, names, check=check, save_dir=Path(save_dir) if save_dir else None, budget=budget)  # type: ignore[arg-type]
    if res.first_problem:
        print(res.first_problem, file=sys.stderr)
    print(json.dumps(res.summary()))
    return 0 if res.errors == 0 and res.invariant_violations == 0 else 1


MAX_BUDGET = 60.0  # seconds a searching AI may be given per decision


def _unusable_folder(path: str) -> str:
    """Why saves cannot go into `path` ("" when they can): it must be a folder, or be
    creatable in the nearest folder above it that exists."""
    p = Path(path)
    if p.exists() or p.is_symlink():
        if not p.is_dir():
            return "exists and is not a folder"
        return "" if os.access(p, os.W_OK | os.X_OK) else "cannot write in that folder"
    for parent in p.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                return f"{parent} is not a folder"
            return "" if os.access(parent, os.W_OK | os.X_OK) else f"cannot create a folder in {parent}"
    return "no such folder"
