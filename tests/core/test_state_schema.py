"""Saved states match the JSON Schema each game publishes (docs/state-format.md).

Random games, seeded, of every game under several player counts and options are
checked against ``tabletop.state_schema``: every so many steps, at the end (log
included), in mid-game with the log and as a determinized copy, and at every step
where the state shows something not seen before in that game (a list no longer empty,
a field true, a question not yet asked). Broken states must fail. ``jsonschema``
checks some tens of states a second, so each check is chosen.
"""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import jsonschema
import pytest

import tabletop
import tabletop.core.schema
from tabletop.core.errors import InvalidOptionsError, UnknownGameError
from tabletop.core.rng import Rng
from tabletop.core.schema import options_schema, render, schema_path

GAMES = ("king-of-tokyo", "uno-power", "kung-fu")

PLAYS = [
    ("king-of-tokyo", 2, {"edition": "2011"}),
    ("king-of-tokyo", 5, {"edition": "2016"}),
    ("king-of-tokyo", 3, {"edition": "2011", "power_up": "on"}),
    ("king-of-tokyo", 4, {"edition": "2016", "power_up": "on"}),
    ("king-of-tokyo", 6, {"edition": "2011", "power_up": "mutant"}),
    ("king-of-tokyo", 2, {"edition": "2016", "power_up": "mutant"}),
    ("uno-power", 2, {"target_score": 100}),
    ("uno-power", 3, {"target_score": "single_round", "stacking": "progressive"}),
    (
        "uno-power",
        4,
        {"target_score": "single_round", "partners": True, "jump_in": True, "seven_swap": True},
    ),
    ("uno-power", 6, {"target_score": "single_round", "four_tower_bonus": "automatic"}),
    ("kung-fu", 2, {}),
    (
        "kung-fu",
        2,
        {
            "deciding_fight": "single_exchange",
            "draw_split": "sequential",
            "max_voluntary_passes": 1,
        },
    ),
]
SEEDS = (1, 2)
STRIDE = 150
"""Besides each state showing something new, one state in this many steps is checked."""
MAX_STEPS = 4000


@cache
def validator(game_id: str) -> jsonschema.Draft202012Validator:
    schema = tabletop.state_schema(game_id)
    return jsonschema.Draft202012Validator(schema)


def quick_validator(game_id: str) -> jsonschema.Draft202012Validator:
    """The schema less the check of each number of the generator and of the history,
    which cost most of a check and are the same kind of data at every step (the last
    history holds every earlier one): the checks of states that show something new use
    it; the others check everything."""
    schema = tabletop.state_schema(game_id)
    del schema["$defs"]["rng"]["prefixItems"][1]["items"]
    del schema["properties"]["history"]["items"]
    return jsonschema.Draft202012Validator(schema)


def shape(data: dict[str, Any]) -> list[Any]:
    """The features of a saved state: which lists and objects are empty, which fields
    are null, true or false, and the pending question (its kind and context length)."""
    key: list[Any] = []
    for name, value in sorted(data["state"].items()):
        if name == "rng":
            continue
        if isinstance(value, dict):
            key += [(name, k, bool(v)) for k, v in value.items() if not isinstance(v, int)]
        elif isinstance(value, list):
            key.append((name, bool(value)))
        elif value is None or isinstance(value, bool):
            key.append((name, value))
    pending = data["state"].get("decisions", data["state"].get("ask"))
    if pending:
        kind, _, context = pending[-1]
        key.append(("asked", kind, len(context)))
    return key


