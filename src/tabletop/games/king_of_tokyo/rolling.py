"""The dice: the first roll, rerolls, extra rolls and the final adjustments.

Rulebook: "Rolling the dice"; docs/games/king-of-tokyo.md, "A turn" (steps B and C).
Step B (roll, keep, reroll; Energy Drink, Smoke Cloud, Background Dweller) and step C
(Psychic Probe, Herd Culler, Plot Twist, Stretchy; Power Up!'s die changes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import damage, owned, windows
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    ADJUST_MASK,
    BACKGROUND_DWELLER,
    ENERGY_DRINK,
    EXTRA_HEAD,
    GIANT_BRAIN,
    HERD_CULLER,
    PLAIN_ASKS,
    PLOT_TWIST,
    PSYCHIC_PROBE,
    RAPID_HEALING,
    ROLLS,
    SMOKE_CLOUD,
    STRETCHY,
    STRETCHY_COST,
)
from tabletop.games.king_of_tokyo.dice import (
    A_FACE,
    BLACK_DICE,
    FACE_NAMES,
    HEART,
    KEEPS,
    KEPT_FACES,
    MAX_DICE,
    NUM_FACES,
    ONE,
    THREE,
    describe_dice,
)
from tabletop.games.king_of_tokyo.hookspecs import (
    AFTER_LAST_ROLL,
    DICE_COUNT,
    FROZEN_DIE,
    ROLL_COUNT,
    any_seat,
)
from tabletop.games.king_of_tokyo.monster import Monster
from tabletop.games.king_of_tokyo.phases import Ask, Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def roll_dice(state: KingOfTokyoState, n: int) -> list[int]:
    """``n`` dice (unsorted): the faces a position scripted first, then chance
    (docs/positions.md)."""
    script = state.next_dice
    if not script:
        return state.rng.rolls(n, NUM_FACES)
    faces = list(script[:n])
    state.next_dice = script[n:]
    if len(faces) < n:
        faces += state.rng.rolls(n - len(faces), NUM_FACES)
    return faces


def roll_die(state: KingOfTokyoState) -> int:
    """One die, as :func:`roll_dice` (its own call: one die draws its own numbers)."""
    script = state.next_dice
    if not script:
        return state.rng.randrange(NUM_FACES)
    state.next_dice = script[1:]
    return script[0]


def stage_roll(state: KingOfTokyoState) -> None:
    """Step B: the first roll (dice count and rolls allowed by cards and tokens)."""
    if (state.pu is not None or state.live & RAPID_HEALING) and windows.any_time(
        state, "before_roll", others_only=True
    ):
        return
    a = state.active
    m = state.monsters[a]
    count = BLACK_DICE - m.shrink - state.freeze_chain
    if m.mask & EXTRA_HEAD:
        count += owned.copies(state, a, Card.EXTRA_HEAD)
    rolls = ROLLS
    if m.mask & GIANT_BRAIN:
        rolls += owned.copies(state, a, Card.GIANT_BRAIN)
    frozen = -1
    if state.pu is not None:  # Cold Wave, Blizzard, Cat Nip, Encased in Ice
        for fewer in DICE_COUNT.calls:
            count = fewer(state, a, count)
        for limit in ROLL_COUNT.calls:
            rolls = limit(state, a, rolls)
        for freeze in FROZEN_DIE.calls:
            frozen = freeze(state, a, frozen)
    if count > MAX_DICE:
        count = MAX_DICE
    elif count < 0:
        count = 0
    if frozen >= 0 and count:
        state.dice = dice = [*roll_dice(state, count - 1), frozen]
    else:
        state.dice = dice = roll_dice(state, count)
    dice.sort()
    state.rolls_left = rolls - 1
    if state.keeps_log:
        state.event(
            "roll",
            f"{state.monster_name(a)} rolls {describe_dice(state.dice)}.",
            seat=a,
            dice=list(state.dice),
        )
    state.stage = Stage.ROLLING


def plain_roll(state: KingOfTokyoState, m: Monster) -> bool:
    """Whether ``m``'s reroll choices are just the keeps and "stop": no Power Up!
    answers and no Background Dweller rerolls, so the game's shared list serves."""
    return state.pu is None and not m.mask & BACKGROUND_DWELLER


