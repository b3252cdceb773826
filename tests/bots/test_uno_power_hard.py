"""benchmarks/uno_power_hard.py (the figures of docs/bots.md, "What a stronger UNO Power
hard needs"): each search variant is its level with only the change its name says, so
a row of the table measures that change."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

import tabletop
from tabletop.bots.ismcts import ISMCTSBot, level_settings
from tabletop.bots.learned import LearnedBot, LearnedSearchBot

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
GAME = "uno-power"

CHANGES: dict[str, tuple[str, dict[str, object]]] = {
    "hard": ("hard", {}),
    "network": ("hard", {"leaf": "network"}),
    "normal": ("normal", {}),
    "normal-network": ("normal", {"leaf": "network"}),
}


def test_each_search_variant_changes_only_what_its_name_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import uno_power_hard

    for name, (level, changes) in CHANGES.items():
        bot = uno_power_hard.BOTS[name](7)
        assert isinstance(bot, ISMCTSBot)
        base = asdict(level_settings(level, GAME))
        settings = asdict(bot.settings_for(GAME))
        assert {k: v for k, v in settings.items() if base[k] != v} == changes, name
    assert isinstance(uno_power_hard.BOTS["learned"](7), LearnedBot)
    belief = uno_power_hard.BOTS["learned-belief"](7)
    assert isinstance(belief, LearnedSearchBot) and belief.settings_for(GAME).belief
    state = tabletop.make(GAME, target_score="single_round").new_state(4, seed=3)
    bot = uno_power_hard.BOTS["network"](7)
    assert bot.choose(state, state.current_player) in state.legal_actions()
