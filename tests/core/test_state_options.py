"""A saved state loads only under the options it was saved with (docs/python-api.md,
"Saving and loading states")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import StateFormatError


def _saved(game_id: str, players: int, **options: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        json.dumps(tabletop.make(game_id, **options).new_state(players, seed=1).to_dict())
    )
    return data


@pytest.mark.parametrize(
    ("game_id", "players", "options", "name"),
    [
        ("king-of-tokyo", 4, {"edition": "2016"}, "edition"),
        ("uno-power", 3, {"stacking": "progressive"}, "stacking"),
        ("kung-fu", 2, {"first_player": "1"}, "first_player"),
    ],
)
def test_a_state_saved_with_other_options_is_refused(
    game_id: str, players: int, options: dict[str, Any], name: str
) -> None:
    data = _saved(game_id, players, **options)
    with pytest.raises(StateFormatError, match=f"saved with {name}="):
        tabletop.make(game_id).state_from_dict(data)
    # Made with the state's options, the game loads it, as load_state does.
    same = tabletop.make(game_id, **options).state_from_dict(data)
    loaded = tabletop.load_state(data)
    assert loaded.game.options_dict() == same.game.options_dict()
    assert loaded.view(None) == same.view(None)
    assert loaded.to_dict() == data


def test_the_documented_example_keeps_its_edition() -> None:
    data = _saved("king-of-tokyo", 4, edition="2016")
    assert tabletop.load_state(data).view(None)["edition"] == "2016"


def test_data_without_options_takes_the_games() -> None:
    """Hand-written data may leave the options out; an option added after the state
    was saved takes its default."""
    data = _saved("uno-power", 3)
    del data["options"]
    assert tabletop.make("uno-power").state_from_dict(data).view(None) is not None
    data = _saved("uno-power", 3)
    del data["options"]["stacking"]
    assert tabletop.make("uno-power").state_from_dict(data).view(None) is not None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(options=["edition", "2016"]), "'options' must be an object"),
        (lambda d: d["options"].update(no_such_option=1), "no_such_option"),
    ],
)
def test_malformed_options_are_refused(change: Any, message: str) -> None:
    data = _saved("king-of-tokyo", 2)
    change(data)
    with pytest.raises(StateFormatError, match=message):
        tabletop.make("king-of-tokyo").state_from_dict(data)


@pytest.mark.parametrize(
    "data", [[], {"options": {}}, {"game": "king-of-tokyo", "options": "2016"}]
)
def test_load_state_refuses_what_is_not_a_state(data: Any) -> None:
    with pytest.raises(StateFormatError):
        tabletop.load_state(data)


def test_load_state_refuses_an_unknown_game_and_bad_options() -> None:
    data = _saved("kung-fu", 2)
    data["options"]["first_player"] = "seventeen"
    with pytest.raises(tabletop.InvalidOptionsError):
        tabletop.load_state(data)
    data["game"] = "chess"
    with pytest.raises(tabletop.UnknownGameError):
        tabletop.load_state(data)
