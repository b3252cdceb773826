"""A finished game's analysis: the moves of any decision ranked by the hint engine,
refused while the game is live, and within the address's allowance of hints."""

from __future__ import annotations

import json
import tomllib
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
    """Each new search is a hint of the address; a moment already judged is answered
    again from memory, alike and free; a quick judgement (the whole game's evaluation)
    costs its share of a hint."""
    with make_client(hints_per_minute_per_address=2, line_hint_iterations=100) as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        steps = [step for step, _ in _decisions(record)][:3]
        url = f"/api/tables/{table['id']}/analysis"
        answers = [client.get(f"{url}/{step}") for step in steps]
        assert [a.status_code for a in answers] == [200, 200, 429]
        again = client.get(f"{url}/{steps[0]}")
        assert again.status_code == 200 and again.json() == answers[0].json()


def test_a_quick_judgement_costs_its_share_of_a_hint(make_client: Any) -> None:
    """100 searches of the 300 of a hint: three quick judgements for one hint."""
    settings = {"hints_per_minute_per_address": 1, "hint_iterations": 300}
    with make_client(line_hint_iterations=100, **settings) as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        steps = [step for step, _ in _decisions(record)][:5]
        url = f"/api/tables/{table['id']}/analysis"
        codes = [client.get(f"{url}/{step}?quick=true").status_code for step in steps[:4]]
        assert codes == [200, 200, 200, 429]
        assert client.get(f"{url}/{steps[4]}").status_code == 429


def _branch_point(record: dict[str, Any]) -> tuple[int, Any, int]:
    """A decision of the record, its state, and a legal move other than the one played."""
    for step, state in _decisions(record):
        other = next(a.id for a in state.legal_actions() if a.id != record["actions"][step])
        return step, state, other
    raise AssertionError("the game has no decision")


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def test_a_branch_plays_other_moves_from_any_step(make_client: Any) -> None:
    """A line of other moves from a step: the position it reaches, in the spectator's
    view, its last move's events, and the moves legal there, which any seat may play
    on (hot-seat) since the game is over."""
    with make_client() as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        step, state, other = _branch_point(record)
        mover = state.current_player
        label = state.game.action_from_id(other).label
        events = len(state.log)
        state.apply(other)
        following = state.legal_actions()[-1].id
        url = f"/api/tables/{table['id']}/replay/{step}"
        answer = client.get(f"{url}?line={other}")
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["line"] == [other] and data["step"] == step
        assert data["last"] == {"seat": mover, "label": label}
        assert data["view"] == _plain(state.view(None))
        assert data["current_player"] == state.current_player
        assert [e["text"] for e in data["log"]] == [
            e.text for e in state.log[events:] if e.visible(None)
        ]
        assert [m["id"] for m in data["legal"]] == [a.id for a in state.legal_actions()]

        deeper = client.get(f"{url}?line={other}.{following}").json()
        state.apply(following)
        assert deeper["view"] == _plain(state.view(None)) and deeper["line"] == [other, following]

        ranked = client.get(f"/api/tables/{table['id']}/analysis/{step}?line={other}")
        assert ranked.status_code == 200, ranked.text
        judged = ranked.json()
        assert judged["played"] is None and judged["line"] == [other]
        legal_there = record_state_after(record, step, [other]).legal_actions()
        assert sorted(h["action"] for h in judged["hints"]) == sorted(a.id for a in legal_there)


def record_state_after(record: dict[str, Any], step: int, line: list[int]) -> Any:
    state = tabletop.GameRecord.from_dict(record).start()
    for action in [*record["actions"][:step], *line]:
        state.apply(action)
    return state


def test_a_branch_refuses_moves_that_are_not_legal(make_client: Any) -> None:
    with make_client(analysis_line_moves=5) as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        step, state, other = _branch_point(record)
        illegal = next(
            a for a in range(len(state.game.actions))
            if a not in {x.id for x in state.legal_actions()}
        )  # fmt: skip
        for path in ("replay", "analysis"):
            url = f"/api/tables/{table['id']}/{path}/{step}"
            wrong = client.get(f"{url}?line={other}.{illegal}")
            if path == "replay" and not record_state_after(record, step, [other]).is_terminal():
                assert wrong.status_code == 422 and "move 1 of the line" in wrong.text
            first = client.get(f"{url}?line={illegal}")
            assert first.status_code == 422 and f"move 0 of the line ({illegal})" in first.text
            for garbage in ("abc", "1..2", "-1", "1e3", "1234567"):
                bad = client.get(f"{url}?line={garbage}")
                assert bad.status_code == 422 and "joined by dots" in bad.text, garbage
            long = client.get(f"{url}?line={'.'.join(['1'] * 6)}")
            assert long.status_code == 422 and "at most 5 moves" in long.text
        end = len(record["actions"])
        over = client.get(f"/api/tables/{table['id']}/replay/{end}?line={illegal}")
        assert over.status_code == 422


