"""Space Penguin's Evolutions (docs/games/king-of-tokyo.md, "The 72 Evolutions"); those
that hold back the other monsters' roll (Cold Wave, Blizzard, Encased in Ice) are in
:mod:`.space_penguin_roll`.

Bookkeeping lives in ``state.pu.marks``: ``freeze_ray:<card>`` is the seat a Freeze
Ray card is lent to (the card stays face up in front of its owner, who does not have
it while it is lent), ``icy_reflection`` the Evolution under the snowflake token. Their
hooks (:mod:`..hookspecs`): ``after_claws``, ``start_question``, ``turn_end`` and
``turn_start`` (Freeze Ray), ``known_top`` (Deep Dive), ``stays`` and ``entered``
(Black Diamond), and ``view`` (the public tokens).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import FACE_NAMES
from tabletop.games.king_of_tokyo.evolution_effects import alienoid as _alienoid
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import (
    AFTER_CLAWS,
    ENTERED,
    KNOWN_TOP,
    START_QUESTION,
    STAYS,
    TURN_END,
    TURN_START,
    VIEW,
)
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    ICY_MARK,
    QUESTIONS,
    Ability,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


# -- Freeze Ray ---------------------------------------------------------------------------


def _lent(card: int) -> str:
    return f"freeze_ray:{card}"


passive("freeze_ray")  # Permanent: lent out by :func:`lend_freeze_ray` after the owner's claws.


@AFTER_CLAWS.impl("freeze_ray")
def lend_freeze_ray(state: KingOfTokyoState, a: int) -> bool:
    """Step D8: the active owner's claws made monsters in Tokyo lose hearts: give it."""
    pu = pu_of(state)
    cards = [n for n in pu.sources(a, "freeze_ray") if _lent(n) not in pu.marks]
    if not cards:
        return False
    targets = _freeze_targets(state, a)
    if not targets:
        return False
    for card in cards:
        if len(targets) == 1:
            _give(state, a, card, targets[0])
        else:
            ask(state, a, "freeze_ray", card, 0)
    return bool(state.decisions)


def _freeze_targets(state: KingOfTokyoState, a: int) -> list[int]:
    lost = pu_of(state).turn_marks
    return [
        s
        for s in state.others(a)
        if state.in_tokyo(s) and state.wounded >> s & 1 and lost.get(f"lost:{s}", 0) > 0
    ]


def _give(state: KingOfTokyoState, owner: int, card: int, seat: int) -> None:
    pu_of(state).marks[_lent(card)] = seat
    state.event(
        "freeze_ray_lent",
        f"{state.monster_name(owner)} gives Freeze Ray to {state.monster_name(seat)}.",
        seat=owner,
        target=seat,
        evolution="freeze_ray",
    )


def _owner_of(state: KingOfTokyoState, card: int) -> int:
    for seat, table in enumerate(pu_of(state).table):
        if card in table:
            return seat
    return -1


@START_QUESTION.impl("freeze_ray")
def freeze_ray_face(state: KingOfTokyoState, a: int) -> None:
    """Step A3: the owner names the face that does nothing for the holder this turn."""
    pu = pu_of(state)
    for key, holder in sorted(pu.marks.items()):
        if key.startswith("freeze_ray:") and holder == a:
            card = int(key.split(":")[1])
            owner = _owner_of(state, card)
            if owner >= 0 and state.monsters[owner].alive:
                ask(state, owner, "freeze_ray", card, 1)


def _freeze_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    if context[1] == 0:
        return [table.evo_seat[s] for s in _freeze_targets(state, seat)]
    return list(table.evo_face)


def _freeze_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    pu = pu_of(state)
    if context[1] == 0:
        _give(state, seat, context[0], arg)
        return
    pu.turn_marks["freeze_face"] = pu.turn_marks.get("freeze_face", 0) | 1 << arg
    state.event(
        "freeze_ray_face",
        f"Freeze Ray: {FACE_NAMES[arg]} does nothing for "
        f"{state.monster_name(state.active)} this turn.",
        seat=seat,
        target=state.active,
        face=arg,
        evolution="freeze_ray",
    )


QUESTIONS["freeze_ray"] = Question(
    "Freeze Ray: choose the monster that gets it, or name the face it disables",
    _freeze_options,
    _freeze_answer,
)


@TURN_END.impl("freeze_ray")
def _freeze_turn_end(state: KingOfTokyoState, a: int) -> None:
    """Step J2: a lent Freeze Ray comes back at the end of the holder's turn."""
    pu = pu_of(state)
    for key, holder in sorted(pu.marks.items()):
        if key.startswith("freeze_ray:") and holder == a:
            del pu.marks[key]
            state.event(
                "freeze_ray_back",
                "Freeze Ray goes back to its owner.",
                seat=a,
                evolution="freeze_ray",
            )


