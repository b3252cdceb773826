"""The lobby in Debian's Chromium: monsters picked seat by seat, the defaults said where
they are chosen, the bots' pace, and a list that folds away the tables left long ago
and says which games are paused."""

from __future__ import annotations

import json
from typing import Any

from tabletop.games.king_of_tokyo.options import BOX_2011
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, PHONE


def lobby(chromium: Any, server: Server, viewport: dict[str, int] = LAPTOP) -> tuple[Any, Any]:
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    return context, page


def created(page: Any, server: Server) -> dict[str, Any]:
    """Create the table the form describes; the server's summary of it."""
    page.click("#create")
    page.wait_for_url("**/table/**")
    table_id = page.url.rstrip("/").split("/")[-1]
    table: dict[str, Any] = server.http.get(f"/api/tables/{table_id}").json()
    return table


def test_monsters_are_picked_beside_the_seats(web_server: Server, chromium: Any) -> None:
    context, page = lobby(chromium, web_server, PHONE)
    page.click(".game-choice:has(input[value='king-of-tokyo'])")
    page.select_option("#players", "3")
    pickers = page.locator(".seat-monster")
    assert pickers.count() == 3
    assert pickers.first.locator("option").count() == 10  # nine monsters, and "random"
    assert page.locator("#option-monsters").count() == 0  # no free text to type ids in
    page.select_option("#seat-0-monster", "kraken")
    page.select_option("#seat-2-monster", "the_king")
    taken = page.locator("#seat-1-monster option[value='kraken']")
    assert taken.is_disabled()  # a monster named once is not offered again
    table = created(page, web_server)
    monsters = table["options"]["monsters"].split(",")
    assert monsters[0] == "kraken" and monsters[2] == "the_king"
    assert monsters[1] in BOX_2011 and monsters[1] not in ("kraken", "the_king")
    context.close()


def test_every_seat_random_deals_from_the_box(web_server: Server, chromium: Any) -> None:
    context, page = lobby(chromium, web_server)
    page.click(".game-choice:has(input[value='king-of-tokyo'])")
    assert created(page, web_server)["options"]["monsters"] == "box"
    context.close()


def test_the_default_is_said_where_it_is_chosen(web_server: Server, chromium: Any) -> None:
    context, page = lobby(chromium, web_server)
    page.click(".game-choice:has(input[value='king-of-tokyo'])")
    page.click("#options-box summary")
    edition = page.locator("#option-edition")
    chosen = edition.evaluate("select => select.selectedOptions[0].textContent")
    assert "2011" in chosen and chosen.endswith("· default")
    others = edition.locator("option").all_inner_texts()
    assert sum(text.endswith("· default") for text in others) == 1
    context.close()


def test_the_bots_pace_is_a_setting_of_the_table(web_server: Server, chromium: Any) -> None:
    context, page = lobby(chromium, web_server)
    page.click(".game-choice:has(input[value='kung-fu'])")
    page.click("#more-box summary")
    pace = page.locator("#bot-pace")
    assert pace.input_value() == ""  # the server's pace
    assert "this server's pace" in pace.locator("option").first.inner_text()
    pace.select_option("1.5")
    assert created(page, web_server)["bot_pause_s"] == 1.5
    context.close()


def _listed(**fields: Any) -> dict[str, Any]:
    seats = [
        {"seat": 0, "kind": "human", "name": "Ann", "claimed": True, "connected": False},
        {"seat": 1, "kind": "human", "name": "Seat 2", "claimed": False, "connected": False},
    ]
    base = {
        "game": "kung-fu",
        "title": "Kung Fu",
        "status": "waiting",
        "version": 0,
        "paused": False,
        "seats": seats,
        "idle_s": 30,
    }
    return {**base, **fields}


def test_the_list_folds_away_tables_left_long_ago(web_server: Server, chromium: Any) -> None:
    """Waiting tables nobody is at and paused games say their age; those left for
    over an hour are folded away behind a switch; a paused game says so."""
    tables = [
        _listed(id="fresh", idle_s=300),
        _listed(id="old", idle_s=3 * 3600),
        _listed(id="paused", status="playing", version=12, paused=True, idle_s=7200),
        _listed(id="busy", status="playing", version=40, idle_s=7200),
    ]
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.route(
        f"{web_server.url}api/tables",
        lambda route: (
            route.fulfill(content_type="application/json", body=json.dumps(tables))
            if route.request.method == "GET"
            else route.continue_()
        ),
    )
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    rows = page.locator(".table-row")
    assert [rows.nth(i).get_attribute("data-table-id") for i in range(rows.count())] == [
        "fresh",
        "busy",
    ]
    assert "waiting for 1 player · 5 minutes ago" in rows.first.inner_text()
    assert "playing · move 40" in rows.nth(1).inner_text()
    switch = page.locator("#old-tables")
    assert switch.is_visible() and "Show 2 tables left for over an hour" in switch.inner_text()
    page.check("#show-old")
    page.wait_for_selector(".table-row[data-table-id='paused']")
    assert (
        "paused · move 12 · 2 hours ago"
        in page.locator(".table-row[data-table-id='paused']").inner_text()
    )
    assert "3 hours ago" in page.locator(".table-row[data-table-id='old']").inner_text()
    context.close()
