"""The turn of a King of Tokyo position (docs/positions.md): whose turn, which step,
the dice, the extra turns to come; then the step runs to its first decision, and
``stop`` checks where the state waits.

The steps name the turn's steps A to K (docs/games/king-of-tokyo.md, "A turn") a
position starts at: "start of turn" (A), "before the roll" (A6-B: the start-of-turn
effects done, a Mimic move, the windows before the roll, then the first roll),
"rolling" (B, rerolls left), "after the last roll" (B's extra rolls, C, then D-G),
"buy phase" (H) and "end of turn" (I, Metamorph, and J: the end-of-turn windows and
cards), then K (the next turn); Power Up!'s "set-up" comes before the first turn
(:func:`~.position_evolutions.set_up`). :func:`step_of` names the step a state waits at, for
``stop`` and :func:`~.position_describe.describe`.

``stop`` cannot hold a state between two steps: a King of Tokyo state always waits
for somebody's decision, and an action that only says "go on" would change the
action space every adapter and record shares. So ``stop`` checks instead: the state
the position builds (after its ``moves``) must wait at that step of the position's
turn ("next turn": at the start of the next one), or the position is refused, naming
the step it reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.core.decisions import Decision
from tabletop.core.positions import PositionError
from tabletop.games.king_of_tokyo import owned, rolling, shop
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    FREEZE_OFFER,
    FREEZE_TIME_TURN,
    FRENZY_TURN,
    MIMIC,
)
from tabletop.games.king_of_tokyo.dice import MAX_DICE
from tabletop.games.king_of_tokyo.phases import Ask, Stage
from tabletop.games.king_of_tokyo.position_evolutions import set_up
from tabletop.games.king_of_tokyo.position_marks import Course, place_marks
from tabletop.games.king_of_tokyo.position_words import count, faces_of, seat_of
from tabletop.games.king_of_tokyo.power_up import WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

SET_UP = "set-up"
STEPS = (
    SET_UP,
    "start of turn",
    "before the roll",
    "rolling",
    "after the last roll",
    "buy phase",
    "end of turn",
)
"""The steps a position starts at, in the turn's order: Power Up!'s set-up first,
before the first turn."""
NEXT_TURN = "next turn"
STOPS = (*STEPS, NEXT_TURN)
"""What ``stop`` names: a step of the position's turn, or the start of the next."""
ROLLED = ("rolling", "after the last roll")
TURN_FIELDS = frozenset(
    {
        "turn",
        "turn_number",
        "regular_turn",
        "step",
        "stop",
        "dice",
        "rolls_left",
        "next_dice",
        "extra_turns",
        "freeze_time_chain",
        "this_turn",
    }
)
NOT_AT_SET_UP = (
    "regular_turn",
    "turn_number",
    "dice",
    "rolls_left",
    "extra_turns",
    "freeze_time_chain",
    "this_turn",
)
"""The turn's fields a position at the set-up refuses: no turn has begun."""
ROLLS_AFTER_FIRST = 2  # the first roll made, two rerolls left
EXTRA_TURNS = {
    "Frenzy": FRENZY_TURN,
    "Freeze Time": FREEZE_TIME_TURN,
    "Panda Express": 2,
    "Jungle Frenzy": 3,
    "Freeze Time offered": FREEZE_OFFER,
}
"""The extra turns a monster may have won, by the card that gives them (option
``freeze_time="may"``: Freeze Time offered, its owner not asked yet)."""

_STAGE_STEPS = {
    Stage.START: "start of turn",
    Stage.START_EFFECTS: "start of turn",
    Stage.ROLL: "before the roll",
    Stage.BUY: "buy phase",
    Stage.SELL: "end of turn",
    Stage.END_WINDOW: "end of turn",
    Stage.END: "end of turn",
    Stage.NEXT: "end of turn",
}


class Where(NamedTuple):
    """The turn a position starts in: its number (from 0) and whose it is."""

    turn: int
    seat: int


