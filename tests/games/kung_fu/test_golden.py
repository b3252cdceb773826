"""Golden Kung Fu games: the default rules and every option set of the conformance
tests, two seeds each (``tests/games/golden.py`` says what is pinned and how to
rewrite the file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.games.golden import key, play, record, recorded
from tests.games.kung_fu.test_conformance import OPTION_SETS

GAME = "kung-fu"
GOLDEN = Path(__file__).with_name("golden") / "games.json"

CASES = [
    (options, 2, seed) for i, options in enumerate([{}, *OPTION_SETS]) for seed in (i, 100 + i)
]


@pytest.mark.parametrize(("options", "players", "seed"), CASES, ids=[key(*c) for c in CASES])
def test_the_game_is_the_recorded_one(options: dict[str, Any], players: int, seed: int) -> None:
    assert play(GAME, options, players, seed) == recorded(GOLDEN)[key(options, players, seed)]


if __name__ == "__main__":
    record(GAME, CASES, GOLDEN)
