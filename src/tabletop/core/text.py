"""Small helpers for the texts people read (log lines, labels, messages)."""

from __future__ import annotations


def plural(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` followed by the noun, singular for exactly 1, else plural.

    The plural is ``singular + "s"`` unless given. Nouns that do not change
    ("energy", "life") pass themselves as the plural.

    >>> plural(1, "heart")
    '1 heart'
    >>> plural(2, "heart")
    '2 hearts'
    >>> plural(0, "star")
    '0 stars'
    >>> plural(3, "Poison token")
    '3 Poison tokens'
    >>> plural(2, "die", "dice")
    '2 dice'
    """
    if count == 1:
        return f"{count} {singular}"
    return f"{count} {plural if plural is not None else singular + 's'}"


__all__ = ["plural"]
