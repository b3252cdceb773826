"""Kraken's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

The state tallies the hearts gained this turn (Cult Worshippers). Its hooks
(:mod:`..hookspecs`): ``extra_hearts`` (High Tide), ``prevent`` (Terror of the Deep's
roll when hearts are about to be lost), ``entered`` and ``max_hearts`` (Eater of
Souls), ``smash_lands`` (Mandibles of Dread) and ``start_question`` (Sunken Temple);
:func:`skip_turn` serves Sunken Temple and Tune-Up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import HEART, THREE, describe_dice
from tabletop.games.king_of_tokyo.evolution_effects.pandakai import entered_this_turn
from tabletop.games.king_of_tokyo.hookspecs import (
    ENTERED,
    EXTRA_HEARTS,
    MAX_HEARTS,
    PREVENT,
    SMASH_LANDS,
    START_QUESTION,
)
from tabletop.games.king_of_tokyo.monster import HEART_CAP
from tabletop.games.king_of_tokyo.power_up import (
    ALSO_IN,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
    tally_reward,
    yes_no_question,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

HIGH_TIDE = "high_tide"  # turn_marks: hearts High Tide adds to the result
TEMPLE_HEARTS = TEMPLE_ENERGY = 3


# -- Healing Rain, Cult Worshippers -----------------------------------------------------------


@effect("healing_rain")
def healing_rain(state: KingOfTokyoState, seat: int) -> None:
    """Gain 2 hearts (in Tokyo too: not heart dice)."""
    state.heal(seat, 2, "Healing Rain")


def cult_worshippers(state: KingOfTokyoState, seat: int, gained: int) -> None:
    """Gain 1 star per heart gained this turn (hearts actually gained, under the cap;
    any monster's turn, tallied by ``heal``)."""
    state.gain_stars(seat, gained, "Cult Worshippers")


tally_reward("cult_worshippers", "hearts", cult_worshippers)


# -- Destructive Wave (after entering) --------------------------------------------------------


# "Play when you enter Tokyo": also an entry by a card (option destructive_wave_entry).
ALSO_IN["destructive_wave"] = frozenset({"card_entry"})


@playable("destructive_wave")
def _wave_playable(state: KingOfTokyoState, seat: int) -> bool:
    return entered_this_turn(state, seat)


@effect("destructive_wave")
def destructive_wave(state: KingOfTokyoState, seat: int) -> None:
    """Every other monster loses 2 hearts (card damage)."""
    state.card_damage(state.others(seat), 2, seat)


# -- High Tide (while resolving) -------------------------------------------------------------


@playable("high_tide")
def _tide_playable(state: KingOfTokyoState, seat: int) -> bool:
    return seat == state.active and HEART in state.dice


@effect("high_tide")
def high_tide(state: KingOfTokyoState, seat: int) -> None:
    """One more heart in the result per heart die (they do not count for the draw)."""
    marks = pu_of(state).turn_marks
    extra = state.resolved_counts()[HEART]
    marks[HIGH_TIDE] = marks.get(HIGH_TIDE, 0) + extra
    state.event(
        "high_tide",
        f"High Tide adds {plural(extra, 'heart')} to the result.",
        seat=seat,
        hearts=extra,
        evolution="high_tide",
    )


@EXTRA_HEARTS.impl("high_tide")
def high_tide_hearts(state: KingOfTokyoState) -> int:
    return pu_of(state).turn_marks.get(HIGH_TIDE, 0)


# -- Terror of the Deep (damage) -----------------------------------------------------------------


def _temporary(state: KingOfTokyoState) -> bool:
    return state.options.terror_of_the_deep == "temporary"


@effect("terror_of_the_deep")
def terror_of_the_deep(state: KingOfTokyoState, seat: int) -> None:
    """Played on a loss of hearts: roll for it at once. Option ``terror_of_the_deep``:
    "permanent" (BGA) stays face up and rolls again on each later loss; "temporary"
    is discarded after this roll."""
    if state.hits and state.hits[0][0] == seat:
        state.hits[0][1] = _roll(state, seat, state.hits[0][1])
    if _temporary(state):
        pu_of(state).discard_from_table(seat, evolution_number("terror_of_the_deep"))


@PREVENT.impl("terror_of_the_deep")
def terror(state: KingOfTokyoState, v: int, hearts: int) -> int:
    """A face-up Terror of the Deep rolls for every loss of hearts (like Camouflage)."""
    pu = pu_of(state)
    for _ in range(pu.count(v, "terror_of_the_deep")):
        if hearts <= 0:
            break
        hearts = _roll(state, v, hearts)
    return hearts


def _roll(state: KingOfTokyoState, v: int, hearts: int) -> int:
    """One die per heart; each heart face cancels the loss of one heart."""
    roll = [state.roll_die() for _ in range(hearts)]
    if state.monsters[v].mask & (1 << Card.BACKGROUND_DWELLER):
        while THREE in roll:  # a 3 never saves a heart: always rerolled
            roll[roll.index(THREE)] = state.roll_die()
    saved = roll.count(HEART)
    dice = sorted(roll)
    state.event(
        "terror_of_the_deep_roll",
        f"{state.monster_name(v)}'s Terror of the Deep rolls {describe_dice(dice)}: "
        f"{plural(saved, 'heart')} saved.",
        seat=v,
        dice=dice,
        hearts=saved,
        evolution="terror_of_the_deep",
    )
    return max(0, hearts - saved)


# -- Eater of Souls ----------------------------------------------------------


@effect("eater_of_souls")
def eater_of_souls(state: KingOfTokyoState, seat: int) -> None:
    """Permanent: the maximum becomes 12 hearts at once."""
    state.refresh_masks()


@MAX_HEARTS.impl("eater_of_souls")
def max_hearts(state: KingOfTokyoState) -> None:
    """Eater of Souls: a maximum of 12 hearts while face up (absolute, like Even Bigger)."""
    pu = pu_of(state)
    for m in state.monsters:
        if pu.table[m.seat] and pu.has(m.seat, "eater_of_souls"):
            m.max_hearts = HEART_CAP


@ENTERED.impl("eater_of_souls")
def on_enter(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` takes control of Tokyo: Eater of Souls heals 1 heart."""
    n = pu_of(state).count(seat, "eater_of_souls")
    if n:
        state.heal(seat, n, "Eater of Souls")


# -- Sunken Temple (start of turn) -----------------------------------------------------------------


# Permanent: asked at the start of each of its holder's turns outside Tokyo.
passive("sunken_temple")


@START_QUESTION.impl("sunken_temple")
def _temple_start(state: KingOfTokyoState, a: int) -> None:
    if pu_of(state).has(a, "sunken_temple") and not state.in_tokyo(a):
        ask(state, a, "sunken_temple")


def _temple_skip(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> None:
    state.event(
        "sunken_temple_skip",
        f"{state.monster_name(seat)} skips its turn (Sunken Temple).",
        seat=seat,
        evolution="sunken_temple",
    )
    state.heal(seat, TEMPLE_HEARTS, "Sunken Temple")
    state.gain_energy(seat, TEMPLE_ENERGY, "Sunken Temple")
    skip_turn(state)


yes_no_question(
    "sunken_temple", "Sunken Temple: skip your turn for 3 hearts and 3 energy?", _temple_skip
)


def skip_turn(state: KingOfTokyoState) -> None:
    """The rest of the active monster's turn is skipped. Option ``skipped_turn_end``:
    "skip" goes on to the next turn without end-of-turn effects or Poison (BGA), once
    the Evolutions without a printed timing (Cult Worshippers, Anger Batteries...) had
    their end-of-turn window; "end_of_turn" still runs the whole end of the turn."""
    state.queue = []
    if state.options.skipped_turn_end == "end_of_turn":
        state.to_end()
    else:
        state.skip_to_next_turn()


# -- Mandibles of Dread ----------------------------------------------------------


passive("mandibles_of_dread")  # Permanent: see :func:`mandibles`.


@SMASH_LANDS.impl("mandibles_of_dread")
def mandibles(state: KingOfTokyoState, source: int, victim: int) -> None:
    """Mandibles of Dread: a monster the owner's claws wound loses 1 star."""
    state.lose_stars(victim, pu_of(state).count(source, "mandibles_of_dread"), "Mandibles of Dread")


# A healing Temporary answers damage, before the loss or after it (option
# healing_temporaries).
ALSO_IN["healing_rain"] = frozenset({"damage", "after_loss"})
