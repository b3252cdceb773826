"""The bot catalogue: every bot once, weakest first, aliases last, a summary each."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.bots import BotInfo, bot_catalogue, list_bots, make_bot, registry
from tabletop.bots.registry import ALIASES, STRENGTH_ORDER, register_bot

GAMES = tabletop.list_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_registered_bot_appears_exactly_once(game_id: str) -> None:
    names = [bot.name for bot in bot_catalogue(game_id)]
    assert sorted(names) == list_bots(game_id)
    assert len(names) == len(set(names))


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_are_ordered_weakest_first_with_aliases_last(game_id: str) -> None:
    catalogue = bot_catalogue(game_id)
    ranked = [bot for bot in catalogue if bot.alias_of is None]
    assert [bot.name for bot in ranked] == ["random", "easy", "heuristic", "normal", "hard"]
    assert [bot.level for bot in ranked] == list(range(len(ranked)))
    aliases = catalogue[len(ranked) :]
    assert [bot.name for bot in aliases] == ["ismcts"]
    normal = ranked[3]
    assert aliases[0] == BotInfo("ismcts", normal.level, normal.title, aliases[0].summary, "normal")
    for bot in aliases:
        assert bot.alias_of in ALIASES.values()
        assert type(make_bot(bot.name, game_id)) is type(make_bot(bot.alias_of or "", game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_summaries_are_single_lines_with_figures(game_id: str) -> None:
    for bot in bot_catalogue(game_id):
        assert bot.title and bot.summary.strip(), bot
        assert "\n" not in bot.summary and len(bot.summary) < 160, bot
        if bot.alias_of is None and bot.name != "random":
            assert "%" in bot.summary, f"{game_id} {bot.name}: no measured figure"


def test_the_kung_fu_summaries_quote_docs_bots() -> None:
    summaries = {bot.name: bot.summary for bot in bot_catalogue("kung-fu")}
    assert "wins 96% against the random bot" in summaries["heuristic"]
    assert "150 lines of play" in summaries["normal"]
    assert "wins 59% against the heuristic bot" in summaries["normal"]


def test_list_bots_is_unchanged() -> None:
    assert list_bots("uno-power") == ["easy", "hard", "heuristic", "ismcts", "normal", "random"]
    with pytest.raises(tabletop.UnknownGameError):
        bot_catalogue("chess")


def test_a_newly_registered_bot_is_listed_after_the_ranked_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._PER_GAME, "kung-fu", dict(registry._PER_GAME["kung-fu"]))
    register_bot("kung-fu", "eager", "tabletop.bots.base:RandomBot")
    catalogue = bot_catalogue("kung-fu")
    names = [bot.name for bot in catalogue]
    assert names == [*STRENGTH_ORDER, "eager", "ismcts"]
    eager = catalogue[len(STRENGTH_ORDER)]
    assert eager.level == len(STRENGTH_ORDER) and "not ranked" in eager.summary
