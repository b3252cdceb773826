"""The studies: every run sets up, a study writes its page, continues where it stopped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.sim import SimError
from tabletop.sim.studies import STUDIES
from tabletop.sim.studies.base import PAGE_FILE, run_study
from tabletop.sim.studies.king_of_tokyo import card_arms, power_up_arms

from .conftest import Invoke, run_on_ray
from .test_cli import check_html


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_every_run_of_every_study_sets_up(name: str) -> None:
    # Every arm's position builds and its opening actions are legal: each of the 64
    # Power cards of both editions bought, each of the 72 Evolutions placed.
    for run in STUDIES[name].runs(1, 1):
        run.spec.validate()


def test_the_card_study_gives_each_card_once_for_its_cost() -> None:
    arms = card_arms("2011")
    assert len(arms) == 65 and arms[0].name == "control"
    batteries = next(a for a in arms if a.name == "Monster Batteries")
    assert batteries.covariate == 2
    assert batteries.fields["monsters"]["$seat"] == {"energy": 2}
    assert len({a.name for a in card_arms("2016")} - {a.name for a in arms}) == 7


def test_each_evolution_is_measured_against_its_own_monster() -> None:
    arms = {a.name: a for a in power_up_arms()}
    assert len(arms) == 1 + 9 + 72
    nine = arms["Nine Lives (Cyber Kitty)"]
    assert nine.versus == "Cyber Kitty"
    assert (
        nine.fields["monsters"]["$seat"]["name"]
        == arms["Cyber Kitty"].fields["monsters"]["$seat"]["name"]
    )


def test_a_study_writes_its_page_and_continues_where_it_stopped(tmp_path: Path) -> None:
    study = STUDIES["uno-towers"]

    def stop_after_a_batch(run: object) -> object:
        def on_batch(count: int) -> None:
            if count >= 14:
                raise KeyboardInterrupt

        return on_batch

    outcomes, page = run_study(study, tmp_path / "a", games=12, on_run=stop_after_a_batch)
    assert outcomes[0].interrupted and "interrupted" in page.read_text()
    timing = json.loads((tmp_path / "a" / "timing.json").read_text())
    assert timing["towers"]["games"] == 14
    outcomes, page = run_study(study, tmp_path / "a", games=12)
    assert outcomes[0].complete and "interrupted" not in page.read_text()
    timing = json.loads((tmp_path / "a" / "timing.json").read_text())
    assert timing["towers"]["games"] == 12 * 7  # the rest, and the 14 before
    run_study(study, tmp_path / "a", games=12)  # nothing left to play: the page again
    assert json.loads((tmp_path / "a" / "timing.json").read_text()) == timing

    run_study(study, tmp_path / "b", games=12)
    resumed = json.loads((tmp_path / "a" / "towers" / "summary.json").read_text())
    straight = json.loads((tmp_path / "b" / "towers" / "summary.json").read_text())
    assert resumed == straight

    text = page.read_text()
    assert "tabletop study" in text and "| the four-tower bonus |" in text
    assert (tmp_path / "a" / "towers-effects.png").read_bytes().startswith(b"\x89PNG")
    html = (tmp_path / "a" / "towers" / "report.html").read_text()
    assert "Paired effects" in html and len(check_html(html).images) >= 2


def test_more_games_extend_a_study_as_if_it_had_been_planned_so(tmp_path: Path) -> None:
    study = STUDIES["uno-towers"]
    run_study(study, tmp_path / "grown", games=6)
    run_study(study, tmp_path / "grown", games=10)
    run_study(study, tmp_path / "straight", games=10)
    grown = json.loads((tmp_path / "grown" / "towers" / "summary.json").read_text())
    straight = json.loads((tmp_path / "straight" / "towers" / "summary.json").read_text())
    assert grown == straight and grown["experiment"]["replicates"] == 10


def test_a_damaged_timing_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "timing.json").write_text('{"towers": {"games": "many"}}')
    with pytest.raises(SimError, match=r"timing\.json is damaged"):
        run_study(STUDIES["uno-towers"], tmp_path, games=1)


def test_a_folder_holding_another_run_is_not_overwritten(tmp_path: Path) -> None:
    run_study(STUDIES["uno-first-player"], tmp_path, games=3)
    with pytest.raises(SimError, match="other settings or more games"):
        run_study(STUDIES["uno-first-player"], tmp_path, games=2)
    with pytest.raises(SimError, match="other settings or more games"):
        run_study(STUDIES["uno-first-player"], tmp_path, games=3, seed=2)


def test_the_study_command(invoke: Invoke, tmp_path: Path) -> None:
    listed = invoke(["study", "--list"])
    assert listed.exit_code == 0 and "power-cards" in listed.output
    unknown = invoke(["study", "power-card"])
    assert unknown.exit_code == 2 and "unknown study 'power-card'" in unknown.output
    done = invoke(["study", "uno-first-player", "--games", "4", "--jobs", "1", "--no-progress"])
    assert done.exit_code == 0, done.output
    page = tmp_path / "tabletop-study-uno-first-player" / PAGE_FILE
    text = page.read_text()
    assert "tabletop study uno-first-player --games 4" in text
    assert "| 6 | 4 |" in text and "uno-first-player.png" in text


def test_a_study_on_ray_plays_the_games_of_worker_processes(invoke: Invoke, tmp_path: Path) -> None:
    """An experiment's games (arms, positions, opening actions, per-arm options) on a
    local Ray instance against two worker processes."""
    common = ["study", "uno-towers", "--games", "6", "--jobs", "2", "--no-progress"]
    done = invoke([*common, "--out", "proc"])
    assert done.exit_code == 0, done.output
    run_on_ray([*common, "--out", "ray"], tmp_path)
    games = [
        sorted((tmp_path / run / "towers" / "games.jsonl").read_text().splitlines())
        for run in ("proc", "ray")
    ]
    assert games[0] == games[1] and len(games[0]) == 6 * 7


def test_a_covariate_plot_of_effects_measured_once_has_no_intervals_yet() -> None:
    """One replicate gives effects without intervals (``tabletop study power-cards
    --games 1`` stopped on them): each is a point with no bar, the line still drawn."""
    from tabletop.sim.study_report import plot_covariate

    arms = [
        {"arm": "control", "control": True, "covariate": None, "effect": 0.0, "ci95": None},
        {"arm": "a", "control": False, "covariate": 3, "effect": 0.25, "ci95": None},
        {"arm": "b", "control": False, "covariate": 5, "effect": -0.25, "ci95": None},
    ]
    for arm in arms[1:]:
        arm["residual"] = 0.0
    experiment = {"arms": arms, "fit": {"intercept": 1.0, "slope": -0.25}}
    assert plot_covariate(experiment).startswith(b"\x89PNG")
