"""Power Up!'s stages: the Mutant Evolution draft, the set-up draw, and the windows
the turn opens for Evolutions before resolving and at the end of the turn.

Rulebook (Power Up!): "Setup", "Playing Evolutions"; docs/games/king-of-tokyo.md,
"Power Up!". The windows themselves (who is asked, what may be played) are
:meth:`~.power_up.PowerUp.open_window`'s; this module says where the turn opens them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo import rapid_healing
from tabletop.games.king_of_tokyo.constants import RAPID_HEALING
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import AFTER_DAMAGE, BEFORE_RESOLVING, START_QUESTION
from tabletop.games.king_of_tokyo.phases import Ask, Stage
from tabletop.games.king_of_tokyo.tokyo import TOKYO_LEFT_IN_BUY

SKIPPED = "skipped"  # turn mark: this turn was skipped (Sunken Temple, Tune-Up)
POISONED = "poisoned"  # turn mark: Poison is about to cost the active monster hearts
PENDING = "after_damage"
"""Turn mark: the seats (a bit each) that lost hearts to another monster in the current
batch of damage, not yet through their after-damage step (:func:`after_damage`)."""
START_STEP = 10
"""The turn mark ``start_step`` counts the start-of-turn questions done in tens (10 for
the first of :data:`.hookspecs.START_QUESTION`), as saved positions hold it."""

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def any_time(state: KingOfTokyoState, point: str, *, others_only: bool = False) -> bool:
    """A step boundary of the turn (:data:`.rapid_healing.STEPS`): each holder of an
    Evolution without a timing may play it now, asked once, from the active monster
    clockwise (``others_only``: the active monster has a window of its own here); then
    each owner of Rapid Healing may heal. True while one of them is asked.

    Rulebook (Power Up!): Evolutions are played "auch im Zug eines anderen Spielers,
    wenn die Karte keinen genauen Zeitpunkt zum Ausspielen angibt". A holder is asked
    only when such a card would change something (``PowerUp.playable``). Option
    ``evolution_windows="own_turn"``: no such windows. Option ``evolution_prompts``:
    with "public" each monster holding Evolutions is asked if its deck has such a
    card (:meth:`~.power_up.PowerUp.asks`). Rapid Healing: "at any time" (option
    ``rapid_healing``).
    """
    pu = state.pu
    options = state.kot_game.options
    if pu is not None and options.evolution_windows == "every_turn":
        active = state.active
        untimed = evolution_table().untimed
        public = options.evolution_prompts == "public"
        holders = [
            seat
            for seat in state.clockwise(active)
            if not (others_only and seat == active)
            and pu.hand[seat]
            and (public or not untimed.isdisjoint(pu.hand[seat]))
        ]
        if ask_each_once(state, holders, f"any:{point}", "any_time"):
            return True
    return rapid_healing.at_step(state, point, skip_active=point == "entered")


def tokyo_freed(state: KingOfTokyoState) -> bool:
    """Monkey Rush: "Play when the monster controlling Tokyo leaves it or is
    eliminated". Besides the Enter Tokyo step (:func:`~.tokyo.other_enter`), a spot
    freed in the Buy phase (a Discard card's kill) is offered to each other monster at
    once, clockwise, once a turn."""
    pu = state.pu
    if pu is None or TOKYO_LEFT_IN_BUY not in pu.turn_marks:
        return False
    return ask_each_once(state, state.others(state.active), "freed", "other_enter")


def ask_each_once(state: KingOfTokyoState, seats: list[int], key: str, window: str) -> bool:
    """Open ``window`` for each of ``seats`` in order, each at most once a turn (the
    turn mark ``key:seat``); True while one of them is asked."""
    pu = state.pu
    assert pu is not None
    for seat in seats:
        mark = f"{key}:{seat}"
        if mark in pu.turn_marks:
            continue
        pu.turn_marks[mark] = 1
        if pu.open_window(state, seat, window):
            return True
    return False


def stage_draft(state: KingOfTokyoState) -> None:
    """The Mutant Evolution draft: each takes a card, packets pass, 8 rounds."""
    pu = state.pu
    assert pu is not None
    while True:
        while state.queue:
            seat = state.queue.pop(0)
            packet = pu.draft[seat]
            if len(packet) == 1:
                pu.pick(seat, packet[0])
            elif packet:
                state.decisions.push(Decision(Ask.DRAFT, seat))
                return
        if not any(pu.draft):
            break
        pu.pass_packets(state.kot_game.options.draft_direction == "left")
        state.queue = state.clockwise(state.active)
    for deck in pu.deck:
        state.rng.shuffle(deck)
    pu.draft = []
    state.event("draft_over", "The Mutant Evolution draft is over.")
    state.queue = state.clockwise(state.active)
    state.stage = Stage.SETUP


def stage_setup(state: KingOfTokyoState) -> None:
    """Power Up! set-up: each monster draws 2 Evolutions and keeps 1."""
    pu = state.pu
    assert pu is not None
    while state.queue:
        pu.offer(state, state.queue.pop(0), setup=True)
        if state.decisions:
            return
    state.stage = Stage.START


def start_steps(state: KingOfTokyoState, a: int) -> bool:
    """Step A3: the start-of-turn questions of face-up Evolutions, in order, each once; True
    while one waits for an answer (or damage, or the monster is out)."""
    pu = state.pu
    assert pu is not None
    done = pu.turn_marks.get("start_step", -1)
    for i, step in enumerate(START_QUESTION.calls):
        order = (i + 1) * START_STEP
        if order <= done:
            continue
        pu.turn_marks["start_step"] = order
        step(state, a)
        if state.decisions or state.hits or not state.monsters[a].alive:
            return True
    pu.turn_marks["start_step"] = 1 << 20
    return False


def note_loss(state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool) -> None:
    """Another monster (``source``) made ``victim`` lose ``lost`` hearts: the victim will
    have its after-damage step (:func:`after_damage`) once the batch of damage is over."""
    pu = state.pu
    assert pu is not None
    marks = pu.turn_marks
    marks[PENDING] = marks.get(PENDING, 0) | 1 << victim
    key = f"ad_lost.{victim}"
    marks[key] = marks.get(key, 0) + lost
    if smash:
        marks[f"ad_wounder.{victim}"] = source


def after_damage(state: KingOfTokyoState) -> None:
    """Step D8, after all damage: the next monster (clockwise from the active one) that lost
    hearts to another in the batch just over may play an "after damage" Evolution, and
    use its face-up ones (:data:`.hookspecs.AFTER_DAMAGE`). While its step runs, the
    turn marks ``after_damage.seat``, ``.lost`` and ``.wounder`` say whose step it is,
    the hearts it lost and the monster whose claws wounded it (-1: none)."""
    pu = state.pu
    assert pu is not None
    marks = pu.turn_marks
    pending = marks.pop(PENDING, 0)
    order = [s for s in range(state.num_players) if pending & 1 << s]
    order.sort(key=lambda s: (s - state.active) % state.num_players)
    seat, rest = order[0], order[1:]
    if rest:
        marks[PENDING] = sum(1 << s for s in rest)
    lost = marks.pop(f"ad_lost.{seat}", 0)
    wounder = marks.pop(f"ad_wounder.{seat}", -1)
    marks["after_damage.lost"] = lost
    marks["after_damage.wounder"] = wounder
    marks["after_damage.seat"] = seat
    if not state.monsters[seat].alive:
        return
    # The face-up cards' questions are pushed first: the window (cards in hand) is asked
    # first.
    for question in AFTER_DAMAGE.calls:
        question(state, seat, lost, wounder)
    pu.open_window(state, seat, "after_damage")


def stage_resolve_window(state: KingOfTokyoState) -> None:
    """Steps C3-D3: the windows after the last roll; Power Up!'s before and while the dice
    resolve."""
    if any_time(state, "rolled"):  # after the last roll
        return
    pu = state.pu
    if pu is None:
        state.stage = Stage.NUMBERS
        return
    a = state.active
    step = pu.turn_marks.get("before_resolve", 0)
    if step == 0:  # step C3: "before resolving" Evolutions (Encased in Ice)
        pu.turn_marks["before_resolve"] = 1
        if pu.open_window(state, a, "before_resolve"):
            return
    if step <= 1:
        pu.turn_marks["before_resolve"] = 2
        for question in BEFORE_RESOLVING.calls:  # step C3: Encased in Ice
            if question(state, a):
                return
    state.stage = Stage.NUMBERS
    pu.open_window(state, a, "resolving")  # step D3


def to_end(state: KingOfTokyoState) -> None:
    """Go on to the end of the turn: through the end-of-turn windows (Power Up!'s,
    Rapid Healing) if there may be any."""
    if state.pu is not None:
        state.stage = Stage.END_WINDOW
        state.queue = state.clockwise(state.active)
    elif state.live & RAPID_HEALING and rapid_healing.in_play(state):
        state.stage = Stage.END_WINDOW
    else:
        state.stage = Stage.END


def skip_to_next_turn(state: KingOfTokyoState) -> None:
    """A skipped turn (Sunken Temple, Tune-Up; option ``skipped_turn_end="skip"``):
    the end-of-turn window of the Evolutions without a printed timing still opens
    (Cult Worshippers counts the hearts the skip gave), then the next turn; no
    end-of-turn effects, no Poison."""
    assert state.pu is not None
    state.pu.turn_marks[SKIPPED] = 1
    state.stage = Stage.END_WINDOW
    state.queue = state.clockwise(state.active)


def stage_end_window(state: KingOfTokyoState) -> None:
    """Step J1: every holder of an end-of-turn Evolution, clockwise from the active;
    then the step's other windows."""
    pu = state.pu
    skipped = pu is not None and SKIPPED in pu.turn_marks
    while state.queue and pu is not None:
        seat = state.queue.pop(0)
        window = "end_own" if seat == state.active and not skipped else "end"
        if pu.open_window(state, seat, window):
            return
    if any_time(state, "end"):
        return
    state.stage = Stage.NEXT if skipped else Stage.END


def after_poison(state: KingOfTokyoState) -> bool:
    """Anger Batteries: "Gain 1 energy for each heart you lost this turn". Once Poison
    has cost the active monster hearts at the end of its turn, its end-of-turn window
    opens again (option ``anger_batteries_poison="counts"``)."""
    pu = state.pu
    assert pu is not None
    if POISONED not in pu.turn_marks:
        return False
    del pu.turn_marks[POISONED]
    a = state.active
    return state.kot_game.options.anger_batteries_poison == "counts" and pu.open_window(
        state, a, "end_own"
    )
