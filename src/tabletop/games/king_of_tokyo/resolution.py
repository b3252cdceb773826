"""Resolving the dice: numbers, hearts, energy, then the attack.

Rulebook: "Resolving the dice"; docs/games/king-of-tokyo.md, "Resolving the dice".
Step D of the turn, in the printed order: stars for triples (steps D1-D4), heart
dice (D5: heal, or remove Poison and Shrink, or Healing Ray), energy (D6), claws
(D7-D8: the attack queues its hits), and after the attack Power Up!'s three-hearts
draw (D9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import damage, gains, owned, windows
from tabletop.games.king_of_tokyo.actions import HEART_HEAL, HEART_POISON, HEART_SHRINK
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    ALPHA_MONSTER,
    CLAW_CARDS_MASK,
    FIRE_BREATHING,
    HEALING_RAY,
    JETS,
    NOVA_BREATH,
    RAPID_HEALING,
    REGENERATION,
)
from tabletop.games.king_of_tokyo.dice import CLAW, ENERGY, HEART, ONE, THREE, TWO, describe_dice
from tabletop.games.king_of_tokyo.hookspecs import (
    AFTER_CLAWS,
    CLAW_BONUS,
    CLAW_EXTRAS,
    EXTRA_HEARTS,
    HOLDS_SMASH,
    NUMBERS,
    RESULT_FACTOR,
    ROLL_BONUS,
    ROLL_BONUS_MASK,
    ROLL_PATTERN,
    SMASH_BUILT,
    any_seat,
)
from tabletop.games.king_of_tokyo.phases import Ask, Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def claw_count(state: KingOfTokyoState, a: int, counts: tuple[int, ...]) -> tuple[int, int]:
    """``(claws, extra)``: the smash claws, and card damage that is not a claw.

    2016 ("claw" rule): Poison Quills, then Spiked Tail and Urbavore (need a claw
    so far), then Acid Attack and Burrowing; every one is a claw (step D1). 2011
    ("damage" rule): the extras need a claw, except Acid Attack, and are extra damage
    of the attack. Evolutions' claws (Energy Sword, Meow Missile) are claws, added first.
    Without claws, Acid Attack and (option ``poison_quills_2011="damage"``, the card's
    "also deal 2 damage") Poison Quills hit as card damage.
    """
    m = state.monsters[a]
    mask = m.mask
    claws = counts[CLAW]
    if state.pu is not None:  # step D1
        for bonus in CLAW_BONUS.calls:
            claws += bonus(state, a, counts)
    if not mask & CLAW_CARDS_MASK:
        return claws, 0
    in_tokyo = state.in_tokyo(a)
    copies = owned.copies
    quills = 2 * copies(state, a, Card.POISON_QUILLS) if counts[TWO] >= 3 else 0
    if state.kot_game.claw_rule:
        claws += quills
        if claws:
            claws += copies(state, a, Card.SPIKED_TAIL)
            if in_tokyo:
                claws += copies(state, a, Card.URBAVORE)
        claws += copies(state, a, Card.ACID_ATTACK)
        if in_tokyo:
            claws += copies(state, a, Card.BURROWING)
        return claws, 0
    acid = copies(state, a, Card.ACID_ATTACK)
    if not claws:
        if state.kot_game.options.poison_quills_2011 == "damage":
            return 0, acid + quills
        return 0, acid
    claws += quills + copies(state, a, Card.SPIKED_TAIL) + acid
    if in_tokyo:
        claws += copies(state, a, Card.URBAVORE) + copies(state, a, Card.BURROWING)
    return claws, 0


def resolved_counts(state: KingOfTokyoState) -> tuple[int, ...]:
    """How many dice show each face, as they resolve: a face named for Freeze Ray
    counts for nothing (step A3)."""
    counts = state.kot_game.table.roll_counts(state.dice)
    if state.pu is not None and "freeze_face" in state.pu.turn_marks:
        off = state.pu.turn_marks["freeze_face"]
        counts = tuple(0 if off >> f & 1 else n for f, n in enumerate(counts))
    return counts


def doubled(state: KingOfTokyoState) -> int:
    """How many times each result of the active monster's dice counts (Cat Nip: twice)."""
    factor = 1
    if state.pu is not None:
        for times in RESULT_FACTOR.calls:
            factor = times(state, state.active, factor)
    return factor


