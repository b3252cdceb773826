"""Build hook: compile the rules engines with mypyc when ``TABLETOP_COMPILE=1``.

Everything is plain Python and runs as such; a compiled build runs the same source
as C extension modules, two to three times faster (docs/install.md). The metadata lives
in ``pyproject.toml``; the in-tree backend (``build_support/backend.py``) decides for
each build whether it compiles (a wheel does where a C compiler is found, an editable
install never does), sets ``TABLETOP_COMPILE`` accordingly and asks for mypy only then.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

SOURCE = Path("src")

COMPILED = [
    "tabletop/bots/search.py",
    "tabletop/core/action.py",
    "tabletop/core/bits.py",
    "tabletop/core/hands.py",
    "tabletop/core/hooks.py",
    "tabletop/core/log.py",
    "tabletop/core/piles.py",
    "tabletop/core/rng.py",
    "tabletop/core/state.py",
    "tabletop/games/king_of_tokyo/",
    "tabletop/games/kung_fu/",
    "tabletop/games/uno_power/",
    "tabletop/rl/observers/",
    "tabletop/rl/stepping.py",
]
"""What is compiled: the three games' engines (their heuristic bots' rules included),
the core classes they build on, the ISMCTS search, which spends its time in them, and
the learners' per-step code: the observers and the batched environments' inner loop."""

NOT_COMPILED = [
    "tabletop/games/king_of_tokyo/__init__.py",
    "tabletop/games/king_of_tokyo/action_text.py",
    "tabletop/games/king_of_tokyo/bots.py",
    "tabletop/games/king_of_tokyo/explain.py",
    "tabletop/games/king_of_tokyo/explain_dice.py",
    "tabletop/games/king_of_tokyo/explain_words.py",
    "tabletop/games/king_of_tokyo/game.py",
    "tabletop/games/king_of_tokyo/log_text.py",
    "tabletop/games/king_of_tokyo/log_text_evolutions.py",
    "tabletop/games/king_of_tokyo/options.py",
    "tabletop/games/king_of_tokyo/position.py",
    "tabletop/games/king_of_tokyo/position_asked.py",
    "tabletop/games/king_of_tokyo/position_describe.py",
    "tabletop/games/king_of_tokyo/position_evolutions.py",
    "tabletop/games/king_of_tokyo/position_marks.py",
    "tabletop/games/king_of_tokyo/position_placer.py",
    "tabletop/games/king_of_tokyo/position_turn.py",
    "tabletop/games/king_of_tokyo/position_words.py",
    "tabletop/games/king_of_tokyo/preferences.py",
    "tabletop/games/kung_fu/__init__.py",
    "tabletop/games/kung_fu/action_text.py",
    "tabletop/games/kung_fu/bots.py",
    "tabletop/games/kung_fu/describe.py",
    "tabletop/games/kung_fu/explain.py",
    "tabletop/games/kung_fu/game.py",
    "tabletop/games/kung_fu/log_text.py",
    "tabletop/games/kung_fu/options.py",
    "tabletop/games/kung_fu/position.py",
    "tabletop/games/uno_power/__init__.py",
    "tabletop/games/uno_power/action_text.py",
    "tabletop/games/uno_power/bots.py",
    "tabletop/games/uno_power/describe.py",
    "tabletop/games/uno_power/explain.py",
    "tabletop/games/uno_power/game.py",
    "tabletop/games/uno_power/log_text.py",
    "tabletop/games/uno_power/options.py",
    "tabletop/games/uno_power/position.py",
    "tabletop/rl/observers/__init__.py",
]
"""Left as Python: the game packages' ``__init__`` (a lazy re-export of the game class:
:func:`~tabletop.core.registry.lazy_exports`); classes that subclass plain ones
(:class:`~tabletop.bots.Bot`, :class:`~tabletop.core.game.Game`, the log templates'
``LogMessages`` in ``log_text.py`` and the action labels' in ``action_text.py``), which
compiled classes cannot (each game's ``bots.py`` only calls its compiled
``heuristic.py``), and the
options and preferences, whose validation reads the dataclass's annotations; the
position builder (``position*.py``) and its reverse (``describe.py``), which run once
per position, and
the hints' explanations
(``explain.py``, with King of Tokyo's ``explain_dice.py`` and ``explain_words.py``),
called once per hint (nothing to gain)."""


def compile_requested() -> bool:
    return os.environ.get("TABLETOP_COMPILE", "0").strip() == "1"


def extensions() -> list[object]:
    if not compile_requested():
        return []
    from mypyc.build import mypycify

    paths: list[str] = []
    for name in COMPILED:
        path = SOURCE / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        paths += [str(f) for f in files if f.relative_to(SOURCE).as_posix() not in NOT_COMPILED]
    # One C file per module (not one file of 55 MB), so that the compiler can run on
    # every core (below): the build takes half the time on two.
    return mypycify(paths, opt_level="3", multi_file=True)


def compile_jobs() -> int:
    """How many C files are compiled at once: ``TABLETOP_BUILD_JOBS``, else each core."""
    jobs = os.environ.get("TABLETOP_BUILD_JOBS", "").strip()
    if jobs:
        return max(1, int(jobs))
    if hasattr(os, "sched_getaffinity"):  # the cores this process may use (Linux)
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class ParallelBuildExt(build_ext):  # type: ignore[misc]
    """setuptools' ``build_ext`` compiling an extension's C files side by side.

    setuptools compiles the sources of one extension one after another, and mypyc
    makes a single extension of every compiled module. Each source is handed to the
    compiler's public ``compile`` on its own, from a pool of threads (the compilers are
    separate processes); linking is unchanged.
    """

    def build_extension(self, ext: Any) -> None:
        compile_each = self.compiler.compile

        def compile_side_by_side(sources: Sequence[str], **options: Any) -> list[str]:
            with ThreadPoolExecutor(compile_jobs()) as pool:
                parts = pool.map(lambda source: compile_each([source], **options), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_side_by_side
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_each


setup(ext_modules=extensions(), cmdclass={"build_ext": ParallelBuildExt})