def stage_rolling(state: KingOfTokyoState) -> None:
    """Step B: ask for a reroll or an extra roll while one is possible, else go on."""
    if not state.dice:
        done_rolling(state)
        return
    a = state.active
    m = state.monsters[a]
    if state.rolls_left > 0:
        state.decisions.push(PLAIN_ASKS[Ask.ROLL][a])
        if plain_roll(state, m):
            state.cache_legal(state.kot_game.table.roll_actions(state.dice))  # as offers would
        return
    extra = (m.mask & ENERGY_DRINK and m.energy >= 1) or (
        m.mask & SMOKE_CLOUD and smoke_source(state, a) >= 0
    )
    if extra and state.pu is not None and state.pu.turn_marks.get("single_roll"):
        extra = False  # Blizzard, Cat Nip: a single roll, no extra ones
    if extra or (m.mask & BACKGROUND_DWELLER and free_three(state)):
        state.decisions.push(PLAIN_ASKS[Ask.ROLL][a])
    else:
        done_rolling(state)


def done_rolling(state: KingOfTokyoState) -> None:
    """After the last roll: Psychic Probes, die changes, or straight to resolving."""
    if state.live & PSYCHIC_PROBE or (
        state.pu is not None and any_seat(AFTER_LAST_ROLL, state, state.active)
    ):
        state.stage = Stage.PROBE
    elif state.monsters[state.active].mask & ADJUST_MASK or state.pu is not None:
        state.stage = Stage.ADJUST  # Power Up!: Evolutions may change dice (step C2)
    else:
        state.to_resolve()


def reroll(state: KingOfTokyoState, p: int, keep: int) -> None:
    """Keep the dice of :data:`KEEPS` ``[keep]`` and reroll the others."""
    kept_faces = KEPT_FACES[keep]
    dice = [*kept_faces, *roll_dice(state, len(state.dice) - len(kept_faces))]
    dice.sort()
    state.dice = dice
    state.rolls_left -= 1
    if state.keeps_log:
        count = len(dice) - len(kept_faces)
        rerolled = plural(count, "die", "dice")
        name = state.monster_name(p)
        if kept_faces:
            state.event(
                "reroll",
                f"{name} keeps {describe_dice(kept_faces)} and rerolls {rerolled}: "
                f"{describe_dice(dice)}.",
                seat=p,
                dice=list(dice),
                kept=list(KEEPS[keep]),
                rerolled=count,
            )
        else:
            state.event(
                "reroll_all",
                f"{name} rerolls all {rerolled}: {describe_dice(dice)}.",
                seat=p,
                dice=list(dice),
                kept=list(KEEPS[keep]),
                rerolled=count,
            )


def reroll_die(state: KingOfTokyoState, face: int, why: str, owner: int = -1) -> int:
    """Reroll one die showing ``face`` for ``why`` (a card's or an Evolution's name, of
    ``owner``'s if given); returns the new face."""
    dice = state.dice
    dice.remove(face)
    new = roll_die(state)
    dice.append(new)
    dice.sort()
    if state.keeps_log:
        what = f"{A_FACE[face]} is rerolled and shows {FACE_NAMES[new]}"
        key = state.kot_game.why_key(why)
        if owner >= 0:
            state.event(
                "reroll_die_owned",
                f"{state.monster_name(owner)}'s {why}: {what}.",
                seat=owner,
                why=key,
                a_face=face,
                new=new,
            )
        else:
            state.event("reroll_die", f"{why}: {what}.", why=key, a_face=face, new=new)
    return new


def change_die(state: KingOfTokyoState, face: int, to: int, why: str) -> None:
    """Turn one die showing ``face`` to ``to``."""
    dice = state.dice
    dice.remove(face)
    dice.append(to)
    dice.sort()
    if state.keeps_log:
        state.event(
            "change_die",
            f"{why}: {A_FACE[face]} becomes {A_FACE[to]}.",
            why=state.kot_game.why_key(why),
            a_face=face,
            a_to=to,
        )


def smoke_source(state: KingOfTokyoState, p: int) -> int:
    """The instance carrying a Smoke counter the monster may spend, or -1."""
    m = state.monsters[p]
    if not m.mask & SMOKE_CLOUD:
        return -1
    card_of = state.kot_game.cards.instances
    for c in m.cards:
        if card_of[c] == Card.SMOKE_CLOUD and state.counters.get(c, 0) > 0:
            return c
        if (
            card_of[c] == Card.MIMIC
            and m.mimic >= 0
            and card_of[m.mimic] == Card.SMOKE_CLOUD
            and state.counters.get(c, 0) > 0
        ):
            return c
    return -1


