"""Pending decisions: how out-of-turn choices stay simple.

A rule that needs somebody's answer (a challenge, a catch, a tower choice, a
defender's reaction) pushes a :class:`Decision`; ``current_player`` is the player on
top of the stack, and applying the answer pops it. Rules resume where they stopped by
reading the decision's ``kind`` and ``data``.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Decision(NamedTuple):
    """One pending question: who must answer, of what kind, with what context."""

    kind: int
    player: int
    data: tuple[Any, ...] = ()


class DecisionStack(list[Decision]):
    """A LIFO of :class:`Decision` values.

    A plain list underneath, so emptiness tests and copies run at C speed on the
    hot path; decisions are immutable, so a shallow copy is a full copy.

    >>> s = DecisionStack()
    >>> s.push(Decision(1, player=2))
    >>> s.top.player, len(s)
    (2, 1)
    """

    __slots__ = ()

    push = list.append

    def copy(self) -> DecisionStack:
        return DecisionStack(self)

    @property
    def top(self) -> Decision:
        return self[-1]

    def to_list(self) -> list[list[Any]]:
        return [[d.kind, d.player, list(d.data)] for d in self]

    @classmethod
    def from_list(cls, data: list[list[Any]]) -> DecisionStack:
        return cls(Decision(int(k), int(p), _tuplify(v)) for k, p, v in data)


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value
