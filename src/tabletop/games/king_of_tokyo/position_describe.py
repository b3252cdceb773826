"""A King of Tokyo state's position fields (``Game.describe``, docs/positions.md).

:func:`describe` writes the fields that build the same state again: ``game.position
(describe(game, state))`` equals ``state`` in everything but the random generator, the
log, the history and the bots' record of plays. It names every card where it lies
(the Power deck whole and in order, each Evolution deck too, so that draws are the
same), the monsters and their marks, the step of the turn the state waits at and the
turn's marks (``this_turn``), with ``seed`` the state's own.

A position starts a step from its beginning and runs it to its first decision, so a
state inside a step, after answers that changed it (damage on its way, heart dice
half spent, a Psychic Probe after another), is no position: :func:`describe` raises
:class:`~tabletop.core.positions.PositionError` naming what no field can say. It
builds the fields it wrote and compares, so it never returns fields that build
another state.

Such a state is an earlier one's position plus ``moves``, which ``position_of`` writes;
the dice those moves roll come from the position's seed, so :func:`script_dice`
(``Game.script_chance``) lists the faces the game rolled in ``next_dice``. Power Up!'s
set-up is the step "set-up": the two Evolutions a monster chooses from go back on top
of its deck, a Mutant draft's packets are each monster's ``draft``.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from tabletop.core.action import Action
from tabletop.core.positions import PositionError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, NUM_FACES
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.monster import START_HEARTS
from tabletop.games.king_of_tokyo.phases import ASK_NAMES, Ask, Stage
from tabletop.games.king_of_tokyo.position import deal
from tabletop.games.king_of_tokyo.position_asked import read_asked
from tabletop.games.king_of_tokyo.position_marks import MARKS, card_words, read_marks
from tabletop.games.king_of_tokyo.position_placer import copies_of, dealt_order
from tabletop.games.king_of_tokyo.position_turn import (
    EXTRA_TURNS,
    ROLLED,
    ROLLS_AFTER_FIRST,
    SET_UP,
    step_of,
)
from tabletop.games.king_of_tokyo.power_up import ICY_MARK, WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

T = TypeVar("T")

RESOLVED_STAGES = frozenset(
    {
        Stage.HEARTS,
        Stage.ENERGY,
        Stage.CLAWS,
        Stage.AFTER_CLAWS,
        Stage.YIELD,
        Stage.BURROW,
        Stage.ENTER,
    }
)
"""The stages after the dice began to have effects (steps D4-G)."""
EXTRA_NAMES = {kind: name for name, kind in EXTRA_TURNS.items()}


def describe(game: KingOfTokyoGame, state: KingOfTokyoState) -> dict[str, Any]:
    """The position fields of ``state`` (see the module docstring)."""
    _refuse(state)
    step = step_of(state)
    fields: dict[str, Any] = {"players": state.num_players, "seed": state.seed}
    words = _CardWords(game, state)
    fields["monsters"] = [_monster(state, p, words) for p in range(state.num_players)]
    name = state.monster_name
    for where, seat in (("city", state.city), ("bay", state.bay)):
        if seat >= 0:
            fields[where] = name(seat)
    out = [m.seat for m in state.monsters if not m.alive]
    if state.eliminated != out:
        fields["eliminated"] = [name(s) for s in state.eliminated]
    fields["turn"] = name(state.active)
    if state.base != state.active:
        fields["regular_turn"] = name(state.base)
    if step != SET_UP:
        fields["turn_number"] = state.turn + 1
    fields["step"] = step
    if state.dice or step in ROLLED:
        fields["dice"] = [FACE_NAMES[f] for f in state.dice]
    if state.rolls_left != (ROLLS_AFTER_FIRST if step == "rolling" else 0):
        fields["rolls_left"] = state.rolls_left
    if state.next_dice:
        fields["next_dice"] = [FACE_NAMES[f] for f in state.next_dice]
    fields["row"] = [words.take(c) if c >= 0 else "" for c in state.row]
    fields["deck"] = [words.take(c) for c in reversed(state.deck)]
    if state.discard:
        fields["discard"] = [words.take(c) for c in state.discard]
    if state.box:
        fields["box"] = [words.take(c) for c in state.box]
    extra = state.extra_turns
    if extra:
        fields["extra_turns"] = [
            [name(extra[i]), EXTRA_NAMES[extra[i + 1]]] for i in range(0, len(extra), 2)
        ]
    if state.freeze_chain:
        fields["freeze_time_chain"] = state.freeze_chain
    if step not in (SET_UP, "start of turn"):  # the start of a turn clears the marks
        marks = read_marks(state)
        at_start = [name(s) for s in (state.city, state.bay) if s >= 0]
        if state.pu is not None and marks.get("tokyo_at_start", []) != at_start:
            marks["tokyo_at_start"] = marks.get("tokyo_at_start", [])
        elif "tokyo_at_start" in marks:
            del marks["tokyo_at_start"]
        asked = read_asked(state, step, str(MARKS["skipped"].get(state)))
        if asked:
            marks["asked"] = asked
        if step == "after the last roll" and state.stage != Stage.ROLLING:
            marks["done_rolling"] = True
        if marks:
            fields["this_turn"] = marks
    _check(game, state, fields, step)
    return fields


def _refuse(state: KingOfTokyoState) -> None:
    """What no field of a position can say, with its reason."""
    step = step_of(state)
    if step == "over":
        raise PositionError("step", "the game is over: no step of a turn to start at")
    if state.hits or state.held:
        raise PositionError("step", "damage is on its way: no field holds hearts about to be lost")
    if state.heart_plan or state.resolving >= 0 or state.stage in RESOLVED_STAGES:
        raise PositionError(
            "step",
            "the dice are resolving: a position at 'after the last roll' resolves them "
            "from the start (moves can answer its questions)",
        )
    d = state.decisions[-1]
    if (
        state.stage == Stage.BUY
        and d.kind == Ask.EVO_PLAY
        and WINDOW_NAMES[d.data[0]] == "after_enter"
    ):
        raise PositionError(
            "step",
            "the window after entering Tokyo (step G3) comes before the Buy phase: "
            "a position at 'buy phase' starts after it",
        )
    if state.new_slots:
        raise PositionError("step", "cards just revealed wait for the Opportunist owners")
    for key in state.pu.turn_marks if state.pu is not None else ():
        if key == "after_damage" or key.startswith(("ad_lost.", "ad_wounder.")):
            raise PositionError("step", "a monster's after-damage step waits (step D8)")
        if key == "zero":
            raise PositionError(
                "step", "a monster at 0 hearts may still heal (option healing_temporaries)"
            )
        if key == "poisoned":
            raise PositionError("step", "Poison is costing hearts at the end of the turn")
        if key in ("bamboozle_buying", "bamboozle_passed"):
            raise PositionError("step", "a purchase waits for Bamboozle")


class _CardWords:
    """Power card instances by name, with the copy number where the builder would take
    the other copy of the seed's deal (docs/positions.md)."""

    def __init__(self, game: KingOfTokyoGame, state: KingOfTokyoState) -> None:
        self.state = state
        monsters = tuple(m.name for m in state.monsters)
        dealt = deal(game, state.num_players, state.seed, monsters)
        table = state.cards
        self.copies = copies_of(table)
        self.free: dict[int, list[int]] = {}
        for c in dealt_order(dealt):
            self.free.setdefault(int(table.instances[c]), []).append(c)

    def take(self, c: int) -> str:
        """``c``'s words, taken in the builder's order (the monsters' cards, the row,
        the deck, the discard pile, the box)."""
        state = self.state
        kind = int(state.cards.instances[c])
        free = self.free[kind]
        if len(self.copies[kind]) == 1 or (free and free[0] == c):
            free.remove(c)
            return state.cards.names[c]
        free.remove(c)
        return card_words(state, c)


