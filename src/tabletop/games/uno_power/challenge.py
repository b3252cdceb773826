"""Settling the Wild Draw Four challenge: rulebook "The Wild Draw Four restriction
and the challenge" (guilty, not guilty, accepted; blocked and last-card cases).

The challenge is offered by the effect stage (:mod:`.effects`), after a last card
(:mod:`.turn`) or in a stack; its outcome ends the round or resumes the play's
stages, so it sits above both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.uno_power.drawing import draw_cards
from tabletop.games.uno_power.effects import take_penalty
from tabletop.games.uno_power.scoring import end_round
from tabletop.games.uno_power.turn import proceed

if TYPE_CHECKING:
    from tabletop.core.decisions import Decision
    from tabletop.games.uno_power.state import UnoPowerState


def resolve_challenge(state: UnoPowerState, d: Decision, challenged: bool) -> None:
    """Settle the challenge decision ``d``: challenged, or the Wild Draw Four accepted."""
    g = state.uno_game
    cards = g.cards
    target = d.player
    total, last, blocked = d.data
    bluffer = state.actor
    n = state.num_players
    if not challenged:
        state.event("accept", f"player {target + 1} accepts the Wild Draw Four", player=target)
        if last:
            draw_cards(state, target, total, "last_card")
            end_round(state, bluffer, "out")
        elif not blocked:
            take_penalty(state, target)
            proceed(state)
        else:
            proceed(state)
        return
    # The bluffer's hand is unchanged since the play (nothing happens between),
    # so it tells whether they held the colour in play. After a last card it is
    # empty: going out with a Wild Draw Four is never a bluff.
    guilty = bool(state.held[bluffer] & cards.colour_mask[state.wd4_colour])
    verdict = "guilty" if guilty else "not guilty"
    state.event(
        "challenge",
        f"player {target + 1} challenges: player {bluffer + 1} is {verdict}",
        player=target,
        accused=bluffer,
        guilty=guilty,
    )
    if state.keeps_log:
        shown = state.hand_cards(bluffer)
        if shown:
            text = f"player {bluffer + 1} shows you their hand: {state.hand_text(bluffer)}"
            state.event("reveal", text, private=target, accused=bluffer, cards=shown)
        else:
            text = f"player {bluffer + 1} shows you their hand: no cards"
            state.event("reveal", text, private=target, accused=bluffer, cards=shown)
    state.pending_draw = 0
    if guilty:
        draw_cards(state, bluffer, 4, "guilty")
        state.next_turn = target
        if not g.options.challenger_plays_after_guilty and not blocked:
            state.next_turn = (target + state.direction) % n
        proceed(state)
    else:
        draw_cards(state, target, total + 2 if not blocked else 2, "failed_challenge")
        if last:
            end_round(state, bluffer, "out")
            return
        state.next_turn = target if blocked else (target + state.direction) % n
        proceed(state)
