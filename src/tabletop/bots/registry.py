"""Bots by name: ``make_bot("heuristic", "uno-power", seed=1)``.

Game-specific bots live in ``tabletop.games.<game>.bots`` and are looked up here
by name, so every layer (terminal, server, simulation, RL opponents) offers the
same list. :func:`bot_catalogue` describes them for players, weakest to strongest.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.bots.base import Bot, RandomBot
from tabletop.core.errors import TabletopError
from tabletop.core.registry import game_class

BotFactory = Callable[[int | None], Bot]

_GENERIC: dict[str, str] = {
    "random": "tabletop.bots.base:RandomBot",
    "ismcts": "tabletop.bots.ismcts:NormalBot",
    "easy": "tabletop.bots.ismcts:EasyBot",
    "normal": "tabletop.bots.ismcts:NormalBot",
    "hard": "tabletop.bots.ismcts:HardBot",
}
# game id -> bot name -> "module:Class"
_PER_GAME: dict[str, dict[str, str]] = {
    "uno-power": {"heuristic": "tabletop.games.uno_power.bots:UnoHeuristicBot"},
    "kung-fu": {"heuristic": "tabletop.games.kung_fu.bots:KungFuHeuristicBot"},
    "king-of-tokyo": {"heuristic": "tabletop.games.king_of_tokyo.bots:KingOfTokyoHeuristicBot"},
}


class UnknownBotError(TabletopError):
    """No bot of that name exists for the game."""


class ThinkTimeError(TabletopError):
    """A thinking time that is not a number of seconds in (0, the maximum]."""


MAX_THINK_SECONDS = 60.0
"""The longest thinking time per decision :func:`make_bot` accepts (the server caps
its own lower: ``ServerSettings.max_bot_think_seconds``)."""


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A bot as a player chooses it (see :func:`bot_catalogue`).

    ``level`` ranks the bots of a game from 0 (the weakest); ``summary`` is one line
    with a measured figure where one exists (docs/bots.md, "Levels"). An alias has
    ``alias_of`` set to the bot it is another name for, and that bot's level.
    """

    name: str
    level: int
    title: str
    summary: str
    alias_of: str | None = None


STRENGTH_ORDER: tuple[str, ...] = ("random", "easy", "heuristic", "normal", "hard")
"""The built-in bots from weakest to strongest, as measured in every game (docs/bots.md)."""

ALIASES: dict[str, str] = {"ismcts": "normal"}
"""Other names of a bot: listed last by :func:`bot_catalogue`, hidden by the lobby."""

_TITLES: dict[str, str] = {
    "random": "Random",
    "easy": "Easy",
    "heuristic": "Heuristic",
    "normal": "Normal",
    "hard": "Hard",
}
_EASY = "Searches 30 lines of play per move, played out at random"
_NORMAL = "Searches 150 lines of play per move"
_HARD = "Searches 600 lines of play per move"
# What each bot says to a player, where no game says more: no figure to give.
_SUMMARIES: dict[str, str] = {
    "random": "Plays a legal move at random; the baseline",
    "easy": f"{_EASY}; no measured figure",
    "heuristic": "Plays by fixed rules without searching; no measured figure",
    "normal": f"{_NORMAL}; no measured figure",
    "hard": f"{_HARD}; no measured figure",
}
# Per game, with the figures of docs/bots.md ("Levels" says where each comes from).
_GAME_SUMMARIES: dict[str, dict[str, str]] = {
    "kung-fu": {
        "easy": f"{_EASY}; wins 86% against the random bot, 28% against the heuristic bot",
        "heuristic": "Plays by fixed rules and counts cards; wins 96% against the random bot",
        "normal": f"{_NORMAL}; wins 62% against the heuristic bot",
        "hard": f"{_HARD}; wins 59% against normal",
    },
    "king-of-tokyo": {
        "easy": f"{_EASY}; wins 68% against three random bots, 5% against three heuristic bots",
        "heuristic": "Plays by fixed rules on what is public; wins 90% against three random "
        "bots at 4 players",
        "normal": f"{_NORMAL}; wins 50% against three heuristic bots at 4 players",
        "hard": "Searches 1,200 lines of play per move, each a turn deep; wins 44% against "
        "three normal bots at 4 players",
    },
    "uno-power": {
        "easy": f"{_EASY}; wins 88% of rounds against three random bots, 13% against three "
        "heuristic bots",
        "heuristic": "Plays by fixed rules without searching; wins 95% of rounds against "
        "three random bots",
        "normal": f"{_NORMAL}, dealing hidden cards by what was played; wins 30% of rounds "
        "against three heuristic bots (fair share 25%)",
        "hard": f"{_HARD}; won 26% of 500 rounds against three normal bots, no clear edge",
    },
}
_ALIAS_SUMMARY = "Another name for {target}"
_UNRANKED_SUMMARY = "A registered bot; its strength is not ranked"


def bot_catalogue(game_id: str) -> list[BotInfo]:
    """Every bot of ``game_id``, weakest first, each once; aliases come last.

    The built-in bots follow :data:`STRENGTH_ORDER`; bots registered with
    :func:`register_bot` under another name follow them, unranked (each a level
    above the last), and the aliases of :data:`ALIASES` close the list.
    """
    names = list_bots(game_id)
    ranked = [n for n in STRENGTH_ORDER if n in names]
    others = [n for n in names if n not in STRENGTH_ORDER and n not in ALIASES]
    summaries = {**_SUMMARIES, **_GAME_SUMMARIES.get(game_id, {})}
    out: list[BotInfo] = []
    for level, name in enumerate(ranked):
        out.append(BotInfo(name, level, _TITLES[name], summaries[name]))
    for name in others:
        title = name.replace("_", " ").replace("-", " ").capitalize()
        out.append(BotInfo(name, len(out), title, _UNRANKED_SUMMARY))
    levels = {info.name: info for info in out}
    for name, target in ALIASES.items():
        if name not in names:
            continue
        of = levels.get(target)
        if of is None:
            out.append(BotInfo(name, len(out), name.capitalize(), _UNRANKED_SUMMARY))
        else:
            summary = _ALIAS_SUMMARY.format(target=target)
            out.append(BotInfo(name, of.level, of.title, summary, alias_of=target))
    return out


