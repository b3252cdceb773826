"""Calling UNO and catching: rulebook "Calling UNO and catching".

The call itself is part of a play (an action "and call UNO"); what is left is the
catch window that opens after a play without the call, and the penalty of a catch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.games.uno_power.drawing import draw_cards
from tabletop.games.uno_power.phases import ASK_CATCH

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def open_catch_window(state: UnoPowerState) -> bool:
    """After a play without the UNO call, ask the opponents in play order whether to
    catch; True if one is asked."""
    target = state.uno_pending
    if target < 0:
        return False
    n = state.num_players
    step = state.direction
    seats = [(target + step * i) % n for i in range(1, n)]
    if state.uno_game.options.partners:
        seats = [q for q in seats if q % 2 != target % 2]
    if not seats:
        state.uno_pending = -1
        return False
    state.ask.push(Decision(ASK_CATCH, seats[0], (target, *seats[1:])))
    return True


def answer_catch(state: UnoPowerState, d: Decision, caught: bool) -> bool:
    """Seat ``d.player`` catches the player who missed the call, or lets it go.

    True when the next opponent is asked in turn (the window stays open).
    """
    p = d.player
    target, *rest = d.data
    if caught:
        if state.keeps_log:
            text = f"player {p + 1} catches player {target + 1} without UNO"
            state.event("catch", text, player=p, target=target)
        state.uno_pending = -1
        draw_cards(state, target, state.uno_game.options.uno_penalty, "no_uno")
    elif rest:
        state.ask.push(Decision(ASK_CATCH, rest[0], (target, *rest[1:])))
        return True
    else:
        state.uno_pending = -1
    return False
