"""Legal actions for the pending decisions, and which cards are playable: rulebook
"A turn" (matching), "The Wild Draw Four restriction and the challenge" (the
restriction as a legality rule, who may challenge) and the answers each decision
of the other sections offers.

A normal turn's list depends only on the playable kinds and on whether the play
leaves one card: :func:`turn_actions` builds it once into the game's memo
(``UnoPowerGame.turn_actions``), which ``UnoPowerState.legal_actions`` reads first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.core.action import Action
from tabletop.core.bits import bits
from tabletop.core.decisions import Decision
from tabletop.core.errors import StateFormatError
from tabletop.games.uno_power.cards import GRAB2, WILD_DRAW4
from tabletop.games.uno_power.house_rules import stack_options
from tabletop.games.uno_power.phases import (
    ASK_BONUS,
    ASK_CATCH,
    ASK_CHALLENGE,
    ASK_ICON_GRAB,
    ASK_JUMP,
    ASK_NAME_COLOUR,
    ASK_PLAY_DRAWN,
    ASK_PROTECT,
    ASK_STACK,
    ASK_SWAP,
    ASK_TOWERS,
)
from tabletop.games.uno_power.towers import available_towers

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame
    from tabletop.games.uno_power.state import UnoPowerState

TURN_MEMO_SIZE: Final = 1 << 16
"""The most turn lists a game keeps; the memo starts afresh when full."""


def turn_actions(g: UnoPowerGame, playable: int, leaves_one: bool) -> list[Action]:
    """The legal actions of a normal turn, given the playable kinds, kept in the memo."""
    plays = g.plays[leaves_one]
    legal: list[Action] = []
    for k in bits(playable):
        legal.extend(plays[k])
    if not (playable and g.options.must_play_if_able):
        legal.append(g.table.draw)
    memo = g.turn_actions
    if len(memo) >= TURN_MEMO_SIZE:
        memo.clear()
    memo[playable << 1 | leaves_one] = legal
    return legal


def match_row(state: UnoPowerState) -> int:
    """The row of ``game.match`` that says which kinds may be played now (``state.mi``).

    The card in play and the colour in play decide it, except for a Grab Two Towers
    turned up first: with ``first_grab_two="colour_only"`` the first player may only
    play a card of its colour (rulebook: "darf sich der Spieler, der als Erster an der
    Reihe ist, keine Türme nehmen, sondern nur eine Karte mit entsprechender Farbe
    ablegen"). That lasts the round's first turn, while no card has been played.
    Kept in ``state.mi``: set when a card is played or a colour named, and when the
    first turn ends (``turn.begin_turn``).
    """
    g = state.uno_game
    top = state.top
    if (
        g.first_grab_row >= 0
        and state.played < 0
        and state.turns <= 1
        and g.cards.symbol[top] == GRAB2
    ):
        return g.first_grab_row + state.colour
    return max(state.colour, 0) * g.num_kinds + top


def is_playable(state: UnoPowerState, p: int, k: int) -> bool:
    """Whether ``p`` may play a card of kind ``k`` on the card in play."""
    g = state.uno_game
    cards = g.cards
    if not g.match[state.mi] >> k & 1:
        return False
    if k == cards.wild_draw4 and g.wd4_enforced:
        return not state.held[p] & cards.colour_mask[state.colour]
    return True


def plays_for(state: UnoPowerState, p: int, kinds: int) -> list[Action]:
    """Every way for ``p`` to play the kinds in the mask ``kinds`` (wild colours,
    and the UNO call when the play leaves one card)."""
    plays = state.uno_game.plays[state.sizes[p] == 2]
    return [a for k in bits(kinds) for a in plays[k]]


def challengeable(state: UnoPowerState, total: int) -> bool:
    """Whether a stacked total may be challenged: only a Wild Draw Four starting a chain."""
    g = state.uno_game
    return g.wd4_challenge and total == 4 and g.cards.symbol[state.played] == WILD_DRAW4


def decision_actions(state: UnoPowerState, d: Decision) -> list[Action]:
    """The legal answers to the pending decision ``d``."""
    g = state.uno_game
    table = g.table
    cards = g.cards
    kind = d.kind
    p = d.player
    enforced = g.options.uno_call == "enforced"
    if kind == ASK_PLAY_DRAWN:
        drawn: int = d.data[0]
        return g.play_drawn_actions[2 * drawn + (state.sizes[p] == 2)]
    if kind == ASK_TOWERS:
        want = d.data[0]
        free = available_towers(state, p)
        return [table.take[m] for m in range(1, 16) if m & free == m and bin(m).count("1") == want]
    if kind == ASK_ICON_GRAB:
        return [table.take[1 << d.data[0]], table.no_tower]
    if kind == ASK_NAME_COLOUR:
        return list(table.name_colour)
    if kind == ASK_SWAP:
        return [table.swap[q] for q in range(state.num_players) if q != p]
    if kind == ASK_BONUS:
        out = []
        for k in bits(state.held[p]):
            out.append(table.bonus[k])
            if enforced:
                out.append(table.bonus_uno[k])
        if g.options.four_tower_bonus == "optional":
            out.append(table.no_bonus)
        return out
    if kind == ASK_CATCH:
        return [table.catch, table.no_catch]
    if kind == ASK_CHALLENGE:
        return [table.challenge, table.no_challenge]
    if kind == ASK_STACK:
        out = plays_for(state, p, stack_options(state, p))
        if challengeable(state, d.data[0]):
            out += [table.challenge, table.no_challenge]
        else:
            out.append(table.penalty)
        return out
    if kind == ASK_PROTECT:
        return [table.block, table.penalty]
    if kind == ASK_JUMP:
        out = plays_for(state, p, state.held[p] & cards.same_face[state.played])
        out.append(table.no_jump)
        return out
    raise StateFormatError("unknown decision kind {kind}", kind=kind)
