"""Shared helpers for the terminal client's tests.

Games are single rounds of two players with small seeds, so each CLI run takes a
fraction of a second. Output is rendered wide (``COLUMNS``) so that checks on
log lines are not defeated by wrapping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tabletop.cli.main import app

Invoke = Callable[..., Result]


@pytest.fixture
def invoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """Run ``tabletop ARGS`` in a temporary folder, rendering 200 columns wide."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def run(args: Sequence[str], input: str | None = None) -> Result:
        return runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})

    return run
