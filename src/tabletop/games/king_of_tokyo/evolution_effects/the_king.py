"""The King's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Its hooks (:mod:`..hookspecs`): ``holds_smash`` (a smashed monster in Tokyo holding
Simian Scamper has its smash held back until its yield decision, like Jets),
``before_yield`` (Chest Thumping forces a wounded monster out before it decides),
``hearts_lost`` (Alpha Male, and Jungle Frenzy's record), ``entered`` and
``starts_in_tokyo`` (I Am the King!), ``left`` and ``turn_end`` (Twas Beauty Killed the
Beast), and the end of Simian Scamper's turn face up. :func:`keep_face_up` and
:func:`end_turn_long` serve every Temporary that stays face up for the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.hookspecs import (
    BEFORE_YIELD,
    ENTERED,
    HEARTS_LOST,
    HOLDS_SMASH,
    LEFT,
    STARTS_IN_TOKYO,
    TURN_END,
)
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import (
    ALSO_IN,
    QUESTIONS,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    yes_or_no,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

TOKYO_LEFT = "tokyo_left"
"""``turn_marks``: a monster left Tokyo (or was eliminated there) this turn (set by the
rules: ``tokyo.TOKYO_LEFT``)."""
WOUNDED_TOKYO = "wounded_tokyo"
"""``turn_marks``: the active monster's claws made a monster in Tokyo lose hearts."""
JUNGLE_FRENZY_TURN = 3
"""The kind of an extra turn granted by Jungle Frenzy (``state.extra_turns``)."""


# -- Monkey Rush ------------------------------------------------------------------------


@playable("monkey_rush")
def _monkey_rush_playable(state: KingOfTokyoState, seat: int) -> bool:
    """Another monster's Enter Tokyo step, a spot free since its occupant left or died."""
    pu = state.pu
    assert pu is not None
    return (
        seat != state.active
        and not state.in_tokyo(seat)
        and state.free_spot() >= 0
        and TOKYO_LEFT in pu.turn_marks
    )


@effect("monkey_rush")
def monkey_rush(state: KingOfTokyoState, seat: int) -> None:
    """Take control of Tokyo (City first): the entry star and entry triggers."""
    spot = state.free_spot()
    if spot >= 0:
        state.enter_tokyo(seat, spot)


# -- Simian Scamper ---------------------------------------------------------------------


@HOLDS_SMASH.impl("simian_scamper")
def scampers(state: KingOfTokyoState, seat: int) -> bool:
    """Whether a smash on ``seat`` (in Tokyo) waits for its yield decision, as with Jets:
    it holds Simian Scamper and may yield with it."""
    pu = state.pu
    assert pu is not None
    return seat != state.active and evolution_number("simian_scamper") in pu.hand[seat]


@playable("simian_scamper")
def _simian_scamper_playable(state: KingOfTokyoState, seat: int) -> bool:
    """Only with the yield decision: yield Tokyo with it."""
    decisions = state.decisions
    return bool(decisions) and decisions[-1].kind == Ask.YIELD and decisions[-1].player == seat


@effect("simian_scamper")
def simian_scamper(state: KingOfTokyoState, seat: int) -> None:
    """Yield Tokyo, lose none of the held-back smash, and no hearts for the rest of the
    turn. The card stays face up until the end of the turn (step J3)."""
    pu = state.pu
    assert pu is not None
    keep_face_up(state, seat, "simian_scamper")
    state.held.pop(seat, None)
    state.immune |= 1 << seat
    state.yield_tokyo(seat)


def keep_face_up(state: KingOfTokyoState, seat: int, evolution: str) -> None:
    """A Temporary whose effect lasts this turn stays face up until the turn ends."""
    pu = state.pu
    assert pu is not None
    number = evolution_number(evolution)
    pile = pu.discard[pu.owner.get(number, seat)]
    if number in pile:
        pile.remove(number)
        pu.table[seat].append(number)


def end_turn_long(state: KingOfTokyoState, evolution: str) -> None:
    """Step J3: a Temporary kept face up for the turn (:func:`keep_face_up`) is discarded."""
    pu = state.pu
    assert pu is not None
    number = evolution_number(evolution)
    for seat, table in enumerate(pu.table):
        if number in table:
            pu.discard_from_table(seat, number)


@TURN_END.impl("simian_scamper")
def _simian_scamper_ends(state: KingOfTokyoState, active: int) -> None:
    end_turn_long(state, "simian_scamper")


# -- Jungle Frenzy ----------------------------------------------------------------------


@playable("jungle_frenzy")
def _jungle_frenzy_playable(state: KingOfTokyoState, seat: int) -> bool:
    """Your turn, after Enter Tokyo: you wounded a monster in Tokyo and did not enter."""
    pu = state.pu
    assert pu is not None
    return (
        seat == state.active
        and not state.in_tokyo(seat)
        and not state.entered
        and WOUNDED_TOKYO in pu.turn_marks
    )


@effect("jungle_frenzy")
def jungle_frenzy(state: KingOfTokyoState, seat: int) -> None:
    """Take another turn after this one."""
    state.extra_turns += (seat, JUNGLE_FRENZY_TURN)
    state.event(
        "jungle_frenzy_turn",
        f"{state.monster_name(seat)} will take another turn (Jungle Frenzy).",
        seat=seat,
        evolution="jungle_frenzy",
    )


# -- Giant Banana -----------------------------------------------------------------------


@effect("giant_banana")
def giant_banana(state: KingOfTokyoState, seat: int) -> None:
    """Gain 2 hearts (in Tokyo too)."""
    state.heal(seat, 2, "Giant Banana")


