"""Seat preferences: the questions a person has the server answer for it.

A game declares them (``Game.preferences_type``, described like options) and decides
what they answer (``Game.auto_answer``); this module keeps them per seat (only the
values that differ from the defaults, in the seat's row, so a restart keeps them),
describes them for the table page and checks what a client sends. The bot driver
plays the answers (:meth:`~.driver.BotDriver.auto_turn`), so they work while the
player's tab sleeps.

An automatic answer could tell the others what the seat holds: answering a window at
once shows that nothing in the hand fitted it. So every automatic answer, and a
person's answer to an open question (``Game.open_question``), waits until
``answer_pace_s`` has passed since the question was put (:func:`answer_wait`): the
others receive the same frames, in the same order, at the same time, whether a
person declined a card or held none.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import Game
from tabletop.core.options import option_catalogue, options_to_dict
from tabletop.server import protocol as p
from tabletop.server.live import LiveTable
from tabletop.server.words import N_


def catalogue(game: Game[Any]) -> list[dict[str, Any]]:
    """The game's preferences as the table page shows them (empty: none)."""
    if game.preferences_type is None:
        return []
    return [
        {
            "name": o.name,
            "title": o.title,
            "description": o.description,
            "kind": o.kind,
            "default": o.default,
            "values": [[value, label] for value, label in o.values],
            "min": o.min,
            "max": o.max,
        }
        for o in option_catalogue(game.preferences_type)
    ]


def current(table: LiveTable, seat: int) -> Any | None:
    """``seat``'s preferences (``None``: the game has none). Values an older version
    stored and this one refuses fall back to the defaults."""
    game = table.state.game
    if game.preferences_type is None:
        return None
    try:
        return game.preferences(table.row.seats[seat].preferences or {})
    except InvalidOptionsError:
        return game.preferences()


def changed(table: LiveTable, seat: int, changes: Mapping[str, Any]) -> Any:
    """``seat``'s preferences with ``changes``, or :class:`~.protocol.ProtocolError`
    naming the first bad one (nothing changes)."""
    game = table.state.game
    if game.preferences_type is None:
        raise p.ProtocolError(p.BAD_PREFERENCES, N_("{game} has no preferences"), game=game.title)
    try:
        return game.preferences({**(table.row.seats[seat].preferences or {}), **changes})
    except InvalidOptionsError as exc:
        raise p.ProtocolError(p.BAD_PREFERENCES, str(exc)) from None


def keep(table: LiveTable, seat: int, preferences: Any) -> bool:
    """Put ``preferences`` in ``seat``'s row (its values other than the defaults);
    True if that changed the row, which the caller then stores."""
    defaults = options_to_dict(table.state.game.preferences())
    stored = {k: v for k, v in options_to_dict(preferences).items() if defaults[k] != v}
    row = table.row.seats[seat]
    new = stored or None
    if row.preferences == new:
        return False
    row.preferences = new
    return True


def values(table: LiveTable, seat: int | None) -> dict[str, Any] | None:
    """What ``seat``'s client shows: all of its preferences (``None`` for spectators
    and for games without preferences)."""
    if seat is None:
        return None
    prefs = current(table, seat)
    return None if prefs is None else options_to_dict(prefs)


def will_answer(table: LiveTable, seat: int) -> bool:
    """Whether ``seat``'s preferences answer its pending question (then its client is
    not offered the question, which the driver is about to answer)."""
    current_prefs = current(table, seat)
    if current_prefs is None:
        return False
    state = table.state
    action, _ = state.game.auto_answer(state, seat, current_prefs)
    return action is not None


def answer_wait(table: LiveTable, pace: float, *, automatic: bool) -> float:
    """The seconds an answer to the pending question waits before it is played: what
    is left of ``pace`` since the question was put, for an automatic answer and for
    any answer to an open question; 0 for a person's other answers."""
    state = table.state
    if not automatic and not state.game.open_question(state):
        return 0.0
    return max(0.0, table.asked_at + pace - time.monotonic())
