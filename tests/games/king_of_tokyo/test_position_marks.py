"""The marks cards read, as King of Tokyo position fields (docs/positions.md).

Each test is written from the card's text (docs/games/king-of-tokyo.md, the card data)
and fails if the position ignored the mark: the card acts with the mark and not
without it. Mistakes name the field.
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError

PU = {"power_up": "on", "evolution_prompts": "holding", "edition": "2016"}
NO_SCORE = ["1", "1", "2", "2", "3", "3"]
STOP = "stop rolling and resolve the dice"


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


def monster(state: Any, seat: int) -> dict[str, Any]:
    return state.view(None)["monsters"][seat]


def decision(state: Any) -> dict[str, Any] | None:
    return state.view(None)["decision"]


def with_and_without(
    fields: dict[str, Any], mark: dict[str, Any], **options: Any
) -> tuple[Any, Any]:
    """The position with the mark added (top level, ``this_turn`` or a monster's), and
    without it."""
    return build(_merged(fields, mark), **options), build(fields, **options)


def _merged(fields: dict[str, Any], mark: dict[str, Any]) -> dict[str, Any]:
    out = dict(fields)
    for key, value in mark.items():
        if key == "this_turn":
            out["this_turn"] = {**fields.get("this_turn", {}), **value}
        elif key.startswith("monsters["):
            seat = int(key[len("monsters[") : key.index("]")])
            monsters = [dict(m) if isinstance(m, dict) else {"name": m} for m in out["monsters"]]
            monsters[seat].update(value)
            out["monsters"] = monsters
        else:
            out[key] = value
    return out


# -- the Evolutions' marks --------------------------------------------------------------


def test_icy_reflection_works_as_the_card_it_marks() -> None:
    """Icy Reflection: "works as that card": on Mouse Hunter, a 1 gains a star."""
    fields = {
        "monsters": [
            {"name": "Space Penguin", "played": ["Icy Reflection"]},
            {"name": "Cyber Kitty", "played": ["Mouse Hunter"]},
        ],
        "city": "Cyber Kitty",
        "step": "after the last roll",
        "dice": ["1", "2", "3", "heart", "energy", "energy"],
    }
    marked, plain = with_and_without(
        fields, {"monsters[0]": {"icy_reflection": "Mouse Hunter"}}, **PU
    )
    assert monster(marked, 0)["stars"] == 1
    assert monster(plain, 0)["stars"] == 0
    assert monster(marked, 0)["evolutions"]["icy_reflection_copies"] == "mouse_hunter"


def test_target_acquired_the_token_holder_loses_1_more_heart() -> None:
    fields = {
        "monsters": [{"name": "Meka Dragon", "played": ["Target Acquired"]}, "The King"],
        "city": "The King",
        "step": "after the last roll",
        "dice": ["claw", "1", "2", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"monsters[0]": {"target_token": "The King"}}, **PU)
    assert monster(marked, 1)["hearts"] == 8  # 1 claw + the target token
    assert monster(plain, 1)["hearts"] == 9


def test_a_ufo_card_is_discarded_when_its_start_of_turn_die_shows_a_claw() -> None:
    fields = {
        "monsters": [
            {"name": "Alienoid", "played": ["Superior Alien Technology"], "cards": ["Jets"]},
            "The King",
        ],
        "next_dice": ["claw", *NO_SCORE],
    }
    marked, plain = with_and_without(fields, {"monsters[0]": {"ufo": ["Jets"]}}, **PU)
    assert monster(marked, 0)["cards"] == []
    assert [c["id"] for c in monster(plain, 0)["cards"]] == ["jets"]


def test_the_die_encased_in_ice_is_one_of_every_roll() -> None:
    """Encased in Ice: every monster that rolls must use the frozen die, with its face."""
    fields = {
        "monsters": ["The King", {"name": "Space Penguin", "played": ["Encased in Ice"]}],
        "next_dice": ["1"] * 6,
    }
    marked, plain = with_and_without(fields, {"monsters[1]": {"encased": "claw"}}, **PU)
    assert marked.view(None)["dice"] == ["1"] * 5 + ["claw"]
    assert plain.view(None)["dice"] == ["1"] * 6
    assert monster(marked, 1)["evolutions"]["encased_die"] == "claw"


def test_the_die_encased_in_ice_thaws_at_its_owners_turn() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Space Penguin", "played": ["Encased in Ice"], "encased": "claw"},
                "The King",
            ],
            "next_dice": ["1"] * 6,
        },
        **PU,
    )
    assert state.view(None)["dice"] == ["1"] * 6
    assert "encased_die" not in monster(state, 0)["evolutions"]


def test_a_freeze_ray_lent_asks_its_owner_for_a_face_at_the_holders_turn() -> None:
    fields = {"monsters": ["The King", {"name": "Space Penguin", "played": ["Freeze Ray"]}]}
    marked, plain = with_and_without(fields, {"monsters[1]": {"lent": {"Freeze Ray": 0}}}, **PU)
    assert decision(marked)["kind"] == "evolution_question" and marked.current_player == 1
    assert decision(plain)["kind"] == "roll"
    act(marked, "choose the face claw")
    assert monster(marked, 1)["evolutions"]["freeze_ray_lent_to"] == 0


def test_a_face_named_for_freeze_ray_does_nothing_this_turn() -> None:
    fields = {
        "monsters": [
            {"name": "The King", "hearts": 5},
            {"name": "Space Penguin", "played": ["Freeze Ray"], "lent": {"Freeze Ray": "The King"}},
        ],
        "step": "after the last roll",
        "dice": ["heart", "heart", "1", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"freeze_ray": ["heart"]}}, **PU)
    assert monster(marked, 0)["hearts"] == 5
    assert monster(plain, 0)["hearts"] == 7


def test_blizzard_the_others_roll_once() -> None:
    """Blizzard: "every other monster rolls only once (no rerolls)", face up until the
    beginning of its owner's following turn."""
    fields = {"monsters": ["The King", "Space Penguin"], "next_dice": NO_SCORE}
    marked, plain = with_and_without(fields, {"monsters[1]": {"played": ["Blizzard"]}}, **PU)
    assert marked.view(None)["turn"] == 2  # The King's single roll resolved at once
    assert decision(plain)["kind"] == "roll" and plain.view(None)["turn"] == 1


def test_cold_wave_the_others_roll_a_die_fewer() -> None:
    fields = {"monsters": ["The King", "Space Penguin"], "next_dice": NO_SCORE}
    marked, plain = with_and_without(fields, {"monsters[1]": {"played": ["Cold Wave"]}}, **PU)
    assert len(marked.view(None)["dice"]) == 5
    assert len(plain.view(None)["dice"]) == 6


def test_a_lasting_evolution_ends_at_its_owners_turn() -> None:
    state = build(
        {"monsters": [{"name": "Space Penguin", "played": ["Blizzard"]}, "The King"]}, **PU
    )
    assert monster(state, 0)["evolutions"]["table"] == []


def test_a_temporary_evolution_that_does_not_last_is_refused_face_up() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.monsters\[0\]\.played"):
        build({"monsters": [{"name": "Kraken", "played": ["High Tide"]}, "The King"]}, **PU)


# -- the turn's marks ------------------------------------------------------------------


def test_wings_paid_this_turn_lose_no_hearts() -> None:
    fields = {
        "monsters": ["Kraken", "The King"],
        "city": "The King",
        "step": "after the last roll",
        "dice": ["claw", "claw", "1", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"wings": ["The King"]}})
    assert monster(marked, 1)["hearts"] == 10
    assert monster(plain, 1)["hearts"] == 8


