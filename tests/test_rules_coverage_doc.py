"""docs/rules-coverage.md (issue 17's acceptance) stays true: every row is covered (with at
least one test named) or not applicable (with its reason), every test it names exists, and
its counts are those of its rows."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules-coverage.md"
TEST_ID = re.compile(r"tests/(test_\w+)\.py::(test_\w+)")


def rows() -> list[list[str]]:
    """The rows of the rule tables (those whose header begins "| id |")."""
    out = []
    in_rules = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            in_rules = False
        elif line.startswith("| id |"):
            in_rules = True
        elif in_rules and not line.startswith("|---"):
            out.append([c.strip() for c in line.strip().strip("|").split(" | ")])
    return out


def test_every_row_is_covered_or_not_applicable() -> None:
    bad = [r[0] for r in rows() if not r[-1].startswith(("covered", "not applicable"))]
    assert not bad, f"rows neither covered nor not applicable: {bad}"
    untested = [r[0] for r in rows() if r[-1].startswith("covered") and not TEST_ID.search(r[-2])]
    assert not untested, f"covered rows naming no test: {untested}"


def test_every_test_named_exists() -> None:
    missing = []
    for module, name in sorted({m.groups() for r in rows() for m in TEST_ID.finditer(r[-2])}):
        if not hasattr(importlib.import_module(module), name):
            missing.append(f"{module}::{name}")
    assert not missing, missing


def test_the_counts_are_those_of_the_rows() -> None:
    text = DOC.read_text(encoding="utf-8")
    covered = sum(r[-1].startswith("covered") for r in rows())
    na = sum(r[-1].startswith("not applicable") for r in rows())
    assert covered + na > 300  # every item of the spec, not a part of them
    assert f"| covered | {covered} |" in text and f"| not applicable | {na} |" in text
