"""The position fields `box`, `moves` and UNO Power's `start`, tested from the docs alone.

Every expectation here comes from docs/positions.md and the game pages
(docs/games/uno-power.md, kung-fu.md, king-of-tokyo.md), read through the public API:
`game.position`, `legal_actions`, `view`, `apply`, `to_dict`, `tabletop.load_state`,
`determinize` and `GameRecord`.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tabletop
from tabletop import GameRecord
from tabletop.core import Rng
from tabletop.core.errors import InvalidOptionsError, StateFormatError

# ---------------------------------------------------------------- helpers


def labels(state) -> list[str]:
    return [a.label for a in state.legal_actions()]


def play(state, label: str) -> None:
    """Apply the legal action whose label is `label` (fails if there is none)."""
    by_label = {a.label: a for a in state.legal_actions()}
    assert label in by_label, f"{label!r} not in {sorted(by_label)}"
    state.apply(by_label[label])


def uno_deck(game) -> list[str]:
    """Every card of the UNO Power deck, by name, as the docs' own example lists them."""
    return [game.cards.names[k] for k in game.cards.deck]


def without(cards: list[str], taken: list[str]) -> list[str]:
    rest = list(cards)
    for name in taken:
        rest.remove(name)
    return rest


def uno_places(state) -> dict[str, Counter]:
    """Where each UNO card kind lies, from the saved state (state-format.md)."""
    data = state.to_dict()["state"]
    return {
        "hands": Counter(k for hand in data["hands"] for k in hand),
        "draw": Counter(data["deck"]["draw"]),
        "discard": Counter(data["deck"]["discard"]),
        "box": Counter(data.get("box", [])),
    }


def kung_fu_deck(game) -> list[str]:
    cards = game.cards
    return [name for name, n in zip(cards.names, cards.count, strict=True) for _ in range(n)]


def kung_fu_colour(game, name: str) -> int:
    """0 for a red (attack) card, 1 for a blue (parry) card."""
    return game.cards.colour[game.cards.names.index(name)]


def kung_fu_places(state) -> dict[str, Counter]:
    data = state.to_dict()["state"]
    return {
        "hands": Counter(t for hand in data["hands"] for t in hand),
        "piles": Counter(t for pile in data["decks"] for t in pile["draw"] + pile["discard"]),
        "rows": Counter(t for row in data["rows"] for t in row),
        "box": Counter(data.get("box", [])),
    }


def kot_ids(game, names: list[str]) -> list[str]:
    """The view's ids of King of Tokyo Power cards given by name."""
    view_ids = {
        n: c.name.lower() for n, c in zip(game.cards.names, game.cards.instances, strict=True)
    }
    return [view_ids[n] for n in names]


def hand_labels(state, seat: int) -> list[str]:
    return sorted(card["label"] for card in state.view(seat)["hand"])


# ======================================================================= box


