"""Saved games of the chapter 2 systems replay exactly: self-play games with the decks of
ultimates, tokens, the count, the open area, advent, rebirth, grandwalkers, contracts and the
verbs of issue 17 (Hollow Court) are journaled at every decision (so mid-advent and mid-flip
decisions too) and replay to the same state, every stored hash checked; resuming at any
decision gives the same game."""

from __future__ import annotations

from pathlib import Path

from bs_tui.engine.model.state import log_entries
from bs_tui.saves import load_game, replay
from bs_tui.selfplay import selfplay

DECKS = [
    "decks/crowned_flame.toml",
    "decks/thorn_and_tide.toml",
    "decks/kindled_horde.toml",
    "decks/reckoning_tide.toml",
    "decks/wayfarers.toml",
    "decks/advent_host.toml",
    "decks/chrysalis_court.toml",
    "decks/forge_walkers.toml",
    "decks/tide_and_root.toml",
    "decks/imagine_host.toml",
    "decks/pact_embers.toml",
    "decks/covenant_tides.toml",
    "decks/oath_forge.toml",
    "decks/rulebook_medley.toml",
    "decks/banner_legion.toml",
    "decks/hush_court.toml",
    "decks/larva_bastion.toml",
    "decks/hourglass_vigil.toml",
    "decks/solar_ascension.toml",
]
ROOT = Path(__file__).resolve().parents[1]


# Each system deck against itself, with a seed made from its name: the games of one deck do
# not move when another deck is added, so what they reach stays what this test asserts.
SYSTEM_TAGS = {
    "crowned_flame": {"ultimate_summon"},
    "kindled_horde": {"token"},
    "reckoning_tide": {"count"},
    "wayfarers": {"open_area"},
    "advent_host": {"advent"},
    "chrysalis_court": {"flip"},
    "forge_walkers": {"core_charge", "grand_skill"},
    "pact_embers": {"contract_opening", "oc"},
    "solar_ascension": {"activated", "adventing", "super_advent", "change"},
}


def test_system_games_replay_exactly(tmp_path: Path) -> None:
    seen: dict[str, set[str]] = {}
    for deck in DECKS:
        name = Path(deck).stem
        folder = tmp_path / name
        seed = sum(name.encode()) % 1000 + 1
        res = selfplay(3, seed, ("random", "greedy"), decks=[str(ROOT / deck)], save_dir=folder)
        assert res.errors == 0 and res.invariant_violations == 0, (name, res.first_problem)
        saves = sorted(folder.glob("*.bsj"))
        assert len(saves) == 3
        seen[name] = set()
        for path in saves:
            r = replay(path)
            assert r.game.over and r.checked > 0
            seen[name].update(e.tag for e in log_entries(r.game.log) if e.tag)
    missing = {name: tags - seen[name] for name, tags in SYSTEM_TAGS.items() if tags - seen[name]}
    assert not missing, missing


# Hollow Court (the verbs of issue 17) against decks with braves, tokens and astral stones:
# its own games, so that the pairings of the games above stay as they are
VERBS_DECKS = [
    "decks/hollow_court.toml",
    "decks/imagine_host.toml",
    "decks/kindled_horde.toml",
    "decks/forge_walkers.toml",
]