def spend_smoke(state: KingOfTokyoState, p: int) -> None:
    """Spend a Smoke counter for an extra roll; the last one discards the card."""
    c = smoke_source(state, p)
    left = state.counters[c] - 1
    state.counters[c] = left
    if state.keeps_log:
        state.event(
            "smoke_cloud",
            f"{state.monster_name(p)} spends a Smoke counter for an extra roll ({left} left).",
            seat=p,
            left=left,
        )
    if left == 0 and state.kot_game.cards.instances[c] == Card.SMOKE_CLOUD:
        damage.discard_card(state, p, c)


def stage_probe(state: KingOfTokyoState) -> None:
    """Step C1: each other monster with a Psychic Probe, clockwise, may reroll one die."""
    pu = state.pu
    if not state.queue and not state.probe_used and (state.live & PSYCHIC_PROBE or pu is not None):
        a = state.active
        state.queue = [
            s
            for s in state.clockwise(a)
            if s != a
            and (
                state.monsters[s].mask & PSYCHIC_PROBE
                or (pu is not None and pu.asks(state, s, "after_other_roll"))
            )
        ]
        state.probe_used = 1 << a  # marks the queue as built this turn
    if state.queue and state.dice:
        seat = state.queue.pop(0)
        state.probe_used |= 1 << seat
        if pu is not None:  # Heart of the Rabbit: asked after the Psychic Probe
            pu.open_window(state, seat, "after_other_roll")
        if state.monsters[seat].mask & PSYCHIC_PROBE:
            state.decisions.push(Decision(Ask.PROBE, seat))
        return
    state.queue = []
    state.stage = Stage.ADJUST


def probe(state: KingOfTokyoState, p: int, face: int) -> None:
    """Psychic Probe: reroll one die; a heart discards the Probe."""
    new = reroll_die(state, face, "Psychic Probe", p)
    if new == HEART:
        damage.discard_used(state, p, Card.PSYCHIC_PROBE)


def adjust_actions(state: KingOfTokyoState, p: int) -> list[Action]:
    """The die changes open to ``p`` now (Herd Culler, Plot Twist, Stretchy...)."""
    table = state.kot_game.table
    m = state.monsters[p]
    mask = m.mask
    faces = changeable_faces(state)
    out: list[Action] = []
    if mask & BACKGROUND_DWELLER and THREE in faces:
        out.append(table.reroll_three)
    if mask & HERD_CULLER and not state.herd_used & (1 << p):
        out.extend(table.herd_culler[f] for f in faces if f != ONE)
    if mask & PLOT_TWIST:
        out.extend(table.plot_twist[NUM_FACES * f + t] for f in faces for t in range(6) if t != f)
    if mask & STRETCHY and m.energy >= STRETCHY_COST:
        out.extend(table.stretchy[NUM_FACES * f + t] for f in faces for t in range(6) if t != f)
    pu = state.pu
    if pu is not None:  # Saurian Adaptability, Gamma Breath, Tail Sweep, Yin & Yang
        out.extend(table.play_evolution[n] for n in pu.playable(state, p, "change_dice"))
        out.extend(table.evo_yes[n] for n in pu.abilities(state, p, "change_dice"))
    return out


def free_three(state: KingOfTokyoState) -> bool:
    """Whether a die shows a 3 that Background Dweller may reroll (not Encased in
    Ice's die: "nobody can reroll or change it")."""
    if THREE not in state.dice:
        return False
    return state.pu is None or THREE in changeable_faces(state)


def changeable_faces(state: KingOfTokyoState) -> list[int]:
    """Faces of dice that may be rerolled or changed (not Encased in Ice's die)."""
    faces = sorted(set(state.dice))
    if state.pu is not None and "encased_face" in state.pu.marks:
        frozen = state.pu.marks["encased_face"]
        if frozen in faces and state.dice.count(frozen) == 1:
            faces.remove(frozen)
    return faces


def stage_adjust(state: KingOfTokyoState) -> None:
    """Step C2: ask the active monster for die changes if it has any, else resolve."""
    a = state.active
    if (
        state.dice
        and (state.monsters[a].mask & ADJUST_MASK or state.pu is not None)
        and adjust_actions(state, a)
    ):
        state.decisions.push(Decision(Ask.ADJUST, a))
    else:
        state.to_resolve()