class TestBoxUnoPower:
    def test_docs_example_short_draw_pile(self):
        game = tabletop.make("uno-power")
        left = without(
            uno_deck(game), ["red 5", "blue 9", "blue 5", "red 3", "green 7", "yellow 1"]
        )
        state = game.position(
            {
                "hands": [["red 5", "blue 9"], ["blue 5"]],
                "top": "red 3",
                "draw": ["green 7", "yellow 1"],
                "box": left,
            }
        )
        view = state.view(None)
        assert view["draw_pile"] == 2
        assert view["discard_pile"] == 1
        assert len(view["box"]) == len(game.cards.deck) - 6
        assert Counter(card["label"] for card in view["box"]) == Counter(left)
        # Without a box, the view's box is empty.
        assert (
            game.position({"hands": [["red 5"], ["blue 5"]], "top": "red 3"}).view(None)["box"]
            == []
        )
        assert game.new_state(2, seed=3).view(None)["box"] == []

    def test_box_cards_lie_nowhere_else(self):
        game = tabletop.make("uno-power")
        # Both copies of red 9 and every wild card: no other place may hold any of them.
        box = ["red 9", "red 9"] + ["Wild Draw Four"] * 4 + ["Wild Grab-a-Tower"] * 4
        state = game.position(
            {"hands": [["red 5", "blue 9"], ["blue 5"]], "top": "red 3", "box": box}
        )
        names = game.cards.names
        places = uno_places(state)
        boxed = {names.index(n) for n in box}
        for place in ("hands", "draw", "discard"):
            assert not boxed & set(places[place]), place
        assert places["box"] == Counter(names.index(n) for n in box)
        # Every card of the deck lies in exactly one place.
        total = places["hands"] + places["draw"] + places["discard"] + places["box"]
        assert total == Counter(game.cards.deck)
        view = state.view(None)
        assert view["draw_pile"] == len(game.cards.deck) - 3 - 1 - len(box)
        assert sorted(c["label"] for c in view["box"]) == sorted(box)

    def test_short_pile_reshuffles_the_discards_but_never_the_box(self):
        game = tabletop.make("uno-power")
        hands = [["blue 9", "blue 8"], ["yellow 4", "yellow 6"]]
        placed = [*hands[0], *hands[1], "red 3", "green 2", "green 5", "green 7"]
        box = without(uno_deck(game), placed)
        state = game.position(
            {
                "hands": hands,
                "top": "red 3",
                "discard": ["green 2", "green 5"],
                "draw": ["green 7"],
                "box": box,
            }
        )
        assert state.view(None)["draw_pile"] == 1
        play(state, "draw a card")  # seat 0 draws green 7, which does not match red 3
        assert "green 7" in hand_labels(state, 0)
        assert state.current_player == 1
        play(state, "draw a card")  # the pile is empty: green 2 and green 5 come back
        view = state.view(None)
        assert "reshuffle" in [e.kind for e in state.log]
        assert view["discard_pile"] == 1 and view["top_card"]["label"] == "red 3"
        assert view["draw_pile"] == 1
        drawn = set(hand_labels(state, 1)) - {"yellow 4", "yellow 6"}
        assert len(drawn) == 1 and drawn <= {"green 2", "green 5"}
        assert Counter(c["label"] for c in view["box"]) == Counter(box)
        # The box is unchanged and every card still lies in exactly one place.
        places = uno_places(state)
        assert places["box"] == Counter(game.cards.names.index(n) for n in box)
        total = places["hands"] + places["draw"] + places["discard"] + places["box"]
        assert total == Counter(game.cards.deck)

    def test_draw_that_finds_no_card_is_a_pass_and_passes_end_the_round(self):
        game = tabletop.make("uno-power", target_score="single_round")
        hands = [["blue 9", "blue 8"], ["yellow 4", "yellow 6"]]
        box = without(uno_deck(game), [*hands[0], *hands[1], "red 3"])
        state = game.position({"hands": hands, "top": "red 3", "box": box})
        view = state.view(None)
        assert view["draw_pile"] == 0 and view["discard_pile"] == 1
        play(state, "draw a card")
        assert not state.is_terminal()
        assert state.current_player == 1
        assert [p["hand_size"] for p in state.view(None)["players"]] == [2, 2]
        play(state, "draw a card")
        # As many passes as players: the round ends; fewest points in hand (10 < 17) wins.
        assert state.is_terminal()
        assert state.winners() == [1]

    def test_next_round_deal_shuffles_the_whole_deck(self):
        game = tabletop.make("uno-power")  # a match to 500: a second round follows
        hands = [["blue 9", "blue 8"], ["yellow 4", "yellow 6"]]
        box = without(uno_deck(game), [*hands[0], *hands[1], "red 3"])
        state = game.position({"hands": hands, "top": "red 3", "box": box})
        play(state, "draw a card")
        play(state, "draw a card")
        view = state.view(None)
        assert view["round"] == 2
        assert view["box"] == []
        assert [p["hand_size"] for p in view["players"]] == [7, 7]
        assert view["draw_pile"] + view["discard_pile"] + 14 == len(game.cards.deck)

    def test_saving_and_loading_keeps_the_box(self):
        game = tabletop.make("uno-power")
        box = ["RED 9", "wild draw four", "Blue Skip", "Blue 7 (o)"]  # case does not matter
        state = game.position(
            {"hands": [["red 5", "blue 9"], ["blue 5"]], "top": "red 3", "box": box}
        )
        expected = ["Wild Draw Four", "blue 7 (O)", "blue Skip", "red 9"]
        assert sorted(c["label"] for c in state.view(None)["box"]) == expected
        data = json.loads(json.dumps(state.to_dict()))
        loaded = tabletop.load_state(data)
        assert loaded.view(None)["box"] == state.view(None)["box"]
        assert loaded.to_dict() == state.to_dict()
        again = game.state_from_dict(data)
        assert sorted(c["label"] for c in again.view(None)["box"]) == expected
        # The box is a place of its own: a card found twice (in a hand and the box) or
        # lost (dropped from the box) is refused on loading.
        red_5, red_9 = game.cards.names.index("red 5"), game.cards.names.index("red 9")
        twice = json.loads(json.dumps(data))
        twice["state"]["box"].append(red_5)
        with pytest.raises(StateFormatError, match="red 5"):
            tabletop.load_state(twice)
        lost = json.loads(json.dumps(data))
        lost["state"]["box"].remove(red_9)
        with pytest.raises(StateFormatError, match="red 9"):
            tabletop.load_state(lost)

    def test_determinized_copies_never_deal_box_cards(self):
        game = tabletop.make("uno-power")
        box = ["Wild Draw Four"] * 4 + ["Wild Grab-a-Tower"] * 4 + ["red 9", "red 9"]
        state = game.position(
            {
                "hands": [["red 5", "blue 9", "green 4"], ["blue 5", "green 1", "yellow 2"]],
                "top": "red 3",
                "box": box,
            }
        )
        boxed = {game.cards.names.index(n) for n in box}
        for seed in range(5):
            guess = state.determinize(0, Rng(seed))
            places = uno_places(guess)
            assert not boxed & set(places["hands"] + places["draw"] + places["discard"])
            assert places["box"] == uno_places(state)["box"]

    def test_box_leaving_too_few_cards_names_hands_or_top(self):
        game = tabletop.make("uno-power")
        box = without(uno_deck(game), ["red 3", "red 4", "red 5"])
        with pytest.raises(InvalidOptionsError, match=r"position\.hands"):
            game.position({"players": 2, "top": "red 3", "box": box})
        hands = [["red 5", "blue 9"], ["blue 5"]]
        box = without(uno_deck(game), [*hands[0], *hands[1], "Wild Draw Four"])
        with pytest.raises(InvalidOptionsError, match=r"position\.top"):
            game.position({"hands": hands, "box": box})


