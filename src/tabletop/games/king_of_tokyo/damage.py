"""Damage, prevention and elimination, and cards leaving a monster.

Rulebook: "Damage", "Elimination"; docs/games/king-of-tokyo.md, "Damage and
elimination". Every loss of hearts is a *hit* in ``state.hits``: each gets its
victim's prevention (Wings, Armor Plating, Camouflage, Rapid Healing, Evolutions)
before it lands, so a victim answers damage on another monster's turn. A monster at
0 hearts is saved (It Has a Child, Nine Lives) or eliminated, and its cards go to
the discard pile (:func:`discard_card`, which also handles Mimic tokens and the 2011
Even Bigger hearts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import gains, owned, rapid_healing, tokyo, windows
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    ANSWER_MASK,
    ARMOR_PLATING,
    BACKGROUND_DWELLER,
    CAMOUFLAGE,
    EATER_OF_THE_DEAD,
    IT_HAS_A_CHILD,
    POISON_SPIT,
    PREVENT_MASK,
    SHRINK_RAY,
    WERE_ONLY_MAKING_IT_STRONGER,
    WINGS,
    WINGS_COST,
)
from tabletop.games.king_of_tokyo.dice import HEART, THREE, describe_dice
from tabletop.games.king_of_tokyo.hookspecs import (
    BEFORE_LANDING,
    HEARTS_LOST,
    HIT_BONUS,
    PREVENT,
    REACHED_ZERO,
    SAVED_AT_ZERO,
    SMASH_LANDS,
)
from tabletop.games.king_of_tokyo.monster import START_HEARTS
from tabletop.games.king_of_tokyo.phases import Ask, Noted, Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

# Turn marks of a monster at 0 hearts whose fate waits for its after-loss window.
ZERO = "zero"
ZERO_SOURCE = "zero_source"
ZERO_HOW = "zero_how"  # bit 0: it was in Tokyo; bit 1: the loss was a smash


def card_damage(state: KingOfTokyoState, seats: list[int], hearts: int, source: int) -> None:
    """Queue a loss of hearts that is not a smash (no yield, no tokens)."""
    if hearts > 0:
        for s in state.seat_order(source, seats):
            state.hits.append([s, hearts, source, False, False])


def run_hits(state: KingOfTokyoState) -> None:
    """Land the queued hits in order; stop at a victim's prevention question."""
    hits = state.hits
    while hits and not state.decisions:
        hit = hits[0]
        victim = hit[0]
        m = state.monsters[victim]
        if not m.alive:
            hits.pop(0)
            continue
        if not hit[4]:
            if state.immune or m.mask & PREVENT_MASK or state.pu is not None:
                hit[1] = prevent(state, victim, hit[1])
            hit[4] = True
            if state.pu is not None and hit[1] > 0 and hit[2] >= 0:
                extra = 0  # step D8: the source's Evolutions
                for bonus in HIT_BONUS.calls:
                    extra = bonus(state, victim, hit[1], hit[2], hit[3], extra)
                hit[1] += extra
        if hit[1] > 0 and (
            (
                m.mask & ANSWER_MASK
                and (can_wings(state, victim) or rapid_healing.answers_hit(state, victim, hit[1]))
            )
            or (
                state.pu is not None
                and (
                    state.pu.asks(state, victim, "damage")
                    or state.pu.abilities(state, victim, "damage")
                )
            )
        ):
            state.decisions.push(Decision(Ask.PREVENT, victim, (hit[1],)))
            return
        land_first_hit(state)


def land_first_hit(state: KingOfTokyoState) -> None:
    """The first queued hit lands now, its prevention done (Power Up!: after the
    attacker's Electric Carrot, which only a wounded victim answers)."""
    if state.pu is not None:
        for question in BEFORE_LANDING.calls:
            if question(state):
                return
    victim, hearts, source, smash, _ = state.hits.pop(0)
    lose(state, victim, hearts, source, smash)


