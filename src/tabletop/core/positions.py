"""Positions in files: a game situation written as JSON or TOML (docs/positions.md).

A position file names the game and its options beside the game's own fields::

    game = "uno-power"
    options = { hand_size = 5 }
    hands = [["red 5", "blue 5"], ["green 9"]]
    top = "red 3"

:func:`load_position` makes the game and asks it to build the state
(:meth:`~tabletop.core.game.Game.position`).
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import State
from tabletop.core.registry import make


class PositionError(InvalidOptionsError):
    """A position that names something the game lacks, or that the rules cannot
    reach; the message names the field (``position.hands[0]``)."""

    def __init__(self, field: str, message: str, /, **fields: Any) -> None:
        super().__init__(f"position.{field}", message, **fields)


def check_fields(fields: Mapping[str, Any], known: Iterable[str]) -> None:
    """Refuse a field the game's positions do not have."""
    known = sorted(known)
    for name in sorted(fields):
        if name not in known:
            raise PositionError(name, "unknown field (known: {known})", known=", ".join(known))


def whole_number(fields: Mapping[str, Any], name: str, default: int) -> int:
    value = fields.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(name, "must be a whole number, got {value!r}", value=value)
    return value


def seat_number(fields: Mapping[str, Any], name: str, players: int, default: int) -> int:
    seat = whole_number(fields, name, default)
    if not 0 <= seat < players:
        raise PositionError(
            name, "a seat from 0 to {last}, got {seat}", last=players - 1, seat=seat
        )
    return seat


def per_seat(fields: Mapping[str, Any], name: str, players: int, what: str) -> list[Any]:
    """A list with one entry per seat."""
    value = fields[name]
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != players:
        raise _one_per_seat(name, players, what)
    return list(value)


def _one_per_seat(name: str, players: int, what: str) -> PositionError:
    """The error of :func:`per_seat`: a whole sentence for each ``what`` it is called with."""
    if what == "list of cards":
        return PositionError(
            name, "needs one list of cards per player ({players})", players=players
        )
    if what == "koku row":
        return PositionError(name, "needs one koku row per player ({players})", players=players)
    if what == "life":
        return PositionError(name, "needs one life per player ({players})", players=players)
    if what == "number":
        return PositionError(name, "needs one number per player ({players})", players=players)
    if what == "score":
        return PositionError(name, "needs one score per player ({players})", players=players)
    if what == "true/false":
        return PositionError(name, "needs one true/false per player ({players})", players=players)
    return PositionError(  # another game's word: in English
        name, "needs one {what} per player ({players})", what=what, players=players
    )


class CardPool:
    """The cards of a deck a position has not placed yet, taken by name.

    ``names[k]`` and ``copies[k]`` describe card kind ``k``; ``aliases`` are further
    names of a kind (its id). Names are matched without regard to case, and a name
    that matches nothing gets the names that contain it as suggestions.
    """

    def __init__(
        self,
        names: Sequence[str],
        copies: Sequence[int],
        aliases: Mapping[str, int] | None = None,
    ) -> None:
        self.names = names
        self.left = Counter({k: n for k, n in enumerate(copies)})
        self._by_name = {name.lower(): k for k, name in enumerate(names)}
        for alias, k in (aliases or {}).items():  # ids, other editions' names
            self._by_name.setdefault(alias.lower(), k)

    def kind(self, field: str, name: Any) -> int:
        if isinstance(name, str):
            k = self._by_name.get(name.strip().lower())
            if k is not None:
                return k
        close: list[str] = []
        if isinstance(name, str):
            close = [n for n in self.names if name.lower() in n.lower()]
            lowered = {n.lower(): n for n in self.names}
            for near in difflib.get_close_matches(name.lower(), list(lowered), n=5):
                if lowered[near] not in close:
                    close.append(lowered[near])
        if close:
            raise PositionError(
                field,
                "no card called {name!r} (did you mean {close}?)",
                name=name,
                close=", ".join(close[:5]),
            )
        raise PositionError(field, "no card called {name!r}", name=name)

    def take(self, field: str, names: Any) -> list[int]:
        """The cards called ``names``, out of the pool (more than the deck holds raise)."""
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise PositionError(field, "must be a list of card names, got {names!r}", names=names)
        out = []
        for name in names:
            k = self.kind(field, name)
            if self.left[k] <= 0:
                raise PositionError(
                    field, "{card}: more copies than the deck holds", card=self.names[k]
                )
            self.left[k] -= 1
            out.append(k)
        return out

    def rest(self, order: Iterable[int]) -> list[int]:
        """The cards not taken, in ``order`` (a shuffled deck: the seed's order); the
        pool is then empty."""
        out = []
        for k in order:
            if self.left[k] > 0:
                self.left[k] -= 1
                out.append(k)
        return out


def read_position(path: str | Path) -> dict[str, Any]:
    """The position in the JSON (``.json``) or TOML (any other name) file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionsError(
            "position", "cannot read {path}: {reason}", path=path, reason=exc.strerror
        ) from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InvalidOptionsError(
            "position", "{path} is not valid: {reason}", path=path, reason=str(exc)
        ) from None
    if not isinstance(data, dict):
        raise InvalidOptionsError("position", "{path} must hold an object of fields", path=path)
    return data


def load_position(source: str | Path | Mapping[str, Any]) -> State:
    """The state a position file (or its parsed fields) describes.

    >>> import tabletop
    >>> state = tabletop.load_position(
    ...     {"game": "uno-power", "hands": [["red 5"], ["blue 5"]], "top": "red 3"}
    ... )
    >>> state.current_player
    0
    """
    data = dict(source) if isinstance(source, Mapping) else read_position(source)
    game_id = data.pop("game", None)
    if not isinstance(game_id, str):
        raise InvalidOptionsError("position.game", 'name the game, e.g. game = "uno-power"')
    options = data.pop("options", {})
    if not isinstance(options, Mapping):
        raise InvalidOptionsError("position.options", "an object of option: value")
    return make(game_id, **options).position(data)
