"""Dice faces, and the keep-by-faces encoding of reroll choices.

Dice are exchangeable, so a roll is a sorted tuple of faces and a reroll choice
names the *multiset of dice kept* rather than die positions: "keep 2,2,2" is one
action whatever positions the 2s have. That removes duplicate choices for players
and search bots alike, and gives every choice a fixed readable label.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

ONE, TWO, THREE, HEART, ENERGY, CLAW = range(6)
NUM_FACES = 6
FACE_NAMES = ("1", "2", "3", "heart", "energy", "claw")
FACE_SYMBOLS = ("1", "2", "3", "♥", "⚡", "✊")
A_FACE = ("a 1", "a 2", "a 3", "a heart", "an energy", "a claw")
"""One die of each face in words, with its article ("an energy", "a claw")."""
BLACK_DICE = 6
MAX_DICE = 9  # 6 black, 2 green (Extra Head), a third Extra Head through Mimic
MAX_KEPT = MAX_DICE - 1  # a reroll rerolls at least one die


def face_from_name(name: str) -> int:
    """The face called ``name`` ("1", "heart", "claw", ...)."""
    key = name.strip().lower()
    aliases = {"smash": CLAW, "claws": CLAW, "hearts": HEART, "lightning": ENERGY}
    if key in aliases:
        return aliases[key]
    return FACE_NAMES.index(key)


def counts_of(dice: Sequence[int]) -> tuple[int, ...]:
    """How many dice show each face."""
    counts = [0] * NUM_FACES
    for face in dice:
        counts[face] += 1
    return tuple(counts)


def describe_dice(dice: Sequence[int]) -> str:
    """ "1, 2, 2, claw" (or "no dice")."""
    return ", ".join(FACE_NAMES[f] for f in sorted(dice)) or "no dice"


def _kept_multisets() -> Iterator[tuple[int, ...]]:
    for counts in product(range(MAX_KEPT + 1), repeat=NUM_FACES):
        if sum(counts) <= MAX_KEPT:
            yield counts


KEEPS: tuple[tuple[int, ...], ...] = tuple(
    sorted(_kept_multisets(), key=lambda c: (sum(c), tuple(-x for x in c)))
)
"""Every kept multiset (counts per face, at most ``MAX_KEPT`` dice), in id order."""

KEEP_INDEX: dict[tuple[int, ...], int] = {counts: i for i, counts in enumerate(KEEPS)}

KEPT_FACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for f in range(NUM_FACES) for _ in range(counts[f])) for counts in KEEPS
)
"""The faces of each kept multiset of :data:`KEEPS`, sorted (the dice a reroll keeps)."""


def keep_label(counts: Sequence[int]) -> str:
    """ "keep 2, 2, claw and reroll the rest"."""
    kept = [FACE_NAMES[f] for f in range(NUM_FACES) for _ in range(counts[f])]
    if not kept:
        return "reroll all dice"
    return f"keep {', '.join(kept)} and reroll the rest"


def keep_choices(dice_counts: Sequence[int]) -> list[int]:
    """Indices into :data:`KEEPS` of every proper sub-multiset of the roll.

    >>> len(keep_choices((1, 1, 1, 1, 1, 1)))  # six different faces: 2**6 - 1
    63
    """
    ranges = [range(c + 1) for c in dice_counts]
    total = sum(dice_counts)
    return [
        KEEP_INDEX[kept] for kept in product(*ranges) if sum(kept) < total and sum(kept) <= MAX_KEPT
    ]
