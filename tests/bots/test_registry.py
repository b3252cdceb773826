"""The bot catalogue: every bot once, weakest first, aliases last, a summary each."""

from __future__ import annotations

from pathlib import Path

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
    assert "against the heuristic bot" in summaries["normal"]


def _ladder_rates() -> dict[tuple[str, str], float]:
    """(game title, level) -> the win rate of the step up to it, from docs/bots.md's
    ladder table (four players, or two in Kung Fu; head-to-head rows left out)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text()
    table = text.split("<!-- ladder:start -->")[1].split("<!-- ladder:end -->")[0]
    rates = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 7 and "→" in cells[1]:
            rates[cells[0], cells[1].split("→")[1].strip()] = float(cells[4].split()[0])
    return rates


@pytest.mark.parametrize("game_id", GAMES)
def test_the_search_levels_summaries_quote_the_ladder(game_id: str) -> None:
    """What a player reads of easy, normal and hard is the ladder's figure for the step
    up to that level, rounded to a percent (measured again, the summary follows)."""
    title = tabletop.make(game_id).info.title
    summaries = {bot.name: bot.summary for bot in bot_catalogue(game_id)}
    for level in ("easy", "normal", "hard"):
        rate = _ladder_rates()[title, level]
        assert f" {round(rate * 100)}% " in summaries[level], (level, rate)


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
