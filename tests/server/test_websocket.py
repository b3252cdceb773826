"""The live protocol with real websocket clients: play, privacy, errors, bots, resume."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tabletop.bots import registry as bot_registry
from tabletop.bots.base import RandomBot
from tests.server.helpers import (
    HUMAN,
    bot,
    check_private,
    error_of,
    is_state,
    new_table,
    play,
    receive_until,
)

MakeClient = Callable[..., AbstractContextManager[TestClient]]


def _hello(
    ws: Any, token: str | None, frames: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    welcome = receive_until(ws, lambda m: m["type"] == "welcome", frames)
    assert welcome["table"]["id"]
    return receive_until(ws, is_state, frames)


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [("uno-power", {"target_score": "single_round"}, 4), ("kung-fu", {}, 9)],
)
def test_full_game_against_bots_leaks_nothing(
    client: TestClient, game: str, options: dict[str, Any], seed: int
) -> None:
    seats = [HUMAN, bot("heuristic")] + ([bot("random")] if game == "uno-power" else [])
    table = new_table(
        client, game, seats, options=options, seed=seed, known_deal=True, claim=0, name="Ann"
    )
    mine: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as ws, client.websocket_connect(url) as spectator:
        _hello(spectator, None, watched)
        msg = _hello(ws, table["token"], mine)
        assert msg["seat"] == 0 and msg["view"]["hand"] is not None
        msg, moves = play(ws, msg, lambda m, i: m["legal"][i % len(m["legal"])]["id"], mine)
        receive_until(spectator, lambda m: is_state(m) and m["result"] is not None, watched)
    assert moves > 3
    # Finished and unwatched, the table leaves memory; its record is reloaded.
    assert table["id"] not in client.app.state.manager.tables  # type: ignore[attr-defined]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert record["result"] == msg["result"]
    assert check_private(mine, record, 0) > 0
    assert check_private(watched, record, None) > 0
    # The log arrives complete and in order, each event once.
    seqs = [e["seq"] for m in mine if is_state(m) for e in m["log"]]
    assert seqs == sorted(set(seqs))


def test_two_people_each_see_only_their_own_hand(client: TestClient) -> None:
    table = new_table(
        client, "kung-fu", [HUMAN, HUMAN], options={"first_player": "0"}, seed=3, claim=0
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={"name": "Bo"}).json()
    frames: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        sockets = {0: a, 1: b}
        latest = {0: _hello(a, table["token"], frames[0]), 1: _hello(b, other["token"], frames[1])}
        while latest[0]["result"] is None:
            movers = [s for s in (0, 1) if latest[s]["legal"]]
            assert len(movers) == 1  # exactly one person decides at a time
            seat = movers[0]
            legal = latest[seat]["legal"]
            sockets[seat].send_json(
                {"type": "action", "action": legal[-1]["id"], "version": latest[seat]["version"]}
            )
            version = latest[seat]["version"] + 1
            for seat, ws in sockets.items():
                latest[seat] = receive_until(
                    ws, lambda m, v=version: is_state(m) and m["version"] >= v, frames[seat]
                )
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert check_private(frames[0], record, 0) > 0
    assert check_private(frames[1], record, 1) > 0


def _two_human_kung_fu(client: TestClient) -> tuple[dict[str, Any], str, str]:
    table = new_table(
        client, "kung-fu", [HUMAN, HUMAN], options={"first_player": "0"}, seed=1, claim=0
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={}).json()
    return table, table["token"], other["token"]


def test_protocol_errors_are_clear_and_change_nothing(client: TestClient) -> None:
    table, token0, token1 = _two_human_kung_fu(client)
    url = f"/ws/tables/{table['id']}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as watcher,
    ):
        a.send_json({"type": "action", "action": 0, "version": 0})
        assert error_of(a)["code"] == "hello_first"
        a.send_json({"type": "hello", "token": "x" * 32})
        err = error_of(a)
        assert err["code"] == "bad_token" and "no seat" in err["message"]
        before = _hello(a, token0)
        _hello(b, token1)
        _hello(watcher, None)
        legal = before["legal"]
        assert legal and before["seat"] == 0 and before["current_player"] == 0
        legal_ids = {x["id"] for x in legal}
        illegal = next(i for i in range(178) if i not in legal_ids)

        def refused(ws: Any, payload: Any, code: str, words: str = "") -> None:
            if isinstance(payload, str | bytes):
                ws.send_bytes(payload) if isinstance(payload, bytes) else ws.send_text(payload)
            else:
                ws.send_json(payload)
            err = error_of(ws)
            assert err["code"] == code, err
            assert words in err["message"]
            assert len(err["message"]) > 15  # a sentence, not a bare code

        refused(a, "{not json", "bad_json", "not valid JSON")
        refused(a, b"\xff\xfe", "bad_json")
        refused(a, "[1, 2]", "bad_message", "JSON object")
        refused(a, {"type": "dance"}, "bad_message", "unknown message type")
        refused(a, {"type": "action", "action": "7"}, "unknown_action")
        refused(a, {"type": "action", "action": True}, "unknown_action")
        refused(
            a, {"type": "action", "action": 10**9, "version": 0}, "unknown_action", "not an action"
        )
        refused(a, {"type": "action", "action": -1, "version": 0}, "unknown_action")
        refused(
            a, {"type": "action", "action": illegal, "version": 0}, "illegal_action", "not legal"
        )
        refused(a, {"type": "action", "action": legal[0]["id"]}, "bad_message", "version")
        refused(a, {"type": "action", "action": legal[0]["id"], "version": 5}, "stale")
        refused(a, {"type": "action", "action": legal[0]["id"], "version": "0"}, "bad_message")
        refused(a, {"type": "hello", "token": token0}, "bad_message", "already")
        refused(a, {"type": "leave"}, "no_replacement")
        refused(
            b, {"type": "action", "action": legal[0]["id"], "version": 0}, "not_your_turn", "seat 1"
        )
        refused(b, {"type": "hint"}, "not_your_turn")
        refused(watcher, {"type": "action", "action": legal[0]["id"], "version": 0}, "not_seated")
        refused(a, {"type": "ping", "pad": "x" * 5000}, "too_large", "limit is 4096")
        # Nothing changed: same version, same view, nothing stored.
        a.send_json({"type": "ping"})
        assert receive_until(a, lambda m: m["type"] == "pong")
        summary = client.get(f"/api/tables/{table['id']}").json()
        assert summary["version"] == 0
        # The connection still works: a legal action is accepted after all that.
        a.send_json({"type": "action", "action": legal[0]["id"], "version": 0})
        after = receive_until(a, lambda m: is_state(m) and m["version"] == 1)
        assert after["view"] != before["view"]
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 1


def test_flooding_is_refused_then_disconnected(make_client: MakeClient) -> None:
    with make_client(rate_burst=5, rate_per_s=0.001) as client:
        table, token0, _ = _two_human_kung_fu(client)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            _hello(ws, token0)  # 1 message of the 5
            for _ in range(4):
                ws.send_json({"type": "ping"})
                assert receive_until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
            legal_id = 64  # "give up the initiative" is not even looked at
            for _ in range(50):
                ws.send_json({"type": "action", "action": legal_id})
            codes = set()
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    msg = ws.receive_json()
                    if msg["type"] == "error":
                        codes.add(msg["code"])
            assert closed.value.code == 1008
            assert codes == {"rate_limited"}
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_unknown_table_over_websocket(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_hint_ranks_the_legal_actions(client: TestClient) -> None:
    table = new_table(
        client, "kung-fu", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0, seed=2
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = _hello(ws, table["token"])
        ws.send_json({"type": "hint"})
        hint = receive_until(ws, lambda m: m["type"] == "hint")
        assert hint["version"] == msg["version"]
        assert sorted(h["action"] for h in hint["hints"]) == sorted(a["id"] for a in msg["legal"])
        assert all(0.0 <= h["win_probability"] <= 1.0 for h in hint["hints"])
        # Each hint says why, in the game's words: the attacks against the likely parry.
        labels = {a["id"]: a["label"] for a in msg["legal"]}
        face_up = [h for h in hint["hints"] if labels[h["action"]].endswith("face up")]
        assert face_up and all(h["reason"].startswith("attacks with ") for h in face_up)


def test_a_hint_that_fails_is_an_error_and_the_seat_plays_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search that raises (a bug, a worker lost) answers the client with an error
    instead of silence, and the next hint is computed."""
    from tabletop.server import hints as hint_module

    table = new_table(
        client, "kung-fu", [HUMAN, bot("random")], options={"first_player": "0"}, claim=0, seed=2
    )
    real = hint_module.hints

    def broken(*args: Any) -> Any:
        raise RuntimeError("the search failed")

    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        _hello(ws, table["token"])
        monkeypatch.setattr(hint_module, "hints", broken)
        ws.send_json({"type": "hint"})
        failed = receive_until(ws, lambda m: m["type"] == "error")
        assert failed["code"] == "server_error" and "hint" in failed["message"]
        monkeypatch.setattr(hint_module, "hints", real)
        ws.send_json({"type": "hint"})
        assert receive_until(ws, lambda m: m["type"] == "hint")["hints"]


