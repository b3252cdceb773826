"""Bots: the registry, the random bot, and the interface every bot implements."""

from tabletop.bots.base import Bot, RandomBot
from tabletop.bots.registry import UnknownBotError, list_bots, make_bot, register_bot

__all__ = ["Bot", "RandomBot", "UnknownBotError", "list_bots", "make_bot", "register_bot"]
