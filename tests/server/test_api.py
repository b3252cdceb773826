"""The JSON API with a real HTTP client: games, creating and joining tables, records."""

from __future__ import annotations

import hashlib
import os

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

import tabletop
from tabletop.server.engine import engine_url
from tabletop.server.schema import seats_t
from tests.server.helpers import HUMAN, bot, new_table


def test_health_says_which_engines_run(client: TestClient) -> None:
    # .ci/run sets TABLETOP_EXPECT_COMPILED=1 where it tests a compiled build.
    expected = "compiled" if os.environ.get("TABLETOP_EXPECT_COMPILED") == "1" else "interpreted"
    health = client.get("/api/health").json()
    assert health["ok"] is True
    assert health["engine"] == expected
    assert health["version"] == tabletop.__version__


def test_pages_and_games(client: TestClient) -> None:
    assert "New table" in client.get("/").text
    assert 'id="board"' in client.get("/table/anything").text
    assert client.get("/static/games/generic.js").status_code == 200
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"uno-power", "kung-fu"} <= set(games)
    uno = games["uno-power"]
    assert uno["min_players"] == 2 and uno["max_players"] == 6
    assert "heuristic" in uno["bots"] and "hard" in uno["bots"]
    # Options are described for players: a title, a line, labelled values, a group.
    target = next(o for o in uno["options"] if o["name"] == "target_score")
    assert target["title"] and target["description"] and target["group"] == "setup"
    assert target["kind"] == "int-or-choice" and target["default"] == 500
    assert [value for value, _label in target["values"]] == ["single_round"]
    assert {g["id"] for g in uno["option_groups"]} >= {"setup", "variants"}
    # Bots come weakest first with one line each; aliases say what they stand for.
    levels = uno["bot_levels"]
    assert [b["name"] for b in levels if not b["alias_of"]] == [
        "random",
        "easy",
        "heuristic",
        "normal",
        "hard",
    ]
    assert all(b["summary"] for b in levels)
    # Kung Fu warns about its provisional deck; its deck is a choice of the packaged
    # decks, never a file.
    kung_fu = games["kung-fu"]
    assert "provisional" in kung_fu["notice"]
    deck = next(o for o in kung_fu["options"] if o["name"] == "deck")
    assert deck["kind"] == "choice" and [v for v, _ in deck["values"]] == ["default", "balanced"]
    assert games["king-of-tokyo"]["notice"] is None
    power_up = next(o for o in games["king-of-tokyo"]["options"] if o["name"] == "power_up")
    assert power_up["group"] == "expansions"
    assert uno["client"] == {
        "module": "/static/games/uno-power.js",
        "css": "/static/games/uno-power.css",
    }


def test_create_validates_everything(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, 422, "chess"),
        ({"game": "uno-power", "seats": [HUMAN]}, 422, "players"),
        ({"game": "kung-fu", "seats": [HUMAN, HUMAN, HUMAN]}, 422, "players"),
        ({"game": "uno-power", "seats": [HUMAN, bot("nobody")]}, 422, "nobody"),
        (
            {"game": "uno-power", "options": {"hand_size": "many"}, "seats": [HUMAN, HUMAN]},
            422,
            "hand_size",
        ),
        ({"game": "uno-power", "options": {"colour": 1}, "seats": [HUMAN, HUMAN]}, 422, "colour"),
        ({"game": "uno-power", "seats": [HUMAN, bot("random")], "claim": 1}, 400, "seat 1"),
        ({"game": "uno-power", "seats": [HUMAN, HUMAN], "replace_bot": "x"}, 422, "'x'"),
        ({"game": "uno-power", "seats": [{"kind": "alien"}, HUMAN]}, 422, ""),
        (
            {"game": "kung-fu", "options": {"deck": "/etc/passwd"}, "seats": [HUMAN, HUMAN]},
            422,
            "opens no files",
        ),
        (
            {"game": "kung-fu", "options": {"deck": "my-deck.json"}, "seats": [HUMAN, HUMAN]},
            422,
            "opens no files",
        ),
        # No file name at all, yet a file: nothing may probe whether it exists.
        (
            {"game": "kung-fu", "options": {"deck": "nonexistent"}, "seats": [HUMAN, HUMAN]},
            422,
            "opens no files",
        ),
    ]
    for body, status, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.text
    assert client.get("/api/tables").json() == []


