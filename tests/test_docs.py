"""The examples in the documentation run.

Every ```python fenced block in ``docs/*.md`` and ``docs/games/*.md`` is executed.
The blocks of one file run in order in one namespace, as one script, so a later
example may use names defined by an earlier one. A block preceded by a line
``<!-- no-test -->`` is skipped; use that only for code that cannot run here.

Errors point at the Markdown file and line: each block is compiled with the file's
name and padded so its line numbers are the file's.
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
SKIP_MARK = "<!-- no-test -->"
# Examples should take well under 2 s each; this limit only catches a block that
# has turned into a long simulation. It counts the processor time the block spends
# (its process's and that of the processes it waited for), not the time on the
# clock: under the suite's load a block of one second took 13.5 s on the clock while
# other workers' processes held both cores.
BLOCK_TIME_LIMIT_S = 10.0


def cpu_seconds() -> float:
    """Processor time of this process and of its children it has waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


_FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def doc_files() -> list[Path]:
    return sorted([*DOCS.glob("*.md"), *DOCS.glob("games/*.md")])


def python_blocks(text: str) -> list[tuple[int, str]]:
    """``(first line number, code)`` of each runnable ```python block."""
    blocks = []
    for match in _FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if before.strip() == SKIP_MARK:
            continue
        first_line = text.count("\n", 0, match.start(1)) + 1
        blocks.append((first_line, match.group(1)))
    return blocks


def test_docs_exist() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in doc_files()}
    for required in (
        "index.md",
        "architecture.md",
        "python-api.md",
        "bots.md",
        "games/uno-power.md",
    ):
        assert required in names


def test_block_extraction() -> None:
    text = (
        "intro\n```python\nx = 1\n```\n"
        "<!-- no-test -->\n```python\nraise SystemExit\n```\n"
        "```sh\nls\n```\n```python\ny = x + 1\n```\n"
    )
    assert python_blocks(text) == [(3, "x = 1\n"), (13, "y = x + 1\n")]


def test_a_block_is_charged_its_work_not_its_waiting() -> None:
    start = cpu_seconds()
    time.sleep(0.2)  # waiting: what a loaded machine adds
    assert cpu_seconds() - start < 0.1
    start = cpu_seconds()
    while cpu_seconds() - start < 0.2:  # work: ends only if it is counted
        sum(range(10_000))


@pytest.mark.parametrize("path", doc_files(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_examples_run(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # anything an example writes lands here
    namespace: dict[str, object] = {"__name__": f"docs_{path.stem.replace('-', '_')}"}
    for first_line, code in python_blocks(path.read_text(encoding="utf-8")):
        padded = "\n" * (first_line - 1) + code
        compiled = compile(padded, str(path), "exec")
        start = cpu_seconds()
        exec(compiled, namespace)
        elapsed = cpu_seconds() - start
        assert elapsed < BLOCK_TIME_LIMIT_S, (
            f"{path.name}, block at line {first_line}, took {elapsed:.1f} s of processor time"
        )


def _documented_default(cell: str) -> object:
    """The default in an option table's values cell: its first ``/``-separated value."""
    first = cell.split(" / ")[0].strip()
    if first in ("on", "off"):
        return first == "on"
    first = first.strip("`")
    if first.startswith('"'):
        return first.strip('"')
    return int(first)


def test_uno_power_options_are_all_documented() -> None:
    """Every option has a row in the table of uno-power.md, with its default first."""
    from tabletop.games.uno_power import UnoPowerOptions

    text = (DOCS / "games" / "uno-power.md").read_text(encoding="utf-8")
    text = text.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z0-9_]+)` \| ([^|]*) \|", text, re.MULTILINE))
    for f in dataclasses.fields(UnoPowerOptions):
        assert f.name in rows, f"option {f.name} is missing from the table in uno-power.md"
        assert _documented_default(rows[f.name]) == f.default, (
            f"uno-power.md gives another default for {f.name} than {f.default!r}"
        )
