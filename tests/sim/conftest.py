"""Shared pieces of the simulation lab's tests: small specs and a CLI runner.

Games are Kung Fu duels (about 1.5 ms each) and single-round UNO Power, so a
run of a few dozen games takes a fraction of a second.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tabletop.bots import register_bot
from tabletop.bots.registry import _GENERIC
from tabletop.cli.main import app

Invoke = Callable[..., Result]
UNO_SINGLE = ("target_score", "single_round")


@pytest.fixture
def invoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """Run ``tabletop ARGS`` in a temporary folder, 200 columns wide, no progress bar."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def run(args: Sequence[str]) -> Result:
        return runner.invoke(app, list(args), env={"COLUMNS": "200"})

    return run


@pytest.fixture
def gate_bot() -> Iterator[str]:
    """Register the test-only ``gate`` bot (a random bot that can be held at a gate)."""
    register_bot(None, "gate", "tests.sim.gate:GateBot")
    yield "gate"
    _GENERIC.pop("gate", None)


def run_on_ray(args: Sequence[str], cwd: Path) -> None:
    """``tabletop ARGS --backend ray`` in a process of its own, as users run it: Ray's
    native threads then never share the test process (where they can crash its exit)."""
    done = subprocess.run(
        [sys.executable, "-m", "tabletop.cli.main", *args, "--backend", "ray"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The games of a ``games.jsonl``, by index."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return sorted(rows, key=lambda row: row["index"])