def _monster(state: KingOfTokyoState, p: int, words: _CardWords) -> dict[str, Any]:
    m = state.monsters[p]
    table = state.cards
    out: dict[str, Any] = {"name": state.monster_name(p)}
    if not m.alive:
        out["out"] = True
    if m.hearts != (START_HEARTS if m.alive else 0):
        out["hearts"] = m.hearts
    for token in ("stars", "energy", "poison", "shrink"):
        if getattr(m, token):
            out[token] = getattr(m, token)
    if m.cards:
        out["cards"] = [words.take(c) for c in m.cards]
    if m.mimic >= 0:
        out["mimic"] = card_words(state, m.mimic)
    counters = {card_words(state, c): state.counters[c] for c in m.cards if c in state.counters}
    paid = {
        card_words(state, c): state.paid[c]
        for c in m.cards
        if c in state.paid and state.paid[c] != table.cost[c]
    }
    pu = state.pu
    if pu is not None:
        _evolutions(state, p, out, counters)
    if counters:
        out["counters"] = counters
    if paid:
        out["paid"] = paid
    return out


def _evolutions(
    state: KingOfTokyoState, p: int, out: dict[str, Any], counters: dict[str, int]
) -> None:
    """Monster ``p``'s Evolutions and the marks on them."""
    pu = state.pu
    assert pu is not None
    info = evolution_table().info
    names = [info[n].name for n in range(len(info))]
    deck = list(reversed(pu.deck[p]))
    d = state.decisions[-1] if state.decisions else None
    if state.stage == Stage.SETUP and d is not None and d.kind == Ask.EVO_KEEP and d.player == p:
        deck = [d.data[0], d.data[1], *deck]  # drawn from the top: drawn again
    for field, cards in (
        ("evolutions", pu.hand[p]),
        ("played", pu.table[p]),
        ("evolution_deck", deck),
        ("evolution_discard", pu.discard[p]),
        ("draft", pu.draft[p] if pu.draft else []),
    ):
        if cards:
            out[field] = [names[n] for n in cards]
    for n in [*pu.table[p], *pu.discard[p]]:
        if n in pu.counters:
            counters[names[n]] = pu.counters[n]
    marks = pu.marks
    icy = evolution_table().by_id["icy_reflection"].number
    if ICY_MARK in marks and icy in pu.table[p]:
        out["icy_reflection"] = names[marks[ICY_MARK]]
    if f"target_token.{p}" in marks:
        out["target_token"] = state.monster_name(marks[f"target_token.{p}"])
    if marks.get("encased_owner", -1) == p:
        out["encased"] = FACE_NAMES[marks["encased_face"]]
    lent = {
        names[int(key.split(":")[1])]: state.monster_name(seat)
        for key, seat in sorted(marks.items())
        if key.startswith("freeze_ray:") and int(key.split(":")[1]) in pu.table[p]
    }
    if lent:
        out["lent"] = lent
    ufo = [card_words(state, c) for c in state.monsters[p].cards if f"ufo:{c}" in marks]
    if ufo:
        out["ufo"] = ufo


