"""What the turn has done so far, as a King of Tokyo position says it (``this_turn``,
docs/positions.md).

The marks a turn keeps are cleared at its start (step A1): the hearts and energy each
monster lost or gained, Wings paid for, who yielded, entered or was smashed in Tokyo,
the once-a-turn cards used, Freeze Ray's faces... ``this_turn`` writes each in the
players' words; :data:`MARKS` says how each is read (:func:`place_marks`) and written
back (:func:`read_marks`, for :func:`~.position_describe.describe`).

The rest is the engine's own bookkeeping, whom the turn asked where
(:mod:`.position_asked`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import PositionError
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, NUM_FACES
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Stage
from tabletop.games.king_of_tokyo.position_asked import (
    START_DONE,
    bookkeeping,
    place_asked,
    temple_step,
)
from tabletop.games.king_of_tokyo.position_words import (
    bits,
    counts_of,
    face_of,
    seats_in,
    seats_of,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


@dataclass(frozen=True)
class Mark:
    """One field of ``this_turn``: how it is read from its words and written back."""

    kind: str  # "monsters" (a list), "counts" (monster: number), "flag", "number", ...
    get: Callable[[KingOfTokyoState], Any]
    set: Callable[[KingOfTokyoState, Any], None]
    power_up: bool = False


def _pu_marks(state: KingOfTokyoState) -> dict[str, int]:
    pu = state.pu
    assert pu is not None
    return pu.turn_marks


def _keyed(prefix: str) -> Mark:
    """A turn mark per monster, ``prefix`` + seat: a list of monsters."""

    def get(state: KingOfTokyoState) -> list[int]:
        marks = _pu_marks(state)
        return [s for s in range(state.num_players) if f"{prefix}{s}" in marks]

    def put(state: KingOfTokyoState, seats: list[int]) -> None:
        for s in seats:
            _pu_marks(state)[f"{prefix}{s}"] = 1

    return Mark("monsters", get, put, power_up=True)


def _tally(prefix: str) -> Mark:
    """A number per monster, the turn mark ``prefix`` + seat."""

    def get(state: KingOfTokyoState) -> dict[int, int]:
        marks = _pu_marks(state)
        return {
            s: marks[f"{prefix}{s}"] for s in range(state.num_players) if f"{prefix}{s}" in marks
        }

    def put(state: KingOfTokyoState, counts: dict[int, int]) -> None:
        for s, n in counts.items():
            _pu_marks(state)[f"{prefix}{s}"] = n

    return Mark("counts", get, put, power_up=True)


def _turn_flag(key: str) -> Mark:
    def get(state: KingOfTokyoState) -> bool:
        return key in _pu_marks(state)

    def put(state: KingOfTokyoState, on: bool) -> None:
        if on:
            _pu_marks(state)[key] = 1

    return Mark("flag", get, put, power_up=True)


def _state_flag(name: str) -> Mark:
    return Mark(
        "flag", lambda state: getattr(state, name), lambda state, on: setattr(state, name, on)
    )


def _state_bits(name: str) -> Mark:
    return Mark(
        "monsters",
        lambda state: seats_in(getattr(state, name), state.num_players),
        lambda state, seats: setattr(state, name, bits(seats)),
    )


def _get_entered(state: KingOfTokyoState) -> list[int]:
    seats = [state.active] if state.entered else []
    if state.pu is not None:
        marks = state.pu.turn_marks
        seats += [s for s in range(state.num_players) if f"entered{s}" in marks and s not in seats]
    return seats


def _set_entered(state: KingOfTokyoState, seats: list[int]) -> None:
    state.entered = state.active in seats
    if state.pu is not None:
        for s in seats:
            state.pu.turn_marks[f"entered{s}"] = 1


def _get_at_start(state: KingOfTokyoState) -> list[int]:
    return seats_in(_pu_marks(state).get("tokyo_at_start", 0), state.num_players)


def _set_at_start(state: KingOfTokyoState, seats: list[int]) -> None:
    marks = _pu_marks(state)
    marks.pop("tokyo_at_start", None)
    if seats:
        marks["tokyo_at_start"] = bits(seats)


def _get_faces(state: KingOfTokyoState) -> list[int]:
    mask = _pu_marks(state).get("freeze_face", 0)
    return [f for f in range(NUM_FACES) if mask >> f & 1]


def _set_faces(state: KingOfTokyoState, faces: list[int]) -> None:
    if faces:
        _pu_marks(state)["freeze_face"] = bits(faces)


def _get_number(key: str) -> Callable[[KingOfTokyoState], int]:
    return lambda state: _pu_marks(state).get(key, 0)


def _set_number(key: str) -> Callable[[KingOfTokyoState, int], None]:
    def put(state: KingOfTokyoState, n: int) -> None:
        if n:
            _pu_marks(state)[key] = n

    return put


def _get_wounded(state: KingOfTokyoState) -> dict[str, int] | None:
    marks = _pu_marks(state)
    if "after_damage.seat" not in marks:
        return None
    return {
        "monster": marks["after_damage.seat"],
        "hearts": marks.get("after_damage.lost", 0),
        "by": marks.get("after_damage.wounder", -1),
    }


def _set_wounded(state: KingOfTokyoState, given: dict[str, int] | None) -> None:
    if given is not None:
        marks = _pu_marks(state)
        marks["after_damage.lost"] = given["hearts"]
        marks["after_damage.wounder"] = given["by"]
        marks["after_damage.seat"] = given["monster"]


def _get_used(state: KingOfTokyoState) -> list[str]:
    """The cards whose once-a-turn power was used: Herd Culler, then Evolutions."""
    out = [state.cards.info[Card.HERD_CULLER].name] if state.herd_used else []
    pu = state.pu
    if pu is not None:
        info = evolution_table().info
        out += [info[n].name for n in range(len(info)) if pu.used >> n & 1]
    return out


def _set_used(state: KingOfTokyoState, numbers: list[int]) -> None:
    """``numbers``: -1 for Herd Culler, else Evolutions."""
    for n in numbers:
        if n < 0:
            state.herd_used |= 1 << state.active
        else:
            pu = state.pu
            assert pu is not None
            pu.used |= 1 << n


END_STAGES = frozenset({Stage.SELL, Stage.END_WINDOW, Stage.END, Stage.NEXT})
SKIPPING = ("sunken_temple", "tune_up")
"""The Evolutions that skip the rest of a turn (``this_turn.skipped``)."""


def _skipped_by(state: KingOfTokyoState) -> str:
    """The Evolution that skipped the turn now ending (Sunken Temple, Tune-Up), or ""."""
    pu = state.pu
    if pu is None or state.stage not in END_STAGES:
        return ""
    marks = pu.turn_marks
    start = marks.get("start_step", -1)
    if start == START_DONE or (
        "skipped" not in marks and state.options.skipped_turn_end != "end_of_turn"
    ):
        return ""
    return "sunken_temple" if start == temple_step() else "tune_up"


def _get_bamboozled(state: KingOfTokyoState) -> int:
    return _pu_marks(state).get("bamboozled", 0) - 1


def _set_bamboozled(state: KingOfTokyoState, card: int) -> None:
    if card >= 0:
        _pu_marks(state)["bamboozled"] = card + 1


MARKS: dict[str, Mark] = {
    "hearts_lost": _tally("lost:"),
    "hearts_gained": _tally("hearts:"),
    "energy_gained": _tally("energy:"),
    "wings": _state_bits("immune"),
    "dealt_damage": _state_flag("hurt_this_turn"),
    "attack_landed": _state_flag("smash_landed"),
    "smashed_in_tokyo": _state_bits("wounded"),
    "yielded": Mark(
        "monsters",
        lambda state: list(state.yielders),
        lambda state, seats: setattr(state, "yielders", list(seats)),
    ),
    "entered_tokyo": Mark("monsters", _get_entered, _set_entered),
    "takes_tokyo": _state_flag("take_city"),
    "rolled_three_1s": _state_flag("rolled_111"),
    "used": Mark("cards", _get_used, _set_used),
    "tokyo_at_start": Mark("monsters", _get_at_start, _set_at_start, power_up=True),
    "left_tokyo": _turn_flag("tokyo_left"),
    "left_tokyo_in_buy_phase": _turn_flag("tokyo_left_in_buy"),
    "wounded_in_tokyo": _turn_flag("wounded_tokyo"),
    "entry_taken": _turn_flag("no_entry"),
    "skipped": Mark("evolution", lambda state: _skipped_by(state), lambda state, n: None),
    "freeze_ray": Mark("faces", _get_faces, _set_faces, power_up=True),
    "high_tide": Mark("number", _get_number("high_tide"), _set_number("high_tide"), power_up=True),
    "claws_of_steel": _tally("claws_of_steel."),
    "claws_of_steel_extra": _keyed("claws_of_steel_done."),
    "electric_carrot": _keyed("carrot:"),
    "chest_thumping": _keyed("chest_thumping."),
    "last_wounded": Mark("wounded", _get_wounded, _set_wounded, power_up=True),
    "bamboozled": Mark("card", _get_bamboozled, _set_bamboozled, power_up=True),
}
"""The fields of ``this_turn``, in the order :func:`read_marks` writes them."""


@dataclass
class Course:
    """Where in its step a position goes on, as ``this_turn`` says."""

    round_asked: list[int] | None = None  # step J1 under way: those asked already
    skipped: str = ""  # the Evolution that skipped the turn
    done_rolling: bool = False  # step B is over: the extra rolls are not offered


def place_marks(state: KingOfTokyoState, given: Any, step: str) -> Course:
    """Set the turn's marks of ``this_turn`` and the bookkeeping of the steps before
    ``step`` (``asked`` says it where it differs). A monster in Tokyo at the start of the
    turn defaults to those in Tokyo now. Returns the monsters already asked in the
    end-of-turn round of Evolutions (step J1), if ``asked`` names it, and the Evolution
    that skipped the turn, if any (``skipped``)."""
    if not isinstance(given, Mapping):
        raise PositionError("this_turn", "an object of the turn's marks")
    for name in given:
        if name in ("asked", "done_rolling"):
            continue
        if name not in MARKS:
            known = ", ".join([*MARKS, "asked", "done_rolling"])
            raise PositionError(f"this_turn.{name}", "unknown field (known: {known})", known=known)
        if MARKS[name].power_up and state.pu is None:
            raise PositionError(f"this_turn.{name}", "a mark that only Power Up! keeps")
    course = Course()
    for name, value in given.items():
        if name == "skipped":
            course.skipped = _skipping(state, step, value)
        elif name == "done_rolling":
            if not isinstance(value, bool) or step != "after the last roll":
                raise PositionError(
                    "this_turn.done_rolling", 'true or false, at the step "after the last roll"'
                )
            course.done_rolling = value
        elif name != "asked":
            MARKS[name].set(state, _read(state, name, value))
    marks, state.heal_steps, state.probe_used = bookkeeping(state, step, course.skipped)
    if "tokyo_at_start" in given:
        marks.pop("tokyo_at_start", None)
    if "asked" in given:
        course.round_asked = place_asked(state, given["asked"], marks, step)
    if state.pu is not None:
        state.pu.turn_marks.update(marks)
    return course


def _skipping(state: KingOfTokyoState, step: str, value: Any) -> str:
    """``this_turn.skipped``: the Evolution that skipped the turn (at its end)."""
    field = "this_turn.skipped"
    if step != "end of turn":
        raise PositionError(field, 'a skipped turn goes on at the step "end of turn"')
    table = evolution_table()
    key = value.strip().lower() if isinstance(value, str) else ""
    found = [e.id for e in table.info if e.id in SKIPPING and key in (e.name.lower(), e.id)]
    if not found:
        names = ", ".join(table.by_id[e].name for e in SKIPPING)
        raise PositionError(field, "the Evolution that skipped it: {names}", names=names)
    if state.options.skipped_turn_end != "end_of_turn":
        _pu_marks(state)["skipped"] = 1
    return found[0]


def _read(state: KingOfTokyoState, name: str, value: Any) -> Any:
    """``this_turn.name``'s value, from its words."""
    field = f"this_turn.{name}"
    kind = MARKS[name].kind
    if kind == "monsters":
        return seats_of(state, field, value, out=True)
    if kind == "counts":
        return counts_of(state, field, value)
    if kind == "flag":
        if not isinstance(value, bool):
            raise PositionError(field, "true or false, got {value!r}", value=value)
        return value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise PositionError(field, "a whole number from 0, got {value!r}", value=value)
        return value
    if kind == "faces":
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise PositionError(field, "a list of die faces ({faces})", faces=", ".join(FACE_NAMES))
        return [face_of(field, f) for f in value]
    if kind == "cards":
        return _used(state, field, value)
    if kind == "card":
        return _card(state, field, value)
    return _wounded(state, field, value)


