"""Golden games: random King of Tokyo games whose every state is pinned by a digest.

Each case plays a game with random choices from a seeded generator and digests the
state after every decision (log and generator included). The digests were recorded
by the interpreted engine; a compiled build (``TABLETOP_COMPILE=1``) runs this file
too, and must play exactly the same games. A rules change that alters a game shows
here as well: check it is meant, then rewrite the file with
``python -m tests.games.king_of_tokyo.test_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tests.games.king_of_tokyo.test_conformance import OPTION_SETS

GOLDEN = Path(__file__).with_name("golden") / "games.json"

CASES = [
    (options, players, seed)
    for i, options in enumerate(OPTION_SETS)
    for players, seed in ((2 + i % 5, i), (4, 100 + i))
]


def _key(options: dict[str, Any], players: int, seed: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{opts}/{players}p/seed={seed}"


def play(options: dict[str, Any], players: int, seed: int) -> dict[str, Any]:
    """The game's length and one digest of the states after each decision."""
    game = tabletop.make("king-of-tokyo", **options)
    state = game.new_state(players, seed=seed, log=True)
    choices = random.Random(seed)
    digest = hashlib.sha256()
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
        digest.update(json.dumps(state.to_dict(), sort_keys=True).encode())
        steps += 1
    return {"steps": steps, "winners": state.winners(), "digest": digest.hexdigest()}


@cache
def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize(("options", "players", "seed"), CASES, ids=[_key(*c) for c in CASES])
def test_the_game_is_the_recorded_one(options: dict[str, Any], players: int, seed: int) -> None:
    assert play(options, players, seed) == _golden()[_key(options, players, seed)]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({_key(*c): play(*c) for c in CASES}, indent=1) + "\n")
    print(f"wrote {len(CASES)} games to {GOLDEN}")