def prevent(state: KingOfTokyoState, v: int, hearts: int) -> int:
    """Automatic prevention: Wings already paid, Armor Plating, Camouflage."""
    if state.immune & (1 << v):
        if state.keeps_log:
            state.event(
                "wings_immune",
                f"{state.monster_name(v)} loses no hearts this turn (Wings).",
                seat=v,
                card="wings",
            )
        return 0
    if state.pu is not None and state.pu.table[v]:  # face-up Evolutions
        for evolution_prevents in PREVENT.calls:
            hearts = evolution_prevents(state, v, hearts)
        if hearts <= 0:
            return 0
    mask = state.monsters[v].mask
    if not mask & PREVENT_MASK:
        return hearts
    if hearts == 1 and mask & ARMOR_PLATING:
        armor_plating(state, v)
        return 0
    if mask & CAMOUFLAGE:
        for _ in range(owned.copies(state, v, Card.CAMOUFLAGE)):
            roll = [state.roll_die() for _ in range(hearts)]
            if mask & BACKGROUND_DWELLER:
                # Background Dweller: a 3 never saves a heart, so it is always rerolled.
                while THREE in roll:
                    roll[roll.index(THREE)] = state.roll_die()
            saved = roll.count(HEART)
            if state.keeps_log:
                state.event(
                    "camouflage",
                    f"{state.monster_name(v)}'s Camouflage rolls {describe_dice(roll)}: "
                    f"{plural(saved, 'heart')} saved.",
                    seat=v,
                    card="camouflage",
                    dice=sorted(roll),
                    hearts=saved,
                )
            hearts -= saved
            if hearts <= 0:
                return 0
        if hearts == 1 and mask & ARMOR_PLATING:
            armor_plating(state, v)
            return 0
    return hearts


def armor_plating(state: KingOfTokyoState, v: int) -> None:
    """Armor Plating prevents the loss of 1 heart (logged)."""
    if state.keeps_log:
        state.event(
            "armor_plating",
            f"{state.monster_name(v)}'s Armor Plating ignores the loss of 1 heart.",
            seat=v,
            card="armor_plating",
        )


def can_wings(state: KingOfTokyoState, p: int) -> bool:
    """Whether ``p`` may pay for Wings now (not already safe this turn)."""
    m = state.monsters[p]
    return bool(m.mask & WINGS and m.energy >= WINGS_COST and not state.immune & (1 << p))


def use_wings(state: KingOfTokyoState, p: int) -> None:
    """Wings: 2 energy, and no hearts lost for the rest of the turn."""
    state.monsters[p].energy -= WINGS_COST
    state.immune |= 1 << p
    if state.keeps_log:
        state.event(
            "wings_pay",
            f"{state.monster_name(p)} pays 2 energy for Wings: no hearts lost this turn.",
            seat=p,
            card="wings",
        )
    state.hits[0][1] = 0
    land_first_hit(state)


def lose(state: KingOfTokyoState, v: int, hearts: int, source: int, smash: bool) -> None:
    """``v`` loses ``hearts`` (after prevention); a smash also marks the attack's effects."""
    if hearts <= 0:
        return
    m = state.monsters[v]
    lost = min(hearts, m.hearts)
    m.hearts -= lost
    if state.pu is not None and lost:  # hearts lost this turn (Anger Batteries)
        state.pu.tally("lost", v, lost)
    if state.keeps_log:
        state.event(
            "damage", f"{state.monster_name(v)} loses {plural(lost, 'heart')}.", seat=v, hearts=lost
        )
    a = state.active
    if source == a and (v != a or state.kot_game.options.herbivore_counts_self):
        state.hurt_this_turn = True
    if smash:
        state.smash_landed = True
        if v == state.city or v == state.bay:
            state.wounded |= 1 << v
        src = state.monsters[source]
        if state.pu is not None and source != v:
            for landed in SMASH_LANDS.calls:
                landed(state, source, v)
        if src.mask & POISON_SPIT:
            m.poison += owned.copies(state, source, Card.POISON_SPIT)
            if state.keeps_log:
                state.event("poison_gained", f"{state.monster_name(v)} gets Poison.", seat=v)
        if src.mask & SHRINK_RAY:
            m.shrink += owned.copies(state, source, Card.SHRINK_RAY)
            if state.keeps_log:
                state.event("shrink_gained", f"{state.monster_name(v)} gets Shrink.", seat=v)
    if lost >= 2 and m.mask & WERE_ONLY_MAKING_IT_STRONGER:
        gains.gain_energy(
            state,
            v,
            owned.copies(state, v, Card.WERE_ONLY_MAKING_IT_STRONGER),
            "We're Only Making It Stronger!",
        )
    if state.pu is not None and 0 <= source != v and lost:  # step D8 triggers
        for trigger in HEARTS_LOST.calls:
            trigger(state, v, lost, source, smash)
        windows.note_loss(state, v, lost, source, smash)  # its after-damage step
    in_tokyo = v == state.city or v == state.bay
    if state.pu is not None and lost and heal_after_loss(state, v):
        if m.hearts <= 0:  # 0 hearts is settled once the victim has answered
            marks = state.pu.turn_marks
            marks[ZERO] = v
            marks[ZERO_SOURCE] = source
            marks[ZERO_HOW] = in_tokyo | smash << 1
        return
    if m.hearts <= 0:
        at_zero(state, v, source, in_tokyo=in_tokyo, smash=smash)


