"""What one fighter cannot see, and how a determinization re-deals it.

The opponent's hand keeps its public count of each colour; which cards it holds, the
order of the draw piles and a face-down attack not yet turned up are hidden. A search
re-deals them (``KungFuState.determinize``), at random or, where a belief
(:mod:`.belief`) says what the opponent likely holds, with the hand it gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.rng import Rng
from tabletop.games.kung_fu.cards import BLUE, RED

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState


def unseen_by(state: KungFuState, observer: int) -> tuple[list[int], list[int]]:
    """The card types ``observer`` cannot see, red and blue, sorted (so that they depend
    only on what the observer knows)."""
    cards = state.kf_game.cards
    q = 1 - observer
    pools: tuple[list[int], list[int]] = ([], [])
    for colour in (RED, BLUE):
        pools[colour].extend(state.decks[colour].draw_pile)
    for k in state.hand_types(q):
        pools[cards.colour[k]].append(k)
    if state.att_hidden and state.att_player == q:
        pools[cards.colour[state.att_card]].append(state.att_card)
    pools[RED].sort()
    pools[BLUE].sort()
    return pools


def deal_hidden(
    state: KungFuState, twin: KungFuState, observer: int, rng: Rng, hands: dict[int, list[int]]
) -> None:
    """Re-deal in ``twin`` (a copy of ``state`` with the log forgotten) what ``observer``
    cannot see, colour by colour: the opponent gets ``hands[opponent]`` if given (cards
    of the unseen ones, as many of each colour as it holds), else cards at random; a
    face-down attack and the draw piles get the rest, shuffled."""
    twin.record = None
    cards = state.kf_game.cards
    q = 1 - observer
    given = hands.get(q)
    hidden_attack = state.att_hidden and state.att_player == q
    hand = bytearray(cards.num_types)
    held = 0
    for colour in (RED, BLUE):
        mask = cards.colour_mask[colour]
        pool = list(state.decks[colour].draw_pile)
        for k in state.hand_types(q):
            if mask >> k & 1:
                pool.append(k)
        attack_here = hidden_attack and cards.colour[state.att_card] == colour
        if attack_here:
            pool.append(state.att_card)
        rng.shuffle(pool)
        if given is not None:  # the belief's cards out of the pool, into the hand
            for k in given:
                if mask >> k & 1:
                    pool.remove(k)
                    hand[k] += 1
                    held |= 1 << k
        if attack_here:
            twin.att_card = pool.pop()
        if given is None:
            size = state.reds[q] if colour == RED else state.blues[q]
            for k in pool[len(pool) - size :]:
                hand[k] += 1
                held |= 1 << k
            del pool[len(pool) - size :]
        twin.decks[colour].draw_pile = pool
    twin.hands[q] = hand
    twin.held[q] = held
    twin.rng = rng.derive()
