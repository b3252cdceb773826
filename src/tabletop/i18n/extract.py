"""Build the message template from the sources, and bring each catalog up to date.

``python -m tabletop.i18n.extract`` collects every message a person may read:

- ``Reader`` calls in the Python sources (``gettext``, ``ngettext``, ``pgettext``,
  ``npgettext``) and strings marked with ``N_``;
- the JavaScript of the browser (``t("...")``, ``tn("...", "...", n)``) and the
  ``data-i18n`` elements of its HTML pages;
- each game's log templates (context ``"<game>:log:<kind>"``), action labels
  (``"<game>:action:<move>"``), decisions (``"<game>:decision"``), notice
  (``"<game>:notice"``), option titles,
  descriptions and value labels (``"<game>:option"``), the bots' titles and
  summaries (``"<game>:bot"``) and the lab's statistics (``"<game>:stats"``), read
  from the games themselves;

writes them to ``locale/tabletop.pot`` and merges that template into each language's
PO file (new messages arrive untranslated, dropped ones are marked obsolete).
``--check`` changes nothing and fails if a catalog is behind the sources or has a
message without a translation: the test suite runs it.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from tabletop.i18n.catalogs import DOMAIN, SOURCE

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = Path(__file__).resolve().parent / "locale"

PYTHON_KEYWORDS = {
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    # The errors a person can provoke (tabletop.core.errors): the English template,
    # whose fields are filled per reader; an option's error has its message second.
    "TabletopError": None,
    "UnknownGameError": None,
    "InvalidOptionsError": (2,),
    "PositionError": (2,),
    "IllegalActionError": None,
    "StateFormatError": None,
    "RecordError": None,
    "RecordFormatError": None,
    "ReplayError": None,
    "UnknownBotError": None,
    "ThinkTimeError": None,
    "TableError": None,
    "UsageError": None,
    "SimError": None,
    "ModelError": None,
    "TrainError": None,
}
HEADER = {
    "project": "Tabletop",
    "version": "1",
    "copyright_holder": "the Tabletop authors",
    "msgid_bugs_address": "",
    "last_translator": "the Tabletop authors",
    "language_team": "Tabletop",
    "header_comment": "# Tabletop's messages (docs/languages.md).\n#",
}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2), "counted": (1, 2)}
"""The browser's message functions (static/i18n.js; ``counted`` is UNO Power's ``tn``
with an element for the count)."""

Entry = tuple[str | tuple[str, str], str | None, tuple[str, int | None]]
"""A message id (or singular and plural), its context, and where it comes from."""


def _from_code() -> Iterator[Entry]:
    """Messages of the Python and JavaScript sources. Babel warns on stderr of each
    f-string passed where a message goes (not a message: a field path such as
    ``f"hands[{p}]"``, or a sentence still to turn into a template); the warnings are
    kept in :data:`SKIPPED` and shown by ``--warnings``."""
    SKIPPED.clear()
    for pattern, method, keywords in (
        ("**.py", "python", PYTHON_KEYWORDS),
        ("server/static/**.js", "javascript", JS_KEYWORDS),
    ):
        warnings = io.StringIO()
        with contextlib.redirect_stderr(warnings):
            found = list(
                extract_from_dir(str(PACKAGE), method_map=[(pattern, method)], keywords=keywords)
            )
        SKIPPED.extend(line for line in warnings.getvalue().splitlines() if line)
        for filename, lineno, message, _comments, context in found:
            yield message, context, (filename, lineno)


SKIPPED: list[str] = []
"""Babel's warnings of the last extraction (f-strings it could not collect)."""


