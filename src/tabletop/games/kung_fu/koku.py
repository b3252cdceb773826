"""The Koku row and paying for effects: the rulebook's "Koku and effects".

Implements "The Koku row" (a card arrives at the end of the round and is only money
there), "Activating" (the attacker's window, then the defender's, offered only when
the card has an effect the row can pay for; the stages skip the window of a negated
parry, R7) and "Paying" (R14: card by card, asked only when the choice is real;
``payment`` option). This is step 1 of the resolution order (R6); the effects bought
are resolved by :mod:`~tabletop.games.kung_fu.combat` and
:mod:`~tabletop.games.kung_fu.effects`. The Koku rows are read by those modules and
by cleanup, so the row helpers live here, below them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.core.decisions import Decision
from tabletop.games.kung_fu.phases import Ask, Stage

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

_ACT_DEF: Final = Stage.ACT_DEF
_RESOLVE: Final = Stage.RESOLVE


def distinct(row: list[int]) -> list[int]:
    """The distinct types of a Koku row, in order of first arrival."""
    return list(dict.fromkeys(row))


def to_row(state: KungFuState, p: int, k: int) -> None:
    """Card type ``k`` joins ``p``'s Koku row (at cleanup)."""
    cards = state.kf_game.cards
    state.rows[p].append(k)
    state.koku_total[p] += cards.worth[k]
    if state.keeps_log:
        state.event(
            "koku_row",
            f"{cards.names[k]} joins player {p + 1}'s koku row ({cards.worth[k]} koku)",
            player=p,
            type=cards.ids[k],
            worth=cards.worth[k],
        )


# -- activating ---------------------------------------------------------------


def windows(state: KungFuState) -> None:
    """The attacker's activation window, else straight to the defender's."""
    g = state.kf_game
    cards = g.cards
    a = state.att_player
    k = state.att_card
    if cards.has_effect[k] and state.koku_total[a] >= cards.cost[k]:
        state.stage = _ACT_DEF
        state.ask.push(g.ask_activate[0][a])
        return
    state.stage = _RESOLVE
    k = state.par_card
    if k >= 0 and cards.has_effect[k] and state.koku_total[1 - a] >= cards.cost[k]:
        state.ask.push(g.ask_activate[1][1 - a])


def offer_activation(state: KungFuState, side: int) -> None:
    """The activation window of one side: ask if the card can be paid for."""
    g = state.kf_game
    cards = g.cards
    if side:
        card = state.par_card
        p = 1 - state.att_player
    else:
        card = state.att_card
        p = state.att_player
    if card < 0 or not cards.has_effect[card] or state.koku_total[p] < cards.cost[card]:
        return
    state.ask.push(g.ask_activate[side][p])


def activate(state: KungFuState, p: int, side: int) -> None:
    """``p`` activates the card of ``side`` (0 attack, 1 parry) and pays for it."""
    cards = state.kf_game.cards
    card = state.par_card if side else state.att_card
    state.active[side] = True
    if not side and cards.has_negate[card]:
        state.negated = True
    cost = cards.cost[card]
    if state.keeps_log:
        state.event(
            "activate",
            f"player {p + 1} activates {cards.names[card]} (cost {cost})",
            player=p,
            type=cards.ids[card],
            cost=cost,
        )
    if cost:
        pay(state, p, side, cost, 1 << 30)


def decline(state: KungFuState, p: int) -> None:
    """``p`` lets the activation window pass."""
    if state.keeps_log:
        state.event("decline", f"player {p + 1} does not activate the effect", player=p)


# -- paying (R14) ---------------------------------------------------------------


def pay(state: KungFuState, p: int, side: int, due: int, last: int) -> None:
    """Pay ``due`` Koku card by card; ask only when the choice is real."""
    worth = state.kf_game.cards.worth
    while due > 0:
        options = pay_options(state, p, due, last)
        if len(options) != 1:
            state.ask.push(Decision(Ask.PAY, p, (side, due, last)))
            return
        k = options[0]
        pay_card(state, p, k)
        due -= worth[k]
        last = worth[k]


def pay_next(state: KungFuState, p: int, side: int, due: int, k: int) -> None:
    """The answer to a payment decision: ``p`` pays with type ``k``, then the rest."""
    worth = state.kf_game.cards.worth[k]
    pay_card(state, p, k)
    pay(state, p, side, due - worth, worth)


def pay_options(state: KungFuState, p: int, due: int, last: int) -> list[int]:
    """Types of ``p``'s Koku row that may pay next.

    ``payment="any"``: every type. ``"minimal"``: cards are paid in order of
    non-increasing worth, and only a card after which the rest can still be
    covered that way; the stop at the first total reaching the cost then makes
    every paid card necessary.
    """
    row = state.rows[p]
    types = distinct(row)
    if not state.kf_game.minimal_payment:
        return types
    worth = state.kf_game.cards.worth
    out = []
    for k in types:
        w = worth[k]
        if w > last:
            continue
        rest = due - w
        if rest > 0:
            smaller = sum(worth[j] for j in row if worth[j] <= w) - w
            if smaller < rest:
                continue
        out.append(k)
    return out


def pay_card(state: KungFuState, p: int, k: int) -> None:
    """One Koku card of type ``k`` leaves ``p``'s row for its discard pile."""
    cards = state.kf_game.cards
    state.rows[p].remove(k)
    state.koku_total[p] -= cards.worth[k]
    state.decks[cards.colour[k]].discard_pile.append(k)
    if state.keeps_log:
        state.event(
            "pay",
            f"player {p + 1} pays with {cards.names[k]} ({cards.worth[k]} koku)",
            player=p,
            type=cards.ids[k],
            worth=cards.worth[k],
        )
