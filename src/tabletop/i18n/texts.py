"""Card names and texts in each language, as data beside the card data.

A game's English names and texts live in its card data (``games/<game>/data``); each
other language has one file, ``games/<game>/data/i18n/<lang>.json``::

    {"format": 1, "lang": "de",
     "cards": {"acid_attack": {"name": "Säureangriff", "text": "..."}, ...},
     "monsters": {...}}

Sections and fields are the game's own (docs/languages.md lists them); the game's
inventory test checks that every language gives every field of every entry.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from tabletop.i18n.catalogs import SOURCE

Texts = Mapping[str, Mapping[str, Mapping[str, str]]]
"""Section → entry id → field → text."""


@cache
def data_texts(package: str, lang: str) -> Texts:
    """The texts of game package ``package`` (``"king_of_tokyo"``) in ``lang``; empty
    for English (the card data holds it) and for a language without a file."""
    if lang == SOURCE:
        return {}
    path = resources.files(f"tabletop.games.{package}").joinpath("data", "i18n", f"{lang}.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if data.get("format") != 1 or data.get("lang") != lang:
        raise ValueError(f"{path}: not a format-1 text file for {lang!r}")
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def text_of(package: str, lang: str, section: str, entry: str, field: str, english: str) -> str:
    """One text in ``lang``: the translation where the file gives it, else ``english``."""
    return data_texts(package, lang).get(section, {}).get(entry, {}).get(field, english)


__all__ = ["Texts", "data_texts", "text_of"]
