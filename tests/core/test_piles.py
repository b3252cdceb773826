from __future__ import annotations

from tabletop.core.piles import Deck
from tabletop.core.rng import Rng


def test_draw_from_the_top() -> None:
    deck = Deck([1, 2, 3])
    assert deck.draw(Rng(0)) == 3
    assert deck.draw_pile == [1, 2]


def test_reshuffle_keeps_the_top_discard() -> None:
    deck = Deck([], keep=1)
    for card in (10, 11, 12, 13):
        deck.discard(card)
    card = deck.draw(Rng(0))
    assert card in (10, 11, 12)
    assert deck.discard_pile == [13]
    assert sorted([*deck.draw_pile, card]) == [10, 11, 12]


def test_nothing_left_gives_none() -> None:
    deck = Deck([], keep=1)
    deck.discard(5)
    assert deck.draw(Rng(0)) is None
    assert deck.draw_many(3, Rng(0)) == []


def test_draw_many_stops_when_everything_is_in_play() -> None:
    deck = Deck([1, 2], keep=0)
    deck.discard(3)
    assert sorted(deck.draw_many(5, Rng(0))) == [1, 2, 3]


def test_shuffle_is_seeded_and_copy_is_independent() -> None:
    a, b = Deck(range(50)), Deck(range(50))
    a.shuffle(Rng(7))
    b.shuffle(Rng(7))
    assert a.draw_pile == b.draw_pile
    c = a.copy()
    c.draw(Rng(0))
    assert len(a.draw_pile) == 50
    assert Deck.from_dict(a.to_dict()).to_dict() == a.to_dict()
