"""The engine's own bookkeeping of a King of Tokyo turn, as a position says it
(``this_turn.asked``, docs/positions.md).

Besides the marks cards read (:mod:`.position_marks`), a turn keeps track of whom it
has asked where: each window of the Evolutions without a timing asks each holder once
(from the active monster, clockwise), Rapid Healing is offered once at each of those
moments, the Psychic Probe round of step C1 asks each other monster once, the
end-of-turn round of step J1 each holder once, and so on. A position at a step has it
as the steps before left it (:func:`bookkeeping`), worked out from the position: each
holder of Evolutions was asked at each moment already passed, the start-of-turn
questions are done. ``this_turn.asked`` says it where the turn went otherwise (a hand
emptied since, a moment of the step under way); :func:`read_asked` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import PositionError
from tabletop.games.king_of_tokyo import rapid_healing
from tabletop.games.king_of_tokyo.constants import PSYCHIC_PROBE
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import START_QUESTION
from tabletop.games.king_of_tokyo.phases import Ask, EnergyLoss, Stage
from tabletop.games.king_of_tokyo.position_words import bits, seats_of
from tabletop.games.king_of_tokyo.power_up import WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

START_DONE = 1 << 20  # the turn mark ``start_step`` once every start question is done
START_STEP = 10  # ``start_step`` counts the start questions in tens (:mod:`.windows`)
WINDOW_POINTS = ("before_roll", "rolled", "resolved", "entered", "bought", "end")
"""The step boundaries where the Evolutions without a timing and Rapid Healing are
offered (:func:`~.windows.any_time`), in the turn's order."""
PASSED: Mapping[str, tuple[str, ...]] = {
    "start of turn": (),
    "before the roll": ("start",),
    "rolling": ("start", "before_roll"),
    "after the last roll": ("start", "before_roll"),
    "buy phase": ("start", "before_roll", "rolled", "resolved"),
    "end of turn": ("start", "before_roll", "rolled", "resolved", "entered"),
}
"""What a turn has done before each step a position starts at."""
ALL_SEATS = frozenset({"rolled", "resolved", "bought", "end"})
"""The windows where the active monster is asked too (at the others it has its own)."""
MOMENTS = {
    "before the roll": "before_roll",
    "after the last roll": "rolled",
    "after resolving": "resolved",
    "after entering Tokyo": "entered",
    "after buying": "bought",
    "end of turn": "end",
    "Tokyo freed": "freed",
}
"""The moments of ``this_turn.asked``: where the Evolutions without a timing (and
Rapid Healing) are offered, and Monkey Rush when a spot of Tokyo is freed in the Buy
phase."""
TOKYO_FREED = "Tokyo freed"
PROBE_ROUND = "Psychic Probe"
"""The round of step C1: each other monster may reroll one die (Psychic Probe, Heart
of the Rabbit)."""
YIELD_ROUND = "before yielding"
"""Step E's window of the attacker (Chest Thumping): the active monster once it opened."""
ENTRY_ROUND = "before entering Tokyo"
"""Step G1's round of the others, who may take a free spot first: the active monster
once it began."""
FLAG_ROUNDS = {YIELD_ROUND: "yield_window", ENTRY_ROUND: "other_enter"}
END_ROUND = "end-of-turn Evolutions"
"""The round of step J1: each holder of an end-of-turn Evolution, clockwise."""
RAPID_HEALING = "Rapid Healing"


def temple_step() -> int:
    """The turn mark ``start_step`` while Sunken Temple's start question is asked."""
    return (START_QUESTION.order.index("sunken_temple") + 1) * START_STEP


