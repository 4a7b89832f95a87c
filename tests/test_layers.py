"""The engine's layers (bs_tui/engine/__init__.py): each module imports only modules of
its own layer or of lower ones, with no import cycle, at any depth of the code (imports
inside functions and under TYPE_CHECKING count too); the rule systems are reached only
through the registries; the engine imports no UI library."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "bs_tui" / "engine"
LAYERS = ("core", "data", "model", "rules", "systems", "")  # "": the modules at the top


def module_name(path: Path) -> str:
    rel = path.relative_to(ENGINE.parent.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str:
    rest = module.removeprefix("bs_tui.engine").lstrip(".").split(".")
    return rest[0] if rest[0] in LAYERS[:-1] else ""


def engine_imports(path: Path, text: str | None = None) -> set[str]:
    """Every engine module `path` imports (`from x import y` counts y when it is a
    module); `text` stands for the file's contents."""
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text() if text is None else text)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                root = ".".join(base + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            names = [root] + [f"{root}.{a.name}" for a in node.names]
        else:
            continue
        for n in names:
            if n.startswith("bs_tui.engine") and (module_path(n) is not None):
                found.add(n)
    found.discard(me)
    return found


def module_path(name: str) -> Path | None:
    rel = Path(*name.split("."))
    root = ENGINE.parent.parent
    for cand in (root / rel.with_suffix(".py"), root / rel / "__init__.py"):
        if cand.is_file():
            return cand
    return None


MODULES = sorted(ENGINE.rglob("*.py"))
GRAPH = {module_name(p): engine_imports(p) for p in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_import_of_a_higher_layer(path: Path) -> None:
    me = module_name(path)
    if path.name == "__init__.py" and me == "bs_tui.engine":
        return  # the package imports everything, to have it registered
    higher = higher_imports(me, GRAPH[me])
    assert not higher, f"{me} ({layer_of(me) or 'top'}) imports higher layers: {higher}"


def test_no_import_cycle() -> None:
    graph = {m: {n for n in deps if n != "bs_tui.engine"} for m, deps in GRAPH.items() if m != "bs_tui.engine"}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                cycle = stack[stack.index(n) :] + [n]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_systems_are_reached_only_through_the_registries() -> None:
    """Nothing outside `engine/systems/` names a system module (but the package, which
    imports them so that they register)."""
    outside = [
        (m, n)
        for m, deps in GRAPH.items()
        if layer_of(m) != "systems" and m != "bs_tui.engine"
        for n in deps
        if layer_of(n) == "systems" and n != "bs_tui.engine.systems"
    ]
    assert not outside


def test_the_engine_imports_no_ui_library() -> None:
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.split(".")[0] in ("textual", "rich") for n in names), path


def higher_imports(me: str, deps: set[str]) -> list[str]:
    mine = LAYERS.index(layer_of(me))
    return sorted(n for n in deps if LAYERS.index(layer_of(n)) > mine)


def test_the_checker_sees_a_lazy_upward_import() -> None:
    """The checks can fail: a function-level import of the turn rules into the model is
    found and ranked as an import of a higher layer."""
    probe = ENGINE / "model" / "state.py"
    assert not higher_imports(module_name(probe), engine_imports(probe))
    text = probe.read_text() + "\n\ndef f():\n    from ..rules import flow\n"
    assert "bs_tui.engine.rules.flow" in higher_imports(module_name(probe), engine_imports(probe, text))
