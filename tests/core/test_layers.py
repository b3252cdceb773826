"""The package's imports run one way, and card code uses only the effect API.

Read from the source with :mod:`ast`, so that the checks see what a reader sees:

* no runtime import cycle among the modules of ``tabletop.core`` and
  ``tabletop.games`` (imports under ``if TYPE_CHECKING:`` are for types only and do
  not count; ``from package import module`` is an import of that module);
* King of Tokyo's card modules (the Power cards, the Evolutions and their framework)
  never import a rules module, nor use a name starting with ``_`` of another object or
  module (docs/games/king-of-tokyo.md, "Adding a card").
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop

SOURCE = Path(tabletop.__file__).parent
KOT = "tabletop.games.king_of_tokyo"
RULES_MODULES = frozenset(
    f"{KOT}.{name}"
    for name in (
        "damage",
        "gains",
        "moves",
        "offers",
        "owned",
        "rapid_healing",
        "resolution",
        "rolling",
        "saving",
        "shop",
        "state",
        "tokyo",
        "turn",
        "victory",
        "windows",
    )
)
CARD_MODULES = sorted(
    [SOURCE / "games/king_of_tokyo/powers.py", SOURCE / "games/king_of_tokyo/power_up.py"]
    + [p for p in (SOURCE / "games/king_of_tokyo/evolution_effects").glob("*.py")]
)


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_package(name: str) -> bool:
    return (SOURCE.parent / name.replace(".", "/") / "__init__.py").exists()


def runtime_imports(tree: ast.Module, here: str) -> Iterator[tuple[str, ast.AST]]:
    """Modules imported when the module runs (type-checking blocks left out)."""

    def walk(node: ast.AST) -> Iterator[ast.AST]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                yield from (n for stmt in child.orelse for n in [stmt, *walk(stmt)])
                continue
            yield child
            yield from walk(child)

    package = here if is_package(here) else here.rpartition(".")[0]
    for node in walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                yield (
                    (
                        sub
                        if is_package(sub)
                        or Path(SOURCE.parent, *sub.split(".")).with_suffix(".py").exists()
                        else base
                    ),
                    node,
                )


def import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in sorted((SOURCE / "core").rglob("*.py")) + sorted((SOURCE / "games").rglob("*.py")):
        here = module_name(path)
        tree = ast.parse(path.read_text(), str(path))
        graph[here] = {
            name
            for name, _ in runtime_imports(tree, here)
            if name.startswith(("tabletop.core", "tabletop.games")) and name != here
        }
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph (packages' ``__init__`` edges included), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt)
            if cycle:
                return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start)
        if cycle:
            return cycle
    return None


def test_no_runtime_import_cycle_in_core_and_games() -> None:
    graph = import_graph()
    assert f"{KOT}.damage" in graph[f"{KOT}.state"]  # the graph sees the rules modules
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def private_uses(tree: ast.Module) -> list[str]:
    """``x._name`` for any ``x`` but ``self``/``cls``, and imports of ``_names``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = node.value
            if not node.attr.startswith("__") and not (
                isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            found += [
                (node.lineno, f"imports {a.name}") for a in node.names if a.name.startswith("_")
            ]
    return [f"line {line}: {what}" for line, what in sorted(found)]


@pytest.mark.parametrize("path", CARD_MODULES, ids=lambda p: p.stem)
def test_card_modules_use_only_the_effect_api(path: Path) -> None:
    tree = ast.parse(path.read_text(), str(path))
    assert private_uses(tree) == []
    rules = [name for name, _ in runtime_imports(tree, module_name(path)) if name in RULES_MODULES]
    assert rules == [], f"a card module imports rules modules: {rules}"


def test_the_private_check_sees_a_private_call() -> None:
    tree = ast.parse("def f(state):\n    state._refill([0])\nfrom x import _y\n")
    assert private_uses(tree) == ["line 2: state._refill", "line 3: imports _y"]
    assert private_uses(ast.parse("class A:\n    def f(self):\n        self._g()\n")) == []