def step_of(state: KingOfTokyoState) -> str:
    """The step the state waits at (:data:`STEPS`), ``"set-up"`` before the first turn
    (Power Up!) or ``"over"``."""
    stage = state.stage
    if state.over or stage == Stage.OVER:
        return "over"
    if stage in (Stage.DRAFT, Stage.SETUP):
        return "set-up"
    if stage == Stage.ROLLING and state.rolls_left > 0:
        return "rolling"
    d = state.decisions[-1] if state.decisions else None
    if (
        stage == Stage.BUY
        and d is not None
        and d.kind == Ask.EVO_PLAY
        and WINDOW_NAMES[d.data[0]] == "after_enter"
    ):
        return "after the last roll"  # step G3, before the Buy phase
    return _STAGE_STEPS.get(stage, "after the last roll")


def start(state: KingOfTokyoState, spec: Mapping[str, Any]) -> Where:
    """Whose turn, which step, the dice, the turn's marks; then run the step to its
    first decision."""
    step = spec.get("step", "start of turn")
    if step not in STEPS:
        raise PositionError(
            "step", "one of {steps}, got {step!r}", steps=", ".join(map(repr, STEPS)), step=step
        )
    stop = spec.get("stop")
    if stop is not None and stop not in STOPS:
        raise PositionError(
            "stop", "one of {steps}, got {step!r}", steps=", ".join(map(repr, STOPS)), step=stop
        )
    if stop is not None and STOPS.index(stop) < STEPS.index(step):
        raise PositionError("stop", "{stop!r} comes before the step {step!r}", stop=stop, step=step)
    if step == SET_UP:
        _before_the_first_turn(state, spec)
    elif state.pu is not None and state.pu.draft:
        raise PositionError("step", 'a Mutant draft under way goes on at the step "set-up"')
    turn = seat_of(state, "turn", spec.get("turn", 0))
    state.active = turn
    state.base = seat_of(state, "regular_turn", spec.get("regular_turn", turn), out=True)
    number = count(spec, "turn_number", "", 1, 1)
    limit = state.kot_game.options.turn_limit
    if number > limit:
        raise PositionError("turn_number", "from 1 to the turn limit ({limit})", limit=limit)
    state.turn = number - 1
    state.extra_turns = _extra_turns(state, spec.get("extra_turns", []))
    state.freeze_chain = count(spec, "freeze_time_chain", "", 0, 0)
    _dice(state, spec, step)
    if "this_turn" in spec and step == "start of turn":
        raise PositionError("this_turn", "the start of the turn clears the turn's marks (step A1)")
    course = place_marks(state, spec.get("this_turn", {}), step) if step != SET_UP else Course()
    if course.skipped and course.round_asked is None:
        course.round_asked = []
    where = Where(state.turn, turn)
    state.event("position", "The game starts from a position.")
    _run(state, step, course)
    return where


def _before_the_first_turn(state: KingOfTokyoState, spec: Mapping[str, Any]) -> None:
    """The set-up's refusals: Power Up! only, and none of the turn's fields."""
    if state.pu is None:
        raise PositionError("step", "the set-up draws Evolutions: Power Up! only")
    for name in NOT_AT_SET_UP:
        if name in spec:
            raise PositionError(name, "the set-up comes before the first turn")


def _extra_turns(state: KingOfTokyoState, given: Any) -> list[int]:
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise PositionError("extra_turns", "a list of [monster, card] pairs")
    out: list[int] = []
    for i, entry in enumerate(given):
        field = f"extra_turns[{i}]"
        if isinstance(entry, str) or not isinstance(entry, Sequence) or len(entry) != 2:
            raise PositionError(field, "a [monster, card] pair, got {entry!r}", entry=entry)
        kind = {k.lower(): v for k, v in EXTRA_TURNS.items()}.get(str(entry[1]).strip().lower())
        if kind is None:
            raise PositionError(
                field, "an extra turn of {cards}", cards=", ".join(map(repr, EXTRA_TURNS))
            )
        out += (seat_of(state, field, entry[0]), kind)
    return out