def stage_numbers(state: KingOfTokyoState, counts: tuple[int, ...] | None = None) -> None:
    """Steps D1-D4, then on to the heart dice; ``counts``: the resolved counts if known."""
    a = state.active
    m = state.monsters[a]
    if counts is None:
        counts = resolved_counts(state)
    if state.keeps_log:
        state.event(
            "resolve",
            f"{state.monster_name(a)} resolves {describe_dice(state.dice)}.",
            seat=a,
            dice=list(state.dice),
        )
    if counts[ONE] >= 3 or counts[TWO] >= 3 or counts[THREE] >= 3:
        stars = 0
        for face in (ONE, TWO, THREE):
            n = counts[face]
            if n >= 3:
                stars += face + 1 + n - 3
        gains.gain_stars(state, a, stars * doubled(state), "the dice")
        if counts[ONE] >= 3:
            state.rolled_111 = True
    if state.pu is not None:  # step D4
        for numbers in NUMBERS.calls:
            numbers(state, a, counts)
    if m.mask & ROLL_BONUS_MASK:
        claws = claw_count(state, a, counts)[0] if state.kot_game.claw_rule else counts[CLAW]
        for card, bonus in ROLL_BONUS.entries:
            if m.mask >> card & 1:
                bonus(state, a, owned.copies(state, a, card), counts, claws)
    if state.pu is not None and state.pu.table[a]:  # step D2: the face-up Evolutions' bonuses
        claws = claw_count(state, a, counts)[0] if state.kot_game.claw_rule else counts[CLAW]
        for pattern in ROLL_PATTERN.calls:
            pattern(state, a, counts, claws)
    state.stage = Stage.HEARTS
    state.heart_plan = [0] * 9
    if not state.may_have_won:
        stage_hearts(state, counts)


def stage_hearts(state: KingOfTokyoState, counts: tuple[int, ...] | None = None) -> None:
    """Step D5, then on to energy; ``counts``: the resolved counts if known."""
    a = state.active
    plan = state.heart_plan
    if counts is None:
        counts = resolved_counts(state)
    hearts = counts[HEART]
    if state.pu is not None:
        hearts *= doubled(state)
        for more in EXTRA_HEARTS.calls:
            hearts += more(state)
    left = hearts - sum(plan)
    if left > 0:
        if heart_choice(state, a):
            state.decisions.push(Decision(Ask.HEARTS, a, (left,)))
            return
        plan[HEART_HEAL] += left
    spend_hearts(state, a)
    stage_energy(state, counts)


def heart_choice(state: KingOfTokyoState, p: int) -> bool:
    """Whether a heart die of ``p`` may do more than heal it (the HEARTS question)."""
    m = state.monsters[p]
    if m.mask & HEALING_RAY or ((m.poison or m.shrink) and not state.in_tokyo(p)):
        return len(heart_actions(state, p)) > 1
    return False


def heart_actions(state: KingOfTokyoState, p: int) -> list[Action]:
    """What ``p`` may do with a heart die: heal, remove a token, Healing Ray another."""
    table = state.kot_game.table
    m = state.monsters[p]
    plan = state.heart_plan
    out = [table.heart[HEART_HEAL]]
    if not state.in_tokyo(p):
        if m.poison > plan[HEART_POISON]:
            out.append(table.heart[HEART_POISON])
        if m.shrink > plan[HEART_SHRINK]:
            out.append(table.heart[HEART_SHRINK])
    if m.mask & HEALING_RAY:
        for o in state.monsters:
            if o.alive and o.seat != p and o.hearts + plan[3 + o.seat] < o.max_hearts:
                out.append(table.healing_ray[o.seat])
    return out