def test_anger_batteries_gains_the_hearts_lost_this_turn() -> None:
    """Anger Batteries: "Gain 1 energy for each heart you lost this turn"."""
    fields = {
        "monsters": [{"name": "Alienoid", "evolutions": ["Anger Batteries"]}, "The King"],
        "step": "end of turn",
    }
    marked, plain = with_and_without(fields, {"this_turn": {"hearts_lost": {"Alienoid": 3}}}, **PU)
    act(marked, "play Anger Batteries")
    assert monster(marked, 0)["energy"] == 3
    assert decision(plain)["kind"] == "roll"  # nothing to play: the next turn


def test_stroke_of_genius_gains_the_energy_gained_this_turn() -> None:
    fields = {
        "monsters": [
            {"name": "Cyber Bunny", "evolutions": ["Stroke of Genius"], "energy": 4},
            "The King",
        ],
        "step": "end of turn",
    }
    marked, plain = with_and_without(
        fields, {"this_turn": {"energy_gained": {"Cyber Bunny": 4}}}, **PU
    )
    act(marked, "play Stroke of Genius")
    assert monster(marked, 0)["energy"] == 8
    assert "play Stroke of Genius" not in labels(plain)


def test_cult_worshippers_gains_a_star_per_heart_gained_this_turn() -> None:
    fields = {
        "monsters": [{"name": "Kraken", "evolutions": ["Cult Worshippers"]}, "The King"],
        "step": "end of turn",
    }
    marked, plain = with_and_without(fields, {"this_turn": {"hearts_gained": {"Kraken": 2}}}, **PU)
    act(marked, "play Cult Worshippers")
    assert monster(marked, 0)["stars"] == 2
    assert "play Cult Worshippers" not in labels(plain)


