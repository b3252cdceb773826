"""Alienoid's Evolutions."""

from __future__ import annotations

from tests.games.king_of_tokyo.pu_scenario import hand, powered
from tests.games.king_of_tokyo.scenario import act, asked, labels, start_turn, stars


def test_alien_scourge() -> None:
    """Gain 2 stars; playable at the start of your own turn."""
    state = powered(4)
    hand(state, 0, "alien_scourge")
    start_turn(state, 0)
    assert asked(state) == "play_evolution"
    assert "play Alien Scourge" in labels(state)
    act(state, "play Alien Scourge")
    assert stars(state)[0] == 2
    assert state.pu is not None and state.pu.hand[0] == []
    assert asked(state) == "roll"  # nothing else to play: the turn goes on