def spend_hearts(state: KingOfTokyoState, a: int) -> None:
    """Apply the heart dice as planned (``heart_plan``)."""
    plan = state.heart_plan
    m = state.monsters[a]
    if plan[HEART_POISON]:
        m.poison -= plan[HEART_POISON]
        if state.keeps_log:
            state.event(
                "poison_removed",
                f"{state.monster_name(a)} removes {plural(plan[HEART_POISON], 'Poison token')}.",
                seat=a,
                tokens=plan[HEART_POISON],
            )
    if plan[HEART_SHRINK]:
        m.shrink -= plan[HEART_SHRINK]
        if state.keeps_log:
            state.event(
                "shrink_removed",
                f"{state.monster_name(a)} removes {plural(plan[HEART_SHRINK], 'Shrink token')}.",
                seat=a,
                tokens=plan[HEART_SHRINK],
            )
    if plan[HEART_HEAL] and a != state.city and a != state.bay:
        gains.heal(state, a, plan[HEART_HEAL], "heart dice")
    if any(plan[3:]):
        for seat in range(state.num_players):
            n = plan[3 + seat]
            if n:
                healing_ray(state, a, seat, n)
    state.heart_plan = []


def healing_ray(state: KingOfTokyoState, healer: int, seat: int, n: int) -> None:
    """The healed monster pays 2 energy per heart gained (all it has if less)."""
    target = state.monsters[seat]
    if state.kot_game.options.rule("healing_ray_regeneration") == "healer":
        n += (
            owned.copies(state, healer, Card.REGENERATION)
            if state.monsters[healer].mask & REGENERATION
            else 0
        )
        gained = min(n, target.max_hearts - target.hearts)
        target.hearts += gained
        if state.pu is not None and gained:
            state.pu.tally("hearts", seat, gained)
        if state.keeps_log:
            state.event(
                "healing_ray_heal",
                f"Healing Ray: {state.monster_name(seat)} gains {plural(gained, 'heart')}.",
                seat=seat,
                hearts=gained,
                card="healing_ray",
            )
    else:
        gained = gains.heal(state, seat, n, "Healing Ray")
    gains.transfer_energy(state, seat, healer, 2 * gained, "Healing Ray")


def stage_energy(state: KingOfTokyoState, counts: tuple[int, ...] | None = None) -> None:
    """Step D6; ``counts``: the resolved counts if known."""
    if counts is None:
        counts = resolved_counts(state)
    n = counts[ENERGY]
    if n:
        gains.gain_energy(state, state.active, n * doubled(state), "the dice")
    state.stage = Stage.CLAWS


def stage_claws(state: KingOfTokyoState, counts: tuple[int, ...] | None = None) -> None:
    """Steps D7-D8: the attack; ``counts``: the resolved counts if known."""
    a = state.active
    me = state.monsters[a]
    game = state.kot_game
    if counts is None:
        counts = resolved_counts(state)
    claws, extra = claw_count(state, a, counts)
    pu = state.pu
    if pu is not None:
        claws *= doubled(state)  # Cat Nip
    state.stage = Stage.AFTER_CLAWS
    if not claws and not extra and pu is None:
        return  # no claw and no card smashed: no attack
    in_tokyo = a == state.city or a == state.bay
    if game.claw_entry and not in_tokyo and counts[CLAW] and state.city < 0:
        # 2011: the first claw on an empty Tokyo City takes it instead of attacking.
        state.take_city = True
        if state.bay >= 0 and extra:
            damage.card_damage(state, [state.bay], extra, a)
        if pu is not None:
            claw_extras(state, a, counts, {})
        return
    if claws and game.claw_rule and me.mask & ALPHA_MONSTER:
        gains.gain_stars(state, a, owned.copies(state, a, Card.ALPHA_MONSTER), "Alpha Monster")
    targets = attack_targets(state, a, in_tokyo)
    smashed = dict.fromkeys(targets, claws) if claws else {}
    if claws and me.mask & FIRE_BREATHING:
        fire = owned.copies(state, a, Card.FIRE_BREATHING)
        both = game.options.rule("fire_breathing") == "both"
        side: list[int] = []
        for n in state.neighbours(a):
            if n in smashed:
                smashed[n] += fire
            elif both:
                side.append(n)
        if side:
            damage.card_damage(state, side, fire, a)
    if pu is not None:
        claw_extras(state, a, counts, smashed)
    if smashed:
        if state.keeps_log:
            names = ", ".join(state.monster_name(t) for t in smashed)
            state.event(
                "attack",
                f"{state.monster_name(a)} smashes {names} with {plural(claws, 'claw')}.",
                seat=a,
                targets=list(smashed),
                claws=claws,
            )
        for t in state.seat_order(a, smashed):
            if (t == state.city or t == state.bay) and (
                state.monsters[t].mask & JETS
                or (pu is not None and any_seat(HOLDS_SMASH, state, t))
            ):
                state.held[t] = smashed[t]
                state.wounded |= 1 << t
                continue
            state.hits.append([t, smashed[t], a, True, False])
        if pu is not None:
            for built in SMASH_BUILT.calls:
                built(state, a)
    elif extra and targets:
        damage.card_damage(state, targets, extra, a)


