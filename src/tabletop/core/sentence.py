"""A sentence to be read in some language: an English template and its fields.

Whatever a person may read that is made while the reader is still unknown (an error,
a notice of the server) is kept as the English template, with named placeholders,
and the values that fill them; it is written out once it is known who reads it::

    >>> from tabletop.i18n import Reader
    >>> said = Sentence("{n} seats at table {table}", {"n": 1200, "table": "x"})
    >>> said.english(), said.read(Reader("de"))
    ('1200 seats at table x', '1.200 seats at table x')

English writes the values as Python does (``str()``); another language finds the
template in its catalog and writes numbers as its own (``1.200``, ``0,5``). A field
that is itself a sentence, or carries one (an error: :mod:`tabletop.core.errors`), is
read in the same language. A translation that names other fields than the sentence
has, or that a field cannot fill, gives way to the English.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from tabletop.i18n.reader import Reader


class Sentence:
    """An English template with named fields, read per reader with :meth:`read`."""

    __slots__ = ("fields", "template")

    fractions: ClassVar[str] = ""
    """How English writes a float field: ``format(x, fractions)`` (``""``: as ``str()``
    does, ``0.0``)."""

    def __init__(self, template: str, fields: Mapping[str, Any] | None = None) -> None:
        self.template = template
        self.fields = dict(fields or {})

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.template!r}, {self.fields!r})"

    def english(self) -> str:
        return self._filled(self.template, None)

    def read(self, who: Reader | None = None) -> str:
        """The sentence for ``who`` (English for nobody in particular)."""
        if who is None or who.lang == _english():
            return self.english()
        try:
            return self._filled(who.gettext(self.template), who)
        except (KeyError, IndexError, ValueError):  # a translation naming other fields
            return self.english()

    def _filled(self, text: str, who: Reader | None) -> str:
        if not self.fields:  # a message given filled: its braces are text
            return text
        return _Filler(who, self.fractions).vformat(text, (), self.fields)


class _Filler(Formatter):
    """Writes a sentence's fields for one reader (``None``: in English)."""

    def __init__(self, who: Reader | None, fractions: str) -> None:
        self.who = who
        self.fractions = fractions

    def format_field(self, value: Any, format_spec: str) -> str:
        said = _said(value)
        if said is not None:
            return format(said.read(self.who), format_spec)
        if format_spec or not _is_number(value):  # after a conversion (!r): text
            return format(value, format_spec)
        if self.who is not None:
            return self.who.number(value)
        return format(value, self.fractions if isinstance(value, float) else "")


def _said(value: object) -> Sentence | None:
    """The sentence ``value`` is, or carries as its ``sentence`` (an error does)."""
    said = getattr(value, "sentence", value)
    return said if isinstance(said, Sentence) else None


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _english() -> str:
    """The catalogs' source language. Imported when a reader is at hand, so its
    package is loaded already; the rest of core stays free of the catalogs."""
    from tabletop.i18n.catalogs import SOURCE

    return SOURCE


__all__ = ["Sentence"]
