"""The suite's own rules for sharing the machine (tests/conftest.py): a test marked
``alone`` runs while no other test runs, in a run of several workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
    monkeypatch.delenv("TABLETOP_TEST_LOCKS", raising=False)  # this run's own folder
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


def test_runs_that_share_a_lock_folder_keep_an_alone_test_alone(
    pytester: pytest.Pytester, tmp_path: Path
) -> None:
    """CI runs the compiled build's tests beside the interpreted ones: the two runs
    share one lock folder, so an ``alone`` test of one has nothing of the other
    beside it either."""
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text())
    pytester.makepyfile(test_spans=SPANS.replace("{mark}", "@pytest.mark.alone"))
    spans = tmp_path / "spans.jsonl"
    env = {**os.environ, "SPANS": str(spans), "TABLETOP_TEST_LOCKS": str(tmp_path / "locks")}
    command = [sys.executable, "-m", "pytest", "-p", "xdist", "-n", "2", "-q"]
    runs = [
        subprocess.Popen(  # one run has the alone test, the other only tests beside it
            [*command, *select], cwd=pytester.path, env=env, stdout=subprocess.PIPE
        )
        for select in (["-k", "timed or beside0"], ["-k", "not timed and not beside0"])
    ]
    for run in runs:
        out, _ = run.communicate(timeout=120)
        assert run.returncode == 0, out.decode()
    rows = [json.loads(line) for line in spans.read_text().splitlines()]
    assert len(rows) == 9
    (_, start, end), *_ = [row for row in rows if row[0] == "timed"]
    assert {name for name, s, e in rows if name != "timed" and s < end and e > start} == set()
    assert (tmp_path / "locks").is_dir()  # a shared folder is left for its owner