def test_a_packaged_deck_is_a_choice_the_server_takes(client: TestClient) -> None:
    body = {"game": "kung-fu", "options": {"deck": "balanced"}, "seats": [HUMAN, HUMAN]}
    response = client.post("/api/tables", json=body)
    assert response.status_code in (200, 201), response.text
    listed = client.get("/api/tables").json()
    assert [t["options"].get("deck") for t in listed] == ["balanced"]


def test_seats_are_claimed_once_and_tokens_stored_hashed(
    client: TestClient, database_url: str
) -> None:
    table = new_table(
        client, "uno-power", [HUMAN, HUMAN, bot("random")], claim=0, name="  Ann   Lee "
    )
    assert table["status"] == "waiting"
    assert table["token"] and len(table["token"]) >= 32
    assert table["seats"][0]["name"] == "Ann Lee"
    url = f"/api/tables/{table['id']}/seats"
    assert client.post(f"{url}/0/claim", json={}).status_code == 409
    assert client.post(f"{url}/2/claim", json={}).status_code == 409  # a bot's seat
    assert client.post(f"{url}/7/claim", json={}).status_code == 404
    assert client.post("/api/tables/nope/seats/1/claim", json={}).status_code == 404
    claimed = client.post(f"{url}/1/claim", json={"name": "Bob"}).json()
    assert claimed["seat"] == 1 and claimed["token"] != table["token"]
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]] == ["Ann Lee", "Bob", "Bot 3 (random)"]
    assert "token" not in str(summary["seats"])
    engine = create_engine(engine_url(database_url))
    with engine.connect() as conn:
        hashes = [r[0] for r in conn.execute(select(seats_t.c.token_hash).order_by(seats_t.c.seat))]
    engine.dispose()
    assert hashes[:2] == [
        hashlib.sha256(t.encode()).hexdigest() for t in (table["token"], claimed["token"])
    ]
    assert hashes[2] is None


def test_two_people_with_one_name_are_told_apart(client: TestClient) -> None:
    table = new_table(client, "kung-fu", [HUMAN, HUMAN], claim=0, name="Ann")
    url = f"/api/tables/{table['id']}/seats"
    assert client.post(f"{url}/1/claim", json={"name": "ann"}).status_code == 200
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "ann (seat 2)"]


def test_lobby_lists_tables_and_unknown_tables_are_404(client: TestClient) -> None:
    a = new_table(client, "uno-power", [HUMAN, bot("random")])
    b = new_table(client, "kung-fu", [HUMAN, HUMAN], claim=1)
    listed = client.get("/api/tables").json()
    assert {t["id"] for t in listed} == {a["id"], b["id"]}
    assert {t["title"] for t in listed} == {"UNO Power", "Kung Fu"}
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get(f"/api/tables/{a['id']}/record").status_code == 409
    assert client.get(f"/api/tables/{a['id']}/replay/0").status_code == 409


def test_bots_only_table_plays_to_the_end_with_record_and_replay(
    client: TestClient,
) -> None:
    table = new_table(
        client,
        "uno-power",
        [bot("heuristic"), bot("random"), bot("heuristic")],
        options={"target_score": "single_round"},
        seed=11,
    )
    # Nobody has to connect: the bots play; the record appears when it is over.
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg["result"] is not None:
                break
    record = client.get(f"/api/tables/{table['id']}/record").json()
    # Bots are told apart by their seats.
    assert record["players"] == ["Bot 1 (heuristic)", "Bot 2 (random)", "Bot 3 (heuristic)"]
    assert record["result"] == msg["result"]
    import tabletop

    final = tabletop.GameRecord.from_dict(record).replay()
    assert final.winners() == msg["result"]["winners"]
    total = len(record["actions"])
    first = client.get(f"/api/tables/{table['id']}/replay/0").json()
    assert first["step"] == 0 and first["total"] == total and first["last"] is None
    assert first["view"]["hand"] is None  # a replay shows the spectator's view
    last = client.get(f"/api/tables/{table['id']}/replay/{total}").json()
    assert last["view"] == final.view(None)
    assert last["last"]["label"]
    assert client.get(f"/api/tables/{table['id']}/replay/{total + 1}").status_code == 422
