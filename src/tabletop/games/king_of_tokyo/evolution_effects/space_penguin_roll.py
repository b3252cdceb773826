"""Space Penguin's Evolutions that hold back the other monsters' roll: Cold Wave (a die
fewer), Blizzard (a single roll, no yielding) and Encased in Ice (a die frozen until its
owner's next turn). The monster's other cards are in :mod:`.space_penguin`.

Cold Wave and Blizzard stay face up (on the player's table) until the start of its next
turn; ``encased_face``/``encased_owner`` in ``state.pu.marks`` hold the die Encased in
Ice froze. Their hooks (:mod:`..hookspecs`): ``dice_count`` (Cold Wave), ``rolls`` and
``may_not_yield`` (Blizzard), ``frozen_die``, ``reroll_keeps``, ``before_resolving`` and
``view`` (Encased in Ice), and ``turn_start`` (what lasts until the owner's next turn
ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import A_FACE, FACE_NAMES, KEEPS
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import (
    BEFORE_RESOLVING,
    DICE_COUNT,
    FROZEN_DIE,
    MAY_NOT_YIELD,
    REROLL_KEEPS,
    ROLL_COUNT,
    TURN_START,
    VIEW,
)
from tabletop.games.king_of_tokyo.power_up import (
    QUESTIONS,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def _stay_face_up(state: KingOfTokyoState, seat: int, evolution: str) -> None:
    """A Temporary Evolution with a lasting effect stays face up until it ends."""
    pu = pu_of(state)
    n = evolution_number(evolution)
    pile = pu.discard[pu.owner.get(n, seat)]
    if n in pile:
        pile.remove(n)
        pu.table[seat].append(n)


def _discard_if_up(state: KingOfTokyoState, seat: int, evolution: str) -> None:
    pu = pu_of(state)
    n = evolution_number(evolution)
    if n in pu.table[seat]:
        pu.discard_from_table(seat, n)
        state.event(
            "space_penguin_ends",
            f"{state.monster_name(seat)}'s {evolution_table().info[n].name} ends.",
            seat=seat,
            evolution=evolution,
        )


@effect("cold_wave")
def cold_wave(state: KingOfTokyoState, seat: int) -> None:
    """Until the start of your next turn, every other monster rolls 1 die fewer."""
    _stay_face_up(state, seat, "cold_wave")


@effect("blizzard")
def blizzard(state: KingOfTokyoState, seat: int) -> None:
    """Until your next turn: the others roll once and may not yield Tokyo."""
    _stay_face_up(state, seat, "blizzard")


@playable("blizzard")
def _blizzard_playable(state: KingOfTokyoState, seat: int) -> bool:
    return state.active == seat


@MAY_NOT_YIELD.impl("blizzard")
def blizzard_on(state: KingOfTokyoState, seat: int) -> bool:
    """Whether another monster's Blizzard holds ``seat`` (one roll, no yielding)."""
    pu = pu_of(state)
    n = evolution_number("blizzard")
    return any(n in pu.table[s] for s in state.others(seat))


@DICE_COUNT.impl("cold_wave")
def _cold_wave_dice(state: KingOfTokyoState, a: int, count: int) -> int:
    """Step B: one die fewer per other monster's Cold Wave face up."""
    pu = pu_of(state)
    wave = evolution_number("cold_wave")
    return count - sum(1 for s in state.others(a) if wave in pu.table[s])


@ROLL_COUNT.impl("blizzard")
def _blizzard_roll(state: KingOfTokyoState, a: int, rolls: int) -> int:
    """Step B: another monster's Blizzard: a single roll, and no extra rolls."""
    if blizzard_on(state, a):
        pu_of(state).turn_marks["single_roll"] = 1
        return 1
    return rolls


@FROZEN_DIE.impl("encased_in_ice")
def _frozen_face(state: KingOfTokyoState, a: int, face: int) -> int:
    """Step B: the die Encased in Ice froze is not rolled."""
    return pu_of(state).marks.get("encased_face", face)


# Permanent: asked after the "before resolving" window (:func:`ask_encased`).
passive("encased_in_ice")


@BEFORE_RESOLVING.impl("encased_in_ice")
def ask_encased(state: KingOfTokyoState, a: int) -> bool:
    """Step C3: pay 1 energy to freeze one of your dice (once a turn)."""
    pu = pu_of(state)
    if (
        not state.dice
        or state.monsters[a].energy < 1
        or not pu.has(a, "encased_in_ice")
        or "encased_face" in pu.marks
    ):
        return False
    ask(state, a, "encased_in_ice")
    return True


def _encased_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    faces = [table.evo_face[f] for f in sorted(set(state.dice))]
    return [*faces, table.evo_no[evolution_number("encased_in_ice")]]


def _encased_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move != Move.EVO_FACE:
        return
    pu = pu_of(state)
    state.monsters[seat].energy -= 1
    pu.marks["encased_face"] = arg
    pu.marks["encased_owner"] = seat
    state.event(
        "encased_in_ice",
        f"{state.monster_name(seat)} pays 1 energy to freeze {A_FACE[arg]} (Encased in Ice).",
        seat=seat,
        face=arg,
        a_face=arg,
        evolution="encased_in_ice",
    )


QUESTIONS["encased_in_ice"] = Question(
    "Encased in Ice: pay 1 energy to freeze one of your dice until your next turn",
    _encased_options,
    _encased_answer,
)


@REROLL_KEEPS.impl("encased_in_ice")
def keep_frozen(state: KingOfTokyoState, keeps: list[Action]) -> list[Action]:
    """The frozen die may not be rerolled: every reroll keeps it."""
    pu = state.pu
    assert pu is not None
    face = pu.marks.get("encased_face", -1)
    if face < 0 or face not in state.dice:
        return keeps
    arg = state.table.arg
    return [k for k in keeps if KEEPS[arg[k.id]][face] >= 1]


# -- the start of the owner's turn --------------------------------------------------


@TURN_START.impl("blizzard")
def _blizzard_ends(state: KingOfTokyoState, a: int) -> None:
    """Step A1: your own Blizzard ends."""
    _discard_if_up(state, a, "blizzard")


@TURN_START.impl("cold_wave")
def _cold_wave_ends(state: KingOfTokyoState, a: int) -> None:
    """Step A1: your own Cold Wave ends."""
    _discard_if_up(state, a, "cold_wave")


@TURN_START.impl("encased_in_ice")
def _thaw(state: KingOfTokyoState, a: int) -> None:
    """Step A1: your frozen die (or an eliminated owner's) is released."""
    pu = pu_of(state)
    owner = pu.marks.get("encased_owner", -1)
    if owner == a or (owner >= 0 and not state.monsters[owner].alive):
        pu.marks.pop("encased_owner", None)
        face = pu.marks.pop("encased_face", -1)
        state.event(
            "encased_in_ice_thaws",
            "The die Encased in Ice thaws.",
            seat=owner,
            face=face,
            evolution="encased_in_ice",
        )


@VIEW.impl("encased_in_ice")
def _view_encased(state: KingOfTokyoState, seat: int, out: dict[str, object]) -> None:
    """``encased_die``: the face of the die ``seat`` froze."""
    marks = pu_of(state).marks
    if marks.get("encased_owner", -1) == seat:
        out["encased_die"] = FACE_NAMES[marks["encased_face"]]
