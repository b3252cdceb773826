"""A played card's effect on the next player: rulebook "Card effects" (Skip, Draw
One, Draw Two, Wild Draw Four, Reverse; blocked cards and tower protection) and
"Two players" (a Reverse acts as a Skip).

This is the one stage of a play that aims at somebody else, so it is where a
tower blocks a card, a stack or a challenge is offered, and a penalty is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.games.uno_power.cards import BLOCKING_TOWER, REVERSE, SKIP, TOWERS, WILD_DRAW4
from tabletop.games.uno_power.drawing import draw_cards
from tabletop.games.uno_power.house_rules import stack_options
from tabletop.games.uno_power.phases import ASK_CHALLENGE, ASK_PROTECT, ASK_STACK

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def card_effect(state: UnoPowerState) -> bool:
    """Apply the played card to the next player; True if somebody must answer."""
    g = state.uno_game
    cards = g.cards
    p = state.actor
    k = state.played
    sym = cards.symbol[k]
    n = state.num_players
    if sym == REVERSE:
        state.direction = d = -state.direction
        if n == 2 and g.options.two_player_reverse_is_skip:
            target = (p + d) % n
            if g.options.reverse_skip_blocked_by_tower and state.towers[3] == target:
                if state.keeps_log:
                    text = f"player {target + 1} blocks the Reverse with tower !"
                    state.event("blocked", text, player=target, tower=TOWERS[3], what="reverse")
                state.next_turn = target
            else:
                if state.keeps_log:
                    text = f"Reverse: player {target + 1} is skipped"
                    state.event("reverse", text, player=target, skipped=True)
                state.next_turn = p
        else:
            state.event("reverse", "play changes direction")
            state.next_turn = (p + d) % n
        return False
    target = (p + state.direction) % n
    tower = BLOCKING_TOWER.get(sym, -1)
    if tower < 0:
        state.next_turn = target
        return False
    if state.towers[tower] == target:
        if g.options.tower_protection == "optional":
            state.ask.push(Decision(ASK_PROTECT, target, (sym,)))
            return True
        return attack(state, target, sym, blocked=True)
    return attack(state, target, sym, blocked=False)


def attack(state: UnoPowerState, target: int, sym: int, *, blocked: bool) -> bool:
    """Resolve a Skip or draw card aimed at ``target``; True if it must answer."""
    g = state.uno_game
    d = state.direction
    n = state.num_players
    if blocked:
        if state.keeps_log:
            tower = TOWERS[BLOCKING_TOWER[sym]]
            text = f"player {target + 1} blocks the card with tower {tower}"
            state.event("blocked", text, player=target, tower=tower)
        state.pending_draw = 0
        state.next_turn = target
        if sym == WILD_DRAW4 and g.wd4_challenge and g.options.blocked_wd4_challenge:
            state.ask.push(Decision(ASK_CHALLENGE, target, (0, 0, 1)))
            return True
        return False
    if sym == SKIP:
        if state.keeps_log:
            state.event("skip", f"player {target + 1} is skipped", player=target)
        state.next_turn = (target + d) % n
        return False
    total = state.pending_draw + g.cards.draw_amount[state.played]
    state.pending_draw = total
    if g.options.stacking != "off" and stack_options(state, target):
        state.ask.push(Decision(ASK_STACK, target, (total,)))
        return True
    if sym == WILD_DRAW4 and g.wd4_challenge and total == 4:
        state.ask.push(Decision(ASK_CHALLENGE, target, (total, 0, 0)))
        return True
    take_penalty(state, target)
    return False


def take_penalty(state: UnoPowerState, target: int) -> None:
    """``target`` draws the pending total and loses the turn."""
    total = state.pending_draw
    state.pending_draw = 0
    state.next_turn = (target + state.direction) % state.num_players
    draw_cards(state, target, total, "draw_card")
    if state.keeps_log:
        text = f"player {target + 1} loses the turn"
        state.event("skip", text, player=target, penalty=True)