def place_asked(
    state: KingOfTokyoState, given: Any, marks: dict[str, int], step: str
) -> list[int] | None:
    """``this_turn.asked``: who was already asked where, instead of the step's own
    bookkeeping (each holder asked at each moment passed)."""
    field = "this_turn.asked"
    if not isinstance(given, Mapping):
        raise PositionError(field, "an object of moment: the monsters asked there")
    round_asked = None
    for moment, value in given.items():
        where = f"{field}.{moment}"
        if moment == RAPID_HEALING:
            if isinstance(value, str) or not isinstance(value, Sequence):
                raise PositionError(where, "a list of moments, got {value!r}", value=value)
            points = []
            for name in value:
                if name not in MOMENTS or MOMENTS[name] not in WINDOW_POINTS:
                    raise PositionError(where, "no moment {name!r} of Rapid Healing", name=name)
                points.append(WINDOW_POINTS.index(MOMENTS[name]))
            state.heal_steps = bits(points)
            continue
        if moment not in (*MOMENTS, PROBE_ROUND, END_ROUND, *FLAG_ROUNDS):
            known = ", ".join([*MOMENTS, PROBE_ROUND, *FLAG_ROUNDS, END_ROUND, RAPID_HEALING])
            raise PositionError(where, "no such moment (the moments: {known})", known=known)
        seats = seats_of(state, where, value, out=True)
        if moment == PROBE_ROUND:  # the active monster first, once the round began
            state.probe_used = bits(seats)
            if step == "after the last roll" and state.active in seats:  # it goes on
                state.queue = [s for s in _probe_seats(state) if s not in seats]
        elif moment in FLAG_ROUNDS:
            if state.pu is None:
                raise PositionError(where, "Evolutions are in play with Power Up! only")
            marks.pop(FLAG_ROUNDS[moment], None)
            if state.active in seats:
                marks[FLAG_ROUNDS[moment]] = 1
        elif moment == END_ROUND:
            if step != "end of turn" or state.pu is None:
                raise PositionError(where, 'only at the step "end of turn", with Power Up!')
            round_asked = seats
        else:
            if state.pu is None:
                raise PositionError(where, "Evolutions are in play with Power Up! only")
            prefix = f"{MOMENTS[moment]}:" if moment == TOKYO_FREED else f"any:{MOMENTS[moment]}:"
            for key in [k for k in marks if k.startswith(prefix)]:
                del marks[key]
            for s in seats:
                marks[f"{prefix}{s}"] = 1
    return round_asked


def holders(state: KingOfTokyoState, others_only: bool) -> list[int]:
    """The monsters a window of the Evolutions without a timing asks, as
    :func:`~.windows.any_time` picks them (option ``evolution_windows="every_turn"``)."""
    pu = state.pu
    options = state.options
    if pu is None or options.evolution_windows != "every_turn":
        return []
    untimed = evolution_table().untimed
    public = options.evolution_prompts == "public"
    a = state.active
    return [
        s
        for s in state.clockwise(a)
        if not (others_only and s == a)
        and pu.hand[s]
        and (public or not untimed.isdisjoint(pu.hand[s]))
    ]


def bookkeeping(
    state: KingOfTokyoState, step: str, skipped: str = ""
) -> tuple[dict[str, int], int, int]:
    """The engine's marks the steps before ``step`` leave: the turn marks, the step
    boundaries Rapid Healing was asked at (``heal_steps``) and the Psychic Probe round
    (``probe_used``), worked out from the position as it is. ``skipped``: the Evolution
    that skipped the turn after its start (Sunken Temple) or before (Tune-Up)."""
    passed = ("start",) if skipped else PASSED[step]
    pu = state.pu
    a = state.active
    marks: dict[str, int] = {}
    heal_steps = 0
    probe_used = 0
    heals = rapid_healing.in_play(state)
    for point in passed[1:]:
        for s in holders(state, others_only=point not in ALL_SEATS):
            marks[f"any:{point}:{s}"] = 1
        if heals:
            heal_steps |= 1 << WINDOW_POINTS.index(point)
    if pu is not None and passed:
        if skipped != "tune_up":
            marks["start_step"] = temple_step() if skipped else START_DONE
        tokyo = bits([s for s in (state.city, state.bay) if s >= 0])
        if tokyo:
            marks["tokyo_at_start"] = tokyo
    if pu is not None and "before_roll" in passed and _single_roll(state):
        marks["single_roll"] = 1
    if "resolved" in passed:
        probe_used = _probe_round(state)
        if pu is not None:
            marks["before_resolve"] = 2
            marks["freeze_ray_done"] = 1
            if any(
                s != a and state.wounded >> s & 1 and state.monsters[s].alive
                for s in range(state.num_players)
            ):
                marks["yield_window"] = 1
            if _entry_asked(state):
                marks["other_enter"] = 1
    return marks, heal_steps, probe_used


def _single_roll(state: KingOfTokyoState) -> bool:
    """Another monster's Blizzard, or its own Cat Nip: a single roll (step B)."""
    pu = state.pu
    assert pu is not None
    a = state.active
    blizzard = evolution_table().by_id["blizzard"].number
    return pu.has(a, "cat_nip") or any(blizzard in pu.table[s] for s in state.others(a))


def _probe_seats(state: KingOfTokyoState) -> list[int]:
    """The monsters step C1 asks, clockwise: Psychic Probe, Heart of the Rabbit."""
    pu = state.pu
    return [
        s
        for s in state.others(state.active)
        if state.monsters[s].mask & PSYCHIC_PROBE
        or (pu is not None and pu.asks(state, s, "after_other_roll"))
    ]


