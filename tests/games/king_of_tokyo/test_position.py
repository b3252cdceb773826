"""King of Tokyo positions set up in the players' words (docs/positions.md).

Written from the documentation alone: docs/positions.md ("King of Tokyo", "Mistakes
name the field", "Position files") and the rules as implemented,
docs/games/king-of-tokyo.md. Everything is read through the public API: the view,
the legal actions' labels, the log, ``to_dict`` and ``state_from_dict``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError

FACES = ("1", "2", "3", "heart", "energy", "claw")
BOX_2011 = {"alienoid", "cyber_bunny", "giga_zaur", "kraken", "meka_dragon", "the_king"}
BOX_2016 = {"alienoid", "cyber_kitty", "giga_zaur", "meka_dragon", "space_penguin", "the_king"}
NO_SCORE = ["1", "1", "2", "2", "3", "3"]  # scores, heals, charges and hits nothing
STOP = "stop rolling and resolve the dice"
REROLL_ALL = "reroll all dice"
END_BUY = "end your Buy phase"
SWEEP = "pay 2 energy to sweep the row"
SMOKE = "spend a Smoke counter for an extra roll"


def build(fields: dict[str, Any], **options: Any) -> Any:
    return tabletop.make("king-of-tokyo", **options).position(fields)


def labels(state: Any) -> list[str]:
    return [a.label for a in state.legal_actions()]


def act(state: Any, label: str) -> None:
    for a in state.legal_actions():
        if a.label == label:
            state.apply(a)
            return
    raise AssertionError(f"{label!r} not legal; legal: {labels(state)}")


def monster(state: Any, seat: int, player: int | None = None) -> dict[str, Any]:
    return state.view(player)["monsters"][seat]


def kind(state: Any) -> str | None:
    decision = state.view(None)["decision"]
    return decision["kind"] if decision else None


def shown(*faces: str) -> list[str]:
    """Dice as the view shows them: in face order (docs/positions.md's example)."""
    return sorted(faces, key=FACES.index)


def card_ids(state: Any, seat: int) -> list[str]:
    return sorted(c["id"] for c in monster(state, seat)["cards"])


def card(state: Any, seat: int, card_id: str) -> dict[str, Any]:
    return next(c for c in monster(state, seat)["cards"] if c["id"] == card_id)


def row_ids(state: Any) -> list[str | None]:
    return [c["id"] if c else None for c in state.view(None)["row"]]


def evolutions(state: Any, seat: int, player: int | None = None) -> dict[str, Any]:
    return monster(state, seat, player)["evolutions"]


def table_ids(state: Any, seat: int) -> list[str]:
    return [e["id"] for e in evolutions(state, seat)["table"]]


def cards_in_play(state: Any) -> int:
    """Every Power card lies in exactly one place: deck, discard, row, a monster."""
    view = state.view(None)
    return (
        view["deck_size"]
        + len(view["discard"])
        + sum(1 for c in view["row"] if c)
        + sum(len(m["cards"]) for m in view["monsters"])
    )


def decline_windows(state: Any, seat: int) -> None:
    """Pass the Evolution windows that ask ``seat`` (a bounded number of times)."""
    for _ in range(10):
        if kind(state) != "play_evolution" or state.current_player != seat:
            return
        act(state, "decline")
    raise AssertionError("the windows keep asking")


# -- the documented example --------------------------------------------------------------


def test_the_documented_example() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Meka Dragon", "stars": 12, "cards": ["Acid Attack"]},
                {"name": "The King", "hearts": 4, "energy": 6},
                "Kraken",
            ],
            "city": "Meka Dragon",
            "row": ["Heal", "Frenzy", "Jets"],
            "next_dice": ["claw", "claw", "claw", "heart", "1", "1"],
        }
    )
    view = state.view(None)
    assert view["monsters"][0]["stars"] == 14  # 2 stars for starting the turn in Tokyo
    assert view["dice"] == ["1", "1", "heart", "claw", "claw", "claw"]
    assert [m["monster"] for m in view["monsters"]] == ["meka_dragon", "the_king", "kraken"]
    assert view["monsters"][1]["hearts"] == 4 and view["monsters"][1]["energy"] == 6
    assert row_ids(state) == ["heal", "frenzy", "jets"]
    assert card_ids(state, 0) == ["acid_attack"]


# -- top-level fields and their defaults ---------------------------------------------------


def test_an_empty_position_is_the_normal_set_up_at_seat_0s_first_roll() -> None:
    state = build({})
    view = state.view(None)
    assert len(view["monsters"]) == 4  # players: else 4
    ids = [m["monster"] for m in view["monsters"]]
    assert len(set(ids)) == 4 and set(ids) <= BOX_2011  # dealt from the 2011 box
    for m in view["monsters"]:
        assert (m["hearts"], m["max_hearts"], m["stars"], m["energy"]) == (10, 10, 0, 0)
        assert m["alive"] and m["location"] == "outside" and m["cards"] == []
        assert m["mimic"] is None and m["tokens"] == {"poison": 0, "shrink": 0}
    assert view["tokyo"]["city"] is None and view["tokyo"]["bay"] is None
    assert view["active"] == 0 and state.current_player == 0  # turn: seat 0
    assert view["turn"] == 1  # turn_number: 1
    # step "start of turn" ran: the six dice are rolled, two rerolls left.
    assert view["phase"] == "roll" and kind(state) == "roll"
    assert len(view["dice"]) == 6 and view["rolls_left"] == 2
    assert all(c is not None for c in view["row"])  # the row turned up
    assert view["discard"] == [] and view["deck_size"] == 66 - 3
    assert cards_in_play(state) == 66


def test_players_default_to_one_per_monster_entry() -> None:
    state = build({"monsters": ["Kraken", "The King", "Alienoid"]})
    assert [m["monster"] for m in state.view(None)["monsters"]] == [
        "kraken",
        "the_king",
        "alienoid",
    ]


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_players_without_monsters_deals_that_many(players: int) -> None:
    state = build({"players": players})
    ids = [m["monster"] for m in state.view(None)["monsters"]]
    assert len(ids) == players and len(set(ids)) == players and set(ids) <= BOX_2011


