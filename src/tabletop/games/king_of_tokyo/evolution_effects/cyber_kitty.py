"""Cyber Kitty's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions").

Cat Nip stays face up (on its player's table) for the turn it is played; Feline
Motor reads ``pu.turn_marks["tokyo_at_start"]``, the seats in Tokyo when the turn
began (a bit each). Its hooks (:mod:`..hookspecs`): ``saved_at_zero`` (Nine Lives),
``rolls``, ``result_factor`` and ``turn_end`` (Cat Nip), ``smash_built`` (Play with
Your Food), ``turn_start`` and ``other_enter`` (Feline Motor), ``numbers`` (Mouse
Hunter) and ``claw_bonus`` (Meow Missile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import ONE
from tabletop.games.king_of_tokyo.hookspecs import (
    CLAW_BONUS,
    NUMBERS,
    OTHER_ENTER,
    RESULT_FACTOR,
    ROLL_COUNT,
    SAVED_AT_ZERO,
    SMASH_BUILT,
    TURN_END,
    TURN_START,
)
from tabletop.games.king_of_tokyo.phases import EnergyLoss, Noted
from tabletop.games.king_of_tokyo.power_up import (
    QUESTIONS,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
    yes_no_question,
    yes_or_no,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

NINE = 9
CITY, BAY = 1, 2  # as in state.py


# -- Nine Lives ----------------------------------------------------------------------------------


@SAVED_AT_ZERO.impl("nine_lives")
def nine_lives(state: KingOfTokyoState, v: int) -> bool:
    """``v`` reaches 0 hearts holding Nine Lives: it is played at once (before It Has a
    Child). All its Power cards and Evolutions are discarded, energy and stars lost,
    it leaves Tokyo, then it has 9 hearts and 9 stars."""
    pu = pu_of(state)
    n = evolution_number("nine_lives")
    if n not in pu.hand[v]:
        return False
    m = state.monsters[v]
    state.event(
        "evolution",
        f"{state.monster_name(v)} plays Nine Lives and starts again!",
        seat=v,
        evolution="nine_lives",
    )
    for c in list(m.cards):
        state.discard_card(v, c, quiet=True)
    state.remember(v, Noted.PLAYED, n)
    for card in list(pu.hand[v]):
        pu.hand[v].remove(card)
        pu.discard[pu.owner.get(card, v)].append(card)
    state.remember(v, Noted.RESET)  # its hand is face up on the discard pile
    for card in list(pu.table[v]):
        if card in pu.table[v]:
            pu.discard_from_table(v, card)
    state.leave_tokyo(v)
    m.energy = 0
    m.stars = NINE
    m.hearts = min(NINE, m.max_hearts)
    return True


# Never offered in a window: it plays itself when its holder reaches 0 hearts.
passive("nine_lives")


# -- Mega Purr, Electro-Scratch --------------------------------------------------------------


@effect("mega_purr")
def mega_purr(state: KingOfTokyoState, seat: int) -> None:
    """Every other monster gives you 1 energy or 1 star, its choice."""
    for o in reversed(state.others(seat)):
        giver = state.monsters[o]
        if giver.energy and giver.stars:
            ask(state, o, "mega_purr", seat)
        elif giver.energy:
            _purr_energy(state, o, seat)
        elif giver.stars:
            _purr_star(state, o, seat)


def _purr_energy(state: KingOfTokyoState, giver: int, kitty: int) -> None:
    state.transfer_energy(giver, kitty, 1, "Mega Purr")


def _purr_star(state: KingOfTokyoState, giver: int, kitty: int) -> None:
    state.lose_stars(giver, 1, "Mega Purr")
    state.gain_stars(kitty, 1, "Mega Purr")


def _purr_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    n = evolution_number("mega_purr")
    m = state.monsters[seat]
    out = []
    if m.energy:
        out.append(table.evo_yes[n])
    if m.stars or not m.energy:
        out.append(table.evo_no[n])
    return out


def _purr_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move == Move.EVO_YES:
        _purr_energy(state, seat, context[0])
    elif state.monsters[seat].stars:
        _purr_star(state, seat, context[0])


QUESTIONS["mega_purr"] = Question(
    "Mega Purr: give Cyber Kitty 1 energy or 1 star", _purr_options, _purr_answer
)


@effect("electro_scratch")
def electro_scratch(state: KingOfTokyoState, seat: int) -> None:
    """Every other monster loses 1 heart (card damage)."""
    state.card_damage(state.others(seat), 1, seat)


# -- Cat Nip ---------------------------------------------------------------------------------


@playable("cat_nip")
def _cat_nip_playable(state: KingOfTokyoState, seat: int) -> bool:
    return state.active == seat


@effect("cat_nip")
def cat_nip(state: KingOfTokyoState, seat: int) -> None:
    """This turn: a single roll, every result of the dice doubled (stays face up)."""
    pu = pu_of(state)
    n = evolution_number("cat_nip")
    pile = pu.discard[pu.owner.get(n, seat)]
    if n in pile:
        pile.remove(n)
        pu.table[seat].append(n)


@ROLL_COUNT.impl("cat_nip")
def _cat_nip_roll(state: KingOfTokyoState, a: int, rolls: int) -> int:
    """Step B: a single roll, and no extra rolls (the turn mark ``single_roll``)."""
    pu = state.pu
    assert pu is not None
    if pu.has(a, "cat_nip"):
        pu.turn_marks["single_roll"] = 1
        return 1
    return rolls


@RESULT_FACTOR.impl("cat_nip")
def _cat_nip_doubles(state: KingOfTokyoState, a: int, factor: int) -> int:
    """Step D: every result of the dice counts twice."""
    pu = state.pu
    assert pu is not None
    return 2 * factor if pu.has(a, "cat_nip") else factor


@TURN_END.impl("cat_nip")
def _cat_nip_end(state: KingOfTokyoState, a: int) -> None:
    """Step J3: Cat Nip is discarded at the end of the turn."""
    pu = pu_of(state)
    n = evolution_number("cat_nip")
    for seat, table in enumerate(pu.table):
        if n in table:
            pu.discard_from_table(seat, n)


# -- Play with Your Food --------------------------------------------------------------------------


# Permanent: asked when your claws hit a monster in Tokyo for 2 or more.
passive("play_with_your_food")


@SMASH_BUILT.impl("play_with_your_food")
def ask_play_with_your_food(state: KingOfTokyoState, a: int) -> None:
    """After the smash is built: for each monster in Tokyo about to lose 2+ hearts."""
    pu = pu_of(state)
    if not pu.has(a, "play_with_your_food"):
        return
    targets = [
        h[0]
        for h in state.hits
        if h[2] == a and h[3] and not h[4] and h[1] >= 2 and state.in_tokyo(h[0])
    ]
    targets += [t for t, n in state.held.items() if n >= 2 and t != a]
    for t in sorted(set(targets), reverse=True):
        ask(state, a, "play_with_your_food", t)


def _food_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move != Move.EVO_YES:
        return
    t = context[0]
    for h in state.hits:
        if h[0] == t and h[2] == seat and h[3] and not h[4]:
            h[1] = max(0, h[1] - 2)
            break
    else:
        if t in state.held:
            state.held[t] = max(0, state.held[t] - 2)
    victim = state.monsters[t]
    state.event(
        "play_with_your_food",
        f"{state.monster_name(seat)} plays with its food: "
        f"{state.monster_name(t)} loses 2 hearts fewer.",
        seat=seat,
        target=t,
    )
    if victim.stars:
        state.lose_stars(t, 1, "Play with Your Food")
        state.gain_stars(seat, 1, "Play with Your Food")
    if victim.energy:
        state.take_energy(t, EnergyLoss.PLAY_WITH_YOUR_FOOD, seat)


QUESTIONS["play_with_your_food"] = Question(
    "Play with Your Food: 2 hearts fewer for this monster, and steal 1 star and 1 energy?",
    yes_or_no("play_with_your_food"),
    _food_answer,
)


# -- Feline Motor ---------------------------------------------------------------------------


def _free_spot(state: KingOfTokyoState) -> int:
    if state.city < 0:
        return CITY
    if state.bay < 0 and state.bay_open():
        return BAY
    return 0


def _feline_allowed(state: KingOfTokyoState, seat: int) -> bool:
    at_start = pu_of(state).turn_marks.get("tokyo_at_start", 0)
    return bool(
        state.active != seat
        and not state.in_tokyo(seat)
        and not at_start >> seat & 1
        and _free_spot(state)
        and not pu_of(state).turn_marks.get("no_entry")
    )


@playable("feline_motor")
def _feline_playable(state: KingOfTokyoState, seat: int) -> bool:
    return _feline_allowed(state, seat)


@effect("feline_motor")
def feline_motor(state: KingOfTokyoState, seat: int) -> None:
    """Played in another monster's Enter Tokyo step: enter instead of it."""
    if _feline_allowed(state, seat):
        _feline_enter(state, seat)


