"""Build King of Tokyo positions for rules tests.

A scenario starts from a real game (``first_player="0"``, fixed monsters), then
edits the position directly: who holds which cards, hearts, stars, energy, tokens,
who is in Tokyo. ``start_turn`` begins a seat's turn (start-of-turn effects run,
the dice are rolled) and ``roll`` replaces the roll with chosen faces and lets the
rules carry on to the next decision. Actions are picked by their labels.

    state = fresh(4)
    give(state, 0, "acid_attack")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "3", "energy", "heart")   # resolves, no claws
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import face_from_name
from tabletop.games.king_of_tokyo.phases import Stage
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.helpers import act as act
from tests.helpers import action as action
from tests.helpers import labels as labels

MONSTERS = ("giga_zaur", "cyber_bunny", "kraken", "meka_dragon", "the_king", "alienoid")


def fresh(num_players: int = 4, *, seed: int = 1, **options: Any) -> KingOfTokyoState:
    """A new game, seat 0 to play first, monsters in the order of ``MONSTERS``.

    The first turn has begun (seat 0 has rolled); use :func:`start_turn` to restart
    it after editing the position.
    """
    options.setdefault("first_player", "0")
    options.setdefault("monsters", ",".join(MONSTERS[:num_players]))
    state = tabletop.make("king-of-tokyo", **options).new_state(num_players, seed=seed)
    assert isinstance(state, KingOfTokyoState)
    return state


def instance_of(state: KingOfTokyoState, card: str, *, nth: int = 0) -> int:
    """The ``nth`` physical card of type ``card`` (by reference id)."""
    target = Card[card.upper()]
    found = [c for c, t in enumerate(state.game.cards.instances) if t == target]  # type: ignore[attr-defined]
    return found[nth]


def _take(state: KingOfTokyoState, c: int) -> None:
    """Remove card instance ``c`` from wherever it is."""
    if c in state.deck:
        state.deck.remove(c)
    elif c in state.discard:
        state.discard.remove(c)
    elif c in state.row:
        state.row[state.row.index(c)] = state.deck.pop()
    else:
        for m in state.monsters:
            if c in m.cards:
                m.cards.remove(c)


def give(state: KingOfTokyoState, seat: int, *cards: str, counters: int | None = None) -> list[int]:
    """Put Keep cards in front of ``seat`` (no purchase, no "when you get it" effect).

    ``counters`` sets the counters on each given card (Smoke Cloud, batteries).
    Returns the instances given.
    """
    given = []
    for name in cards:
        nth = 0
        while True:
            c = instance_of(state, name, nth=nth)
            if not any(c in m.cards for m in state.monsters):
                break
            nth += 1
        _take(state, c)
        state.monsters[seat].cards.append(c)
        if counters is not None:
            state.counters[c] = counters
        given.append(c)
    state._refresh_masks()
    return given


def mimic(state: KingOfTokyoState, seat: int, target: int, counters: int | None = None) -> int:
    """Give ``seat`` the Mimic card copying card instance ``target``."""
    (holder,) = give(state, seat, "mimic")
    state.monsters[seat].mimic = target
    if counters is not None:
        state.counters[holder] = counters
    state._refresh_masks()
    return holder


def set_row(state: KingOfTokyoState, *cards: str) -> list[int]:
    """Make the row show these cards (left to right); returns their instances."""
    for c in state.row:
        if c >= 0:
            state.deck.insert(0, c)
    state.row = [-1] * len(state.row)
    out = []
    for slot, name in enumerate(cards):
        nth = 0
        while True:
            c = instance_of(state, name, nth=nth)
            if c not in state.row and not any(c in m.cards for m in state.monsters):
                break
            nth += 1
        _take(state, c)
        state.row[slot] = c
        out.append(c)
    for slot in range(len(cards), len(state.row)):
        state.row[slot] = state.deck.pop()
    return out


def stack_deck(state: KingOfTokyoState, *cards: str) -> None:
    """Put these cards on top of the Power deck (the first named is drawn first)."""
    for name in reversed(cards):
        nth = 0
        while True:
            c = instance_of(state, name, nth=nth)
            if c not in state.row and not any(c in m.cards for m in state.monsters):
                break
            nth += 1
        _take(state, c)
        state.deck.append(c)


def setup(state: KingOfTokyoState, seat: int, **fields: int) -> None:
    """Set ``hearts``, ``stars``, ``energy``, ``poison``, ``shrink`` of a monster."""
    m = state.monsters[seat]
    for name, value in fields.items():
        setattr(m, name, value)


def put(state: KingOfTokyoState, seat: int, where: str) -> None:
    """Put a monster in Tokyo ``"city"`` or ``"bay"``, or ``"outside"``."""
    if state.city == seat:
        state.city = -1
    if state.bay == seat:
        state.bay = -1
    if where == "city":
        state.city = seat
    elif where == "bay":
        state.bay = seat


def eliminate(state: KingOfTokyoState, seat: int) -> None:
    """Take a monster out of the game quietly (for set-ups with fewer monsters)."""
    m = state.monsters[seat]
    m.alive = False
    m.hearts = 0
    state.alive_count -= 1
    put(state, seat, "outside")
    state._refresh_masks()


def start_turn(state: KingOfTokyoState, seat: int) -> KingOfTokyoState:
    """Begin ``seat``'s turn afresh: start-of-turn effects, then its first roll."""
    state.decisions.clear()
    state.hits.clear()
    state.queue = []
    state.active = state.base = seat
    state.stage = Stage.START
    state._legal = None
    state._advance()
    return state


def roll(state: KingOfTokyoState, *faces: str, rolls_left: int = 0) -> KingOfTokyoState:
    """Replace the active monster's dice and let the rules go on from there.

    With ``rolls_left=0`` (the default) this is the final roll: unless the monster
    can still buy an extra roll or change dice, the dice resolve at once.
    """
    state.decisions.clear()
    state.dice = sorted(face_from_name(f) for f in faces)
    state.rolls_left = rolls_left
    state.stage = Stage.ROLLING
    state._legal = None
    state._advance()
    return state


def finish_rolling(state: KingOfTokyoState) -> KingOfTokyoState:
    """Answer "stop" while the active monster is still asked about its dice."""
    while labels(state) and "stop rolling and resolve the dice" in labels(state):
        act(state, "stop rolling and resolve the dice")
    return state


def hearts(state: KingOfTokyoState) -> list[int]:
    return [m.hearts for m in state.monsters]


def stars(state: KingOfTokyoState) -> list[int]:
    return [m.stars for m in state.monsters]


def energy(state: KingOfTokyoState) -> list[int]:
    return [m.energy for m in state.monsters]


def asked(state: KingOfTokyoState) -> str | None:
    """The kind of the pending decision (``view`` name), or ``None``."""
    decision = state.view(None)["decision"]
    return None if decision is None else str(decision["kind"])