# A healing Temporary answers damage, before the loss or after it (option
# healing_temporaries).
ALSO_IN["giant_banana"] = frozenset({"damage", "after_loss"})


# -- Chest Thumping ---------------------------------------------------------------------


@playable("chest_thumping")
def _chest_thumping_playable(state: KingOfTokyoState, seat: int) -> bool:
    """The attacker, at the start of the yield step, with a wounded monster in Tokyo."""
    return seat == state.active and any(
        state.monsters[s].alive and state.in_tokyo(s) for s in state.queue
    )


# Face up: from now on it is asked about each wounded monster (:func:`before_yield`).
passive("chest_thumping")


@BEFORE_YIELD.impl("chest_thumping")
def before_yield(state: KingOfTokyoState, victim: int) -> bool:
    """Ask the attacker whether Chest Thumping forces ``victim`` out of Tokyo."""
    pu = state.pu
    assert pu is not None
    a = state.active
    key = f"chest_thumping.{victim}"
    if key in pu.turn_marks or victim == a or not state.monsters[a].alive:
        return False
    if not pu.table[a] or not pu.has(a, "chest_thumping"):
        return False
    pu.turn_marks[key] = 1
    ask(state, a, "chest_thumping", victim)
    return True


def _chest_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    victim = context[0]
    if move == Move.EVO_NO or not state.in_tokyo(victim):
        return  # it decides itself (the yield step asks it next)
    # Forced out, not a yield: no Burrowing, no Black Diamond. Jets still spares it the
    # held-back smash; a smash held for Simian Scamper lands.
    held = state.held.pop(victim, 0)
    if held and not state.monsters[victim].mask & (1 << Card.JETS):
        state.hits.append([victim, held, state.active, True, False])
    state.event(
        "chest_thumping",
        f"{state.monster_name(seat)}'s Chest Thumping makes {state.monster_name(victim)} "
        "leave Tokyo.",
        seat=seat,
        target=victim,
        evolution="chest_thumping",
    )
    state.leave_tokyo(victim)
    state.take_city = True  # 2011: the attacker takes the spot as after a yield


QUESTIONS["chest_thumping"] = Question(
    "Chest Thumping: make the wounded monster leave Tokyo, or let it choose?",
    yes_or_no("chest_thumping"),
    _chest_answer,
)


# -- Alpha Male, I Am the King!, Twas Beauty Killed the Beast ----------------------------


passive("alpha_male")  # Face up: see :func:`alpha_male`.


@HEARTS_LOST.impl("jungle_frenzy")
def _wounded_in_tokyo(
    state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool
) -> None:
    """The active monster's claws made a monster in Tokyo lose hearts (Jungle Frenzy)."""
    pu = state.pu
    assert pu is not None
    if smash and source == state.active and (state.in_tokyo(victim) or victim in state.yielders):
        pu.turn_marks[WOUNDED_TOKYO] = 1


@HEARTS_LOST.impl("alpha_male")
def alpha_male(state: KingOfTokyoState, victim: int, lost: int, source: int, smash: bool) -> None:
    """The holder's claws made a monster lose hearts: 1 star, once a turn."""
    pu = state.pu
    assert pu is not None
    if (
        smash
        and pu.table[source]
        and pu.has(source, "alpha_male")
        and pu.use_once(evolution_number("alpha_male"))
    ):
        state.gain_stars(source, pu.count(source, "alpha_male"), "Alpha Male")


passive("i_am_the_king")  # Face up: see :func:`entered` and :func:`starts_in_tokyo`.


@ENTERED.impl("i_am_the_king")
def entered(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` takes control of Tokyo."""
    pu = state.pu
    assert pu is not None
    if pu.table[seat] and pu.has(seat, "i_am_the_king"):
        state.gain_stars(seat, pu.count(seat, "i_am_the_king"), "I Am the King!")


@STARTS_IN_TOKYO.impl("i_am_the_king")
def starts_in_tokyo(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` starts its turn in Tokyo (step A5)."""
    entered(state, seat)


@playable("twas_beauty_killed_the_beast")
def _twas_playable(state: KingOfTokyoState, seat: int) -> bool:
    return state.in_tokyo(seat)


passive("twas_beauty_killed_the_beast")  # Face up: see :func:`end_of_turn` and :func:`left_tokyo`.


@LEFT.impl("twas_beauty_killed_the_beast")
def left_tokyo(state: KingOfTokyoState, seat: int) -> None:
    """``seat`` leaves Tokyo, however (yield, forced, eliminated...)."""
    pu = state.pu
    assert pu is not None
    if not state.monsters[seat].alive or not pu.table[seat]:
        return
    sources = pu.sources(seat, "twas_beauty_killed_the_beast")
    if sources:
        for n in sources:
            if n in pu.table[seat]:  # (Icy Reflection may go with the original)
                pu.discard_from_table(seat, n)
        state.event(
            "twas_beauty_killed_the_beast_lost",
            f"{state.monster_name(seat)} leaves Tokyo: Twas Beauty Killed the Beast is "
            "discarded and its stars drop to 0.",
            seat=seat,
            evolution="twas_beauty_killed_the_beast",
        )
        state.lose_stars(seat, state.monsters[seat].stars, "Twas Beauty Killed the Beast")


@TURN_END.impl("twas_beauty_killed_the_beast")
def end_of_turn(state: KingOfTokyoState, active: int) -> None:
    """Step J3: every monster with Twas Beauty Killed the Beast face up gains 1 star."""
    pu = state.pu
    assert pu is not None
    for m in state.monsters:
        if m.alive and pu.table[m.seat]:
            n = pu.count(m.seat, "twas_beauty_killed_the_beast")
            if n:
                state.gain_stars(m.seat, n, "Twas Beauty Killed the Beast")
