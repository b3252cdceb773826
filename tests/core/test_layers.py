"""The package's imports run one way, and card code uses only the effect API.

Read from the source with :mod:`ast`, so that the checks see what a reader sees:

* no runtime import cycle among the modules of ``tabletop.core`` and
  ``tabletop.games`` (imports under ``if TYPE_CHECKING:`` are for types only and do
  not count; ``from package import module`` is an import of that module);
* no circle in each game package as Python runs its imports: the imports a module
  runs when it is imported, each of which first imports the packages above its target
  (so a package whose ``__init__`` imported the game would close a circle with every
  module of the game);
* King of Tokyo's rules never import a card module: only the cards themselves
  (``powers.py``, ``evolution_effects/``) and their framework (``power_up.py``) do;
  the rules call the cards through the hooks of ``hookspecs.py``;
* King of Tokyo's card modules (the Power cards, the Evolutions and their framework)
  never import a rules module, nor use a name starting with ``_`` of another object or
  module (docs/games/king-of-tokyo.md, "Adding a card");
* every module is short enough to hold in one's head: at most :data:`MAX_LINES` lines,
  but for the data tables named in :data:`LONG_MODULES`.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
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
CARDS = (f"{KOT}.powers", f"{KOT}.evolution_effects")
"""The card modules: the Power cards, and every module of the Evolutions' package."""
MAY_IMPORT_CARDS = (*CARDS, f"{KOT}.power_up")
GAMES = ("king_of_tokyo", "kung_fu", "uno_power")


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


def import_time_imports(tree: ast.Module, here: str) -> Iterator[str]:
    """The modules a module imports as it is imported: its body's imports, in ``if``,
    ``try``, ``with`` and class bodies too, not in functions (they run later) nor under
    ``if TYPE_CHECKING:``."""
    body: list[ast.stmt] = []

    def collect(statements: list[ast.stmt]) -> None:
        for stmt in statements:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test):
                collect(stmt.orelse)
                continue
            body.append(stmt)
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list):
                    collect([s for s in inner if isinstance(s, ast.stmt)])
                    for handler in inner:
                        if isinstance(handler, ast.ExceptHandler):
                            collect(handler.body)

    collect(tree.body)
    for name, node in runtime_imports(ast.Module(body=body, type_ignores=[]), here):
        if node in body:
            yield name


def with_packages(name: str, top: str) -> list[str]:
    """``name`` and the packages Python imports before it, below ``top``
    (``a.b.c`` -> ``a.b``, ``a.b.c``)."""
    parts = name.split(".")
    depth = len(top.split("."))
    return [".".join(parts[:i]) for i in range(depth, len(parts) + 1)]


def package_graph(package: str, source: Path = SOURCE) -> dict[str, set[str]]:
    """Who imports whom in ``package`` as Python runs it (:func:`import_time_imports`,
    each target with its packages)."""
    graph: dict[str, set[str]] = {}
    folder = source / package.removeprefix("tabletop.").replace(".", "/")
    for path in sorted(folder.rglob("*.py")):
        here = module_name(path)
        tree = ast.parse(path.read_text(), str(path))
        graph[here] = {
            step
            for name in import_time_imports(tree, here)
            if name == package or name.startswith(package + ".")
            for step in with_packages(name, package)
            if step != here
        }
    return graph


@pytest.mark.parametrize("game", GAMES)
def test_no_import_circle_in_a_game_package(game: str) -> None:
    graph = package_graph(f"tabletop.games.{game}")
    assert len(graph) > 20  # the graph sees the modules
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_package_graph_sees_a_package_that_imports_its_game() -> None:
    """The circle each game package was until its ``__init__`` re-exported lazily."""
    tree = ast.parse("from tabletop.games.kung_fu.game import KungFuGame\n")
    imports = list(import_time_imports(tree, "tabletop.games.kung_fu"))
    assert imports == ["tabletop.games.kung_fu.game"]
    inside = "from tabletop.games.kung_fu.cards import RED\ndef f():\n    import os\n"
    assert list(import_time_imports(ast.parse(inside), "tabletop.games.kung_fu.game")) == [
        "tabletop.games.kung_fu.cards"
    ]
    graph = {
        "g": {"g.game"},  # the package's __init__ imports the game...
        "g.game": {"g", "g.cards"},  # ... whose imports go through the package
        "g.cards": set(),
    }
    assert find_cycle(graph) == ["g", "g.game", "g"]
    assert with_packages("g.a.b", "g") == ["g", "g.a", "g.a.b"]


