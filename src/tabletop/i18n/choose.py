"""Which language a person reads: from the browser's ``Accept-Language`` header, or
the terminal's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``)."""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.i18n.catalogs import SOURCE, languages


def _base(tag: str) -> str:
    """``"de"`` from ``"de-CH"``, ``"de_DE.UTF-8"`` or ``"DE"``."""
    return tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()


def negotiate(accept_language: str | None, default: str = SOURCE) -> str:
    """The language to answer an ``Accept-Language`` header with.

    Tags are tried by their quality, best first (ties in the order given); a regional
    tag matches its language. Anything unreadable is skipped.

    >>> negotiate("it-IT,it;q=0.9,en;q=0.8")
    'it'
    >>> negotiate("fr-FR, de;q=0.5, en;q=0.7")
    'en'
    >>> negotiate("xx, ;q=oops")
    'en'
    """
    if not accept_language:
        return default
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language[:1000].split(",")):
        tag, _, params = part.partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                continue
        if quality > 0 and tag.strip():
            ranked.append((-quality, index, _base(tag)))
    spoken = languages()
    for _, _, lang in sorted(ranked):
        if lang in spoken:
            return lang
    return default


def from_environment(environ: Mapping[str, str], default: str = SOURCE) -> str:
    """The language of the terminal's locale, as gettext looks for it.

    >>> from_environment({"LANG": "de_DE.UTF-8"})
    'de'
    >>> from_environment({"LC_ALL": "C", "LANG": "it_IT.UTF-8"})
    'en'
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            lang = _base(value)
            return lang if lang in languages() else default
    for tag in environ.get("LANGUAGE", "").split(":"):
        if tag and _base(tag) in languages():
            return _base(tag)
    return default


__all__ = ["from_environment", "negotiate"]
