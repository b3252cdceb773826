"""Meka Dragon's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Its hooks (:mod:`..hookspecs`): ``hit_bonus`` (Mecha Blast, Target Acquired, Claws of
Steel: the attacker's extra hearts once a hit's prevention is done), ``hearts_lost``
(Claws of Steel's tally, Breath of Doom), ``after_damage`` (Target Acquired and
Lightning Armor face up, once a batch of damage is over), ``reached_zero`` (Programmed
to Destroy), ``turn_end`` (Mecha Blast ends) and ``view`` (the target token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import CLAW, describe_dice
from tabletop.games.king_of_tokyo.evolution_effects.kraken import skip_turn
from tabletop.games.king_of_tokyo.evolution_effects.the_king import end_turn_long, keep_face_up
from tabletop.games.king_of_tokyo.hookspecs import (
    AFTER_DAMAGE,
    HEARTS_LOST,
    HIT_BONUS,
    REACHED_ZERO,
    TURN_END,
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
    yes_no_question,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

STEEL = "claws_of_steel"  # turn_marks STEEL.seat: hearts the active made it lose
STEEL_DONE = "claws_of_steel_done"  # turn_marks STEEL_DONE.seat: the extra heart was given


def target_key(seat: int) -> str:
    """``marks`` key: the monster holding ``seat``'s target token (Target Acquired)."""
    return f"target_token.{seat}"


# -- Mecha Blast, Destructive Analysis --------------------------------------------------


@effect("mecha_blast")
def mecha_blast(state: KingOfTokyoState, seat: int) -> None:
    """Until the end of the turn, every monster your claws wound loses 2 more hearts.
    The card stays face up until then (step J3)."""
    keep_face_up(state, seat, "mecha_blast")


@TURN_END.impl("mecha_blast")
def _mecha_blast_ends(state: KingOfTokyoState, active: int) -> None:
    """Step J3: Mecha Blast, face up for the turn, goes to the discard pile."""
    end_turn_long(state, "mecha_blast")


@effect("destructive_analysis")
def destructive_analysis(state: KingOfTokyoState, seat: int) -> None:
    """Gain 1 energy per claw die rolled (card-added claws do not count)."""
    state.gain_energy(seat, state.dice.count(CLAW), "Destructive Analysis")


# -- Programmed to Destroy --------------------------------------------------------------


passive("programmed_to_destroy")  # Face up: see :func:`programmed_to_destroy`.


@REACHED_ZERO.impl("programmed_to_destroy")
def programmed_to_destroy(state: KingOfTokyoState, victim: int) -> None:
    """``victim`` reaches 0 hearts (even if it is then saved): 3 stars and 2 energy."""
    pu = state.pu
    assert pu is not None
    for m in state.monsters:
        if m.alive and m.seat != victim and pu.table[m.seat]:
            n = pu.count(m.seat, "programmed_to_destroy")
            if n:
                state.gain_stars(m.seat, 3 * n, "Programmed to Destroy")
                state.gain_energy(m.seat, 2 * n, "Programmed to Destroy")


# -- Tune-Up ------------------------------------------------------------------------------


@playable("tune_up")
def _tune_up_playable(state: KingOfTokyoState, seat: int) -> bool:
    return seat == state.active and not state.in_tokyo(seat)


@effect("tune_up")
def tune_up(state: KingOfTokyoState, seat: int) -> None:
    """Gain 4 hearts and 2 energy and skip the rest of the turn: straight to the next
    monster (BGA), or through the end of the turn (option ``skipped_turn_end``)."""
    state.heal(seat, 4, "Tune-Up")
    state.gain_energy(seat, 2, "Tune-Up")
    state.event(
        "tune_up_skip",
        f"{state.monster_name(seat)} skips the rest of its turn (Tune-Up).",
        seat=seat,
        evolution="tune_up",
    )
    skip_turn(state)


# -- Breath of Doom, Claws of Steel, Target Acquired, Lightning Armor -----------------------


passive("breath_of_doom")  # Face up: see :func:`breath_of_doom`.


