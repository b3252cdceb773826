"""Bots: the registry, random and ISMCTS bots, hints, and the interface every bot implements."""

from tabletop.bots.analysis import Hint, Moment, analyse, review
from tabletop.bots.base import Bot, RandomBot
from tabletop.bots.ismcts import ISMCTS, ISMCTSBot, SearchSettings
from tabletop.bots.registry import (
    BotInfo,
    ThinkTimeError,
    UnknownBotError,
    bot_catalogue,
    list_bots,
    make_bot,
    register_bot,
)

__all__ = [
    "ISMCTS",
    "Bot",
    "BotInfo",
    "Hint",
    "ISMCTSBot",
    "Moment",
    "RandomBot",
    "SearchSettings",
    "ThinkTimeError",
    "UnknownBotError",
    "analyse",
    "bot_catalogue",
    "list_bots",
    "make_bot",
    "register_bot",
    "review",
]
