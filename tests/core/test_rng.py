from __future__ import annotations

import json
import random

import pytest

from tabletop.core.rng import Rng


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.randrange(100) for _ in range(20)] == [b.randrange(100) for _ in range(20)]


def test_clone_is_independent_and_identical() -> None:
    a = Rng(5)
    a.random()
    b = a.clone()
    first = [b.randrange(1000) for _ in range(10)]
    # Drawing from the clone must not move the original.
    assert [a.randrange(1000) for _ in range(10)] == first
    assert Rng(5).clone().to_dict() == Rng(5).to_dict()


def test_clone_does_not_share_after_either_side_draws() -> None:
    a = Rng(1)
    b = a.clone()
    a.randrange(10)
    before = b.to_dict()
    a.randrange(10)
    assert b.to_dict() == before


def test_serialisation_round_trip_through_json() -> None:
    a = Rng(9)
    a.shuffle(list(range(30)))
    restored = Rng.from_dict(json.loads(json.dumps(a.to_dict())))
    assert [restored.random() for _ in range(5)] == [a.random() for _ in range(5)]


def test_derive_gives_a_new_deterministic_stream() -> None:
    x, y = Rng(3).derive(), Rng(3).derive()
    assert x.randrange(10**9) == y.randrange(10**9)
    assert Rng(3).derive().randrange(10**9) != Rng(4).derive().randrange(10**9)


@pytest.mark.parametrize("seed", [0, 1, 2026])
def test_draws_and_shuffles_match_the_standard_library_for_a_seed(seed: int) -> None:
    # Saved games and golden games were recorded with random.Random's own draws.
    ours, theirs = Rng(seed), random.Random(seed)
    for stop in (1, 2, 3, 6, 7, 108, 2**40 + 3):
        assert ours.randrange(stop) == theirs.randrange(stop)
    for size in (0, 1, 2, 5, 108):
        mine, std = list(range(size)), list(range(size))
        ours.shuffle(mine)
        theirs.shuffle(std)
        assert mine == std
        other, std_other = bytearray(range(size)), bytearray(range(size))  # not a list
        ours.shuffle(other)
        theirs.shuffle(std_other)
        assert other == std_other
    for size, k in ((0, 0), (5, 5), (21, 4), (22, 3), (108, 4), (108, 40), (1000, 6)):
        assert ours.sample(range(size), k) == theirs.sample(range(size), k)
    assert ours.random() == theirs.random()


def test_a_sample_larger_than_its_population_is_refused() -> None:
    with pytest.raises(ValueError, match="larger than population"):
        Rng(1).sample([1, 2], 3)


@pytest.mark.parametrize("stop", [0, -3])
def test_an_empty_range_is_refused(stop: int) -> None:
    with pytest.raises(ValueError, match="empty range"):
        Rng(1).randrange(stop)