class _MarkedText(HTMLParser):
    """The text of every element marked ``data-i18n``, and the attributes that
    ``data-i18n-attr`` names (the page translates them: ``static/i18n.js``)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.buffer: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in (values.get("data-i18n-attr") or "").split():
            if values.get(name):
                self.found.append(" ".join(str(values[name]).split()))
        if self.depth:
            self.depth += 1
        elif any(name == "data-i18n" for name, _ in attrs):
            self.depth = 1
            self.buffer = []

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
            if not self.depth:
                self.found.append(" ".join("".join(self.buffer).split()))

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.buffer.append(data)


def _from_html() -> Iterator[Entry]:
    for page in sorted((PACKAGE / "server" / "static").glob("*.html")):
        parser = _MarkedText()
        parser.feed(page.read_text(encoding="utf-8"))
        for text in parser.found:
            yield text, None, (f"server/static/{page.name}", None)


def _from_games() -> Iterator[Entry]:
    from tabletop.bots.registry import bot_catalogue
    from tabletop.core.options import option_catalogue
    from tabletop.core.registry import list_games, make
    from tabletop.sim.stats import stats_for

    for game_id in list_games():
        game = make(game_id)
        messages = game.log_messages()
        for messages in (game.log_messages(), game.action_messages()):
            if messages is None:
                continue
            where = (f"{game_id}/{messages.section}", None)
            for kind, whole in sorted(messages.templates.items()):
                for form in whole.forms():
                    message = form.text if form.plural is None else (form.text, form.plural)
                    yield message, messages.context(kind), where
        for text in game.decision_texts():
            yield text, f"{game_id}:decision", (f"{game_id}/decision", None)
        if game.notice:
            yield game.notice, f"{game_id}:notice", (f"{game_id}/notice", None)
        described = [option_catalogue(game.options_type)]
        if game.preferences_type is not None:  # described like options, read beside them
            described.append(option_catalogue(game.preferences_type))
        for info in (info for catalogue in described for info in catalogue):
            context = f"{game_id}:option"
            where = (f"{game_id}/option/{info.name}", None)
            yield info.title, context, where
            yield info.description, context, where
            for _value, label in info.values:
                yield label, context, where
        for options_type in (game.options_type, game.preferences_type):
            for note in range_notes(options_type):  # in an error: without a context
                yield note, None, (f"{game_id}/range_note", None)
        stats = stats_for(game_id)
        for text in (
            stats.title,
            stats.items_title,
            *stats.counters.values(),
            *stats.labels.values(),
            *stats.outcomes.values(),
        ):
            if text:
                yield text, f"{game_id}:stats", (f"{game_id}/stats", None)
        for bot in bot_catalogue(game_id):
            yield bot.title, f"{game_id}:bot", (f"{game_id}/bot/{bot.name}", None)
            yield bot.summary, f"{game_id}:bot", (f"{game_id}/bot/{bot.name}", None)


def _from_errors() -> Iterator[Entry]:
    """The sentence an option's error wraps its problem in (written in the class, where
    the keywords above do not see it)."""
    from tabletop.core.errors import InvalidOptionsError

    yield InvalidOptionsError.WRAPPER, None, ("core/errors.py", None)


def range_notes(options_type: type | None) -> list[str]:
    """The notes an option adds to its out-of-range error (``range_note``)."""
    if options_type is None:
        return []
    notes = (f.metadata.get("range_note") for f in dataclasses.fields(options_type))
    return [note for note in notes if note]


def template() -> Catalog:
    """Every message of the sources, as a catalog without translations."""
    catalog = Catalog(domain=DOMAIN, fuzzy=False, **HEADER)
    for source in (_from_code(), _from_errors(), _from_html(), _from_games()):
        for message, context, where in source:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalog.add(message, context=context, locations=[where])
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=88, sort_output=False, ignore_obsolete=True, omit_header=False)
    return out.getvalue()


def _read(path: Path, lang: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def _keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    """Each message's id (singular and plural) and context."""
    return {(m.id, m.context) for m in catalog if m.id}


def updated(lang: str, pot: Catalog) -> Catalog:
    """The catalog of ``lang`` merged with the template (translations kept)."""
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.exists():
        catalog = _read(path, lang)
    else:
        catalog = Catalog(locale=Locale.parse(lang), domain=DOMAIN, **HEADER)
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    return catalog


def problems(lang: str, catalog: Catalog) -> list[str]:
    """Messages of ``lang`` without a usable translation."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if message.fuzzy or not all(strings):
            where = f" ({message.context})" if message.context else ""
            ident = message.id[0] if isinstance(message.id, tuple) else message.id
            out.append(f"{lang}: untranslated{where}: {ident!r}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tabletop.i18n.extract", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--check", action="store_true", help="change nothing; fail if a catalog is behind"
    )
    parser.add_argument(
        "--warnings", action="store_true", help="list the f-strings passed where a message goes"
    )
    parser.add_argument("languages", nargs="*", help="languages to update (default: every catalog)")
    args = parser.parse_args(argv)
    pot = template()
    if args.warnings:
        print("\n".join(SKIPPED), file=sys.stderr)
    langs = args.languages or sorted(
        p.name for p in LOCALE.iterdir() if p.is_dir() and p.name != SOURCE
    )
    failures: list[str] = []
    pot_path = LOCALE / f"{DOMAIN}.pot"
    for lang in langs:
        catalog = updated(lang, pot)
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if args.check:
            if not path.exists() or _keys(_read(path, lang)) != _keys(pot):
                failures.append(
                    f"{lang}: {path.name} is behind the sources "
                    "(run python -m tabletop.i18n.extract)"
                )
            failures.extend(problems(lang, catalog))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(_po_bytes(catalog))
            left = problems(lang, catalog)
            print(f"{lang}: {len(catalog)} messages, {len(left)} untranslated")
    if not args.check:
        pot_path.write_bytes(_po_bytes(pot))
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
