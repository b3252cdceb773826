"""Which cards each monster has: the card bits the rules test, and copies of a card.

A monster's ``mask`` holds a bit per card type it owns or copies with Mimic; ``live``
is their union over the living monsters, so every rule skips the cards nobody owns
with one AND. Whatever changes who owns what calls :func:`refresh_masks`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import EVEN_BIGGER
from tabletop.games.king_of_tokyo.hookspecs import MAX_HEARTS
from tabletop.games.king_of_tokyo.monster import HEART_CAP, START_HEARTS

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def refresh_masks(state: KingOfTokyoState) -> None:
    """Work out each monster's card mask, ``live`` and maximum hearts again."""
    game = state.kot_game
    bit_of = game.cards.bits
    live = 0
    for m in state.monsters:
        mask = 0
        for c in m.cards:
            mask |= bit_of[c]
        if m.mimic >= 0:
            mask |= bit_of[m.mimic]
        m.mask = mask
        if m.alive:
            live |= mask
        bigger = mask & EVEN_BIGGER
        if not bigger:
            m.max_hearts = START_HEARTS
        elif game.options.edition == "2016":
            m.max_hearts = HEART_CAP
        else:
            m.max_hearts = min(
                HEART_CAP, START_HEARTS + 2 * copies(state, m.seat, Card.EVEN_BIGGER)
            )
    if state.pu is not None:  # Eater of Souls: a maximum of 12
        for maximum in MAX_HEARTS.calls:
            maximum(state)
    state.live = live


def copies(state: KingOfTokyoState, p: int, card: Card | int) -> int:
    """How many copies of ``card`` monster ``p`` has, its Mimic copy included."""
    m = state.monsters[p]
    card_of = state.kot_game.cards.instances
    n = 0
    for c in m.cards:
        if card_of[c] == card:
            n += 1
    if m.mimic >= 0 and card_of[m.mimic] == card:
        n += 1
    return n
