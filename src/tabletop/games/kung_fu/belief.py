"""What the opponent's attacks and parries say about its hand: Kung Fu's belief.

A uniform determinization deals the opponent any red and blue cards the observer
cannot see, as many of each colour as it holds. But a fighter who attacked with a
weak card while the defender could parry probably held no strong one, one who parried
with its best blue card was likely short of cheaper ones, one who gave up the
initiative had little to attack with. :class:`HandBelief` weighs the opponent's hands
by how well they explain what it did, read from the state's public record
(:mod:`.record`), never from the log.

It samples hands of the unseen cards of each colour
(:func:`tabletop.core.belief.chain_hands`), scoring a hand by replaying the game
backwards from it: each card the opponent attacked or parried with goes back into the
hand, each card it drew (of a public colour) comes out, picked at random once per
chain. Each attack, pass and parry it chose is scored by a model of plausible play:
the heuristic bot's worth of every card it could have played (in life points, read
with the figures everybody saw at that moment: life, Koku, cards of each colour in
hand, the attack card shown), softened by a temperature and mixed with a uniform
choice so that no hand is ruled out by a fighter who plays otherwise. The worths are
those of the cards unseen now, as a spectator counts them, and are computed once per
decision, not per hand. The bot is never told who its opponent is. Each search
iteration then deals the opponent one of the sampled hands
(:meth:`KungFuState.deal_hidden`); a face-down attack not yet turned up is dealt at
random from the rest of the unseen red cards.
"""

from __future__ import annotations

import math
from typing import Final

from tabletop.core.belief import IMPOSSIBLE, Belief, chain_hands, softmax_chance
from tabletop.core.rng import Rng
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.counting import unseen_counts
from tabletop.games.kung_fu.heuristic import PASS_BELOW, PASS_LIFE, Reading
from tabletop.games.kung_fu.record import DECISION, HIDDEN, LEFT, MAY_PASS, RECEIVED
from tabletop.games.kung_fu.state import KungFuState

CHAINS: Final = 8
"""Markov chains of hands run per decision."""
STEPS: Final = 150
"""Swaps tried in each chain."""
TEMPERATURE: Final = 0.1
"""How sharply the model prefers the card the heuristic values most (in life points)."""
NOISE: Final = 0.02
"""The chance the model gives the opponent of choosing at random, whatever it holds."""
PASS_UNLIKELY: Final = 3.0
"""How much less than a weak attack the model values giving up the initiative when the
heuristic's reasons for it (a healthy opponent holding red cards) are missing."""


class HandBelief(Belief):
    """Hands for the opponent of ``observer`` in ``state``, sampled by how well they
    explain its attacks, passes and parries.

    Use :meth:`sample` as the search's sampler (``ISMCTS(..., sample=belief.sample)``).

    >>> import tabletop
    >>> from tabletop.bots import make_bot
    >>> state = tabletop.make("kung-fu").new_state(2, seed=3)
    >>> bots = [make_bot("heuristic", "kung-fu", seed=p) for p in range(2)]
    >>> for _ in range(20):
    ...     state.apply(bots[state.current_player].choose(state, state.current_player))
    >>> belief = HandBelief(state, state.current_player, Rng(1))
    >>> det = belief.sample(state, state.current_player, Rng(2))
    >>> (det.reds, det.blues) == (state.reds, state.blues)
    True
    """

    def __init__(
        self,
        state: KungFuState,
        observer: int,
        rng: Rng,
        chains: int = CHAINS,
        steps: int = STEPS,
        temperature: float = TEMPERATURE,
        noise: float = NOISE,
    ) -> None:
        super().__init__(state.kf_game.cards.num_types)
        record = state.record
        if record is None:
            return
        q = 1 - observer
        entries = [e for e in reversed(record) if e[0] == q]  # newest first
        if not any(len(e) == DECISION and e[1] != HIDDEN for e in entries):
            return
        pools = state.unseen_by(observer)
        for pool in pools:
            for k in pool:
                self.unseen[k] += 1
        replay = _Replay(state, q, entries, (temperature, noise))
        self.seats.append(q)
        self.hands.append(
            chain_hands(
                pools, [state.reds[q], state.blues[q]], replay, len(entries), rng, chains, steps
            )
        )


