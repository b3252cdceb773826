"""Tabletop in the players' languages: English, German and Italian.

Three kinds of text are translated, each where it belongs:

- **messages** (the browser's and the terminal's words, option titles, errors): gettext
  PO catalogs read with Babel (:mod:`tabletop.i18n.catalogs`), used through a
  :class:`Reader`;
- **the log**: each event kind has a message template filled from the event's data,
  per reader (:mod:`tabletop.i18n.logtext`);
- **card names and texts**: data files beside each game's card data
  (:mod:`tabletop.i18n.texts`).

How to add a language: docs/languages.md.
"""

from tabletop.i18n.catalogs import (
    SOURCE,
    browser_catalog,
    check_language,
    language_name,
    languages,
)
from tabletop.i18n.choose import from_environment, negotiate
from tabletop.i18n.logtext import (
    LogMessages,
    LogTemplate,
    LogTextError,
    render_event,
    render_label,
)
from tabletop.i18n.reader import Reader, reader
from tabletop.i18n.texts import data_texts, text_of

__all__ = [
    "SOURCE",
    "LogMessages",
    "LogTemplate",
    "LogTextError",
    "Reader",
    "browser_catalog",
    "check_language",
    "data_texts",
    "from_environment",
    "language_name",
    "languages",
    "negotiate",
    "reader",
    "render_event",
    "render_label",
    "text_of",
]
