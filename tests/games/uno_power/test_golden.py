"""Golden UNO Power games: single rounds under every option set of the conformance
tests, and two short matches (``tests/games/golden.py`` says what is pinned and how
to rewrite the file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.games.golden import key, play, record, recorded
from tests.games.uno_power.test_bots_and_conformance import MORE_OPTION_SETS, OPTION_SETS

GAME = "uno-power"
GOLDEN = Path(__file__).with_name("golden") / "games.json"

CASES = [
    ({"target_score": "single_round", **options}, 2 + i % 5, i)
    for i, options in enumerate(OPTION_SETS + MORE_OPTION_SETS)
] + [
    ({"target_score": 100}, 3, 100),
    ({"target_score": 100, "scoring": "lowest_total", "partners": True}, 4, 101),
]


@pytest.mark.parametrize(("options", "players", "seed"), CASES, ids=[key(*c) for c in CASES])
def test_the_game_is_the_recorded_one(options: dict[str, Any], players: int, seed: int) -> None:
    assert play(GAME, options, players, seed) == recorded(GOLDEN)[key(options, players, seed)]


if __name__ == "__main__":
    record(GAME, CASES, GOLDEN)