def heal_after_loss(state: KingOfTokyoState, v: int) -> bool:
    """Option ``healing_temporaries="before_and_after_loss"``: once a loss lands, its
    victim may play Giant Banana, Radioactive Waste or Healing Rain (no printed timing)
    before 0 hearts eliminates it."""
    assert state.pu is not None
    if state.kot_game.options.healing_temporaries != "before_and_after_loss":
        return False
    return state.pu.open_window(state, v, "after_loss")


def settle_zero(state: KingOfTokyoState) -> None:
    """The victim of a loss has answered its window: at 0 hearts it is out now."""
    assert state.pu is not None
    marks = state.pu.turn_marks
    v = marks.pop(ZERO)
    source = marks.pop(ZERO_SOURCE)
    how = marks.pop(ZERO_HOW)
    if state.monsters[v].alive and state.monsters[v].hearts <= 0:
        at_zero(state, v, source, in_tokyo=bool(how & 1), smash=bool(how & 2))


def at_zero(state: KingOfTokyoState, v: int, source: int, *, in_tokyo: bool, smash: bool) -> None:
    """``v`` is at 0 hearts after a loss from ``source``: saved or out."""
    reach_zero(state, v)
    if in_tokyo and not state.monsters[v].alive and not smash:
        eliminator_takes_tokyo(state, source)


def eliminator_takes_tokyo(state: KingOfTokyoState, source: int) -> None:
    """2011 rulebook: "if you are eliminated while in Tokyo, the monster that eliminated
    you takes control of Tokyo at once" (a Discard card excepted).

    A claw attack takes Tokyo at the Enter Tokyo step anyway; this is the attack's Keep
    card damage without a claw (Acid Attack, Poison Quills). Option
    ``keep_card_kill_2011="tokyo_stays_empty"``: Tokyo stays empty (a later ruling).
    """
    options = state.kot_game.options
    if (
        options.edition == "2011"
        and options.keep_card_kill_2011 == "takes_tokyo"
        and source == state.active
        and state.stage == Stage.AFTER_CLAWS  # the attack's own damage
        and state.resolving < 0  # not a Discard card
        and state.monsters[source].alive
        and not state.in_tokyo(source)
    ):
        where = tokyo.free_spot(state)
        if where >= 0:
            tokyo.enter(state, source, where)
            tokyo.entered_by_card(state, source)


def reach_zero(state: KingOfTokyoState, v: int) -> None:
    """``v`` is at 0 hearts: Eater of the Dead, then saved (Nine Lives, It Has a Child) or out."""
    if state.live & EATER_OF_THE_DEAD:
        for o in state.monsters:
            if o.alive and o.seat != v and o.mask & EATER_OF_THE_DEAD:
                gains.gain_stars(
                    state,
                    o.seat,
                    3 * owned.copies(state, o.seat, Card.EATER_OF_THE_DEAD),
                    "Eater of the Dead",
                )
    if state.pu is not None:  # fires even if the monster is then saved
        for at_zero_effect in REACHED_ZERO.calls:
            at_zero_effect(state, v)
    m = state.monsters[v]
    if state.pu is not None:  # before It Has a Child
        for saves in SAVED_AT_ZERO.calls:
            if saves(state, v):
                return
    if m.mask & IT_HAS_A_CHILD:
        state.event("child", f"{state.monster_name(v)} has a child and starts again!", seat=v)
        for c in list(m.cards):
            if c in m.cards:  # not gone with one before
                discard_card(state, v, c, quiet=True)
        m.stars = 0
        m.hearts = START_HEARTS
        tokyo.leave(state, v)
        return
    eliminate(state, v)


