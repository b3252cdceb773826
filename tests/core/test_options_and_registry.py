from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

import tabletop
from tabletop.core.options import describe_options, parse_options


@dataclass(frozen=True)
class Opts:
    flag: bool = False
    count: int = 3
    mode: Literal["a", "b"] = "a"
    target: int | Literal["none"] = 5


def test_values_are_coerced_from_strings() -> None:
    opts = parse_options(Opts, {"flag": "on", "count": "7", "mode": "b", "target": "none"})
    assert opts == Opts(True, 7, "b", "none")
    assert parse_options(Opts, {"target": "12"}).target == 12


@pytest.mark.parametrize(
    ("values", "name"),
    [
        ({"nope": 1}, "nope"),
        ({"flag": "maybe"}, "flag"),
        ({"count": "many"}, "count"),
        ({"count": True}, "count"),
        ({"mode": "c"}, "mode"),
        ({"target": "x"}, "target"),
    ],
)
def test_bad_options_name_the_option(values: dict[str, object], name: str) -> None:
    with pytest.raises(tabletop.InvalidOptionsError) as info:
        parse_options(Opts, values)
    assert info.value.option == name
    assert name in str(info.value)


def test_describe_lists_choices_and_defaults() -> None:
    rows = {name: (kinds, default) for name, kinds, default in describe_options(Opts)}
    assert rows["mode"] == ("a | b", "a")
    assert rows["flag"] == ("on | off", False)


def test_make_and_list_games() -> None:
    assert "uno-power" in tabletop.list_games()
    game = tabletop.make("uno-power", hand_size=5)
    assert game.options.hand_size == 5
    with pytest.raises(tabletop.UnknownGameError, match="known games"):
        tabletop.make("chess")
    with pytest.raises(tabletop.InvalidOptionsError, match="hand_size"):
        tabletop.make("uno-power", hand_size=0)


def test_player_count_is_checked() -> None:
    game = tabletop.make("uno-power")
    with pytest.raises(tabletop.InvalidOptionsError, match="2 to 6"):
        game.new_state(7)


def test_action_from_id_rejects_bad_ids() -> None:
    game = tabletop.make("uno-power")
    assert game.action_from_id(0).id == 0
    for bad in (-1, game.info.num_distinct_actions, "3", True):
        with pytest.raises(tabletop.IllegalActionError):
            game.action_from_id(bad)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    assert issubclass(tabletop.TabletopError, ValueError)
    for cls in (tabletop.IllegalActionError, tabletop.InvalidOptionsError, tabletop.RecordError):
        assert issubclass(cls, tabletop.TabletopError)