passive("claws_of_steel")  # Face up: see :func:`claws_of_steel_bonus`.


# Each bonus counts only on another monster, from a source with face-up Evolutions.


@HIT_BONUS.impl("mecha_blast")
def mecha_blast_bonus(
    state: KingOfTokyoState, victim: int, hearts: int, source: int, smash: bool, extra: int
) -> int:
    """Every monster the active monster's claws wound loses 2 more hearts."""
    pu = state.pu
    assert pu is not None
    if smash and source == state.active and pu.table[source] and victim != source:
        extra += 2 * pu.count(source, "mecha_blast")
    return extra


@HIT_BONUS.impl("target_acquired")
def target_bonus(
    state: KingOfTokyoState, victim: int, hearts: int, source: int, smash: bool, extra: int
) -> int:
    """The monster holding ``source``'s target token loses 1 more heart."""
    pu = state.pu
    assert pu is not None
    if pu.table[source] and victim != source and pu.marks.get(target_key(source), -1) == victim:
        extra += pu.count(source, "target_acquired")
    return extra


@HIT_BONUS.impl("claws_of_steel")
def claws_of_steel_bonus(
    state: KingOfTokyoState, victim: int, hearts: int, source: int, smash: bool, extra: int
) -> int:
    """The active monster's hit that brings a victim's loss this turn to 3: 1 more heart."""
    pu = state.pu
    assert pu is not None
    if (
        pu.table[source]
        and victim != source
        and source == state.active
        and pu.has(source, "claws_of_steel")
    ):
        key = f"{STEEL_DONE}.{victim}"
        dealt = pu.turn_marks.get(f"{STEEL}.{victim}", 0) + hearts + extra
        if dealt >= 3 and key not in pu.turn_marks:
            pu.turn_marks[key] = 1
            extra += pu.count(source, "claws_of_steel")
    return extra


@HEARTS_LOST.impl("claws_of_steel")
def claws_of_steel_tally(
    state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool
) -> None:
    """The hearts the active monster made each victim lose this turn."""
    pu = pu_of(state)
    if pu.table[source] and source == state.active and pu.has(source, "claws_of_steel"):
        marks = pu.turn_marks
        key = f"{STEEL}.{victim}"
        marks[key] = marks.get(key, 0) + lost


@HEARTS_LOST.impl("breath_of_doom")
def breath_of_doom(
    state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool
) -> None:
    """A monster in Tokyo loses hearts to the holder: every monster outside loses 1."""
    pu = pu_of(state)
    if not pu.table[source]:
        return
    if (
        state.in_tokyo(victim)
        and pu.has(source, "breath_of_doom")
        and pu.use_once(evolution_number("breath_of_doom"))  # at most once per turn (BGA)
    ):
        outside = [s for s in state.others(source) if not state.in_tokyo(s)]
        if outside:
            state.event(
                "breath_of_doom",
                f"{state.monster_name(source)}'s Breath of Doom hits outside Tokyo.",
                seat=source,
                evolution="breath_of_doom",
            )
            state.card_damage(outside, pu.count(source, "breath_of_doom"), source)


@AFTER_DAMAGE.impl("target_acquired")
def _offer_target(state: KingOfTokyoState, seat: int, lost: int, wounder: int) -> None:
    """Face up: give the target token to the monster whose claws wounded ``seat``?"""
    if (
        wounder >= 0
        and _can_target(state, seat, wounder)
        and pu_of(state).has(seat, "target_acquired")
    ):
        ask(state, seat, "target_acquired", wounder)


@AFTER_DAMAGE.impl("lightning_armor")
def _offer_lightning(state: KingOfTokyoState, seat: int, lost: int, wounder: int) -> None:
    """Face up: roll for the hearts ``seat`` lost?"""
    if lost and _can_lightning(state, seat) and pu_of(state).has(seat, "lightning_armor"):
        ask(state, seat, "lightning_armor", lost)


