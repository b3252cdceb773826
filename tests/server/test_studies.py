"""Positions brought to the analysis board (``POST /api/analyses`` with a position
file): a *study*, a table nobody plays, whose board branches from the position, and
every bad file refused with the reason, storing nothing."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.core.toml_text import toml_text

UNO = {
    "game": "uno-power",
    "options": {"target_score": "single_round"},
    "hands": [["red 5", "red 7", "blue 2"], ["blue 5", "blue 9"]],
    "top": "red 3",
    "seed": 4,
}


def _state(fields: dict[str, Any]) -> Any:
    return tabletop.load_position(dict(fields))


def test_a_position_file_becomes_a_study_on_the_board(make_client: Any) -> None:
    with make_client() as client:
        answer = client.post("/api/analyses", json={"position": toml_text(UNO)})
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["id"]
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "study" and summary["game"] == "uno-power"
        assert summary["result"] is None and summary["known_deal"] and summary["seed"] == 4
        assert [s["name"] for s in summary["seats"]] == ["Player 1", "Player 2"]

        # Step 0 of an empty main line: the position, its moves legal, not over.
        expected = _state(UNO)
        first = client.get(f"/api/tables/{table_id}/replay/0").json()
        assert first["total"] == 0 and first["over"] is False and first["last"] is None
        assert first["current_player"] == expected.current_player
        legal = sorted(a.id for a in expected.legal_actions())
        assert sorted(m["id"] for m in first["legal"]) == legal
        assert client.get(f"/api/tables/{table_id}/replay/1").status_code == 422

        # A branch from it, as the engine plays it; the moves ranked there.
        move = legal[0]
        branch = client.get(f"/api/tables/{table_id}/replay/0?line={move}").json()
        expected.apply(move)
        assert branch["current_player"] == expected.current_player
        assert branch["view"]["top_card"] == expected.view(None)["top_card"]
        judged = client.get(f"/api/tables/{table_id}/analysis/0").json()
        assert sorted(h["action"] for h in judged["hints"]) == legal and judged["played"] is None

        # The position file of step 0 builds the same moment again.
        saved = client.get(f"/api/tables/{table_id}/position/0?format=json").json()
        again = tabletop.load_position(saved)
        assert again.game.situation(again) == _state(UNO).game.situation(_state(UNO))

        # Nobody takes a seat of a study, and it is not listed in the lobby.
        claim = client.post(f"/api/tables/{table_id}/seats/0/claim", json={"name": "Eve"})
        assert claim.status_code == 409 and "cannot be taken" in claim.text
        assert table_id not in [t["id"] for t in client.get("/api/tables").json()]


def test_a_study_takes_json_objects_and_names(make_client: Any) -> None:
    fields = {
        "game": "kung-fu",
        "hands": [["Straight Punch", "Low Kick", "Forearm Block"], ["Crane Beak"]],
        "rows": [["Palm Strike"], []],
        "life": [3, 5],
        "attacker": 1,
    }
    with make_client() as client:
        body = {"position": fields, "players": ["Ann", "Bob"]}
        answer = client.post("/api/analyses", json=body)
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["id"]
        summary = client.get(f"/api/tables/{table_id}").json()
        assert [s["name"] for s in summary["seats"]] == ["Ann", "Bob"]
        first = client.get(f"/api/tables/{table_id}/replay/0").json()
        assert first["current_player"] == _state(fields).current_player


def test_bad_position_files_are_refused(make_client: Any) -> None:
    no_game = {k: v for k, v in UNO.items() if k != "game"}
    cases = [
        ({"position": "hands = [[", "players": None}, "neither TOML nor JSON"),
        ({"position": no_game}, "names its game"),
        ({"position": {**UNO, "game": "chess"}}, "chess"),
        ({"position": {**UNO, "options": {"target_score": "lots"}}}, "target_score"),
        ({"position": {**UNO, "options": "fast"}}, "options must be an object"),
        ({"position": {**UNO, "top": "purple 3"}}, "purple 3"),
        ({"position": UNO, "players": ["only one"]}, "one name per seat"),
        ({"position": UNO, "players": "Ann"}, "one name per seat"),
        ({"position": ["not", "an", "object"]}, "an object of fields"),
        ({"position": "x" * 30_000}, "at most"),
    ]
    with make_client(imports_per_hour_per_address=500) as client:
        for body, words in cases:
            answer = client.post("/api/analyses", json=body)
            assert answer.status_code == 422, (words, answer.text)
            assert words in answer.text, (words, answer.text)
            assert "Traceback" not in answer.text


def test_studies_count_with_records_in_the_address_allowance(make_client: Any) -> None:
    with make_client(imports_per_hour_per_address=5) as client:  # one at once
        codes = [client.post("/api/analyses", json={"position": UNO}).status_code for _ in range(2)]
        assert codes == [201, 429]
