"""Cards from the draw pile into hands: penalty draws, a single draw, and the
reshuffle or the end of the round when the pile runs out (rulebook "Running out of
cards").

Every draw, whoever causes it, goes through these few functions, so the empty-pile
rules (A14, ``empty_pile``) and the hidden "you drew" log events are applied the
same way everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.uno_power.scoring import end_round_by_points

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def add_card(state: UnoPowerState, p: int, card: int) -> None:
    """Put ``card`` into ``p``'s hand: it clears ``p``'s UNO call and any catch of ``p``."""
    state.hands[p][card] += 1
    state.held[p] |= 1 << card
    state.sizes[p] += 1
    state.called[p] = False
    if state.record is not None:
        state.record.append((p, -1))
    if state.uno_pending == p:  # no longer on one card: nothing left to catch
        state.uno_pending = -1


REASONS: Final = {
    "last_card": "the last card",
    "draw_card": "the draw card",
    "first_card": "the first card",
    "guilty": "a guilty Wild Draw Four",
    "failed_challenge": "a failed challenge",
    "no_uno": "no UNO call",
}
"""Why a player draws cards (``draw_cards``'s ``reason``), in the log's English."""


def draw_cards(state: UnoPowerState, p: int, count: int, reason: str) -> None:
    """``p`` draws ``count`` cards as a penalty (fewer if none are left); ``reason`` says
    why (a key of ``REASONS``)."""
    got: list[int] = []
    deck = state.deck
    for _ in range(count):
        if not deck.draw_pile and not refill(state):
            break
        card = deck.draw_pile.pop()
        add_card(state, p, card)
        got.append(card)
    if state.keeps_log:
        names = state.uno_game.cards.names
        state.event(
            "draw",
            f"player {p + 1} draws {len(got)} ({REASONS[reason]})",
            player=p,
            count=len(got),
            reason=reason,
        )
        if got:
            text = "you drew " + ", ".join(names[c] for c in got)
            state.event("drew", text, private=p, cards=got)


def draw_card(state: UnoPowerState, p: int) -> int:
    """Draw one card into ``p``'s hand; -1 if no card is left anywhere."""
    deck = state.deck
    if not deck.draw_pile and not refill(state):
        return -1
    card = deck.draw_pile.pop()
    add_card(state, p, card)
    if state.keeps_log:
        log_draw(state, p, card)
    return card


def refill(state: UnoPowerState) -> bool:
    """The draw pile is empty: end the round (``empty_pile=end_round``) or
    reshuffle the discards; False when no card is left to draw."""
    if state.uno_game.options.empty_pile == "end_round":
        state.event("empty", "the draw pile is empty: the round ends")
        end_round_by_points(state)
    if not state.deck.reshuffle(state.rng):
        return False
    state.event("reshuffle", "the discard pile is shuffled into a new draw pile")
    return True


def log_draw(state: UnoPowerState, p: int, card: int) -> None:
    """Log one card drawn by ``p``: the count for all, the card for ``p`` only."""
    cards = state.uno_game.cards
    state.event("draw", f"player {p + 1} draws a card", player=p, count=1)
    text = f"you drew {cards.names[card]}"
    state.event("drew", text, private=p, card=cards.describe(card), cards=[card])