class TestBoxKungFu:
    def test_box_cards_lie_nowhere_else_and_survive_saving(self):
        game = tabletop.make("kung-fu")
        box = ["Iron Fist", "Cross Block", "Cross Block", "Cross Block", "Drunken Master"]
        state = game.position(
            {
                "hands": [["Straight Punch", "Forearm Block"], ["Low Kick", "Iron Shirt"]],
                "rows": [["Palm Strike"], []],
                "box": box,
            }
        )
        places = kung_fu_places(state)
        names = game.cards.names
        boxed = {names.index(n) for n in box}
        for place in ("hands", "piles", "rows"):
            assert not boxed & set(places[place]), place
        total = places["hands"] + places["piles"] + places["rows"] + places["box"]
        assert sum(total.values()) == len(kung_fu_deck(game))
        assert total == Counter(names.index(n) for n in kung_fu_deck(game))
        view = state.view(None)
        assert Counter(c["name"] for c in view["box"]) == Counter(box)
        reds_out = sum(1 for n in box if kung_fu_colour(game, n) == 0)
        blues_out = len(box) - reds_out
        assert view["decks"] == {"red": 30 - 2 - 1 - reds_out, "blue": 30 - 2 - blues_out}
        # Saving and loading keeps the box.
        data = json.loads(json.dumps(state.to_dict()))
        loaded = tabletop.load_state(data)
        assert loaded.to_dict() == state.to_dict()
        assert loaded.view(None)["box"] == view["box"]

    def test_red_pile_of_one_card_limits_the_handover_draw(self):
        game = tabletop.make("kung-fu")
        hands = [["Straight Punch", "Forearm Block"], ["Low Kick", "Cross Block"]]
        reds_left = [
            n
            for n in without(kung_fu_deck(game), [*hands[0], *hands[1], "Tiger Claw"])
            if kung_fu_colour(game, n) == 0
        ]
        # With every red card out, only 2 cards can be drawn: no voluntary handover.
        everything_else = without(
            kung_fu_deck(game), [*hands[0], *hands[1], "Iron Shirt", "Disarm"]
        )
        bare = game.position(
            {
                "hands": hands,
                "attacker": 0,
                "blue": ["Iron Shirt", "Disarm"],
                "box": everything_else,
            }
        )
        assert bare.view(None)["decks"] == {"red": 0, "blue": 2}
        assert "give up the initiative" not in labels(bare)
        state = game.position(
            {"hands": hands, "attacker": 0, "red": ["Tiger Claw"], "box": reds_left}
        )
        view = state.view(None)
        assert view["decks"]["red"] == 1
        assert len(view["box"]) == 30 - 3
        play(state, "give up the initiative")
        # Fighter 0 becomes the defender and draws 3; only one red card can be drawn.
        assert state.current_player == 0
        assert labels(state) == ["draw 0 red, the rest blue", "draw 1 red, the rest blue"]
        play(state, "draw 1 red, the rest blue")
        assert "Tiger Claw" in [c["name"] for c in state.view(0)["hand"]]
        after = state.view(None)
        assert after["decks"]["red"] == 0
        assert Counter(c["name"] for c in after["box"]) == Counter(reds_left)

    def test_empty_red_pile_is_refilled_from_its_discards_not_the_box(self):
        game = tabletop.make("kung-fu")
        hands = [["Straight Punch", "Forearm Block"], ["Low Kick", "Cross Block"]]
        reds_left = [
            n
            for n in without(kung_fu_deck(game), [*hands[0], *hands[1], "Tiger Claw"])
            if kung_fu_colour(game, n) == 0
        ]
        state = game.position(
            {"hands": hands, "attacker": 0, "red_discard": ["Tiger Claw"], "box": reds_left}
        )
        assert state.view(None)["decks"]["red"] == 0
        play(state, "give up the initiative")
        assert labels(state) == ["draw 0 red, the rest blue", "draw 1 red, the rest blue"]
        play(state, "draw 1 red, the rest blue")
        assert "reshuffle" in [e.kind for e in state.log]
        assert "Tiger Claw" in [c["name"] for c in state.view(0)["hand"]]
        assert Counter(c["name"] for c in state.view(None)["box"]) == Counter(reds_left)

        # With reshuffle_on_empty off, the red discards do not come back.
        game = tabletop.make("kung-fu", reshuffle_on_empty=False)
        placed = [*hands[0], *hands[1], "Tiger Claw", "Mantis Strike"]
        reds_left = [n for n in without(kung_fu_deck(game), placed) if kung_fu_colour(game, n) == 0]
        state = game.position(
            {
                "hands": hands,
                "attacker": 0,
                "red": ["Tiger Claw"],
                "red_discard": ["Mantis Strike"],
                "box": reds_left,
            }
        )
        play(state, "give up the initiative")
        assert labels(state) == ["draw 0 red, the rest blue", "draw 1 red, the rest blue"]

    def test_determinized_copies_never_deal_box_cards(self):
        game = tabletop.make("kung-fu")
        box = ["Iron Fist", "Immovable Mountain", "Drunken Master", "Bridge of Heaven"]
        state = game.position({"box": box, "seed": 5})
        boxed = {game.cards.names.index(n) for n in box}
        for seed in range(5):
            guess = state.determinize(state.current_player, Rng(seed))
            places = kung_fu_places(guess)
            assert not boxed & set(places["hands"] + places["piles"] + places["rows"])
            assert places["box"] == kung_fu_places(state)["box"]


