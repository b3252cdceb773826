"""Gigazaur's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Its hooks (:mod:`..hookspecs`): ``starts_in_tokyo`` (Defender of Tokyo),
``hearts_lost`` (Heat Vision) and ``turn_end`` (Detachable Tail ends).

Gamma Breath and Tail Sweep are abilities of the face-up card (``EVO_YES``, offered
in the change-die decision, step C2); Saurian Adaptability is played there from hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.dice import A_FACE, CLAW, FACE_NAMES, NUM_FACES, ONE, TWO
from tabletop.games.king_of_tokyo.evolution_effects.the_king import end_turn_long, keep_face_up
from tabletop.games.king_of_tokyo.hookspecs import HEARTS_LOST, STARTS_IN_TOKYO, TURN_END
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    ALSO_IN,
    QUESTIONS,
    Ability,
    Question,
    ask,
    effect,
    passive,
    playable,
    pu_of,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def _own_dice_step(state: KingOfTokyoState, seat: int) -> bool:
    """The active monster's change-die step, with dice to change."""
    return seat == state.active and bool(state.dice)


# -- Detachable Tail --------------------------------------------------------------------


@effect("detachable_tail")
def detachable_tail(state: KingOfTokyoState, seat: int) -> None:
    """Played against incoming damage: it and every loss of hearts until the end of the
    turn are cancelled. It stays face up until then (step J3). A cancelled smash is no
    wound, so a monster in Tokyo may not yield from it."""
    keep_face_up(state, seat, "detachable_tail")
    state.immune |= 1 << seat
    hits = state.hits
    if hits and hits[0][0] == seat:
        hits[0][1] = 0
    state.event(
        "detachable_tail",
        f"{state.monster_name(seat)} loses no hearts this turn (Detachable Tail).",
        seat=seat,
        evolution="detachable_tail",
    )


@TURN_END.impl("detachable_tail")
def _detachable_tail_ends(state: KingOfTokyoState, active: int) -> None:
    """Step J3: Detachable Tail, face up for the turn, goes to the discard pile."""
    end_turn_long(state, "detachable_tail")


# -- Radioactive Waste, Primal Bellow ---------------------------------------------------


@effect("radioactive_waste")
def radioactive_waste(state: KingOfTokyoState, seat: int) -> None:
    """Gain 2 energy and 1 heart."""
    state.gain_energy(seat, 2, "Radioactive Waste")
    state.heal(seat, 1, "Radioactive Waste")


# A healing Temporary answers damage, before the loss or after it (option
# healing_temporaries).
ALSO_IN["radioactive_waste"] = frozenset({"damage", "after_loss"})


@effect("primal_bellow")
def primal_bellow(state: KingOfTokyoState, seat: int) -> None:
    """Every other monster loses 2 stars."""
    for other in state.others(seat):
        state.lose_stars(other, 2, "Primal Bellow")


# -- Saurian Adaptability ---------------------------------------------------------------


def _frozen_face(state: KingOfTokyoState) -> int:
    """The face of Encased in Ice's frozen die among the dice (it cannot change), or -1."""
    pu = state.pu
    assert pu is not None
    return pu.marks.get("encased_face", -1)


@playable("saurian_adaptability")
def _saurian_playable(state: KingOfTokyoState, seat: int) -> bool:
    return _own_dice_step(state, seat) and bool(state.changeable_faces())


@effect("saurian_adaptability")
def saurian_adaptability(state: KingOfTokyoState, seat: int) -> None:
    """Name a face, then the one face all those dice turn into."""
    ask(state, seat, "saurian_adaptability")


def _saurian_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    change = state.table.evo_change
    return [
        change[NUM_FACES * f + t]
        for f in state.changeable_faces()
        for t in range(NUM_FACES)
        if t != f
    ]


def _saurian_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    face, to = divmod(arg, NUM_FACES)
    n = state.dice.count(face) - (1 if _frozen_face(state) == face else 0)
    dice = [d for d in state.dice if d != face] + [to] * n
    if n < state.dice.count(face):
        dice.append(face)
    state.dice = sorted(dice)
    if state.keeps_log:
        if n == 1:
            change = f"1 {FACE_NAMES[face]} die becomes {A_FACE[to]} die"
        else:
            change = f"{n} {FACE_NAMES[face]} dice become {FACE_NAMES[to]} dice"
        state.event(
            "saurian_adaptability",
            f"Saurian Adaptability: {change}.",
            seat=seat,
            count=n,
            face=face,
            to=to,
            a_to=to,
            evolution="saurian_adaptability",
        )


QUESTIONS["saurian_adaptability"] = Question(
    "Saurian Adaptability: turn every die of one face into another face",
    _saurian_options,
    _saurian_answer,
)


# -- Gamma Breath, Tail Sweep -------------------------------------------------------------


def _change_one_options(state: KingOfTokyoState, targets: tuple[int, ...]) -> list[Action]:
    change = state.table.evo_change
    return [change[NUM_FACES * f + t] for f in state.changeable_faces() for t in targets if t != f]


def _change_one(state: KingOfTokyoState, card: int, arg: int, why: str) -> None:
    pu_of(state).use_once(card)
    face, to = divmod(arg, NUM_FACES)
    state.change_die(face, to, why)


def _ability(evolution: str, name: str, targets: tuple[int, ...]) -> None:
    """Once per turn, in the own change-die step: change one die to one of ``targets``."""

    def can(state: KingOfTokyoState, seat: int, card: int) -> bool:
        return (
            _own_dice_step(state, seat)
            and not pu_of(state).used_this_turn(card)
            and bool(_change_one_options(state, targets))
        )

    def use(state: KingOfTokyoState, seat: int, card: int) -> None:
        ask(state, seat, evolution, card)

    def options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
        return _change_one_options(state, targets)

    def answer(
        state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
    ) -> None:
        _change_one(state, context[0], arg, name)

    ABILITIES[evolution] = Ability(frozenset({"change_dice"}), can, use)
    goal = " or ".join(A_FACE[t] for t in targets)
    QUESTIONS[evolution] = Question(f"{name}: turn one die into {goal}", options, answer)

    @playable(evolution)
    def _playable(state: KingOfTokyoState, seat: int) -> bool:
        return _own_dice_step(state, seat)

    passive(evolution)  # face up, its ability is offered in the change-die step


_ability("gamma_breath", "Gamma Breath", (CLAW,))
_ability("tail_sweep", "Tail Sweep", (ONE, TWO))


# -- Defender of Tokyo, Heat Vision -------------------------------------------------------


passive("defender_of_tokyo")  # Face up: see :func:`starts_in_tokyo`.


@STARTS_IN_TOKYO.impl("defender_of_tokyo")
def starts_in_tokyo(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` starts its turn in Tokyo: Defender of Tokyo (step A5)."""
    pu = state.pu
    assert pu is not None
    n = pu.count(seat, "defender_of_tokyo") if pu.table[seat] else 0
    if n:
        for other in state.others(seat):
            state.lose_stars(other, n, "Defender of Tokyo")


passive("heat_vision")  # Face up: see :func:`on_loss`.


@HEARTS_LOST.impl("heat_vision")
def on_loss(state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool) -> None:
    """Heat Vision: a monster whose claws cost ``victim`` hearts loses 1 star."""
    pu = state.pu
    assert pu is not None
    if smash and pu.table[victim] and state.monsters[source].alive:
        n = pu.count(victim, "heat_vision")
        if n:
            state.lose_stars(source, n, "Heat Vision")
