"""The log tells life as the table's header does (issue 19): "4+◆" while the Soul Core is
among the life cores (000 ch.1 §2: the Soul Core is a core like any other, and it counts
among the life), never a total the header does not show."""

from __future__ import annotations

from conftest import cid_of, position, side

from bs_tui.engine import Kind


def test_a_hit_tells_the_life_left_as_the_header_does() -> None:
    g = position(
        side(field=[{"card": "R03", "cores": 1}]),
        side(life=4, soul="life"),  # 4 plain cores and the Soul Core
        step="attack",
    )
    assert g.players[1].life_total == 5 and g.players[1].life_words == "4+◆"
    g.answer(("attack", cid_of(g, 0, "field", "R03")))
    while g.players[1].life_total == 5:  # flash windows passed; no blocker: the hit
        d = g.decision
        assert d is not None and d.options, d
        g.answer(("take",) if d.kind == Kind.BLOCK else d.options[0])
    lines = [line for line in g.log_lines() if "loses 1 life" in line]
    assert lines and lines[-1].endswith("(3+◆ left).")
