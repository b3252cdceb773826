"""The provisional deck (reference section 7) and deck-file validation (section 6)."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.games.kung_fu.cards import EFFECT_KEYS
from tabletop.games.kung_fu.deck_file import load_deck
from tests.games.kung_fu.scenario import FIXTURE, write_deck


@pytest.fixture(scope="module")
def default():
    return load_deck("default")


def test_default_deck_has_30_red_and_30_blue(default) -> None:
    per_deck = Counter()
    for k in range(default.num_types):
        per_deck[default.colour[k]] += default.count[k]
    assert per_deck == {0: 30, 1: 30}
    assert default.num_types == 32
    assert default.ids == tuple(
        [f"A{i:02}" for i in range(1, 17)] + [f"P{i:02}" for i in range(1, 17)]
    )


def test_default_deck_totals_match_the_reference(default) -> None:
    def total(values, colour):
        return sum(
            values[k] * default.count[k]
            for k in range(default.num_types)
            if default.colour[k] == colour
        )

    assert total(default.value, 0) == 91
    assert total(default.value, 1) == 61
    assert total(default.koku, 0) + total(default.koku, 1) == 28
    koku_cards = sum(default.count[k] for k in range(default.num_types) if default.koku[k])
    assert koku_cards == 26


def test_every_effect_is_used_at_least_twice(default) -> None:
    used = Counter()
    for k in range(default.num_types):
        for e in default.effects[k]:
            used[EFFECT_KEYS[e.kind]] += default.count[k]
    for key in EFFECT_KEYS:
        assert used[key] >= 2, key
    arrows = [
        default.ids[k] for k in range(default.num_types) if any(e.arrow for e in default.effects[k])
    ]
    assert arrows == ["A10", "A11", "A14"]


def test_the_two_named_cards_switch_the_initiative(default) -> None:
    for name in ("Drunken Master", "Bridge of Heaven"):
        k = default.names.index(name)
        assert "switch_initiative" in default.effect_keys[k]
        assert "rules" in default.card_provenance[k]
    assert default.card_provenance[default.names.index("Tiger Claw")] == "assumed"


def test_default_deck_is_marked_provisional(default) -> None:
    assert "PROVISIONAL" in default.title
    assert "assumption" in default.provenance


def test_card_description(default) -> None:
    k = default.names.index("Tiger Claw")
    assert default.describe(k) == {
        "type": "A07",
        "name": "Tiger Claw",
        "deck": "attack",
        "value": 3,
        "boosted_value": 5,
        "koku": 0,
        "worth": 0,
        "cost": 2,
        "effects": ["boost"],
        "text": "Activate for 2 koku: its value becomes 5.",
        "label": "Tiger Claw (attack 3/5; cost 2: boost to 5)",
    }
    crane = default.names.index("Crane Beak")
    assert default.describe(crane)["effects"] == ["on_opp_life_loss:discard_random_2"]


def test_card_texts_say_each_effect(default) -> None:
    def text(card_id: str) -> str:
        return default.text(default.type_of(card_id))

    assert text("A01") == ""  # Straight Punch has no effect
    assert text("A11") == (  # Snake Fang: lose2 without a target, as the legend says
        "Activate for 2 koku: if the opponent has lost life this round, you lose 2 life."
    )
    assert text("A13") == (
        "Activate for 2 koku: its value becomes 6; after this round, the defender of this "
        "round holds the initiative."
    )
    assert text("P13") == "Activate for 1 koku: you draw 3 cards, choosing the piles."
    assert text("A15").endswith("after the round it joins your koku row, worth 2 koku.")


def test_the_view_says_lose2_as_the_options_play_it() -> None:
    import tabletop

    for target, words in (
        ("card", "you lose 2 life"),
        ("opponent", "the opponent loses 2 life"),
        ("self", "you lose 2 life"),
    ):
        game = tabletop.make("kung-fu", lose2_target=target)
        k = game.cards.type_of("P11")  # Returning Strike: lose2, no target in the data
        assert game.texts[k] == f"Activate for 3 koku: {words}."
        view = game.new_state(2, seed=1).view(0)
        assert all(
            card["text"] == game.texts[game.cards.type_of(card["type"])] for card in view["hand"]
        )


def test_gain_koku_worth(default) -> None:
    k = default.names.index("Golden Rooster")
    assert (default.koku[k], default.koku_when_gained[k], default.worth[k]) == (0, 2, 2)


def test_a_deck_file_replaces_the_deck(tmp_path) -> None:
    path = write_deck(tmp_path)
    game = tabletop.make("kung-fu", deck=path)
    assert game.cards.num_types == len(FIXTURE)
    assert game.cards.names[0] == "Jab"
    assert game.info.num_distinct_actions == 5 * len(FIXTURE) + 19


def test_a_bare_list_is_accepted(tmp_path) -> None:
    path = tmp_path / "bare.json"
    path.write_text(json.dumps(FIXTURE), encoding="utf-8")
    assert tabletop.make("kung-fu", deck=str(path)).cards.num_types == len(FIXTURE)


def _broken(tmp_path, index: int, change) -> str:
    cards = copy.deepcopy(FIXTURE)
    change(cards[index])
    return write_deck(tmp_path, cards)


BAD_CARDS = [
    # (card index, change, card named in the message, field named in the message)
    (3, lambda c: c.pop("value"), "A04", "value"),
    (3, lambda c: c.update(value=13), "A04", "value"),
    (3, lambda c: c.update(value="3"), "A04", "value"),
    (0, lambda c: c.update(deck="red"), "A01", "deck"),
    (0, lambda c: c.update(count=0), "A01", "count"),
    (0, lambda c: c.update(koku=-1), "A01", "koku"),
    (3, lambda c: c.update(boosted_value=None), "A04", "boosted_value"),
    (3, lambda c: c.update(boosted_value=2), "A04", "boosted_value"),
    (0, lambda c: c.update(boosted_value=4), "A01", "boosted_value"),
    (4, lambda c: c["effects"][0].update(type="explode"), "A05", "effects[0].type"),
    (4, lambda c: c["effects"][0].pop("trigger"), "A05", "effects[0].trigger"),
    (3, lambda c: c["effects"][0].update(trigger="on_opp_life_loss"), "A04", "effects[0].trigger"),
    (
        16,
        lambda c: c.update(cost=1, effects=[{"type": "negate_parry", "trigger": "on_activate"}]),
        "P03",
        "effects[0].type",
    ),
    (11, lambda c: c.update(koku_when_gained=None), "A12", "koku_when_gained"),
    (0, lambda c: c.update(koku_when_gained=2), "A01", "koku_when_gained"),
    (0, lambda c: c.update(cost=2), "A01", "cost"),
    (0, lambda c: c.update(colour="red"), "A01", "colour"),
    (4, lambda c: c["effects"][0].update(target="self"), "A05", "effects[0].target"),
    (9, lambda c: c["effects"][0].update(target="both"), "A10", "effects[0].target"),
    (5, lambda c: c["effects"][0].update(amount=2), "A06", "effects[0].amount"),
    (10, lambda c: c["effects"][0].update(amount=13), "A11", "effects[0].amount"),
    (4, lambda c: c["effects"].append(dict(c["effects"][0])), "A05", "effects[1].type"),
    (0, lambda c: c.update(name=""), "A01", "name"),
    (1, lambda c: c.update(name="Jab"), "A02", "name"),
    (1, lambda c: c.update(id="A01"), "A01", "id"),
    (2, lambda c: c.update(effects="boost"), "A03", "effects"),
]


@pytest.mark.parametrize(("index", "change", "card", "field"), BAD_CARDS)
def test_bad_card_names_the_card_and_the_field(tmp_path, index, change, card, field) -> None:
    path = _broken(tmp_path, index, change)
    with pytest.raises(InvalidOptionsError) as err:
        tabletop.make("kung-fu", deck=path)
    assert err.value.option == "deck"
    message = str(err.value)
    assert f"card {card}" in message
    assert repr(field) in message


def test_a_card_without_id_is_named_by_position(tmp_path) -> None:
    path = _broken(tmp_path, 2, lambda c: c.pop("id"))
    with pytest.raises(InvalidOptionsError, match=r"card #3: field 'id' is missing"):
        tabletop.make("kung-fu", deck=path)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("{not json", "not valid JSON"),
        ('{"title": "x"}', "no 'cards' list"),
        ("[]", "non-empty list"),
        ("[1, 2]", "card #1 must be an object"),
    ],
)
def test_bad_files(tmp_path, text, match) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidOptionsError, match=match) as err:
        tabletop.make("kung-fu", deck=str(path))
    assert err.value.option == "deck"


def test_a_deck_needs_both_colours(tmp_path) -> None:
    path = write_deck(tmp_path, [c for c in FIXTURE if c["deck"] == "attack"])
    with pytest.raises(InvalidOptionsError, match="no parry cards"):
        tabletop.make("kung-fu", deck=path)


def test_missing_file(tmp_path) -> None:
    with pytest.raises(InvalidOptionsError, match="cannot read") as err:
        tabletop.make("kung-fu", deck=str(tmp_path / "nowhere.json"))
    assert err.value.option == "deck"
