"""Message catalogs: gettext PO files read with Babel, one per language.

English is the source language: every message is written in English in the code (the
``msgid``), and a language is a PO file, ``locale/<lang>/LC_MESSAGES/tabletop.po``
beside this module, whose entries give the translations. Adding a language is adding
its catalog files (docs/languages.md); nothing else lists the languages.

A catalog is read once per process and kept. Plural forms come from the PO file's
``Plural-Forms`` header, which ``python -m tabletop.i18n.extract`` writes from CLDR.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources
from typing import Any, Final

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE: Final = "en"
"""The language the messages are written in; it needs no catalog."""

DOMAIN: Final = "tabletop"

CONTEXT_SEPARATOR: Final = "\x04"
"""How gettext joins a message's context and id into one key (``msgctxt\\x04msgid``)."""


def _locale_dir() -> Any:
    return resources.files("tabletop.i18n").joinpath("locale")


@cache
def languages() -> tuple[str, ...]:
    """The languages Tabletop speaks: English, then every language with a catalog.

    >>> languages()[:3]
    ('en', 'de', 'it')
    """
    found = sorted(
        entry.name
        for entry in _locale_dir().iterdir()
        if entry.joinpath("LC_MESSAGES", f"{DOMAIN}.po").is_file()
    )
    order = {"de": 0, "it": 1}  # the boxes' languages first, then the rest by code
    return (SOURCE, *sorted(found, key=lambda code: (order.get(code, 2), code)))


def po_path(lang: str) -> Any:
    """The PO file of ``lang`` (a Traversable inside the package)."""
    return _locale_dir().joinpath(lang, "LC_MESSAGES", f"{DOMAIN}.po")


@cache
def catalog(lang: str) -> Any:
    """The Babel catalog of ``lang`` as read from its PO file."""
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> NullTranslations:
    """gettext translations for ``lang``; English (or an unknown code) gives the
    messages as written. Fuzzy entries are not used."""
    if lang == SOURCE or lang not in languages():
        return NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, catalog(lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def check_language(lang: str) -> str:
    """``lang`` if Tabletop speaks it, else a ``ValueError`` naming the ones it does."""
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(languages())}")
    return lang


def language_name(lang: str) -> str:
    """The language's own name for itself, as a language switch shows it.

    >>> language_name("de"), language_name("it")
    ('Deutsch', 'Italiano')
    """
    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        return lang
    return name[:1].upper() + name[1:]


def browser_catalog(lang: str) -> dict[str, Any]:
    """The catalog of ``lang`` as JSON for the browser: each translated message by its
    id (``context\\x04id`` where it has a context; a list of forms where it has a
    plural) and the plural rule as a C expression in ``n``.

    English has no messages: the browser shows the ids themselves.
    """
    check_language(lang)
    if lang == SOURCE:
        return {"lang": lang, "plural": "(n != 1)", "messages": {}}
    cat = catalog(lang)
    messages: dict[str, Any] = {}
    for message in cat:
        if not message.id or message.fuzzy:
            continue
        key_id = message.id[0] if isinstance(message.id, tuple) else message.id
        key = key_id if message.context is None else message.context + CONTEXT_SEPARATOR + key_id
        if isinstance(message.string, tuple | list):
            if all(message.string):
                messages[key] = list(message.string)
        elif message.string:
            messages[key] = message.string
    return {"lang": lang, "plural": cat.plural_expr, "messages": messages}


__all__ = [
    "CONTEXT_SEPARATOR",
    "DOMAIN",
    "SOURCE",
    "browser_catalog",
    "catalog",
    "check_language",
    "language_name",
    "languages",
    "po_path",
    "translations",
]
