"""Tokyo: yielding after a smash, Burrowing, entering, leaving, and Tokyo Bay.

Rulebook: "Tokyo", "Yielding Tokyo", "Tokyo Bay (5 or 6 players)";
docs/games/king-of-tokyo.md, "Tokyo". Steps E (yield), F (Burrowing) and G (enter)
of the turn. A monster takes control of Tokyo through :func:`enter` (1 star, or
1 energy in the two-player variant) and loses it through :func:`leave`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo import gains, owned
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    BAY,
    BURROWING,
    CITY,
    JETS,
    LOCATION_NAMES,
    PLAIN_ASKS,
)
from tabletop.games.king_of_tokyo.hookspecs import (
    BEFORE_YIELD,
    ENTERED,
    LEFT,
    MAY_NOT_YIELD,
    OTHER_ENTER,
    STAYS,
    any_seat,
)
from tabletop.games.king_of_tokyo.phases import Ask, Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

TOKYO_LEFT = "tokyo_left"
"""Turn mark (Power Up!): a monster left Tokyo, or was eliminated there, this turn."""
TOKYO_LEFT_IN_BUY = "tokyo_left_in_buy"
"""Turn mark (Power Up!): ... in the Buy phase (a Discard card's kill frees a spot)."""


def stage_yield(state: KingOfTokyoState) -> None:
    """Step E: each smashed monster in Tokyo, in order, stays or yields."""
    queue = state.queue
    pu = state.pu
    if pu is not None and queue and "yield_window" not in pu.turn_marks:
        pu.turn_marks["yield_window"] = 1  # step E: the attacker's Chest Thumping
        if pu.open_window(state, state.active, "yield"):
            return
    while queue:
        seat = queue.pop(0)
        if state.monsters[seat].alive and state.in_tokyo(seat):
            if pu is not None and any_seat(BEFORE_YIELD, state, seat):
                queue.insert(0, seat)  # the attacker may force it out first
                return
            if pu is not None and any_seat(MAY_NOT_YIELD, state, seat):
                held = state.held.pop(seat, 0)  # may not yield: it stays, and no choice
                if held:
                    state.hits.append([seat, held, state.active, True, False])
                continue
            state.decisions.push(PLAIN_ASKS[Ask.YIELD][seat])
            return
    state.stage = Stage.BURROW


def yield_(state: KingOfTokyoState, p: int) -> None:
    """``p`` yields Tokyo (Jets: the smash held back is not taken)."""
    held = state.held.pop(p, 0)
    if held and not state.monsters[p].mask & JETS:
        # Held back for Simian Scamper, not played: the smash lands after all.
        state.hits.append([p, held, state.active, True, False])
        held = 0
    leave(state, p)
    state.yielders.append(p)
    if state.keeps_log:
        if held:
            state.event(
                "yield",
                f"{state.monster_name(p)} yields Tokyo and loses no hearts (Jets).",
                seat=p,
                jets=True,
                card="jets",
            )
        else:
            state.event("yield", f"{state.monster_name(p)} yields Tokyo.", seat=p, jets=False)


def stay(state: KingOfTokyoState, p: int) -> None:
    """``p`` stays in Tokyo and takes the smash held back for its answer."""
    if state.keeps_log:
        state.event("stay", f"{state.monster_name(p)} stays in Tokyo.", seat=p)
    if state.pu is not None:  # allowed to yield, stays
        for stays in STAYS.calls:
            stays(state, p)
    held = state.held.pop(p, 0)
    if held:
        state.hits.append([p, held, state.active, True, False])


def stage_burrow(state: KingOfTokyoState) -> None:
    """Step F: Burrowing hurts the monster that takes Tokyo from its owner."""
    a = state.active
    if (
        state.kot_game.options.bay_moves_up
        and state.city < 0 <= state.bay
        and state.yielders
        and state.bay not in state.yielders
    ):
        state.city, state.bay = state.bay, -1
        if state.keeps_log:
            state.event(
                "bay_moves_up",
                f"{state.monster_name(state.city)} moves up to Tokyo City.",
                seat=state.city,
            )
    for seat in state.yielders:
        if state.monsters[seat].mask & BURROWING:
            if state.keeps_log:
                state.event(
                    "burrowing",
                    f"{state.monster_name(seat)}'s Burrowing: {state.monster_name(a)} "
                    "loses a heart.",
                    seat=seat,
                    target=a,
                    card="burrowing",
                )
            state.card_damage([a], owned.copies(state, seat, Card.BURROWING), seat)
    state.stage = Stage.ENTER


def stage_enter(state: KingOfTokyoState) -> None:
    """Step G: the active monster enters Tokyo if a spot is free."""
    a = state.active
    if enter_step(state, a) and state.pu is not None and state.monsters[a].alive:
        # step G3: Eats, Shoots and Leaves, Destructive Wave, Jungle Frenzy
        state.pu.open_window(state, a, "after_enter")


def enter_step(state: KingOfTokyoState, a: int) -> bool:
    """Steps G1-G2; False while the "other_enter" window waits for an answer."""
    state.stage = Stage.BUY
    if a == state.city or a == state.bay or not state.monsters[a].alive:
        return True
    game = state.kot_game
    # 2011: a smash that was entirely prevented (Wings, ...) is no attack; a
    # Jets yield still is (the yielder was attacked).
    if game.claw_entry and not (state.take_city or state.smash_landed or state.yielders):
        return True
    if state.pu is not None and (state.city < 0 or (state.bay < 0 and bay_open(state))):
        if other_enter(state, a):  # step G1: others may take the free spot first
            state.stage = Stage.ENTER
            return False
        if state.pu.turn_marks.get("no_entry"):
            return True
    if state.city < 0:
        enter(state, a, CITY)
    elif state.bay < 0 and bay_open(state):
        enter(state, a, BAY)
    return True


def free_spot(state: KingOfTokyoState) -> int:
    """Where a monster entering Tokyo now goes: ``CITY``, ``BAY``, or -1 (none free)."""
    if state.city < 0:
        return CITY
    return BAY if state.bay < 0 and bay_open(state) else -1


def other_enter(state: KingOfTokyoState, a: int) -> bool:
    """The "other_enter" window: each other monster, clockwise, while a spot is free."""
    pu = state.pu
    assert pu is not None
    if not pu.turn_marks.get("other_enter"):
        pu.turn_marks["other_enter"] = 1
        state.queue = state.others(a)
    while state.queue:
        if pu.turn_marks.get("no_entry") or not (
            state.city < 0 or (state.bay < 0 and bay_open(state))
        ):
            state.queue = []
            break
        seat = state.queue.pop(0)
        if state.in_tokyo(seat):
            continue
        if pu.open_window(state, seat, "other_enter") or any_seat(OTHER_ENTER, state, seat):
            return True
    return False


def bay_open(state: KingOfTokyoState) -> bool:
    """Whether Tokyo Bay is in play: the option, and five or more monsters."""
    return state.kot_game.options.tokyo_bay and state.alive_count >= 5


def enter(state: KingOfTokyoState, seat: int, where: int) -> None:
    """``seat`` takes control of Tokyo ``where``: 1 star (two-player variant: 1 energy)."""
    if where == CITY:
        state.city = seat
    else:
        state.bay = seat
    if seat == state.active:
        state.entered = True
    if state.keeps_log:
        state.event(
            "enter",
            f"{state.monster_name(seat)} enters Tokyo {('', 'City', 'Bay')[where]}.",
            seat=seat,
            where=LOCATION_NAMES[where],
        )
    if state.kot_game.options.two_player_variant:
        gains.gain_energy(state, seat, 1, "entering Tokyo")
    else:
        gains.gain_stars(state, seat, 1, "entering Tokyo")
    if state.pu is not None:  # takes control of Tokyo
        for entered in ENTERED.calls:
            entered(state, seat)


def leave(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` leaves Tokyo (yield, forced out or eliminated)."""
    if state.city == seat:
        state.city = -1
    elif state.bay == seat:
        state.bay = -1
    else:
        return
    if state.pu is not None:
        left_tokyo(state, seat)


def left_tokyo(state: KingOfTokyoState, seat: int) -> None:
    """Power Up!: ``seat`` left Tokyo however it did (Monkey Rush may be played; Twas
    Beauty Killed the Beast goes)."""
    pu = state.pu
    assert pu is not None
    pu.turn_marks[TOKYO_LEFT] = 1
    if state.stage == Stage.BUY:
        pu.turn_marks[TOKYO_LEFT_IN_BUY] = 1
    for left in LEFT.calls:
        left(state, seat)


def take_tokyo_city(state: KingOfTokyoState, seat: int) -> None:
    """Death From Above: take Tokyo City; the others in Tokyo leave (not a yield).

    2016 (BGA): from the Bay you move up without the entry star, and the Bay
    empties even if you already hold the City. 2011: a monster in the Bay already
    controls Tokyo and stays; from outside, only the City occupant leaves.
    """
    if state.kot_game.options.edition == "2011":
        if not state.in_tokyo(seat):
            if state.city >= 0:
                leave(state, state.city)
            enter(state, seat, CITY)
            entered_by_card(state, seat)
        return
    if state.city == seat:
        if state.bay >= 0:
            leave(state, state.bay)
        return
    from_bay = state.bay == seat
    for other in (state.city, state.bay):
        if other >= 0 and other != seat:
            leave(state, other)
    state.city = state.bay = -1
    if from_bay:
        state.city = seat
        if state.keeps_log:
            state.event(
                "city_from_bay", f"{state.monster_name(seat)} moves to Tokyo City.", seat=seat
            )
    else:
        enter(state, seat, CITY)
        entered_by_card(state, seat)


def entered_by_card(state: KingOfTokyoState, seat: int) -> None:
    """The active monster entered Tokyo outside its Enter Tokyo step (Death From
    Above, a 2011 Keep card kill): Destructive Wave and Eats, Shoots and Leaves ("play
    when you enter Tokyo") are offered now (option ``destructive_wave_entry``)."""
    if (
        state.pu is not None
        and seat == state.active
        and state.kot_game.options.destructive_wave_entry == "any_entry"
    ):
        state.pu.open_window(state, seat, "card_entry")
