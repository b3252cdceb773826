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

The common shape of that set-up is one call to :func:`turn` (:func:`position` when
something must happen before the turn starts):

    state = turn(cards={0: "acid_attack"}, city=1)
    roll(state, "1", "1", "2", "3", "energy", "heart")

The dice, action labels and edition marker that many tests share are here too
(``NOTHING``, ``BUY_1``, ``END_BUY``, ``EDITIONS``...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import tabletop
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import face_from_name
from tabletop.games.king_of_tokyo.phases import Stage
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.helpers import act as act
from tests.helpers import action as action
from tests.helpers import labels as labels

MONSTERS = ("giga_zaur", "cyber_bunny", "kraken", "meka_dragon", "the_king", "alienoid")

EDITIONS = pytest.mark.parametrize("edition", ["2011", "2016"])
"""Run a test (with an ``edition`` argument) under both rulebooks."""

NOTHING = ("1", "1", "2", "2", "3", "3")
"""Dice that score, heal, charge and hit nothing: the roll resolves without a question."""

BUY_1 = "buy the card in slot 1 of the row"
END_BUY = "end your Buy phase"
STOP = "stop rolling and resolve the dice"
YIELD = "yield Tokyo"
STAY = "stay in Tokyo"


class ScriptedRng(Rng):
    """The state's generator, with dice chosen by the test.

    Dice (``randrange`` and ``rolls``) show the scripted faces first, then ``always``
    for good where it is set; everything else (and dice after the script without
    ``always``) continues the state's own numbers. A subclass of :class:`Rng`, so
    it takes the real generator's place in a compiled build too.
    """

    script: list[int]
    always: int | None

    def randrange(self, stop: int) -> int:
        if self.script:
            return self.script.pop(0)
        return super().randrange(stop) if self.always is None else self.always

    def rolls(self, n: int, sides: int) -> list[int]:
        return [self.randrange(sides) for _ in range(n)]


def script_dice(
    state: KingOfTokyoState, *faces: str | int, always: str | int | None = None
) -> ScriptedRng:
    """From now on the rules' dice (rerolls, Camouflage, Evolutions' dice) show
    ``faces`` in order, then ``always`` if given; face names or numbers."""
    rng = ScriptedRng.from_dict(state.rng.to_dict())
    rng.script = [_face(f) for f in faces]
    rng.always = None if always is None else _face(always)
    state.rng = rng
    return rng


def _face(face: str | int) -> int:
    return face if isinstance(face, int) else face_from_name(face)


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


def _spare(state: KingOfTokyoState, card: str, *, row_too: bool = True) -> int:
    """The first instance of ``card`` that no monster holds (nor, with ``row_too``,
    the row shows)."""
    nth = 0
    while True:
        c = instance_of(state, card, nth=nth)
        if not (row_too and c in state.row) and not any(c in m.cards for m in state.monsters):
            return c
        nth += 1


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
        c = _spare(state, name, row_too=False)
        _take(state, c)
        state.monsters[seat].cards.append(c)
        if counters is not None:
            state.counters[c] = counters
        given.append(c)
    state.refresh_masks()
    return given


def mimic(state: KingOfTokyoState, seat: int, target: int, counters: int | None = None) -> int:
    """Give ``seat`` the Mimic card copying card instance ``target``."""
    (holder,) = give(state, seat, "mimic")
    state.monsters[seat].mimic = target
    if counters is not None:
        state.counters[holder] = counters
    state.refresh_masks()
    return holder


def set_row(state: KingOfTokyoState, *cards: str) -> list[int]:
    """Make the row show these cards (left to right); returns their instances."""
    for c in state.row:
        if c >= 0:
            state.deck.insert(0, c)
    state.row = [-1] * len(state.row)
    out = []
    for slot, name in enumerate(cards):
        c = _spare(state, name)
        _take(state, c)
        state.row[slot] = c
        out.append(c)
    for slot in range(len(cards), len(state.row)):
        state.row[slot] = state.deck.pop()
    return out


def stack_deck(state: KingOfTokyoState, *cards: str) -> None:
    """Put these cards on top of the Power deck (the first named is drawn first)."""
    for name in reversed(cards):
        c = _spare(state, name)
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
    state.eliminated.append(seat)
    put(state, seat, "outside")
    state.refresh_masks()


Names = str | Sequence[str]
"""One card name, or several."""


def _names(names: Names) -> tuple[str, ...]:
    return (names,) if isinstance(names, str) else tuple(names)


def position(
    players: int = 4,
    *,
    edition: str = "2011",
    options: Mapping[str, Any] | None = None,
    cards: Mapping[int, Names] | None = None,
    row: Names = (),
    deck: Names = (),
    city: int | None = None,
    bay: int | None = None,
    seat: int = 0,
    seats: Mapping[int, Mapping[str, int]] | None = None,
    **fields: int,
) -> KingOfTokyoState:
    """A :func:`fresh` game edited into a position (nobody's turn restarted yet).

    In this order: ``cards`` gives each seat its Keep cards (:func:`give`, in the
    order written), ``row`` shows these cards (:func:`set_row`), ``deck`` puts these
    on top of the deck (:func:`stack_deck`), ``seats`` sets hearts, stars, energy and
    tokens per seat and ``fields`` those of ``seat`` (:func:`setup`), then ``city``
    and ``bay`` name who is in Tokyo. ``options`` are further game options
    (``tokyo_bay=False``...).

        position(5, edition="2016", cards={1: ("jets", "armor_plating")}, city=1, bay=2)
        position(cards={0: "regeneration"}, hearts=5)  # seat 0 with 5 hearts
    """
    state = fresh(players, edition=edition, **(options or {}))
    for holder, names in (cards or {}).items():
        give(state, holder, *_names(names))
    if row:
        set_row(state, *_names(row))
    if deck:
        stack_deck(state, *_names(deck))
    for other, values in (seats or {}).items():
        setup(state, other, **values)
    setup(state, seat, **fields)
    if city is not None:
        put(state, city, "city")
    if bay is not None:
        put(state, bay, "bay")
    return state


def turn(
    seat: int = 0,
    *,
    players: int = 4,
    edition: str = "2011",
    options: Mapping[str, Any] | None = None,
    cards: Mapping[int, Names] | None = None,
    row: Names = (),
    deck: Names = (),
    city: int | None = None,
    bay: int | None = None,
    seats: Mapping[int, Mapping[str, int]] | None = None,
    **fields: int,
) -> KingOfTokyoState:
    """The start of ``seat``'s turn (its first roll made), built by the public position
    builder (docs/positions.md) from the keywords of :func:`position`; ``hearts``,
    ``stars``, ``energy``, ``poison`` and ``shrink`` are those of ``seat``, the monster
    whose turn it is.

        state = turn(edition=edition, cards={0: "spiked_tail"}, city=1)
        roll(state, "claw", "1", "1", "2", "2", "3")
        state = turn(1, players=5, bay=1, energy=3)  # seat 1, in Tokyo Bay, plays
    """
    game = tabletop.make(
        "king-of-tokyo",
        edition=edition,
        first_player="0",
        monsters=",".join(MONSTERS[:players]),
        **(options or {}),
    )
    monsters: list[dict[str, Any]] = []
    for p in range(players):
        monster: dict[str, Any] = {"name": MONSTERS[p], **(seats or {}).get(p, {})}
        if p == seat:
            monster.update(fields)
        if cards and p in cards:
            monster["cards"] = list(_names(cards[p]))
        monsters.append(monster)
    spec: dict[str, Any] = {"seed": 1, "monsters": monsters, "turn": seat}
    spec.update(row=list(_names(row)), deck=list(_names(deck)), city=city, bay=bay)
    state = game.position({k: v for k, v in spec.items() if v is not None})
    assert isinstance(state, KingOfTokyoState)
    return state


def start_turn(state: KingOfTokyoState, seat: int) -> KingOfTokyoState:
    """Begin ``seat``'s turn afresh: start-of-turn effects, then its first roll."""
    state.decisions.clear()
    state.hits.clear()
    state.queue = []
    state.dice = []  # no dice on the table yet, as in a position built at "start of turn"
    state.active = state.base = seat
    state.stage = Stage.START
    state._legal = None
    state.advance()
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
    state.advance()
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
