"""Ratings (docs/server.md, "Ratings"): a rated table's seats are accounts'; its end
by the rules moves each account's OpenSkill rating once, whatever process ends it
and however often it is tried; bots sit at fixed published ratings chained from the
ladder of docs/bots.md; the leaderboard lists accounts with 5 rated games or more;
a player's page is public, and a name with no account is a 404."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import func, select

from tabletop.server.bot_ratings import ANCHOR_MU, BOT_SIGMA, LADDER, LEVELS, PUBLISHED, bot_skill
from tabletop.server.rating_store import RatedSeat, Ratings, RatingStore
from tabletop.server.ratings import DEFAULT, Entrant, Skill, finishing_scores, rate
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.schema import rating_history_t, ratings_t
from tabletop.server.storage import Storage
from tests.server.helpers import HUMAN, bot, is_state, receive_until
from tests.server.test_accounts import SITE, Devices, sign_up, storage_of

ROOT = Path(__file__).resolve().parents[2]

# -- the computation ------------------------------------------------------------------


def test_a_win_moves_the_winner_up_and_the_loser_down_as_openskill_does() -> None:
    ann, bob = Skill(25.0, 25 / 3), Skill(27.0, 5.0)
    after = rate([Entrant(0, ann), Entrant(1, bob)], [0.0, 1.0])  # seat 1 won
    model = PlackettLuce()
    [[a], [b]] = model.rate(
        [[model.rating(mu=25.0, sigma=25 / 3)], [model.rating(mu=27.0, sigma=5.0)]],
        scores=[0.0, 1.0],
    )
    assert after == [Skill(a.mu, a.sigma), Skill(b.mu, b.sigma)]
    assert after[1].mu > bob.mu and after[0].mu < ann.mu
    assert after[1].ordinal == pytest.approx(b.mu - 3 * b.sigma)


def test_a_bots_rating_stays_fixed_and_still_weighs_on_the_person() -> None:
    heuristic = bot_skill("kung-fu", "heuristic")
    assert heuristic == Skill(ANCHOR_MU, BOT_SIGMA)
    person, fixed = rate([Entrant(0, DEFAULT), Entrant(1, heuristic, fixed=True)], [1.0, 0.0])
    assert fixed == heuristic
    model = PlackettLuce()
    [[a], _] = model.rate(
        [[model.rating()], [model.rating(mu=heuristic.mu, sigma=heuristic.sigma)]],
        scores=[1.0, 0.0],
    )
    assert person == Skill(a.mu, a.sigma) and person.mu > DEFAULT.mu


def test_a_result_by_the_rules_has_an_order_and_one_that_ran_out_of_time_has_none() -> None:
    assert finishing_scores({"winners": [1], "returns": [0.0, 1.0]}, 2) == [0.0, 1.0]
    assert finishing_scores({"winners": [0]}, 3) == [1.0, 0.0, 0.0]
    assert finishing_scores({"winners": [0], "returns": [1, 0], "timeout": 1}, 2) is None
    assert finishing_scores(None, 2) is None


def _ladder_of_the_docs() -> list[tuple[str, str, float, float]]:
    text = (ROOT / "docs" / "bots.md").read_text()
    table = text.split("<!-- ladder:start -->")[1].split("<!-- ladder:end -->")[0]
    games = {"Kung Fu": "kung-fu", "King of Tokyo": "king-of-tokyo", "UNO Power": "uno-power"}
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 7 or cells[0] not in games:
            continue
        level = cells[1].split("→")[1].strip()
        found = re.fullmatch(r"([\d.]+)±[\d.]+ / ([\d.]+)±[\d.]+", cells[6])
        assert found, cells[6]
        rows.append((games[cells[0]], level, float(found[1]), float(found[2])))
    return rows


def test_the_bots_ratings_are_the_ladders_steps_chained_from_heuristic() -> None:
    assert sorted(LADDER) == sorted(_ladder_of_the_docs())  # the ladder was measured again
    for game, level, mu, below in LADDER:
        lower = LEVELS[LEVELS.index(level) - 1]
        step = PUBLISHED[game][level].mu - PUBLISHED[game][lower].mu
        assert step == pytest.approx(mu - below, abs=0.011)
        assert PUBLISHED[game]["heuristic"] == Skill(25.0, 1.0)
    assert bot_skill("kung-fu", "ismcts") == PUBLISHED["kung-fu"]["normal"]
    assert bot_skill("kung-fu", "learned") is None


# -- seats of rated tables ------------------------------------------------------------


def rated_table(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    body = {"game": "kung-fu", "seats": seats, "rated": True, **extra}
    return client.post("/api/tables", json=body, headers=SITE)


def test_a_rated_seat_is_taken_by_a_signed_in_account_only(make_client: Any) -> None:
    with make_client() as client:
        devices = Devices(client)
        guest = devices.on("guest")
        refused = rated_table(guest, [HUMAN, HUMAN], claim=0, name="Gus")
        assert refused.status_code == 403 and "sign in" in refused.json()["detail"]
        open_table = rated_table(guest, [HUMAN, HUMAN])  # made by a guest, nobody seated
        assert open_table.status_code == 201, open_table.text
        table_id = open_table.json()["id"]
        claim = f"/api/tables/{table_id}/seats/0/claim"
        refused = guest.post(claim, json={"name": "Gus"})
        assert refused.status_code == 403 and "sign in" in refused.json()["detail"]

        ann = devices.on("ann")
        sign_up(ann, "Ann")
        taken = ann.post(claim, json={"name": "Somebody else"}, headers=SITE)
        assert taken.status_code == 200, taken.text
        again = ann.post(f"/api/tables/{table_id}/seats/1/claim", json={}, headers=SITE)
        assert again.status_code == 409 and "already hold a seat" in again.json()["detail"]
        summary = ann.get(f"/api/tables/{table_id}").json()
        assert summary["seats"][0]["name"] == "Ann"  # an account's seat bears its name
        (mine,) = ann.get("/api/account/tables").json()["tables"]  # linked at once
        assert mine["id"] == table_id and mine["seat"] == 0


def test_an_unrated_table_takes_guests_as_before(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "kung-fu", "seats": [HUMAN, HUMAN], "claim": 0, "name": "G"}
    )
    assert made.status_code == 201
    seat = client.post(f"/api/tables/{made.json()['id']}/seats/1/claim", json={"name": "H"})
    assert seat.status_code == 200


# -- a rated game played to its end ---------------------------------------------------


def _hello(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return receive_until(ws, is_state)


def play_out(client: TestClient, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the people's seats of ``table_id`` (each its first legal move) to the end;
    the last state."""
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        sockets = dict(zip(tokens, (a, b), strict=False))
        latest = {seat: _hello(ws, tokens[seat]) for seat, ws in sockets.items()}
        first = next(iter(latest))
        while latest[first]["result"] is None:
            version = latest[first]["version"]
            movers = [s for s in latest if latest[s]["legal"]]
            for seat in movers[:1]:
                action = latest[seat]["legal"][0]["id"]
                sockets[seat].send_json({"type": "action", "action": action, "version": version})
            for seat in latest[first]["table"]["waiting_for_ready"] if not movers else []:
                sockets[seat].send_json({"type": "ready"})  # a break: read
            for seat, ws in sockets.items():
                latest[seat] = receive_until(
                    ws, lambda m, v=version: is_state(m) and m["version"] > v
                )
        return latest[first]