def _check(
    game: KingOfTokyoGame, state: KingOfTokyoState, fields: dict[str, Any], step: str
) -> None:
    """Build ``fields`` and compare: where the state built differs, say what no field
    holds."""
    built = game.position(fields)
    want, got = _game_data(state), _game_data(built)
    if want == got:
        return
    if want["decisions"] != got["decisions"] or want["stage"] != got["stage"]:
        raise PositionError(
            "step",
            "the state waits inside {step!r}, after answers a position cannot say: "
            "its step starts again at {built}, not at {waits}",
            step=step,
            built=_decision(built),
            waits=_decision(state),
        )
    differ = sorted(k for k in want if want[k] != got[k])
    marks = False
    if differ == ["power_up"]:
        a, b = want["power_up"], got["power_up"]
        differ = [f"power_up.{k}" for k in sorted(a) if a[k] != b[k]]
        if differ == ["power_up.turn_marks"]:
            changed = set(a["turn_marks"].items()) ^ set(b["turn_marks"].items())
            differ, marks = sorted({k for k, _ in changed}), True
    if marks or set(differ) <= BOOKKEEPING:
        raise PositionError(
            "this_turn",
            "the turn's own bookkeeping ({what}) is not what the steps before {step!r} "
            "leave, and no field says it",
            what=", ".join(differ),
            step=step,
        )
    raise PositionError(
        "step",
        "the state's {what} is not what a position at {step!r} builds, and no field says it",
        what=", ".join(differ),
        step=step,
    )


