"""The language the terminal speaks: ``--lang``, else the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``, ``LANGUAGE``), else English.

Every screen of the terminal client reads its words through :func:`tr`::

    from tabletop.cli.language import tr
    console.print(tr().gettext("Seed {seed}", seed=7))
"""

from __future__ import annotations

import os

from tabletop.i18n import Reader, from_environment, reader

_current: list[Reader] = []


def tr() -> Reader:
    """The reader of this terminal (chosen once, by :func:`use` or the locale)."""
    if not _current:
        _current.append(reader(from_environment(os.environ)))
    return _current[0]


def use(lang: str) -> Reader:
    """Speak ``lang`` from now on (``ValueError`` for a language Tabletop lacks)."""
    chosen = reader(lang)
    _current[:] = [chosen]
    return chosen


__all__ = ["tr", "use"]