def settle(client: TestClient) -> None:
    """Wait for the ratings under way (they run off the event loop)."""
    client.portal.call(client.app.state.manager.ratings.idle)  # type: ignore[attr-defined,union-attr]


def stored(client: TestClient) -> tuple[list[Any], list[Any]]:
    with storage_of(client).connection() as conn:
        ratings = conn.execute(select(ratings_t).order_by(ratings_t.c.user_id)).all()
        history = conn.execute(select(rating_history_t)).all()
    return ratings, history


def test_a_rated_game_between_two_accounts_rates_both_once(make_client: Any) -> None:
    with make_client() as client:
        devices = Devices(client)
        ann = devices.on("ann")
        sign_up(ann, "Ann")
        made = rated_table(ann, [HUMAN, HUMAN], claim=0)
        assert made.status_code == 201, made.text
        table_id, ann_token = made.json()["id"], made.json()["token"]
        bob = devices.on("bob")
        sign_up(bob, "Bob")
        bob_token = bob.post(f"/api/tables/{table_id}/seats/1/claim", json={}, headers=SITE)
        end = play_out(client, table_id, {0: ann_token, 1: bob_token.json()["token"]})
        settle(client)
        (winner,) = end["result"]["winners"]
        ratings, history = stored(client)
        assert len(ratings) == 2 and len(history) == 2
        model = PlackettLuce()
        expected = model.rate([[model.rating()], [model.rating()]], scores=end["result"]["returns"])
        page = {
            name: client.get(f"/api/players/{name}").json()["ratings"][0] for name in ("Ann", "Bob")
        }
        for seat, name in enumerate(("Ann", "Bob")):
            assert page[name]["mu"] == pytest.approx(expected[seat][0].mu, abs=1e-3)
            assert page[name]["sigma"] == pytest.approx(expected[seat][0].sigma, abs=1e-3)
            assert page[name]["games"] == 1 and page[name]["wins"] == int(seat == winner)
            assert (page[name]["mu"] > 25) == (seat == winner)
            assert [p["ordinal"] for p in page[name]["history"]] == [page[name]["ordinal"]]

        # Once: the same end again, here or in another process, changes nothing.
        manager = client.app.state.manager  # type: ignore[attr-defined]
        seats = [RatedSeat(0, "human", None), RatedSeat(1, "human", None)]
        assert not manager.ratings.store.record(table_id, "kung-fu", seats, end["result"], 1.0)
        other = Storage(manager.storage.url)
        try:
            assert not RatingStore(other).record(table_id, "kung-fu", seats, end["result"], 1.0)
        finally:
            other.close()
        assert stored(client) == (ratings, history)

        last = client.get("/api/players/bob").json()["last_games"]  # any case of the name
        assert last[0]["id"] == table_id and last[0]["url"] == f"/table/{table_id}"
        assert last[0]["rated"] and last[0]["won"] == (winner == 1)
        assert [p["player"] for p in last[0]["players"]] == ["Ann", "Bob"]


