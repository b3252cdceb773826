"""The public record of a round and the belief that reads it (docs/bots.md, "A belief
that reads the plays"): the record notes every decision and every card a seat gets and
nothing hidden; the belief deals hands that fit what the seats did better than a
uniform deal, from the record alone."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletop
from tabletop.bots import ISMCTSBot, SearchSettings, make_bot
from tabletop.core.rng import Rng
from tabletop.games.uno_power.actions import MOVE_BONUS, MOVE_PLAY
from tabletop.games.uno_power.belief import HandBelief
from tabletop.games.uno_power.state import UnoPowerState
from tests.games.belief_play import play_heuristic


def heuristic_round(seed: int, players: int = 4, steps: int | None = None) -> UnoPowerState:
    """A round of heuristic bots, stopped after ``steps`` decisions (or at its end)."""
    game = tabletop.make("uno-power", target_score="single_round")
    state = game.new_state(players, seed=seed, log=False)
    assert isinstance(state, UnoPowerState)
    play_heuristic(state, seed, steps)
    return state


def test_the_record_accounts_for_every_card_each_seat_holds() -> None:
    # Seven dealt, one in for each card noted, one out for each play noted: the hand
    # (of the seats whose hand did not change unseen, by the four-tower bonus).
    checked = 0
    for seed in range(6):
        state = heuristic_round(seed, steps=40)
        table = state.uno_game.table
        assert state.record is not None
        for p in range(4):
            if (p, -2) in state.record:
                continue
            checked += 1
            size = 7
            for entry in state.record:
                if entry[0] != p:
                    continue
                if entry[1] == -1:
                    size += 1
                elif len(entry) == 8 and table.move[entry[1]] == MOVE_PLAY:
                    size -= 1
            assert size == state.sizes[p], (seed, p)
    assert checked > 20


def test_the_record_holds_only_what_every_seat_saw() -> None:
    # Entries are public decisions, with the context every seat saw then, and cards
    # coming in without saying which; the card kept by the four-tower bonus is not there.
    game = tabletop.make("uno-power", target_score="single_round", four_tower_bonus="automatic")
    for seed in range(4):
        state = game.new_state(3, seed=seed, log=False)
        assert isinstance(state, UnoPowerState)
        bots = [make_bot("heuristic", "uno-power", seed=p) for p in range(3)]
        while not state.is_terminal():
            p = state.current_player
            before = len(state.record or [])
            ask = state.ask[-1] if state.ask else None
            state.apply(bots[p].choose(state, p))
            assert state.record is not None
            noted = [e for e in state.record[before:] if len(e) == 8]
            if noted:
                seat, action, kind = noted[0][:3]
                assert seat == p
                assert kind == (ask.kind if ask else -1)
                assert state.uno_game.table.move[action] != MOVE_BONUS
        assert all(len(e) in (2, 8) for e in state.record or [])


def test_a_determinized_copy_keeps_no_record_and_the_state_saves_its_own() -> None:
    state = heuristic_round(3, steps=25)
    assert state.determinize(0, Rng(1)).record is None
    data = json.loads(json.dumps(state.to_dict()))
    assert state.uno_game.state_from_dict(data).record == state.record
    # A state saved before the record existed loads with an empty one.
    del data["state"]["record"]
    assert state.uno_game.state_from_dict(data).record == []


def common_cards(state: UnoPowerState, det: UnoPowerState, observer: int) -> int:
    """How many cards the other seats hold in ``det`` and really hold."""
    return sum(
        sum((Counter(state.hand_cards(q)) & Counter(det.hand_cards(q))).values())
        for q in range(state.num_players)
        if q != observer
    )


def test_the_belief_deals_hands_closer_to_the_true_ones_than_a_uniform_deal() -> None:
    # At seat 0's decisions in rounds of heuristic bots, the hands it deals the others
    # share more cards with their true hands, though it never reads them.
    believed = uniform = 0
    for seed in range(8):
        game = tabletop.make("uno-power", target_score="single_round")
        state = game.new_state(4, seed=seed, log=False)
        assert isinstance(state, UnoPowerState)
        bots = [make_bot("heuristic", "uno-power", seed=p) for p in range(4)]
        decisions = 0
        while not state.is_terminal() and decisions < 4:
            p = state.current_player
            if p == 0 and state.turns > 8 and len(state.legal_actions()) > 1:
                belief = HandBelief(state, 0, Rng(seed))
                rng = Rng(seed + 100)
                for _ in range(10):
                    det = belief.sample(state, 0, rng)
                    assert isinstance(det, UnoPowerState)
                    assert det.sizes == state.sizes
                    assert det.hands[0] == state.hands[0]
                    believed += common_cards(state, det, 0)
                    uniform += common_cards(state, state.determinize(0, rng), 0)
                decisions += 1
            state.apply(bots[p].choose(state, p))
    assert believed > 1.2 * uniform, (believed, uniform)


def test_the_belief_reads_the_record_not_the_hidden_cards() -> None:
    # Two states alike in all the observer sees but the others' hands and the draw
    # pile give the same belief.
    state = heuristic_round(5, steps=30)
    observer = state.current_player
    twin = state.determinize(observer, Rng(9))
    twin.record = list(state.record or [])
    one = HandBelief(state, observer, Rng(4))
    other = HandBelief(twin, observer, Rng(4))
    assert one.seats == other.seats
    assert one.hands == other.hands


def test_a_player_who_drew_is_believed_to_hold_nothing_playable_then() -> None:
    # The heuristic draws only with nothing it wants to play: find a seat that drew on
    # its turn and check its believed hands, going back, rarely held a card that matched.
    for seed in range(30):
        state = heuristic_round(seed, steps=12)
        if state.is_terminal():
            continue
        observer = state.current_player
        record = state.record or []
        last = record[-1] if record else None
        if not (last and len(last) == 2 and last[0] != observer):
            continue
        drawer = last[0]
        draw = record[-2]
        if len(draw) != 8 or draw[2] != -1 or draw[0] != drawer:
            continue
        g = state.uno_game
        row = g.match[draw[3]]

        def matching(hand: list[int], row: int = row) -> float:
            return sum(1 for k in hand if row >> k & 1) / len(hand)

        belief = HandBelief(state, observer, Rng(seed))
        mine = belief.hands[belief.seats.index(drawer)]
        believed = sum(matching(h) for h in mine) / len(mine)
        rng = Rng(1)
        dealt = [state.determinize(observer, rng).hand_cards(drawer) for _ in range(len(mine))]
        uniform = sum(matching(h) for h in dealt) / len(dealt)
        assert believed < 0.6 * uniform, (seed, believed, uniform)
        return
    pytest.fail("no seat drew in these rounds")


def test_a_search_with_the_belief_is_seeded_and_legal() -> None:
    state = heuristic_round(2, steps=20)
    player = state.current_player
    settings = SearchSettings(iterations=40, rollout="heuristic", rollout_depth=10, belief=True)
    first = ISMCTSBot(seed=5, settings=settings).choose(state, player)
    again = ISMCTSBot(seed=5, settings=settings).choose(state, player)
    assert first == again
    assert first in state.legal_actions()
