"""The inventory of card names and texts: every card, Evolution, monster, tower and
effect has every field in every language (games/<game>/data/i18n/<lang>.json)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from tabletop.games.king_of_tokyo.options import MONSTERS
from tabletop.games.kung_fu.cards import ARROW, EFFECT_KEYS
from tabletop.games.uno_power.cards import ACTION_NAMES, COLOURS, TOWERS
from tabletop.i18n import data_texts, languages, text_of

OTHERS = [lang for lang in languages() if lang != "en"]


def _data(package: str, name: str) -> Any:
    text = resources.files(f"tabletop.games.{package}").joinpath("data", name).read_text()
    return json.loads(text)


def _expected_king_of_tokyo() -> dict[str, dict[str, set[str]]]:
    cards = {}
    for card in _data("king_of_tokyo", "cards.json")["cards"]:
        fields = {"name", "text"}
        fields |= {f"{f}_2011" for f in ("name", "text") if f in card.get("edition_2011", {})}
        cards[card["id"]] = fields
    evolutions = {
        e["id"]: {"name", "text"} for e in _data("king_of_tokyo", "evolutions.json")["evolutions"]
    }
    return {"cards": cards, "evolutions": evolutions, "monsters": {m: {"name"} for m in MONSTERS}}


def _expected_uno_power() -> dict[str, dict[str, set[str]]]:
    return {
        "colours": {c: {"name"} for c in COLOURS},
        "symbols": {s: {"name", "text"} for s in ACTION_NAMES.values()},
        "towers": {t: {"name", "text"} for t in TOWERS},
    }


def _expected_kung_fu() -> dict[str, dict[str, set[str]]]:
    ids: set[str] = set()
    for deck in ("deck.json", "deck_balanced.json"):
        ids |= {card["id"] for card in _data("kung_fu", deck)["cards"]}
    return {
        "cards": {i: {"name"} for i in sorted(ids)},
        "effects": {k: {"name", "text"} for k in (*EFFECT_KEYS, ARROW)},
    }


EXPECTED = {
    "king_of_tokyo": _expected_king_of_tokyo,
    "uno_power": _expected_uno_power,
    "kung_fu": _expected_kung_fu,
}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("package", sorted(EXPECTED))
def test_every_entry_has_every_field(package: str, lang: str) -> None:
    texts = data_texts(package, lang)
    expected = EXPECTED[package]()
    assert sorted(texts) == sorted(expected)
    for section, entries in expected.items():
        assert sorted(texts[section]) == sorted(entries), section
        for entry, fields in entries.items():
            given = texts[section][entry]
            assert set(given) == fields, (section, entry)
            for field in fields:
                value = given[field]
                assert isinstance(value, str) and value.strip() == value and value, (entry, field)
                assert "{" not in value, (entry, field)


@pytest.mark.parametrize("lang", OTHERS)
def test_texts_are_translated_not_copied(lang: str) -> None:
    """Names may stay (proper names), but the rules texts are in the language."""
    for package, expected in EXPECTED.items():
        texts = data_texts(package, lang)
        english = data_texts(package, "en")
        assert english == {}
        for section, entries in expected().items():
            for entry, fields in entries.items():
                if "text" in fields:
                    assert texts[section][entry]["text"] != _english_text(package, section, entry)


@pytest.mark.parametrize("lang", OTHERS)
def test_kung_fu_card_names_are_said_in_the_language(lang: str) -> None:
    """Kung Fu's card names describe the move ("Bridge of Heaven", "Drunken Master"):
    unlike the monsters' proper names, each is said in the reader's language."""
    names = data_texts("kung_fu", lang)["cards"]
    for deck in ("deck.json", "deck_balanced.json"):
        for card in _data("kung_fu", deck)["cards"]:
            assert names[card["id"]]["name"] != card["name"], (lang, card["name"])


def _english_text(package: str, section: str, entry: str) -> str | None:
    if package == "king_of_tokyo" and section in ("cards", "evolutions"):
        rows = _data(package, f"{section}.json")[section]
        return next(row["text"] for row in rows if row["id"] == entry)
    return None


def test_text_of_falls_back_to_the_english() -> None:
    assert (
        text_of("king_of_tokyo", "en", "cards", "acid_attack", "name", "Acid Attack")
        == "Acid Attack"
    )
    assert text_of("king_of_tokyo", "de", "cards", "nonexistent", "name", "X") == "X"
    assert (
        text_of("king_of_tokyo", "de", "cards", "acid_attack", "name", "Acid Attack")
        != "Acid Attack"
    )
