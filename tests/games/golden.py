"""Golden games: seeded random games whose every state is pinned by a digest.

Each case plays a game with random choices from a seeded generator and digests,
after every decision, the action, the state (generator included) and the events it
logged. The digests are recorded
by the interpreted engine; a compiled build (``TABLETOP_COMPILE=1``) runs the same
tests and must play exactly the same games. A rules change that alters a game shows
here as well: check it is meant, then rewrite the game's file with
``python -m tests.games.<game>.test_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import tabletop

Case = tuple[dict[str, Any], int, int]
"""Options, number of players, seed."""


def key(options: dict[str, Any], players: int, seed: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{opts}/{players}p/seed={seed}"


def play(game_id: str, options: dict[str, Any], players: int, seed: int) -> dict[str, Any]:
    """The game's length, its winners and one digest of the states after each decision."""
    game = tabletop.make(game_id, **options)
    state = game.new_state(players, seed=seed, log=True)
    # The public record a bot's belief reads is not pinned (it is no rule), and copying
    # it into every snapshot made a long game quadratic (7,743 UNO plays: 20 s).
    state.drop_record()
    choices = random.Random(seed)
    digest = hashlib.sha256()
    steps = logged = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[choices.randrange(len(legal))]
        state.apply(action)
        # The state, the action and the events it logged: the whole history and log
        # each time would make a long game quadratic, and they hold nothing more (nor
        # does UNO Power's public record, which notes the actions for a bot's belief).
        snapshot = state.to_dict(include_log=False)
        del snapshot["history"]
        snapshot["state"].pop("record", None)  # None once dropped
        events = [e.to_dict() for e in state.log[logged:]]
        logged += len(events)
        digest.update(json.dumps([action.id, snapshot, events], sort_keys=True).encode())
        steps += 1
    return {"steps": steps, "winners": state.winners(), "digest": digest.hexdigest()}


@cache
def recorded(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def record(game_id: str, cases: Sequence[Case], path: Path) -> None:
    """Play every case and write the file (run by each game's ``test_golden`` module)."""
    games = {key(*case): play(game_id, *case) for case in cases}
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(games, indent=1) + "\n")
    print(f"wrote {len(games)} games to {path}")