def test_herbivore_gives_no_star_after_making_a_monster_lose_hearts() -> None:
    fields = {
        "monsters": [{"name": "Kraken", "cards": ["Herbivore"]}, "The King"],
        "step": "end of turn",
    }
    marked, plain = with_and_without(fields, {"this_turn": {"dealt_damage": True}})
    assert monster(marked, 0)["stars"] == 0
    assert monster(plain, 0)["stars"] == 1


def test_herd_culler_is_used_once_a_turn() -> None:
    fields = {
        "monsters": [{"name": "Kraken", "cards": ["Herd Culler"]}, "The King"],
        "step": "after the last roll",
        "dice": ["2", "2", "3", "3", "heart", "energy"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"used": ["Herd Culler"]}})
    assert any("Herd Culler" in label for label in labels(plain))
    assert not any("Herd Culler" in label for label in labels(marked))


def test_an_evolution_used_once_a_turn() -> None:
    """Miraculous Catch: once a turn, in the Buy phase."""
    fields = {
        "monsters": [
            {"name": "Space Penguin", "played": ["Miraculous Catch"], "energy": 1},
            "The King",
        ],
        "step": "buy phase",
        "discard": ["Heal"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"used": ["Miraculous Catch"]}}, **PU)
    assert any("Miraculous Catch" in label for label in labels(plain))
    assert decision(marked)["kind"] == "roll"  # nothing left to do in the Buy phase


def test_freeze_time_bought_after_three_1s_gives_another_turn() -> None:
    """Freeze Time: "On a turn where your resolved dice contain at least three 1s, take
    another turn after this one, with 1 fewer die"."""
    fields = {
        "monsters": [{"name": "Kraken", "energy": 5}, "The King"],
        "row": ["Freeze Time"],
        "step": "buy phase",
        "moves": ["buy the card in slot 1 of the row"],  # nothing left to buy: the turn ends
    }
    marked, plain = with_and_without(
        fields, {"this_turn": {"rolled_three_1s": True}}, freeze_time="must"
    )
    assert marked.view(None)["active"] == 0 and len(marked.view(None)["dice"]) == 5
    assert plain.view(None)["active"] == 1


def test_claws_of_steel_counts_the_hearts_lost_this_turn() -> None:
    """Claws of Steel: a monster you cause to lose 3 or more hearts loses 1 more."""
    fields = {
        "monsters": [{"name": "Meka Dragon", "played": ["Claws of Steel"]}, "The King"],
        "city": "The King",
        "step": "after the last roll",
        "dice": ["claw", "1", "2", "2", "3", "3"],
    }
    marked, plain = with_and_without(
        fields, {"this_turn": {"claws_of_steel": {"The King": 2}}}, **PU
    )
    assert monster(marked, 1)["hearts"] == 8
    assert monster(plain, 1)["hearts"] == 9
    once, _ = with_and_without(
        fields,
        {"this_turn": {"claws_of_steel": {"The King": 2}, "claws_of_steel_extra": ["The King"]}},
        **PU,
    )
    assert monster(once, 1)["hearts"] == 9  # its extra heart was lost already


