"""What one seat cannot see in UNO Power, and how a determinization re-deals it.

The other seats' hands keep their public sizes; which cards they hold and the order of
the draw pile are hidden. A search re-deals them (``UnoPowerState.determinize``), at
random or, where a belief (:mod:`.belief`) says what a seat likely holds, with the hand
it gives. A card another seat has just drawn and may play is known to be playable, so
it is re-drawn among the playable cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.rng import Rng
from tabletop.games.uno_power.legal import is_playable
from tabletop.games.uno_power.phases import ASK_PLAY_DRAWN

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def deal_hidden(
    state: UnoPowerState,
    twin: UnoPowerState,
    observer: int,
    rng: Rng,
    hands: dict[int, list[int]],
) -> None:
    """Re-deal in ``twin`` (a copy of ``state`` with the log forgotten) what ``observer``
    cannot see: seat ``p`` gets ``hands[p]`` (card kinds) for the seats given, the other
    seats and the draw pile share the rest at random (``UnoPowerState.deal_hidden``)."""
    twin.record = None
    n = state.num_players
    cards = state.uno_game.cards
    others = [p for p in range(n) if p != observer]
    pool = list(state.deck.draw_pile)
    for p in others:
        pool += state.hand_cards(p)
    # Sorted first, so that the result depends only on what the observer knows.
    pool.sort()
    rng.shuffle(pool)
    if hands:
        pool = _without(pool, hands.values(), cards.num_kinds)
    drawn_by = -1
    drawn_card = -1
    for d in state.ask:
        if d.kind == ASK_PLAY_DRAWN and d.player != observer:
            drawn_by = d.player
            candidates = [i for i, k in enumerate(pool) if is_playable(state, d.player, k)]
            pick = candidates[rng.randrange(len(candidates))]
            drawn_card = pool.pop(pick)
    for p in others:
        hand = bytearray(cards.num_kinds)
        held = 0
        given = hands.get(p)
        if given is not None:
            for k in given:
                hand[k] += 1
                held |= 1 << k
        else:
            size = state.sizes[p]
            take = size - 1 if p == drawn_by else size
            for k in pool[len(pool) - take :]:
                hand[k] += 1
                held |= 1 << k
            del pool[len(pool) - take :]
        if p == drawn_by:
            hand[drawn_card] += 1
            held |= 1 << drawn_card
        twin.hands[p] = hand
        twin.held[p] = held
    twin.deck.draw_pile = pool
    if drawn_by >= 0:
        twin.ask = DecisionStack(
            [
                Decision(d.kind, d.player, (drawn_card,)) if d.kind == ASK_PLAY_DRAWN else d
                for d in state.ask
            ]
        )
    twin.rng = rng.derive()


def _without(pool: list[int], hands: Iterable[list[int]], num_kinds: int) -> list[int]:
    """``pool`` less the cards of ``hands``, in the same order."""
    wanted = [0] * num_kinds
    for hand in hands:
        for k in hand:
            wanted[k] += 1
    rest: list[int] = []
    for k in pool:
        if wanted[k]:
            wanted[k] -= 1
        else:
            rest.append(k)
    return rest