def list_bots(game_id: str) -> list[str]:
    """Bot names available for ``game_id``."""
    game_class(game_id)  # validates the id
    return sorted({*_GENERIC, *_PER_GAME.get(game_id, {})})


def register_bot(game_id: str | None, name: str, target: str) -> None:
    """Register a bot class (``"module:Class"``) for one game, or all if ``None``."""
    if game_id is None:
        _GENERIC[name] = target
    else:
        _PER_GAME.setdefault(game_id, {})[name] = target


def make_bot(
    name: str, game_id: str, seed: int | None = None, *, think: float | None = None
) -> Bot:
    """A new bot called ``name`` for ``game_id``, seeded with ``seed``.

    ``think`` gives a search bot (the ISMCTS levels) a wall-time budget of that many
    seconds per decision instead of its level's iteration count, so a faster machine
    or the compiled build lets it search more, and a seeded bot no longer plays the
    same moves twice. Bots that do not search answer at once and ignore it.
    """
    seconds = None if think is None else check_think(think)
    target = _PER_GAME.get(game_id, {}).get(name) or _GENERIC.get(name)
    if target is None:
        raise UnknownBotError(
            "unknown bot {name!r} for {game}; available: {available}",
            name=name,
            game=game_id,
            available=", ".join(list_bots(game_id)),
        )
    module, _, attr = target.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module), attr)
    bot = cls(seed)
    if seconds is not None:
        from tabletop.bots.ismcts import ISMCTSBot

        if isinstance(bot, ISMCTSBot):
            bot.think = seconds
    return bot


def check_think(value: object, maximum: float = MAX_THINK_SECONDS) -> float:
    """``value`` as seconds of thinking: a finite number above 0 and at most ``maximum``.

    Anything else (text, a bool, NaN, infinity, 0, too long) raises
    :class:`ThinkTimeError`, whose message a front end can show as it is.

    >>> check_think(1)
    1.0
    >>> check_think("1")
    Traceback (most recent call last):
    ...
    tabletop.bots.registry.ThinkTimeError: the thinking time must be a number of seconds, not '1'
    """
    shown = _short_repr(value)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ThinkTimeError(
            "the thinking time must be a number of seconds, not {value}", value=shown
        )
    try:
        seconds = float(value)
    except OverflowError:  # an int too large for a float
        seconds = math.inf
    if not math.isfinite(seconds) or not 0 < seconds <= maximum:
        if shown is None:
            raise ThinkTimeError(
                "the thinking time must be above 0 and at most {maximum:g} seconds, "
                "not a huge number",
                maximum=maximum,
            )
        raise ThinkTimeError(
            "the thinking time must be above 0 and at most {maximum:g} seconds, not {value}",
            maximum=maximum,
            value=shown,
        )
    return seconds


def _short_repr(value: object) -> str | None:
    """``repr(value)`` cut to 40 characters, for messages about untrusted values;
    ``None`` for an int with more digits than Python will print."""
    try:
        text = repr(value)
    except ValueError:
        return None
    return text if len(text) <= 40 else f"{text[:37]}..."


def bot_searches(name: str, game_id: str) -> bool:
    """Whether bot ``name`` searches, so that a thinking time changes how it plays."""
    from tabletop.bots.ismcts import ISMCTSBot

    return isinstance(make_bot(name, game_id), ISMCTSBot)


def parse_bot_spec(text: str, maximum: float = MAX_THINK_SECONDS) -> tuple[str, float | None]:
    """A bot as written on a command line: ``"normal"``, or ``"normal@0.5"`` (name, then
    its thinking time in seconds); raises :class:`ThinkTimeError` for a bad time.

    >>> parse_bot_spec("normal@0.5"), parse_bot_spec("heuristic")
    (('normal', 0.5), ('heuristic', None))
    """
    name, sep, seconds = text.partition("@")
    if not sep:
        return text, None
    try:
        return name, check_think(float(seconds), maximum)
    except ValueError as exc:  # not a number, or out of range (ThinkTimeError)
        if isinstance(exc, ThinkTimeError):
            raise ThinkTimeError(
                "{spec!r}: {problem}, e.g. {name}@0.5", spec=text, problem=exc, name=name
            ) from None
        raise ThinkTimeError(
            "{spec!r}: give seconds after '@', e.g. {name}@0.5", spec=text, name=name
        ) from None


def bot_from_spec(text: str, game_id: str, seed: int | None = None) -> Bot:
    """The bot a spec such as ``"normal@0.5"`` names (see :func:`parse_bot_spec`)."""
    name, think = parse_bot_spec(text)
    return make_bot(name, game_id, seed, think=think)


def think_text(seconds: float) -> str:
    """Seconds as a bot spec writes them: ``0.25``, ``1``, ``1.5``."""
    short = f"{seconds:g}"
    return short if float(short) == seconds else repr(seconds)


__all__ = [
    "ALIASES",
    "MAX_THINK_SECONDS",
    "STRENGTH_ORDER",
    "Bot",
    "BotInfo",
    "RandomBot",
    "ThinkTimeError",
    "UnknownBotError",
    "bot_catalogue",
    "bot_from_spec",
    "bot_searches",
    "check_think",
    "list_bots",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "think_text",
]
