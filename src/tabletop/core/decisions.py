"""Pending decisions: how out-of-turn choices stay simple.

A rule that needs somebody's answer (a challenge, a catch, a tower choice, a
defender's reaction) pushes a :class:`Decision`; ``current_player`` is the player on
top of the stack, and applying the answer pops it. Rules resume where they stopped by
reading the decision's ``kind`` and ``data``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple


class Decision(NamedTuple):
    """One pending question: who must answer, of what kind, with what context."""

    kind: int
    player: int
    data: tuple[Any, ...] = ()


class DecisionStack:
    """A LIFO of :class:`Decision` values (immutable, so copies are shallow).

    >>> s = DecisionStack()
    >>> s.push(Decision(1, player=2))
    >>> s.top.player, len(s)
    (2, 1)
    """

    __slots__ = ("_items",)

    def __init__(self, items: list[Decision] | None = None) -> None:
        self._items: list[Decision] = items if items is not None else []

    def copy(self) -> DecisionStack:
        return DecisionStack(self._items[:])

    def push(self, decision: Decision) -> None:
        self._items.append(decision)

    def pop(self) -> Decision:
        return self._items.pop()

    @property
    def top(self) -> Decision:
        return self._items[-1]

    def clear(self) -> None:
        self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self._items)

    def to_list(self) -> list[list[Any]]:
        return [[d.kind, d.player, list(d.data)] for d in self._items]

    @classmethod
    def from_list(cls, data: list[list[Any]]) -> DecisionStack:
        return cls([Decision(int(k), int(p), _tuplify(v)) for k, p, v in data])


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
