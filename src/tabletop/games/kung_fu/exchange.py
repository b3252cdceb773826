"""Phases A to C of a round: initiative, attack and parry.

Implements the rulebook's "A round", phases **A. Initiative** (voluntary passes,
R4; forced handovers; every change of initiative makes the new defender draw 3),
**B. Attack** (face up or face down; R5: the defender's 1-card draw comes before
the parry) and **C. Parry** (a defender must parry if able; R10: a marked defender
may not). It hands the round on to the activation windows
(:mod:`~tabletop.games.kung_fu.koku`), or to the resolution in a deciding exchange.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.kung_fu.cards import RED
from tabletop.games.kung_fu.drawing import avail, draw
from tabletop.games.kung_fu.phases import Stage
from tabletop.games.kung_fu.rounds import stalemate

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

INITIATIVE_DRAW = 3
"""Cards the new defender draws at every change of initiative."""

_PARRY = Stage.PARRY
_ACT_ATT = Stage.ACT_ATT
_RESOLVE = Stage.RESOLVE


def initiative(state: KungFuState) -> None:
    """Phases A and B: a forced handover, or the attack decision."""
    a = state.attacker
    if state.reds[a]:
        state.ask.push(state.kf_game.ask_attack[a])
        return
    d = 1 - a
    if not state.reds[d] and not avail(state, RED):
        stalemate(state)
        return
    if state.keeps_log:
        state.event(
            "handover", f"player {a + 1} holds no red card: the initiative passes", player=a
        )
    change_initiative(state, d)


def give_up(state: KungFuState, p: int) -> None:
    """``p`` passes the initiative voluntarily (R4)."""
    state.passes[p] -= 1
    if state.keeps_log:
        state.event("pass", f"player {p + 1} gives up the initiative", player=p)
    change_initiative(state, 1 - p)


def change_initiative(state: KungFuState, new: int) -> None:
    """``new`` becomes the attacker; the new defender draws 3 at once."""
    state.attacker = new
    if state.keeps_log:
        state.event(
            "initiative",
            f"player {new + 1} takes the initiative; player {2 - new} draws {INITIATIVE_DRAW}",
            player=new,
        )
    draw(state, 1 - new, INITIATIVE_DRAW)


def attack(state: KungFuState, a: int, k: int, down: bool) -> None:
    """``a`` attacks with red card type ``k``, face down if ``down``."""
    hand = state.hands[a]
    left = hand[k] - 1
    hand[k] = left
    if not left:
        state.held[a] ^= 1 << k
    state.reds[a] -= 1  # attack cards are red
    state.att_player = a
    state.att_card = k
    state.att_down = down
    state.att_hidden = down
    state.stage = _PARRY
    if state.keeps_log:
        cards = state.kf_game.cards
        if down:
            state.event("attack_down", f"player {a + 1} attacks face down", player=a)
            state.private_event(
                a,
                "attack_card",
                f"you attack with {cards.labels[k]}",
                type=cards.ids[k],
            )
        else:
            state.event(
                "attack",
                f"player {a + 1} attacks with {cards.labels[k]}",
                player=a,
                card=cards.describe(k),
            )
    if down:
        draw(state, 1 - a, 1)  # R5: before the parry


def parry(state: KungFuState) -> None:
    """Phase C: the defender must parry if able (R10: unless marked)."""
    g = state.kf_game
    d = 1 - state.att_player
    if state.no_parry[d]:
        if state.keeps_log:
            state.event("no_parry", f"player {d + 1} may not parry this round", player=d)
        play_parry(state, d, -1)
        return
    mask = state.held[d] & g.blue_mask
    if not mask:
        if state.keeps_log:
            state.event("no_parry", f"player {d + 1} has no blue card to parry with", player=d)
        play_parry(state, d, -1)
    elif mask & (mask - 1):
        state.ask.push(g.ask_parry[d])
    else:
        play_parry(state, d, mask.bit_length() - 1)


def play_parry(state: KungFuState, d: int, k: int) -> None:
    """``d`` parries with blue card type ``k`` (-1: none); a face-down attack turns up."""
    state.par_card = k
    state.stage = _RESOLVE if state.deciding else _ACT_ATT
    if k >= 0:
        hand = state.hands[d]
        left = hand[k] - 1
        hand[k] = left
        if not left:
            state.held[d] ^= 1 << k
        state.blues[d] -= 1  # parry cards are blue
    if state.keeps_log:
        cards = state.kf_game.cards
        if k >= 0:
            state.event(
                "parry",
                f"player {d + 1} parries with {cards.labels[k]}",
                player=d,
                card=cards.describe(k),
            )
        if state.att_hidden:
            a = state.att_card
            state.event(
                "reveal",
                f"the face-down attack is {cards.labels[a]}",
                card=cards.describe(a),
            )
    state.att_hidden = False