def test_a_person_who_leaves_or_disconnects_is_replaced_and_comes_back(
    client: TestClient,
) -> None:
    table = new_table(
        client,
        "uno-power",
        [HUMAN, HUMAN],
        options={"target_score": "single_round"},
        seed=6,
        claim=0,
        replace_bot="random",
        leave_grace_s=0,
    )
    other = client.post(f"/api/tables/{table['id']}/seats/1/claim", json={}).json()
    url = f"/ws/tables/{table['id']}"

    def seat1(msg: dict[str, Any]) -> dict[str, Any]:
        seats: list[dict[str, Any]] = msg["table"]["seats"]
        return seats[1]

    with client.websocket_connect(url) as a:
        _hello(a, table["token"])
        with client.websocket_connect(url) as b:
            _hello(b, other["token"])
            b.send_json({"type": "leave"})
            receive_until(a, lambda m: is_state(m) and seat1(m)["replaced"])
        # Seat 1 is played by the bot now: seat 0 alone finishes the game, or
        # seat 1 comes back (connected again, no longer replaced) midway.
        with client.websocket_connect(url) as b:
            msg = _hello(b, other["token"])
            if seat1(msg)["replaced"]:  # a bot move committed first: the change comes next
                receive_until(b, lambda m: is_state(m) and not seat1(m)["replaced"])
        # b disconnected again: with no grace period the bot takes over at once.
        msg = receive_until(a, lambda m: is_state(m) and seat1(m)["replaced"])
        msg, _ = play(a, msg, lambda m, i: m["legal"][0]["id"])
        assert msg["result"] is not None
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert len(record["actions"]) > 2


