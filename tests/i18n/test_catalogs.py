"""The message catalogs, the reader and the choice of language."""

from __future__ import annotations

import pytest

from tabletop.i18n import (
    Reader,
    browser_catalog,
    check_language,
    from_environment,
    language_name,
    languages,
    negotiate,
)
from tabletop.i18n.catalogs import CONTEXT_SEPARATOR, catalog
from tabletop.i18n.extract import main as extract


def test_the_three_languages_come_first() -> None:
    """English, then the boxes' languages; a further language only adds catalogs."""
    assert languages()[:3] == ("en", "de", "it")
    assert [language_name(code) for code in languages()[:3]] == ["English", "Deutsch", "Italiano"]


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="en, de, it"):
        check_language("xx-not-a-language")
    with pytest.raises(ValueError):
        Reader("xx-not-a-language")


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en;q=0.1, it;q=0.9", "it"),
        ("fr, it-CH;q=0.3, de;q=0.2", "it"),
        ("fr-FR,fr;q=0.9", "en"),
        ("", "en"),
        (None, "en"),
        ("de;q=0, it", "it"),
        ("de;q=abc, it;q=0.5", "it"),
        (",,,;;;===" * 500, "en"),
    ],
)
def test_accept_language_is_negotiated(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "de_DE.UTF-8"}, "it"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "fr:it"}, "it"),
        ({}, "en"),
    ],
)
def test_the_terminal_follows_the_locale(environ: dict[str, str], lang: str) -> None:
    assert from_environment(environ) == lang


def test_numbers_and_lists_follow_cldr() -> None:
    assert Reader("en").number(1200) == "1,200"
    assert Reader("de").number(1200) == "1.200"
    assert Reader("it").number(1200) == "1.200"
    assert Reader("de").join(["A", "B", "C"]) == "A, B und C"
    assert Reader("en").join([]) == ""


def test_italian_has_cldr_plural_forms() -> None:
    assert catalog("it").num_plurals == 3
    assert catalog("de").num_plurals == 2


def test_fields_are_filled_by_name() -> None:
    reader = Reader("en")
    assert reader.gettext("{a} and {b}", b="B", a="A") == "A and B"
    assert reader.ngettext("{n} die", "{n} dice", 1) == "1 die"
    assert reader.ngettext("{n} die", "{n} dice", 2000) == "2,000 dice"


@pytest.mark.parametrize("lang", ["de", "it"])
def test_the_browser_catalog_holds_every_translation(lang: str) -> None:
    data = browser_catalog(lang)
    assert data["lang"] == lang
    assert "n" in data["plural"]
    messages = data["messages"]
    entries = [m for m in catalog(lang) if m.id]
    assert len(messages) == len(entries)
    for message in entries:
        ident = message.id[0] if isinstance(message.id, tuple) else message.id
        key = ident if message.context is None else message.context + CONTEXT_SEPARATOR + ident
        assert key in messages


def test_the_english_catalog_is_empty() -> None:
    assert browser_catalog("en")["messages"] == {}


def test_catalogs_are_up_to_date_and_complete(capsys: pytest.CaptureFixture[str]) -> None:
    """Every message of the sources is in every catalog, translated; ``python -m
    tabletop.i18n.extract`` brings them up to date."""
    code = extract(["--check"])
    assert code == 0, capsys.readouterr().err[:3000]