def test_high_tide_adds_a_heart_per_heart_die() -> None:
    fields = {
        "monsters": [{"name": "Kraken", "hearts": 5}, "The King"],
        "step": "after the last roll",
        "dice": ["heart", "1", "2", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"high_tide": 1}}, **PU)
    assert monster(marked, 0)["hearts"] == 7
    assert monster(plain, 0)["hearts"] == 6


def test_electric_carrot_asks_each_wounded_monster_once_a_turn() -> None:
    fields = {
        "monsters": [
            {"name": "Cyber Bunny", "played": ["Electric Carrot"]},
            {"name": "The King", "energy": 3},
        ],
        "city": "Cyber Bunny",
        "step": "after the last roll",
        "dice": ["claw", "1", "2", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"electric_carrot": ["The King"]}}, **PU)
    assert decision(plain)["kind"] == "evolution_question" and plain.current_player == 1
    assert monster(marked, 1)["hearts"] == 9 and decision(marked)["kind"] == "roll"


def test_chest_thumping_asks_about_each_wounded_monster_once_a_turn() -> None:
    fields = {
        "monsters": [{"name": "The King", "played": ["Chest Thumping"]}, "Kraken"],
        "city": "Kraken",
        "step": "after the last roll",
        "dice": ["claw", "1", "2", "2", "3", "3"],
    }
    marked, plain = with_and_without(fields, {"this_turn": {"chest_thumping": ["Kraken"]}}, **PU)
    assert decision(plain)["kind"] == "evolution_question" and plain.current_player == 0
    assert decision(marked)["kind"] == "yield" and marked.current_player == 1


