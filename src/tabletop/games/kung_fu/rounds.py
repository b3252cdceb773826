"""A round's start and cleanup, and the end of the game.

Implements step 8 of the rulebook's "Resolution order" (R6: cleanup, Koku-showing and
``gain_koku`` cards to the Koku rows, R7 for a negated parry, R10: no-parry marks
expire and new ones are set), the start of each round (the round's fields reset,
the round limit) and "End of the game": the knock-out (R9, both at 0: reset to 1 or
the deciding exchange), the stalemate (R13) and the round limit. Kept apart because
every other part of the round ends here, while this part needs only the Koku row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.koku import to_row
from tabletop.games.kung_fu.phases import Stage

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

NOT_PLAYED: Final = -2
"""``par_card`` before the parry; -1: no parry card (value 0)."""

_INITIATIVE: Final = Stage.INITIATIVE
_CHOICE: Final = Stage.CHOICE
_SWITCH: Final = Stage.SWITCH
_OVER: Final = Stage.OVER


def begin_round(state: KungFuState) -> None:
    """Start the next round, or end the game at the round limit."""
    opts = state.kf_game.options
    if state.round >= opts.round_limit:
        limit = opts.round_limit
        state.event("round_limit", f"the round limit ({limit}) is reached", limit=limit)
        end(state, -1, "round_limit", "the round limit is reached: the game is a draw")
        return
    state.round += 1
    # Reset the round's fields; the lists in place (copies never share them).
    passes = state.passes
    passes[0] = passes[1] = opts.max_voluntary_passes
    state.stage = _INITIATIVE
    state.att_player = -1
    state.att_card = -1
    state.att_down = False
    state.att_hidden = False
    state.att_value = -1
    state.par_card = NOT_PLAYED
    state.par_value = -1
    active = state.active
    if active[0] or active[1]:
        active[0] = active[1] = False
        gained = state.gained
        gained[0] = gained[1] = False
        state.negated = False
        state.eff_side = 0
        state.eff_index = 0
        state.switch = False
    lost = state.lost
    lost[0] = lost[1] = 0
    state.damage = 0
    state.took = False
    if state.summary:
        state.summary.clear()
    if state.keeps_log:
        extra = " (the deciding fight)" if state.deciding else ""
        state.event(
            "round",
            f"round {state.round}{extra}: player {state.attacker + 1} holds the initiative",
            round=state.round,
            attacker=state.attacker,
            deciding=state.deciding,
        )


def cleanup(state: KungFuState) -> None:
    """Koku cards to the rows, the rest to the discard piles; then a new round."""
    g = state.kf_game
    cards = g.cards
    record_round(state)
    a = state.att_player
    ac = state.att_card
    koku = cards.koku
    if koku[ac] or state.gained[0]:
        to_row(state, a, ac)
    else:
        state.decks[RED].discard_pile.append(ac)  # attack cards are red
    pc = state.par_card
    if pc >= 0:
        if state.negated:
            keep = koku[pc] > 0 and g.options.negated_parry_keeps_koku
        else:
            keep = koku[pc] > 0 or state.gained[1]
        if keep:
            to_row(state, 1 - a, pc)
        else:
            state.decks[BLUE].discard_pile.append(pc)
    # The cards have left the table: nothing may name them there any more, not even
    # when the round limit ends the game before the next round resets the table.
    state.att_card = -1
    state.par_card = NOT_PLAYED
    marks = state.mark_next
    if marks[0] or marks[1]:
        state.no_parry = marks
        state.mark_next = [False, False]
    elif state.no_parry[0] or state.no_parry[1]:
        state.no_parry = [False, False]  # R10: a mark lasts one round
    begin_round(state)


def record_round(state: KungFuState) -> None:
    """Keep the finished round for the view (``last_round``)."""
    state.last_round = [
        state.round,
        state.att_value,
        state.par_value,
        state.damage,
        list(state.summary),
    ]


# -- the end of the game ------------------------------------------------------


def knockout(state: KungFuState) -> None:
    """R9: one player at 0 loses; both at 0 lead to the deciding fight."""
    life = state.life
    state.stage = _CHOICE
    if life[0] and life[1]:
        return
    if life[0] or life[1]:
        winner = 0 if life[0] else 1
        record_round(state)
        text = f"player {2 - winner} is knocked out: player {winner + 1} wins"
        end(state, winner, "knockout", text, loser=1 - winner)
        return
    if state.kf_game.options.deciding_fight == "reset_to_one":
        state.life = [1, 1]
        state.event(
            "double_knockout",
            "both players are knocked out: both return to 1 life and fight on",
            deciding=False,
        )
    else:
        state.deciding = True
        state.event(
            "double_knockout",
            "both players are knocked out: a deciding exchange follows",
            deciding=True,
        )


def deciding_result(state: KungFuState, att: int, par: int) -> None:
    """The single-exchange deciding fight: only the comparison counts."""
    a = state.att_player
    if att != par:
        winner = a if att > par else 1 - a
        record_round(state)
        text = f"player {winner + 1} wins the deciding fight ({att} against {par})"
        end(state, winner, "deciding", text, attack=att, parry=par)
        return
    state.event("deciding_tie", f"the deciding exchange is a tie ({att}): roles swap", value=att)
    state.switch = True
    state.stage = _SWITCH


def stalemate(state: KungFuState) -> None:
    """R13: no red card anywhere: more life wins, equal life is a draw."""
    l0, l1 = state.life
    state.event("stalemate", "no red card is left in play: the game stops")
    if l0 == l1:
        end(state, -1, "equal_life", "equal life: the game is a draw")
    else:
        w = 0 if l0 > l1 else 1
        end(state, w, "more_life", f"player {w + 1} has more life and wins")


def end(state: KungFuState, winner: int, ending: str, text: str, **data: int) -> None:
    """The game is over: ``winner``'s seat, or -1 for a draw; ``ending`` says how (the
    log's ``text`` in English, ``data`` the figures it names)."""
    state.over = True
    state.winner = winner
    state.is_draw = winner < 0
    state.stage = _OVER
    state.ask.clear()
    if state.keeps_log:
        state.event("game_end", text, winner=winner if winner >= 0 else None, ending=ending, **data)