@TURN_START.impl("freeze_ray")
def _freeze_cleanup(state: KingOfTokyoState, a: int) -> None:
    """A holder eliminated: the card is discarded; a card gone from play: no loan."""
    pu = pu_of(state)
    for key, holder in sorted(pu.marks.items()):
        if not key.startswith("freeze_ray:"):
            continue
        card = int(key.split(":")[1])
        owner = _owner_of(state, card)
        if owner < 0:
            del pu.marks[key]
        elif not state.monsters[holder].alive:
            del pu.marks[key]
            pu.discard_from_table(owner, card)


# -- Miraculous Catch -------------------------------------------------------------------------


def _catch_can(state: KingOfTokyoState, seat: int, card: int) -> bool:
    return bool(state.active == seat and state.discard and not pu_of(state).used_this_turn(card))


def _catch(state: KingOfTokyoState, seat: int, card: int) -> None:
    """Shuffle the Power discard pile, reveal one card at random, offer it 1 cheaper."""
    pu = pu_of(state)
    pu.use_once(card)
    c = state.discard[state.rng.randrange(len(state.discard))]
    name = state.cards.names[c]
    slug = state.cards.instances[c].slug
    state.event(
        "miraculous_catch",
        f"{state.monster_name(seat)}'s Miraculous Catch reveals {name}.",
        seat=seat,
        card=slug,
        evolution="miraculous_catch",
    )
    if min(_catch_cost(state, seat, c), _catch_half(state, seat, c)) <= state.monsters[seat].energy:
        ask(state, seat, "miraculous_catch", c)
    else:
        state.event(
            "miraculous_catch_unaffordable",
            f"{state.monster_name(seat)} cannot pay for {name}.",
            seat=seat,
            card=slug,
        )


def _catch_cost(state: KingOfTokyoState, seat: int, c: int) -> int:
    return max(0, state.cost_for(seat, c) - 1)


def _catch_half(state: KingOfTokyoState, seat: int, c: int) -> int:
    """Superior Alien Technology may then halve the price (a Keep card, a UFO free)."""
    if state.cards.keep[c] and _alienoid.superior_on(state, seat):
        return (_catch_cost(state, seat, c) + 1) // 2
    return 1 << 20


@effect("miraculous_catch")
def miraculous_catch(state: KingOfTokyoState, seat: int) -> None:
    """Played in the Buy phase: it may be used at once."""
    card = evolution_number("miraculous_catch")
    if _catch_can(state, seat, card):
        _catch(state, seat, card)


def _catch_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    c = context[0]
    energy = state.monsters[seat].energy
    out = [table.evo_card[c]] if _catch_cost(state, seat, c) <= energy else []
    if _catch_half(state, seat, c) <= energy:
        out.append(table.evo_yes[evolution_number("superior_alien_technology")])
    return [*out, table.evo_no[evolution_number("miraculous_catch")]]


def _catch_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    c = context[0]
    half = move == Move.EVO_YES and arg == evolution_number("superior_alien_technology")
    if not (move == Move.EVO_CARD or half) or c not in state.discard:
        state.event(
            "miraculous_catch_left",
            f"{state.monster_name(seat)} leaves the card.",
            seat=seat,
            card=state.cards.instances[c].slug,
        )
        return
    state.discard.remove(c)
    cost = _catch_half(state, seat, c) if half else _catch_cost(state, seat, c)
    if half:
        pu_of(state).marks[f"ufo:{c}"] = seat
    state.take_card(seat, c, cost, "buys (Miraculous Catch)")


QUESTIONS["miraculous_catch"] = Question(
    "Miraculous Catch: buy the revealed card for 1 energy less, or leave it",
    _catch_options,
    _catch_answer,
)
ABILITIES["miraculous_catch"] = Ability(frozenset({"buy"}), _catch_can, _catch)


# -- Deep Dive ------------------------------------------------------------------------------


@playable("deep_dive")
def _deep_dive_playable(state: KingOfTokyoState, seat: int) -> bool:
    return bool(state.deck)


@effect("deep_dive")
def deep_dive(state: KingOfTokyoState, seat: int) -> None:
    """Look at the top 3 Power cards (only you see them) and put one into play."""
    k = min(3, len(state.deck))
    if not k:
        return
    if state.keeps_log:
        seen = list(reversed(state.deck[-k:]))
        names = ", ".join(state.cards.names[c] for c in seen)
        top = "the top Power card" if k == 1 else f"the top {k} Power cards"
        state.event("deep_dive", f"{state.monster_name(seat)} looks at {top}.", seat=seat, count=k)
        state.event(
            "deep_dive_cards",
            f"Deep Dive: you see {names}.",
            visible_to=frozenset({seat}),
            seat=seat,
            card_list=[state.cards.instances[c].slug for c in seen],
            evolution="deep_dive",
        )
    ask(state, seat, "deep_dive", k)


