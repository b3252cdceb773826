"""The installation runs the engines it was built with.

``.ci/run`` sets ``TABLETOP_EXPECT_COMPILED=1`` when it runs the tests against a
``TABLETOP_COMPILE=1`` build, so that a build that silently fell back to Python (or
a path that picked up the wrong copy) fails instead of testing the other engine.
"""

from __future__ import annotations

import os

import tabletop
from tabletop.core import rng, state
from tabletop.games.king_of_tokyo import state as king_of_tokyo_state
from tabletop.games.kung_fu import state as kung_fu_state
from tabletop.games.uno_power import state as uno_power_state


def test_the_engines_are_compiled_exactly_when_the_build_says() -> None:
    expected = os.environ.get("TABLETOP_EXPECT_COMPILED", "0") == "1"
    assert tabletop.compiled() is expected
    for module in (state, rng, king_of_tokyo_state, kung_fu_state, uno_power_state):
        assert module.__file__ is not None
        assert module.__file__.endswith(".py") is not expected, module.__file__
