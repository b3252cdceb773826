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
from mypy_extensions import mypyc_attr

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game, State

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

Buffer: TypeAlias = "memoryview[float]"
"""What observations are written into: a float32 (``"f"``) memoryview over zeros (a
fresh array's, or a row of a batch's buffer), which numpy wraps. Its item writes cost
half those of the ``array.array`` beneath it, which parses every value it is given."""

Template: TypeAlias = "array.array[float]"
"""What a buffer starts as: zeros, or what depends only on the number of players."""

SHORT_LEGAL_LIST = 40
"""Up to this many legal actions, :meth:`Observer.mask` sets bytes in a loop."""

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
    """A float32 array's memory as a :data:`Buffer` (its format is already ``"f"``)."""
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
        self._zeros = array.array("f", bytes(4 * at))
        self.shape: tuple[int] = (at,)
        self.num_actions: int = game.info.num_distinct_actions
        self._no_actions = bytes(self.num_actions)
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
        # A float32 ``array.array`` copied from its template (a memcpy), written
        # through a memoryview, and wrapped by numpy without converting 300-odd
        # Python floats. Every entry is a whole number well within float32's exact
        # range, so the result is the same.
        store = self._blank(state.num_players)[:]
        out = np.frombuffer(store, np.float32)
        self._fill_state(state, player, as_buffer(store), out)
        return out

    def encode_view(self, view: dict[str, Any], player: int) -> FloatArray:
        """The reference encoding: the observation made from ``view`` alone."""
        store = self._zeros[:]
        self._fill(view, player, as_buffer(store))
        return np.frombuffer(store, np.float32)

    def write(self, state: State, player: int, row: Buffer, row_array: FloatArray) -> None:
        """Write the observation of seat ``player`` into ``row`` (numpy's view of it:
        ``row_array``), a row of a batch (:mod:`tabletop.rl.vector`): :meth:`encode`
        without a new array."""
        row[:] = memoryview(self._blank(state.num_players))
        self._fill_state(state, player, row, row_array)

    def write_mask(self, state: State, out: bytearray, at: int) -> None:
        """Write the action mask of ``state`` into ``out[at : at + num_actions]`` (bytes
        0 and 1; all 0 at the end)."""
        out[at : at + self.num_actions] = self._no_actions
        if not state.is_terminal():
            for action in state.legal_actions():
                out[at + action.id] = 1

    def _blank(self, num_players: int) -> Template:
        """What an observation starts from, copied: zeros, or whatever depends on nothing
        but the number of players, filled in once."""
        return self._zeros

    def _fill_state(self, state: State, player: int, buf: Buffer, out: FloatArray) -> None:
        """Write the observation of ``state`` for ``player`` into ``buf``.

        Through ``state.view(player)`` unless an observer knows a cheaper way to
        the same numbers (then it must read only what that view shows). ``out`` is
        numpy's view of ``buf``, for writing a whole run of entries at once.
        """
        self._fill(state.view(player), player, buf)

    @abstractmethod
    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        """Write the fields of ``view`` (seen by ``player``) into ``buf`` (all zeros)."""

    def mask(self, state: State) -> MaskArray:
        """1 for each legal action id of the current player, else 0 (all 0 at the end)."""
        if state.is_terminal():
            return np.zeros(self.num_actions, dtype=np.int8)
        legal = state.legal_actions()
        if len(legal) > SHORT_LEGAL_LIST:
            out = np.zeros(self.num_actions, dtype=np.int8)
            out[[a.id for a in legal]] = 1
            return out
        # Most decisions offer a handful of actions: setting bytes one by one and
        # wrapping the buffer beats numpy's fancy indexing of a Python list.
        marks = bytearray(self.num_actions)
        for action in legal:
            marks[action.id] = 1
        return np.frombuffer(marks, np.int8)  # a positional dtype is faster

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
