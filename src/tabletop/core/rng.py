"""A seeded random number generator that is cheap to clone.

Every state owns one :class:`Rng`; nothing in the rules touches the global
``random`` module. Cloning shares the underlying generator until either copy first
draws a number (copy-on-write), because copying the Mersenne Twister state costs
more than copying the rest of a typical game state.
"""

from __future__ import annotations

import math
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, Self, TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")


@mypyc_attr(allow_interpreted_subclasses=True)  # tests script dice with a subclass
class Rng:
    """A copy-on-write wrapper around :class:`random.Random`.

    >>> a = Rng(7)
    >>> b = a.clone()
    >>> a.randrange(1000) == b.randrange(1000)
    True
    """

    __slots__ = ("_random", "_shared")

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Declared so that a compiled build (mypyc) lets ``Rng.__new__`` allocate a
        # blank instance for its copies, as plain Python always does.
        return object.__new__(cls)

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)
        self._shared = False

    def clone(self) -> Rng:
        """Return an independent copy that will produce the same numbers."""
        twin = Rng.__new__(Rng)
        twin._random = self._random
        twin._shared = True
        self._shared = True
        return twin

    def _own(self) -> random.Random:
        if self._shared:
            fresh = random.Random()
            fresh.setstate(self._random.getstate())
            self._random = fresh
            self._shared = False
        return self._random

    def randrange(self, stop: int) -> int:
        if stop <= 0:
            raise ValueError(f"empty range for randrange({stop})")
        return _below(self._own(), stop)

    def random(self) -> float:
        return self._own().random()

    def rolls(self, n: int, sides: int) -> list[int]:
        """``n`` dice of ``sides`` faces (``0..sides-1``): one call for a whole roll.

        >>> sorted(set(Rng(1).rolls(200, 6)))
        [0, 1, 2, 3, 4, 5]
        """
        rand = self._own().random
        return [int(rand() * sides) for _ in range(n)]

    def choice(self, seq: Sequence[T]) -> T:
        return self._own().choice(seq)

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        # Fisher-Yates with random.shuffle's own draws (``_below``), so that a seed
        # shuffles as it does there; written out because the standard library's loop
        # runs interpreted, and for lists (the piles) with fast indexing and the draw
        # inlined: compiled, a call to ``_below`` per card costs half as much again.
        getrandbits = self._own().getrandbits
        if isinstance(seq, list):
            items: list[Any] = seq
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                k = n.bit_length()
                j = getrandbits(k)
                while j >= n:
                    j = getrandbits(k)
                items[i], items[j] = items[j], items[i]
            return
        for i in range(len(seq) - 1, 0, -1):
            j = _below(self._random, i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        # random.Random.sample's algorithm and draws, written out like shuffle.
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        source = self._own()
        setsize = 21  # the standard library's switch between its two methods
        if k > 5:
            setsize += 4 ** math.ceil(math.log(k * 3, 4))
        result: list[T] = []
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = _below(source, n - i)
                result.append(pool[j])
                pool[j] = pool[n - i - 1]
            return result
        selected: set[int] = set()
        for _ in range(k):
            j = _below(source, n)
            while j in selected:
                j = _below(source, n)
            selected.add(j)
            result.append(population[j])
        return result

    def derive(self) -> Rng:
        """A new generator seeded from this one, for a sub-stream."""
        return Rng(self._own().getrandbits(64))

    def to_dict(self) -> list[Any]:
        """The generator state as JSON-ready data."""
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_dict(cls, data: list[Any]) -> Self:
        rng = cls.__new__(cls)
        rng._random = random.Random()
        version, internal, gauss = data
        rng._random.setstate((version, tuple(internal), gauss))
        rng._shared = False
        return rng


def _below(source: random.Random, n: int) -> int:
    """A uniform int in ``[0, n)`` from ``source``'s bits, drawn as ``random.Random``
    draws it (``_randbelow_with_getrandbits``), so results match the standard library's."""
    k = n.bit_length()
    r = source.getrandbits(k)
    while r >= n:
        r = source.getrandbits(k)
    return r