def test_no_branch_of_a_live_game(make_client: Any) -> None:
    """A seat of a game still going may not play branches either: a branch's view
    and ranked moves would read the seat that decides."""
    with make_client() as client:
        table = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=2)
        for path in ("replay", "analysis"):
            answer = client.get(f"/api/tables/{table['id']}/{path}/0?line=1")
            assert answer.status_code == 409


def test_no_analysis_endpoint_opens_a_live_game(make_client: Any) -> None:
    """Every way into a finished game (its steps from any seat, its branches, their
    ranked moves, a moment as a position file, the record) is closed while it is
    played: each would show the hand of a seat still playing. The same requests
    answer once the game is over."""
    paths = [
        "replay/0", "replay/0?seat=1", "replay/0?line=1", "analysis/0", "analysis/0?line=1",
        "analysis/0?quick=true", "position/0", "position/0?format=json", "record",
    ]  # fmt: skip
    with make_client() as client:
        live = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=2)
        for path in paths:
            answer = client.get(f"/api/tables/{live['id']}/{path}")
            assert answer.status_code == 409, path
            assert "hand" not in answer.text and "cards" not in answer.text, path
        finished = _finished(client)
        for path in paths:
            if "line=1" not in path:  # action 1 need not be legal there
                assert client.get(f"/api/tables/{finished['id']}/{path}").status_code == 200, path


def test_a_forced_move_is_answered_without_a_search(make_client: Any) -> None:
    """A decision with one legal move has nothing to judge: answered at once, and it
    spends no hint (the whole game's evaluation passes over it)."""
    with make_client(hints_per_minute_per_address=1) as client:
        # The known deal: the same round each run, one with forced moves (a table's own
        # deal differs from table to table).
        table = _finished(
            client, "uno-power", options={"target_score": "single_round"}, known_deal=True
        )
        record = client.get(f"/api/tables/{table['id']}/record").json()
        state = tabletop.GameRecord.from_dict(record).start()
        forced = []
        for step, action in enumerate(record["actions"]):
            if len(state.legal_actions()) == 1:
                forced.append((step, action))
            state.apply(action)
        assert len(forced) >= 2
        for step, action in forced[:2]:
            data = client.get(f"/api/tables/{table['id']}/analysis/{step}").json()
            assert data["forced"] is True and [h["action"] for h in data["hints"]] == [action]
            assert data["hints"][0]["win_probability"] is None
        (step, _), *_ = _decisions(record)
        assert client.get(f"/api/tables/{table['id']}/analysis/{step}").status_code == 200


def test_a_finished_game_is_seen_from_any_seat(make_client: Any) -> None:
    """Once the game is over every hand is public: a step (and a branch) shows any
    seat's view, or the deciding seat's; a live game's steps show none (409)."""
    with make_client() as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        step, state, other = _branch_point(record)
        url = f"/api/tables/{table['id']}/replay/{step}"
        for seat in (0, 1):
            data = client.get(f"{url}?seat={seat}").json()
            assert data["seat"] == seat and data["view"] == _plain(state.view(seat))
        mover = client.get(f"{url}?seat=-1").json()
        assert mover["seat"] == state.current_player
        assert mover["view"] == _plain(state.view(state.current_player))
        assert client.get(url).json()["view"] == _plain(state.view(None))
        branch = client.get(f"{url}?line={other}&seat=0").json()
        state.apply(other)
        assert branch["view"] == _plain(state.view(0))
        for wrong in ("2", "-2", "x"):
            assert client.get(f"{url}?seat={wrong}").status_code == 422, wrong
        end = len(record["actions"])
        last = client.get(f"/api/tables/{table['id']}/replay/{end}?seat=-1").json()
        assert last["seat"] is None  # nobody decides at the end: the spectator's view
        live = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=2)
        assert client.get(f"/api/tables/{live['id']}/replay/0?seat=1").status_code == 409


def test_a_moment_is_saved_as_a_position_file(make_client: Any) -> None:
    """Any moment of a finished game, a branch's too, as a position file (TOML or JSON)
    that builds that very moment again; none at the end, none of a live game."""
    with make_client() as client:
        table = _finished(client)
        record = client.get(f"/api/tables/{table['id']}/record").json()
        step, state, other = _branch_point(record)
        url = f"/api/tables/{table['id']}/position/{step}"
        answer = client.get(url)
        assert answer.status_code == 200, answer.text
        assert "attachment" in answer.headers["content-disposition"]
        fields = tomllib.loads(answer.text)
        rebuilt = tabletop.load_position(fields)
        assert rebuilt.game.situation(rebuilt) == state.game.situation(state)
        as_json = client.get(f"{url}?line={other}&format=json")
        assert as_json.status_code == 200, as_json.text
        state.apply(other)
        rebuilt = tabletop.load_position(as_json.json())
        assert rebuilt.game.situation(rebuilt) == state.game.situation(state)
        end = len(record["actions"])
        over = client.get(f"/api/tables/{table['id']}/position/{end}")
        assert over.status_code == 422 and "no decision is left" in over.text
        assert client.get(f"{url}?format=yaml").status_code == 422
        live = new_table(client, "kung-fu", [HUMAN, bot("random")], seed=2)
        assert client.get(f"/api/tables/{live['id']}/position/0").status_code == 409
