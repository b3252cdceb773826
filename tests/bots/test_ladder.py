"""The strength ladder (benchmarks/ladder.py) in quick mode on Kung Fu's cheap steps:
the table's shape, the same figures for any --jobs, and --write replacing only the
marked block. The search steps cost seconds a game, so they stay out of the suite."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from benchmarks.ladder import END, START, main

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"
CHEAP = ["--quick", "--game", "kung-fu", "--levels", "random,easy,heuristic", "--games", "4"]


def ladder(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main([*CHEAP, *args]) == 0
    return out.getvalue()


def table_of(output: str) -> list[list[str]]:
    """The Markdown table's rows as cells (what does not depend on the clock)."""
    lines = [line for line in output.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """One run with one job, written into a copy of a docs file with the markers."""
    path = tmp_path_factory.mktemp("ladder") / "bots.md"
    path.write_text(f"# Bots\n\nBefore.\n\n{START}\n| old | table |\n{END}\n\nAfter.\n")
    return ladder("--jobs", "1", "--write", str(path)), path


def test_the_table_has_a_row_per_step_and_every_column(written: tuple[str, Path]) -> None:
    rows = table_of(written[0])
    assert rows[0][:4] == ["game", "step", "match", "games"]
    assert all(len(row) == len(rows[0]) == 7 for row in rows)
    assert [row[1] for row in rows[2:]] == ["random → easy", "easy → heuristic"]
    assert [row[2] for row in rows[2:]] == ["`easy` vs `random`", "`heuristic` vs `easy`"]
    for row in rows[2:]:
        assert row[0] == "Kung Fu" and row[3] == "4"
        assert row[5] in ("stronger", "not clear of the level below")
        assert row[6].count("±") == 2
    assert "games/s" in written[0]


def test_the_figures_do_not_depend_on_jobs(written: tuple[str, Path]) -> None:
    assert table_of(ladder("--jobs", "2")) == table_of(written[0])


def test_write_replaces_only_the_marked_block(written: tuple[str, Path]) -> None:
    output, path = written
    text = path.read_text()
    assert text.startswith(f"# Bots\n\nBefore.\n\n{START}\n| game |")
    assert text.endswith(f" games/s).\n{END}\n\nAfter.\n")
    assert "old" not in text
    block = text[text.index(START) + len(START) : text.index(END)]
    assert table_of(block) == table_of(output)


def test_the_docs_have_one_marked_block() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert text.count(START) == text.count(END) == 1
    assert text.index(START) < text.index(END)


def test_think_gives_the_search_levels_a_time() -> None:
    registry = pytest.importorskip("tabletop.bots.registry")
    if not hasattr(registry, "bot_from_spec"):
        pytest.skip("make_bot has no thinking time yet")
    rows = table_of(ladder("--levels", "random,easy", "--games", "2", "--think", "0.01"))
    assert rows[2][2] == "`easy@0.01` vs `random`"


def test_a_step_must_be_named_by_a_level_of_the_ladder() -> None:
    with pytest.raises(SystemExit), contextlib.redirect_stderr(io.StringIO()):
        main([*CHEAP, "--games-for", "random=5"])
