"""The lobby in the reader's language, in Debian's Chromium: the browser's language
first, the header's switch after, remembered by the browser.

The catalogs' translations are written by translators later: where a test needs
translated words, the page is given a tiny catalog of its own for a language.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.board import collect_errors
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, PHONE

TINY_ITALIAN = {
    "lang": "it",
    "plural": "(n != 1)",
    "messages": {
        "Create table": "Crea il tavolo",
        "Seat {number}": "Posto {number}",
        "Seats": "Posti",
        "{n} player": ["{n} giocatore", "{n} giocatori"],
        "{min}–{max} players": "{min}–{max} giocatori",
        "Bot: {title}": "Bot: {title}",
        "Tabletop · lobby": "Tabletop · sala",
        "Your name": "Il tuo nome",
        "Player": "Giocatore",
        "ordinal\u0004{n}th": "{n}°",
    },
}


def _ordinals(page: Any, numbers: list[int]) -> str:
    """common.js's ordinal numbers, as the page writes them."""
    script = "(ns) => import('/static/common.js').then((m) => ns.map(m.ordinal).join(' '))"
    return str(page.evaluate(script, numbers))


def _lobby(page: Any, server: Server) -> None:
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")


def test_the_lobby_speaks_the_browser_s_language_and_offers_the_others(
    web_server: Server, chromium: Any
) -> None:
    context = chromium.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    errors = collect_errors(page)
    games: list[str] = []
    page.on("request", lambda r: games.append(r.url) if "/api/games" in r.url else None)
    _lobby(page, web_server)
    assert page.evaluate("document.documentElement.lang") == "de"
    switch = page.locator("header.top select.lang-switch")
    assert switch.is_visible()
    assert switch.input_value() == "de"
    names = switch.locator("option").all_inner_texts()
    assert names[:3] == ["English", "Deutsch", "Italiano"]
    assert switch.get_attribute("aria-label")
    assert games and all(url.endswith("/api/games?lang=de") for url in games)
    # The switch fits the phone's header beside the title, inside the screen.
    box = switch.bounding_box()
    title = page.locator("header.top .title").bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    assert title["x"] + title["width"] <= box["x"]
    assert errors == []
    context.close()


def test_choosing_italiano_reloads_in_italian_and_is_remembered(
    web_server: Server, chromium: Any
) -> None:
    context = chromium.new_context(viewport=LAPTOP, locale="de-DE")
    # The Italian catalog as a translator will have written part of it.
    context.route(
        "**/api/i18n/it",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(TINY_ITALIAN)),
    )
    page = context.new_page()
    errors = collect_errors(page)
    _lobby(page, web_server)
    assert page.inner_text("#create") == "Tisch anlegen"  # the browser asks for German
    with page.expect_navigation():
        page.select_option("header.top select.lang-switch", "it")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.evaluate("localStorage.getItem('tabletop.lang')") == "it"
    assert page.locator("header.top select.lang-switch").input_value() == "it"
    # The page's own words, the script's words and the plural forms are Italian.
    assert page.inner_text("#create") == "Crea il tavolo"
    assert page.title() == "Tabletop · sala"
    assert page.inner_text("label[for='name']") == "Il tuo nome"
    assert page.get_attribute("#name", "placeholder") == "Giocatore"
    assert page.inner_text("#seats legend") == "Posti"
    assert page.inner_text("label[for='seat-0']") == "Posto 1"
    kung_fu = page.locator(".game-choice:has(input[value='kung-fu']) .muted").inner_text()
    assert kung_fu == "2 giocatori"
    king = page.locator(".game-choice:has(input[value='king-of-tokyo']) .muted").inner_text()
    assert king == "2–6 giocatori"
    assert _ordinals(page, [1, 2, 3, 11]) == "1° 2° 3° 11°"
    # Another tab of this browser reads Italian too, whatever the browser asks for.
    other = context.new_page()
    errors += collect_errors(other)
    _lobby(other, web_server)
    assert other.evaluate("document.documentElement.lang") == "it"
    assert other.inner_text("#create") == "Crea il tavolo"
    # English again: the words as written.
    with other.expect_navigation():
        other.select_option("header.top select.lang-switch", "en")
    other.wait_for_selector("body[data-ready='1']")
    assert other.evaluate("document.documentElement.lang") == "en"
    assert other.inner_text("label[for='seat-0']") == "Seat 1"
    assert _ordinals(other, [1, 2, 3, 4, 11, 22]) == "1st 2nd 3rd 4th 11th 22nd"
    assert errors == []
    context.close()
