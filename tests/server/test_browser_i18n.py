"""The table page in German and in Italian, in Debian's Chromium.

A person plays a few turns of each game through the board with the browser in German
(its ``Accept-Language``) or in Italian (the language chosen in the page header,
remembered in the browser). No English message of the browser's catalog may be left
on the page: every msgid of ``static/*.js`` and ``static/*.html`` whose words are long
enough to be a telltale (two words, or a word of six letters or more), unless the
translation says the same (a proper name such as "Tokyo City"). Each fixed part of a
message with placeholders counts on its own ("Waiting for {player}…" leaves
"Waiting for" to look for). The card names on the board are the language's (the
game's texts), the websocket's hello names the language, the page follows the layout
rules of the English page, and no page or console error occurs.

Each game's ending is read whole: a person leaves the seat to the table's bot, which
plays the game to its end, and the ending page may show no English word of the whole
catalog (the games' log, the bots' titles: "(heuristic)") nor an English card name
the language translates; its results table fits the screen.

These tests need the catalogs translated (``python -m tabletop.i18n.extract --check``
passes): until then they fail and name the English strings still shown.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po

from tabletop.i18n.catalogs import po_path
from tests.server.board import (
    ACTION_CONTROLS,
    CHECK_CONTRAST,
    CHECK_LAYOUT,
    UI_CONTROLS,
    BoardPlayer,
    collect_errors,
)
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, PHONE

# game, seats after yours, options, seed, moves to play (None: the whole game)
GAMES = [
    ("king-of-tokyo", ["heuristic"] * 3, {"power_up": "on"}, 5, 12),
    ("uno-power", ["heuristic"] * 2, {"target_score": "60"}, 3, 16),
    ("kung-fu", ["heuristic"], {}, 7, None),
]
# language, how the browser asks for it, viewport, touch
LANGUAGES = [("de", "accept-language", PHONE, True), ("it", "stored choice", LAPTOP, False)]

_FIELD = re.compile(r"\{\w+\}")
_WORD = re.compile(r"[^\W\d_]+")


def _telltale(fragment: str) -> bool:
    """Whether a fixed part of a message is long enough to show that it is English."""
    words = _WORD.findall(fragment)
    return len(words) >= 2 or any(len(word) >= 6 for word in words)


@cache
@cache
def english_left_over(
    lang: str, everywhere: bool = False
) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English phrases of the browser's messages (``everywhere``: of every message
    of the catalog, the games' and the bots' too) that a page in ``lang`` must not show,
    each with a case-insensitive pattern (CSS may write a word in capitals). Made once
    per process: sifting the catalog takes seconds, and a game looks at every turn."""
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    phrases: dict[str, re.Pattern[str]] = {}
    # The language's own messages, but the terminal's (which quote commands such as
    # "you,heuristic"): a telltale the language also writes tells nothing (German's
    # genitive "Monsters", Italian's "in Tokyo").
    own = " ".join(
        text or ""
        for message in catalog
        if message.id and not message.fuzzy
        if not all(where.startswith("cli/") for where, _ in message.locations)
        for text in (
            message.string if isinstance(message.string, tuple | list) else (message.string,)
        )
    )
    own_lower = own.lower()
    for message in catalog:
        if not message.id:
            continue
        if not everywhere and not any("server/static/" in where for where, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        # A fuzzy entry is not used: the page shows the English.
        translated = "" if message.fuzzy else " ".join(s for s in strings if s)
        for form in ids:
            for part in _FIELD.split(form):
                fragment = part.strip(" \t\n·:;,.!?…()|◀▶")
                if not _telltale(fragment):
                    continue
                # Whole words: "Heuristisch" does not keep "Heuristic".
                pattern = re.compile(rf"(?<![^\W_]){re.escape(fragment)}(?![^\W_])", re.IGNORECASE)
                if pattern.search(translated):
                    continue
                # The regex on the whole catalog only where the words are in it at all.
                if fragment.lower() in own_lower and pattern.search(own):
                    continue
                phrases[fragment] = pattern
    return tuple(sorted(phrases.items()))


def test_the_telltales_come_from_the_browsers_messages() -> None:
    """The list is built from the catalog: long enough to catch a page left in English,
    and without what the translation keeps as it is."""
    phrases = dict(english_left_over("de"))
    assert len(phrases) > 200
    assert "Copy the invite link" in phrases
    assert "Waiting for" in phrases or "to start the next round" in phrases
    assert all(_telltale(p) for p in phrases)
    assert "Log" not in phrases  # a short word tells nothing


# The page's words: its text without commands (``tabletop replay FILE`` is no English).
PAGE_WORDS = """() => {
  const code = [...document.querySelectorAll('code, kbd')].filter((el) => !el.hidden);
  for (const el of code) el.hidden = true;
  const text = document.body.innerText;
  for (const el of code) el.hidden = false;
  return text;
}"""


def english_on_page(page: Any, lang: str) -> list[str]:
    text = page.evaluate(PAGE_WORDS)
    return [phrase for phrase, pattern in english_left_over(lang) if pattern.search(text)]


def open_table(
    chromium: Any,
    server: Server,
    game: str,
    bots: list[str],
    options: dict[str, str],
    seed: int,
    lang: str,
    how: str,
    viewport: dict[str, int],
    touch: bool,
    replace_bot: str | None = None,
) -> tuple[Any, Any, dict[str, Any], list[dict[str, Any]]]:
    """A seeded table with this browser in seat 0, in ``lang``; the page, the table, and
    the frames the page sends. ``replace_bot`` plays the seat once its person leaves."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in bots]
    body = {
        "game": game,
        "seats": seats,
        "claim": 0,
        "name": "Ann",
        "seed": seed,
        "known_deal": True,  # dealt as it is: the same game each run (else the table's own)
        "options": options,
        "replace_bot": replace_bot,
    }
    response = server.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    extra: dict[str, Any] = {}
    if how == "accept-language":
        extra["locale"] = {"de": "de-DE", "it": "it-IT"}[lang]
    else:
        extra["locale"] = "en-US"
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, **extra)
    seat = json.dumps({"seat": 0, "token": table["token"]})
    script = f"localStorage.setItem('tabletop.seat.{table['id']}', {json.dumps(seat)});"
    if how == "stored choice":
        script += f"localStorage.setItem('tabletop.lang', '{lang}');"
    context.add_init_script(script)
    page = context.new_page()
    sent: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))),
    )
    return context, page, table, sent


def game_texts(server: Server, lang: str, game: str) -> dict[str, Any]:
    response = httpx.get(f"{server.url}api/i18n/{lang}/texts/{game}", timeout=30)
    assert response.status_code == 200, response.text
    texts: dict[str, Any] = response.json()
    return texts


def translated_names(texts: dict[str, Any], section: str) -> set[str]:
    return {fields["name"] for fields in texts.get(section, {}).values() if "name" in fields}


def check_names_on_board(page: Any, server: Server, game: str, lang: str) -> None:
    """The card, monster and colour names the board shows are the language's."""
    texts = game_texts(server, lang, game)
    if game == "king-of-tokyo":
        shown = page.locator(".kot-card-name").all_inner_texts()
        names = (
            translated_names(texts, "cards")
            | {f["name_2011"] for f in texts.get("cards", {}).values() if "name_2011" in f}
            | translated_names(texts, "evolutions")
        )
        monsters = page.locator(".kot-mname strong").all_inner_texts()
        assert monsters and all(
            m.lstrip("▶ ") in translated_names(texts, "monsters") for m in monsters
        )
    elif game == "kung-fu":
        shown = page.locator(".kf-card .kf-name").all_inner_texts()
        names = translated_names(texts, "cards")
    else:
        # A card is named by its colour and its symbol ("Rot 7", "Blau Zieh 2"): each
        # card of the hand and the card in play names one of them in the language.
        words = translated_names(texts, "colours") | translated_names(texts, "symbols")
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in sorted(words)))
        shown = page.locator(".uno-hand .uno-card, .uno-card.top").evaluate_all(
            "cards => cards.map((c) => c.getAttribute('aria-label'))"
        )
        names = {label for label in shown if pattern.search(label)}
    assert shown, f"{game}: no card names on the board"
    assert set(shown) <= names, f"{game}: names not in {lang}: {sorted(set(shown) - names)}"