def test_games_of_the_verbs_replay_exactly_and_resume(tmp_path: Path) -> None:
    """Discards, bursts set by effects, advent sources given up, cards face down under spirits
    and in the open area, declared colours, removals: journaled at every decision, replayed to
    the same state, and a game cut in the middle resumes where it stopped."""
    res = selfplay(12, 8, ("random", "random"), decks=[str(ROOT / d) for d in VERBS_DECKS], save_dir=tmp_path)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    seen: set[str] = set()
    for path in sorted(tmp_path.glob("*.bsj")):
        r = replay(path)
        assert r.game.over and r.checked > 0
        seen.update(e.tag for e in log_entries(r.game.log) if e.tag)
        lines = path.read_bytes().splitlines(keepends=True)
        cut = tmp_path / f"cut-{path.name}"
        cut.write_bytes(b"".join(lines[: len(lines) // 2]))
        g, journal = load_game(cut)
        journal.close()
        assert replay(cut).game.state_hash() == g.state_hash()
    assert {"discard", "put_under", "open_area_down", "open_face_up", "remove_source", "removed"} <= seen
    assert {"declare_colour", "set_colour", "flip_reserve", "set_burst_effect"} <= seen


def test_solar_ascension_plays_every_new_piece(tmp_path: Path) -> None:
    """Self-play games of the Solar Ascension deck (systems2.toml) use each piece its cards
    bring: activated field effects, "when you perform an advent", God and Super Advent and
    【变换】 Change (with the exchange it ends in); they replay exactly."""
    decks = [str(ROOT / "decks/solar_ascension.toml"), str(ROOT / "decks/crimson_dawn.toml")]
    res = selfplay(12, 5, ("random", "random"), decks=decks, save_dir=tmp_path)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    seen: set[str] = set()
    for path in sorted(tmp_path.glob("*.bsj")):
        r = replay(path)
        assert r.game.over and r.checked > 0
        seen.update(e.tag for e in log_entries(r.game.log) if e.tag)
    assert {"activated", "adventing", "god_advent", "super_advent", "change", "advent"} <= seen


def test_resume_in_the_middle_of_a_system_game(tmp_path: Path) -> None:
    """A game cut off after an advent, a flip, a grand skill or a manifest resumes to exactly
    where it stopped."""
    res = selfplay(8, 12, ("random", "random"), decks=[str(ROOT / d) for d in DECKS[5:]], save_dir=tmp_path)
    assert res.errors == 0
    tried = 0
    for path in sorted(tmp_path.glob("*.bsj")):
        lines = path.read_bytes().splitlines(keepends=True)
        full = replay(path).game
        tags = [e.tag for e in log_entries(full.log)]
        if not {"advent", "flip", "grand_skill", "manifest"} & set(tags):
            continue
        cut = tmp_path / f"cut-{path.name}"
        cut.write_bytes(b"".join(lines[: len(lines) // 2]))
        g, journal = load_game(cut)
        journal.close()
        assert not g.over and g.decision is not None
        again = replay(cut).game
        assert again.state_hash() == g.state_hash()
        tried += 1
    assert tried


CONTRACT_DECKS = [
    "decks/pact_embers.toml",
    "decks/covenant_tides.toml",
    "decks/ledger_oaths.toml",
    "decks/abyssal_crown.toml",
    "decks/oath_forge.toml",
]


def test_contract_games_replay_and_resume_at_the_soul_state_choice(tmp_path: Path) -> None:
    """Games of contract decks (001) are saved from the opening on: they replay exactly, and
    a game cut off at the soul-state choice resumes to that very decision."""
    res = selfplay(12, 2, ("random", "greedy"), decks=[str(ROOT / d) for d in CONTRACT_DECKS], save_dir=tmp_path)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    seen: set[str] = set()
    with_soul_state = []
    for path in sorted(tmp_path.glob("*.bsj")):
        r = replay(path)
        assert r.game.over and r.checked > 0
        tags = {e.tag for e in log_entries(r.game.log) if e.tag}
        seen |= tags
        if "soul_state" in tags:
            with_soul_state.append(path)
    assert {"contract_opening", "soul_state", "contract_advent", "oc"} <= seen
    path = with_soul_state[0]
    lines = path.read_bytes().splitlines(keepends=True)
    for k in range(2, len(lines)):
        cut = tmp_path / "cut.bsj"
        cut.write_bytes(b"".join(lines[:k]))
        g, journal = load_game(cut)
        journal.close()
        if g.decision is not None and g.decision.context.get("question") == "soul_state":
            assert replay(cut).game.state_hash() == g.state_hash()
            break
    else:
        raise AssertionError("no soul-state decision found in the journal")


TIMING_TAGS = {
    "battles",
    "battle_end",
    "start_step",
    "end_step",
    "braved",
    "sealed",
    "cores_placed",
    "core_plus",
    "opponent_hand_added",
    "burst_opponent_hand_added",
    "end_attack_step",
}


def test_timings_deck_games_replay_and_reach_every_timing(tmp_path: Path) -> None:
    """Hourglass Vigil against itself (rules/timings.py, issue 17): the games replay exactly,
    and between them every timing, verb and burst condition of the set happens."""
    deck = str(ROOT / "decks/hourglass_vigil.toml")
    res = selfplay(12, 1, ("random", "greedy"), decks=[deck], save_dir=tmp_path)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    seen: set[str] = set()
    for path in sorted(tmp_path.glob("*.bsj")):
        r = replay(path)
        assert r.game.over and r.checked > 0
        seen.update(e.tag for e in log_entries(r.game.log) if e.tag)
    assert TIMING_TAGS <= seen, TIMING_TAGS - seen


def test_battle_timings_deck_games_replay_and_reach_every_timing(tmp_path: Path) -> None:
    """Warfront Chronicle against itself (the battle timings and exhausting, issue 17): the
    games replay exactly, and between them every one of its timings happens, staying on the
    field too."""
    deck = str(ROOT / "decks/warfront_chronicle.toml")
    res = selfplay(16, 1, ("random", "random"), decks=[deck], save_dir=tmp_path)
    assert res.errors == 0 and res.invariant_violations == 0, res.first_problem
    seen: set[str] = set()
    for path in sorted(tmp_path.glob("*.bsj")):
        r = replay(path)
        assert r.game.over and r.checked > 0
        seen.update(e.tag for e in log_entries(r.game.log) if e.tag)
    want = {"battle_resolution", "battle_destroyed", "destroys", "after_battle", "exhausted", "refreshed", "stay"}
    want.add("discarded")
    want.add("opponent_cores_to_reserve")
    want.add("depleted")
    assert want <= seen, want - seen
