"""The activated effects after the comparison: the rulebook's "Effects".

Implements step 4 of the "Resolution order" (R6: the attacker's other activated
effects in printed order, then the defender's, each arrow checked when it comes up)
and the effects of the table: ``gain_koku``, ``switch_initiative`` (R8), ``draw3``,
``no_parry_next_round`` (R10), ``discard_random_2``, ``discard_opp_koku``, ``heal2``
(R11) and ``lose2`` (R12). Boosts and ``negate_parry`` act on the comparison and
live in :mod:`~tabletop.games.kung_fu.combat`. An effect that needs an answer (a
draw with a choice, the Koku card to discard) pauses here and the stages resume it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.core.bits import bits
from tabletop.core.decisions import Decision
from tabletop.core.text import plural
from tabletop.games.kung_fu.cards import Effect, EffectSpec
from tabletop.games.kung_fu.combat import lose
from tabletop.games.kung_fu.drawing import draw, remove_card
from tabletop.games.kung_fu.koku import distinct
from tabletop.games.kung_fu.phases import Ask, Stage
from tabletop.games.kung_fu.record import note_left

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

MAX_LIFE: Final = 10
"""Life at the start, and the most ``heal2`` can bring a player to (R11)."""


def effects(state: KungFuState) -> None:
    """The other activated effects in printed order: attacker's, then defender's."""
    post = state.kf_game.post
    while state.eff_side < 2:
        side = state.eff_side
        card = state.par_card if side else state.att_card
        if not state.active[side] or card < 0 or state.eff_index >= len(post[card]):
            state.eff_side = side + 1
            state.eff_index = 0
            continue
        effect = post[card][state.eff_index]
        state.eff_index += 1
        owner = 1 - state.att_player if side else state.att_player
        if resolve_effect(state, owner, side, effect):
            return
    state.stage = Stage.KNOCKOUT


def resolve_effect(state: KungFuState, owner: int, side: int, e: EffectSpec) -> bool:
    """Resolve one effect; True when it waits for a decision."""
    opp = 1 - owner
    kind = e.kind
    if e.arrow and not state.lost[opp]:
        state.summary.append(f"player {owner + 1}'s arrow effect fails: the payment is lost")
        if state.keeps_log:
            state.event(
                "fizzle",
                f"player {opp + 1} lost no life: player {owner + 1}'s arrow effect fails",
                player=owner,
                other=opp,
            )
        return False
    if kind == Effect.GAIN_KOKU:
        state.gained[side] = True
        text = f"player {owner + 1} keeps the card as koku"
        state.summary.append(text)
        state.event("gain_koku", text, player=owner)
    elif kind == Effect.SWITCH_INITIATIVE:
        state.switch = True
        state.summary.append("the initiative switches")
        state.event("switch", "the initiative switches after this round", player=owner)
    elif kind == Effect.DRAW:
        n = e.amount
        state.summary.append(f"player {owner + 1} draws {n}")
        if state.keeps_log:
            text = f"player {owner + 1} draws {plural(n, 'card')}"
            state.event("effect_draw", text, player=owner, count=n)
        draw(state, owner, n)
        return bool(state.ask)
    elif kind == Effect.NO_PARRY:
        state.mark_next[opp] = True
        text = f"player {opp + 1} may not parry next round"
        state.summary.append(text)
        state.event("mark", text, player=opp)
    elif kind == Effect.DISCARD_RANDOM:
        discard_random(state, owner, opp, e.amount)
    elif kind == Effect.DISCARD_KOKU:
        types = distinct(state.rows[opp])
        if len(types) > 1:
            state.ask.push(Decision(Ask.DISCARD_KOKU, owner, ()))
            return True
        if types:
            discard_koku(state, owner, types[0])
        else:
            text = f"player {opp + 1} has no koku to discard"
            state.summary.append(text)
            state.event("discard_koku", text, player=opp, other=owner, type=None)
    elif kind == Effect.HEAL:
        life = state.life[owner]
        if life <= 0:
            gain = 0  # R11: the last point was lost
        else:
            gain = min(MAX_LIFE, life + e.amount) - life
            state.life[owner] = life + gain
        state.summary.append(f"player {owner + 1} heals {gain}")
        if state.keeps_log:
            text = f"player {owner + 1} regains {gain} life"
            state.event("heal", text, player=owner, amount=gain)
    else:  # Effect.LOSE
        target = owner if e.to_self else opp
        loss = lose(state, target, e.amount)
        text = f"player {target + 1} loses {loss} life"
        state.summary.append(text)
        state.event("lose", text, player=target, amount=loss)
    return False


def discard_random(state: KungFuState, owner: int, opp: int, n: int) -> None:
    """``n`` cards of ``opp``'s whole hand, chosen uniformly at random, are discarded."""
    cards = state.kf_game.cards
    hand = state.hands[opp]
    size = state.reds[opp] + state.blues[opp]
    gone: list[int] = []
    for _ in range(min(n, size)):
        r = state.rng.randrange(size)
        for k in bits(state.held[opp]):
            r -= hand[k]
            if r < 0:
                break
        remove_card(state, opp, k)
        note_left(state, opp, k)
        state.decks[cards.colour[k]].discard_pile.append(k)
        gone.append(k)
        size -= 1
    names = ", ".join(cards.names[k] for k in gone) or "nothing"
    text = f"player {opp + 1} discards {names} at random"
    state.summary.append(text)
    if state.keeps_log:
        state.event("discard_random", text, player=opp, types=[cards.ids[k] for k in gone])


def discard_koku(state: KungFuState, owner: int, k: int) -> None:
    """``owner`` discards type ``k`` from the opponent's Koku row."""
    cards = state.kf_game.cards
    opp = 1 - owner
    state.rows[opp].remove(k)
    state.koku_total[opp] -= cards.worth[k]
    state.decks[cards.colour[k]].discard_pile.append(k)
    state.summary.append(
        f"player {owner + 1} discards {cards.names[k]} from player {opp + 1}'s koku"
    )
    if state.keeps_log:
        state.event(
            "discard_koku",
            f"player {owner + 1} discards {cards.names[k]} from player {opp + 1}'s koku row",
            player=opp,
            other=owner,
            type=cards.ids[k],
        )
