"""Power Up! positions for tests: Evolutions in hand or face up, answered by label.

Builds on :mod:`tests.games.king_of_tokyo.scenario` (``fresh``, ``start_turn``,
``roll``...): start a game with ``fresh(n, power_up="on")``, which deals each
monster its Evolution deck and asks the set-up keeps; :func:`skip_setup` answers
them (first card each), then :func:`hand` and :func:`in_play` place chosen
Evolutions. ``start_turn`` then begins a turn with them.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import MONSTERS


def powered(num_players: int = 4, **options: Any) -> KingOfTokyoState:
    """A Power Up! game past its set-up with every hand empty, seat 0 to play (its
    first roll made), monsters in the order of ``MONSTERS``: built by the public
    position builder (docs/positions.md).

    Its monsters are asked about Evolutions only when they hold a card they can play
    (``evolution_prompts="holding"``), so that a card's test meets only its own
    questions; test_evolution_prompts.py covers the default, "public".
    """
    options.setdefault("power_up", "on")
    options.setdefault("evolution_prompts", "holding")
    options.setdefault("first_player", "0")
    options.setdefault("monsters", ",".join(MONSTERS[:num_players]))
    state = tabletop.make("king-of-tokyo", **options).position({"seed": 1, "players": num_players})
    assert isinstance(state, KingOfTokyoState)
    return state


def skip_setup(state: KingOfTokyoState) -> None:
    """Answer every set-up (or draft) question with its first choice."""
    while state.decisions and state.decisions[-1].kind in (Ask.EVO_KEEP, Ask.DRAFT):
        state.apply(state.legal_actions()[0])


def _pu(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None, "not a Power Up! game"
    return state.pu


def _take(pu: PowerUp, number: int) -> None:
    for piles in (pu.deck, pu.discard, pu.hand, pu.table):
        for pile in piles:
            if number in pile:
                pile.remove(number)
                return


def hand(state: KingOfTokyoState, seat: int, *evolutions: str) -> list[int]:
    """Put these Evolutions (by id) in ``seat``'s hand; returns their numbers."""
    pu = _pu(state)
    out = []
    for name in evolutions:
        number = evolution_table().by_id[name].number
        _take(pu, number)
        pu.hand[seat].append(number)
        out.append(number)
    return out


def in_play(state: KingOfTokyoState, seat: int, *evolutions: str) -> list[int]:
    """Put these permanent Evolutions face up in front of ``seat`` (no on-play effect)."""
    pu = _pu(state)
    out = []
    for name in evolutions:
        number = evolution_table().by_id[name].number
        _take(pu, number)
        pu.table[seat].append(number)
        out.append(number)
    return out


def number(name: str) -> int:
    return evolution_table().by_id[name].number


def card_damage(state: KingOfTokyoState, seat: int, hearts: int, source: int) -> None:
    """``source`` makes ``seat`` lose ``hearts`` (card damage) now, whatever is pending."""
    pending = state.decisions.copy()
    state.decisions.clear()
    state.card_damage([seat], hearts, source)
    state.run_hits()
    assert not state.decisions, "the damage asked a question"
    state.decisions = pending
    state._legal = None
