"""A finished game's analysis: the moves of any decision ranked by the hint engine,
refused while the game is live, and within the address's allowance of hints."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tests.server.helpers import HUMAN, bot, is_state, new_table, receive_until


def _finished(client: TestClient, game: str = "kung-fu", **extra: Any) -> dict[str, Any]:
    table = new_table(client, game, [bot("random"), bot("random")], seed=5, **extra)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello"})
        receive_until(ws, lambda m: is_state(m) and m["result"] is not None)
    return table


def _decisions(record: dict[str, Any]) -> list[tuple[int, Any]]:
    """(step, state) of each decision of the record with more than one legal move."""
    state = tabletop.GameRecord.from_dict(record).start()
    found = []
    for step, action in enumerate(record["actions"]):
        if len(state.legal_actions()) > 1:
            found.append((step, state.clone()))
        state.apply(action)
    return found


def test_each_decision_of_a_finished_game_has_its_moves_ranked(make_client: Any) -> None:
    with make_client() as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        (step, state), *_ = _decisions(record)
        answer = client.get(f"/api/tables/{table['id']}/analysis/{step}")
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["step"] == step and data["total"] == len(record["actions"])
        assert data["seat"] == state.current_player
        assert data["played"]["action"] == record["actions"][step]
        ranked = [h["action"] for h in data["hints"]]
        assert sorted(ranked) == sorted(a.id for a in state.legal_actions())
        visits = [h["visits"] for h in data["hints"]]
        assert visits == sorted(visits, reverse=True)  # advised (most searched) first
        for hint in data["hints"]:
            low, high = hint["interval"]
            assert 0.0 <= low <= hint["win_probability"] <= high <= 1.0
            assert hint["label"] == state.game.action_from_id(hint["action"]).label
            assert hint["data"] == state.game.action_data(hint["action"])  # as in `legal`
        german = client.get(f"/api/tables/{table['id']}/analysis/{step}?lang=de").json()
        assert [h["action"] for h in german["hints"]] == ranked  # the same search, seeded
        assert german["hints"][0]["label"] != data["hints"][0]["label"]  # in German

        end = len(record["actions"])
        over = client.get(f"/api/tables/{table['id']}/analysis/{end}")
        assert over.status_code == 422 and "nothing is left to decide" in over.text
        assert client.get(f"/api/tables/{table['id']}/analysis/{end + 1}").status_code == 422
        assert client.get(f"/api/tables/{table['id']}/analysis/-1").status_code == 422
        assert client.get("/api/tables/nope/analysis/0").status_code == 404


def test_a_live_game_is_not_analysed(make_client: Any) -> None:
    """No seat of a game still going may see a search of any decision: it would read
    the hands of the seat that decides."""
    with make_client() as client:
        table = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=2)
        answer = client.get(f"/api/tables/{table['id']}/analysis/0")
        assert answer.status_code == 409 and "finished" in answer.text


def test_analysis_counts_against_the_addresss_hints(make_client: Any) -> None:
    with make_client(hints_per_minute_per_address=2) as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        step = _decisions(record)[0][0]
        codes = [
            client.get(f"/api/tables/{table['id']}/analysis/{step}").status_code for _ in range(3)
        ]
        assert codes == [200, 200, 429]
