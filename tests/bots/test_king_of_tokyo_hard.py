"""benchmarks/king_of_tokyo_hard.py (the figures of docs/bots.md, "What a stronger King
of Tokyo hard needs"): each variant is the shared ``hard`` search with only the changes
its name says, so a row of the table measures that change and nothing else; King of
Tokyo's ``hard`` is the variant it took."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

import tabletop
from tabletop.bots.ismcts import LEVELS, ISMCTSBot, level_settings

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

CHANGES: dict[str, dict[str, object]] = {
    "shared": {},
    "policy": {"opponents": "policy"},
    "widening": {"widening_c": 1.0},
    "policy-2000": {"opponents": "policy", "iterations": 2000},
    "short": {"rollout_depth": 15},
    "short-1200": {"rollout_depth": 15, "iterations": 1200},
    "short-widening": {"rollout_depth": 15, "iterations": 1200, "widening_c": 1.0},
    "explore": {"exploration": 0.4},
    "network": {"rollout_depth": 15, "iterations": 1200, "leaf": "network"},
}


def test_each_variant_changes_only_what_its_name_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import king_of_tokyo_hard

    shared = asdict(LEVELS["hard"])
    assert set(king_of_tokyo_hard.BOTS) == {"hard", *CHANGES}
    for name, changes in CHANGES.items():
        bot = king_of_tokyo_hard.BOTS[name](7)
        assert isinstance(bot, ISMCTSBot)
        settings = asdict(bot.settings_for("king-of-tokyo"))
        changed = {key: value for key, value in settings.items() if shared[key] != value}
        assert changed == changes, name
    state = tabletop.make("king-of-tokyo").new_state(4, seed=3)
    hard = level_settings("hard", "king-of-tokyo")
    assert king_of_tokyo_hard.BOTS["hard"](7).settings_for("king-of-tokyo") == hard
    assert king_of_tokyo_hard.BOTS["short-1200"](7).settings_for("king-of-tokyo") == hard
    bot = king_of_tokyo_hard.BOTS["short"](7)
    assert bot.choose(state, state.current_player) in state.legal_actions()
