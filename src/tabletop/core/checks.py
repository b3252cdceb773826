"""Checks the games' saved-state checks share (``games/*/checks.py``): each raises
:class:`~tabletop.core.errors.StateFormatError` naming the field and the problem."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.errors import StateFormatError


def check_in_range(name: str, values: Iterable[int], low: int, high: int | None) -> None:
    """Each of ``values`` lies from ``low`` to ``high`` (``None``: no upper bound)."""
    for value in values:
        if value < low or (high is not None and value > high):
            if high is None:
                raise StateFormatError(
                    "{name}: must be {low} or more, got {value}", name=name, low=low, value=value
                )
            raise StateFormatError(
                "{name}: must be from {low} to {high}, got {value}",
                name=name,
                low=low,
                high=high,
                value=value,
            )


def check_card_ids(name: str, cards: Iterable[object], num_kinds: int) -> None:
    """Each of ``cards`` is the id of a card kind of the deck (0 to ``num_kinds`` - 1)."""
    for k in cards:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < num_kinds:
            raise StateFormatError("{name}: {card!r} is not a card of this deck", name=name, card=k)
