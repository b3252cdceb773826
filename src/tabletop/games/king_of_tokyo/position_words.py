"""The words a King of Tokyo position is written in (docs/positions.md), read and
written back: whole numbers in range, monsters by name or seat, die faces by name.
The position's modules (:mod:`.position`, :mod:`.position_placer`,
:mod:`.position_turn`, :mod:`.position_marks`, :mod:`.position_evolutions`) read their
fields with these; :mod:`.position_describe` writes a state's fields with the same
words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import PositionError
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, face_from_name

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def count(
    spec: Mapping[str, Any], name: str, field: str, default: int, low: int, high: int | None = None
) -> int:
    """The whole number ``spec[name]`` from ``low`` (to ``high``), or ``default``;
    ``field`` is where ``spec`` is (``""`` at the top)."""
    value = spec.get(name, default)
    where = f"{field}.{name}" if field else name
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(where, "must be a whole number, got {value!r}", value=value)
    if value < low or (high is not None and value > high):
        if high is None:
            raise PositionError(where, "from {low}, got {value}", low=low, value=value)
        raise PositionError(
            where, "from {low} to {high}, got {value}", low=low, high=high, value=value
        )
    return value


def flag(spec: Mapping[str, Any], name: str, field: str) -> bool:
    """``spec[name]``: true or false (false when left out)."""
    value = spec.get(name, False)
    if not isinstance(value, bool):
        raise PositionError(f"{field}.{name}", "true or false, got {value!r}", value=value)
    return value


def seat_of(state: KingOfTokyoState, field: str, value: Any, *, out: bool = False) -> int:
    """The seat ``value`` names, by number or by its monster's name; it must be in the
    game (``out``: a monster out of the game is allowed too)."""
    seat = -1
    if isinstance(value, str):
        key = value.strip().lower()
        for p, m in enumerate(state.monsters):
            if key in (m.name, m.name.replace("_", " "), state.monster_name(p).lower()):
                seat = p
        if seat < 0:
            raise PositionError(field, "no monster {name!r} at this table", name=value)
    elif isinstance(value, int) and not isinstance(value, bool):
        seat = value
    if not 0 <= seat < state.num_players:
        raise PositionError(
            field, "a seat from 0 to {last} or a monster's name", last=state.num_players - 1
        )
    if not out and not state.monsters[seat].alive:
        raise PositionError(field, "{monster} is out of the game", monster=state.monster_name(seat))
    return seat


def seats_of(state: KingOfTokyoState, field: str, value: Any, *, out: bool = False) -> list[int]:
    """The seats a list of monsters names, in its order, each once."""
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise PositionError(field, "a list of monsters, got {value!r}", value=value)
    seats: list[int] = []
    for i, entry in enumerate(value):
        seat = seat_of(state, f"{field}[{i}]", entry, out=out)
        if seat in seats:
            raise PositionError(field, "{monster} is named twice", monster=state.monster_name(seat))
        seats.append(seat)
    return seats


def counts_of(state: KingOfTokyoState, field: str, value: Any, *, low: int = 1) -> dict[int, int]:
    """A monster's name to a whole number from ``low``, for each monster named."""
    if not isinstance(value, Mapping):
        raise PositionError(field, "an object of monster: number, got {value!r}", value=value)
    out: dict[int, int] = {}
    for name in value:
        seat = seat_of(state, f"{field}.{name}", name, out=True)
        out[seat] = count(value, name, field, 0, low)
    return out


def face_of(field: str, name: Any) -> int:
    """The die face called ``name``."""
    try:
        return face_from_name(name)
    except (ValueError, AttributeError, TypeError):
        raise PositionError(
            field,
            "no die face {name!r} (the faces: {faces})",
            name=name,
            faces=", ".join(FACE_NAMES),
        ) from None


def faces_of(spec: Mapping[str, Any], name: str, field: str = "") -> list[int]:
    """The die faces listed in ``spec[name]`` (none when left out)."""
    where = f"{field}.{name}" if field else name
    names = spec.get(name, [])
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise PositionError(where, "a list of die faces ({faces})", faces=", ".join(FACE_NAMES))
    return [face_of(where, n) for n in names]


def bits(seats: Sequence[int]) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out


def seats_in(mask: int, players: int) -> list[int]:
    return [s for s in range(players) if mask >> s & 1]
