"""The observer interface: :class:`Observer` and :class:`Field`, and the seat tables
every game's observer shares (see :mod:`tabletop.rl.observers`)."""

from __future__ import annotations

import array
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias, cast

import numpy as np
import numpy.typing as npt
from librt.vecs import vec
from mypy_extensions import mypyc_attr, u8

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

Buffer: TypeAlias = "memoryview[float]"
"""What :meth:`Observer._fill` writes into: a float64 (``"d"``) memoryview over
zeros, which numpy wraps."""

Template: TypeAlias = "array.array[float]"
"""The float64 array beneath a :data:`Buffer`."""

Row: TypeAlias = "vec[float] | array.array[float]"
"""One observation as ``size`` float64 entries in a fresh buffer: a
:class:`librt.vecs.vec`, which a compiled observer writes without a Python call per
entry, or an ``array.array`` that :meth:`Observer._fill` wrote. Both export their
memory, so numpy and ``bytes.join`` read them without a conversion per entry."""

SEATS_FROM: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((seat, (seat - player) % n) for seat in range(n)) for player in range(n))
    for n in range(9)
)
"""``SEATS_FROM[n][player]``: each seat of an ``n``-seat table and where it sits
relative to ``player`` (0 for the player, 1 for the next seat...), looked up at every
step instead of computed."""

AT_FROM: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for _seat, r in seats) for seats in table) for table in SEATS_FROM
)
"""``AT_FROM[n][player][seat]``: where ``seat`` sits relative to ``player``."""


def as_buffer(store: Template) -> Buffer:
    """A float64 array's memory as a :data:`Buffer` (its format is already ``"d"``)."""
    return cast(Buffer, memoryview(store))


@dataclass(frozen=True, slots=True)
class Field:
    """A named slice of an observation: ``size`` entries, each in ``[0, high]``."""

    name: str
    size: int
    high: float
    doc: str


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's own observer subclasses it
class Observer(ABC):
    """Encodes one seat's view of a state of ``game`` as a flat vector.

    ``fields`` lie one after the other in the vector; ``offset[name]`` is where a
    field starts and ``slices[name]`` its slice. ``low``/``high`` bound every entry
    (the Box of the RL environments).
    """

    max_seats: int = 2

    def __init__(self, game: Game[Any], fields: Sequence[Field]) -> None:
        self.game = game
        self.fields: tuple[Field, ...] = tuple(fields)
        self.offset: dict[str, int] = {}
        self.slices: dict[str, slice] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offset:
                raise ValueError(f"duplicate field {f.name!r}")
            self.offset[f.name] = at
            self.slices[f.name] = slice(at, at + f.size)
            at += f.size
        self.size: int = at
        self._zeros = array.array("d", bytes(8 * at))
        self.shape: tuple[int] = (at,)
        self.num_actions: int = game.info.num_distinct_actions
        self.low: FloatArray = np.zeros(self.shape, dtype=np.float32)
        self.high: FloatArray = np.concatenate(
            [np.full(f.size, f.high, dtype=np.float32) for f in self.fields]
        )

    # -- encoding ---------------------------------------------------------------

    def encode(self, state: State, player: int) -> FloatArray:
        """The observation of seat ``player``: ``encode_view(state.view(player), player)``."""
        if not 0 <= player < state.num_players:
            raise TabletopError(
                "player {player} is not a seat of this {seats}-seat game",
                player=player,
                seats=state.num_players,
            )
        # Every entry is a whole number well within float32's exact range, so the
        # float64 row converts to the same values.
        row: Any = self.row(state, player)  # numpy's stubs do not know vec's buffer
        return np.frombuffer(row, np.float64).astype(np.float32)

    def encode_view(self, view: dict[str, Any], player: int) -> FloatArray:
        """The reference encoding: the observation made from ``view`` alone."""
        store = self._zeros[:]
        self._fill(view, player, as_buffer(store))
        return np.frombuffer(store, np.float64).astype(np.float32)

    def row(self, state: State, player: int) -> Row:
        """The observation of seat ``player`` as a fresh :data:`Row` of float64 entries
        (what :meth:`encode` converts, and the batched environments gather).

        Through ``state.view(player)`` unless an observer knows a cheaper way to the
        same numbers (then it must read only what that view shows).
        """
        store = self._zeros[:]
        self._fill(state.view(player), player, as_buffer(store))
        return store

    def mask_row(self, state: State) -> vec[u8]:
        """The action mask of ``state`` as a fresh ``vec`` of ``num_actions`` bytes, 1 for
        each legal action id (all 0 at the end): what the batched environments gather."""
        marks = vec[u8]([0] * self.num_actions)
        if not state.is_terminal():
            for action in state.legal_actions():
                marks[action.id] = 1
        return marks

    @abstractmethod
    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        """Write the fields of ``view`` (seen by ``player``) into ``buf`` (zeros)."""

    def mask(self, state: State) -> MaskArray:
        """1 for each legal action id of the current player, else 0 (all 0 at the end)."""
        return np.frombuffer(bytearray(self.mask_row(state)), np.int8)  # writable

    def named(self, obs: FloatArray) -> dict[str, FloatArray]:
        """The fields of an observation by name (views into ``obs``, no copies)."""
        return {name: obs[s] for name, s in self.slices.items()}

    def string(self, state: State, player: int | None) -> str:
        """A readable twin of the observation (``None``: a spectator's view)."""
        return self._text(state.view(player), player)

    @abstractmethod
    def _text(self, view: dict[str, Any], player: int | None) -> str: ...

    def layout(self) -> str:
        """The layout as a Markdown table: field, offset, size, bound, meaning."""
        rows = ["| field | offset | size | max | meaning |", "|---|---|---|---|---|"]
        for f in self.fields:
            high = int(f.high) if float(f.high).is_integer() else f.high
            rows.append(f"| `{f.name}` | {self.offset[f.name]} | {f.size} | {high} | {f.doc} |")
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.id}, size={self.size})"
