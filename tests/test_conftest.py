"""The suite's own rules for sharing the machine (tests/conftest.py): a test marked
``alone`` runs while no other test runs, in a run of several workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

SPANS = """
import json, os, time
import pytest

def _span(name):
    start = time.monotonic()
    time.sleep(0.2)  # long enough for the other workers' tests to start beside it
    with open(os.environ["SPANS"], "a") as out:
        out.write(json.dumps([name, start, time.monotonic()]) + "\\n")

@pytest.mark.parametrize("i", range(8))
def test_beside(i):
    _span(f"beside{i}")

{mark}
def test_timed():
    _span("timed")
"""


def _overlaps(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, mark: str, tmp_path: Path
) -> set[str]:
    """The tests that ran at the same time as ``test_timed`` in a run of 3 workers."""
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text())
    pytester.makepyfile(test_spans=SPANS.replace("{mark}", mark))
    spans = tmp_path / "spans.jsonl"
    monkeypatch.setenv("SPANS", str(spans))
    result = pytester.runpytest_subprocess("-n", "3", "-p", "xdist")
    result.assert_outcomes(passed=9)
    rows = [json.loads(line) for line in spans.read_text().splitlines()]
    (_, start, end), *_ = [row for row in rows if row[0] == "timed"]
    return {name for name, s, e in rows if name != "timed" and s < end and e > start}


def test_a_test_marked_alone_runs_with_nothing_beside_it(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert _overlaps(pytester, monkeypatch, "@pytest.mark.alone", tmp_path) == set()


def test_without_the_mark_tests_run_side_by_side(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert _overlaps(pytester, monkeypatch, "", tmp_path) != set()
