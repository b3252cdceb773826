"""Stars, energy and hearts gained and lost, with the cards that change every gain.

Rulebook: "Victory points", "Energy", "Healing"; docs/games/king-of-tokyo.md,
"Resolving the dice". Friend of Children adds to each energy gain, Regeneration to
each heal; Power Up! tallies the turn's gains for the Evolutions that reward them.
A loss of hearts is damage (:mod:`.damage`), not a loss here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import owned
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import FRIEND_OF_CHILDREN, REGENERATION
from tabletop.games.king_of_tokyo.monster import WIN_STARS

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def gain_stars(state: KingOfTokyoState, p: int, n: int, why: str) -> None:
    """``p`` gains ``n`` stars; at 20 somebody may have won (checked by the stage loop)."""
    m = state.monsters[p]
    if n <= 0 or not m.alive:
        return
    m.stars += n
    if m.stars >= WIN_STARS:
        state.may_have_won = True
    if state.keeps_log:
        state.event(
            "stars",
            f"{state.monster_name(p)} gains {plural(n, 'star')} ({why}).",
            seat=p,
            stars=n,
            why=state.kot_game.why_key(why),
        )


def lose_stars(state: KingOfTokyoState, p: int, n: int, why: str) -> None:
    """``p`` loses up to ``n`` stars."""
    m = state.monsters[p]
    lost = min(n, m.stars)
    if lost:
        m.stars -= lost
        if state.keeps_log:
            state.event(
                "stars_lost",
                f"{state.monster_name(p)} loses {plural(lost, 'star')} ({why}).",
                seat=p,
                stars=lost,
                why=state.kot_game.why_key(why),
            )


def gain_energy(state: KingOfTokyoState, p: int, n: int, why: str) -> None:
    """Gain energy; Friend of Children adds 1 per copy to each gain."""
    m = state.monsters[p]
    if n <= 0 or not m.alive:
        return
    if m.mask & FRIEND_OF_CHILDREN:
        n += owned.copies(state, p, Card.FRIEND_OF_CHILDREN)
    m.energy += n
    if state.pu is not None:  # energy gained this turn (Stroke of Genius)
        state.pu.tally("energy", p, n)
    if state.keeps_log:
        state.event(
            "energy",
            f"{state.monster_name(p)} gains {n} energy ({why}).",
            seat=p,
            energy=n,
            why=state.kot_game.why_key(why),
        )


def transfer_energy(state: KingOfTokyoState, giver: int, taker: int, n: int, why: str) -> int:
    """``giver`` gives up to ``n`` energy to ``taker``; returns how much. The taker has
    gained it this turn (Stroke of Genius), but no energy was made: Friend of Children
    does not add to it."""
    given = min(n, state.monsters[giver].energy)
    if given <= 0:
        return 0
    state.monsters[giver].energy -= given
    state.monsters[taker].energy += given
    if state.pu is not None:
        state.pu.tally("energy", taker, given)
    if state.keeps_log:
        state.event(
            "energy_given",
            f"{state.monster_name(giver)} gives {given} energy to {state.monster_name(taker)} "
            f"({why}).",
            seat=giver,
            energy=given,
            target=taker,
            why=state.kot_game.why_key(why),
        )
    return given


def lose_energy(state: KingOfTokyoState, p: int, n: int, why: str) -> None:
    """``p`` loses up to ``n`` energy."""
    m = state.monsters[p]
    lost = min(n, m.energy)
    if lost:
        m.energy -= lost
        if state.keeps_log:
            state.event(
                "energy_lost",
                f"{state.monster_name(p)} loses {lost} energy ({why}).",
                seat=p,
                energy=lost,
                why=state.kot_game.why_key(why),
            )


def heal(state: KingOfTokyoState, p: int, n: int, why: str) -> int:
    """Gain up to ``n`` hearts (Regeneration adds 1 per copy); returns the gain."""
    m = state.monsters[p]
    room = m.max_hearts - m.hearts
    if n <= 0 or room <= 0 or not m.alive:
        return 0
    if m.mask & REGENERATION:
        n += owned.copies(state, p, Card.REGENERATION)
    gained = min(n, room)
    m.hearts += gained
    if state.pu is not None:  # hearts gained this turn (Cult Worshippers)
        state.pu.tally("hearts", p, gained)
    if state.keeps_log:
        state.event(
            "heal",
            f"{state.monster_name(p)} gains {plural(gained, 'heart')} ({why}).",
            seat=p,
            hearts=gained,
            why=state.kot_game.why_key(why),
        )
    return gained
