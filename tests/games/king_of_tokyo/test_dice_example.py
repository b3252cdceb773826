"""The rulebook's worked dice example, and the basic dice results."""

from __future__ import annotations

from tests.games.king_of_tokyo.scenario import (
    energy,
    hearts,
    roll,
    stars,
    turn,
)


def test_rulebook_giga_zaur_example() -> None:
    """Giga Zaur keeps four 2s, an energy and a claw while Cyber Bunny is in Tokyo.

    Three 2s give 2 stars and the fourth 2 one more (3 stars); the energy gives 1
    energy; the claw costs Cyber Bunny, in Tokyo, 1 heart. Giga Zaur has full
    hearts, so nothing else happens.
    """
    state = turn(city=1)
    before = stars(state)
    roll(state, "2", "2", "2", "2", "energy", "claw")
    assert stars(state)[0] - before[0] == 3
    assert energy(state)[0] == 1
    assert hearts(state) == [10, 9, 10, 10]
