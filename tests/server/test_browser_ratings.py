"""Ratings in Debian's Chromium: two accounts end a rated game against each other
(their fifth: four were rated before), and the lobby's leaderboard, empty before,
lists both by rating with the bots beside them; each player's page shows the rating,
its history as a plot and the last games with their replays. A guest's name with
markup is shown as text. No page or console error occurs."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

from tabletop.server.account_store import AccountStore
from tabletop.server.rating_store import RatedSeat, RatingStore
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.storage import Storage
from tests.server.board import collect_errors
from tests.server.serverproc import Server, running_server
from tests.server.test_browser import LAPTOP, PHONE
from tests.server.test_browser_accounts import sign

MARKUP = "<b>Eve</b><img src=x>"  # within a name's 40 characters


def play_out(server: Server, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the people's seats (each its first legal move) to the end; the result."""
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(server.ws(table_id)) for seat in tokens}
        latest = {}
        for seat, ws in sockets.items():
            ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
            latest[seat] = next_state(ws, -1)
        sent = 0
        while latest[0]["result"] is None:
            sent += 1
            if sent > 20:  # past the server's burst: within its 10 messages a second
                time.sleep(0.1)
            version = latest[0]["version"]
            movers = [seat for seat in latest if latest[seat]["legal"]]
            for seat in movers[:1]:
                action = latest[seat]["legal"][0]["id"]
                sockets[seat].send(
                    json.dumps({"type": "action", "action": action, "version": version})
                )
            for seat in latest[0]["table"]["waiting_for_ready"] if not movers else []:
                sockets[seat].send(json.dumps({"type": "ready"}))  # a break: read
            latest = {seat: next_state(ws, version) for seat, ws in sockets.items()}
        result: dict[str, Any] = latest[0]["result"]
        return result


def next_state(ws: Any, after: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=30))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["version"] > after:
            return message


def post(page: Any, server: Server, path: str, body: dict[str, Any]) -> Any:
    """A request of the page's browser (its session cookie), as the page would send it."""
    answer = page.request.post(
        server.url + path.lstrip("/"), data=body, headers={"origin": server.url.rstrip("/")}
    )
    assert answer.ok, answer.text()
    return answer.json()


def earlier_games(url: str, names: list[str], count: int) -> None:
    """``count`` rated Kung Fu games between the accounts ``names`` that ended before,
    stored as the server stores them (the first name won each)."""
    storage = Storage(url)
    try:
        users = [AccountStore(storage).user_id(n.casefold()) for n in names]
        store = RatingStore(storage)
        for game in range(count):
            seats = [
                SeatRow(i, "human", None, n, user_id=u)
                for i, (n, u) in enumerate(zip(names, users, strict=True))
            ]
            row = TableRow(
                f"earlier{game}", "kung-fu", {}, 2, 1, "over", 0, None, 30.0, time.time(), seats
            )
            storage.create_table(row)
            rated = [RatedSeat(0, "human", None), RatedSeat(1, "human", None)]
            assert store.record(row.id, "kung-fu", rated, {"winners": [0], "returns": [1, 0]}, 1.0)
    finally:
        storage.close()


def test_a_rated_game_moves_both_ratings_and_the_leaderboard(chromium: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tabletop.db'}"
    with running_server(url, tmp_path) as server:
        phone = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        ann = phone.new_page()
        laptop = chromium.new_context(viewport=LAPTOP)
        bob = laptop.new_page()
        errors = collect_errors(ann) + collect_errors(bob)
        for page, name in ((ann, "Ann"), (bob, "Bob")):
            sign(page, server, "#sign-up", name)
            page.wait_for_selector("#signed-in-as")
        earlier_games(url, ["Ann", "Bob"], 4)

        bob.goto(server.url)
        bob.wait_for_selector("body[data-ready='1']")
        bob.select_option("#leaderboard-game", "kung-fu")
        bob.wait_for_selector("#leaderboard-box[data-game='kung-fu'] tr[data-bot='heuristic']")
        assert bob.locator("#leaderboard tr[data-player]").count() == 0  # 4 games each
        assert bob.locator("#no-ranked").is_visible()

        body = {"game": "kung-fu", "seats": [{"kind": "human"}] * 2, "rated": True, "claim": 0}
        table = post(ann, server, "/api/tables", body)
        seat = post(bob, server, f"/api/tables/{table['id']}/seats/1/claim", {})
        result = play_out(server, table["id"], {0: table["token"], 1: seat["token"]})
        (winner,) = result["winners"]

        # A guest's name with markup at an unrated table of Ann's: text on her page.
        body = {"game": "kung-fu", "seats": [{"kind": "human"}] * 2, "claim": 0}
        other = post(ann, server, "/api/tables", body)
        post(
            ann,
            server,
            "/api/account/seats",
            {"seats": [{"table": other["id"], "seat": 0, "token": other["token"]}]},
        )
        guest = server.http.post(f"/api/tables/{other['id']}/seats/1/claim", json={"name": MARKUP})
        play_out(server, other["id"], {0: other["token"], 1: guest.json()["token"]})

        bob.select_option("#leaderboard-game", "uno-power")
        bob.wait_for_selector("#leaderboard-box[data-game='uno-power']")
        bob.select_option("#leaderboard-game", "kung-fu")  # asked again: the new ratings
        bob.wait_for_selector("#leaderboard-box[data-game='kung-fu'] tr[data-player='Bob']")
        players = bob.locator("#leaderboard tr[data-player]")
        assert players.count() == 2 and not bob.locator("#no-ranked").is_visible()
        assert bob.locator("#leaderboard tr[data-bot]").count() == 5
        bob.locator("#leaderboard a", has_text="Ann").click()
        bob.wait_for_url("**/player/Ann")

        for page, name, seat in ((bob, "Ann", 0), (ann, "Bob", 1)):
            if name == "Bob":
                page.goto(f"{server.url}player/Bob")
            page.wait_for_selector("body[data-ready='1']")
            card = page.locator(".rating-card[data-game='kung-fu']")
            assert page.inner_text("#player-name") == name
            assert "5 rated games" in card.inner_text()
            wins = (4 if seat == 0 else 0) + (winner == seat)
            assert f"{wins} won" in card.inner_text()
            assert card.locator("svg circle").count() == 5  # the history: a point a game
            row = page.locator(f".table-row[data-table-id='{table['id']}']")
            assert (
                row.locator("a", has_text="Replay").get_attribute("href") == f"/table/{table['id']}"
            )
            assert ("won" if winner == seat else "lost") in row.inner_text()

        ann.goto(f"{server.url}player/Ann")
        ann.wait_for_selector("body[data-ready='1']")
        guest_row = ann.locator(f".table-row[data-table-id='{other['id']}']")
        assert MARKUP in guest_row.locator(".who").inner_text()  # as text
        assert guest_row.locator(".who b, .who img").count() == 0

        ann.goto(f"{server.url}player/Nobody")
        ann.wait_for_selector("body[data-ready='1']")
        assert "no player 'Nobody'" in ann.inner_text("#player-error")
        assert [e for e in errors if "status of 404" not in e] == []
        phone.close()
        laptop.close()