def check(schema: jsonschema.Draft202012Validator, data: dict[str, Any], where: str) -> None:
    """Fail with the first errors, each with where it is in the data."""
    errors = sorted(schema.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    assert not errors, f"{where}: " + "; ".join(
        f"at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:200]}"
        for e in errors[:5]
    )


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for game_id in tabletop.list_games():
        schema = tabletop.state_schema(game_id)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["properties"]["game"]["const"] == game_id


def test_every_field_is_described() -> None:
    """Each property and each position of a list says in words what it means."""

    def walk(node: Any, path: str) -> list[str]:
        missing = []
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    missing.append(f"{path}/{name}")
            for i, sub in enumerate(node.get("prefixItems", [])):
                if "description" not in sub:
                    missing.append(f"{path}/{i}")
            for key, sub in node.items():
                missing += walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                missing += walk(sub, f"{path}/{i}")
        return missing

    for game_id in GAMES:
        assert walk(tabletop.state_schema(game_id), game_id) == []


def test_the_options_part_is_the_options_dataclass() -> None:
    for game_id in GAMES:
        assert tabletop.state_schema(game_id)["properties"]["options"] == (
            options_schema(game_id)
        ), (
            f"the options of {game_id} changed: write them into its state.schema.json with "
            'python -c "from tabletop.core.schema import main; main()"'
        )


def test_the_files_are_written_as_the_updater_writes_them() -> None:
    for game_id in GAMES:
        text = schema_path(game_id).read_text(encoding="utf-8")
        assert text == render(json.loads(text)), f"{game_id}: reformat with render()"


def test_the_parts_every_game_shares_agree() -> None:
    schemas = [tabletop.state_schema(game_id) for game_id in GAMES]
    first = schemas[0]
    for other in schemas[1:]:
        for name in ("rng", "log_event"):
            assert other["$defs"][name] == first["$defs"][name]
        for name in ("seed", "history", "log"):
            assert other["properties"][name] == first["properties"][name]
        assert other["required"] == first["required"]


def test_the_doctests_run() -> None:
    result = doctest.testmod(tabletop.core.schema)
    assert result.attempted and not result.failed


def test_state_schema_returns_a_fresh_copy_and_knows_the_games() -> None:
    schema = tabletop.state_schema("uno-power")
    schema["properties"].clear()
    assert tabletop.state_schema("uno-power")["properties"]
    with pytest.raises(UnknownGameError):
        tabletop.state_schema("chess")


@pytest.mark.parametrize(
    ("game_id", "players", "options"),
    PLAYS,
    ids=[
        f"{g}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, n, o in PLAYS
    ],
)
def test_random_games_match_the_schema(game_id: str, players: int, options: dict[str, Any]) -> None:
    check_state = validator(game_id)
    check_quickly = quick_validator(game_id)
    game = tabletop.make(game_id, **options)
    seen: set[Any] = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_state(players, seed=seed)
        steps = 0
        while not state.is_terminal() and steps < MAX_STEPS:
            data = state.to_dict(include_log=False)
            features = shape(data)
            if steps % STRIDE == 0:
                check(check_state, data, f"seed {seed}, step {steps}")
            elif not seen.issuperset(features):
                check(check_quickly, data, f"seed {seed}, step {steps}")
            seen.update(features)
            if steps == 40:  # a log in mid-game, and a copy for one player
                check(check_quickly, state.to_dict(), f"seed {seed}, step {steps}, with log")
                twin = state.determinize(state.current_player, Rng(seed))
                check(check_quickly, twin.to_dict(), f"seed {seed}, determinized")
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        check(check_state, state.to_dict(), f"seed {seed}, end after {steps} steps")


def _saved(game_id: str, power_up: str = "off") -> dict[str, Any]:
    """A state a few random moves into a game, as to_dict writes it (a fresh copy)."""
    data: dict[str, Any] = json.loads(_saved_text(game_id, power_up))
    return data


@cache
def _saved_text(game_id: str, power_up: str) -> str:
    options = {"power_up": power_up} if game_id == "king-of-tokyo" else {}
    players = 2 if game_id == "kung-fu" else 4
    state = tabletop.make(game_id, **options).new_state(players, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return json.dumps(state.to_dict())


def test_the_states_to_break_are_valid() -> None:
    for game_id in GAMES:
        check(validator(game_id), _saved(game_id), game_id)
    check(validator("king-of-tokyo"), _saved("king-of-tokyo", "on"), "with Power Up!")


def _set(*path: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets the value at ``path`` (all but the last item) to the last."""
    *keys, last, value = path

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys:
            node = node[key]
        node[last] = value

    return change


def _drop(*path: Any) -> Callable[[dict[str, Any]], None]:
    """A change that removes the value at ``path``."""
    *keys, last = path

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys:
            node = node[key]
        del node[last]

    return change


def _append(*path: Any) -> Callable[[dict[str, Any]], None]:
    """A change that appends the last item of ``path`` to the list at the rest."""
    *keys, value = path

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys:
            node = node[key]
        node.append(value)

    return change


BROKEN = {
    # a required field missing, at the top and in the game's part
    "kot-no-state": ("king-of-tokyo", _drop("state")),
    "kot-no-monsters": ("king-of-tokyo", _drop("state", "monsters")),
    "uno-no-hands": ("uno-power", _drop("state", "hands")),
    "kung-fu-no-life": ("kung-fu", _drop("state", "life")),
    "kung-fu-no-history": ("kung-fu", _drop("history")),
    "kot-monster-without-shrink": ("king-of-tokyo", _drop("state", "monsters", 0, 9)),
    # a wrong type
    "kot-hearts-as-text": ("king-of-tokyo", _set("state", "monsters", 0, 1, "ten")),
    "kot-over-as-number": ("king-of-tokyo", _set("state", "over", 0)),
    "uno-top-as-text": ("uno-power", _set("state", "top", "red 5")),
    "uno-seed-as-text": ("uno-power", _set("seed", "5")),
    "kung-fu-life-as-fraction": ("kung-fu", _set("state", "life", 0, 9.5)),
    "kung-fu-option-as-text": ("kung-fu", _set("options", "round_limit", "many")),
    # out of range, unknown, of another game, or malformed
    "kot-die-face-6": ("king-of-tokyo", _set("state", "dice", [6])),
    "kot-eleven-monster-values": ("king-of-tokyo", _append("state", "monsters", 0, 0)),
    "kot-empty-next-dice": ("king-of-tokyo", _set("state", "next_dice", [])),
    "kot-unknown-ask": ("king-of-tokyo", _set("state", "decisions", [[99, 0, []]])),
    "uno-three-towers": ("uno-power", _set("state", "towers", [-1, -1, -1])),
    "uno-unknown-option-value": ("uno-power", _set("options", "stacking", "always")),
    "uno-unknown-option": ("uno-power", _set("options", "house_rule", True)),
    "kung-fu-unknown-field": ("kung-fu", _set("state", "extra", 1)),
    "kung-fu-other-game": ("kung-fu", _set("game", "uno-power")),
    "kung-fu-short-rng": ("kung-fu", _drop("state", "rng", 1, 0)),
    "kung-fu-event-seen-twice": ("kung-fu", _set("log", 0, "visible_to", [0, 0])),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_state_fails(name: str) -> None:
    game_id, change = BROKEN[name]
    data = _saved(game_id)
    change(data)
    assert not validator(game_id).is_valid(data)


def test_optional_fields_may_be_left_out() -> None:
    """What loading does without: the options and the log, and in King of Tokyo the
    fields older saves lack; ``next_dice`` (a position's scripted dice) may be there."""
    data = _saved("king-of-tokyo", "on")
    for name in ("options", "log"):
        del data[name]
    for name in ("eliminated", "heal_steps", "power_up"):
        del data["state"][name]
    check(validator("king-of-tokyo"), data, "without the optional fields")
    data["state"]["next_dice"] = [0, 5, 5]
    check(validator("king-of-tokyo"), data, "with next_dice")


@pytest.mark.parametrize(
    ("game_id", "spec"),
    [
        ("uno-power", {"hands": [["red 5", "blue 5"], ["green 9"]], "top": "red 3"}),
        ("kung-fu", {"life": [3, 5], "attacker": 1}),
        # Cards out of play: the optional ``box``.
        (
            "uno-power",
            {"hands": [["red 5"], ["green 9"]], "top": "red 3", "box": ["Wild Draw Four"]},
        ),
        ("kung-fu", {"hands": [["Low Kick"], ["Iron Shirt"]], "box": ["Tiger Claw", "Disarm"]}),
        ("king-of-tokyo", {"monsters": ["Meka Dragon", "Kraken"], "box": ["Heal", "Jets"]}),
    ],
)
def test_positions_match_the_schema(game_id: str, spec: dict[str, Any]) -> None:
    """A state set up as a position (docs/positions.md) saves in the same format."""
    state = tabletop.make(game_id).position(spec)
    check(validator(game_id), state.to_dict(), f"{game_id} position")
    if "box" in spec:
        data = state.to_dict()
        assert len(data["state"]["box"]) == len(spec["box"])
        data["state"]["box"] = []  # written only when it holds cards
        assert not validator(game_id).is_valid(data)


def test_a_king_of_tokyo_position_with_scripted_dice_matches_the_schema() -> None:
    game = tabletop.make("king-of-tokyo", power_up="on")
    spec = {
        "monsters": ["Meka Dragon", "The King", "Kraken"],
        "next_dice": ["claw", "claw", "claw", "heart", "1", "1", "2", "2", "2"],
    }
    try:
        state = game.position(spec)
    except InvalidOptionsError as exc:  # a build without King of Tokyo's positions
        if "no position builder" not in str(exc):
            raise
        pytest.skip(str(exc))
    data = state.to_dict()
    assert data["state"]["next_dice"]  # three dice of the nine are left for later rolls
    check(validator("king-of-tokyo"), data, "King of Tokyo position")