@pytest.mark.parametrize(("edition", "box"), [("2011", BOX_2011), ("2016", BOX_2016)])
def test_monsters_are_dealt_from_the_editions_box(edition: str, box: set[str]) -> None:
    state = build({"players": 6}, edition=edition)
    assert {m["monster"] for m in state.view(None)["monsters"]} == box


def test_monsters_are_dealt_from_the_monsters_option() -> None:
    state = build({"players": 3}, monsters="kraken,the_king,alienoid")
    assert [m["monster"] for m in state.view(None)["monsters"]] == [
        "kraken",
        "the_king",
        "alienoid",
    ]


def test_a_monster_object_without_a_name_is_dealt() -> None:
    state = build({"monsters": [{"hearts": 5, "stars": 3}, "Kraken"]})
    first = monster(state, 0)
    assert first["monster"] != "kraken" and first["monster"] in BOX_2011
    assert first["hearts"] == 5 and first["stars"] == 3


@pytest.mark.parametrize(
    ("given", "monster_id", "name"),
    [
        ("Meka Dragon", "meka_dragon", "Meka Dragon"),
        ("meka_dragon", "meka_dragon", "Meka Dragon"),
        ("Gigazaur", "giga_zaur", "Giga Zaur"),
        ("Giga Zaur", "giga_zaur", "Giga Zaur"),
        ("giga_zaur", "giga_zaur", "Giga Zaur"),
        ("The King", "the_king", "The King"),
        ("cyber_kitty", "cyber_kitty", "Cyber Kitty"),
        ("Space Penguin", "space_penguin", "Space Penguin"),
        ("Cyber Bunny", "cyber_bunny", "Cyber Bunny"),
    ],
)
def test_monsters_by_name_or_id(given: str, monster_id: str, name: str) -> None:
    for entry in (given, {"name": given}):
        state = build({"monsters": ["Alienoid", entry]})
        assert monster(state, 1)["monster"] == monster_id
        assert monster(state, 1)["name"] == name


def test_pandakai_is_one_of_the_nine() -> None:
    state = build({"monsters": ["Pandakaï", "Kraken"]})
    assert monster(state, 0)["name"] == "Pandakaï"


def test_seed_defaults_to_0_and_the_same_position_is_the_same_state() -> None:
    assert build({}).to_dict() == build({"seed": 0}).to_dict()
    fields = {"monsters": ["Kraken", {"name": "The King", "stars": 5}], "city": 1}
    assert build(fields).to_dict() == build(fields).to_dict()


def test_two_seeds_deal_what_the_position_leaves_out_differently() -> None:
    def deal(seed: int) -> tuple[Any, ...]:
        state = build({"seed": seed})
        view = state.view(None)
        return [m["monster"] for m in view["monsters"]], row_ids(state), view["dice"]

    assert deal(1) != deal(2)
    assert deal(1) == deal(1)


@pytest.mark.parametrize("city", [1, "The King", "the_king"])
def test_city_by_seat_or_name(city: Any) -> None:
    state = build({"monsters": ["Kraken", "The King", "Alienoid"], "city": city})
    view = state.view(None)
    assert view["tokyo"]["city"] == 1 and view["tokyo"]["bay"] is None
    assert [m["location"] for m in view["monsters"]] == ["outside", "city", "outside"]


@pytest.mark.parametrize("bay", [2, "Alienoid"])
def test_tokyo_bay_with_five_monsters(bay: Any) -> None:
    fields = {
        "monsters": ["Kraken", "The King", "Alienoid", "Meka Dragon", "Giga Zaur"],
        "city": "The King",
        "bay": bay,
    }
    view = build(fields).view(None)
    assert view["tokyo"] == {"city": 1, "bay": 2, "bay_open": True}
    assert [m["location"] for m in view["monsters"]][:3] == ["outside", "city", "bay"]


def test_claws_from_outside_hit_the_city_and_the_bay() -> None:
    state = build(
        {
            "monsters": ["Kraken", "The King", "Alienoid", "Meka Dragon", "Giga Zaur"],
            "city": 1,
            "bay": 2,
            "step": "after the last roll",
            "dice": ["claw", "claw", "1", "2", "3", "heart"],
        }
    )
    assert [m["hearts"] for m in state.view(None)["monsters"]] == [10, 8, 8, 10, 10]


@pytest.mark.parametrize("turn", [2, "Alienoid", "alienoid"])
def test_turn_by_seat_or_name(turn: Any) -> None:
    state = build({"monsters": ["Kraken", "The King", "Alienoid"], "turn": turn})
    assert state.view(None)["active"] == 2 and state.current_player == 2
    assert kind(state) == "roll"


def test_turn_number() -> None:
    state = build({"turn_number": 7})
    assert state.view(None)["turn"] == 7


def test_row_left_to_right() -> None:
    state = build({"monsters": ["Kraken", "The King"], "row": ["Jets", "Heal", "Frenzy"]})
    assert row_ids(state) == ["jets", "heal", "frenzy"]
    assert cards_in_play(state) == 66


def test_a_short_row_is_filled_from_the_deck() -> None:
    state = build({"monsters": ["Kraken", "The King"], "row": ["Heal"]})
    row = row_ids(state)
    assert row[0] == "heal" and None not in row and row.count("heal") == 1
    assert cards_in_play(state) == 66 and state.view(None)["deck_size"] == 66 - 3


def test_the_deck_is_drawn_in_the_order_given() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 3, "hearts": 5}, "The King"],
            "row": ["Heal", "Frenzy", "Jets"],
            "deck": ["Skyscraper", "Corner Store"],
            "step": "buy phase",
        }
    )
    act(state, "buy the card in slot 1 of the row")
    # The slot is refilled at once from the deck's top; Heal (+2 hearts) is discarded.
    assert row_ids(state) == ["skyscraper", "frenzy", "jets"]
    assert monster(state, 0)["hearts"] == 7 and monster(state, 0)["energy"] == 0
    assert "heal" in state.view(None)["discard"]


