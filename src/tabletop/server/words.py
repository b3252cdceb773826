"""The server's own sentences, in each person's language.

What the server says to people (an error shown in the page, a notice such as
"disconnected: no 'hello' within 10 seconds") is written in English with named
placeholders, and kept with its fields until it is known who reads it
(:class:`Said`): a websocket's language (its ``hello``, else its
``Accept-Language``), or an HTTP request's (``?lang=``, else its
``Accept-Language``). ``N_`` marks such a sentence for ``python -m
tabletop.i18n.extract``, which collects it into the catalogs.

English reads exactly as the server always wrote it: whole numbers as they are,
fractions as ``format(x, "g")`` does (``0.5``, ``10``). Another language writes them
as its numbers (``0,5``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.i18n import SOURCE, Reader, languages, negotiate, reader


def N_(message: str) -> str:
    """``message`` as it is: marks it for the catalogs where it is translated later,
    once the reader is known."""
    return message


class Said:
    """An English sentence and its fields, to be read in some language."""

    __slots__ = ("fields", "template")

    def __init__(self, template: str, fields: Mapping[str, Any] | None = None) -> None:
        self.template = template
        self.fields = dict(fields or {})

    def english(self) -> str:
        if not self.fields:
            return self.template
        return self.template.format_map(
            {key: format(v, "g") if isinstance(v, float) else v for key, v in self.fields.items()}
        )

    def read(self, who: Reader | None = None) -> str:
        """The sentence for ``who`` (English for nobody in particular)."""
        if who is None or who.lang == SOURCE:
            return self.english()
        try:
            return who.gettext(self.template, **self.fields)
        except (KeyError, IndexError, ValueError):  # a translation naming other fields
            return self.english()


def spoken(lang: object) -> str | None:
    """``lang`` if it is the code of a language the server speaks, else None."""
    return lang if isinstance(lang, str) and lang in languages() else None


def language_of(query: object, accept_language: str | None) -> str:
    """The language to answer in: ``query`` (``?lang=``) if the server speaks it, else
    the best of the ``Accept-Language`` header, else English."""
    return spoken(query) or negotiate(accept_language)


def reader_of(query: object, accept_language: str | None) -> Reader:
    return reader(language_of(query, accept_language))


__all__ = ["N_", "Said", "language_of", "reader_of", "spoken"]
