"""Bots given a thinking time: search by the clock, checked, ignored by bots that do not search."""

from __future__ import annotations

import math
import time
from dataclasses import replace

import pytest

import tabletop
from tabletop.bots import ISMCTSBot, SearchSettings, ThinkTimeError, make_bot
from tabletop.bots.ismcts import level_settings
from tabletop.bots.registry import (
    MAX_THINK_SECONDS,
    bot_from_spec,
    bot_searches,
    check_think,
    parse_bot_spec,
    think_text,
)
from tabletop.bots.search import ISMCTS
from tabletop.core.errors import TabletopError
from tabletop.core.rng import Rng


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "ismcts"])
def test_a_search_bot_swaps_its_iterations_for_the_time(name: str) -> None:
    bot = make_bot(name, "uno-power", 1, think=0.05)
    assert isinstance(bot, ISMCTSBot)
    level = level_settings(bot.level or "normal", "uno-power")
    assert bot.settings_for("uno-power") == replace(level, seconds=0.05)
    untimed = make_bot(name, "uno-power", 1)
    assert isinstance(untimed, ISMCTSBot) and untimed.settings_for("uno-power").seconds is None


@pytest.mark.alone
def test_a_timed_bot_answers_in_about_its_time() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=2)
    bot = make_bot("normal", "kung-fu", 3, think=0.05)
    start = time.perf_counter()
    assert bot.choose(state, state.current_player) in state.legal_actions()
    assert time.perf_counter() - start < 1.0  # one iteration past the deadline at most


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_bots_that_do_not_search_accept_and_ignore_it(name: str) -> None:
    bot = make_bot(name, "kung-fu", 1, think=2)
    assert not isinstance(bot, ISMCTSBot) and not bot_searches(name, "kung-fu")
    state = tabletop.make("kung-fu").new_state(2, seed=1)
    same = make_bot(name, "kung-fu", 1)
    assert bot.choose(state, state.current_player) == same.choose(state, state.current_player)


def test_explicit_settings_are_kept() -> None:
    settings = SearchSettings(iterations=7)
    assert ISMCTSBot(1, settings, think=3.0).settings_for("kung-fu") == settings


def test_the_search_always_runs_one_iteration() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=5)
    stats = ISMCTS(SearchSettings(seconds=1e-12), Rng(1)).search(state, state.current_player)
    assert sum(s.visits for s in stats) >= 1


@pytest.mark.parametrize(
    "value",
    [0, -1, math.nan, math.inf, -math.inf, MAX_THINK_SECONDS + 1, 10**400, "1", True, [1]],
)
def test_a_bad_time_is_a_clear_error(value: object) -> None:
    with pytest.raises(ThinkTimeError, match="thinking time") as caught:
        make_bot("normal", "kung-fu", think=value)  # type: ignore[arg-type]
    assert isinstance(caught.value, TabletopError) and len(str(caught.value)) < 120


def test_a_maximum_of_ones_own() -> None:
    assert check_think(0.5, maximum=0.5) == 0.5
    with pytest.raises(ThinkTimeError, match=r"at most 0\.5 seconds"):
        check_think(0.6, maximum=0.5)


def test_bot_specs_carry_a_time() -> None:
    assert parse_bot_spec("normal@0.25") == ("normal", 0.25)
    assert parse_bot_spec("heuristic") == ("heuristic", None)
    bot = bot_from_spec("hard@1.5", "kung-fu", seed=2)
    assert isinstance(bot, ISMCTSBot) and bot.settings_for("kung-fu").seconds == 1.5
    for bad in ["normal@", "normal@x", "normal@0", "normal@nan", "normal@100"]:
        with pytest.raises(ThinkTimeError, match=bad):
            parse_bot_spec(bad)
    assert [think_text(s) for s in (0.25, 1.0, 2, 0.123456789)] == ["0.25", "1", "2", "0.123456789"]