class _Replay:
    """The log-likelihood of the opponent's entries (newest first) as a function of its
    hand, with each decision's worths computed once."""

    def __init__(
        self,
        state: KungFuState,
        p: int,
        entries: list[tuple[int, ...]],
        model: tuple[float, float],
    ) -> None:
        game = state.kf_game
        self.table = game.table
        cards = game.cards
        self.colour = cards.colour
        self.num_types = cards.num_types
        self.entries = entries
        self.model = model
        unseen = _spectator_unseen(state)
        reading = Reading(state, p)  # read at each decision as a spectator saw it
        opp = 1 - p
        # By entry: the worth of each card type of the colour it played (None: no
        # decision), and of giving up the initiative.
        self.worths: list[list[float] | None] = []
        self.pass_worth: list[float] = []
        for e in entries:
            if len(e) != DECISION or e[1] == HIDDEN:
                self.worths.append(None)
                self.pass_worth.append(0.0)
                continue
            no_parry = (bool(e[10] & 1), bool(e[10] & 2))
            reading.suppose(e[2:10], no_parry, e[11], unseen[:])
            worth = [0.0] * cards.num_types
            if self.table.move[e[1]] != Move.PARRY:
                odds = reading.parry_odds()
                for k in range(cards.num_types):
                    if cards.colour[k] == RED:
                        worth[k] = reading.attack_worth(k, odds)
                calm = e[2 + opp] >= PASS_LIFE and e[6 + opp] > 0 and not no_parry[opp]
                self.pass_worth.append(PASS_BELOW if calm else PASS_BELOW - PASS_UNLIKELY)
            else:
                threats = reading.threats()
                for j in range(cards.num_types):
                    if cards.colour[j] == BLUE:  # as the heuristic's parry sums it
                        worth[j] = sum(
                            [x * reading.parry_outcome(t, j) for t, x in threats.items()]
                        )
                self.pass_worth.append(0.0)
            self.worths.append(worth)

    def __call__(self, hand_types: list[int], picks: list[int]) -> float:
        colour = self.colour
        table = self.table
        hand = [0] * self.num_types
        sizes = [0, 0]
        for k in hand_types:
            hand[k] += 1
            sizes[colour[k]] += 1
        total = 0.0
        entries = self.entries
        for t in range(len(entries)):
            e = entries[t]
            action = e[1]
            if len(e) != DECISION:
                if action == LEFT:  # going back in time: the card returns
                    k = e[2]
                    hand[k] += 1
                    sizes[colour[k]] += 1
                elif action == RECEIVED:  # ... and a card drawn leaves
                    c = e[2]
                    if not sizes[c]:
                        return total + math.log(IMPOSSIBLE)
                    r = picks[t] % sizes[c]
                    for k in range(len(hand)):
                        if colour[k] == c:
                            r -= hand[k]
                            if r < 0:
                                hand[k] -= 1
                                sizes[c] -= 1
                                break
                continue
            if action == HIDDEN:
                continue  # face down, not yet turned up: its card is dealt apart
            move = table.move[action]
            played = -1 if move == Move.PASS else table.arg[action]
            if played >= 0:
                hand[played] += 1
                sizes[colour[played]] += 1
            worth = self.worths[t]
            assert worth is not None
            side = BLUE if move == Move.PARRY else RED
            scores: list[float] = []
            mine = -1
            for k in range(len(hand)):
                if hand[k] and colour[k] == side:
                    if k == played:
                        mine = len(scores)
                    scores.append(worth[k])
            if move != Move.PARRY and e[10] & MAY_PASS:
                if played < 0:
                    mine = len(scores)
                scores.append(self.pass_worth[t])
            if len(scores) > 1:
                total += math.log(softmax_chance(scores, mine, self.model[0], self.model[1]))
        return total


def _spectator_unseen(state: KungFuState) -> list[int]:
    """The cards nobody may see but their holders, a count per type: both hands, the
    draw piles, a face-down attack; what the model takes each fighter to have counted."""
    cards = state.kf_game.cards
    return unseen_counts(
        cards,
        bytes(cards.num_types),
        state.rows,
        (state.decks[RED].discard_pile, state.decks[BLUE].discard_pile),
        -1 if state.att_hidden else state.att_card,
        state.par_card,
        state.box,
    )
