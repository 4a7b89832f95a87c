"""The table reads the game only through its seat (issue 19): the seats (`bs_tui/seats`)
hold and start games; no module of the table touches a `Game` — it renders views, as it
must behind a remote seat."""

from __future__ import annotations

import ast
from pathlib import Path

TUI = Path(__file__).resolve().parents[1] / "bs_tui" / "tui"


def test_no_table_module_reads_the_game() -> None:
    found = []
    for path in sorted(TUI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "game":
                found.append(f"{path.relative_to(TUI)}:{node.lineno}")
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bs_tui.engine"):
                if any(a.name in ("Game", "view_for") for a in node.names):
                    found.append(f"{path.relative_to(TUI)}:{node.lineno} imports {node.module}")
    assert found == [], found
