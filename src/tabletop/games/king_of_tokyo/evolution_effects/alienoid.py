"""Alienoid's Evolutions (section 4.5 of the rules reference)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo.power_up import effect

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


@effect("alien_scourge")
def alien_scourge(state: KingOfTokyoState, seat: int) -> None:
    """Gain 2 stars."""
    state.gain_stars(seat, 2, "Alien Scourge")
