"""Paired experiments in the lab: effects recovered, nulls found null, mistakes refused."""

from __future__ import annotations

import pytest

from tabletop.core import registry
from tabletop.sim import Arm, SimError, SimSpec, run_simulation, summarise
from tabletop.sim.experiment import paired_effects


@pytest.fixture(autouse=True)
def lottery_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lottery is a game for these tests only: the other tests never see it."""
    monkeypatch.setitem(registry._GAMES, "lottery", "tests.sim.lottery:LotteryGame")


BASE = '{"players": 4}'
CONTROL = Arm("control")
ONE_MORE = Arm("one more ticket", {"tickets": {"$seat": 1, "$others": 0}})
STIR = Arm("stirred draw", {"stir": 1})


def lottery(arms: tuple[Arm, ...], replicates: int, seed: int = 1) -> SimSpec:
    return SimSpec(
        "lottery",
        ("random",) * 4,
        games=replicates * len(arms),
        seed=seed,
        position=BASE,
        arms=arms,
    )


def effects(spec: SimSpec, jobs: int = 1) -> dict[str, dict]:
    outcome = run_simulation(spec, jobs=jobs)
    return {row["arm"]: row for row in summarise(spec, outcome.results)["experiment"]["arms"]}


def test_a_known_effect_is_recovered_within_its_interval() -> None:
    # Two tickets of five against one of four: 2/5 - 1/4.
    truth = 2 / 5 - 1 / 4
    rows = effects(lottery((CONTROL, ONE_MORE), 3000))
    row = rows["one more ticket"]
    low, high = row["ci95"]
    assert low < truth < high
    assert low > 0.05  # and clear of no effect
    assert rows["control"]["win_rate"] == pytest.approx(0.25, abs=0.03)
    assert row["pairs"] == 3000


def test_an_arm_is_compared_with_the_arm_it_names() -> None:
    # The second extra ticket, against the first: 3/6 - 2/5.
    two_more = Arm("two more", {"tickets": {"$seat": 2, "$others": 0}}, versus="one more ticket")
    rows = effects(lottery((CONTROL, ONE_MORE, two_more), 3000))
    assert rows["two more"]["versus"] == "one more ticket"
    low, high = rows["two more"]["ci95"]
    assert low < 3 / 6 - 2 / 5 < high
    assert not low < 3 / 6 - 1 / 4 < high  # not the effect against the control


def test_a_null_treatment_gives_an_interval_around_zero() -> None:
    rows = effects(lottery((CONTROL, STIR), 3000))
    low, high = rows["stirred draw"]["ci95"]
    assert low < 0 < high
    assert high - low > 0.01  # the stirred draws did change who won: not a degenerate 0


def test_pairing_narrows_the_interval_against_independent_runs() -> None:
    # The same treatment with and without shared seeds: only the paired one is narrow.
    paired = effects(lottery((CONTROL, ONE_MORE), 1500))["one more ticket"]
    width = paired["ci95"][1] - paired["ci95"][0]
    # Two independent samples of 1,500 give a difference whose 95% half-width is
    # 1.96 * sqrt(p1 q1 / n + p2 q2 / n).
    independent = 2 * 1.96 * ((0.25 * 0.75 + 0.4 * 0.6) / 1500) ** 0.5
    assert width < independent


def test_arms_of_a_replicate_share_seeds_seating_and_the_subject_rotates() -> None:
    spec = lottery((CONTROL, ONE_MORE, STIR), 8)
    for index in range(spec.games):
        first = index - index % 3
        assert spec.game_seed(index) == spec.game_seed(first)
        assert spec.seating(index) == spec.seating(first)
        assert spec.bot_seed(index, 2) == spec.bot_seed(first, 2)
    subjects = [spec.seating(3 * r).index(0) for r in range(4)]
    assert sorted(subjects) == [0, 1, 2, 3]
    fields = spec.position_fields(3 * 1 + 1)
    assert fields is not None
    assert fields["tickets"][spec.seating(3).index(0)] == 1 and sum(fields["tickets"]) == 1


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    spec = lottery((CONTROL, ONE_MORE, STIR), 200)
    assert effects(spec, jobs=1) == effects(spec, jobs=2)


def test_an_experiment_survives_its_run_file() -> None:
    arm = Arm("cost 3", {"stir": 2}, covariate=3, versus="control", options=(("a", 1),))
    spec = lottery((CONTROL, arm), 4)
    assert SimSpec.from_dict(spec.to_dict()) == spec


def test_the_streamed_effects_match_a_direct_computation() -> None:
    spec = lottery((CONTROL, ONE_MORE), 300)
    results = run_simulation(spec).results
    rows = {r["arm"]: r for r in summarise(spec, results)["experiment"]["arms"]}
    wins = {(spec.replicate(r.index), spec.arm(r.index)): float(r.won(0)) for r in results}
    diffs = [wins[(k, 1)] - wins[(k, 0)] for k in range(300)]
    assert rows["one more ticket"]["effect"] == pytest.approx(sum(diffs) / 300)
    direct = paired_effects(spec.arms, 4, [(k, a, w) for (k, a), w in sorted(wins.items())])
    assert direct[1]["effect"] == pytest.approx(rows["one more ticket"]["effect"])


@pytest.mark.parametrize(
    ("arms", "games", "message"),
    [
        ((CONTROL,), 1, "a control arm and at least one treatment"),
        ((CONTROL, Arm("control")), 2, "given twice"),
        ((CONTROL, ONE_MORE), 3, "not a multiple of its 2 arms"),
        ((CONTROL, Arm("x", versus="y")), 2, "compared with 'y': no other arm"),
        ((CONTROL, Arm("rule", options=(("jackpot", 2),))), 2, "arm 'rule'"),
        ((CONTROL, Arm("typo", {"tickest": 1})), 2, "arm 'typo'"),
        ((CONTROL, Arm("shout", actions=("shout",))), 2, "no legal action 'shout'"),
    ],
)
def test_a_mistaken_experiment_is_refused_before_any_game(
    arms: tuple[Arm, ...], games: int, message: str
) -> None:
    spec = SimSpec("lottery", ("random",) * 4, games=games, position=BASE, arms=arms)
    with pytest.raises(SimError, match=message):
        spec.validate()


def test_a_damaged_arm_in_a_run_file_is_refused() -> None:
    data = lottery((CONTROL, ONE_MORE), 2).to_dict()
    data["arms"][1]["actions"] = "buy"
    with pytest.raises(SimError, match="actions must be a list"):
        SimSpec.from_dict(data)


def test_king_of_tokyo_arm_buys_its_card_before_any_bot_plays() -> None:
    arm = Arm(
        "Acid Attack",
        {"row": ["Acid Attack"], "monsters": {"$seat": {"energy": 6}}},
        actions=("buy the card in slot 1 of the row",),
    )
    spec = SimSpec(
        "king-of-tokyo",
        ("heuristic",) * 4,
        games=4,
        position='{"players": 4, "step": "buy phase", "turn": "$seat"}',
        arms=(Arm("control"), arm),
    )
    spec.validate()
    for replicate in range(2):
        subject = spec.seating(2 * replicate).index(0)
        treated = spec.starting_state(2 * replicate + 1).view(None)["monsters"][subject]
        control = spec.starting_state(2 * replicate).view(None)["monsters"][subject]
        assert treated["energy"] == 0 and control["energy"] == 0
        assert [c["name"] for c in treated["cards"]] == ["Acid Attack"]
        assert control["cards"] == []