def test_tables_resume_exactly_after_a_restart(make_client: MakeClient) -> None:
    with make_client(snapshot_every=4) as client:
        table = new_table(
            client,
            "uno-power",
            [HUMAN, bot("heuristic"), bot("random")],
            options={"target_score": "single_round"},
            seed=8,
            known_deal=True,  # a deal that lasts more than six moves
            claim=0,
        )
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            msg = _hello(ws, table["token"])
            msg, moves = play(ws, msg, lambda m, i: m["legal"][-1]["id"], max_moves=6)
            assert moves == 6 and msg["legal"]
        before = client.app.state.manager.tables[table["id"]].state.to_dict()  # type: ignore[attr-defined]
    with make_client(snapshot_every=4) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert table["id"] in manager.tables  # unfinished tables are loaded at start
        assert manager.tables[table["id"]].state.to_dict() == before
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            again = _hello(ws, table["token"])
        assert again["view"] == msg["view"] and again["legal"] == msg["legal"]
        assert again["version"] == msg["version"]


def test_a_failed_commit_changes_nothing(client: TestClient) -> None:
    """If the database refuses an action, nobody sees it and the table goes on."""
    table, token0, _ = _two_human_kung_fu(client)
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]
    real = storage.append_action
    calls = {"n": 0}

    def failing_once(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError("disk full")
        real(*args, **kwargs)

    storage.append_action = failing_once
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = _hello(ws, token0)
        action = msg["legal"][0]["id"]
        ws.send_json({"type": "action", "action": action, "version": 0})
        err = error_of(ws)
        assert err["code"] == "server_error" and "nothing changed" in err["message"]
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0
        ws.send_json({"type": "action", "action": action, "version": 0})
        assert receive_until(ws, lambda m: is_state(m) and m["version"] == 1)


def test_a_client_that_stops_reading_is_cut_off() -> None:
    from tabletop.server.tables import Connection

    async def run() -> list[str | None]:
        conn = Connection()
        for i in range(Connection.MAX_QUEUE + 5):
            conn.send({"type": "pong", "n": i})
        assert conn.overflowed
        return [conn.queue.get_nowait() for _ in range(conn.queue.qsize())]

    queued = asyncio.run(run())
    assert len(queued) == Connection.MAX_QUEUE + 1 and queued[-1] is None


class BlockingBot(RandomBot):
    """A bot that thinks until the test lets it: the server must stay responsive."""

    release = threading.Event()

    def choose(self, state: Any, player: int) -> Any:
        assert BlockingBot.release.wait(timeout=60)
        return super().choose(state, player)


def test_a_thinking_bot_does_not_block_the_server(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bot_registry._PER_GAME["kung-fu"], "blocking", f"{__name__}:BlockingBot")
    BlockingBot.release.clear()
    table = new_table(
        client,
        "kung-fu",
        [bot("blocking"), HUMAN],
        options={"first_player": "0"},
        seed=5,
        claim=1,
    )
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        msg = _hello(ws, table["token"])
        assert msg["version"] == 0 and msg["current_player"] == 0  # the bot is thinking
        ws.send_json({"type": "ping"})
        assert receive_until(ws, lambda m: m["type"] == "pong")
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0
        BlockingBot.release.set()
        assert receive_until(ws, lambda m: is_state(m) and m["version"] >= 1)
