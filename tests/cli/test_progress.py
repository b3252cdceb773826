"""The progress bars of ``tabletop sim`` and ``tabletop study``: every column renders,
and a continued study's bars start at the games it held."""

from __future__ import annotations

from collections.abc import Callable

from rich.progress import Progress
from typer.testing import Result

from tabletop.cli.sim import RateColumn, games_task

Invoke = Callable[..., Result]
STUDY = ["study", "uno-first-player", "--jobs", "1"]


def test_a_study_shows_its_progress_bars(invoke: Invoke) -> None:
    """The bars are on by default: each run's bar renders its games and rate columns."""
    done = invoke([*STUDY, "--games", "2"])
    assert done.exit_code == 0, done.output
    assert "The study's page" in done.output
    assert done.output.count("2/2") == 5  # one bar per run of the study, each complete


def test_a_continued_study_starts_its_bars_at_the_games_held(invoke: Invoke) -> None:
    assert invoke([*STUDY, "--games", "2", "--no-progress"]).exit_code == 0
    more = invoke([*STUDY, "--games", "3"])
    assert more.exit_code == 0, more.output
    assert more.output.count("3/3") == 5
    assert "0/3" not in more.output


def test_a_simulation_shows_its_progress_bar(invoke: Invoke) -> None:
    done = invoke(["sim", "kung-fu", "--seats", "heuristic,random", "--games", "4", "--jobs", "1"])
    assert done.exit_code == 0, done.output
    assert "4/4" in done.output


def test_the_rate_counts_the_games_played_now_and_stops_when_the_bar_fills() -> None:
    """A continued run's rate leaves out the games played before; a full bar keeps the
    rate it ended with, however long the other bars take."""
    now = [0.0]
    bar = Progress(RateColumn(), get_time=lambda: now[0], disable=True)
    on_batch = games_task(bar, "run", total=30, done=10)
    now[0] = 2.0
    on_batch(20)
    task = bar.tasks[0]
    assert RateColumn().render(task).plain == "5 games/s"  # 10 games in 2 s
    now[0] = 4.0
    on_batch(30)
    now[0] = 100.0
    assert RateColumn().render(task).plain == "5 games/s"


def test_a_slow_rate_shows_its_tenths() -> None:
    now = [0.0]
    bar = Progress(RateColumn(), get_time=lambda: now[0], disable=True)
    on_batch = games_task(bar, "search bots", total=10, done=0)
    now[0] = 5.0
    on_batch(2)
    assert RateColumn().render(bar.tasks[0]).plain == "0.4 games/s"