def is_module(name: str) -> bool:
    return is_package(name) or Path(SOURCE.parent, *name.split(".")).with_suffix(".py").exists()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_imports_its_game_only_when_asked(game: str) -> None:
    """Importing one module of a game runs none of the others (in a fresh interpreter)."""
    package = f"tabletop.games.{game}"
    probe = (
        f"import sys, {package}.phases\n"
        f"print(sorted(m for m in sys.modules if m.startswith('{package}.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [f"['{package}.phases']"]
    module = importlib.import_module(package)
    assert module.__getattr__(module.__all__[0]).__name__ == module.__all__[0]
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        module.__getattr__("nothing")


def card_imports(tree: ast.Module) -> list[str]:
    """The card modules that a module imports (for types only, or in a function too)."""
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            subs = [f"{node.module}.{a.name}" for a in node.names]
            names = [sub if is_module(sub) else node.module for sub in subs]
        found += [n for n in names if n.startswith(CARDS)]
    return sorted(set(found))


KOT_MODULES = sorted((SOURCE / "games/king_of_tokyo").rglob("*.py"))


@pytest.mark.parametrize("path", KOT_MODULES, ids=lambda p: module_name(p).removeprefix(KOT + "."))
def test_rules_modules_import_no_card_module(path: Path) -> None:
    here = module_name(path)
    if here.startswith(MAY_IMPORT_CARDS):
        return
    tree = ast.parse(path.read_text(), str(path))
    assert card_imports(tree) == [], f"{here} imports card modules: call a hook instead"


def test_the_card_import_check_sees_a_planted_import() -> None:
    planted = (
        "from tabletop.games.king_of_tokyo import owned, powers\n"
        "if TYPE_CHECKING:\n"
        "    from tabletop.games.king_of_tokyo.evolution_effects import kraken as _kraken\n"
        "def f():\n"
        "    from tabletop.games.king_of_tokyo.evolution_effects.alienoid import UFO_MAX\n"
    )
    assert card_imports(ast.parse(planted)) == [
        f"{KOT}.evolution_effects.alienoid",
        f"{KOT}.evolution_effects.kraken",
        f"{KOT}.powers",
    ]


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


MAX_LINES = 600
"""The most lines a module of ``src/tabletop`` may have: past it, a module holds more
than one concern, and the part to move out has a name of its own."""
LONG_MODULES: dict[str, str] = {}
"""Modules allowed past :data:`MAX_LINES` (a path under ``src/tabletop``: the reason),
data tables that read as one list. Each must still exist and be over the limit."""


def long_modules(source: Path) -> dict[str, int]:
    """The modules under ``source`` over :data:`MAX_LINES` lines, with their lengths."""
    lengths = {
        path.relative_to(source).as_posix(): len(path.read_text().splitlines())
        for path in sorted(source.rglob("*.py"))
    }
    return {name: lines for name, lines in lengths.items() if lines > MAX_LINES}


def test_every_module_is_at_most_max_lines() -> None:
    long = long_modules(SOURCE)
    unexcused = {name: lines for name, lines in long.items() if name not in LONG_MODULES}
    assert unexcused == {}, f"over {MAX_LINES} lines: split each by concern"
    stale = sorted(set(LONG_MODULES) - set(long))
    assert stale == [], "gone or short enough now: drop them from LONG_MODULES"


def test_the_length_check_sees_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games/long.py").write_text("x = 1\n" * (MAX_LINES + 1))
    (tmp_path / "short.py").write_text("x = 1\n" * MAX_LINES)
    assert long_modules(tmp_path) == {"games/long.py": MAX_LINES + 1}
