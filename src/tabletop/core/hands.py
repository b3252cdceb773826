"""Hands kept as a count per card kind: a ``bytearray`` indexed by the kind's number.

UNO Power and Kung Fu hold hands this way (a clone copies a few bytes, a card in
hand is one index). Read them through these functions, which index the array rather
than iterate it: mypyc 2.4 fails on any loop over a ``bytearray`` ("bytearray is not
a valid sequence", an internal compiler error; docs/install.md has the reproduction),
so an engine that iterates its hands cannot be compiled.
"""

from __future__ import annotations


def kinds_held(hand: bytearray) -> dict[int, int]:
    """The kinds held, each with how many.

    >>> kinds_held(bytearray([0, 2, 0, 1]))
    {1: 2, 3: 1}
    """
    return {k: hand[k] for k in range(len(hand)) if hand[k]}


def cards_held(hand: bytearray) -> list[int]:
    """Every card held as its kind's number, repeats included, by kind.

    >>> cards_held(bytearray([0, 2, 0, 1]))
    [1, 1, 3]
    """
    return [k for k in range(len(hand)) for _ in range(hand[k])]
