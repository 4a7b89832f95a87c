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


def tui_imports(path: Path) -> set[str]:
    """The table's modules `path` imports, type-checking imports included."""
    pkg = path.relative_to(TUI.parent.parent).with_suffix("").parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = list(pkg[: len(pkg) - node.level + 1]) if node.level else []
            mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names = [mod] if node.module else [f"{mod}.{a.name}" for a in node.names]
            found |= {n for n in names if n.startswith("bs_tui.tui")}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("bs_tui.tui")}
    return found


def test_no_module_of_the_table_imports_its_own_user() -> None:
    """No import circle among the table's modules, not even for type checking (issue 19:
    app.py and choosing.py imported each other)."""
    root = TUI.parent.parent
    paths = TUI.rglob("*.py")
    names = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): p for p in paths}
    graph = {m: {n for n in tui_imports(p) if n in names and n != m} for m, p in names.items()}
    done: set[str] = set()

    def visit(m: str, stack: list[str]) -> None:
        for n in sorted(graph[m]):
            assert n not in stack, "import circle: " + " -> ".join([*stack[stack.index(n) :], n])
            if n not in done:
                visit(n, [*stack, n])
        done.add(m)

    for m in sorted(graph):
        visit(m, [m])
