"""Space Penguin's Evolutions (section 4.5 of the rules reference).

Bookkeeping lives in ``state.pu.marks``: ``freeze_ray:<card>`` is the seat a Freeze
Ray card is lent to (the card stays face up in front of its owner, who does not have
it while it is lent), ``encased_face``/``encased_owner`` the die Encased in Ice froze,
``icy_reflection`` the Evolution under the snowflake token. Cold Wave and Blizzard stay
face up (on the player's table) until the start of its next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import A_FACE, FACE_NAMES, KEEPS
from tabletop.games.king_of_tokyo.evolution_effects import alienoid as _alienoid
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    ICY_MARK,
    QUESTIONS,
    TURN_END,
    TURN_START,
    Ability,
    Question,
    ask,
    effect,
    evolution_number,
    passive,
    playable,
    pu_of,
    start_step,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def _stay_face_up(state: KingOfTokyoState, seat: int, evolution: str) -> None:
    """A Temporary Evolution with a lasting effect stays face up until it ends."""
    pu = pu_of(state)
    n = evolution_number(evolution)
    pile = pu.discard[pu.owner.get(n, seat)]
    if n in pile:
        pile.remove(n)
        pu.table[seat].append(n)


def _discard_if_up(state: KingOfTokyoState, seat: int, evolution: str) -> None:
    pu = pu_of(state)
    n = evolution_number(evolution)
    if n in pu.table[seat]:
        pu.discard_from_table(seat, n)
        state.event(
            "space_penguin_ends",
            f"{state.monster_name(seat)}'s {evolution_table().info[n].name} ends.",
            seat=seat,
            evolution=evolution,
        )


# -- Freeze Ray ---------------------------------------------------------------------------


def _lent(card: int) -> str:
    return f"freeze_ray:{card}"


passive("freeze_ray")  # Permanent: lent out by :func:`lend_freeze_ray` after the owner's claws.


def lend_freeze_ray(state: KingOfTokyoState, a: int) -> bool:
    """2.9 D8: the active owner's claws made monsters in Tokyo lose hearts: give it."""
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


@start_step(20)
def freeze_ray_face(state: KingOfTokyoState, a: int) -> None:
    """2.9 A3: the owner names the face that does nothing for the holder this turn."""
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


def _freeze_turn_end(state: KingOfTokyoState, a: int) -> None:
    """J2: a lent Freeze Ray comes back at the end of the holder's turn."""
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


def _freeze_cleanup(state: KingOfTokyoState) -> None:
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


def known_top(state: KingOfTokyoState, observer: int) -> int:
    """How many top cards of the Power deck ``observer`` is looking at (Deep Dive)."""
    dive = evolution_number("deep_dive")
    for d in state.decisions:
        if d.kind == Ask.EVO_CHOICE and d.player == observer and d.data[0] == dive:
            return min(int(d.data[1]), len(state.deck))
    return 0


# -- Cold Wave, Blizzard, Encased in Ice: the roll -------------------------------------------


@effect("cold_wave")
def cold_wave(state: KingOfTokyoState, seat: int) -> None:
    """Until the start of your next turn, every other monster rolls 1 die fewer."""
    _stay_face_up(state, seat, "cold_wave")


@effect("blizzard")
def blizzard(state: KingOfTokyoState, seat: int) -> None:
    """Until your next turn: the others roll once and may not yield Tokyo."""
    _stay_face_up(state, seat, "blizzard")


@playable("blizzard")
def _blizzard_playable(state: KingOfTokyoState, seat: int) -> bool:
    return state.active == seat


def blizzard_on(state: KingOfTokyoState, seat: int) -> bool:
    """Whether another monster's Blizzard holds ``seat`` (one roll, no yielding)."""
    pu = pu_of(state)
    n = evolution_number("blizzard")
    return any(n in pu.table[s] for s in state.others(seat))


def roll_limits(state: KingOfTokyoState, a: int, count: int, rolls: int) -> tuple[int, int, int]:
    """2.9 A7: dice and rolls of the active monster; the frozen die's face, or -1."""
    pu = pu_of(state)
    wave = evolution_number("cold_wave")
    count -= sum(1 for s in state.others(a) if wave in pu.table[s])
    if blizzard_on(state, a) or pu.has(a, "cat_nip"):
        rolls = 1
        pu.turn_marks["single_roll"] = 1
    return count, rolls, pu.marks.get("encased_face", -1)