def test_a_sweep_deals_the_next_cards_of_the_deck() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 2}, "The King"],
            "row": ["Heal", "Frenzy", "Jets"],
            "deck": ["Skyscraper", "Corner Store", "Commuter Train"],
            "step": "buy phase",
        }
    )
    act(state, SWEEP)
    assert sorted(str(c) for c in row_ids(state)) == [
        "commuter_train",
        "corner_store",
        "skyscraper",
    ]
    assert {"heal", "frenzy", "jets"} <= set(state.view(None)["discard"])


def test_the_discard_pile() -> None:
    state = build({"monsters": ["Kraken", "The King"], "discard": ["Heal", "Tanks"]})
    assert sorted(state.view(None)["discard"]) == ["heal", "tank"]
    assert state.view(None)["deck_size"] == 66 - 3 - 2 and cards_in_play(state) == 66


# -- the steps ------------------------------------------------------------------------------


def test_start_of_turn_in_tokyo_gives_2_stars_then_rolls() -> None:
    state = build({"monsters": [{"name": "Kraken", "stars": 3}, "The King"], "city": 0})
    assert monster(state, 0)["stars"] == 5
    assert monster(state, 1)["stars"] == 0
    assert kind(state) == "roll" and len(state.view(None)["dice"]) == 6


def test_start_of_turn_outside_tokyo_gives_no_stars() -> None:
    state = build({"monsters": [{"name": "Kraken", "stars": 3}, "The King"], "city": 1})
    assert [m["stars"] for m in state.view(None)["monsters"]] == [3, 0]


def test_urbavore_adds_a_star_at_the_start_of_turn_in_tokyo() -> None:
    state = build(
        {"monsters": [{"name": "Kraken", "cards": ["Urbavore"]}, "The King"], "city": "Kraken"}
    )
    assert monster(state, 0)["stars"] == 2 + 1


def test_battery_monster_2016_pays_2_of_its_6_at_the_start_of_turn() -> None:
    state = build(
        {"monsters": [{"name": "Kraken", "cards": ["Battery Monster"]}, "The King"]},
        edition="2016",
    )
    assert monster(state, 0)["energy"] == 2
    assert card(state, 0, "battery_monster")["counters"] == 6 - 2


def test_monster_batteries_2011_pays_from_its_given_counters() -> None:
    state = build(
        {
            "monsters": [
                {
                    "name": "Kraken",
                    "cards": ["Monster Batteries"],
                    "counters": {"Monster Batteries": 4},
                },
                "The King",
            ]
        }
    )
    assert monster(state, 0)["energy"] == 2
    assert card(state, 0, "battery_monster")["counters"] == 2


def test_next_dice_script_the_first_roll_and_the_rerolls() -> None:
    first = ["claw", "claw", "claw", "heart", "1", "2"]
    state = build(
        {
            "monsters": ["Kraken", "The King"],
            "next_dice": [*first, "3", "3", "3", "energy", "energy", "energy"],
        }
    )
    assert state.view(None)["dice"] == shown(*first)
    act(state, "keep claw, claw, claw and reroll the rest")
    assert state.view(None)["dice"] == shown("claw", "claw", "claw", "3", "3", "3")
    assert state.view(None)["rolls_left"] == 1
    act(state, "keep 3, 3, 3 and reroll the rest")
    assert state.view(None)["dice"] == shown("3", "3", "3", "energy", "energy", "energy")


def test_chance_takes_over_after_the_scripted_dice() -> None:
    def reroll(seed: int) -> tuple[str, ...]:
        state = build({"monsters": ["Kraken", "The King"], "seed": seed, "next_dice": NO_SCORE})
        assert state.view(None)["dice"] == shown(*NO_SCORE)
        act(state, REROLL_ALL)
        dice = state.view(None)["dice"]
        assert len(dice) == 6 and set(dice) <= set(FACES)
        return tuple(dice)

    rolls = {reroll(seed) for seed in range(6)}
    assert len(rolls) > 1  # the seed's dice, not a fixed script
    assert reroll(3) == reroll(3)


@pytest.mark.parametrize("rolls_left", [None, 1, 2])
def test_rolling_offers_rerolls_of_the_given_dice(rolls_left: int | None) -> None:
    dice = ["1", "1", "3", "heart", "claw", "claw"]
    fields: dict[str, Any] = {
        "monsters": ["Kraken", "The King"],
        "step": "rolling",
        "dice": dice,
    }
    if rolls_left is not None:
        fields["rolls_left"] = rolls_left
    state = build(fields)
    view = state.view(None)
    assert view["dice"] == shown(*dice) and view["rolls_left"] == (rolls_left or 2)
    assert kind(state) == "roll" and state.current_player == 0
    offered = labels(state)
    assert REROLL_ALL in offered and STOP in offered
    assert "keep 1, 1, 3, heart, claw and reroll the rest" in offered
    assert "keep claw, claw and reroll the rest" in offered
    assert not [x for x in offered if x.startswith("keep 2") or "energy" in x]  # none shows
    # The start of turn does not run again: no stars, no fresh roll.
    assert monster(state, 0)["stars"] == 0


def test_rolling_with_one_reroll_left_resolves_after_it() -> None:
    state = build(
        {
            "monsters": ["Kraken", "The King"],
            "city": 1,
            "step": "rolling",
            "dice": ["3", "3", "3", "1", "2", "heart"],
            "rolls_left": 1,
            "next_dice": ["3", "3"],
        }
    )
    act(state, "keep 1, 3, 3, 3 and reroll the rest")  # the 2 and the heart: two more 3s
    # No reroll left: five 3s resolve (3 + 2 stars), and the turn goes on without a roll.
    assert monster(state, 0)["stars"] == 5
    assert not (kind(state) == "roll" and state.current_player == 0)


