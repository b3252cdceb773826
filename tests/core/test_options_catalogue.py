"""Options as described data: every game's options carry a title, a description, a
group and value labels, and :func:`option_catalogue` reports them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import pytest

import tabletop
from tabletop.core.options import (
    OPTION_GROUPS,
    OptionInfo,
    check_ranges,
    describe_options,
    missing_descriptions,
    option,
    option_catalogue,
)


def _options_types() -> list[type[Any]]:
    return [type(tabletop.make(game_id).options) for game_id in tabletop.list_games()]


@pytest.mark.parametrize("cls", _options_types(), ids=lambda cls: cls.__name__)
def test_every_option_of_every_game_is_described(cls: type[Any]) -> None:
    assert missing_descriptions(cls) == []
    for info in option_catalogue(cls):
        assert info.title and info.description and info.group in OPTION_GROUPS
        assert "_" not in info.title, f"{info.name}: the title is a code name"
        for value, label in info.values:
            assert label.strip(), f"{info.name}: empty label for {value!r}"


@pytest.mark.parametrize("cls", _options_types(), ids=lambda cls: cls.__name__)
def test_the_catalogue_matches_describe_options(cls: type[Any]) -> None:
    catalogue = option_catalogue(cls)
    described = describe_options(cls)
    assert [i.name for i in catalogue] == [name for name, _, _ in described]
    assert [i.default for i in catalogue] == [default for _, _, default in described]
    known = {"choice", "bool", "int", "text", "int-or-choice", "choice-or-text"}
    assert {i.kind for i in catalogue} <= known


@dataclass(frozen=True, slots=True)
class Described:
    mode: Literal["a", "b"] = option(
        "a", title="Mode", description="How it plays.", group="setup", values={"a": "A"}
    )
    flag: bool = False
    count: int = option(3, title="Count", description="How many.", group="advanced", min=1)


def test_missing_descriptions_names_each_gap() -> None:
    problems = missing_descriptions(Described)
    assert "mode: no label for 'b'" in problems
    assert {"flag: no title", "flag: no description", "flag: no group"} <= set(problems)
    assert not any(p.startswith("count") for p in problems)


def test_a_field_without_metadata_is_still_catalogued() -> None:
    flag = {i.name: i for i in option_catalogue(Described)}["flag"]
    assert flag == OptionInfo(
        "flag", "flag", "", "variants", "bool", False, ((True, "on"), (False, "off"))
    )


def test_option_rejects_an_unknown_group() -> None:
    with pytest.raises(ValueError, match="group"):
        option(1, title="T", description="D", group="house rules")


def test_ranges_are_declared_once_and_checked() -> None:
    field = {f.name: f for f in dataclasses.fields(Described)}["count"]
    assert field.metadata["min"] == 1 and "max" not in field.metadata
    check_ranges(Described(count=1))
    with pytest.raises(tabletop.InvalidOptionsError, match="must be at least 1"):
        check_ranges(Described(count=0))


def _catalogue(game_id: str) -> dict[str, OptionInfo]:
    return {i.name: i for i in option_catalogue(type(tabletop.make(game_id).options))}


def test_king_of_tokyo_catalogue() -> None:
    options = _catalogue("king-of-tokyo")
    power_up = options["power_up"]
    assert (power_up.title, power_up.group, power_up.kind) == ("Power Up!", "expansions", "choice")
    assert power_up.values == (
        ("off", "off"),
        ("on", "on: Evolutions"),
        ("mutant", "Mutant (draft variant)"),
    )
    ray = options["healing_ray_regeneration"]
    assert ray.title == "Healing Ray and Regeneration" and ray.group == "variants"
    assert dict(ray.values)["edition"] == "as the edition says"
    assert dict(ray.values)["healer"] == "the healer's Regeneration (2011)"
    assert ray.default_label == "as the edition says"
    limit = options["turn_limit"]
    assert (limit.kind, limit.group, limit.min, limit.max, limit.values) == (
        "int",
        "advanced",
        10,
        100_000,
        (),
    )
    assert options["monsters"].kind == "text" and options["monsters"].values == ()
    assert options["tokyo_bay"].kind == "bool" and options["tokyo_bay"].label(True)
    assert options["edition"].group == "setup"


def test_uno_power_catalogue() -> None:
    options = _catalogue("uno-power")
    target = options["target_score"]
    assert target.kind == "int-or-choice"
    assert (target.default, target.min, target.max) == (500, 1, 100_000)
    assert [v for v, _ in target.values] == ["single_round"]
    assert target.default_label == "500"
    for name in ("icon_table", "card_points", "round_turn_limit"):
        assert options[name].group == "advanced", name
    assert options["stacking"].group == "variants"
    assert options["jump_in"].values == ((True, "on"), (False, "off"))
    assert options["card_points"].label("") == "(empty)"


def test_kung_fu_catalogue() -> None:
    options = _catalogue("kung-fu")
    passes = options["max_voluntary_passes"]
    assert (passes.kind, passes.min, passes.max, passes.default) == ("int", -1, 5, -1)
    assert options["round_limit"].group == "advanced"
    deck = options["deck"]  # a packaged deck, or a file's path
    assert deck.kind == "choice-or-text" and deck.group == "setup" and deck.names_a_file
    assert [value for value, _ in deck.values] == ["default", "balanced"]


@pytest.mark.parametrize(
    ("game_id", "name", "value", "message"),
    [
        ("king-of-tokyo", "turn_limit", 9, "must be 10 to 100000"),
        ("uno-power", "target_score", 0, "must be 1 to 100000 or single_round"),
        ("uno-power", "hand_size", 16, "must be 1 to 15"),
        ("kung-fu", "max_voluntary_passes", 6, "must be -1 to 5"),
    ],
)
def test_declared_ranges_are_enforced(game_id: str, name: str, value: int, message: str) -> None:
    info = _catalogue(game_id)[name]
    assert info.min is not None and info.max is not None
    tabletop.make(game_id, **{name: info.min})
    tabletop.make(game_id, **{name: info.max})
    with pytest.raises(tabletop.InvalidOptionsError, match=message):
        tabletop.make(game_id, **{name: value})


def test_notice_defaults_to_none_and_kung_fu_warns_about_its_deck(tmp_path: Path) -> None:
    assert tabletop.make("uno-power").notice is None
    assert tabletop.make("king-of-tokyo").notice is None
    notice = tabletop.make("kung-fu").notice
    assert notice is not None and "provisional" in notice and "deck=PATH" in notice
    assert "docs/games/kung-fu.md#entering-the-real-cards" in notice
    packaged = resources.files("tabletop.games.kung_fu").joinpath("data/deck.json")
    copy = tmp_path / "deck.json"
    copy.write_text(packaged.read_text("utf-8"), encoding="utf-8")
    assert tabletop.make("kung-fu", deck=str(copy)).notice is None