def _probe_round(state: KingOfTokyoState) -> int:
    """Step C1's mark: the active monster (the round was held) and each monster asked."""
    pu = state.pu
    a = state.active
    asked = _probe_seats(state)
    if not state.live & PSYCHIC_PROBE and not (pu is not None and asked):
        return 0
    return bits([a, *asked]) if state.dice else 1 << a


def _entry_asked(state: KingOfTokyoState) -> bool:
    """Whether step G1 asked the others to take a free spot (Power Up!)."""
    a = state.active
    m = state.monsters[a]
    if not m.alive:
        return False
    if state.kot_game.claw_entry and not (state.take_city or state.smash_landed or state.yielders):
        return False
    pu = state.pu
    assert pu is not None
    return (
        state.entered
        or "no_entry" in pu.turn_marks
        or (not state.in_tokyo(a) and state.free_spot() >= 0)
    )


STAGE_POINTS = {
    Stage.ROLL: "before_roll",
    Stage.RESOLVE_WINDOW: "rolled",
    Stage.AFTER_CLAWS: "resolved",
    Stage.BUY: "entered",
    Stage.SELL: "bought",
    Stage.END_WINDOW: "end",
}
"""The moment of the turn whose window is open at each stage."""


def read_asked(state: KingOfTokyoState, step: str, skipped: str) -> dict[str, list[str]]:
    """``this_turn.asked``: who was asked where, where the steps before ``step`` would
    not have left it so. The monster deciding now is not asked yet: the position asks
    it again."""
    default, heal_steps, probe_used = bookkeeping(state, step, skipped)
    pu = state.pu
    actual: dict[str, set[int]] = {}
    defaults: dict[str, set[int]] = {}
    if pu is not None:
        for moment, point in MOMENTS.items():
            prefix = f"{point}:" if moment == TOKYO_FREED else f"any:{point}:"
            actual[moment] = {int(k[len(prefix) :]) for k in pu.turn_marks if k.startswith(prefix)}
            defaults[moment] = {int(k[len(prefix) :]) for k in default if k.startswith(prefix)}
    heals = state.heal_steps
    end_round: set[int] | None = None
    if pu is not None and state.stage == Stage.END_WINDOW:
        end_round = {s for s in state.clockwise(state.active) if s not in state.queue}
    d = state.decisions[-1] if state.decisions else None
    point = STAGE_POINTS.get(state.stage, "")
    if d is not None and d.kind == Ask.EVO_PLAY:
        window = WINDOW_NAMES[d.data[0]]
        moment = {p: m for m, p in MOMENTS.items()}.get(point, "")
        if window == "other_enter" and state.stage == Stage.BUY:
            moment = TOKYO_FREED
        if window in ("any_time", "other_enter") and moment in actual:
            actual[moment].discard(d.player)
        if window in ("end", "end_own") and end_round is not None:
            end_round.discard(d.player)
    probe_used_now = state.probe_used
    if (
        state.stage == Stage.PROBE
        and d is not None
        and (
            d.kind == Ask.PROBE
            or (d.kind == Ask.EVO_PLAY and WINDOW_NAMES[d.data[0]] == "after_other_roll")
        )
    ):
        probe_used_now &= ~(1 << d.player)
    if d is not None and d.kind == Ask.RAPID_HEAL and d.data[0] == EnergyLoss.NONE and point:
        heals &= ~(1 << WINDOW_POINTS.index(point))
    out: dict[str, list[str]] = {}
    order = [*state.clockwise(state.active), *state.eliminated]
    name = state.monster_name
    for moment, seats in actual.items():
        if seats != defaults[moment]:
            out[moment] = [name(s) for s in order if s in seats]
    if pu is not None:
        for moment, key in FLAG_ROUNDS.items():
            if (key in pu.turn_marks) != (key in default):
                out[moment] = [name(state.active)] if key in pu.turn_marks else []
    if end_round is not None:
        out[END_ROUND] = [name(s) for s in order if s in end_round]
    if probe_used_now != probe_used:
        out[PROBE_ROUND] = [name(s) for s in order if probe_used_now >> s & 1]
    if heals != heal_steps:
        moments = {p: m for m, p in MOMENTS.items()}
        out[RAPID_HEALING] = [moments[p] for i, p in enumerate(WINDOW_POINTS) if heals >> i & 1]
    return out
