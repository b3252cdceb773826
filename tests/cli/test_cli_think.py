"""``--think`` and ``bot@seconds``: search bots by the clock in ``play`` and ``sim``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import Invoke

DUEL = ["kung-fu", "--seed", "3"]


def test_play_gives_every_search_bot_the_time(invoke: Invoke, tmp_path: Path) -> None:
    done = invoke(
        ["play", *DUEL, "--seats", "normal,heuristic", "--think", "0.005", "--record", "r.json"]
    )
    assert done.exit_code == 0, done.output
    assert "player 1 (normal@0.005)" in done.output
    record = json.loads((tmp_path / "r.json").read_text())
    assert record["players"] == ["normal@0.005", "heuristic"]  # a resume thinks alike


def test_a_seat_may_carry_its_own_time(invoke: Invoke) -> None:
    done = invoke(["play", *DUEL, "--seats", "easy@0.002,hard", "--think", "0.004"])
    assert done.exit_code == 0, done.output
    assert "(easy@0.002)" in done.output and "(hard@0.004)" in done.output


def test_sim_writes_the_times_into_the_line_up(invoke: Invoke, tmp_path: Path) -> None:
    args = ["sim", "kung-fu", "--seats", "normal,heuristic", "--think", "0.002"]
    done = invoke([*args, "--games", "2", "--jobs", "1", "--no-progress", "--out", "run"])
    assert done.exit_code == 0, done.output
    spec = json.loads((tmp_path / "run" / "run.json").read_text())["spec"]
    assert spec["bots"] == ["normal@0.002", "heuristic"]
    assert "normal@0.002" in done.output


@pytest.mark.parametrize("command", ["play", "sim"])
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--think", "abc"], "--think expects seconds"),
        (["--think", "0"], "above 0 and at most 60 seconds"),
        (["--think", "-1"], "above 0"),
        (["--think", "nan"], "not nan"),
        (["--think", "inf"], "not inf"),
        (["--think", "61"], "at most 60"),
        (["--seats", "normal@x,random"], "'normal@x': give seconds after '@'"),
        (["--seats", "normal@0,random"], "'normal@0'"),
        (["--seats", "normal@1e400,random"], "at most 60"),
    ],
)
def test_a_bad_time_is_one_line_and_exit_2(
    invoke: Invoke, command: str, args: list[str], message: str
) -> None:
    done = invoke([command, "kung-fu", *args, "--seed", "1"])
    assert done.exit_code == 2, done.output
    assert done.stderr.startswith("error: ") and message in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output


def test_sim_resume_keeps_its_own_times(invoke: Invoke) -> None:
    done = invoke(["sim", "--resume", "somewhere", "--think", "1"])
    assert done.exit_code == 2 and "drop --think" in done.stderr
