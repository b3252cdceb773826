"""The beliefs' shared engine (``tabletop.core.belief``), apart from any game."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.core.belief import chain_hands, choose_hands
from tabletop.core.rng import Rng
from tests.core.toy import ToyGame


def test_chained_hands_keep_each_groups_size_and_come_from_its_pool() -> None:
    pools = [[0, 1, 2, 3], [4, 5, 6, 7, 8]]
    hands = chain_hands(pools, [2, 3], lambda hand, picks: float(hand[0]), 2, Rng(3))
    assert hands
    for hand in hands:
        assert len(set(hand[:2])) == 2 and set(hand[:2]) <= {0, 1, 2, 3}
        assert len(set(hand[2:])) == 3 and set(hand[2:]) <= {4, 5, 6, 7, 8}


def test_chained_hands_follow_the_likelihood() -> None:
    # A seat whose record says it holds card 9 (every other hand all but impossible).
    pool = list(range(10))
    hands = chain_hands([pool], [3], lambda hand, picks: 0.0 if 9 in hand else -20.0, 0, Rng(5))
    assert sum(9 in hand for hand in hands) > 0.9 * len(hands)


def test_chosen_hands_never_deal_a_card_twice() -> None:
    left = [1, 1, 1, 1]  # one of each of four cards unseen
    hands = [[[0, 1]], [[1, 2], [2, 3]]]  # seat 1's first hand needs seat 0's card 1
    for seed in range(20):
        chosen = choose_hands([1, 2], hands, left, Rng(seed))
        dealt = Counter(k for hand in chosen.values() for k in hand)
        assert all(n <= left[k] for k, n in dealt.items())
        assert set(chosen) <= {1, 2}


def test_a_game_without_a_belief_refuses_hands_to_deal() -> None:
    state = ToyGame().new_state(2, seed=1)
    with pytest.raises(ValueError, match="no belief"):
        state.deal_hidden(0, Rng(2), {1: [0]})
    plain = state.deal_hidden(0, Rng(2), {})
    assert plain.to_dict() == state.determinize(0, Rng(2)).to_dict()