# Permanent: asked after the "before resolving" window (:func:`ask_encased`).
passive("encased_in_ice")


def ask_encased(state: KingOfTokyoState, a: int) -> bool:
    """2.9 C3: pay 1 energy to freeze one of your dice (once a turn)."""
    pu = pu_of(state)
    if (
        not state.dice
        or state.monsters[a].energy < 1
        or not pu.has(a, "encased_in_ice")
        or "encased_face" in pu.marks
    ):
        return False
    ask(state, a, "encased_in_ice")
    return True


def _encased_options(state: KingOfTokyoState, seat: int, context: tuple[int, ...]) -> list[Action]:
    table = state.table
    faces = [table.evo_face[f] for f in sorted(set(state.dice))]
    return [*faces, table.evo_no[evolution_number("encased_in_ice")]]


def _encased_answer(
    state: KingOfTokyoState, seat: int, move: int, arg: int, context: tuple[int, ...]
) -> None:
    if move != Move.EVO_FACE:
        return
    pu = pu_of(state)
    state.monsters[seat].energy -= 1
    pu.marks["encased_face"] = arg
    pu.marks["encased_owner"] = seat
    state.event(
        "encased_in_ice",
        f"{state.monster_name(seat)} pays 1 energy to freeze {A_FACE[arg]} (Encased in Ice).",
        seat=seat,
        face=arg,
        a_face=arg,
        evolution="encased_in_ice",
    )


QUESTIONS["encased_in_ice"] = Question(
    "Encased in Ice: pay 1 energy to freeze one of your dice until your next turn",
    _encased_options,
    _encased_answer,
)


def keep_frozen(state: KingOfTokyoState, keeps: list[Action]) -> list[Action]:
    """The frozen die may not be rerolled: every reroll keeps it."""
    face = pu_of(state).marks["encased_face"]
    if face not in state.dice:
        return keeps
    arg = state.table.arg
    return [k for k in keeps if KEEPS[arg[k.id]][face] >= 1]


# -- Black Diamond ------------------------------------------------------------------------


passive("black_diamond")  # Permanent: see :func:`black_diamond`.


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


# -- start and end of turn ----------------------------------------------------------------------


def _turn_start(state: KingOfTokyoState, a: int) -> None:
    """2.9 A1/A4: your own Blizzard and Cold Wave end; your frozen die is released."""
    pu = pu_of(state)
    _discard_if_up(state, a, "blizzard")
    _discard_if_up(state, a, "cold_wave")
    owner = pu.marks.get("encased_owner", -1)
    if owner == a or (owner >= 0 and not state.monsters[owner].alive):
        pu.marks.pop("encased_owner", None)
        face = pu.marks.pop("encased_face", -1)
        state.event(
            "encased_in_ice_thaws",
            "The die Encased in Ice thaws.",
            seat=owner,
            face=face,
            evolution="encased_in_ice",
        )
    _freeze_cleanup(state)


TURN_START.append(_turn_start)
TURN_END.append(_freeze_turn_end)


# -- the view -------------------------------------------------------------------------------


def view_marks(state: KingOfTokyoState, seat: int) -> dict[str, object]:
    """Public Evolution tokens of ``seat`` for the view: Freeze Ray lent out or held,
    Icy Reflection's copy, the die Encased in Ice, counters on face-up Evolutions
    (Adapting Technology, Exotic Arms' energy), UFO tokens (Superior Alien Technology)."""
    pu = pu_of(state)
    info = evolution_table().info
    out: dict[str, object] = {}
    for key, holder in pu.marks.items():
        if key.startswith("freeze_ray:"):
            if int(key.split(":")[1]) in pu.table[seat]:
                out["freeze_ray_lent_to"] = holder
            elif holder == seat:
                out["holds_freeze_ray"] = True
    ufo = sorted(c for c in state.monsters[seat].cards if f"ufo:{c}" in pu.marks)
    if ufo:
        out["ufo_cards"] = ufo
    icy = evolution_number("icy_reflection")
    if icy in pu.table[seat] and ICY_MARK in pu.marks:
        out["icy_reflection_copies"] = info[pu.marks[ICY_MARK]].id
    if pu.marks.get("encased_owner", -1) == seat:
        out["encased_die"] = FACE_NAMES[pu.marks["encased_face"]]
    counters = {info[n].id: pu.counters[n] for n in pu.table[seat] if n in pu.counters}
    if counters:
        out["counters"] = counters
    return out
