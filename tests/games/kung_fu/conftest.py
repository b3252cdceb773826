"""Fixtures: games on the hand-made fixture deck of ``scenario.py``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.kung_fu.game import KungFuGame
from tests.games.kung_fu.scenario import make


@pytest.fixture(scope="module")
def deck_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kung_fu_deck")


@pytest.fixture(scope="module")
def game(deck_dir: Path) -> KungFuGame:
    """The fixture deck with default options."""
    return make(deck_dir)


@pytest.fixture(scope="module")
def make_game(deck_dir: Path) -> Callable[..., KungFuGame]:
    """A factory: the fixture deck with the given options."""

    def factory(**options: Any) -> KungFuGame:
        return make(deck_dir, **options)

    return factory
