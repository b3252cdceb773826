"""Kung Fu's public record and the belief that reads it (docs/bots.md, "A belief that
reads the plays"): the record accounts for every card that enters or leaves a hand and
names no card before everybody has seen it; the belief deals the opponent hands that
fit its attacks and parries better than a uniform deal, from public data alone."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletop
from tabletop.bots import ISMCTSBot, SearchSettings, make_bot
from tabletop.core.errors import StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.belief import HandBelief
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.record import DECISION, HIDDEN, LEFT, RECEIVED
from tabletop.games.kung_fu.state import START_HAND, KungFuState
from tests.games.belief_play import play_heuristic, saved_with_record


def heuristic_game(seed: int, steps: int | None = None, **options: object) -> KungFuState:
    """A game of two heuristic bots, stopped after ``steps`` decisions (or at its end)."""
    state = tabletop.make("kung-fu", **options).new_state(2, seed=seed, log=False)
    assert isinstance(state, KungFuState)
    play_heuristic(state, seed, steps)
    return state


def played_colour(state: KungFuState, entry: tuple[int, ...]) -> int:
    """The colour of the card an entry says left the hand (-1: none)."""
    table = state.kf_game.table
    colour = state.kf_game.cards.colour
    if entry[1] == LEFT:
        return colour[entry[2]]
    if len(entry) == DECISION:
        if entry[1] == HIDDEN:
            return RED
        if table.move[entry[1]] != Move.PASS:
            return colour[table.arg[entry[1]]]
    return -1


def test_the_record_accounts_for_every_card_in_each_hand() -> None:
    # Three of each colour dealt, one in for each card drawn, one out for each card
    # played or discarded: the public counts of each colour at every step.
    checked = 0
    for seed in range(8):
        state = tabletop.make("kung-fu").new_state(2, seed=seed, log=False)
        assert isinstance(state, KungFuState)
        bots = [make_bot("heuristic", "kung-fu", seed=p) for p in range(2)]
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state, p))
            assert state.record is not None
            for seat in (0, 1):
                held = [START_HAND, START_HAND]
                for e in state.record:
                    if e[0] != seat:
                        continue
                    if e[1] == RECEIVED:
                        held[e[2]] += 1
                    elif played_colour(state, e) >= 0:
                        held[played_colour(state, e)] -= 1
                assert held == [state.reds[seat], state.blues[seat]], (seed, seat)
                checked += 1
    assert checked > 200


def test_a_face_down_attack_is_named_only_once_it_turns_up() -> None:
    seen = 0
    for seed in range(40):
        state = tabletop.make("kung-fu").new_state(2, seed=seed, log=False)
        assert isinstance(state, KungFuState)
        bots = [make_bot("heuristic", "kung-fu", seed=p) for p in range(2)]
        table = state.kf_game.table
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state, p))
            assert state.record is not None
            mine = [e for e in state.record if len(e) == DECISION and e[0] == state.att_player]
            if state.att_hidden:
                seen += 1
                assert mine[-1][1] == HIDDEN  # the attacker's last choice, card unnamed
                assert all(x != state.att_card for x in mine[-1][11:])
            elif state.att_down and state.att_card >= 0:  # turned up: now named
                assert mine[-1][1] == table.attack_down[state.att_card].id
            assert all(e[1] != HIDDEN for e in state.record if not state.att_hidden)
    assert seen > 0


def test_decisions_carry_the_figures_everybody_saw() -> None:
    state = tabletop.make("kung-fu").new_state(2, seed=5, log=False)
    assert isinstance(state, KungFuState)
    bots = [make_bot("heuristic", "kung-fu", seed=p) for p in range(2)]
    table = state.kf_game.table
    checked = 0
    while not state.is_terminal():
        p = state.current_player
        before = (list(state.life), list(state.koku_total), list(state.reds), list(state.blues))
        shown = -1 if state.att_hidden else state.att_card
        action = bots[p].choose(state, p)
        move = table.move[action.id]
        state.apply(action)
        if move in (Move.ATTACK, Move.PASS, Move.PARRY):
            assert state.record is not None
            e = next(e for e in reversed(state.record) if len(e) == DECISION and e[0] == p)
            assert e[1] == action.id
            assert list(e[2:4]) == before[0] and list(e[4:6]) == before[1]
            assert list(e[6:8]) == before[2] and list(e[8:10]) == before[3]
            assert e[11] == (shown if move == Move.PARRY else -1)
            checked += 1
    assert checked > 10


def test_the_record_is_saved_and_left_out_of_determinized_copies() -> None:
    state = heuristic_game(3, steps=25)
    game = state.kf_game
    data = json.loads(json.dumps(state.to_dict()))
    again = game.state_from_dict(data)
    assert again.record == state.record and state.record
    assert state.determinize(0, Rng(1)).record is None
    assert state.clone().record == state.record
    del data["state"]["record"]  # a save from before the record: an empty one
    assert game.state_from_dict(data).record == []


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([[2, -1, 0]], r"record: no seat"),
        ([[0, -1, 2]], r"record: unknown entry"),
        ([[0, -3, 999]], r"record: unknown entry"),
        ([[0, 5, 1]], r"record: unknown entry"),
        ([[0, 1, 10, 10]], r"record: an entry has 3 or 12 numbers"),
        ([[0, 9999, 10, 10, 0, 0, 3, 3, 3, 3, 0, -1]], r"record: impossible decision"),
        ([[0, 0, 10, -10, 0, 0, 3, 3, 3, 3, 0, -1]], r"record: impossible decision"),
        ("nonsense", r"malformed Kung Fu state"),
    ],
)
def test_a_malformed_record_is_refused(record: object, message: str) -> None:
    state = heuristic_game(1, steps=4)
    data = saved_with_record(state, record)
    with pytest.raises(StateFormatError, match=message):
        state.kf_game.state_from_dict(data)


def test_the_belief_deals_the_opponent_its_counts_from_the_unseen_cards() -> None:
    for seed in range(4):
        state = heuristic_game(seed, steps=30)
        if state.is_terminal():
            continue
        me = state.current_player
        q = 1 - me
        red, blue = state.unseen_by(me)
        unseen = Counter(red + blue)
        belief = HandBelief(state, me, Rng(seed))
        assert belief.seats == [q]
        rng = Rng(9)
        for _ in range(20):
            det = belief.sample(state, me, rng)
            assert isinstance(det, KungFuState)
            hand = Counter(det.hand_types(q))
            assert not hand - unseen
            assert (det.reds[q], det.blues[q]) == (state.reds[q], state.blues[q])
            assert det.hand_types(me) == state.hand_types(me)
            colours = Counter(state.kf_game.cards.colour[k] for k in hand.elements())
            assert (colours[RED], colours[BLUE]) == (state.reds[q], state.blues[q])


def test_the_belief_reads_only_what_the_observer_may_see() -> None:
    # Swap the opponent's hidden cards for others of the draw pile: the same record and
    # public table, so the same hands for the same random numbers.
    state = heuristic_game(2, steps=30)
    me = state.current_player
    q = 1 - me
    other = state.clone()
    cards = state.kf_game.cards
    for colour in (RED, BLUE):
        pile = other.decks[colour].draw_pile
        held = [k for k in other.hand_types(q) if cards.colour[k] == colour]
        swap = [i for i, k in enumerate(pile) if k not in held]
        if held and swap:
            k, i = held[0], swap[0]
            other.hands[q][k] -= 1
            other.hands[q][pile[i]] += 1
            pile[i] = k
    other.held[q] = sum(1 << k for k in range(cards.num_types) if other.hands[q][k])
    assert other.hand_types(q) != state.hand_types(q)
    a = HandBelief(state, me, Rng(4))
    b = HandBelief(other, me, Rng(4))
    assert a.hands == b.hands


def test_the_belief_is_closer_to_the_true_hands_than_a_uniform_deal() -> None:
    common = {"belief": 0, "uniform": 0}
    for seed in range(4):
        state = tabletop.make("kung-fu").new_state(2, seed=seed, log=False)
        assert isinstance(state, KungFuState)
        bots = [make_bot("heuristic", "kung-fu", seed=p) for p in range(2)]
        while not state.is_terminal():
            p = state.current_player
            if len(state.legal_actions()) > 1:
                belief = HandBelief(state, p, Rng(seed))
                truth = Counter(state.hand_types(1 - p))
                rng = Rng(1)
                for _ in range(4):
                    for name, det in (
                        ("belief", belief.sample(state, p, rng)),
                        ("uniform", state.determinize(p, rng)),
                    ):
                        assert isinstance(det, KungFuState)
                        common[name] += sum((truth & Counter(det.hand_types(1 - p))).values())
            state.apply(bots[p].choose(state, p))
    assert common["belief"] > 1.08 * common["uniform"], common


def test_the_belief_is_deterministic() -> None:
    state = heuristic_game(6, steps=30)
    me = state.current_player
    assert HandBelief(state, me, Rng(3)).hands == HandBelief(state, me, Rng(3)).hands
    one = state.kf_game.belief(state, me, Rng(3))
    two = state.kf_game.belief(state, me, Rng(3))
    assert one is not None and two is not None
    assert one(state, me, Rng(5)).to_dict() == two(state, me, Rng(5)).to_dict()


def test_a_search_bot_reads_the_plays_where_its_settings_say() -> None:
    state = heuristic_game(4, steps=20)
    me = state.current_player
    reading = ISMCTSBot(1, SearchSettings(iterations=20, belief=True))
    plain = ISMCTSBot(1, SearchSettings(iterations=20))
    assert reading.sampler(state, me) is not None
    assert plain.sampler(state, me) is None
    assert reading.choose(state, me) in state.legal_actions()
