"""Views, the log's visibility, determinization and serialisation."""

from __future__ import annotations

import json
from collections import Counter

import tabletop
from tabletop.core.rng import Rng
from tests.games.kung_fu.scenario import act, build, hand

SECRET = "Big Wall"  # only seat 1 holds it
HANDS = [["Heavy", "Jab", "Block"], [SECRET, "Block", "Jab"]]

VIEW_KEYS = {
    "game",
    "round",
    "phase",
    "current_player",
    "decision",
    "attacker",
    "defender",
    "players",
    "hand",
    "attack",
    "parry",
    "decks",
    "discards",
    "box",
    "last_round",
    "winner",
    "draw",
}
PLAYER_KEYS = {
    "seat",
    "life",
    "hand_size",
    "red_in_hand",
    "blue_in_hand",
    "koku",
    "koku_total",
    "no_parry_next_round",
    "passes_left",
}
CARD_KEYS = {
    "type",
    "name",
    "deck",
    "value",
    "boosted_value",
    "koku",
    "worth",
    "cost",
    "effects",
    "text",
    "label",
}


def table(game, **kw):
    return build(game, hands=HANDS, **kw)


def test_view_schema(game) -> None:
    state = table(game, rows=[["Coin Punch"], []])
    view = state.view(0)
    assert set(view) == VIEW_KEYS
    assert view["game"] == "kung-fu"
    assert view["decision"] == {
        "kind": "attack",
        "player": 0,
        "text": "attack with a red card, face up or face down, or give up the initiative",
        "due": None,
        "count": None,
    }
    for p in view["players"]:
        assert set(p) == PLAYER_KEYS
    assert set(view["hand"][0]) == CARD_KEYS
    assert set(view["players"][0]["koku"][0]) == CARD_KEYS
    assert view["attack"] is None and view["parry"] is None
    assert view["players"][0]["koku_total"] == 1
    json.dumps(view)
    act(state, "attack with Heavy face up")
    view = state.view(1)
    assert set(view["attack"]) == {"card", "face_down", "activated", "value"}
    assert view["phase"] == "parry"


def test_a_seat_sees_its_own_hand_only(game) -> None:
    state = table(game)
    assert sorted(c["name"] for c in state.view(1)["hand"]) == sorted(HANDS[1])
    assert SECRET not in json.dumps(state.view(0))
    assert state.view(None)["hand"] is None
    assert SECRET not in json.dumps(state.view(None))
    # Colour counts are public.
    counts = [(p["red_in_hand"], p["blue_in_hand"]) for p in state.view(0)["players"]]
    assert counts == [(2, 1), (1, 2)]


def test_face_down_attack_hidden_until_turned_up(game) -> None:
    state = table(game)
    act(state, "attack with Heavy face down")
    for seat in (1, None):
        assert state.view(seat)["attack"]["card"] is None
        assert "Heavy" not in json.dumps(state.view(seat))
    assert state.view(0)["attack"]["card"]["name"] == "Heavy"
    act(state, "draw 0 red, the rest blue", "parry with Block")
    # Resolved: 5 against 2, the next round has begun, the last round is public.
    assert state.view(1)["last_round"]["attack_value"] == 5


def test_private_log_events(game) -> None:
    state = table(game)
    act(state, "give up the initiative", "draw 1 red, the rest blue")
    for e in state.log:
        if e.kind in ("drew", "attack_card"):
            assert e.visible_to == frozenset({0})
    assert all(e.visible(None) for e in state.log_for(None))


def test_determinize_keeps_what_the_observer_knows(game) -> None:
    state = table(game, rows=[["Coin Punch"], ["Coin Block"]])
    act(state, "give up the initiative", "draw 1 red, the rest blue")
    seen = Counter()
    for i in range(20):
        det = state.determinize(0, Rng(i))
        assert det.view(0) == state.view(0)
        assert hand(det, 0) == hand(state, 0)
        assert (det.reds, det.blues) == (state.reds, state.blues)
        # The opponent's hand is re-dealt from unseen cards of the same colours.
        colours = [det.game.cards.colour[k] for k in det.hand_types(1)]
        assert (colours.count(0), colours.count(1)) == (state.reds[1], state.blues[1])
        seen[tuple(hand(det, 1))] += 1
        assert det.history == []
        assert all(e.visible(0) for e in det.log)
        assert len(det.decks[0].draw_pile) == len(state.decks[0].draw_pile)
    assert len(seen) > 1  # hidden cards really are re-sampled


def test_determinize_resamples_a_face_down_attack_for_the_defender(game) -> None:
    state = table(game)
    act(state, "attack with Heavy face down")
    attacks = set()
    for i in range(30):
        det = state.determinize(1, Rng(i))
        assert det.view(1) == state.view(1)
        assert det.game.cards.colour[det.att_card] == 0
        attacks.add(det.att_card)
        det_attacker = state.determinize(0, Rng(i))
        assert det_attacker.att_card == state.att_card  # the attacker knows it
    assert len(attacks) > 1


def test_round_trip(game) -> None:
    state = table(game, rows=[["Coin Punch"], []])
    act(state, "attack with Heavy face down")
    data = json.loads(json.dumps(state.to_dict()))
    twin = game.state_from_dict(data)
    assert twin.to_dict() == state.to_dict()
    assert [a.id for a in twin.legal_actions()] == [a.id for a in state.legal_actions()]


def test_clone_is_independent(game) -> None:
    state = table(game)
    before = state.to_dict()
    twin = state.clone()
    act(twin, "attack with Heavy face up", "parry with Block")
    assert state.to_dict() == before
    assert twin.to_dict() != before


def test_default_deck_views_are_json() -> None:
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=7)
    for seat in (0, 1, None):
        json.dumps(state.view(seat))


def test_phases_follow_the_round(make_game) -> None:
    state = build(
        make_game(facedown_draw="must"),  # the face-down draw is a plain "draw" decision
        hands=[["Power Kick", "Jab"], ["Block", "Wall", "Jab"]],
        rows=[["Coin Punch", "Coin Punch"], []],
    )

    def phase() -> tuple[str, str]:
        view = state.view(None)
        return view["phase"], view["decision"]["kind"]

    assert phase() == ("initiative", "attack")
    act(state, "attack with Power Kick face down")
    assert phase() == ("parry", "draw")
    act(state, "draw 0 red, the rest blue")
    assert phase() == ("parry", "parry")
    act(state, "parry with Wall")
    assert phase() == ("activation", "activate")
    act(state, "do not activate")
    assert phase() == ("result", "defender_choice")
    act(state, "draw the difference")  # 4 - 3 = 1 card
    assert phase() == ("result", "draw")
    act(state, "draw 0 red, the rest blue")
    assert phase() == ("initiative", "attack")
