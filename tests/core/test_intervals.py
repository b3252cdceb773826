"""The Wilson score interval against the published values of Newcombe (1998),
"Two-sided confidence intervals for the single proportion", Table I, method 3."""

from __future__ import annotations

import pytest

from tabletop.core.intervals import wilson_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_newcombe_1998_table_one(successes: int, trials: int, low: float, high: float) -> None:
    got = wilson_interval(successes / trials, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize("trials", [1, 3, 7, 10, 37, 100, 999])
def test_the_interval_holds_the_rate_even_at_the_ends(trials: int) -> None:
    for successes in range(trials + 1):
        rate = successes / trials
        low, high = wilson_interval(rate, trials)
        assert 0.0 <= low <= rate <= high <= 1.0
    assert wilson_interval(1.0, trials)[1] == 1.0 and wilson_interval(0.0, trials)[0] == 0.0


def test_nothing_observed_is_the_whole_range() -> None:
    assert wilson_interval(0.7, 0) == (0.0, 1.0)


def test_a_wider_quantile_gives_a_wider_interval() -> None:
    low95, high95 = wilson_interval(0.5, 40)
    low99, high99 = wilson_interval(0.5, 40, z=2.5758293035489)
    assert low99 < low95 < 0.5 < high95 < high99