def _used(state: KingOfTokyoState, field: str, value: Any) -> list[int]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise PositionError(field, "a list of cards, got {value!r}", value=value)
    herd = state.cards.info[Card.HERD_CULLER].name
    out = []
    for name in value:
        key = name.strip().lower() if isinstance(name, str) else ""
        if key in (herd.lower(), "herd culler", "herd_culler"):
            out.append(-1)
            continue
        found = [e.number for e in evolution_table().info if key in (e.name.lower(), e.id)]
        if not found or state.pu is None:
            raise PositionError(
                field, "{name!r} is no card used once a turn (Herd Culler, an Evolution)", name=name
            )
        out.append(found[0])
    return out


def _card(state: KingOfTokyoState, field: str, value: Any) -> int:
    """A Power card by name (a copy number picks the copy): the row's first, else the
    first copy."""
    from tabletop.games.king_of_tokyo.position_placer import COPY, card_pool, copies_of

    pool = card_pool(state.cards)
    match = COPY.match(value) if isinstance(value, str) else None
    kind = pool.kind(field, match.group(1) if match else value)
    copies = copies_of(state.cards)[kind]
    if match:
        number = int(match.group(2))
        if not 1 <= number <= len(copies):
            raise PositionError(field, "no copy #{number} of that card", number=number)
        return copies[number - 1]
    return next((c for c in state.row if c in copies), copies[0])


