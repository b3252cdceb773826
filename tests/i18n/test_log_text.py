"""Every event every game logs reads in every language (docs/languages.md)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import tabletop
from tabletop.i18n import LogTemplate, LogTextError, Reader, languages
from tabletop.i18n.conformance import check_log_text, logged_kinds
from tabletop.i18n.logtext import placeholders

GAMES = {"king-of-tokyo": "king_of_tokyo", "uno-power": "uno_power", "kung-fu": "kung_fu"}

PLAYS = [
    ("king-of-tokyo", {}, [2, 4, 5, 6]),
    ("king-of-tokyo", {"edition": "2011"}, [3, 5]),
    ("king-of-tokyo", {"power_up": "on"}, [2, 4, 6]),
    ("king-of-tokyo", {"power_up": "mutant"}, [3, 5]),
    ("uno-power", {}, [2, 3, 4, 6]),
    ("kung-fu", {}, [2]),
    ("kung-fu", {"deck": "balanced"}, [2]),
]


@pytest.mark.parametrize(("game_id", "options", "players"), PLAYS)
def test_every_logged_event_renders_in_every_language(
    game_id: str, options: dict[str, str], players: list[int]
) -> None:
    game = tabletop.make(game_id, **options)
    assert check_log_text(game, num_players=players, games=6) > 100


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_kind_in_the_source_has_a_template(game_id: str) -> None:
    messages = tabletop.make(game_id).log_messages()
    assert messages is not None
    kinds = logged_kinds(GAMES[game_id])
    assert kinds, "the scan found no events"
    assert sorted(kinds - set(messages.templates)) == []
    assert sorted(set(messages.templates) - kinds) == [], "templates of kinds nobody logs"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_untyped_log_lines_remain(game_id: str) -> None:
    """A free-text ``note`` cannot be rendered per reader: every line is an event."""
    root = resources.files(f"tabletop.games.{GAMES[game_id]}")
    pattern = re.compile(r"\.note\(")
    offenders = []
    stack = [root]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name.endswith(".py") and pattern.search(entry.read_text(encoding="utf-8")):
                offenders.append(entry.name)
    assert offenders == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_translations_name_the_same_fields(game_id: str, lang: str) -> None:
    """Every sentence of every log kind and action (each case included) is translated
    and names only fields its English names."""
    game = tabletop.make(game_id)
    reader = Reader(lang)
    for messages in (game.log_messages(), game.action_messages()):
        assert messages is not None
        for kind, whole in messages.templates.items():
            context = messages.context(kind)
            for template in whole.forms():
                if template.plural is None:
                    forms = [reader.template(context, template.text)]
                else:
                    forms = [
                        reader.template(context, template.text, template.plural, n)
                        for n in (0, 1, 2, 5, 1_000_000)
                    ]
                for form in forms:
                    assert placeholders(form) <= template.fields, (kind, form)
                    words = re.sub(r"\{\w+\}", "", template.text)  # not the field names
                    assert form != template.text or not re.search("[a-z]{3}", words), (
                        f"{lang}: {kind} is not translated: {form!r}"
                    )


def test_a_template_naming_a_missing_field_fails() -> None:
    messages = tabletop.make("kung-fu").log_messages()
    assert messages is not None
    from tabletop.core.log import LogEvent

    kind = next(k for k, t in messages.templates.items() if t.fields)
    event = LogEvent(0, kind, "text", None, {})
    state = tabletop.make("kung-fu").new_state(2, 1)
    with pytest.raises(LogTextError, match=r"field|count"):
        messages.render(event, Reader("de"), state)


def test_a_plural_template_needs_its_count() -> None:
    with pytest.raises(ValueError, match="plural"):
        LogTemplate("{n} heart", plural="{n} hearts")