def _feline_enter(state: KingOfTokyoState, seat: int) -> None:
    pu_of(state).turn_marks["no_entry"] = 1
    state.event(
        "feline_motor",
        f"{state.monster_name(seat)} takes the free spot first (Feline Motor).",
        seat=seat,
        evolution="feline_motor",
    )
    state.enter_tokyo(seat, _free_spot(state))


@OTHER_ENTER.impl("feline_motor")
def ask_feline_motor(state: KingOfTokyoState, seat: int) -> bool:
    """Ask a face-up Feline Motor's holder whether to enter instead of the active."""
    if pu_of(state).has(seat, "feline_motor") and _feline_allowed(state, seat):
        ask(state, seat, "feline_motor")
        return True
    return False


def _feline_yes(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> None:
    if _feline_allowed(state, seat):
        _feline_enter(state, seat)


yes_no_question(
    "feline_motor", "Feline Motor: enter Tokyo instead of the active monster?", _feline_yes
)


@TURN_START.impl("feline_motor")
def _tokyo_at_start(state: KingOfTokyoState, a: int) -> None:
    mask = 0
    for s in (state.city, state.bay):
        if s >= 0:
            mask |= 1 << s
    if mask:
        pu_of(state).turn_marks["tokyo_at_start"] = mask


# -- Mouse Hunter, Meow Missile -------------------------------------------------------------------


passive("mouse_hunter")  # Permanent: see :func:`mouse_hunter`.


@NUMBERS.impl("mouse_hunter")
def mouse_hunter(state: KingOfTokyoState, a: int, counts: tuple[int, ...]) -> None:
    """Step D4: at least one 1 among the resolved dice: +1 star (not doubled)."""
    if counts[ONE]:
        state.gain_stars(a, pu_of(state).count(a, "mouse_hunter"), "Mouse Hunter")


passive("meow_missile")  # Permanent: see :func:`meow_missile`.


@CLAW_BONUS.impl("meow_missile")
def meow_missile(state: KingOfTokyoState, a: int, counts: tuple[int, ...]) -> int:
    """Step D1: at least one 1 among the resolved dice adds a claw."""
    return pu_of(state).count(a, "meow_missile") if counts[ONE] else 0
