"""Checks the games' saved-state checks share (``games/*/checks.py``): each raises
:class:`~tabletop.core.errors.StateFormatError` naming the field and the problem."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core.errors import StateFormatError


def check_in_range(name: str, values: Iterable[int], low: int, high: int | None) -> None:
    """Each of ``values`` lies from ``low`` to ``high`` (``None``: no upper bound)."""
    for value in values:
        if value < low or (high is not None and value > high):
            bounds = f"{low} or more" if high is None else f"from {low} to {high}"
            raise StateFormatError(f"{name}: must be {bounds}, got {value}")


def check_card_ids(name: str, cards: Iterable[object], num_kinds: int) -> None:
    """Each of ``cards`` is the id of a card kind of the deck (0 to ``num_kinds`` - 1)."""
    for k in cards:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < num_kinds:
            raise StateFormatError(f"{name}: {k!r} is not a card of this deck")
