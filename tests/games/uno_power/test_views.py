"""Views and hidden information (DESIGN: view, log_for, determinize)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletop
from tabletop.core.rng import Rng
from tests.games.uno_power.scenario import act, build, hand, labels

SECRET = "blue Reverse"  # only seat 1 holds it
HANDS = [["red 9", "yellow 1", "yellow 2"], [SECRET, "blue 1", "green 2"], ["green 9", "green 8"]]


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def table(game, **kw):
    return build(game, 3, hands=HANDS, top="red 4", towers={"U": 2}, **kw)


def test_a_seat_sees_its_own_hand(game):
    state = table(game)
    for p in range(3):
        view = state.view(p)
        assert sorted(c["label"] for c in view["hand"]) == sorted(HANDS[p])
        assert [q["hand_size"] for q in view["players"]] == [3, 3, 2]


def test_a_seat_never_sees_another_hand(game):
    state = table(game)
    for p in (0, 2):
        assert SECRET not in json.dumps(state.view(p))


def test_the_spectator_sees_no_hand(game):
    state = table(game)
    view = state.view(None)
    assert view["hand"] is None
    assert view["drawn_card"] is None
    assert SECRET not in json.dumps(view)
    json.dumps(view)


def test_view_shows_public_information(game):
    state = table(game)
    view = state.view(0)
    assert view["top_card"]["label"] == "red 4"
    assert view["colour"] == "red"
    assert view["towers"] == {"U": 2, "N": None, "O": None, "!": None}
    assert view["players"][2]["towers"] == ["U"]
    assert view["current_player"] == 0
    assert view["decision"]["kind"] == "turn"


def test_the_drawn_card_is_shown_to_the_drawer_only(game):
    state = table(game, draw=[SECRET.replace("blue", "red")], turn=0)
    act(state, "draw a card")  # red Reverse: playable on red 4
    assert state.view(0)["drawn_card"]["label"] == "red Reverse"
    assert state.view(1)["drawn_card"] is None
    assert state.view(None)["drawn_card"] is None
    assert "red Reverse" not in json.dumps(state.view(1))
    assert state.view(1)["decision"]["kind"] == "play_drawn"


def test_log_for_hides_others_drawn_cards(game):
    state = table(game, draw=["green Skip"], turn=0)
    act(state, "draw a card")
    mine = " ".join(e.text for e in state.log_for(0))
    theirs = " ".join(e.text for e in state.log_for(1))
    public = " ".join(e.text for e in state.log_for(None))
    assert "green Skip" in mine
    assert "green Skip" not in theirs
    assert "green Skip" not in public
    assert "draws a card" in theirs  # that a card was drawn is public


def test_the_deal_is_private():
    game = tabletop.make("uno-power")
    state = game.new_state(3, seed=4)
    for p in range(3):
        own = [e for e in state.log_for(p) if e.kind == "hand"]
        assert len(own) == 1 and own[0].visible_to == frozenset({p})
    assert not [e for e in state.log_for(None) if e.kind == "hand"]


def test_determinize_keeps_what_the_observer_knows_and_resamples_the_rest(game):
    state = table(game, discard=["blue 4", "green 4"])
    before = state.to_dict()
    original = before["state"]
    changed = False
    for i in range(8):
        det = state.determinize(0, Rng(i))
        d = det.to_dict()["state"]
        assert hand(det, 0) == hand(state, 0)
        assert [len(h) for h in d["hands"]] == [len(h) for h in original["hands"]]
        assert d["deck"]["discard"] == original["deck"]["discard"]
        assert d["towers"] == original["towers"]
        assert (d["top"], d["colour"], d["turn"]) == (original["top"], original["colour"], 0)
        assert det.view(0) == state.view(0)
        # The unseen cards are the same multiset, dealt anew.
        unseen = Counter(original["deck"]["draw"] + original["hands"][1] + original["hands"][2])
        assert Counter(d["deck"]["draw"] + d["hands"][1] + d["hands"][2]) == unseen
        changed |= sorted(d["hands"][1]) != sorted(original["hands"][1])
    assert changed
    assert state.to_dict() == before


def test_determinize_keeps_a_drawn_card_playable(game):
    state = table(game, turn=1, draw=["red 1"])
    act(state, "draw a card")
    assert state.current_player == 1 and labels(state)[-1] == "keep the drawn card"
    for i in range(10):
        det = state.determinize(0, Rng(i))
        assert det.current_player == 1
        assert det.legal_actions()[-1].label == "keep the drawn card"
        drawn = det.view(1)["drawn_card"]
        assert drawn["colour"] in ("red", None) or drawn["symbol"] == "4"


def test_log_for_hides_penalty_draws_and_the_catch_draw(game):
    state = build(
        game,
        3,
        hands=[
            ["red Draw Two", "yellow 1"],
            ["blue 1", "green 2", "blue 2"],
            ["green 9", "green 8"],
        ],
        top="red 4",
        draw=["blue Skip", "green Reverse", "yellow Reverse", "red Reverse"],
    )
    act(state, "play red Draw Two", "catch the missed UNO call")
    assert sorted(hand(state, 1)) == sorted(
        ["blue 1", "green 2", "blue 2", "blue Skip", "green Reverse"]
    )
    assert "yellow Reverse" in hand(state, 0) and "red Reverse" in hand(state, 0)
    for secret, owner in (("blue Skip", 1), ("green Reverse", 1), ("yellow Reverse", 0)):
        for p in (None, 0, 1, 2):
            text = " ".join(e.text + json.dumps(e.data) for e in state.log_for(p))
            assert (secret in text) == (p == owner), (secret, p)


def test_determinized_copies_hold_no_private_events_of_others_and_no_history(game):
    state = game.new_state(3, seed=11)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])  # draws and keeps: private "you drew" events
    assert any(e.visible_to == frozenset({1}) for e in state.log)
    det = state.determinize(0, Rng(5))
    assert all(e.visible(0) for e in det.log)
    assert det.history == []
    # Event numbers survive the filtering, so log_for(since) means the same events.
    since = state.log[-10].seq
    assert [e.to_dict() for e in det.log_for(0, since)] == [
        e.to_dict() for e in state.log_for(0, since)
    ]
