"""The turn: who starts, a turn's start and end, the next monster, and the fast path.

Rulebook: "Setup" (who starts), "Game turn"; docs/games/king-of-tokyo.md, "A turn",
"End of the turn and extra turns". Steps A (start: Tokyo's stars, start-of-turn
cards), J (end: end-of-turn cards, Poison) and K (extra turns, then the next monster
clockwise).

**The fast path.** The stage loop (:meth:`~.state.KingOfTokyoState.advance`) hops from
stage to stage, checking hits, victory and the active monster between hops. Most turns
without Power Up! have nothing happen between the stages, so :func:`resolve_quietly`,
:func:`yield_answered`, :func:`end_buy` and :func:`end_turn_quietly` run the same
stage handlers back to back and stop wherever the loop would do anything else first.
``FAST_PATH = False`` turns it off; the tests compare games played both ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.core.errors import StateFormatError
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import (
    damage,
    gains,
    owned,
    rapid_healing,
    resolution,
    rolling,
    shop,
    tokyo,
    victory,
    windows,
)
from tabletop.games.king_of_tokyo.constants import (
    FIRST_ROLL_LIMIT,
    FREEZE_OFFER,
    FREEZE_TIME_TURN,
    FRENZY_TURN,
    MIMIC,
    PLAIN_ASKS,
    RAPID_HEALING,
    ROOTING_FOR_THE_UNDERDOG,
)
from tabletop.games.king_of_tokyo.dice import BLACK_DICE, CLAW, NUM_FACES
from tabletop.games.king_of_tokyo.hookspecs import (
    END_OF_TURN,
    END_OF_TURN_MASK,
    START_OF_TURN,
    START_OF_TURN_MASK,
    STARTS_IN_TOKYO,
    TURN_END,
    TURN_START,
)
from tabletop.games.king_of_tokyo.phases import Ask, Stage

FAST_PATH = True
"""Whether turns without Power Up! take the fast path (:func:`resolve_quietly`).