def _context(state: KingOfTokyoState, seat: int) -> tuple[int, int] | None:
    """``(hearts lost, wounder)`` of the after-damage step of ``seat`` now running (the
    turn marks of ``windows.after_damage``)."""
    pu = state.pu
    assert pu is not None
    if pu.turn_marks.get("after_damage.seat", -1) != seat:
        return None
    return pu.turn_marks.get("after_damage.lost", 0), pu.turn_marks.get("after_damage.wounder", -1)


def _can_target(state: KingOfTokyoState, seat: int, wounder: int) -> bool:
    pu = state.pu
    assert pu is not None
    return (
        wounder != seat
        and state.monsters[wounder].alive
        and pu.marks.get(target_key(seat), -1) != wounder
    )


def _can_lightning(state: KingOfTokyoState, seat: int) -> bool:
    return state.active != seat and state.monsters[state.active].alive


def _give_target(state: KingOfTokyoState, seat: int, wounder: int) -> None:
    pu = state.pu
    assert pu is not None
    pu.marks[target_key(seat)] = wounder
    state.event(
        "target_acquired",
        f"{state.monster_name(seat)} gives its target token to {state.monster_name(wounder)}.",
        seat=seat,
        target=wounder,
    )


def _lightning(state: KingOfTokyoState, seat: int, lost: int) -> None:
    """Roll one die per heart lost: each claw costs the active monster 1 heart."""
    roll = [state.roll_die() for _ in range(lost)]
    claws = roll.count(CLAW)
    dice = sorted(roll)
    state.event(
        "lightning_armor_roll",
        f"{state.monster_name(seat)}'s Lightning Armor rolls {describe_dice(dice)}: "
        f"{plural(claws, 'claw')}.",
        seat=seat,
        dice=dice,
        claws=claws,
        evolution="lightning_armor",
    )
    if claws:
        state.card_damage([state.active], claws, seat)


@playable("lightning_armor")
def _lightning_playable(state: KingOfTokyoState, seat: int) -> bool:
    context = _context(state, seat)
    return context is not None and context[0] > 0 and _can_lightning(state, seat)


@effect("lightning_armor")
def lightning_armor(state: KingOfTokyoState, seat: int) -> None:
    """Played after losing hearts to another monster: roll for them now."""
    context = _context(state, seat)
    if context is not None and context[0] > 0 and _can_lightning(state, seat):
        _lightning(state, seat, context[0])


def _lightning_options(
    state: KingOfTokyoState, seat: int, context: tuple[int, ...]
) -> list[Action]:
    table = state.table
    n = evolution_number("lightning_armor")
    return [table.evo_yes[n], table.evo_no[n]]


def _lightning_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move == Move.EVO_YES and _can_lightning(state, seat):
        _lightning(state, seat, context[0])


QUESTIONS["lightning_armor"] = Question(
    "Lightning Armor: roll one die per heart you lost (each claw hurts the active monster)?",
    _lightning_options,
    _lightning_answer,
)


@playable("target_acquired")
def _target_playable(state: KingOfTokyoState, seat: int) -> bool:
    context = _context(state, seat)
    return context is not None and context[1] >= 0 and _can_target(state, seat, context[1])


@effect("target_acquired")
def target_acquired(state: KingOfTokyoState, seat: int) -> None:
    """Played after being wounded: the wounder gets the target token."""
    context = _context(state, seat)
    if context is not None and context[1] >= 0 and _can_target(state, seat, context[1]):
        _give_target(state, seat, context[1])


def _target_yes(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> None:
    if _can_target(state, seat, context[0]):
        _give_target(state, seat, context[0])


yes_no_question(
    "target_acquired",
    "Target Acquired: give the target token to the monster that wounded you?",
    _target_yes,
)


@VIEW.impl("target_acquired")
def _view_target(state: KingOfTokyoState, seat: int, out: dict[str, object]) -> None:
    """``target_token``: the seat holding ``seat``'s target token, while Target Acquired
    is face up and its holder alive."""
    pu = pu_of(state)
    holder = pu.marks.get(target_key(seat), -1)
    if holder >= 0 and pu.has(seat, "target_acquired") and state.monsters[holder].alive:
        out["target_token"] = holder
