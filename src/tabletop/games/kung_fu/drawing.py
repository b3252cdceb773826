"""Drawing cards into a hand and taking them out: the rulebook's "Running out of cards".

Implements R2 (an empty pile is refilled from its discards, else the other colour
gives the card, else the draw is skipped) and R3 (a draw with a choice of piles asks
for the split, or card by card with ``draw_split="sequential"``), and keeps a hand's
three views in step: the count per type, the bitmask of types held and the public
count per colour. Every other part of the rules draws and discards through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.kung_fu.cards import BLUE, COLOUR_NAMES, RED
from tabletop.games.kung_fu.record import note_received

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState


def avail(state: KungFuState, c: int) -> int:
    """Cards that can still be drawn from colour ``c`` (R2)."""
    deck = state.decks[c]
    if state.kf_game.reshuffle:
        return len(deck.draw_pile) + len(deck.discard_pile)
    return len(deck.draw_pile)


def drawable(state: KungFuState) -> tuple[int, int]:
    """Cards that can still be drawn: ``(red, blue)`` (R2)."""
    red, blue = state.decks
    if state.kf_game.reshuffle:
        return (
            len(red.draw_pile) + len(red.discard_pile),
            len(blue.draw_pile) + len(blue.discard_pile),
        )
    return len(red.draw_pile), len(blue.draw_pile)


def draw(state: KungFuState, p: int, n: int) -> None:
    """``p`` draws ``n`` cards, choosing the decks; asks when there is a choice."""
    ar, ab = drawable(state)
    total = ar + ab
    if n < total:
        total = n
    if total <= 0:
        if n > 0 and state.keeps_log:
            state.event("no_cards", f"no card is left for player {p + 1} to draw", player=p)
        return
    g = state.kf_game
    if g.sequential:
        if ar and ab:
            state.ask.push(g.ask_draw[p][total])
            return
        if total > 1:
            take(state, p, total if ar else 0, 0 if ar else total)
        else:
            take(state, p, 1 if ar else 0, 0 if ar else 1)
        return
    lo = total - ab if total > ab else 0
    hi = ar if ar < total else total
    if lo == hi:
        take(state, p, lo, total - lo)
    else:
        state.ask.push(g.ask_draw[p][total])


def choose_draw(state: KungFuState, p: int, n: int, red: int) -> None:
    """The answer to a draw decision of ``n`` cards: ``red`` of them are red.

    With ``draw_split="sequential"`` the answer is one card (``red`` is 1 or 0)
    and the rest of the draw follows.
    """
    if state.kf_game.sequential:
        take(state, p, red, 1 - red)
        if n > 1:
            draw(state, p, n - 1)
    else:
        take(state, p, red, n - red)


def take(state: KungFuState, p: int, red: int, blue: int) -> None:
    """Draw ``red`` red then ``blue`` blue cards into ``p``'s hand."""
    log = state.keeps_log
    decks = state.decks
    pile = decks[RED].draw_pile
    blues = decks[BLUE].draw_pile
    if not log and len(pile) >= red and len(blues) >= blue:
        # The common case: both piles hold enough cards.
        hand = state.hands[p]
        held = state.held[p]
        for _ in range(red):
            k = pile.pop()
            hand[k] += 1
            held |= 1 << k
        for _ in range(blue):
            k = blues.pop()
            hand[k] += 1
            held |= 1 << k
        state.held[p] = held
        state.reds[p] += red
        state.blues[p] += blue
        if state.record is not None:
            note_received(state, p, RED, red)
            note_received(state, p, BLUE, blue)
        return
    got: list[int] = []
    for colour, n in ((RED, red), (BLUE, blue)):
        for _ in range(n):
            k = draw_one(state, p, colour)
            if k >= 0:
                got.append(k)
    if log:
        cards = state.kf_game.cards
        state.event(
            "draw",
            f"player {p + 1} draws {red} red and {blue} blue",
            player=p,
            red=red,
            blue=blue,
        )
        if got:
            state.event(
                "drew",
                "you drew " + ", ".join(cards.names[k] for k in got),
                private=p,
                types=[cards.ids[k] for k in got],
            )


def draw_one(state: KungFuState, p: int, colour: int) -> int:
    """One card of ``colour`` (R2: reshuffle, else the other colour); -1 if none."""
    deck = state.decks[colour]
    pile = deck.draw_pile
    if not pile:
        reshuffle = state.kf_game.reshuffle
        if reshuffle and deck.reshuffle(state.rng):
            if state.keeps_log:
                name = COLOUR_NAMES[colour]
                state.event("reshuffle", f"the {name} discards are reshuffled", colour=name)
        else:
            colour = 1 - colour
            deck = state.decks[colour]
            pile = deck.draw_pile
            if not pile and not (reshuffle and deck.reshuffle(state.rng)):
                return -1
            if state.keeps_log:
                state.event(
                    "other_colour",
                    f"the {COLOUR_NAMES[1 - colour]} cards are exhausted: "
                    f"player {p + 1} draws {COLOUR_NAMES[colour]}",
                    player=p,
                    colour=COLOUR_NAMES[colour],
                )
        pile = deck.draw_pile
    k = pile.pop()
    state.hands[p][k] += 1
    state.held[p] |= 1 << k
    note_received(state, p, colour)
    if colour == RED:
        state.reds[p] += 1
    else:
        state.blues[p] += 1
    return k


def remove_card(state: KungFuState, p: int, k: int) -> None:
    """Take one card of type ``k`` out of ``p``'s hand."""
    hand = state.hands[p]
    left = hand[k] - 1
    hand[k] = left
    if not left:
        state.held[p] ^= 1 << k
    if state.kf_game.cards.colour[k] == RED:
        state.reds[p] -= 1
    else:
        state.blues[p] -= 1