The games are the same either way; tests turn it off to check that.
"""

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def first_player(state: KingOfTokyoState) -> int:
    """Rulebook: everyone rolls six dice and the most claws starts (ties reroll)."""
    rule = state.kot_game.options.first_player
    rng = state.rng
    if rule == "random":
        return rng.randrange(state.num_players)
    if rule != "roll":
        seat = int(rule)
        if seat >= state.num_players:
            raise StateFormatError(
                "first_player: seat number {number} (value {rule!r}) is not a seat "
                "of this {players}-player game",
                number=seat + 1,
                rule=rule,
                players=state.num_players,
            )
        return seat
    tied = list(range(state.num_players))
    randrange = rng.randrange
    for _ in range(FIRST_ROLL_LIMIT):
        claws = [[randrange(NUM_FACES) for _ in range(BLACK_DICE)].count(CLAW) for _ in tied]
        best = max(claws)
        tied = [p for p, c in zip(tied, claws, strict=True) if c == best]
        if len(tied) == 1:
            break
    first = tied[0] if len(tied) == 1 else rng.choice(tied)
    if state.keeps_log:
        state.event(
            "first_player",
            f"{state.monster_name(first)} rolls the most claws and starts.",
            seat=first,
        )
    return first


def reset_turn(state: KingOfTokyoState) -> None:
    """Clear the marks that last a turn."""
    state.wounded = 0
    state.immune = 0
    state.heal_steps = 0
    state.probe_used = 0
    state.herd_used = 0
    state.hurt_this_turn = False
    state.rolled_111 = False
    state.take_city = False
    state.smash_landed = False
    state.entered = False
    if state.yielders:
        state.yielders = []
    if state.held:
        state.held = {}


def stage_start(state: KingOfTokyoState) -> None:
    """Steps A1-A2: a new turn; Power Up! opens its window before the turn starts."""
    a = state.active
    reset_turn(state)
    if state.pu is not None:
        state.pu.used = 0
        state.pu.turn_marks.clear()
        for start_effect in TURN_START.calls:  # step A1
            start_effect(state, a)
        state.stage = Stage.START_EFFECTS
        state.pu.open_window(state, a, "before_start")  # step A2
        return
    stage_start_effects(state)


def stage_start_effects(state: KingOfTokyoState) -> None:
    """Steps A3-A6: start-of-turn cards, stars for starting in Tokyo, Mimic moves; then
    roll."""
    a = state.active
    m = state.monsters[a]
    if state.pu is not None and windows.start_steps(state, a):
        return
    if state.keeps_log:
        extra = state.active != state.base or bool(state.freeze_chain)
        state.event(
            "turn",
            f"Turn {state.turn + 1}: {state.monster_name(a)}{' (extra turn)' if extra else ''}.",
            seat=a,
            in_tokyo=state.in_tokyo(a),
            turn=state.turn + 1,
            extra=extra,
        )
    if state.live & m.mask & START_OF_TURN_MASK:
        for card, effect in START_OF_TURN.entries:
            if m.mask >> card & 1:  # read again: a card may have gone (Battery Monster)
                effect(state, a, owned.copies(state, a, card))
    if a == state.city or a == state.bay:
        if state.kot_game.options.two_player_variant:
            gains.gain_energy(state, a, 1, "starting in Tokyo")
        else:
            gains.gain_stars(state, a, 2, "starting in Tokyo")
        if state.pu is not None:  # step A5
            for in_tokyo_effect in STARTS_IN_TOKYO.calls:
                in_tokyo_effect(state, a)
    state.stage = Stage.ROLL
    if m.mask & MIMIC and m.energy >= 1 and any(c != m.mimic for c in shop.mimic_targets(state, a)):
        state.decisions.push(Decision(Ask.MIMIC_MOVE, a))
    elif not state.may_have_won:
        # Nothing to ask and nobody can have won: go straight on (speed).
        rolling.stage_roll(state)


def to_resolve(state: KingOfTokyoState) -> None:
    """Go on to resolving: through the windows after the last roll (Power Up!'s
    "while resolving" window, Rapid Healing) if there may be any.

    Otherwise the resolving runs here at once while it is uneventful (the fast path
    :func:`resolve_quietly`).
    """
    if state.pu is not None or (state.live & RAPID_HEALING and rapid_healing.in_play(state)):
        state.stage = Stage.RESOLVE_WINDOW
        return
    state.stage = Stage.NUMBERS
    if FAST_PATH and straight_on(state):
        resolve_quietly(state)


def straight_on(state: KingOfTokyoState) -> bool:
    """Whether the stage loop would run the next stage's handler at once.

    True when no decision or hit is pending, the game goes on, nobody can have won
    and more than one monster is left (so no victory check can end the game), and
    the active monster is alive. Stricter than the loop (it never checks victory in
    2016 before the end of the turn): where this is False, the loop takes over.
    """
    return (
        not (
            state.decisions
            or state.hits
            or state.over
            or state.may_have_won
            or state.alive_count <= 1
        )
        and state.monsters[state.active].alive
    )


def resolve_quietly(state: KingOfTokyoState) -> None:
    """The fast path of a turn without Power Up!: from the final dice on, in one call.

    Why: the stage loop (:meth:`~.state.KingOfTokyoState.advance`) hops from stage
    to stage, checking hits, victory and the active monster between hops, and each
    stage works the dice counts out again. Most turns have nothing happen between
    those stages, so this runs the same stage handlers back to back, with the counts
    worked out once: steps D (resolving, the attack and its hits), E (the yield
    check), G (entering Tokyo) and H (the Buy phase), and on to the end of the turn
    and the next turn's first roll (:func:`end_turn_quietly`) when nothing can be
    bought.

    When: only with Power Up! off (``to_resolve`` calls it), starting where
    :func:`straight_on` holds. It goes on to a stage only where the loop would run
    that stage next; otherwise it stops, leaving ``stage`` where the loop expects
    it: at a decision (heart dice, damage prevention, a yield, the Buy phase), a
    possible winner, an elimination. Between two stages it checks what the first
    may have changed: the stage it left off at (a stage that asks a question, or
    sees a possible winner, stays put), hits it queued, and after hits land, all of
    :func:`straight_on`. Cards need no check here: each stage handler deals with
    its own. ``FAST_PATH = False`` turns it off (the tests compare games played
    both ways).

    The other ways into the fast path: :func:`yield_answered` after a yield
    question, :func:`end_buy` (:func:`end_turn_quietly`) when the Buy phase ends,
    and ``_apply`` running the rolling stage straight after a reroll.
    """
    counts = state.kot_game.table.roll_counts(state.dice)
    # Steps D1-D6: on to CLAWS unless heart dice ask or someone may win.
    resolution.stage_numbers(state, counts)
    if state.stage != Stage.CLAWS or state.hits:
        return
    resolution.stage_claws(state, counts)  # steps D7-D8: the attack queues its hits
    if state.hits:
        damage.run_hits(state)
    if not straight_on(state):  # a prevention question, an elimination, a winner
        return
    resolution.stage_after_claws(state)  # ENTER unless somebody may yield or someone may win
    if state.stage == Stage.ENTER:
        enter_quietly(state)


def yield_answered(state: KingOfTokyoState) -> None:
    """After a yield or stay answer: the fast path on to the Buy phase if quiet.

    Part of the fast path (see :func:`resolve_quietly`): the next wounded monster
    in Tokyo is asked (step E), Burrowing strikes (F), then Tokyo is entered (G) and
    the Buy phase opens (H), back to back; it stops where the loop would do anything else
    first (a question, Jets or Burrowing damage, a possible winner).
    """
    if not (FAST_PATH and state.pu is None and straight_on(state)):
        return
    tokyo.stage_yield(state)  # step E: BURROW unless another monster is asked
    if state.stage != Stage.BURROW:
        return
    tokyo.stage_burrow(state)  # step F: Burrowing queues a hit
    if state.stage == Stage.ENTER and not state.hits:
        enter_quietly(state)


def enter_quietly(state: KingOfTokyoState) -> None:
    """Part of the fast path (see :func:`resolve_quietly`): G, then H.

    Called at the ENTER stage where :func:`straight_on` holds; entering Tokyo only
    gives a star, so the Buy phase opens unless somebody may now have won.
    """
    tokyo.stage_enter(state)  # step G
    if state.stage == Stage.BUY and not state.may_have_won:
        shop.stage_buy(state)  # step H, and on to the end of the turn if nothing is for sale


def end_buy(state: KingOfTokyoState) -> None:
    """The Buy phase is over: on to step I (Metamorph), then the end of the turn.

    Without Power Up!, the end of the turn and the start of the next one run here
    at once while they are uneventful (the fast path :func:`end_turn_quietly`).
    """
    state.stage = Stage.SELL
    if FAST_PATH and state.pu is None and straight_on(state):
        end_turn_quietly(state)


def end_turn_quietly(state: KingOfTokyoState) -> None:
    """The fast path from the end of the Buy phase to the next turn's first decision.

    Why and when: see :func:`resolve_quietly`; this is its second half, also
    entered on its own when the Buy phase ends with "end your turn" (from
    :func:`end_buy`, where :func:`straight_on` holds). It runs the stage handlers
    of steps I (Metamorph), J (the end of the turn), K (the next turn), and the next
    turn's A (its start) and B (its first roll) back to back, and stops, ``stage``
    where the loop expects it, wherever the loop would do something else first: a
    decision (Metamorph, Mimic), Poison damage, a possible winner, an elimination, the
    end of the game. It leaves a turn with no rerolls to come to the loop (whose
    resolving may then take the fast path again), so that one call never runs more
    than one turn.
    """
    shop.stage_sell(state)  # step I: END unless Metamorph asks
    if state.stage != Stage.END:
        return
    stage_end(state)  # step J: end-of-turn cards give stars, Poison queues a hit
    if state.hits or state.may_have_won:
        return
    stage_next(state)  # step K: the next monster, or the turn limit ends the game
    if state.over or state.decisions:  # the end, or Freeze Time's question
        return
    stage_start(state)  # step A, and the first roll (step B) unless Mimic asks or someone may win
    if (
        state.stage == Stage.ROLLING
        and state.dice
        and state.rolls_left > 0
        and straight_on(state)  # a card lost at the start may have cost hearts
    ):
        rolling.stage_rolling(state)  # the first reroll decision


def stage_end(state: KingOfTokyoState) -> None:
    """Step J: end-of-turn cards and Poison (skipped before a Frenzy turn, as the option says)."""
    a = state.active
    m = state.monsters[a]
    state.stage = Stage.NEXT
    if state.pu is not None:
        for end_effect in TURN_END.calls:  # steps J2-J3: Freeze Ray returns, Cat Nip goes
            end_effect(state, a)
    extra = state.extra_turns
    if (
        extra
        and any(extra[i] == a and extra[i + 1] == FRENZY_TURN for i in range(0, len(extra), 2))
        and not state.kot_game.options.frenzy_end_of_turn
    ):
        return  # a Frenzy turn follows and this turn's end is skipped
    any_turn = state.kot_game.underdog_any_turn
    if m.mask & END_OF_TURN_MASK or (any_turn and state.live & ROOTING_FOR_THE_UNDERDOG):
        for card, effect in END_OF_TURN.entries:
            bit = 1 << card
            if bit == ROOTING_FOR_THE_UNDERDOG and any_turn:
                for o in state.monsters:
                    if o.alive and o.mask & bit:
                        effect(state, o.seat, owned.copies(state, o.seat, card))
            elif m.mask & bit:
                effect(state, a, owned.copies(state, a, card))
    if m.poison and m.alive:
        if state.keeps_log:
            state.event(
                "poison_damage",
                f"{state.monster_name(a)} suffers from {plural(m.poison, 'Poison token')}.",
                seat=a,
                tokens=m.poison,
            )
        state.hits.append([a, m.poison, -1, False, False])
        if state.pu is not None:  # Anger Batteries may count these hearts
            state.pu.turn_marks[windows.POISONED] = 1


def stage_next(state: KingOfTokyoState) -> None:
    """Step K: check victory (2016), then extra turns, then the next living monster.

    An offered Freeze Time turn (option ``freeze_time="may"``) is asked about first,
    when it would begin; the answer runs this stage again.
    """
    if state.pu is not None and windows.after_poison(state):
        return
    extra = state.extra_turns
    while extra and not state.monsters[extra[0]].alive:
        del extra[:2]  # the extra turns of the eliminated
    if extra and extra[1] == FREEZE_OFFER:
        state.decisions.push(PLAIN_ASKS[Ask.FREEZE_TIME][extra[0]])
        return
    if not state.kot_game.immediate_end and victory.check_victory(state):
        return
    state.turn += 1
    if state.turn >= state.kot_game.options.turn_limit:
        victory.finish(state, [], "turn_limit")
        return
    while extra:
        seat, kind = extra[0], extra[1]
        del extra[:2]
        if state.monsters[seat].alive:
            state.freeze_chain = state.freeze_chain + 1 if kind == FREEZE_TIME_TURN else 0
            state.active = seat
            state.stage = Stage.START
            return
    state.freeze_chain = 0
    state.base = state.active = state.next_alive(state.base)
    state.stage = Stage.START


def grant_frenzy(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` takes another turn after this one (Frenzy)."""
    state.extra_turns += (seat, FRENZY_TURN)
    if state.keeps_log:
        state.event(
            "frenzy",
            f"{state.monster_name(seat)} will take another turn (Frenzy).",
            seat=seat,
            card="frenzy",
        )