class TestBoxKingOfTokyo:
    def test_deck_of_none_and_an_empty_slot_stays_empty(self):
        game = tabletop.make("king-of-tokyo")
        row = ["Heal", "Frenzy", "Jets"]
        box = [n for n in game.cards.names if n not in row]
        state = game.position(
            {
                "monsters": [{"name": "Kraken", "energy": 10}, "The King"],
                "step": "buy phase",
                "row": row,
                "box": box,
            }
        )
        view = state.view(None)
        assert view["deck_size"] == 0
        assert sorted(view["box"]) == sorted(kot_ids(game, box))
        assert [c["id"] for c in view["row"]] == kot_ids(game, row)
        play(state, "buy the card in slot 3 of the row")  # Jets, a Keep card
        view = state.view(None)
        assert [c["id"] for c in view["monsters"][0]["cards"]] == ["jets"]
        assert view["row"][2] is None
        assert [c and c["id"] for c in view["row"][:2]] == ["heal", "frenzy"]
        assert sorted(view["box"]) == sorted(kot_ids(game, box))

    def test_discard_pile_refills_the_deck_but_never_the_box(self):
        game = tabletop.make("king-of-tokyo")
        row = ["Heal", "Frenzy", "Jets"]
        box = [n for n in game.cards.names if n not in [*row, "Camouflage"]]
        state = game.position(
            {
                "monsters": [{"name": "Kraken", "energy": 10}, "The King"],
                "step": "buy phase",
                "row": row,
                "discard": ["Camouflage"],
                "box": box,
            }
        )
        assert state.view(None)["deck_size"] == 0
        play(state, "buy the card in slot 3 of the row")
        view = state.view(None)
        assert view["row"][2]["id"] == "camouflage"
        assert view["discard"] == []
        assert sorted(view["box"]) == sorted(kot_ids(game, box))

    def test_box_by_name_or_id_lies_nowhere_else_and_survives_saving(self):
        game = tabletop.make("king-of-tokyo")
        state = game.position(
            {
                "monsters": [
                    {"name": "Kraken", "cards": ["Acid Attack"]},
                    "The King",
                    "Meka Dragon",
                ],
                "row": ["Heal", "Frenzy", "Jets"],
                "box": ["Camouflage", "wings", "Giant Brain"],
            }
        )
        view = state.view(None)
        assert sorted(view["box"]) == ["camouflage", "giant_brain", "wings"]
        assert view["deck_size"] == 66 - 1 - 3 - 3
        seen = {c["id"] for c in view["row"] if c} | set(view["discard"])
        seen |= {c["id"] for m in view["monsters"] for c in m["cards"]}
        assert not seen & set(view["box"])
        data = state.to_dict()["state"]
        in_box = {game.cards.names.index(n) for n in ["Camouflage", "Wings", "Giant Brain"]}
        assert set(data["box"]) == in_box
        assert not in_box & set(data["deck"])
        assert sorted(data["deck"] + data["discard"] + data["row"] + data["box"] + [0]) == list(
            range(66)
        )
        # Saving and loading keeps the box.
        loaded = tabletop.load_state(json.loads(json.dumps(state.to_dict())))
        assert loaded.to_dict() == state.to_dict()
        assert sorted(loaded.view(None)["box"]) == ["camouflage", "giant_brain", "wings"]
        # A determinized copy shuffles the deck without the box.
        for seed in range(3):
            guess = state.determinize(0, Rng(seed)).to_dict()["state"]
            assert set(guess["box"]) == in_box and not in_box & set(guess["deck"])


