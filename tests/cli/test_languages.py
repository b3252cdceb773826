"""The terminal in English, German and Italian: ``--lang``, the locale, and golden screens.

Each snapshot is the output of one command, rendered 100 columns wide without colour,
kept in ``tests/cli/snapshots/<name>.<lang>.txt``: a seeded game of each game played to
a fixed point (boards, log, choices, the help), ``tabletop list`` (short, and one game's
``--options``), and the replay of a short record. They change whenever a screen or a
translation does (the German and Italian ones when translators fill the catalogs);
after checking the difference, rewrite them with::

    TABLETOP_UPDATE_SNAPSHOTS=1 python -m pytest tests/cli/test_languages.py
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

import tabletop
from tabletop.cli import language, main
from tabletop.cli.language import tr
from tabletop.i18n import Reader, data_texts, languages

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE_VARIABLE = "TABLETOP_UPDATE_SNAPSHOTS"
LANGS = ("en", "de", "it")
WIDTH = 100
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

Run = Callable[..., Result]

# name -> (arguments of ``tabletop play``, what the player types)
GAMES: dict[str, tuple[list[str], str]] = {
    "uno-power": (
        ["uno-power", "--seats", "you,random", "--seed", "2", "-o", "target_score=single_round"],
        "1\n1\nh\nl\nq\n",
    ),
    "king-of-tokyo": (
        ["king-of-tokyo", "--seats", "you,random,random", "--seed", "5"],
        "k 1\nx\n1\nh\nq\n",
    ),
    "kung-fu": (
        ["kung-fu", "--seats", "you,random", "--seed", "4"],
        "1\n1\nh\nl\nq\n",
    ),
}
# name -> (game, players, actions): a record of the first actions of a seeded game
RECORDS: dict[str, tuple[str, int, int]] = {
    "uno-power": ("uno-power", 3, 12),
    "king-of-tokyo": ("king-of-tokyo", 3, 10),
    "kung-fu": ("kung-fu", 2, 10),
}


@pytest.fixture(autouse=True)
def _keep_the_reader() -> Iterator[None]:
    """Each command chooses the terminal's language; the tests after these get it back."""
    saved = list(language._current)
    yield
    language._current[:] = saved


def _console() -> Console:
    return Console(highlight=False, width=WIDTH, color_system=None, force_terminal=False)


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``tabletop ARGS`` in a temporary folder, on a fixed-width console without colour,
    with no locale (unless ``env`` gives one)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(main, "plain_console", _console)
    runner = CliRunner()

    def invoke(
        args: Sequence[str], input: str | None = None, env: dict[str, str] | None = None
    ) -> Result:
        environ: dict[str, str | None] = dict.fromkeys(LOCALE_VARIABLES)
        environ.update({"COLUMNS": str(WIDTH), **(env or {})})
        return runner.invoke(main.app, list(args), input=input, env=environ)

    return invoke