def test_rolling_with_two_rerolls_left_asks_again() -> None:
    state = build(
        {
            "monsters": ["Kraken", "The King"],
            "step": "rolling",
            "dice": NO_SCORE,
            "next_dice": NO_SCORE,
        }
    )
    act(state, REROLL_ALL)
    assert kind(state) == "roll" and state.view(None)["rolls_left"] == 1


def test_after_the_last_roll_the_given_dice_resolve() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "hearts": 7}, "The King", "Alienoid"],
            "city": "The King",
            "step": "after the last roll",
            "dice": ["2", "2", "2", "claw", "heart", "energy"],
        }
    )
    kraken, king, alienoid = state.view(None)["monsters"]
    assert kraken["stars"] == 2  # three 2s
    assert kraken["hearts"] == 8  # the heart heals outside Tokyo
    assert kraken["energy"] == 1
    assert king["hearts"] == 9  # the claw hits Tokyo
    assert alienoid["hearts"] == 10
    # The City was smashed: its monster decides to stay or yield.
    assert kind(state) == "yield" and state.current_player == 1


def test_after_the_last_roll_the_cards_offer_their_die_change_first() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "cards": ["Herd Culler"]}, "The King"],
            "city": 1,
            "step": "after the last roll",
            "dice": ["1", "1", "2", "2", "3", "heart"],
        }
    )
    assert kind(state) == "change_dice" and state.current_player == 0
    assert monster(state, 0)["stars"] == 0  # not resolved yet
    act(state, "Herd Culler: turn a 2 into a 1")
    assert monster(state, 0)["stars"] == 1  # three 1s


def test_after_the_last_roll_an_extra_roll_is_offered_first() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "cards": ["Telepath"], "energy": 1}, "The King"],
            "city": 1,
            "step": "after the last roll",
            "dice": ["3", "3", "3", "1", "2", "heart"],
        }
    )
    assert "pay 1 energy for an extra roll" in labels(state)
    assert monster(state, 0)["stars"] == 0
    act(state, STOP)
    assert monster(state, 0)["stars"] == 3


def test_buy_phase_offers_the_row() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 4}, "The King"],
            "row": ["Heal", "Frenzy", "Jets"],  # 3, 7 and 5 energy
            "step": "buy phase",
        }
    )
    assert kind(state) == "buy" and state.current_player == 0
    offered = labels(state)
    assert "buy the card in slot 1 of the row" in offered
    assert "buy the card in slot 2 of the row" not in offered
    assert "buy the card in slot 3 of the row" not in offered
    assert SWEEP in offered and END_BUY in offered
    assert state.view(None)["phase"] == "buy"


def test_buy_phase_with_enough_energy_offers_every_slot() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 7}, "The King"],
            "row": ["Heal", "Frenzy", "Jets"],
            "step": "buy phase",
        }
    )
    for slot in (1, 2, 3):
        assert f"buy the card in slot {slot} of the row" in labels(state)


def test_end_of_turn_runs_its_effects_then_passes_the_turn() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Solar Powered"], "poison": 1},
                "The King",
                "Alienoid",
            ],
            "step": "end of turn",
        }
    )
    kraken = monster(state, 0)
    assert kraken["energy"] == 1  # Solar Powered: 0 energy at the end of the turn
    assert kraken["hearts"] == 9  # one Poison token
    assert kraken["tokens"]["poison"] == 1
    view = state.view(None)
    assert view["active"] == 1 and view["turn"] == 2
    assert kind(state) == "roll" and state.current_player == 1


def test_energy_hoarder_at_the_end_of_turn() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "cards": ["Energy Hoarder"], "energy": 13}, "The King"],
            "step": "end of turn",
        }
    )
    assert monster(state, 0)["stars"] == 2  # two full 6s


def test_dice_at_a_later_step_only_lie_on_the_table() -> None:
    """The dice a turn resolved still show in its Buy phase: they do nothing there."""
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 10}, "The King"],
            "step": "buy phase",
            "dice": ["1", "1", "1"],
        }
    )
    assert kind(state) == "buy" and state.view(None)["dice"] == ["1", "1", "1"]
    assert monster(state, 0)["stars"] == 0  # three 1s resolved no star: they lie there


def test_the_last_turns_dice_are_rolled_again_at_the_start_of_a_turn() -> None:
    state = build(
        {
            "monsters": ["Kraken", "The King"],
            "dice": ["claw"],
            "next_dice": ["1", "1", "2", "2", "3", "3"],
        }
    )
    assert state.view(None)["dice"] == NO_SCORE


@pytest.mark.parametrize("step", ["rolling", "after the last roll"])
def test_dice_are_required_where_they_show(step: str) -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.dice"):
        build({"monsters": ["Kraken", "The King"], "step": step})


# -- a monster's fields ----------------------------------------------------------------------


def test_a_monsters_counts() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "hearts": 3, "stars": 19, "energy": 12, "poison": 2},
                {"name": "The King", "shrink": 1},
            ],
            "turn": 1,
        }
    )
    kraken, king = state.view(None)["monsters"]
    assert (kraken["hearts"], kraken["stars"], kraken["energy"]) == (3, 19, 12)
    assert kraken["tokens"] == {"poison": 2, "shrink": 0}
    assert king["tokens"] == {"poison": 0, "shrink": 1}


def test_shrink_tokens_cost_dice_on_the_roll() -> None:
    state = build({"monsters": [{"name": "Kraken", "shrink": 2}, "The King"]})
    assert len(state.view(None)["dice"]) == 6 - 2


