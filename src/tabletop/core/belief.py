"""Hidden hands sampled by how well they explain what a seat did: the beliefs' engine.

A uniform determinization deals an opponent any cards the observer cannot see. A
belief weighs those hands by a game's model of plausible play, read from the state's
public record of what each seat did (each game keeps its own record and model:
``games/<game>/belief.py``). This module is what every belief shares:

- :func:`chain_hands` runs short Markov chains over one seat's possible hands
  (Metropolis: swap a held card for an unseen one of the same group, keep the swap
  as the rule says) and returns the hands of each chain's second half;
- :func:`choose_hands` picks one sampled hand per seat such that no card is dealt
  twice, for each determinization of the search;
- :class:`Belief` keeps the sampled hands and deals them: its :meth:`Belief.sample` is
  the search's sampler (``State.deal_hidden`` gives each seat its hand).

The model is a function of the hand and of *picks*: numbers drawn once per chain
that settle the model's own random choices (which of the cards a seat drew went
where), so that a hand's likelihood is a number, not a guess.

>>> from tabletop.core.rng import Rng
>>> def likes_high_cards(hand, picks):  # a seat that played as if it held high cards
...     return float(sum(hand))
>>> hands = chain_hands([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]], [2], likes_high_cards, 0, Rng(1))
>>> sum(sum(h) for h in hands) / len(hands) > 9  # uniform: 9 on average
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from tabletop.core.rng import Rng
from tabletop.core.state import State

LogLikelihood = Callable[[list[int], list[int]], float]
"""The log-likelihood of a seat's record if it holds a hand (card kinds), given picks."""

CHAINS: Final = 8
"""Markov chains of hands run per seat and decision."""
STEPS: Final = 100
"""Swaps tried in each chain; the second half's hands are kept, ``SAMPLES_PER_CHAIN``
of them, evenly spaced."""
SAMPLES_PER_CHAIN: Final = 6
TRIES: Final = 8
"""Hands drawn for a seat before it is dealt at random instead."""
IMPOSSIBLE: Final = 1e-6
"""The probability a model gives what a hand could not have done (noise aside)."""


class Belief:
    """Hands sampled for some of an observer's opponents (``hands[s]`` for seat
    ``seats[s]``), of the cards it cannot see (``unseen``: a count per kind, of
    ``num_kinds``). A game's belief fills them (:func:`chain_hands`)."""

    def __init__(self, num_kinds: int) -> None:
        self.seats: list[int] = []
        self.hands: list[list[list[int]]] = []
        self.unseen = [0] * num_kinds

    def sample(self, state: State, observer: int, rng: Rng) -> State:
        """A determinization whose opponents hold hands the belief sampled."""
        if not self.seats:
            return state.determinize(observer, rng)
        chosen = choose_hands(self.seats, self.hands, self.unseen, rng)
        return state.deal_hidden(observer, rng, chosen)


def chain_hands(
    pools: Sequence[Sequence[int]],
    sizes: Sequence[int],
    log_likelihood: LogLikelihood,
    picks: int,
    rng: Rng,
    chains: int = CHAINS,
    steps: int = STEPS,
) -> list[list[int]]:
    """Hands sampled in proportion to ``exp(log_likelihood(hand, picks))``.

    A hand holds ``sizes[g]`` cards of each group's ``pools[g]`` (the unseen cards of
    the group, sorted, so that the result depends only on what the observer knows);
    its cards are listed group by group. ``picks`` numbers below ``2**30`` are drawn
    per chain for the model.
    """
    burn = steps // 2
    every = max(1, (steps - burn) // SAMPLES_PER_CHAIN)
    out: list[list[int]] = []
    for _ in range(chains):
        hand: list[int] = []
        rests: list[list[int]] = []
        group_of: list[int] = []
        for g in range(len(pools)):
            cards = list(pools[g])
            rng.shuffle(cards)
            hand += cards[: sizes[g]]
            rests.append(cards[sizes[g] :])
            group_of += [g] * sizes[g]
        drawn = [rng.randrange(1 << 30) for _ in range(picks)]
        value = log_likelihood(hand, drawn)
        size = len(hand)
        for step in range(steps):
            if size:
                i = rng.randrange(size)
                rest = rests[group_of[i]]
                if rest:
                    j = rng.randrange(len(rest))
                    hand[i], rest[j] = rest[j], hand[i]
                    proposed = log_likelihood(hand, drawn)
                    if proposed >= value or rng.random() < math.exp(proposed - value):
                        value = proposed
                    else:
                        hand[i], rest[j] = rest[j], hand[i]
            if step >= burn and (step - burn) % every == 0:
                out.append(hand[:])
    return out


def choose_hands(
    seats: Sequence[int], hands: Sequence[Sequence[list[int]]], left: Sequence[int], rng: Rng
) -> dict[int, list[int]]:
    """One of ``hands[s]`` for each seat ``seats[s]``, in a random order of seats, none
    using a card another already took (``left``: the unseen cards, a count per kind).

    A seat none of whose tries fits is left out: the caller deals it at random.
    """
    counts = list(left)
    chosen: dict[int, list[int]] = {}
    order = list(range(len(seats)))
    rng.shuffle(order)
    for s in order:
        options = hands[s]
        if not options:
            continue
        for _ in range(TRIES):
            hand = options[rng.randrange(len(options))]
            if _fits(hand, counts):
                for k in hand:
                    counts[k] -= 1
                chosen[seats[s]] = hand
                break
    return chosen


def softmax_chance(scores: Sequence[float], mine: int, temperature: float, noise: float) -> float:
    """The chance of choice ``mine`` among ``scores`` for a player who picks at random
    with probability ``noise`` and otherwise by the softmax of the scores at
    ``temperature``; ``mine`` -1 (a choice the hand could not make) gets the noise's
    share of one choice, never zero, so that no hand is ruled out by a surprise.

    >>> round(softmax_chance([1.0, 0.0], 0, 1.0, 0.0), 3)
    0.731
    >>> round(softmax_chance([1.0, 0.0], -1, 1.0, 0.1), 4)
    0.05
    """
    uniform = noise / len(scores)
    if mine < 0:
        return IMPOSSIBLE * (1.0 - noise) + uniform
    best = max(scores)
    total = 0.0
    for s in scores:
        total += math.exp((s - best) / temperature)
    return (1.0 - noise) * math.exp((scores[mine] - best) / temperature) / total + uniform


def _fits(hand: Sequence[int], left: Sequence[int]) -> bool:
    """Whether the cards ``left`` (counts per kind) still hold every card of ``hand``."""
    need: dict[int, int] = {}
    for k in hand:
        n = need.get(k, 0) + 1
        if n > left[k]:
            return False
        need[k] = n
    return True