def _normal(text: str) -> str:
    """The text as a golden file holds it: no trailing spaces, one final newline."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines()) + "\n"


def check_snapshot(name: str, lang: str, text: str) -> None:
    """``text`` equals the golden file ``<name>.<lang>.txt`` (or rewrites it, when
    ``TABLETOP_UPDATE_SNAPSHOTS=1``)."""
    path = SNAPSHOTS / f"{name}.{lang}.txt"
    actual = _normal(text)
    if os.environ.get(UPDATE_VARIABLE) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: write it with {UPDATE_VARIABLE}=1")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                f"{path.name} (golden)",
                f"{path.name} (now)",
            )
        )
        pytest.fail(
            f"{path.name} differs; if the change is meant, rewrite the snapshots with "
            f"{UPDATE_VARIABLE}=1\n{diff}",
            pytrace=False,
        )


# -- choosing the language ------------------------------------------------------------


def test_the_terminal_speaks_the_three_languages() -> None:
    assert set(LANGS) <= set(languages())


@pytest.mark.parametrize("code", ["xx", "fr"])
def test_an_unknown_language_fails_with_one_clear_line(run: Run, code: str) -> None:
    result = run(["--lang", code, "list"])
    assert result.exit_code == 2
    assert result.stderr == f"error: unknown language {code!r}: choose one of en, de, it\n"
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang", LANGS)
def test_lang_chooses_the_language(run: Run, lang: str) -> None:
    result = run(["--lang", lang, "list", "kung-fu"])
    assert result.exit_code == 0, result.output
    assert tr().lang == lang


def test_the_locale_chooses_german(run: Run) -> None:
    result = run(["list", "kung-fu", "--options"], env={"LANG": "de_DE.UTF-8"})
    assert result.exit_code == 0, result.output
    assert tr().lang == "de"
    # The heading in German once translators have given it (English until then).
    assert Reader("de").gettext("Options (-o NAME=VALUE):") in result.output


def test_lang_overrides_the_locale(run: Run) -> None:
    assert run(["--lang", "it", "list", "kung-fu"], env={"LANG": "de_DE.UTF-8"}).exit_code == 0
    assert tr().lang == "it"
    assert run(["--lang", "en", "list", "kung-fu"], env={"LC_ALL": "de_DE.UTF-8"}).exit_code == 0
    assert tr().lang == "en"


def test_an_unknown_locale_speaks_english(run: Run) -> None:
    assert run(["list", "kung-fu"], env={"LANG": "fr_FR.UTF-8"}).exit_code == 0
    assert tr().lang == "en"


def test_each_command_chooses_anew(run: Run) -> None:
    """A command without --lang does not keep the language of the one before it."""
    assert run(["--lang", "de", "list", "kung-fu"]).exit_code == 0
    assert run(["list", "kung-fu"]).exit_code == 0
    assert tr().lang == "en"


def test_list_refuses_an_unknown_game(run: Run) -> None:
    result = run(["list", "chess"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown game 'chess'")


# -- what the screens show ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["de", "it"])
def test_kung_fu_cards_have_their_names_in_the_language(run: Run, lang: str) -> None:
    args, answers = GAMES["kung-fu"]
    result = run(["--lang", lang, "play", *args], input=answers)
    assert result.exit_code == 0, result.output
    names = data_texts("kung_fu", lang)["cards"]
    state = tabletop.make("kung-fu").new_state(2, 4)
    hand = state.view(0)["hand"]
    assert hand and all(names[card["type"]]["name"] in result.output for card in hand)


@pytest.mark.parametrize("lang", ["de", "it"])
def test_uno_colours_have_their_names_in_the_language(run: Run, lang: str) -> None:
    args, answers = GAMES["uno-power"]
    result = run(["--lang", lang, "play", *args], input=answers)
    assert result.exit_code == 0, result.output
    colours = data_texts("uno_power", lang)["colours"]
    game = tabletop.make("uno-power", target_score="single_round")
    hand = game.new_state(2, 2).view(0)["hand"]
    shown = {card["colour"] for card in hand if card["colour"]}
    assert shown and all(f" {colours[c]['name']} " in result.output for c in shown)


# -- golden screens -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_screens(run: Run, game: str, lang: str) -> None:
    args, answers = GAMES[game]
    result = run(["--lang", lang, "play", *args], input=answers)
    assert result.exit_code == 0, result.output
    check_snapshot(f"play-{game}", lang, result.output)


@pytest.mark.parametrize("lang", LANGS)
def test_list_screen(run: Run, lang: str) -> None:
    result = run(["--lang", lang, "list", "kung-fu", "--options"])
    assert result.exit_code == 0, result.output
    check_snapshot("list-kung-fu", lang, result.output)


@pytest.mark.parametrize("lang", LANGS)
def test_short_list_screen(run: Run, lang: str) -> None:
    result = run(["--lang", lang, "list"])
    assert result.exit_code == 0, result.output
    check_snapshot("list", lang, result.output)


def _short_record(path: Path, game_id: str, players: int, actions: int) -> Path:
    """A record of a game's first ``actions`` moves, each the first legal action."""
    state = tabletop.make(game_id).new_state(players, 7)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    record = tabletop.GameRecord.from_state(state, players=["random"] * players)
    record.save(path)
    return path


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(RECORDS))
def test_replay_screens(run: Run, tmp_path: Path, game: str, lang: str) -> None:
    path = _short_record(tmp_path / f"{game}.json", *RECORDS[game])
    result = run(["--lang", lang, "replay", str(path)])
    assert result.exit_code == 0, result.output
    check_snapshot(f"replay-{game}", lang, result.output)