@pytest.mark.parametrize(
    ("edition", "given", "names"),
    [
        (
            "2011",
            ["Detritivore", "energy_drink", "Media-Friendly"],
            ["Dedicated News Team", "Omnivore", "Telepath"],
        ),
        (
            "2016",
            ["Omnivore", "Telepath", "media_friendly"],
            ["Detritivore", "Energy Drink", "Media-Friendly"],
        ),
    ],
)
def test_cards_by_either_editions_name_or_id(
    edition: str, given: list[str], names: list[str]
) -> None:
    state = build({"monsters": [{"name": "Alienoid", "cards": given}, "The King"]}, edition=edition)
    assert card_ids(state, 0) == ["detritivore", "energy_drink", "media_friendly"]
    assert sorted(c["name"] for c in monster(state, 0)["cards"]) == names
    assert state.view(None)["edition"] == edition


def test_row_and_discard_take_the_other_editions_names_too() -> None:
    state = build(
        {"monsters": ["Kraken", "The King"], "row": ["Death From Above", "Fire Blast", "Tank"]},
    )
    assert row_ids(state) == ["death_from_above", "flame_thrower", "tank"]
    assert [c["name"] for c in state.view(None)["row"]] == [
        "Drop from High Altitude",
        "Fire Blast",
        "Tanks",
    ]


@pytest.mark.parametrize("edition", ["2011", "2016"])
def test_acid_attack_in_front_of_a_monster_hits_tokyo_without_claws(edition: str) -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "cards": ["Acid Attack"]}, "The King", "Alienoid"],
            "city": "The King",
            "step": "after the last roll",
            "dice": ["1", "2", "3", "1", "2", "energy"],
        },
        edition=edition,
    )
    assert [m["hearts"] for m in state.view(None)["monsters"]] == [10, 9, 10]


def test_without_acid_attack_those_dice_hit_nobody() -> None:
    state = build(
        {
            "monsters": ["Kraken", "The King", "Alienoid"],
            "city": "The King",
            "step": "after the last roll",
            "dice": ["1", "2", "3", "1", "2", "energy"],
        }
    )
    assert [m["hearts"] for m in state.view(None)["monsters"]] == [10, 10, 10]


def test_even_bigger_raises_the_maximum_to_12() -> None:
    state = build(
        {"monsters": [{"name": "Kraken", "hearts": 12, "cards": ["Even Bigger"]}, "Alienoid"]}
    )
    assert monster(state, 0)["hearts"] == 12 and monster(state, 0)["max_hearts"] == 12


@pytest.mark.parametrize(("given", "expected"), [(None, 3), (1, 1), (2, 2)])
def test_smoke_cloud_counters(given: int | None, expected: int) -> None:
    kraken: dict[str, Any] = {"name": "Kraken", "cards": ["Smoke Cloud"]}
    if given is not None:
        kraken["counters"] = {"Smoke Cloud": given}
    state = build({"monsters": [kraken, "The King"]})
    assert card(state, 0, "smoke_cloud")["counters"] == expected


def test_smoke_cloud_counters_buy_extra_rolls() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Smoke Cloud"], "counters": {"smoke_cloud": 1}},
                "The King",
            ],
            "step": "after the last roll",
            "dice": NO_SCORE,
            "city": 1,
            "next_dice": NO_SCORE,
        }
    )
    assert SMOKE in labels(state) and STOP in labels(state)
    act(state, SMOKE)
    # The last counter spent: the card is discarded.
    assert card_ids(state, 0) == [] and "smoke_cloud" in state.view(None)["discard"]


def test_mimic_copies_a_card_in_front_of_another_monster() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Mimic"], "mimic": "Acid Attack"},
                {"name": "The King", "cards": ["Acid Attack"]},
                "Alienoid",
            ],
            "city": "Alienoid",
            "step": "after the last roll",
            "dice": ["1", "2", "3", "1", "2", "energy"],
        }
    )
    assert "acid_attack" in json.dumps(monster(state, 0)["mimic"])
    assert monster(state, 1)["mimic"] is None
    # Mimic works as an Acid Attack for Kraken: 1 damage to Tokyo without claws.
    assert monster(state, 2)["hearts"] == 9


def test_mimic_without_a_copy_has_its_token_off() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Mimic"]},
                {"name": "The King", "cards": ["Acid Attack"]},
            ],
            "turn": 1,
        }
    )
    assert monster(state, 0)["mimic"] is None


def test_mimic_on_smoke_cloud_has_its_own_counters() -> None:
    """The copy is "just acquired": its own 3 Smoke counters (rules doc, Mimic), so
    the Mimic owner has extra rolls even when the copied card has 1 counter left."""
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Mimic"], "mimic": "Smoke Cloud"},
                {"name": "The King", "cards": ["Smoke Cloud"], "counters": {"Smoke Cloud": 1}},
            ],
            "city": 1,
            "step": "after the last roll",
            "dice": NO_SCORE,
            "next_dice": NO_SCORE * 4,
        }
    )
    assert card(state, 1, "smoke_cloud")["counters"] == 1
    extra_rolls = 0
    while SMOKE in labels(state) and state.current_player == 0 and extra_rolls < 5:
        act(state, SMOKE)
        if REROLL_ALL in labels(state):
            act(state, REROLL_ALL)
        extra_rolls += 1
    assert extra_rolls == 3


def test_mimic_on_battery_monster_has_its_own_6_energy() -> None:
    """2016: the copy "just acquired" holds its own battery energy (rules doc, Mimic):
    at the start of the Mimic owner's turn it pays 2."""
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Mimic"], "mimic": "Battery Monster"},
                {"name": "The King", "cards": ["Battery Monster"]},
            ]
        },
        edition="2016",
    )
    assert monster(state, 0)["energy"] == 2


def test_monsters_out_of_the_game() -> None:
    state = build(
        {
            "monsters": [
                "Kraken",
                {"name": "The King", "out": True},
                "Alienoid",
                {"name": "Meka Dragon", "out": True},
            ],
            "step": "end of turn",
        }
    )
    view = state.view(None)
    assert [m["alive"] for m in view["monsters"]] == [True, False, True, False]
    assert view["monsters"][1]["hearts"] == 0 and view["monsters"][1]["cards"] == []
    assert view["eliminated"] == [1, 3]  # the listed order
    assert view["active"] == 2  # the next living monster
    assert cards_in_play(state) == 66


