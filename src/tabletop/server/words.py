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

from tabletop.core.sentence import Sentence
from tabletop.i18n import Reader, languages, negotiate, reader


def N_(message: str) -> str:
    """``message`` as it is: marks it for the catalogs where it is translated later,
    once the reader is known."""
    return message


class Said(Sentence):
    """A sentence of the server (:class:`~tabletop.core.sentence.Sentence`), whose
    English writes fractions as the server always wrote them: ``format(x, "g")``."""

    __slots__ = ()
    fractions = "g"


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
