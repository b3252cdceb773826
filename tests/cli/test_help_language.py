"""``--help`` follows the locale.

Typer reads the help texts when :mod:`tabletop.cli.main` is imported, before ``--lang``
is parsed, so each is ``tr().gettext(...)`` evaluated at import, in the language of the
locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``). Each run is a fresh
process, with the locale set as a person's terminal sets it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from babel.messages.pofile import read_po

from tabletop.i18n import Reader
from tabletop.i18n.extract import LOCALE

PLAY_HELP = "Play a game at this terminal against bots, or with friends in hot-seat."
SEED_HELP = "Seed of the deal and the bots (random if omitted)."
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")


def _run(args: list[str], lang: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    env.update({"LANG": lang, "COLUMNS": "100", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"})
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=120
    )


def _play_help(lang: str, *before: str) -> str:
    done = _run(["-m", "tabletop.cli.main", *before, "play", "--help"], lang)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _words(text: str) -> str:
    return " ".join(text.split())


def test_help_is_english_in_the_c_locale() -> None:
    out = _words(_play_help("C"))
    assert PLAY_HELP in out
    assert SEED_HELP in out


def test_lang_does_not_change_help() -> None:
    """``--lang`` is parsed after Typer has read the help texts: they stay the locale's."""
    assert _play_help("C", "--lang", "de") == _play_help("C")


def test_help_follows_a_german_locale() -> None:
    german = Reader("de").gettext(PLAY_HELP)
    assert german != PLAY_HELP
    out = _play_help("de_DE.UTF-8")
    assert out != _play_help("C")
    assert _words(german) in _words(out)


def test_every_help_text_is_a_message_of_the_catalogs() -> None:
    """Every help text the commands show is a message ``python -m tabletop.i18n.extract``
    collects (else it could never be translated)."""
    script = (
        "import json, typer.main\n"
        "from tabletop.cli.main import app\n"
        "root = typer.main.get_command(app)\n"
        "texts = [root.help]\n"
        "for command in [root, *root.commands.values()]:\n"
        "    texts.append(command.help)\n"
        "    texts += [p.help for p in command.params if getattr(p, 'help', None)]\n"
        "print(json.dumps([t for t in texts if t]))\n"
    )
    done = _run(["-c", script], "C")
    assert done.returncode == 0, done.stderr
    with (LOCALE / "tabletop.pot").open("rb") as file:
        messages = {m.id for m in read_po(file) if m.id and isinstance(m.id, str)}
    helps = json.loads(done.stdout)
    fixed = {"Show this message and exit."}  # Click's own, not Tabletop's
    patterns = [  # a message with fields, such as "(default: {seats})", filled in
        re.compile(re.sub(r"\\{\w+\\}", ".+", re.escape(m)), re.DOTALL)
        for m in messages
        if "{" in m
    ]
    missing = [
        text
        for text in helps
        if text not in fixed
        and text not in messages
        and not any(p.fullmatch(text) for p in patterns)
    ]
    assert not missing
