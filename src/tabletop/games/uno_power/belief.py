"""What the opponents' plays say about their hands: UNO Power's belief for the search.

A uniform determinization deals each opponent any cards the observer cannot see. But a
player who drew had nothing it wanted to play, a player who named blue holds blue, a
player who played a number card with a Draw Two in hand would rather have attacked.
:class:`HandBelief` weighs hands by how well they explain what each seat did this round,
read from the state's public record (``UnoPowerState.record``), never from the log.

For each opponent it samples hands of the cards the observer cannot see
(:func:`tabletop.core.belief.chain_hands`), scoring a hand by replaying the round
backwards from it: every card the seat played goes back into the hand, every card it
got comes out (a card it drew and then played or kept is the one drawn; the others
are picked at random, once per chain), and each turn it took, and each choice about a
drawn card, is scored by a model of plausible play: the heuristic bot's scores
(:func:`.heuristic.play_score`) softened by a temperature, mixed with a uniform choice
so that no hand is ruled out by a player who plays otherwise. The bot is never told
who its opponents are; the model is what a sensible player would do. Each search
iteration then deals every opponent one of the sampled hands
(:func:`tabletop.core.belief.choose_hands`) and the rest of the unseen cards at random
(:meth:`UnoPowerState.deal_hidden`).
"""

from __future__ import annotations

import math
from typing import Final

from tabletop.core.belief import IMPOSSIBLE, Belief, chain_hands, softmax_chance
from tabletop.core.bits import bits
from tabletop.core.rng import Rng
from tabletop.games.uno_power.actions import MOVE_DRAW, MOVE_KEEP, MOVE_PLAY
from tabletop.games.uno_power.cards import NUM_COLOURS, NUM_TOWERS
from tabletop.games.uno_power.heuristic import play_score
from tabletop.games.uno_power.legal import turn_actions
from tabletop.games.uno_power.phases import ASK_PLAY_DRAWN
from tabletop.games.uno_power.state import UnoPowerState

CHAINS: Final = 8
"""Markov chains of hands run per opponent and decision."""
STEPS: Final = 100
"""Swaps tried in each chain."""
TEMPERATURE: Final = 1.0
"""How sharply the model prefers the heuristic's best play (scores are in points of
the heuristic: 1.5 a card of the colour, 12 for keeping a wild)."""
NOISE: Final = 0.05
"""The chance the model gives a seat of choosing at random, whatever it holds."""


class HandBelief(Belief):
    """Hands for each opponent of ``observer`` in ``state``, sampled by how well they
    explain what the opponent did this round.

    Use :meth:`sample` as the search's sampler (``ISMCTS(..., sample=belief.sample)``).

    >>> import tabletop
    >>> from tabletop.bots import make_bot
    >>> from tabletop.core.rng import Rng
    >>> state = tabletop.make("uno-power", target_score="single_round").new_state(3, seed=2)
    >>> bots = [make_bot("heuristic", "uno-power", seed=p) for p in range(3)]
    >>> for _ in range(12):
    ...     state.apply(bots[state.current_player].choose(state, state.current_player))
    >>> belief = HandBelief(state, state.current_player, Rng(1))
    >>> det = belief.sample(state, state.current_player, Rng(2))
    >>> det.sizes == state.sizes
    True
    """

    def __init__(
        self,
        state: UnoPowerState,
        observer: int,
        rng: Rng,
        chains: int = CHAINS,
        steps: int = STEPS,
        temperature: float = TEMPERATURE,
        noise: float = NOISE,
    ) -> None:
        super().__init__(state.uno_game.cards.num_kinds)
        model = (temperature, noise)
        record = state.record
        if record is None or any(
            d.kind == ASK_PLAY_DRAWN and d.player != observer for d in state.ask
        ):
            return  # nothing to read, or a drawn card the plain deal already handles
        unseen = list(state.deck.draw_pile)
        for p in range(state.num_players):
            if p != observer:
                unseen += state.hand_cards(p)
        unseen.sort()  # what the observer knows decides the result, not where cards lie
        for k in unseen:
            self.unseen[k] += 1
        for p in range(state.num_players):
            if p == observer:
                continue
            entries = _evidence(record, p)
            if not any(len(e) == 8 for e in entries):
                continue
            self.seats.append(p)
            self.hands.append(
                chain_hands(
                    [unseen],
                    [state.sizes[p]],
                    _Replay(state, p, entries, model),
                    len(entries),
                    rng,
                    chains,
                    steps,
                )
            )


def _evidence(record: list[tuple[int, ...]], p: int) -> list[tuple[int, ...]]:
    """``p``'s entries in the record, newest first, back to its hand's last unseen change."""
    out: list[tuple[int, ...]] = []
    for i in range(len(record) - 1, -1, -1):
        e = record[i]
        if e[0] != p:
            continue
        if e[1] == -2:
            break
        out.append(e)
    return out


class _Replay:
    """The log-likelihood of ``p``'s entries (newest first) as a function of its hand."""

    def __init__(
        self,
        state: UnoPowerState,
        p: int,
        entries: list[tuple[int, ...]],
        model: tuple[float, float],
    ) -> None:
        self.state = state
        self.p = p
        self.entries = entries
        self.model = model

    def __call__(self, hand: list[int], picks: list[int]) -> float:
        return _log_likelihood(self.state, self.p, hand, self.entries, picks, self.model)