@pytest.mark.parametrize(
    ("lang", "how", "viewport", "touch"), LANGUAGES, ids=[x[0] for x in LANGUAGES]
)
@pytest.mark.parametrize(
    ("game", "bots", "options", "seed", "moves"), GAMES, ids=[g[0] for g in GAMES]
)
def test_the_table_page_speaks_the_language(
    web_server: Server,
    chromium: Any,
    game: str,
    bots: list[str],
    options: dict[str, str],
    seed: int,
    moves: int | None,
    lang: str,
    how: str,
    viewport: dict[str, int],
    touch: bool,
) -> None:
    context, page, table, sent = open_table(
        chromium, web_server, game, bots, options, seed, lang, how, viewport, touch
    )
    errors = collect_errors(page)
    page.goto(f"{web_server.url}table/{table['id']}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("header .lang-switch").input_value() == lang
    hellos = [frame for frame in sent if frame.get("type") == "hello"]
    assert hellos and all(frame.get("lang") == lang for frame in hellos), hellos
    check_names_on_board(page, web_server, game, lang)

    player = BoardPlayer(page, touch=touch, seed=seed, checks=False)
    left: dict[str, str] = {}
    problems: list[str] = []

    def look(moment: str, layout: bool = True) -> None:
        for phrase in english_on_page(page, lang):
            left.setdefault(phrase, moment)
        if layout:  # the English page's rules: longer words must not break them
            controls = f"{ACTION_CONTROLS}, {UI_CONTROLS}"
            for problem in page.evaluate(CHECK_LAYOUT, controls) + page.evaluate(CHECK_CONTRAST):
                problems.append(f"{moment}: {problem}")

    while (moves is None or player.report.moves < moves) and player.wait_for_turn():
        look(page.evaluate("document.body.dataset.decision") or "turn")
        player.decide()
    if moves is None:  # the end, in the language too
        page.wait_for_selector("#replay[data-step='0']")
        assert page.locator(".winner-line").count() == 1
    look("end", layout=False)
    assert player.report.moves >= 3, player.report
    assert not left, f"English left on the {lang} page:\n" + "\n".join(
        f"{phrase!r} ({moment})" for phrase, moment in sorted(left.items())
    )
    assert not problems, "\n".join(sorted(set(problems))[:40])
    assert errors == []
    context.close()


# game, seats after the one that leaves, options
ENDINGS = [
    ("king-of-tokyo", ["heuristic"] * 3, {"power_up": "on"}),
    ("uno-power", ["heuristic"] * 2, {"target_score": "single_round"}),
    ("kung-fu", ["heuristic"], {}),
]

RESULT_WIDTHS = """() => [...document.querySelectorAll('#result table')].map((table) => ({
  table: table.scrollWidth,
  box: table.parentElement.clientWidth,
  right: Math.round(table.getBoundingClientRect().right),
  screen: window.innerWidth,
}))"""


@pytest.mark.parametrize(
    ("lang", "how", "viewport", "touch"), LANGUAGES, ids=[x[0] for x in LANGUAGES]
)
@pytest.mark.parametrize(("game", "bots", "options"), ENDINGS, ids=[g[0] for g in ENDINGS])
def test_the_ending_speaks_the_language(
    web_server: Server,
    chromium: Any,
    game: str,
    bots: list[str],
    options: dict[str, str],
    lang: str,
    how: str,
    viewport: dict[str, int],
    touch: bool,
) -> None:
    """The seat's person leaves it to the table's bot, which plays to the end; the
    ending page then shows no English phrase of the whole catalog, and its results
    table fits the screen."""
    context, page, table, _ = open_table(
        chromium, web_server, game, bots, options, 3, lang, how, viewport, touch, "heuristic"
    )
    errors = collect_errors(page)
    page.goto(f"{web_server.url}table/{table['id']}")
    page.wait_for_selector("body[data-status='playing'] #leave:not([hidden])")
    page.click("#leave")
    page.wait_for_selector("#replay[data-step='0']", timeout=120_000)
    text = page.evaluate(PAGE_WORDS)
    left = [p for p, pattern in english_left_over(lang, everywhere=True) if pattern.search(text)]
    assert not left, f"English left on the {lang} ending of {game}: {left}"
    widths = page.evaluate(RESULT_WIDTHS)
    assert widths and all(w["table"] <= w["box"] and w["right"] <= w["screen"] for w in widths)
    assert errors == []
    context.close()