# -- Power Up! -------------------------------------------------------------------------------


def test_power_up_starts_after_the_set_up() -> None:
    state = build({"monsters": ["Kraken", "The King", "Alienoid"]}, power_up="on")
    assert kind(state) == "roll" and state.current_player == 0  # no set-up question
    for seat in range(3):
        evo = evolutions(state, seat)
        assert evo["hand_size"] == 0 and evo["table"] == [] and evo["discard"] == []
        assert evo["deck_size"] == 8  # the rest of the monster's Evolutions


def test_power_up_deck_is_the_rest_of_the_monsters_evolutions() -> None:
    state = build(
        {
            "monsters": [
                {
                    "name": "The King",
                    "evolutions": ["Giant Banana"],
                    "played": ["alpha_male"],
                    "evolution_discard": ["Monkey Rush"],
                },
                "Kraken",
            ],
            "turn": 1,
        },
        power_up="on",
    )
    evo = evolutions(state, 0, player=0)
    assert [e["id"] for e in evo["hand"]] == ["giant_banana"]
    assert table_ids(state, 0) == ["alpha_male"]
    assert [e if isinstance(e, str) else e["id"] for e in evo["discard"]] == ["monkey_rush"]
    assert evo["hand_size"] == 1 and evo["deck_size"] == 8 - 3
    assert "hand" not in evolutions(state, 0, player=1)  # hidden from the others


def test_an_evolution_in_hand_is_offered_when_playable() -> None:
    state = build(
        {"monsters": [{"name": "Alienoid", "evolutions": ["Alien Scourge"]}, "Kraken"]},
        power_up="on",
    )
    assert kind(state) == "play_evolution" and state.current_player == 0
    assert "play Alien Scourge" in labels(state)
    act(state, "play Alien Scourge")
    assert monster(state, 0)["stars"] == 2
    evo = evolutions(state, 0, player=0)
    assert evo["hand_size"] == 0 and evo["hand"] == []
    assert "alien_scourge" in json.dumps(evo["discard"])  # a temporary is discarded


def test_the_window_before_the_turn_comes_before_the_start_of_turn() -> None:
    state = build(
        {
            "monsters": [{"name": "Alienoid", "evolutions": ["alien_scourge"]}, "Kraken"],
            "city": "Alienoid",
        },
        power_up="on",
    )
    assert kind(state) == "play_evolution" and monster(state, 0)["stars"] == 0
    decline_windows(state, 0)
    assert monster(state, 0)["stars"] == 2  # then the start of turn in Tokyo
    assert kind(state) == "roll"


def test_a_played_permanent_evolution_takes_effect() -> None:
    state = build(
        {
            "monsters": [{"name": "The King", "played": ["I Am the King!"]}, "Kraken"],
            "city": "The King",
        },
        power_up="on",
    )
    assert table_ids(state, 0) == ["i_am_the_king"]
    assert monster(state, 0)["stars"] == 2 + 1


def test_mouse_hunter_played_scores_on_a_1() -> None:
    state = build(
        {
            "monsters": [{"name": "Cyber Kitty", "played": ["Mouse Hunter"]}, "Kraken"],
            "city": 1,
            "step": "after the last roll",
            "dice": ["1", "2", "2", "3", "3", "energy"],
        },
        power_up="on",
    )
    assert monster(state, 0)["stars"] == 1


def test_the_evolution_deck_is_drawn_in_the_order_given() -> None:
    state = build(
        {
            "monsters": [
                {
                    "name": "Kraken",
                    "hearts": 5,
                    "evolution_deck": ["High Tide", "Healing Rain", "Cult Worshippers"],
                },
                "The King",
            ],
            "city": 1,
            "step": "after the last roll",
            "dice": ["heart", "heart", "heart", "1", "2", "3"],
        },
        power_up="on",
    )
    assert monster(state, 0)["hearts"] == 8  # the hearts still heal
    assert kind(state) == "keep_evolution" and state.current_player == 0
    drawn = state.view(0)["decision"]["drawn"]
    assert sorted(d["id"] for d in drawn) == ["healing_rain", "high_tide"]


def test_adapting_technology_comes_with_3_counters() -> None:
    state = build(
        {
            "monsters": [{"name": "Alienoid", "played": ["Adapting Technology"]}, "Kraken"],
            "turn": 1,
        },
        power_up="on",
    )
    assert evolutions(state, 0)["table"][0]["counters"] == 3


def test_adapting_technology_given_counters() -> None:
    state = build(
        {
            "monsters": [
                {
                    "name": "Alienoid",
                    "played": ["Adapting Technology"],
                    "counters": {"Adapting Technology": 1},
                },
                "Kraken",
            ],
            "turn": 1,
        },
        power_up="on",
    )
    assert evolutions(state, 0)["table"][0]["counters"] == 1


def test_eater_of_souls_raises_the_maximum_to_12() -> None:
    state = build(
        {"monsters": [{"name": "Kraken", "hearts": 12, "played": ["Eater of Souls"]}, "Alienoid"]},
        power_up="on",
    )
    assert monster(state, 0)["hearts"] == 12 and monster(state, 0)["max_hearts"] == 12


def test_mutant_decks_hold_8_each() -> None:
    state = build({"monsters": ["Kraken", "The King", "Alienoid"]}, power_up="mutant")
    assert kind(state) == "roll"  # no draft, no set-up question
    for seat in range(3):
        assert evolutions(state, seat)["deck_size"] == 8
        assert evolutions(state, seat)["hand_size"] == 0


def test_mutant_an_evolution_belongs_to_its_holder() -> None:
    state = build(
        {"monsters": [{"name": "Kraken", "evolutions": ["Giant Banana"]}, "The King"], "turn": 1},
        power_up="mutant",
    )
    assert [e["id"] for e in evolutions(state, 0, player=0)["hand"]] == ["giant_banana"]