def _log_likelihood(
    state: UnoPowerState,
    p: int,
    hand_kinds: list[int],
    entries: list[tuple[int, ...]],
    picks: list[int],
    model: tuple[float, float],
) -> float:
    """How well ``p`` holding ``hand_kinds`` now explains its entries (newest first)."""
    g = state.uno_game
    cards = g.cards
    table = g.table
    colour_of = cards.colour
    hand = [0] * cards.num_kinds
    counts = [0] * NUM_COLOURS
    size = 0
    for k in hand_kinds:
        hand[k] += 1
        c = colour_of[k]
        if c >= 0:
            counts[c] += 1
        size += 1
    total = 0.0
    drawn = -1  # the card the entry before (in time) must have given: drawn, then decided
    for t in range(len(entries)):
        e = entries[t]
        if len(e) == 2:  # a card came in: out of the hand, going back in time
            if size == 0:
                return total + math.log(IMPOSSIBLE)
            k = drawn if drawn >= 0 and hand[drawn] else _nth_card(hand, picks[t] % size)
            drawn = -1
            hand[k] -= 1
            c = colour_of[k]
            if c >= 0:
                counts[c] -= 1
            size -= 1
            continue
        action = e[1]
        kind = e[2]
        move = table.move[action]
        if move == MOVE_PLAY:
            k = table.kind[action]
            hand[k] += 1
            c = colour_of[k]
            if c >= 0:
                counts[c] += 1
            size += 1
            if kind == -1 or kind == ASK_PLAY_DRAWN:
                total += math.log(_chance(state, p, hand, counts, size, e, k, model))
            if kind == ASK_PLAY_DRAWN:
                drawn = k
        elif move == MOVE_DRAW and kind == -1:
            total += math.log(_chance(state, p, hand, counts, size, e, -1, model))
        elif move == MOVE_KEEP:
            # The card kept is one it could have played (else nobody asks): pick one,
            # and weigh by the share of such cards in the hand.
            playable = list(bits(_playable(state, hand, e[3], e[4])))
            held = 0
            for k in playable:
                held += hand[k]
            if not held:
                total += math.log(IMPOSSIBLE)
                continue
            r = picks[t] % held
            for k in playable:
                r -= hand[k]
                if r < 0:
                    drawn = k
                    break
            total += math.log(held / size) + math.log(
                _chance(state, p, hand, counts, size, e, drawn, model)
            )
    return total


def _chance(
    state: UnoPowerState,
    p: int,
    hand: list[int],
    counts: list[int],
    size: int,
    e: tuple[int, ...],
    drawn: int,
    model: tuple[float, float],
) -> float:
    """The model's probability of the decision in entry ``e`` for ``p`` holding ``hand``
    (``model``: the temperature and the noise).

    A turn (``e[2] == -1``) offers every playable card and the draw; the choice about
    a drawn card (``drawn``) offers playing it or keeping it.
    """
    g = state.uno_game
    table = g.table
    cards = g.cards
    _, action, kind, mi, colour, nxt, nxt_size, packed = e
    if kind == -1:
        playable = _playable(state, hand, mi, colour)
        if size == 1 and g.options.no_action_finish:
            playable &= cards.number_mask
        legal = g.turn_actions.get(playable << 1 | (size == 2))
        if legal is None:
            legal = turn_actions(g, playable, size == 2)
    else:
        legal = g.play_drawn_actions[2 * drawn + (size == 2)]
    towers = [(packed >> 3 * t & 7) - 1 for t in range(NUM_TOWERS)]
    scores: list[float] = []
    mine = -1
    for j in range(len(legal)):
        i = legal[j].id
        move = table.move[i]
        if move == MOVE_PLAY:
            score = play_score(table, cards, counts, size, p, i, colour, towers, nxt, nxt_size)
        elif move == MOVE_DRAW:
            score = -5.0
        else:
            score = -1.0
        if i == action:
            mine = j
        scores.append(score)
    return softmax_chance(scores, mine, model[0], model[1])


def _playable(state: UnoPowerState, hand: list[int], mi: int, colour: int) -> int:
    """The kinds of ``hand`` (counts per kind) that may be played on match row ``mi``
    with ``colour`` in play, as a mask: the rule of ``UnoPowerState.legal_actions``."""
    g = state.uno_game
    cards = g.cards
    held = 0
    for k in range(len(hand)):
        if hand[k]:
            held |= 1 << k
    playable = held & g.match[mi]
    if (
        playable & cards.wd4_bit
        and g.wd4_enforced
        and colour >= 0
        and held & cards.colour_mask[colour]
    ):
        playable ^= cards.wd4_bit
    return playable


def _nth_card(hand: list[int], r: int) -> int:
    """The kind of card ``r`` of ``hand`` (counts per kind), counting kind by kind."""
    for k in range(len(hand)):
        r -= hand[k]
        if r < 0:
            return k
    raise AssertionError("the hand holds fewer cards than its size")
