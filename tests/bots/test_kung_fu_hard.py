"""benchmarks/kung_fu_hard.py (the figures of docs/bots.md, "Learned bots"): its hands
oracle deals the opponent's true hand into every determinization, where the fair
search deals other hands, and the script runs and reports."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import tabletop
from tabletop.bots.ismcts import level_settings
from tabletop.core.rng import Rng

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def kung_fu_hard(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import kung_fu_hard

    return kung_fu_hard


def test_the_hands_oracle_deals_the_true_hand_and_the_fair_search_does_not(kung_fu_hard) -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=11)
    me = state.current_player
    true_hand = sorted(state.hand_types(1 - me))
    oracle = kung_fu_hard.HandsOracleBot(seed=1).sampler(state, me)
    rng = Rng(5)
    dealt = [sorted(oracle(state, me, rng).hand_types(1 - me)) for _ in range(5)]
    assert dealt == [true_hand] * 5
    fair = [sorted(state.determinize(me, rng).hand_types(1 - me)) for _ in range(5)]
    assert any(hand != true_hand for hand in fair)


def test_the_script_reports_a_rate_with_its_interval() -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "kung_fu_hard.py"),
            "--bot",
            "learned-search",
            "--games",
            "2",
            "--seed",
            "3",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert out.startswith("learned-search vs normal, seed 3: ") and "over 2 games" in out


def test_the_policy_variant_is_hard_with_the_opponent_played_by_the_heuristic(
    kung_fu_hard,
) -> None:
    settings = kung_fu_hard.BOTS["policy"](7).settings_for("kung-fu")
    hard = level_settings("hard", "kung-fu")
    assert settings == replace(hard, opponents="policy") and hard.opponents == "tree"
