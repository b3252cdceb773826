"""The registry of games by id: ``make`` and ``list_games``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.core.errors import StateFormatError, UnknownGameError
from tabletop.core.game import Game, State

# id -> "module:Class"; modules are imported on first use so that importing
# tabletop stays fast and a broken game cannot break the others.
_GAMES: dict[str, str] = {
    "uno-power": "tabletop.games.uno_power.game:UnoPowerGame",
    "kung-fu": "tabletop.games.kung_fu.game:KungFuGame",
    "king-of-tokyo": "tabletop.games.king_of_tokyo.game:KingOfTokyoGame",
}


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` (PEP 562) that imports each name of
    ``exports`` (name -> module) on first use.

    A game package re-exports its game class this way, so that importing one module of
    the package (a rules module, a card module) does not import the whole game first,
    and the package's imports have no circle."""

    def attribute(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    return attribute


def register(game_id: str, target: str) -> None:
    """Register a game class under ``game_id`` (``target`` is ``"module:Class"``)."""
    _GAMES[game_id] = target


def list_games() -> list[str]:
    """The ids of every registered game."""
    return sorted(_GAMES)


def game_class(game_id: str) -> type[Game[Any]]:
    try:
        target = _GAMES[game_id]
    except KeyError:
        raise UnknownGameError(
            "unknown game {game!r}; known games: {known}",
            game=game_id,
            known=", ".join(list_games()),
        ) from None
    module, _, name = target.partition(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module), name)
    return cls


def make(game_id: str, **options: Any) -> Game[Any]:
    """The game ``game_id`` with ``options`` (validated; bad ones raise).

    >>> import tabletop
    >>> game = tabletop.make("uno-power", hand_size=5)
    >>> game.info.max_players
    6
    """
    return game_class(game_id)(**options)


def load_state(data: Any) -> State:
    """The state in ``data`` (``State.to_dict`` output, e.g. read from JSON), in a game
    made with the options stored with it.

    ``Game.state_from_dict`` refuses a state saved with other options than its game's;
    this makes the right game first.

    >>> import tabletop
    >>> saved = tabletop.make("king-of-tokyo", edition="2016").new_state(4, seed=1).to_dict()
    >>> tabletop.load_state(saved).view(None)["edition"]
    '2016'
    """
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateFormatError("state data must be an object with the 'game' it is for")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateFormatError(
            "the state's 'options' must be an object, got {options!r}", options=options
        )
    return make(data["game"], **options).state_from_dict(data)