# -- saving and loading ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "options"),
    [
        (
            {
                "monsters": [
                    {"name": "Kraken", "cards": ["Smoke Cloud", "Acid Attack"], "energy": 5},
                    {"name": "The King", "cards": ["Mimic"], "mimic": "Acid Attack"},
                    {"name": "Alienoid", "hearts": 4, "poison": 1},
                    {"name": "Meka Dragon", "out": True},
                ],
                "city": "The King",
                "row": ["Heal", "Frenzy"],
                "deck": ["Tank"],
                "discard": ["Skyscraper"],
                "step": "rolling",
                "dice": ["claw", "claw", "1", "2", "3", "heart"],
                "rolls_left": 1,
                "seed": 9,
            },
            {},
        ),
        (
            {
                "monsters": [
                    {
                        "name": "Cyber Kitty",
                        "evolutions": ["Mega Purr"],
                        "played": ["Meow Missile"],
                    },
                    {"name": "Space Penguin", "evolutions": ["Deep Dive"], "stars": 10},
                ],
                "city": 1,
                "next_dice": ["1", "1", "1"],
            },
            {"edition": "2016", "power_up": "on"},
        ),
    ],
)
def test_a_position_saves_and_loads_as_the_same_state(
    fields: dict[str, Any], options: dict[str, Any]
) -> None:
    game = tabletop.make("king-of-tokyo", **options)
    state = game.position(fields)
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    players = len(state.view(None)["monsters"])
    for player in [None, *range(players)]:
        assert again.view(player) == state.view(player)
    assert labels(again) == labels(state)
    assert again.current_player == state.current_player
    assert game.position(fields).to_dict() == state.to_dict()  # built twice: the same
    # The generator is saved too: the same move plays the same way.
    state.apply(state.legal_actions()[0])
    again.apply(again.legal_actions()[0])
    assert again.view(None) == state.view(None)


# -- mistakes name the field ------------------------------------------------------------------

TWO = ["Kraken", "The King"]
FIVE = ["Kraken", "The King", "Alienoid", "Meka Dragon", "Giga Zaur"]
PU = {"power_up": "on"}


def kraken(**fields: Any) -> dict[str, Any]:
    """Two monsters, Kraken first with ``fields``."""
    return {"monsters": [{"name": "Kraken", **fields}, "The King"]}


def two(**fields: Any) -> dict[str, Any]:
    return {"monsters": TWO, **fields}


MISTAKES: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    # (what, position, game options, the field named in the message)
    ("unknown field", {"monster": TWO}, {}, r"position\.monster\b"),
    ("unknown monster field", kraken(heart=5), {}, r"position\.monsters\[0\]\.heart\b"),
    (
        "unknown card, with the names that come close",
        kraken(cards=["Acid Atack"]),
        {},
        r"position\.monsters\[0\]\.cards.*Acid Attack",
    ),
    ("unknown card in the row", two(row=["Heal", "Frenzzy"]), {}, r"position\.row"),
    ("unknown card in the deck", two(deck=["Skyscrapper"]), {}, r"position\.deck"),
    ("unknown card in the discard", two(discard=["Corner Shop"]), {}, r"position\.discard"),
    (
        "more copies than the deck holds",
        kraken(cards=["Extra Head"] * 3),
        {},
        r"position\.monsters\[0\]\.cards.*more copies",
    ),
    (
        "a card in front of a monster and in the row",
        {**kraken(cards=["Jets"]), "row": ["Jets"]},
        {},
        r"position\.(row|monsters\[0\]\.cards).*more copies",
    ),
    (
        "a card in the deck and the discard",
        two(deck=["Heal"], discard=["Heal"]),
        {},
        r"position\.(deck|discard).*more copies",
    ),
    ("turn out of range", two(turn=2), {}, r"position\.turn"),
    ("turn of a monster not at the table", two(turn="Alienoid"), {}, r"position\.turn"),
    ("city out of range", two(city=5), {}, r"position\.city"),
    ("too many players", {"players": 7}, {}, r"position\.players"),
    ("too few players", {"players": 1}, {}, r"position\.players"),
    ("players and monsters disagree", two(players=3), {}, r"position\.(players|monsters)"),
    ("a monster twice", {"monsters": ["Kraken", "kraken"]}, {}, r"position\.monsters\[1\]"),
    ("unknown monster", {"monsters": ["Kraken", "Godzilla"]}, {}, r"position\.monsters\[1\]"),
    ("more hearts than the maximum", kraken(hearts=11), {}, r"position\.monsters\[0\]\.hearts"),
    (
        "more hearts than Even Bigger's maximum",
        kraken(hearts=13, cards=["Even Bigger"]),
        {},
        r"position\.monsters\[0\]\.hearts",
    ),
    (
        "more hearts than Eater of Souls' maximum",
        kraken(hearts=13, played=["Eater of Souls"]),
        PU,
        r"position\.monsters\[0\]\.hearts",
    ),
    ("no hearts", kraken(hearts=0), {}, r"position\.monsters\[0\]\.hearts"),
    ("20 stars would have won", kraken(stars=20), {}, r"position\.monsters\[0\]\.stars"),
    ("negative energy", kraken(energy=-1), {}, r"position\.monsters\[0\]\.energy"),
    ("a Discard card kept", kraken(cards=["Heal"]), {}, r"position\.monsters\[0\]\.cards"),
    (
        "2011 Monster Batteries must say",
        kraken(cards=["Monster Batteries"]),
        {},
        r"position\.monsters\[0\]\.(counters|cards)",
    ),
    (
        "mimic of a card nobody has",
        kraken(cards=["Mimic"], mimic="Acid Attack"),
        {},
        r"position\.monsters\[0\]\.mimic",
    ),
    (
        "mimic without Mimic",
        {
            "monsters": [
                {"name": "Kraken", "mimic": "Jets"},
                {"name": "The King", "cards": ["Jets"]},
            ]
        },
        {},
        r"position\.monsters\[0\]\.mimic",
    ),
    (
        "counters on a card it lacks",
        kraken(counters={"Smoke Cloud": 2}),
        {},
        r"position\.monsters\[0\]\.counters",
    ),
    (
        "an Evolution of a monster not at the table",
        {"monsters": [{"name": "Kraken", "evolutions": ["Giant Banana"]}, "Alienoid"]},
        PU,
        r"position\.monsters\[0\]\.evolutions",
    ),
    (
        "Evolutions without Power Up!",
        kraken(evolutions=["Healing Rain"]),
        {},
        r"position\.monsters\[0\]\.evolutions",
    ),
    (
        "an Evolution twice",
        kraken(evolutions=["Healing Rain"], evolution_deck=["Healing Rain"]),
        PU,
        r"position\.monsters\[0\]\.(evolutions|evolution_deck)",
    ),
    (
        "a temporary Evolution face up",
        kraken(played=["Healing Rain"]),
        PU,
        r"position\.monsters\[0\]\.played",
    ),
    (
        "Tokyo Bay with fewer than five",
        {"monsters": [*TWO, "Alienoid", "Meka Dragon"], "bay": 2},
        {},
        r"position\.bay",
    ),
    (
        "Tokyo Bay without the option",
        {"monsters": FIVE, "bay": 2},
        {"tokyo_bay": False},
        r"position\.bay",
    ),
    (
        "one monster in City and Bay",
        {"monsters": FIVE, "city": 2, "bay": 2},
        {},
        r"position\.(bay|city)",
    ),
    (
        "ten dice",
        two(step="buy phase", dice=[*NO_SCORE, "1", "2", "3", "3"]),
        {},
        r"position\.dice",
    ),
    (
        "a face that does not exist",
        two(step="rolling", dice=["1", "2", "3", "4", "heart", "claw"]),
        {},
        r"position\.dice",
    ),
    ("a scripted face that does not exist", two(next_dice=["skull"]), {}, r"position\.next_dice"),
    (
        "no reroll left at rolling",
        two(step="rolling", dice=NO_SCORE, rolls_left=0),
        {},
        r"position\.rolls_left",
    ),
    ("a step that does not exist", two(step="resolving"), {}, r"position\.step"),
    (
        "monsters that contradict the option",
        {"monsters": ["Alienoid", "The King"]},
        {"monsters": "kraken,the_king"},
        r"position\.monsters",
    ),
    (
        "an out monster in Tokyo",
        {"monsters": ["Kraken", {"name": "The King", "out": True}, "Alienoid"], "city": 1},
        {},
        r"position\.city",
    ),
    (
        "the turn of an out monster",
        {"monsters": ["Kraken", "Alienoid", {"name": "The King", "out": True}], "turn": 2},
        {},
        r"position\.turn",
    ),
]