def eliminate(state: KingOfTokyoState, v: int) -> None:
    """``v`` is out: its cards go, it leaves Tokyo, and Tokyo Bay closes below five.
    Its event keeps the stars it had, which the final table shows."""
    m = state.monsters[v]
    stars = m.stars
    for c in list(m.cards):
        if c in m.cards:  # not gone with one before
            discard_card(state, v, c, quiet=True)
    m.alive = False
    m.stars = 0
    m.hearts = 0
    state.alive_count -= 1
    state.eliminated.append(v)
    if state.pu is not None:
        state.pu.eliminate(v)
        state.remember(v, Noted.RESET)  # its hand is face up on the discard pile
    tokyo.leave(state, v)
    state.held.pop(v, None)
    state.event("eliminated", f"{state.monster_name(v)} is eliminated.", seat=v, stars=stars)
    owned.refresh_masks(state)
    if state.bay >= 0 and state.alive_count < 5:
        bay = state.bay
        state.bay = -1
        if state.kot_game.options.rule("bay_at_four") == "move_to_city" and state.city < 0:
            state.city = bay
            if state.keeps_log:
                state.event(
                    "bay_closed_to_city",
                    f"Only four monsters remain: {state.monster_name(bay)} moves to Tokyo City.",
                    seat=bay,
                )
        else:
            if state.keeps_log:
                state.event(
                    "bay_closed",
                    f"Only four monsters remain: {state.monster_name(bay)} leaves Tokyo Bay.",
                    seat=bay,
                )
            if state.pu is not None:
                tokyo.left_tokyo(state, bay)


def discard_card(state: KingOfTokyoState, p: int, c: int, *, quiet: bool = False) -> None:
    """Put a Keep card of ``p`` on the discard pile; Mimic tokens on it return."""
    m = state.monsters[p]
    m.cards.remove(c)
    detach(state, p, c, starting_over=quiet)
    state.discard.append(c)
    if not quiet and state.keeps_log:
        cards = state.kot_game.cards
        state.event(
            "discard",
            f"{state.monster_name(p)} discards {cards.names[c]}.",
            seat=p,
            card=cards.instances[c].slug,
        )


def detach(
    state: KingOfTokyoState, p: int, c: int, *, moving: bool = False, starting_over: bool = False
) -> None:
    """Bookkeeping when card ``c`` leaves ``p`` (discarded, or ``moving`` to a thief).

    A Mimic token on a card that leaves play comes back; on a card that only
    changes owner it stays. ``starting_over``: the monster loses all its cards
    at once (eliminated, or It Has a Child), so no card's loss costs it anything.
    """
    game = state.kot_game
    card_of = game.cards.instances
    state.counters.pop(c, None)
    state.paid.pop(c, None)
    if state.pu is not None:  # a UFO token leaves with its card
        state.pu.marks.pop(f"ufo:{c}", None)
    big = Card.EVEN_BIGGER
    copied = state.monsters[p].mimic  # what p's Mimic copied, before the token comes off
    # Monsters whose Even Bigger (or Mimic copy of it) goes with this card.
    own_copy = card_of[c] == big or (
        card_of[c] == Card.MIMIC and copied >= 0 and card_of[copied] == big
    )
    shrinking = [p] if own_copy and not starting_over else []
    if card_of[c] == Card.MIMIC:
        state.monsters[p].mimic = -1
    for o in state.monsters:
        if o.mimic == c and not moving:
            o.mimic = -1
            if card_of[c] == big and not (starting_over and o.seat == p):
                shrinking.append(o.seat)  # not its own copy as it loses all: once out
            for h in o.cards:
                if card_of[h] == Card.MIMIC:
                    state.counters.pop(h, None)
    owned.refresh_masks(state)
    if game.options.edition == "2011":
        for seat in shrinking:
            lose_even_bigger(state, seat)
    for o in state.monsters:
        if o.hearts > o.max_hearts:
            o.hearts = o.max_hearts


def lose_even_bigger(state: KingOfTokyoState, p: int) -> None:
    """2011 rulebook: the 2 hearts go with Even Bigger, before the lower maximum.

    A card loss, lost at once: it may eliminate the monster.
    """
    if state.monsters[p].alive:
        if state.keeps_log:
            state.event(
                "even_bigger_lost",
                f"{state.monster_name(p)} loses the 2 hearts of Even Bigger.",
                seat=p,
                card="even_bigger",
            )
        lose(state, p, 2, -1, False)


def discard_used(state: KingOfTokyoState, p: int, card: Card) -> None:
    """Discard a used card: the monster's own copy first, else its Mimic."""
    m = state.monsters[p]
    card_of = state.kot_game.cards.instances
    own = [c for c in m.cards if card_of[c] == card]
    if own:
        discard_card(state, p, own[0])
        return
    mimic = [c for c in m.cards if card_of[c] == Card.MIMIC]
    if mimic:
        discard_card(state, p, mimic[0])