# The refusals the docs list for `box`: not a list, an unknown card, more copies than the
# deck holds besides those placed elsewhere. Each is refused as `position.box`.
BOX_REFUSALS = {
    "uno-power": [
        {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "box": "red 7"},
        {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "box": {"red 7": 1}},
        {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "box": ["purple 7"]},
        {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "box": ["Wild Draw Four"] * 5},
        {"hands": [["red 9"], ["red 9"]], "top": "red 3", "box": ["red 9"]},
        {
            "hands": [["red 5"], ["blue 5"]],
            "top": "red 3",
            "draw": ["green 9", "green 9"],
            "box": ["green 9"],
        },
    ],
    "kung-fu": [
        {"box": "Iron Fist"},
        {"box": ["Iron Fist of Doom"]},
        {"box": ["Iron Fist", "Iron Fist"]},
        {"hands": [["Iron Fist"], ["Forearm Block"]], "box": ["Iron Fist"]},
        {"rows": [["Palm Strike"], []], "box": ["Palm Strike"]},
    ],
    "king-of-tokyo": [
        {"monsters": ["Kraken", "The King"], "box": "Heal"},
        {"monsters": ["Kraken", "The King"], "box": ["Super Heal"]},
        {"monsters": ["Kraken", "The King"], "box": ["Heal", "heal"]},
        {"monsters": [{"name": "Kraken", "cards": ["Jets"]}, "The King"], "box": ["Jets"]},
        {"monsters": ["Kraken", "The King"], "row": ["Heal", "Frenzy", "Jets"], "box": ["Frenzy"]},
    ],
}


@pytest.mark.parametrize("game_id", sorted(BOX_REFUSALS))
def test_refused_box_names_position_box(game_id):
    game = tabletop.make(game_id)
    for fields in BOX_REFUSALS[game_id]:
        with pytest.raises(InvalidOptionsError, match=r"position\.box"):
            game.position(fields)
    if game_id == "uno-power":  # an unknown card comes with the names that come close
        with pytest.raises(InvalidOptionsError, match="Wild Draw Four"):
            game.position(
                {"hands": [["red 5"], ["blue 5"]], "top": "red 3", "box": ["Wild Draw 4"]}
            )


# ===================================================================== moves