def _dive_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    k = min(context[0], len(state.deck))
    if not k:  # the deck ran out meanwhile (another Evolution took the cards)
        return [table.evo_no[evolution_number("deep_dive")]]
    return [table.evo_card[c] for c in sorted(state.deck[len(state.deck) - k :])]


def _dive_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    deck = state.deck
    k = min(context[0], len(deck))
    if move != Move.EVO_CARD:
        return
    others = [c for c in deck[len(deck) - k :] if c != arg]
    del deck[len(deck) - k :]
    deck[:0] = others  # the others go to the bottom
    state.take_card(seat, arg, 0, "puts into play (Deep Dive)", purchase=False)


QUESTIONS["deep_dive"] = Question(
    "Deep Dive: put one of the top cards of the Power deck into play for free",
    _dive_options,
    _dive_answer,
)


@KNOWN_TOP.impl("deep_dive")
def known_top(state: KingOfTokyoState, observer: int) -> int:
    """How many top cards of the Power deck ``observer`` is looking at (Deep Dive)."""
    dive = evolution_number("deep_dive")
    for d in state.decisions:
        if d.kind == Ask.EVO_CHOICE and d.player == observer and d.data[0] == dive:
            return min(int(d.data[1]), len(state.deck))
    return 0


# -- Black Diamond ------------------------------------------------------------------------


passive("black_diamond")  # Permanent: see :func:`black_diamond`.


@STAYS.impl("black_diamond")
@ENTERED.impl("black_diamond")
def black_diamond(state: KingOfTokyoState, seat: int) -> None:
    """+1 star on taking control of Tokyo, and on staying when allowed to yield."""
    state.gain_stars(seat, pu_of(state).count(seat, "black_diamond"), "Black Diamond")


# -- Icy Reflection ---------------------------------------------------------------------------


def _icy_targets(state: KingOfTokyoState) -> list[int]:
    info = evolution_table().info
    icy = evolution_number("icy_reflection")
    return sorted(n for t in pu_of(state).table for n in t if n != icy and info[n].permanent)


@playable("icy_reflection")
def _icy_playable(state: KingOfTokyoState, seat: int) -> bool:
    return bool(_icy_targets(state))


@effect("icy_reflection")
def icy_reflection(state: KingOfTokyoState, seat: int) -> None:
    """Put the snowflake token on a face-up Permanent Evolution."""
    if ICY_MARK not in pu_of(state).marks and _icy_targets(state):
        ask(state, seat, "icy_reflection")


def _icy_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    targets = _icy_targets(state)
    if not targets:  # the card left play meanwhile: nothing to copy
        return [table.evo_no[evolution_number("icy_reflection")]]
    return [table.evo_evolution[n] for n in targets]


def _icy_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move != Move.EVO_EVOLUTION:
        return
    pu = pu_of(state)
    pu.marks[ICY_MARK] = arg
    if state.options.icy_reflection_leaves == "token":
        pu.marks["icy_keeps"] = 1
    target = evolution_table().info[arg]
    if target.id == "adapting_technology":  # counters are set up fresh on the copy
        pu.counters[evolution_number("icy_reflection")] = 3
    state.event(
        "icy_reflection",
        f"{state.monster_name(seat)}'s Icy Reflection copies {target.name}.",
        seat=seat,
        evolution="icy_reflection",
        copied=target.id,
    )


QUESTIONS["icy_reflection"] = Question(
    "Icy Reflection: choose the Permanent Evolution it copies",
    _icy_options,
    _icy_answer,
)


# -- the view -------------------------------------------------------------------------------


@VIEW.impl("freeze_ray")
def _view_freeze_ray(state: KingOfTokyoState, seat: int, out: dict[str, object]) -> None:
    """``freeze_ray_lent_to``: the seat holding ``seat``'s Freeze Ray; ``holds_freeze_ray``:
    ``seat`` holds another monster's."""
    pu = pu_of(state)
    for key, holder in pu.marks.items():
        if key.startswith("freeze_ray:"):
            if int(key.split(":")[1]) in pu.table[seat]:
                out["freeze_ray_lent_to"] = holder
            elif holder == seat:
                out["holds_freeze_ray"] = True


@VIEW.impl("icy_reflection")
def _view_icy(state: KingOfTokyoState, seat: int, out: dict[str, object]) -> None:
    """``icy_reflection_copies``: the Evolution under the snowflake token."""
    pu = pu_of(state)
    if evolution_number("icy_reflection") in pu.table[seat] and ICY_MARK in pu.marks:
        out["icy_reflection_copies"] = evolution_table().info[pu.marks[ICY_MARK]].id