BOOKKEEPING = frozenset({"heal_steps", "probe_used", "queue", "power_up.used"})
"""The state's fields of the turn's bookkeeping (besides the turn marks)."""


def script_dice(
    fields: dict[str, Any], state: KingOfTokyoState, actions: Sequence[Action]
) -> dict[str, Any]:
    """``fields`` (``state``'s) with the faces of the dice that ``actions`` roll from
    ``state`` after its own ``next_dice``: a position of ``state`` with the actions as
    ``moves`` then rolls what the game rolled, where its seed would roll other dice
    (``Game.script_chance``, docs/positions.md). The actions are played on a copy
    whose generator notes the dice; one that draws other chance is refused, since no
    field says what it gave: a pile shuffled (the Power deck refilled from its
    discards, an Evolution deck from its own), the card Miraculous Catch reveals."""
    twin = state.clone()
    recorder = _DiceRecorder.from_dict(twin.rng.to_dict())
    recorder.faces = []
    recorder.other = False
    twin.rng = recorder
    for action in actions:
        twin.apply(action)
        if recorder.other:
            raise PositionError(
                "moves",
                "{move!r} draws chance that no field of a position scripts (a pile "
                "shuffled, a card drawn at random)",
                move=action.label,
            )
    if recorder.faces:
        fields["next_dice"] = [
            *fields.get("next_dice", []),
            *(FACE_NAMES[f] for f in recorder.faces),
        ]
    return fields


class _DiceRecorder(Rng):
    """A state's generator that notes the dice it rolls and whether it drew anything
    else. The rules roll their dice as ``rolls(n, 6)`` and ``randrange(6)``
    (:func:`~.rolling.roll_dice`, :func:`~.rolling.roll_die`); any other draw in play
    shuffles a pile or picks a card (the first player's draw comes before any move).
    Miraculous Catch's card from a discard pile of exactly 6 reads as a die: the
    position scripts a face too many, and its rebuild, which is checked, differs. A
    subclass of :class:`Rng`, as the tests' scripted dice are, so that it takes the
    generator's place in a compiled build too."""

    faces: list[int]
    other: bool

    def rolls(self, n: int, sides: int) -> list[int]:
        faces = super().rolls(n, sides)
        self._note(sides, faces)
        return faces

    def randrange(self, stop: int) -> int:
        face = super().randrange(stop)
        self._note(stop, [face])
        return face

    def _note(self, sides: int, faces: list[int]) -> None:
        if sides == NUM_FACES:
            self.faces += faces
        else:
            self.other = True

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        if len(seq) > 1:  # a single card is drawn in its place: no chance
            self.other = True
        super().shuffle(seq)

    def choice(self, seq: Sequence[T]) -> T:
        self.other = True
        return super().choice(seq)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        self.other = True
        return super().sample(population, k)

    def random(self) -> float:
        self.other = True
        return super().random()

    def derive(self) -> Rng:
        self.other = True
        return super().derive()


def _game_data(state: KingOfTokyoState) -> dict[str, Any]:
    data: dict[str, Any] = state.to_dict(include_log=False)["state"]
    data.pop("rng", None)
    data.pop("record", None)
    return data


def _decision(state: KingOfTokyoState) -> str:
    if not state.decisions:
        return "the end"
    d = state.decisions[-1]
    return f"{ASK_NAMES[d.kind]} ({state.monster_name(d.player)})"