class TestMovesUnoPower:
    def test_wild_draw_four_waiting_for_its_challenge(self):
        game = tabletop.make("uno-power")
        fields = {
            "hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]],
            "top": "red 3",
            "moves": ["play Wild Draw Four, name green"],
        }
        state = game.position(fields)
        assert labels(state) == ["challenge the Wild Draw Four", "accept the Wild Draw Four"]
        assert state.current_player == 1
        view = state.view(None)
        assert view["decision"]["kind"] == "challenge"
        assert view["colour"] == "green"
        assert view["top_card"]["label"] == "Wild Draw Four"
        assert view["pending_draw"] == 4
        assert state.history == []
        # One move further: seat 0 held no red card, so the challenger draws 6 and
        # loses the turn.
        state = game.position(
            {**fields, "moves": [*fields["moves"], "challenge the Wild Draw Four"]}
        )
        assert [p["hand_size"] for p in state.view(None)["players"]] == [2, 8]
        assert state.current_player == 0
        assert state.view(None)["decision"]["kind"] == "turn"

    def test_catch_window_for_each_opponent_in_play_order(self):
        game = tabletop.make("uno-power")
        fields = {
            "hands": [["red 5", "blue 9"], ["blue 5", "green 1"], ["yellow 3", "green 2"]],
            "top": "red 3",
            "moves": ["play red 5"],
        }
        state = game.position(fields)
        assert state.current_player == 1
        assert labels(state) == ["catch the missed UNO call", "let it go"]
        assert state.view(None)["decision"]["kind"] == "catch"
        state = game.position({**fields, "moves": ["play red 5", "let it go"]})
        assert state.current_player == 2
        assert state.view(None)["decision"]["kind"] == "catch"
        state = game.position({**fields, "moves": ["play red 5", "catch the missed UNO call"]})
        assert state.view(None)["players"][0]["hand_size"] == 3  # 1 card and the penalty of 2

    def test_grab_two_towers_tower_choice(self):
        game = tabletop.make("uno-power")
        state = game.position(
            {
                "hands": [["red Grab Two Towers", "blue 9"], ["blue 5", "green 1"]],
                "top": "red 3",
                "moves": ["play red Grab Two Towers"],
            }
        )
        assert state.current_player == 0
        assert state.view(None)["decision"]["kind"] == "towers"
        assert "take towers U and N" in labels(state)

    def test_colour_to_name_after_a_first_card_wild(self):
        game = tabletop.make("uno-power")
        fields = {
            "start": "first card",
            "hands": [["red 5", "blue 9"], ["blue 5", "green 1"]],
            "top": "Wild Grab-a-Tower",
            "dealer": 1,
        }
        state = game.position(fields)
        assert state.current_player == 0
        assert state.view(None)["decision"]["kind"] == "name_colour"
        assert labels(state) == ["name red", "name blue", "name green", "name yellow"]
        assert state.view(None)["colour"] is None
        state = game.position({**fields, "moves": ["name blue"]})
        view = state.view(None)
        assert view["colour"] == "blue"
        assert state.current_player == 0  # the first player names the colour, then plays
        assert view["decision"]["kind"] == "turn"
        assert "play blue 9" in labels(state)
        assert "play red 5" not in labels(state)
        assert view["towers"] == {"U": None, "N": None, "O": None, "!": None}

    def test_labels_match_case_and_spaces_aside(self):
        game = tabletop.make("uno-power")
        fields = {"hands": [["red 5", "blue 9"], ["blue 5", "green 1"]], "top": "red 3"}
        exact = game.position({**fields, "moves": ["play red 5 and call UNO"]})
        loose = game.position({**fields, "moves": ["  PLAY Red 5   and CALL uno "]})
        assert loose.to_dict() == exact.to_dict()

    def test_illegal_or_late_move_names_its_index(self):
        game = tabletop.make("uno-power")
        fields = {
            "hands": [["red 5", "blue 9", "green 2"], ["blue 5", "green 1", "yellow 7"]],
            "top": "red 3",
        }
        with pytest.raises(InvalidOptionsError) as caught:
            game.position({**fields, "moves": ["play red 5", "play blue 5", "play yellow 7"]})
        message = str(caught.value)
        assert "position.moves[2]" in message
        assert "'draw a card'" in message  # the legal labels come with it
        with pytest.raises(InvalidOptionsError, match=r"position\.moves\[0\]"):
            game.position({**fields, "moves": ["play green 2"]})
        # A move after the game's end.
        single = tabletop.make("uno-power", target_score="single_round")
        short = {"hands": [["red 5"], ["blue 5", "green 1"]], "top": "red 3"}
        assert single.position({**short, "moves": ["play red 5"]}).is_terminal()
        with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]"):
            single.position({**short, "moves": ["play red 5", "draw a card"]})

    def test_moves_draw_the_scripted_cards_and_are_not_history(self):
        game = tabletop.make("uno-power")
        state = game.position(
            {
                "hands": [["blue 9", "green 1"], ["blue 5", "green 2"]],
                "top": "red 3",
                "draw": ["red 8", "yellow 4"],
                "moves": ["draw a card"],
            }
        )
        assert "red 8" in hand_labels(state, 0)
        assert state.view(0)["drawn_card"]["label"] == "red 8"
        assert state.view(None)["decision"]["kind"] == "play_drawn"
        state = game.position(
            {
                "hands": [["red 5", "blue 9", "green 2"], ["blue 5", "green 1"]],
                "top": "red 3",
                "moves": ["play red 5", "play blue 5"],
            }
        )
        assert state.history == []
        assert state.to_dict()["history"] == []
        assert len([e for e in state.log if e.kind == "play"]) == 2  # the log tells them
        assert state.view(None)["top_card"]["label"] == "blue 5"

    def test_record_keeps_the_position_and_replays_after_it(self):
        game = tabletop.make("uno-power")
        fields = {
            "hands": [["red 5", "blue 9", "green 2"], ["blue 5", "green 1", "yellow 7"]],
            "top": "red 3",
            "seed": 9,
            "moves": ["play red 5"],
        }
        state = game.position(fields)
        play(state, "play blue 5")
        play(state, "play blue 9")
        record = GameRecord.from_state(state, position=fields)
        loaded = GameRecord.from_json(record.to_json())
        assert loaded.position["moves"] == ["play red 5"]
        assert len(loaded.actions) == 2
        assert loaded.start().to_dict() == game.position(fields).to_dict()
        assert loaded.replay().to_dict(include_log=False) == state.to_dict(include_log=False)


