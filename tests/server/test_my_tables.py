"""An account's tables: a guest's seats linked at sign-up, listed from any device,
and taken on another device (a new token there; the old one opens the seat no
more); nobody else's account can link or take them."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until
from tests.server.test_accounts import SITE, Devices, sign_in, sign_up


def hello(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """The first message a browser holding ``token`` gets at the table."""
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        return receive_until(ws, lambda m: is_state(m) or m["type"] == "error")


def test_a_guest_who_signs_up_keeps_the_seat_and_finds_it_on_another_device(
    make_client: Any,
) -> None:
    with make_client() as client:
        devices = Devices(client)
        laptop = devices.on("laptop")
        table = new_table(laptop, "kung-fu", [HUMAN, bot("random")], claim=0, name="Ann")
        table_id, token = table["id"], table["token"]
        sign_up(laptop, "Ann")
        seats = [
            {"table": table_id, "seat": 0, "token": token},
            {"table": table_id, "seat": 1, "token": token},  # not this token's seat
            {"table": "nothing", "seat": 0, "token": token},
            "garbage",
        ]
        linked = laptop.post("/api/account/seats", json={"seats": seats}, headers=SITE)
        assert linked.status_code == 200 and linked.json() == {"linked": 1}

        phone = devices.on("phone")
        assert phone.get("/api/account/tables").status_code == 401  # not signed in there
        sign_in(phone, "Ann")
        (mine,) = phone.get("/api/account/tables").json()["tables"]
        assert mine["id"] == table_id and mine["seat"] == 0 and mine["game"] == "kung-fu"
        assert mine["status"] == "playing" and mine["players"][0] == "Ann"
        state = hello(phone, table_id, token)
        assert mine["your_turn"] == (state["current_player"] == 0)

        taken = phone.post(f"/api/account/tables/{table_id}/seats/0/take", headers=SITE)
        assert taken.status_code == 200, taken.text
        assert hello(phone, table_id, taken.json()["token"])["seat"] == 0
        old = hello(devices.on("laptop"), table_id, token)
        assert old["type"] == "error" and old["code"] == "bad_token"  # the phone has it now


def test_nobody_else_links_or_takes_an_accounts_seat(make_client: Any) -> None:
    with make_client() as client:
        devices = Devices(client)
        ann = devices.on("ann")
        table = new_table(ann, "kung-fu", [HUMAN, bot("random")], claim=0, name="Ann")
        table_id, token = table["id"], table["token"]
        sign_up(ann, "Ann")
        seat = [{"table": table_id, "seat": 0, "token": token}]
        assert ann.post("/api/account/seats", json={"seats": seat}, headers=SITE).json() == {
            "linked": 1
        }
        eve = devices.on("eve")
        sign_up(eve, "Eve")
        # Eve with the token (copied from Ann's screen) cannot make the seat hers.
        assert eve.post("/api/account/seats", json={"seats": seat}, headers=SITE).json() == {
            "linked": 0
        }
        assert eve.get("/api/account/tables").json()["tables"] == []
        for url in (
            f"/api/account/tables/{table_id}/seats/0/take",
            f"/api/account/tables/{table_id}/seats/1/take",
            "/api/account/tables/nothing/seats/0/take",
        ):
            answer = eve.post(url, headers=SITE)
            assert answer.status_code == 404 and "no seat" in answer.text
        too_many = [{"table": table_id, "seat": 0, "token": "x"}] * 51
        refused = eve.post("/api/account/seats", json={"seats": too_many}, headers=SITE)
        assert refused.status_code == 422 and "at most 50" in refused.text
        refused = eve.post("/api/account/seats", json={"seats": "all"}, headers=SITE)
        assert refused.status_code == 422


def test_a_seat_taken_while_signed_in_is_the_accounts(make_client: Any) -> None:
    """The browser links a seat right after claiming it; the list has it at once."""
    with make_client() as client:
        sign_up(client, "Ann")
        body = {"game": "uno-power", "seats": [HUMAN, HUMAN]}
        table = client.post("/api/tables", json=body, headers=SITE).json()
        claim = client.post(
            f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Ann"}, headers=SITE
        )
        assert claim.status_code == 200, claim.text
        seat = [{"table": table["id"], "seat": 1, "token": claim.json()["token"]}]
        client.post("/api/account/seats", json={"seats": seat}, headers=SITE)
        (mine,) = client.get("/api/account/tables").json()["tables"]
        assert mine["seat"] == 1 and mine["status"] == "waiting"


def test_whose_turn_is_stored_with_each_move_for_a_table_out_of_memory(make_client: Any) -> None:
    """The list says whose turn it is from the table's row (the seat to move is stored
    with every move), so a table asleep or on another process needs no loading."""
    from tabletop.server.account_store import AccountStore
    from tabletop.server.accounts import User
    from tabletop.server.my_tables import my_tables
    from tabletop.server.passwords import name_key

    with make_client() as client:
        storage = client.app.state.manager.storage  # type: ignore[attr-defined]
        ann = Devices(client).on("ann")
        table = new_table(ann, "kung-fu", [HUMAN, bot("random")], claim=0, name="Ann")
        sign_up(ann, "Ann")
        seat = [{"table": table["id"], "seat": 0, "token": table["token"]}]
        assert ann.post("/api/account/seats", json={"seats": seat}, headers=SITE).json() == {
            "linked": 1
        }
        user_id = AccountStore(storage).user_id(name_key("Ann"))
        assert user_id is not None
        user = User(user_id, "Ann", 0.0)
        compared = {True: 0, False: 0}
        with ann.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            for _ in range(40):
                state = receive_until(ws, is_state)
                if state["result"] is not None:
                    break
                (stored,) = my_tables(storage, user)
                if stored["version"] == state["version"]:
                    mine = state["current_player"] == 0
                    assert stored["your_turn"] is mine
                    compared[mine] += 1
                if state["legal"]:
                    action = state["legal"][0]["id"]
                    ws.send_json({"type": "action", "action": action, "version": state["version"]})
        assert compared[True] and compared[False], compared  # both cases were read