def test_an_end_stored_but_not_rated_is_rated_by_the_next_start(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that stops between storing a rated table's final action and rating
    it: the final action marked the table due, and the next process rates it."""
    monkeypatch.setattr(Ratings, "rate", lambda self, table: None)  # stopped before it
    with make_client() as client:
        sign_up(client, "Ann")
        made = rated_table(client, [HUMAN, bot("heuristic")], claim=0)
        table_id = made.json()["id"]
        play_out(client, table_id, {0: made.json()["token"]})
        assert stored(client) == ([], [])
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert [row.id for row in manager.ratings.store.due()] == [table_id]
    monkeypatch.undo()
    with make_client() as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        client.portal.call(manager.ratings.catch_up_once)  # beside the pass at start
        settle(client)
        ratings, history = stored(client)
        assert len(ratings) == 1 and ratings[0].games == 1
        assert [h.table_id for h in history] == [table_id]
        assert manager.ratings.store.due() == []


def test_a_person_against_a_bot_moves_and_the_bot_stays(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client, "Ann")
        made = rated_table(client, [HUMAN, bot("heuristic")], claim=0)
        table_id = made.json()["id"]
        end = play_out(client, table_id, {0: made.json()["token"]})
        settle(client)
        (mine,) = client.get("/api/players/Ann").json()["ratings"]
        model = PlackettLuce()
        fixed = PUBLISHED["kung-fu"]["heuristic"]
        [[a], _] = model.rate(
            [[model.rating()], [model.rating(mu=fixed.mu, sigma=fixed.sigma)]],
            scores=end["result"]["returns"],
        )
        assert mine["mu"] == pytest.approx(a.mu, abs=1e-3)
        board = client.get("/api/leaderboard/kung-fu").json()
        assert {"bot": "heuristic", **fixed.to_json()} in board["bots"]
        assert board["players"] == []  # one game: not yet on the board


def test_an_unrated_game_changes_no_rating(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client, "Ann")
        body = {"game": "kung-fu", "seats": [HUMAN, bot("random")], "claim": 0, "name": "Ann"}
        made = client.post("/api/tables", json=body, headers=SITE).json()
        client.post(
            "/api/account/seats",
            json={"seats": [{"table": made["id"], "seat": 0, "token": made["token"]}]},
            headers=SITE,
        )
        end = play_out(client, made["id"], {0: made["token"]})
        assert end["result"] is not None
        settle(client)
        assert stored(client) == ([], [])
        page = client.get("/api/players/Ann").json()
        assert page["ratings"] == [] and page["played"][0]["games"] == 1
        assert page["last_games"][0]["rated"] is False


# -- the leaderboard and the player page ----------------------------------------------


def finished_table(storage: Storage, table_id: str, users: list[str | None]) -> None:
    """A finished rated Kung Fu table whose seats are the accounts ``users``."""
    seats = [SeatRow(i, "human", None, f"P{i}", user_id=u) for i, u in enumerate(users)]
    row = TableRow(
        table_id, "kung-fu", {}, len(users), 1, "over", 0, None, 30.0, time.time(), seats
    )
    storage.create_table(row)


def user_id(client: TestClient, name: str) -> str:
    from tabletop.server.account_store import AccountStore

    found = AccountStore(storage_of(client)).user_id(name.casefold())
    assert found is not None
    return found


def test_the_leaderboard_lists_accounts_from_their_fifth_rated_game(make_client: Any) -> None:
    with make_client(signups_per_hour_per_address=100) as client:
        devices = Devices(client)
        for name in ("Ann", "Bob", "Cyd"):
            sign_up(devices.on(name), name)
        ann, bob, cy = (user_id(client, n) for n in ("Ann", "Bob", "Cyd"))
        store = RatingStore(storage_of(client))
        seats = [RatedSeat(0, "human", None), RatedSeat(1, "human", None)]
        for game in range(5):
            table_id = f"t{game}"
            finished_table(store.storage, table_id, [ann, bob])
            assert store.record(table_id, "kung-fu", seats, {"winners": [0], "returns": [1, 0]}, 1)
            names = [p["name"] for p in client.get("/api/leaderboard/kung-fu").json()["players"]]
            assert names == ([] if game < 4 else ["Ann", "Bob"])  # by ordinal: Ann won
        for game in range(4):
            finished_table(store.storage, f"c{game}", [cy, None])  # a deleted account's seat
            assert store.record(f"c{game}", "kung-fu", seats, {"winners": [0]}, 2)
        board = client.get("/api/leaderboard/kung-fu").json()
        assert [p["name"] for p in board["players"]] == ["Ann", "Bob"]  # Cyd: 4 games
        assert board["players"][0]["games"] == 5 and board["players"][0]["wins"] == 5
        assert board["min_games"] == 5 and len(board["bots"]) == 5
        with store.storage.connection() as conn:  # the deleted seat was rated for nobody
            assert conn.execute(select(func.count()).select_from(ratings_t)).scalar() == 3
        assert client.get("/api/leaderboard/uno-power").json()["players"] == []
        unknown = client.get("/api/leaderboard/chess")
        assert unknown.status_code == 404 and "unknown game 'chess'" in unknown.json()["detail"]


def test_a_name_without_an_account_is_a_404_like_any_missing_thing(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client, "Ann")
        assert client.get("/api/players/Ann").status_code == 200
        for name in ("Nobody", "x" * 300, "<b>Ann</b>"):
            missing = client.get(f"/api/players/{name}")
            assert missing.status_code == 404 and list(missing.json()) == ["detail"]
        client.post("/api/account/delete", json={"password": "a long pass phrase"}, headers=SITE)
        gone = client.get("/api/players/Ann")
        assert gone.status_code == 404 and "no player 'Ann'" in gone.json()["detail"]
        page = client.get("/player/Ann")  # the page itself says so in the browser
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