def _wounded(state: KingOfTokyoState, field: str, value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping) or "monster" not in value:
        raise PositionError(field, "an object: monster, hearts, by")
    for key in value:
        if key not in ("monster", "hearts", "by"):
            raise PositionError(f"{field}.{key}", "unknown field (known: monster, hearts, by)")
    seats = seats_of(
        state, field, [value["monster"], *([value["by"]] if "by" in value else [])], out=True
    )
    hearts = value.get("hearts", 0)
    if isinstance(hearts, bool) or not isinstance(hearts, int) or hearts < 0:
        raise PositionError(f"{field}.hearts", "a whole number from 0, got {value!r}", value=hearts)
    return {"monster": seats[0], "hearts": hearts, "by": seats[1] if len(seats) > 1 else -1}


def read_marks(state: KingOfTokyoState) -> dict[str, Any]:
    """The marks of ``this_turn`` the state holds, in words (all but those the steps
    before leave on their own: see :func:`place_marks`)."""
    out: dict[str, Any] = {}
    name_of = state.monster_name
    for name, mark in MARKS.items():
        if mark.power_up and state.pu is None:
            continue
        value = mark.get(state)
        if (value < 0) if mark.kind == "card" else not value:
            continue
        if mark.kind == "monsters":
            out[name] = [name_of(s) for s in value]
        elif mark.kind == "counts":
            out[name] = {name_of(s): n for s, n in value.items()}
        elif mark.kind == "faces":
            out[name] = [FACE_NAMES[f] for f in value]
        elif mark.kind == "card":
            out[name] = card_words(state, value)
        elif mark.kind == "evolution":
            out[name] = evolution_table().by_id[value].name
        elif mark.kind == "wounded":
            words = {"monster": name_of(value["monster"]), "hearts": value["hearts"]}
            if value["by"] >= 0:
                words["by"] = name_of(value["by"])
            out[name] = words
        else:
            out[name] = value
    return out


def card_words(state: KingOfTokyoState, c: int) -> str:
    """Power card instance ``c`` by name, with its copy number where there are two."""
    from tabletop.games.king_of_tokyo.position_placer import copies_of

    copies = copies_of(state.cards)[state.cards.instances[c]]
    name = state.cards.names[c]
    return name if len(copies) == 1 else f"{name} #{copies.index(c) + 1}"