def grant_freeze_time(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` takes another turn with one die fewer (Freeze Time, once).

    Option ``freeze_time="may"`` (the card: "you can take another turn"): the turn is
    offered, and its owner is asked when it would begin (:func:`stage_next`).
    """
    extra = state.extra_turns
    if seat in extra[0::2] and (FREEZE_TIME_TURN in extra[1::2] or FREEZE_OFFER in extra[1::2]):
        return
    if state.kot_game.options.freeze_time == "may":
        extra += (seat, FREEZE_OFFER)
        if state.keeps_log:
            state.event(
                "freeze_time_offer",
                f"{state.monster_name(seat)} may take another turn with one die fewer "
                "(Freeze Time).",
                seat=seat,
                card="freeze_time",
            )
        return
    extra += (seat, FREEZE_TIME_TURN)
    if state.keeps_log:
        state.event(
            "freeze_time_turn",
            f"{state.monster_name(seat)} will take another turn with one die fewer (Freeze Time).",
            seat=seat,
            card="freeze_time",
        )


def answer_freeze_time(state: KingOfTokyoState, take: bool) -> None:
    """The offered Freeze Time turn, first in ``extra_turns``: taken or passed."""
    extra = state.extra_turns
    seat = extra[0]
    if take:
        extra[1] = FREEZE_TIME_TURN
        if state.keeps_log:
            state.event(
                "freeze_time_taken",
                f"{state.monster_name(seat)} takes another turn (Freeze Time).",
                seat=seat,
                card="freeze_time",
            )
    else:
        del extra[:2]
        if state.keeps_log:
            state.event(
                "freeze_time_declined",
                f"{state.monster_name(seat)} does not take another turn (Freeze Time).",
                seat=seat,
                card="freeze_time",
            )