class TestMovesKungFu:
    def test_parry_decision_and_illegal_move(self):
        game = tabletop.make("kung-fu")
        fields = {"hands": [["Low Kick"], ["Forearm Block", "Cross Block"]], "attacker": 0}
        state = game.position({**fields, "moves": ["attack with Low Kick face up"]})
        assert state.current_player == 1
        assert state.view(None)["decision"]["kind"] == "parry"
        assert sorted(labels(state)) == ["parry with Cross Block", "parry with Forearm Block"]
        with pytest.raises(InvalidOptionsError, match=r"position\.moves\[1\]"):
            game.position(
                {**fields, "moves": ["attack with Low Kick face up", "parry with Iron Shirt"]}
            )

    def test_activation_decision(self):
        game = tabletop.make("kung-fu")
        state = game.position(
            {
                "hands": [["Tiger Claw"], ["Forearm Block"]],
                "rows": [["Palm Strike"], []],
                "attacker": 0,
                "moves": ["attack with Tiger Claw face up"],
            }
        )
        assert state.current_player == 0
        assert state.view(None)["decision"]["kind"] == "activate"
        assert labels(state) == ["activate your card's effect", "do not activate"]

    def test_defenders_choice(self):
        game = tabletop.make("kung-fu")
        state = game.position(
            {
                "hands": [["Straight Punch"], ["Iron Shirt"]],
                "attacker": 0,
                "moves": ["attack with Straight Punch face up"],
            }
        )
        assert state.current_player == 1
        assert state.view(None)["decision"]["kind"] == "defender_choice"
        assert sorted(labels(state)) == ["draw the difference", "take the initiative"]

    def test_draw_split_uses_the_scripted_piles(self):
        game = tabletop.make("kung-fu")
        fields = {
            "hands": [["Straight Punch", "Forearm Block"], ["Low Kick", "Cross Block"]],
            "attacker": 0,
            "red": ["Tiger Claw", "Iron Fist"],
            "blue": ["Iron Shirt", "Disarm"],
            "moves": ["give up the initiative"],
        }
        state = game.position(fields)
        assert state.current_player == 0
        view = state.view(None)
        assert view["decision"]["kind"] == "draw" and view["decision"]["count"] == 3
        assert labels(state) == [f"draw {r} red, the rest blue" for r in range(4)]
        assert view["attacker"] == 1
        state = game.position(
            {**fields, "moves": ["give up the initiative", "draw 1 red, the rest blue"]}
        )
        hand = sorted(c["name"] for c in state.view(0)["hand"])
        assert hand == sorted(
            ["Straight Punch", "Forearm Block", "Tiger Claw", "Iron Shirt", "Disarm"]
        )
        assert state.current_player == 1
        assert state.history == []


class TestMovesKingOfTokyo:
    def test_monster_deciding_whether_to_yield_and_illegal_move(self):
        game = tabletop.make("king-of-tokyo")
        fields = {
            "monsters": ["Kraken", "The King", "Meka Dragon"],
            "city": "The King",
            "turn": "Kraken",
            "step": "rolling",
            "dice": ["claw", "claw", "claw", "1", "2", "3"],
        }
        state = game.position({**fields, "moves": ["stop rolling and resolve the dice"]})
        assert state.current_player == 1
        view = state.view(None)
        assert view["decision"]["kind"] == "yield"
        assert sorted(labels(state)) == ["stay in Tokyo", "yield Tokyo"]
        assert view["monsters"][1]["hearts"] == 7
        assert state.history == []
        with pytest.raises(InvalidOptionsError, match=r"position\.moves\[0\]") as caught:
            game.position({**fields, "moves": ["yield Tokyo"]})
        assert "and 20 more" in str(caught.value)  # 32 legal labels: the first 12 shown

    def test_scripted_first_roll_reaches_the_yield(self):
        game = tabletop.make("king-of-tokyo")
        state = game.position(
            {
                "monsters": ["Kraken", "The King", "Meka Dragon"],
                "city": "The King",
                "next_dice": ["claw", "claw", "1", "1", "2", "3"],
                "moves": ["stop rolling and resolve the dice"],
            }
        )
        assert state.current_player == 1
        assert state.view(None)["decision"]["kind"] == "yield"
        assert state.view(None)["monsters"][1]["hearts"] == 8


# ======================================================== UNO Power's first card


def first_card(top: str, **extra):
    """A 3-player first-card position dealt by seat 0 (seat 1 is left of the dealer)."""
    game = tabletop.make("uno-power", **extra.pop("options", {}))
    fields = {
        "start": "first card",
        "hands": [["red 5", "blue 9"], ["blue 5", "green 2"], ["yellow 1", "yellow 2"]],
        "top": top,
        "dealer": 0,
        "draw": ["green 7", "green 8", "yellow 9"],
        **extra,
    }
    return game.position(fields)


