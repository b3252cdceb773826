"""Meka Dragon's Evolutions (section 4.5 of the rules reference).

Hooks called by the state (only when Power Up! is on):

- :func:`damage_bonus`: attacker-side extra hearts of a hit, once its automatic
  prevention is done (2.9 D8): Mecha Blast, Target Acquired, Claws of Steel.
- :func:`on_loss`: Breath of Doom, Claws of Steel's tally, and the record of who lost
  hearts to whom for the "after damage" step.
- :func:`after_damage`: once a batch of damage is over, each monster that lost hearts
  to another may play Lightning Armor or Target Acquired from its hand, or use them
  face up (2.9 D8 "after all damage").
- :func:`reached_zero`: Programmed to Destroy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import CLAW, describe_dice
from tabletop.games.king_of_tokyo.evolution_effects.kraken import skip_turn
from tabletop.games.king_of_tokyo.evolution_effects.the_king import keep_face_up
from tabletop.games.king_of_tokyo.power_up import (
    QUESTIONS,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    yes_no_question,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

PENDING = "after_damage"
"""``turn_marks``: seats (a bit each) that lost hearts to another monster in the
current batch of damage, not yet offered Lightning Armor / Target Acquired."""
STEEL = "claws_of_steel"  # turn_marks STEEL.seat: hearts the active made it lose
STEEL_DONE = "claws_of_steel_done"  # turn_marks STEEL_DONE.seat: the extra heart was given


def target_key(seat: int) -> str:
    """``marks`` key: the monster holding ``seat``'s target token (Target Acquired)."""
    return f"target_token.{seat}"


# -- Mecha Blast, Destructive Analysis --------------------------------------------------


@effect("mecha_blast")
def mecha_blast(state: KingOfTokyoState, seat: int) -> None:
    """Until the end of the turn, every monster your claws wound loses 2 more hearts.
    The card stays face up until then (2.9 J3)."""
    keep_face_up(state, seat, "mecha_blast")


@effect("destructive_analysis")
def destructive_analysis(state: KingOfTokyoState, seat: int) -> None:
    """Gain 1 energy per claw die rolled (card-added claws do not count)."""
    state.gain_energy(seat, state.dice.count(CLAW), "Destructive Analysis")


# -- Programmed to Destroy --------------------------------------------------------------


passive("programmed_to_destroy")  # Face up: see :func:`reached_zero`.


def reached_zero(state: KingOfTokyoState, victim: int) -> None:
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


passive("breath_of_doom")  # Face up: see :func:`on_loss`.


passive("claws_of_steel")  # Face up: see :func:`damage_bonus`.


def damage_bonus(
    state: KingOfTokyoState, victim: int, hearts: int, source: int, smash: bool
) -> int:
    """Extra hearts ``victim`` loses to ``source`` on top of ``hearts`` (after prevention)."""
    pu = state.pu
    assert pu is not None
    if not pu.table[source] or victim == source:
        return 0
    extra = 0
    if smash and source == state.active:
        extra += 2 * pu.count(source, "mecha_blast")
    if pu.marks.get(target_key(source), -1) == victim:
        extra += pu.count(source, "target_acquired")
    if source == state.active and pu.has(source, "claws_of_steel"):
        key = f"{STEEL_DONE}.{victim}"
        dealt = pu.turn_marks.get(f"{STEEL}.{victim}", 0) + hearts + extra
        if dealt >= 3 and key not in pu.turn_marks:
            pu.turn_marks[key] = 1
            extra += pu.count(source, "claws_of_steel")
    return extra


def on_loss(state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool) -> None:
    """``source`` made ``victim`` lose ``lost`` hearts."""
    pu = state.pu
    assert pu is not None
    marks = pu.turn_marks
    marks[PENDING] = marks.get(PENDING, 0) | 1 << victim
    key = f"ad_lost.{victim}"
    marks[key] = marks.get(key, 0) + lost
    if smash:
        marks[f"ad_wounder.{victim}"] = source
    if not pu.table[source]:
        return
    if source == state.active and pu.has(source, "claws_of_steel"):
        key = f"{STEEL}.{victim}"
        marks[key] = marks.get(key, 0) + lost
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


def after_damage(state: KingOfTokyoState) -> None:
    """Offer the next monster (clockwise from the active one) that lost hearts to another
    monster in the batch just over its Lightning Armor and Target Acquired."""
    pu = state.pu
    assert pu is not None
    marks = pu.turn_marks
    pending = marks.pop(PENDING, 0)
    order = [s for s in range(state.num_players) if pending & 1 << s]
    order.sort(key=lambda s: (s - state.active) % state.num_players)
    seat, rest = order[0], order[1:]
    if rest:
        marks[PENDING] = sum(1 << s for s in rest)
    lost = marks.pop(f"ad_lost.{seat}", 0)
    wounder = marks.pop(f"ad_wounder.{seat}", -1)
    marks["after_damage.lost"] = lost
    marks["after_damage.wounder"] = wounder
    marks["after_damage.seat"] = seat
    if not state.monsters[seat].alive:
        return
    # Pushed in reverse: the window (cards in hand) comes first.
    if wounder >= 0 and _can_target(state, seat, wounder) and pu.has(seat, "target_acquired"):
        ask(state, seat, "target_acquired", wounder)
    if lost and _can_lightning(state, seat) and pu.has(seat, "lightning_armor"):
        ask(state, seat, "lightning_armor", lost)
    pu.open_window(state, seat, "after_damage")


def _context(state: KingOfTokyoState, seat: int) -> tuple[int, int] | None:
    """``(hearts lost, wounder)`` of the after-damage step of ``seat`` now running."""
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


def target_holder(state: KingOfTokyoState, seat: int) -> int:
    """Who holds ``seat``'s target token (-1: nobody, or Target Acquired is not face up)."""
    pu = state.pu
    assert pu is not None
    holder = pu.marks.get(target_key(seat), -1)
    if holder < 0 or not pu.has(seat, "target_acquired") or not state.monsters[holder].alive:
        return -1
    return holder