def test_feline_motor_needs_a_monster_outside_tokyo_when_the_turn_began() -> None:
    """Feline Motor: "if you were not in Tokyo when that turn began"."""
    fields = {
        "monsters": ["Kraken", {"name": "Cyber Kitty", "played": ["Feline Motor"]}],
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(
        fields, {"this_turn": {"tokyo_at_start": ["Cyber Kitty"]}}, **PU
    )
    assert decision(plain)["kind"] == "evolution_question" and plain.current_player == 1
    assert marked.view(None)["monsters"][0]["location"] == "city"


def test_monkey_rush_is_played_once_the_monster_in_tokyo_left_it() -> None:
    """Monkey Rush: "Play when the monster controlling Tokyo leaves it"."""
    fields = {
        "monsters": ["Kraken", {"name": "The King", "evolutions": ["Monkey Rush"]}],
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(fields, {"this_turn": {"left_tokyo": True}}, **PU)
    assert "play Monkey Rush" in labels(marked)
    assert plain.view(None)["monsters"][0]["location"] == "city"


def test_the_active_monster_does_not_enter_a_spot_taken_before_it() -> None:
    fields = {"monsters": ["Kraken", "The King"], "step": "after the last roll", "dice": NO_SCORE}
    marked, plain = with_and_without(fields, {"this_turn": {"entry_taken": True}}, **PU)
    assert marked.view(None)["monsters"][0]["location"] != "city"
    assert plain.view(None)["monsters"][0]["location"] == "city"


def test_jungle_frenzy_after_wounding_a_monster_in_tokyo_and_not_entering() -> None:
    """Jungle Frenzy: "If this turn you wounded a monster that controls Tokyo and you did
    not take control of Tokyo, take another turn after this one"."""
    fields = {
        "monsters": [{"name": "The King", "evolutions": ["Jungle Frenzy"]}, "Kraken"],
        "city": "Kraken",
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(fields, {"this_turn": {"wounded_in_tokyo": True}}, **PU)
    assert "play Jungle Frenzy" in labels(marked)
    assert "play Jungle Frenzy" not in labels(plain)


def test_bamboozle_keeps_a_card_off_limits_for_the_turn() -> None:
    fields = {
        "monsters": [{"name": "Kraken", "energy": 10}, "Pandakai"],
        "row": ["Heal", "Frenzy", "Jets"],
        "step": "buy phase",
    }
    marked, plain = with_and_without(fields, {"this_turn": {"bamboozled": "Jets"}}, **PU)
    assert "buy the card in slot 3 of the row" in labels(plain)
    assert "buy the card in slot 3 of the row" not in labels(marked)


def test_a_skipped_turn_ends_without_its_end_of_turn_effects() -> None:
    """Sunken Temple skips the turn: no end-of-turn effects, no Poison (option
    skipped_turn_end="skip")."""
    fields = {"monsters": [{"name": "Kraken", "poison": 2}, "The King"], "step": "end of turn"}
    marked, plain = with_and_without(fields, {"this_turn": {"skipped": "Sunken Temple"}}, **PU)
    assert monster(marked, 0)["hearts"] == 10
    assert monster(plain, 0)["hearts"] == 8


def test_heart_of_the_rabbit_played_comes_back_on_taking_tokyo() -> None:
    """Heart of the Rabbit: "When you take control of Tokyo, take this card back from
    your discard pile into your hand" (once played: counters 1)."""
    fields = {
        "monsters": [
            {"name": "Cyber Bunny", "evolution_discard": ["Heart of the Rabbit"]},
            "Kraken",
        ],
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(
        fields, {"monsters[0]": {"counters": {"Heart of the Rabbit": 1}}}, **PU
    )
    assert monster(marked, 0)["evolutions"]["hand_size"] == 1
    assert monster(plain, 0)["evolutions"]["hand_size"] == 0


def test_metamorph_refunds_what_was_paid() -> None:
    """2011 Metamorph: "gain back the energy you paid for them" (metamorph_refund=paid)."""
    fields = {
        "monsters": [{"name": "Kraken", "cards": ["Metamorph", "Jets"]}, "The King"],
        "step": "end of turn",
        "moves": ["discard Jets for energy (Metamorph)"],
    }
    paid, printed = with_and_without(fields, {"monsters[0]": {"paid": {"Jets": 2}}}, edition="2011")
    assert monster(paid, 0)["energy"] == 2
    assert monster(printed, 0)["energy"] == 5


# -- the turn's order ----------------------------------------------------------------------


def test_an_extra_turn_won_comes_next() -> None:
    fields = {"monsters": ["Kraken", "The King", "Alienoid"], "step": "end of turn"}
    marked, plain = with_and_without(fields, {"extra_turns": [["Kraken", "Frenzy"]]})
    assert marked.view(None)["active"] == 0
    assert plain.view(None)["active"] == 1


def test_after_an_extra_turn_the_turn_goes_on_from_the_regular_one() -> None:
    fields = {
        "monsters": ["Kraken", "The King", "Alienoid"],
        "turn": "Alienoid",
        "step": "end of turn",
    }
    marked, plain = with_and_without(fields, {"regular_turn": "Kraken"})
    assert marked.view(None)["active"] == 1  # after Kraken's regular turn
    assert plain.view(None)["active"] == 0


def test_a_freeze_time_chain_rolls_a_die_fewer_per_link() -> None:
    state = build({"monsters": ["Kraken", "The King"], "freeze_time_chain": 2})
    assert len(state.view(None)["dice"]) == 4


def test_the_elimination_order() -> None:
    out = {"name": "The King", "out": True}
    state = build(
        {
            "monsters": ["Kraken", out, "Alienoid", {"name": "Meka Dragon", "out": True}],
            "eliminated": ["Meka Dragon", "The King"],
        }
    )
    assert state.view(None)["eliminated"] == [3, 1]


def test_a_card_named_by_its_copy() -> None:
    state = build({"monsters": [{"name": "Kraken", "cards": ["Extra Head #2"]}, "The King"]})
    copies = [c for c, card in enumerate(state.game.cards.instances) if card.slug == "extra_head"]
    assert [c["instance"] for c in monster(state, 0)["cards"]] == [copies[1]]


def test_an_empty_slot_of_the_row() -> None:
    game = tabletop.make("king-of-tokyo")
    left = sorted(
        name for info in game.cards.info for name in [info.name] * info.count if info.name != "Heal"
    )
    state = game.position({"monsters": ["Kraken", "The King"], "row": ["", "Heal"], "box": left})
    assert [c["id"] if c else None for c in state.view(None)["row"]] == [None, "heal", None]


# -- mistakes name the field ---------------------------------------------------------------

TWO = ["Kraken", "The King"]
MISTAKES = [
    (
        "an unknown mark",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"hugs": 1}},
        {},
        r"this_turn\.hugs",
    ),
    (
        "a mark at the start of the turn",
        {"monsters": TWO, "this_turn": {"wings": ["Kraken"]}},
        {},
        r"position\.this_turn",
    ),
    (
        "an unknown monster",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"wings": ["Gorilla"]}},
        {},
        r"this_turn\.wings\[0\]",
    ),
    (
        "a count out of range",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"hearts_lost": {"Kraken": 0}}},
        PU,
        r"this_turn\.hearts_lost",
    ),
    (
        "a Power Up! mark without it",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"hearts_lost": {"Kraken": 1}}},
        {},
        r"this_turn\.hearts_lost",
    ),
    (
        "Icy Reflection nobody holds",
        {"monsters": [{"name": "Space Penguin", "icy_reflection": "Mouse Hunter"}, "Cyber Kitty"]},
        PU,
        r"monsters\[0\]\.icy_reflection",
    ),
    (
        "Icy Reflection on a card not face up",
        {
            "monsters": [
                {
                    "name": "Space Penguin",
                    "played": ["Icy Reflection"],
                    "icy_reflection": "Mouse Hunter",
                },
                "Cyber Kitty",
            ]
        },
        PU,
        r"monsters\[0\]\.icy_reflection",
    ),
    (
        "a target token without Target Acquired",
        {"monsters": [{"name": "Kraken", "target_token": "The King"}, "The King"]},
        PU,
        r"monsters\[0\]\.target_token",
    ),
    (
        "a target token on itself",
        {
            "monsters": [
                {
                    "name": "Meka Dragon",
                    "played": ["Target Acquired"],
                    "target_token": "Meka Dragon",
                },
                "Kraken",
            ]
        },
        PU,
        r"monsters\[0\]\.target_token",
    ),
    (
        "a UFO on a card it lacks",
        {"monsters": [{"name": "Alienoid", "ufo": ["Jets"]}, "Kraken"]},
        PU,
        r"monsters\[0\]\.ufo",
    ),
    (
        "a die encased without Encased in Ice",
        {"monsters": [{"name": "Space Penguin", "encased": "claw"}, "Kraken"]},
        PU,
        r"monsters\[0\]\.encased",
    ),
    (
        "an encased face that does not exist",
        {
            "monsters": [
                {"name": "Space Penguin", "played": ["Encased in Ice"], "encased": "skull"},
                "Kraken",
            ]
        },
        PU,
        r"monsters\[0\]\.encased",
    ),
    (
        "a Freeze Ray it does not have",
        {"monsters": [{"name": "Space Penguin", "lent": {"Freeze Ray": "Kraken"}}, "Kraken"]},
        PU,
        r"monsters\[0\]\.lent",
    ),
    (
        "a paid card it lacks",
        {"monsters": [{"name": "Kraken", "paid": {"Jets": 2}}, "The King"]},
        {},
        r"monsters\[0\]\.paid",
    ),
    (
        "an extra turn of no card",
        {"monsters": TWO, "extra_turns": [["Kraken", "Nap"]]},
        {},
        r"extra_turns\[0\]",
    ),
    (
        "a copy that does not exist",
        {"monsters": [{"name": "Kraken", "cards": ["Jets #2"]}, "The King"]},
        {},
        r"monsters\[0\]\.cards",
    ),
    (
        "a copy placed twice",
        {
            "monsters": [{"name": "Kraken", "cards": ["Extra Head #1"]}, "The King"],
            "row": ["Extra Head #1"],
        },
        {},
        r"position\.row",
    ),
    (
        "an elimination order of a monster in the game",
        {
            "monsters": ["Kraken", "The King", {"name": "Alienoid", "out": True}],
            "eliminated": ["Kraken"],
        },
        {},
        r"position\.eliminated",
    ),
    (
        "a skip not at the end",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"skipped": "Sunken Temple"}},
        PU,
        r"this_turn\.skipped",
    ),
    (
        "a moment that does not exist",
        {"monsters": TWO, "step": "buy phase", "this_turn": {"asked": {"lunch": []}}},
        PU,
        r"this_turn\.asked\.lunch",
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


# -- who the turn asked already: asked ---------------------------------------------------------


def test_asked_moves_the_end_of_turn_past_those_asked() -> None:
    """The end of the turn offers Alienoid's Evolution after the Buy phase, in step J1's
    round, then at the end of the turn (public prompts: it holds Evolutions, its deck an
    end-of-turn one); each moment ``asked`` names is past."""
    game = tabletop.make("king-of-tokyo", power_up="on", edition="2016")
    fields = {"monsters": ["Kraken", {"name": "Alienoid", "evolutions": ["Anger Batteries"]}]}
    asked: dict[str, list[str]] = {}
    windows = []
    for moment in ("after buying", "end-of-turn Evolutions", "end of turn"):
        state = game.position({**fields, "step": "end of turn", "this_turn": {"asked": asked}})
        windows.append((state.view(None)["active"], decision(state)["window"]))
        asked = {**asked, moment: ["Kraken", "Alienoid"]}
    state = game.position({**fields, "step": "end of turn", "this_turn": {"asked": asked}})
    assert windows == [(0, "any_time"), (0, "end"), (0, "any_time")]
    assert state.view(None)["active"] == 1  # the next turn


def test_asked_psychic_probe_round_is_over() -> None:
    """Psychic Probe: "You can reroll a die of each other Monster once each turn"."""
    fields = {
        "monsters": ["Kraken", {"name": "The King", "cards": ["Psychic Probe"]}],
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(
        fields, {"this_turn": {"asked": {"Psychic Probe": ["Kraken", "The King"]}}}
    )
    assert decision(plain)["kind"] == "psychic_probe"
    assert marked.view(None)["active"] == 1


# -- what the turn did in Tokyo ---------------------------------------------------------------


@pytest.mark.parametrize(
    "mark",
    [{"attack_landed": True}, {"yielded": ["The King"]}, {"takes_tokyo": True}],
    ids=["attack_landed", "yielded", "takes_tokyo"],
)
def test_2011_the_attacker_enters_an_empty_tokyo_after_an_attack(mark: dict[str, Any]) -> None:
    """2011: a monster outside enters an empty Tokyo only after a claw or an attack
    (docs/games/king-of-tokyo.md, "Tokyo")."""
    fields = {"monsters": ["Kraken", "The King"], "step": "after the last roll", "dice": NO_SCORE}
    marked, plain = with_and_without(fields, {"this_turn": mark}, edition="2011")
    assert marked.view(None)["monsters"][0]["location"] == "city"
    assert plain.view(None)["monsters"][0]["location"] != "city"


def test_a_monster_smashed_in_tokyo_this_turn_may_yield() -> None:
    fields = {
        "monsters": ["Kraken", "The King"],
        "city": "The King",
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(fields, {"this_turn": {"smashed_in_tokyo": ["The King"]}})
    assert decision(marked)["kind"] == "yield" and marked.current_player == 1
    assert plain.view(None)["active"] == 1  # nobody to ask: the next turn


def test_eats_shoots_and_leaves_after_entering_tokyo_this_turn() -> None:
    """Eats, Shoots and Leaves: "Play when you enter Tokyo"."""
    fields = {
        "monsters": [{"name": "Pandakai", "evolutions": ["Eats, Shoots and Leaves"]}, "Kraken"],
        "city": "Pandakai",
        "step": "after the last roll",
        "dice": NO_SCORE,
    }
    marked, plain = with_and_without(fields, {"this_turn": {"entered_tokyo": ["Pandakai"]}}, **PU)
    assert "play Eats, Shoots and Leaves" in labels(marked)
    assert "play Eats, Shoots and Leaves" not in labels(plain)


def test_monkey_rush_at_once_when_tokyo_is_freed_in_the_buy_phase() -> None:
    fields = {
        "monsters": [
            {"name": "Kraken", "energy": 5},
            {"name": "The King", "evolutions": ["Monkey Rush"]},
        ],
        "step": "buy phase",
        "this_turn": {"left_tokyo": True},
    }
    marked, plain = with_and_without(fields, {"this_turn": {"left_tokyo_in_buy_phase": True}}, **PU)
    assert "play Monkey Rush" in labels(marked)
    assert decision(plain)["kind"] == "buy"