def claw_extras(
    state: KingOfTokyoState, a: int, counts: tuple[int, ...], smashed: dict[int, int]
) -> None:
    """Step D7, Power Up!: the Evolutions' extra hearts for the monsters smashed."""
    for extras in CLAW_EXTRAS.calls:
        extras(state, a, counts, smashed)


def attack_targets(state: KingOfTokyoState, a: int, in_tokyo: bool) -> list[int]:
    """Who the attack hits: Tokyo from outside, everyone outside from Tokyo (Nova Breath: all)."""
    if state.monsters[a].mask & NOVA_BREATH:
        return [m.seat for m in state.monsters if m.alive and m.seat != a]
    city, bay = state.city, state.bay
    if in_tokyo:
        return [m.seat for m in state.monsters if m.alive and m.seat != city and m.seat != bay]
    if bay < 0:
        return [city] if city >= 0 else []
    return [s for s in (city, bay) if s >= 0]


def stage_after_claws(state: KingOfTokyoState) -> None:
    """Steps D8-D9: Freeze Ray, the three-hearts draw, 2011 Alpha Monster; then who may yield."""
    # The windows once the dice resolved (Evolutions, Rapid Healing), if any may open.
    if (state.pu is not None or state.live & RAPID_HEALING) and windows.any_time(state, "resolved"):
        return
    a = state.active
    if state.pu is not None and not state.pu.turn_marks.get("freeze_ray_done"):
        state.pu.turn_marks["freeze_ray_done"] = 1  # step D8: after the attack (Freeze Ray)
        if any_seat(AFTER_CLAWS, state, a):
            return
    # Power Up! step D9: three heart faces draw 2 Evolutions, keep 1 (once a turn).
    if state.pu is not None and resolved_counts(state)[HEART] >= 3 and state.monsters[a].alive:
        state.pu.offer(state, a, setup=False)
    game = state.kot_game
    # 2011 Alpha Monster: the attack must cost hearts. Smash damage held back for a
    # Jets owner counts: staying, it is taken; yielding, the attacker still moves in.
    if (
        not game.claw_rule
        and (state.smash_landed or state.held)
        and state.monsters[a].mask & ALPHA_MONSTER
    ):
        gains.gain_stars(state, a, owned.copies(state, a, Card.ALPHA_MONSTER), "Alpha Monster")
    state.stage = Stage.YIELD
    wounded = state.wounded
    state.queue = (
        [s for s in (state.city, state.bay) if s >= 0 and wounded & (1 << s) and s != a]
        if wounded
        else []
    )
    if not state.queue and not state.may_have_won:
        state.stage = Stage.ENTER  # nobody may yield, so nobody burrows
