"""The shared text helper (``tabletop.core.text``)."""

from __future__ import annotations

import doctest

import pytest

from tabletop.core import text
from tabletop.core.text import plural


def test_doctests() -> None:
    result = doctest.testmod(text)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 hearts"), (1, "1 heart"), (2, "2 hearts"), (-1, "-1 hearts")]
)
def test_plural_of_a_regular_noun(count: int, expected: str) -> None:
    assert plural(count, "heart") == expected


def test_plural_with_its_own_plural_form() -> None:
    assert plural(1, "die", "dice") == "1 die"
    assert plural(3, "die", "dice") == "3 dice"
    assert plural(2, "energy", "energy") == "2 energy"