@pytest.mark.parametrize(
    ("fields", "options", "field"), [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES]
)
def test_a_mistake_names_the_field(
    fields: dict[str, Any], options: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidOptionsError, match=field):
        build(fields, **options)


def test_a_valid_neighbour_of_each_mistake_builds() -> None:
    """The limits themselves are accepted (so the refusals above are about the limit)."""
    build({"monsters": [{"name": "Kraken", "cards": ["Extra Head", "Extra Head"]}, "The King"]})
    build({"monsters": [{"name": "Kraken", "hearts": 10, "stars": 19}, "The King"]})
    build({"monsters": ["Kraken", {"name": "The King", "hearts": 1}]})
    build({"monsters": FIVE, "city": 0, "bay": 1})
    build({"players": 6})
    build({"players": 2})


# -- position files ---------------------------------------------------------------------------

DOCS_TOML = """\
game = "king-of-tokyo"
options = { edition = "2016", power_up = "on" }
city = "Cyber Kitty"
step = "after the last roll"
dice = ["claw", "claw", "heart", "heart", "heart", "energy"]

[[monsters]]
name = "Cyber Kitty"
hearts = 6
played = ["Mouse Hunter"]
evolutions = ["Nine Lives"]

[[monsters]]
name = "Space Penguin"
stars = 17
evolutions = ["Deep Dive"]
cards = ["Smoke Cloud"]
counters = { "Smoke Cloud" = 1 }
"""


def test_the_documented_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "tokyo.toml"
    path.write_text(DOCS_TOML, encoding="utf-8")
    state = tabletop.load_position(path)
    view = state.view(None)
    assert view["game"] == "king-of-tokyo" and view["edition"] == "2016"
    assert view["power_up"] != "off"
    kitty, penguin = view["monsters"]
    assert (kitty["monster"], penguin["monster"]) == ("cyber_kitty", "space_penguin")
    assert view["tokyo"]["city"] == 0 and kitty["location"] == "city"
    assert kitty["hearts"] == 6  # in Tokyo the heart dice do not heal
    assert table_ids(state, 0) == ["mouse_hunter"]
    assert penguin["stars"] == 17
    assert card(state, 1, "smoke_cloud")["counters"] == 1
    assert evolutions(state, 0)["hand_size"] >= 1 and evolutions(state, 1)["hand_size"] == 1


def test_a_json_position_file_and_fields(tmp_path: Path) -> None:
    fields = {
        "game": "king-of-tokyo",
        "options": {"edition": "2016"},
        "monsters": [{"name": "Kraken", "stars": 4}, "Cyber Kitty"],
        "city": "Cyber Kitty",
        "turn": 1,
    }
    path = tmp_path / "position.json"
    path.write_text(json.dumps(fields), encoding="utf-8")
    from_file = tabletop.load_position(path)
    from_fields = tabletop.load_position(fields)
    assert from_file.to_dict() == from_fields.to_dict()
    view = from_file.view(None)
    assert view["edition"] == "2016" and view["active"] == 1
    assert view["monsters"][1]["stars"] == 2 and view["monsters"][0]["stars"] == 4
