"""Phases A to C of a round: initiative, attack and parry.

Implements the rulebook's "A round", phases **A. Initiative** (voluntary passes,
R4: as many as the players want, bounded by the draw they cause, or a number per
round; forced handovers; every change of initiative makes the new defender draw 3),
**B. Attack** (face up or face down; R5: the defender's 1-card draw comes before
the parry, and with ``facedown_draw="may"`` the defender chooses whether to draw it)
and **C. Parry** (a defender must parry if able; R10: a marked defender
may not). It hands the round on to the activation windows
(:mod:`~tabletop.games.kung_fu.koku`), or to the resolution in a deciding exchange.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.drawing import avail, choose_draw, draw, remove_card
from tabletop.games.kung_fu.phases import Stage
from tabletop.games.kung_fu.record import note_left, note_reveal
from tabletop.games.kung_fu.rounds import stalemate

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

INITIATIVE_DRAW: Final = 3
"""Cards the new defender draws at every change of initiative."""

_PARRY: Final = Stage.PARRY
_ACT_ATT: Final = Stage.ACT_ATT
_RESOLVE: Final = Stage.RESOLVE


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


def may_pass(state: KungFuState, p: int) -> bool:
    """Whether the attacker ``p`` may give up the initiative now (R4).

    ``passes[p]`` counts the voluntary handovers ``p`` has left this round; -1 (the
    default ``max_voluntary_passes``) means as many as the players want, as long as
    the 3 cards the handover makes ``p`` draw can all be drawn. Each handover takes
    3 cards out of the piles and nothing puts cards back before the attack, so a
    round holds at most ``cards / 3`` of them and every game ends.
    """
    left = state.passes[p]
    if left >= 0:
        return left > 0
    return avail(state, RED) + avail(state, BLUE) >= INITIATIVE_DRAW


def give_up(state: KungFuState, p: int) -> None:
    """``p`` passes the initiative voluntarily (R4)."""
    if state.passes[p] > 0:
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
            other=1 - new,
            count=INITIATIVE_DRAW,
        )
    draw(state, 1 - new, INITIATIVE_DRAW)


def attack(state: KungFuState, a: int, k: int, down: bool) -> None:
    """``a`` attacks with red card type ``k``, face down if ``down``."""
    remove_card(state, a, k)
    state.att_player = a
    state.att_card = k
    state.att_down = down
    state.att_hidden = down
    state.stage = _PARRY
    if state.keeps_log:
        g = state.kf_game  # labels and cards as the options play them (lose2)
        if down:
            state.event("attack_down", f"player {a + 1} attacks face down", player=a)
            state.event(
                "attack_card",
                f"you attack with {g.labels[k]}",
                private=a,
                type=g.cards.ids[k],
                card=g.describe_card(k),
            )
        else:
            state.event(
                "attack",
                f"player {a + 1} attacks with {g.labels[k]}",
                player=a,
                card=g.describe_card(k),
            )
    if down:  # R5: the draw comes before the parry
        d = 1 - a
        game = state.kf_game
        if game.facedown_may and avail(state, RED) + avail(state, BLUE):
            state.ask.push(game.ask_facedown[d])  # "darf": the defender may draw, or not
        else:
            draw(state, d, 1)


def facedown_draw(state: KungFuState, d: int, red: int) -> None:
    """The answer of ``d`` to a face-down attack: draw a red (``red`` 1) or a blue
    (0) card, or none (-1)."""
    if red >= 0:
        choose_draw(state, d, 1, red)
    elif state.keeps_log:
        state.event("no_draw", f"player {d + 1} does not draw a card", player=d)


def parry(state: KungFuState) -> None:
    """Phase C: the defender must parry if able (R10: unless marked)."""
    g = state.kf_game
    d = 1 - state.att_player
    if state.no_parry[d]:
        if state.keeps_log:
            text = f"player {d + 1} may not parry this round"
            state.event("no_parry", text, player=d, marked=True)
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
        k = mask.bit_length() - 1
        note_left(state, d, k)  # its only blue card type: no choice to read
        play_parry(state, d, k)


def play_parry(state: KungFuState, d: int, k: int) -> None:
    """``d`` parries with blue card type ``k`` (-1: none); a face-down attack turns up."""
    state.par_card = k
    state.stage = _RESOLVE if state.deciding else _ACT_ATT
    if k >= 0:
        remove_card(state, d, k)
    if state.keeps_log:
        g = state.kf_game
        if k >= 0:
            state.event(
                "parry",
                f"player {d + 1} parries with {g.labels[k]}",
                player=d,
                card=g.describe_card(k),
            )
        if state.att_hidden:
            a = state.att_card
            state.event(
                "reveal",
                f"the face-down attack is {g.labels[a]}",
                card=g.describe_card(a),
            )
    if state.att_hidden:
        note_reveal(state, state.att_player, state.att_card)
    state.att_hidden = False
