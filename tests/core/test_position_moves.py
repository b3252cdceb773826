"""A position's ``moves`` (docs/positions.md) in every game: they belong to the
position, so that a record of a game started there replays it.

The moves are played once, by the builder: the state it returns has an empty history,
and a record keeps the position's fields (moves included) with the actions played
after them. Building the position again and replaying the record's actions must give
the same game; this is what ``tabletop replay``, ``tabletop play --resume`` and a
server's table do with a record.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import tabletop
from tabletop import GameRecord
from tabletop.core.conformance import check_state
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.positions import play_moves

POSITIONS: list[dict[str, Any]] = [
    {
        "game": "uno-power",
        "options": {"target_score": "single_round"},
        "hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]],
        "top": "red 3",
        "moves": ["play Wild Draw Four, name green", "accept the Wild Draw Four"],
    },
    {
        "game": "kung-fu",
        "hands": [["Tiger Claw", "Low Kick"], ["Iron Shirt", "Still Water"]],
        "rows": [["Palm Strike"], ["Rising Block"]],
        "attacker": 0,
        "moves": ["attack with Low Kick face up", "parry with Iron Shirt", "draw the difference"],
    },
    {
        "game": "king-of-tokyo",
        "monsters": ["Meka Dragon", "The King", "Kraken"],
        "next_dice": ["claw", "claw", "energy", "1", "1", "2"],
        "moves": ["stop rolling and resolve the dice"],
    },
]


@pytest.mark.parametrize("fields", POSITIONS, ids=[p["game"] for p in POSITIONS])
def test_a_record_from_a_position_with_moves_replays(fields: dict[str, Any]) -> None:
    state = tabletop.load_position(fields)
    assert state.history == []
    before = json.loads(json.dumps(state.to_dict()))
    pick = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[pick.randrange(len(legal))])
    position = {k: v for k, v in fields.items() if k not in ("game", "options")}
    record = GameRecord.from_state(state, position=position)
    assert record.actions == state.history  # the actions after the moves, no more
    again = GameRecord.from_json(record.to_json())
    assert json.loads(json.dumps(again.start().to_dict())) == before
    assert again.replay(check_result=False).to_dict() == state.to_dict()


def test_play_moves_plays_labels_on_any_state() -> None:
    state = tabletop.make("uno-power").new_state(2, seed=3)
    label = state.legal_actions()[-1].label
    played = play_moves(state.clone(), [label])
    direct = state.clone()
    direct.apply(direct.legal_actions()[-1])
    direct.history.clear()
    assert played.to_dict() == direct.to_dict()
    assert play_moves(state.clone(), []).to_dict() == state.to_dict()
    with pytest.raises(InvalidOptionsError, match=r"position\.moves"):
        play_moves(state.clone(), {"draw": 1})


def test_a_position_file_with_moves(tmp_path: Any) -> None:
    path = tmp_path / "challenge.toml"
    path.write_text(
        'game = "uno-power"\n'
        'hands = [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]]\n'
        'top = "red 3"\n'
        'moves = ["play Wild Draw Four, name green"]\n',
        encoding="utf-8",
    )
    state = tabletop.load_position(path)
    assert state.view(None)["decision"]["kind"] == "challenge"
    as_json = tmp_path / "challenge.json"
    fields = tabletop.core.positions.read_position(path)
    as_json.write_text(json.dumps(fields), encoding="utf-8")
    assert tabletop.load_position(as_json).to_dict() == state.to_dict()


def _uno_short_pile() -> dict[str, Any]:
    game = tabletop.make("uno-power")
    left = [game.cards.names[k] for k in game.cards.deck]  # type: ignore[attr-defined]
    hands = [["red 5", "blue 9", "green 2"], ["blue 5", "yellow 2"], ["Wild Draw Four"]]
    for name in [*(c for h in hands for c in h), "red 3", "green 7", "blue 1", "red 9"]:
        left.remove(name)
    keep = {n for n in left if n.startswith("yellow")}  # a few more cards to play with
    return {
        "game": "uno-power",
        "options": {"target_score": 150},  # the next rounds deal the whole deck
        "hands": hands,
        "top": "red 3",
        "discard": ["blue 1"],
        "draw": ["green 7", "red 9"],
        "box": [n for n in left if n not in keep],
    }


BOXED: list[dict[str, Any]] = [
    _uno_short_pile(),
    {
        "game": "kung-fu",
        "hands": [["Tiger Claw", "Low Kick", "Iron Shirt"], ["Crane Beak", "Forearm Block"]],
        "red": ["Iron Fist"],
        "box": ["Straight Punch"] * 3 + ["Roundhouse Kick"] * 3 + ["Flying Kick"] * 2,
    },
    {
        "game": "king-of-tokyo",
        "monsters": ["Meka Dragon", "The King", "Kraken"],
        "row": ["Heal", "Frenzy", "Jets"],
        "deck": ["Energize"],
        "box": [
            i.name
            for i in tabletop.make("king-of-tokyo").cards.info  # type: ignore[attr-defined]
            if i.name not in ("Heal", "Frenzy", "Jets", "Energize", "Commuter Train")
            for _ in range(i.count)
        ],
    },
]


@pytest.mark.parametrize("fields", BOXED, ids=[p["game"] for p in BOXED])
def test_positions_with_a_box_play_on_conformingly(fields: dict[str, Any]) -> None:
    """Random games from short piles: reshuffles, empty piles, determinizations and
    saves all keep each card in one place, the box included."""
    state = tabletop.load_position(fields)
    assert state.view(None)["box"]
    report = check_state(state, games=3, seed=2, deep_every=3)
    assert report.games == 3