def _dice(state: KingOfTokyoState, spec: Mapping[str, Any], step: str) -> None:
    """The dice on the table and the rerolls left. At "rolling" and "after the last
    roll" the monster's own; later in the turn those it resolved, and at the start of a
    turn the last turn's: they do nothing there, but a state keeps them."""
    state.next_dice = tuple(faces_of(spec, "next_dice"))
    dice = faces_of(spec, "dice")
    if step in ROLLED and "dice" not in spec:  # [] is allowed: Shrink Rays can leave no dice
        raise PositionError("dice", "name the dice showing {step}", step=step)
    if len(dice) > MAX_DICE:
        raise PositionError(
            "dice", "at most {most} dice, got {count}", most=MAX_DICE, count=len(dice)
        )
    state.dice = sorted(dice)
    seats = [state.active] if step in ROLLED else range(state.num_players)
    most = ROLLS_AFTER_FIRST + max(owned.copies(state, p, Card.GIANT_BRAIN) for p in seats)
    state.rolls_left = count(
        spec, "rolls_left", "", ROLLS_AFTER_FIRST if step == "rolling" else 0, 0
    )
    if not (1 if step == "rolling" else 0) <= state.rolls_left <= most:
        if step == "rolling":
            raise PositionError(
                "rolls_left", "from 1 to {most} while rolling (Giant Brain: +1)", most=most
            )
        raise PositionError("rolls_left", "from 0 to {most} (Giant Brain: +1)", most=most)


def _run(state: KingOfTokyoState, step: str, course: Course) -> None:
    """Run ``step`` to the first decision, from where ``course`` says: past the extra
    rolls (``done_rolling``), or in the round of end-of-turn Evolutions (step J1,
    Metamorph done: ``round_asked``)."""
    a = state.active
    round_asked = course.round_asked
    if step == SET_UP:
        set_up(state)
    elif step == "start of turn":
        state.stage = Stage.START
    elif step == "before the roll":  # step A6, then the roll
        state.stage = Stage.ROLL
        m = state.monsters[a]
        if (
            m.mask & MIMIC
            and m.energy >= 1
            and any(c != m.mimic for c in shop.mimic_targets(state, a))
        ):
            state.decisions.push(Decision(Ask.MIMIC_MOVE, a))
    elif step == "rolling" or (
        step == "after the last roll" and not state.rolls_left and not course.done_rolling
    ):
        state.stage = Stage.ROLLING  # the extra rolls the cards offer come first
    elif step == "after the last roll":  # it stopped rolling
        state.stage = Stage.ROLLING
        rolling.done_rolling(state)
    elif step == "buy phase":
        state.stage = Stage.BUY
    elif round_asked is not None:  # step J1 under way
        state.stage = Stage.END_WINDOW
        state.queue = [s for s in state.clockwise(a) if s not in round_asked]
    else:  # step I (Metamorph) and J
        state.stage = Stage.SELL
    state.advance()


def check_stop(state: KingOfTokyoState, spec: Mapping[str, Any], where: Where) -> None:
    """``stop``: the state must wait at that step of the position's turn, or at the
    start of the next turn ("next turn"); refused otherwise, naming where it waits."""
    stop = spec.get("stop")
    if stop is None:
        return
    reached = step_of(state)
    if reached == "over":
        raise PositionError("stop", "the game ended before {stop!r}", stop=stop)
    same = state.turn == where.turn and state.active == where.seat
    if stop == NEXT_TURN:
        if state.turn == where.turn + 1 and reached in (
            "start of turn",
            "before the roll",
            "rolling",
        ):
            return
    elif same and reached == stop:
        return
    if same:
        raise PositionError(
            "stop",
            "the state waits at {reached!r} of the turn, not at {stop!r}: {who} decides",
            reached=reached,
            stop=stop,
            who=state.monster_name(state.current_player),
        )
    raise PositionError(
        "stop",
        "the turn ran on to turn {turn} ({monster}, {reached!r}), past {stop!r}",
        turn=state.turn + 1,
        monster=state.monster_name(state.active),
        reached=reached,
        stop=stop,
    )
