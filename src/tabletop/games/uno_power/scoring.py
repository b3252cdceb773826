"""End of a round and scoring: rulebook "End of a round and scoring", and the
fewest-points ending of "Running out of cards" (empty pile, stalemate, turn limit).

Every way a round ends meets here, and this is the one place that decides the
match. It starts the next round through ``state.start_round()``, so it imports no
other rules module and sits at the bottom of their import graph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.bits import bits
from tabletop.games.uno_power.phases import STAGE_DONE

if TYPE_CHECKING:
    from tabletop.games.uno_power.options import UnoPowerOptions
    from tabletop.games.uno_power.state import UnoPowerState


class RoundOver(Exception):
    """Raised inside a rule when the round has ended (an empty pile, a limit).

    ``UnoPowerState.apply`` catches it: the rest of that action is void.
    """


def hand_points(state: UnoPowerState, p: int) -> int:
    """The points of ``p``'s cards in hand."""
    points = state.uno_game.cards.points
    hand = state.hands[p]
    # Only the kinds held (a few, where the hand has a count for each of dozens).
    return sum([hand[k] * points[k] for k in bits(state.held[p])])


def end_round_by_points(state: UnoPowerState) -> None:
    """End the round now; the fewest points in hand wins it (empty pile, stalemate)."""
    n = state.num_players
    order = [(state.turn + state.direction * i) % n for i in range(n)]
    winner = min(order, key=lambda q: hand_points(state, q))
    end_round(state, winner, "fewest points")
    raise RoundOver


def end_round(state: UnoPowerState, winner: int, how: str) -> None:
    """``winner`` wins the round (``how``: for the log); score it, then end the match or
    deal the next round."""
    opts = state.uno_game.options
    n = state.num_players
    in_hand = [hand_points(state, p) for p in range(n)]
    gained = round_gains(opts, winner, in_hand)
    for p in range(n):
        state.scores[p] += gained[p]
    describe = state.uno_game.cards.describe
    state.last_round = {
        "round": state.round,
        "winner": winner,
        "how": how,
        "points_in_hand": in_hand,
        "gained": gained,
        # The hands are shown for scoring, so they are public from now on.
        "hands": [[describe(k) for k in state.hand_cards(p)] for p in range(n)],
        "scores": list(state.scores),
    }
    if state.keeps_log:
        state.event(
            "round_end",
            f"round {state.round} goes to player {winner + 1} ({how}); scores: "
            + ", ".join(str(s) for s in state.scores),
            winner=winner,
            gained=gained,
            scores=list(state.scores),
            round=state.round,
            how=how,
        )
    state.ask.clear()
    state.stage = STAGE_DONE
    state.uno_pending = -1
    totals = team_totals(state)
    target = opts.target_score
    if target == "single_round" or max(totals) >= int(target):
        winners = match_winners(state, winner, totals)
        if winners:
            state.over = True
            state.winner_list = winners
            state.event(
                "game_end",
                "the match is over: " + ", ".join(f"player {p + 1}" for p in winners) + " won",
                winners=winners,
            )
            return
    state.dealer = (state.dealer + 1) % n
    state.start_round()


def round_gains(opts: UnoPowerOptions, winner: int, in_hand: list[int]) -> list[int]:
    """The points each seat scores for a round ``winner`` won, the others holding
    ``in_hand`` points (as the option ``scoring`` counts them)."""
    n = len(in_hand)
    if opts.scoring == "winner_takes":
        gained = [0] * n
        gained[winner] = sum(
            in_hand[p]
            for p in range(n)
            if p != winner and not (opts.partners and p % 2 == winner % 2)
        )
        return gained
    return [0 if p == winner else in_hand[p] for p in range(n)]


def team_totals(state: UnoPowerState) -> list[int]:
    """Each seat's match total; with partners, its team's total."""
    if state.uno_game.options.partners:
        return [state.scores[p] + state.scores[(p + 2) % 4] for p in range(4)]
    return list(state.scores)


def match_winners(state: UnoPowerState, round_winner: int, totals: list[int]) -> list[int]:
    """The match winners once the target is reached; empty when a tie plays on."""
    opts = state.uno_game.options
    n = state.num_players
    if opts.scoring == "winner_takes":
        best = max(totals)
        return [p for p in range(n) if totals[p] == best]
    low = min(totals)
    winners = [p for p in range(n) if totals[p] == low]
    teams = {p % 2 for p in winners} if opts.partners else set(winners)
    if len(teams) > 1 and opts.lowest_total_tie == "play_on":
        return []
    return winners
