"""Finished games brought in from their records (``POST /api/analyses``): stored as a
finished table whose replay and analysis work as any finished game's, and every bad
record refused with the reason, storing nothing."""

from __future__ import annotations

import json
from typing import Any

import tabletop
from tabletop.core.record import GameRecord


def _played(game: str, players: int, seed: int, **options: Any) -> GameRecord:
    """A whole game of first legal moves, recorded as ``tabletop play`` saves one."""
    state = tabletop.make(game, **options).new_state(players, seed)
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1].id)
    names = [f"Player {i + 1}" for i in range(players)]
    return GameRecord.from_state(state, players=names)


def test_a_record_becomes_a_finished_table_to_analyse(make_client: Any) -> None:
    record = _played("kung-fu", 2, seed=3)
    record.players = ["Ann", "Bob\x00\n"]  # a NUL byte and a new line are dropped
    with make_client() as client:
        answer = client.post("/api/analyses", json=record.to_dict())
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["id"]
        assert answer.json()["url"] == f"/table/{table_id}"
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "over" and summary["game"] == "kung-fu"
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]
        back = client.get(f"/api/tables/{table_id}/record").json()
        assert back["actions"] == record.actions and back["seed"] == record.seed
        assert back["result"] == {
            "winners": record_result(record)[0],
            "returns": record_result(record)[1],
        }
        end = client.get(f"/api/tables/{table_id}/replay/{len(record.actions)}").json()
        assert end["view"] == _plain(record.replay().view(None))
        state, step = record.start(), 0
        while len(state.legal_actions()) == 1:  # the first decision with a choice
            state.apply(record.actions[step])
            step += 1
        judged = client.get(f"/api/tables/{table_id}/analysis/{step}")
        assert (
            judged.status_code == 200 and judged.json()["played"]["action"] == record.actions[step]
        )


def record_result(record: GameRecord) -> tuple[list[int], list[float]]:
    final = record.replay()
    return final.winners(), final.returns()


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def test_a_record_from_a_position_keeps_it(make_client: Any) -> None:
    fields = {"hands": [["red 5", "red 7"], ["blue 5", "blue 9"]], "top": "red 3", "seed": 4}
    state = tabletop.make("uno-power", target_score="single_round").position(fields)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0].id)
    record = GameRecord.from_state(state, players=["A", "B"], position=fields)
    with make_client() as client:
        answer = client.post("/api/analyses", json=record.to_dict())
        assert answer.status_code == 201, answer.text
        back = client.get(f"/api/tables/{answer.json()['id']}/record").json()
        assert back["position"] == fields and back["actions"] == record.actions
        first = client.get(f"/api/tables/{answer.json()['id']}/replay/0").json()
        assert first["view"] == _plain(
            tabletop.make("uno-power", target_score="single_round").position(fields).view(None)
        )


def test_bad_records_are_refused_and_nothing_is_stored(make_client: Any) -> None:
    good = _played("kung-fu", 2, seed=5).to_dict()
    unfinished = {**good, "actions": good["actions"][:3], "result": None}
    illegal = {**good, "actions": [999_999, *good["actions"][1:]]}
    cases = [
        ([1, 2], "not a game record"),
        ({**good, "format_version": 99}, "not a game record"),
        ({k: v for k, v in good.items() if k != "seed"}, "not a game record"),
        ({**good, "game": "chess"}, "chess"),
        ({**good, "players": ["only one"]}, "one name per seat"),
        (illegal, "does not replay"),
        ({**good, "result": {"winners": [9], "returns": [0, 0]}}, "does not replay"),
        (unfinished, "before the game is over"),
        ({**good, "options": {"round_limit": "many"}}, "round_limit"),
    ]
    with make_client(max_import_actions=10_000, imports_per_hour_per_address=500) as client:
        before = client.get("/api/tables").json()
        for body, words in cases:
            answer = client.post("/api/analyses", json=body)
            assert answer.status_code == 422, (words, answer.text)
            assert words in answer.text, (words, answer.text)
        assert client.post("/api/analyses", content=b"{not json").status_code in (400, 422)
        assert client.get("/api/tables").json() == before
    with make_client(max_import_actions=3) as client:
        answer = client.post("/api/analyses", json=good)
        assert answer.status_code == 422 and "at most 3 actions" in answer.text


def test_an_address_may_bring_in_only_so_many(make_client: Any) -> None:
    record = _played("kung-fu", 2, seed=6).to_dict()
    with make_client(imports_per_hour_per_address=5) as client:  # one at once
        codes = [client.post("/api/analyses", json=record).status_code for _ in range(2)]
        assert codes == [201, 429]
