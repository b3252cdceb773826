"""A reader: someone who reads Tabletop in one language.

Every text a person reads goes through a :class:`Reader`: whole messages with named
placeholders (never translated fragments glued together), numbers and lists formatted
by CLDR's rules for the language::

    >>> Reader("de").ngettext("{n} game", "{n} games", 1200)
    '1.200 Partien'
    >>> Reader("it").join(["A", "B", "C"])
    'A, B e C'
    >>> Reader("en").gettext("Hello, {name}!", name="Ann")
    'Hello, Ann!'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from tabletop.i18n.catalogs import SOURCE, check_language, translations


class Reader:
    """Translates and formats messages for one language.

    The method names are gettext's, so ``python -m tabletop.i18n.extract`` finds every
    message passed to them. Integer fields are written as numbers of the language
    (``1.200`` in German); ``n`` is the count that chooses a plural form.
    """

    __slots__ = ("_translations", "lang")

    def __init__(self, lang: str = SOURCE) -> None:
        self.lang = check_language(lang)
        self._translations = translations(lang)

    def __repr__(self) -> str:
        return f"Reader({self.lang!r})"

    def gettext(self, message: str, /, **fields: Any) -> str:
        return self.fill(str(self._translations.gettext(message)), fields)

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        return self.fill(str(self._translations.pgettext(context, message)), fields)

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        text = str(self._translations.ngettext(singular, plural, n))
        return self.fill(text, {"n": n, **fields})

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        text = str(self._translations.npgettext(context, singular, plural, n))
        return self.fill(text, {"n": n, **fields})

    def template(
        self, context: str | None, message: str, plural: str | None = None, n: int = 1
    ) -> str:
        """The translation of a message with its placeholders left unfilled (for a
        caller that fills them itself, as the log does). Babel types some lookups as
        ``object``: they always give text here (the message itself when untranslated)."""
        t = self._translations
        if plural is None:
            found = t.gettext(message) if context is None else t.pgettext(context, message)
        elif context is None:
            found = t.ngettext(message, plural, n)
        else:
            found = t.npgettext(context, message, plural, n)
        return str(found)

    def fill(self, template: str, fields: Mapping[str, Any]) -> str:
        """``template`` with its ``{name}`` placeholders filled; integers as numbers."""
        if not fields:
            return template
        return template.format_map(
            {key: self.number(v) if _is_number(v) else v for key, v in fields.items()}
        )

    def number(self, value: float) -> str:
        return _number(self.lang, value)

    def join(self, items: Iterable[str]) -> str:
        """A list in words: "A, B and C", "A, B und C"."""
        listed = list(items)
        if not listed:
            return ""
        return format_list(listed, locale=self.lang)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@cache
def _number(lang: str, value: float) -> str:
    return format_decimal(value, locale=lang)


@cache
def reader(lang: str = SOURCE) -> Reader:
    """The shared :class:`Reader` of ``lang``."""
    return Reader(lang)


__all__ = ["Reader", "reader"]