class TestFirstCard:
    def test_number_card_normal_start_and_no_tower_moves(self):
        state = first_card("red 5 (U)")
        view = state.view(None)
        assert state.current_player == 1
        assert view["direction"] == 1
        assert view["towers"] == {"U": None, "N": None, "O": None, "!": None}
        assert view["top_card"]["label"] == "red 5 (U)" and view["discard_pile"] == 1

    def test_draw_two_and_draw_one_make_the_first_player_draw_and_lose_the_turn(self):
        state = first_card("red Draw Two")
        view = state.view(None)
        assert [p["hand_size"] for p in view["players"]] == [2, 4, 2]
        assert hand_labels(state, 1) == ["blue 5", "green 2", "green 7", "green 8"]
        assert state.current_player == 2
        assert view["top_card"]["label"] == "red Draw Two"
        assert view["colour"] == "red"
        state = first_card("blue Draw One")
        assert [p["hand_size"] for p in state.view(None)["players"]] == [2, 3, 2]
        assert hand_labels(state, 1) == ["blue 5", "green 2", "green 7"]
        assert state.current_player == 2

    def test_skip_skips_the_player_left_of_the_dealer(self):
        state = first_card("green Skip")
        assert state.current_player == 2
        assert [p["hand_size"] for p in state.view(None)["players"]] == [2, 2, 2]

    def test_reverse_lets_the_dealer_start_to_the_right(self):
        state = first_card("yellow Reverse")
        assert state.current_player == 0
        assert state.view(None)["direction"] == -1

    def test_wild_draw_four_goes_back_and_the_first_of_draw_is_turned_up(self):
        state = first_card("Wild Draw Four")
        view = state.view(None)
        assert [e.kind for e in state.log][:2] == ["flip_back", "flip"]
        assert view["top_card"]["label"] == "green 7"
        assert view["discard_pile"] == 1
        assert state.current_player == 1
        wd4 = tabletop.make("uno-power").cards.names.index("Wild Draw Four")
        places = uno_places(state)
        assert places["draw"][wd4] == 4 and places["discard"][wd4] == 0
        # The deck went under the cards `draw` names: the next draw is green 8.
        play(state, "draw a card")
        assert "green 8" in hand_labels(state, 1)
        # The docs' example: a Draw Two turned up after the Wild Draw Four acts too.
        state = tabletop.make("uno-power").position(
            {
                "start": "first card",
                "hands": [["red 5", "blue 9"], ["blue 5", "green 2"]],
                "top": "Wild Draw Four",
                "draw": ["red Draw Two", "yellow 1", "yellow 2"],
                "dealer": 1,
            }
        )
        assert [e.kind for e in state.log][:2] == ["flip_back", "flip"]
        assert state.view(None)["top_card"]["label"] == "red Draw Two"
        assert hand_labels(state, 0) == ["blue 9", "red 5", "yellow 1", "yellow 2"]
        assert state.current_player == 1
        # With first_wild_grab_policy="redraw" a Wild Grab-a-Tower goes back the same way.
        state = first_card("Wild Grab-a-Tower", options={"first_wild_grab_policy": "redraw"})
        assert [e.kind for e in state.log][:2] == ["flip_back", "flip"]
        assert state.view(None)["top_card"]["label"] == "green 7"
        assert state.current_player == 1

    def test_grab_two_towers_allows_only_its_colour(self):
        game = tabletop.make("uno-power")
        state = game.position(
            {
                "start": "first card",
                "hands": [
                    ["red 5", "blue Grab Two Towers", "Wild Grab-a-Tower", "blue 3"],
                    ["blue 5", "green 2"],
                ],
                "top": "red Grab Two Towers",
                "dealer": 1,
            }
        )
        assert state.current_player == 0
        assert labels(state) == ["play red 5", "draw a card"]
        assert state.view(None)["towers"] == {"U": None, "N": None, "O": None, "!": None}

    def test_kept_tower_blocks_the_first_card(self):
        game = tabletop.make("uno-power", towers_reset_each_round=False)
        state = game.position(
            {
                "start": "first card",
                "hands": [["red 5", "blue 9"], ["blue 5", "green 2"]],
                "top": "blue Draw Two",
                "dealer": 1,
                "towers": {"N": 0},
            }
        )
        assert state.current_player == 0
        assert [p["hand_size"] for p in state.view(None)["players"]] == [2, 2]
        assert "play blue 9" in labels(state)

    def test_refusals_at_the_first_card(self):
        game = tabletop.make("uno-power")
        hands = [["red 5", "blue 9"], ["blue 5", "green 2"]]
        base = {"start": "first card", "hands": hands, "top": "red 4"}
        # The fields the first card decides.
        for field, value in [("turn", 1), ("direction", -1), ("discard", ["green 4"])]:
            with pytest.raises(InvalidOptionsError, match=rf"position\.{field}"):
                game.position({**base, field: value})
        with pytest.raises(InvalidOptionsError, match=r"position\.colour"):
            game.position({**base, "top": "Wild Grab-a-Tower", "colour": "red"})
        # A start other than "turn" or "first card".
        with pytest.raises(InvalidOptionsError, match=r"position\.start"):
            game.position({**base, "start": "first turn"})
        # A tower held while towers return to the pool each round.
        with pytest.raises(InvalidOptionsError, match=r"position\.towers"):
            game.position({**base, "towers": {"U": 0}})
        # A Wild Draw Four turned up first with no other card to take its place.
        box = without(uno_deck(game), [*hands[0], *hands[1], "Wild Draw Four"])
        with pytest.raises(InvalidOptionsError, match=r"position\."):
            game.position({**base, "top": "Wild Draw Four", "box": box})
