"""`bs-tui saves --stats` (issue 19): a short record of the games played, wins and losses
by deck and opponent, from the seats people played, within 80 columns."""

from __future__ import annotations

from pathlib import Path

from bs_tui.agents import GreedyAgent
from bs_tui.cli import main
from bs_tui.saves import list_saves, record
from bs_tui.seats.starting import new_table


def _finish(tmp_path: Path, seed: int, deck2: str) -> int:
    """A saved game against the easy AI played to its end; the person's seat wins or not."""
    table, journal = new_table("crimson_dawn", deck2, seed=seed, save=True, save_dir_arg=str(tmp_path), ai="easy")
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    while table.game.decision is not None:
        d = table.game.decision
        table.submit(agents[d.player].choose(d, lambda d=d: table.view(d.player)))
    journal.close()
    return table.game.winner


def test_the_record_counts_the_persons_wins_and_losses(tmp_path: Path, capsys) -> None:
    winners = [_finish(tmp_path, s, "verdant_tide") for s in (1, 2, 3)] + [_finish(tmp_path, 4, "wildfire")]
    table, journal = new_table(seed=9, save=True, save_dir_arg=str(tmp_path), ai="easy")  # going on
    journal.close()
    rows = record(list_saves(tmp_path))
    assert [(r.deck, r.opponent, r.their_deck) for r in rows] == [
        ("Crimson Dawn", "AI (easy)", "Verdant Tide"),
        ("Crimson Dawn", "AI (easy)", "Wildfire"),
    ]
    assert (rows[0].won, rows[0].lost) == (winners[:3].count(0), winners[:3].count(1))
    assert rows[1].won + rows[1].lost == 1
    assert main(["saves", "--stats", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    won = winners.count(0)
    assert out[0].endswith(f": 4 finished ({won} won, {4 - won} lost), 1 going on")
    assert all(len(line) <= 80 for line in out[1:])
    assert "Crimson Dawn" in out[2] and "AI (easy)" in out[2]
