"""The optional house rules: rulebook "House rules in detail" (Stacking, Jump-in,
Seven swap).

Each is off by default and reached only through a cheap test on its option, so
the official game's code paths stay short; gathering them shows what each option
adds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.bits import bits
from tabletop.core.decisions import Decision
from tabletop.games.uno_power.phases import ASK_JUMP, ASK_SWAP

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def stack_options(state: UnoPowerState, p: int) -> int:
    """Kinds ``p`` may stack on the pending draw card (bit mask)."""
    g = state.uno_game
    cards = g.cards
    if state.sizes[p] == 1 and g.options.no_action_finish:
        return 0  # every stackable card is an action card or a wild
    top_amount = cards.draw_amount[state.played]
    mask = 0
    for k in bits(state.held[p]):
        low = 1 << k
        amount = cards.draw_amount[k]
        if not amount:
            continue
        if g.options.stacking == "same_type":
            if cards.symbol[k] == cards.symbol[state.played]:
                mask |= low
        elif amount >= top_amount:
            mask |= low
    held_colour = state.held[p] & cards.colour_mask[state.colour]
    if mask & cards.wd4_bit and g.wd4_enforced and held_colour:
        mask ^= cards.wd4_bit  # the restriction is a legality rule here too
    return mask


def swap_stage(state: UnoPowerState) -> bool:
    """A 7's hand swap: done at once with two players; True if the player must choose."""
    if state.num_players == 2:
        swap_hands(state, state.actor, 1 - state.actor)
        return False
    state.ask.push(Decision(ASK_SWAP, state.actor))
    return True


def swap_hands(state: UnoPowerState, p: int, q: int) -> None:
    """Swap the hands of ``p`` and ``q`` (the towers stay)."""
    state.hands[p], state.hands[q] = state.hands[q], state.hands[p]
    state.held[p], state.held[q] = state.held[q], state.held[p]
    state.sizes[p], state.sizes[q] = state.sizes[q], state.sizes[p]
    if state.record is not None:  # each seat now holds a hand of another's evidence
        state.record += [(p, -2), (q, -2)]
    # Nobody can be caught for a hand they did not hold when the call was due.
    state.uno_pending = -1
    state.called[p] = state.sizes[p] == 1
    state.called[q] = state.sizes[q] == 1
    state.event("swap", f"player {p + 1} swaps hands with player {q + 1}", player=p, other=q)
    if state.keeps_log:
        for x in (p, q):
            text = "your hand is now: " + state.hand_text(x)
            state.event("hand", text, private=x, cards=state.hand_cards(x), swap=True)


def open_jump_window(state: UnoPowerState) -> bool:
    """Offer a jump-in, in play order, to the seats with a card identical to the top
    card; True if one is asked."""
    g = state.uno_game
    if not g.options.jump_in:
        return False
    face = g.cards.same_face[state.played]
    if not face:
        return False
    n = state.num_players
    seats = [(state.actor + state.direction * i) % n for i in range(1, n)]
    seats = [q for q in seats if state.held[q] & face]
    if g.options.no_action_finish and not g.cards.number_mask >> state.played & 1:
        seats = [q for q in seats if state.sizes[q] > 1]  # no going out on an action
    if not seats:
        return False
    state.ask.push(Decision(ASK_JUMP, seats[0], tuple(seats[1:])))
    return True
