"""Costs one client could impose on everyone: replays, records and joins of a long game.

An audit flooded a finished 14,401-action UNO Power game with replay requests (149 ms
and 2.7 MB an answer, a player's round trip 2 -> 1,649 ms) and with spectators joining
and leaving it (597 MiB in 17 s, round trip 3 -> 510 ms). Each attack is made again
here from an address of its own while a person plays, and timed as a ratio against
that person's round trip without it, in the same test.
"""

from __future__ import annotations

import functools
import random
import secrets
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert
from starlette.websockets import WebSocketDisconnect

import tabletop
from tabletop.core.game import State
from tabletop.i18n import Reader, render_label
from tabletop.server.live import BOT, OVER, start_state
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.schema import actions_t
from tests.server.helpers import HUMAN, bot, is_state, my_decision_or_end, new_table, receive_until

# A UNO Power match to 1,500 points between two random players: 14,659 actions, as
# long as the audit's game; played offline in a tenth of a second.
LONG_OPTIONS = {"target_score": 1500}
LONG_SEED = 0


@functools.cache
def _random_game(
    game_id: str, options_items: tuple[tuple[str, Any], ...], players: int, seed: int
) -> tuple[list[int], list[int], dict[str, Any]]:
    """A whole game between random players: its actions, who played each, its result."""
    state = tabletop.make(game_id, **dict(options_items)).new_state(players, seed=seed, log=False)
    rng = random.Random(seed)
    seats = []
    while not state.is_terminal():
        seats.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    return list(state.history), seats, {"winners": state.winners(), "returns": state.returns()}


def _finished_table(
    client: TestClient, game_id: str, options: dict[str, Any], players: int, seed: int
) -> tuple[str, list[int]]:
    """A finished bots-only table with a random game's log, written through storage
    (as the server would have after playing it); its id and actions."""
    actions, seats, result = _random_game(game_id, tuple(sorted(options.items())), players, seed)
    storage = client.app.state.manager.storage  # type: ignore[attr-defined]
    table_id = secrets.token_urlsafe(9)
    storage.create_table(
        TableRow(
            id=table_id,
            game=game_id,
            options=options,
            num_players=players,
            seed=seed,
            status=OVER,
            version=len(actions),
            replace_bot=None,
            leave_grace_s=60.0,
            created_at=time.time(),
            seats=[SeatRow(s, BOT, "random", f"Bot {s + 1} (random)") for s in range(players)],
            result=result,
        )
    )
    rows = [
        {"table_id": table_id, "ply": ply, "action": a, "seat": s, "at": 0.0}
        for ply, (a, s) in enumerate(zip(actions, seats, strict=True))
    ]
    with storage.engine.begin() as conn:
        conn.execute(insert(actions_t), rows)
    return table_id, actions


def _long_table(client: TestClient) -> tuple[str, list[int]]:
    return _finished_table(client, "uno-power", LONG_OPTIONS, 2, LONG_SEED)


def _client_at(client: TestClient, host: str) -> TestClient:
    """Another client of the same running app, from address ``host``."""
    other = TestClient(client.app, client=(host, 50000))
    other.portal = client.portal
    return other


def _round_trips(
    ws: Any, msg: dict[str, Any], going: Callable[[], bool], pace_s: float = 0.1, most: int = 60
) -> tuple[list[float], dict[str, Any]]:
    """The seconds from each move of this seat to its next decision (the bot answers at
    once), a move every ``pace_s`` at most, as long as ``going()`` says so and ``most``
    moves at most (a flood that lasts long on a loaded machine must not play the game
    to its end), from the decision ``msg``; and the decision it is at then."""
    times: list[float] = []
    while going() and len(times) < most:
        assert msg["result"] is None, "the game ended during the measure"
        start = time.perf_counter()
        ws.send_json({"type": "action", "action": msg["legal"][0]["id"], "version": msg["version"]})
        msg = receive_until(ws, lambda m, v=msg["version"]: is_state(m) and m["version"] > v)
        msg = _my_decision(ws, msg)
        times.append(time.perf_counter() - start)
        time.sleep(max(0.0, pace_s - times[-1]))  # a person's pace, not a race
    return times, msg


def _moves(count: int) -> Callable[[], bool]:
    """True ``count`` times."""
    left = iter(range(count))
    return lambda: next(left, None) is not None


def _my_decision(ws: Any, msg: dict[str, Any] | None) -> dict[str, Any]:
    """From ``msg`` on, the first state where this seat decides (or the game ended),
    saying ``ready`` where the end of a round waits for it."""
    while msg is None or not my_decision_or_end(msg):
        if msg is not None and msg["seat"] in msg["table"]["waiting_for_ready"]:
            ws.send_json({"type": "ready"})
        msg = receive_until(ws, is_state)
    return msg


class _Flood:
    """What attackers elsewhere do: ``send`` called from ``threads`` threads, ``per_s``
    calls a second in all, for ``for_s`` seconds and at least ``at_least`` calls (a
    loaded machine makes fewer calls in the time); ``outcomes`` are what it returned."""

    def __init__(
        self,
        send: Callable[[], Any],
        per_s: float,
        threads: int,
        for_s: float,
        at_least: int = 0,
    ):
        self.send = send
        self.interval = threads / per_s
        self.threads = threads
        self.for_s = for_s
        self.at_least = at_least
        self.until = 0.0
        self.stopped = False
        self.outcomes: list[Any] = []

    def going(self) -> bool:
        if self.stopped:
            return False
        return time.perf_counter() < self.until or len(self.outcomes) < self.at_least

    def _attack(self) -> None:
        while self.going():
            started = time.perf_counter()
            self.outcomes.append(self.send())
            time.sleep(max(0.0, min(self.interval - (time.perf_counter() - started), 1.0)))

    @contextmanager
    def running(self) -> Iterator[_Flood]:
        self.until = time.perf_counter() + self.for_s
        workers = [threading.Thread(target=self._attack, daemon=True) for _ in range(self.threads)]
        for w in workers:
            w.start()
        try:
            yield self
        finally:
            self.stopped = True
            for w in workers:
                w.join(timeout=60)


def _assert_not_slowed(baseline: list[float], attacked: list[float]) -> None:
    """A person's median round trip under attack stays within a small factor of the
    same person's without it (plus a few milliseconds for a shared test machine).

    The attacks made it 170 to 800 times slower (2 -> 1,649 ms). Refused or served
    cheaply as they now are, they still share the interpreter with the person, and on
    a two-core machine loaded by other tests the ratio was measured up to 3.2. The
    bound lies between the two."""
    before = statistics.median(baseline)
    during = statistics.median(attacked)
    assert during <= 8 * before + 0.02, f"round trip {before * 1000:.1f} -> {during * 1000:.1f} ms"


# -- replays -------------------------------------------------------------------------------


def test_a_replay_step_is_small_and_cheap(make_client: Any) -> None:
    """Attack: every step replayed the whole game and sent its whole log (2.7 MB)."""
    with make_client() as client:
        table_id, actions = _long_table(client)
        url = f"/api/tables/{table_id}/replay"
        viewer = _client_at(client, "127.0.0.2")
        assert viewer.get(f"/api/tables/{table_id}/record").status_code == 200  # loaded
        start = time.perf_counter()
        assert viewer.get(f"{url}/0").status_code == 200  # the first step of the game
        first = time.perf_counter() - start
        steps = []
        for step in (7_001, 7_002, 3, 14_000, len(actions), 9_999, 1):
            start = time.perf_counter()
            answer = viewer.get(f"{url}/{step}")
            steps.append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.text
            assert len(answer.content) < 20_000  # the step's view and its own events
            assert answer.json()["step"] == step and answer.json()["total"] == len(actions)
        # A step costs as much as a few actions, not the game: far below the first one.
        assert statistics.median(steps) * 10 < first


@pytest.mark.alone
def test_a_replay_flood_does_not_slow_the_players(make_client: Any) -> None:
    """Attack: replay steps of a 14,659-action game at the general rate of 20 a second."""
    with make_client(http_rate_burst=60, http_rate_per_s=20.0) as client:
        table_id, actions = _long_table(client)
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        attacker = _client_at(client, "127.0.0.3")
        rng = random.Random(1)

        def replay_step() -> int:
            step = rng.randrange(len(actions) + 1)
            return attacker.get(f"/api/tables/{table_id}/replay/{step}").status_code

        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            baseline, msg = _round_trips(ws, _my_decision(ws, None), _moves(15))
            with _Flood(replay_step, per_s=20.0, threads=4, for_s=4.0).running() as flood:
                attacked, _ = _round_trips(ws, msg, flood.going)
        assert flood.outcomes and set(flood.outcomes) == {200}
        _assert_not_slowed(baseline, attacked)


def test_replays_and_records_share_a_budget_per_address(make_client: Any) -> None:
    """Attack: records and replay steps as fast as the general HTTP rate allows."""
    with make_client(replay_rate_burst=30, replay_rate_per_s=5.0) as client:  # the defaults
        table_id, _ = _finished_table(client, "kung-fu", {}, 2, 3)
        greedy = _client_at(client, "127.0.0.4")
        answers = [
            greedy.get(f"/api/tables/{table_id}/{'record' if i % 2 else 'replay/1'}")
            for i in range(200)
        ]
        codes = [a.status_code for a in answers]
        assert 429 in codes and codes[0] == 200
        refused = answers[codes.index(429)]
        assert "replay" in refused.json()["detail"] and "your address" in refused.json()["detail"]
        # Another address is not refused for this one's requests.
        other = _client_at(client, "127.0.0.5")
        assert other.get(f"/api/tables/{table_id}/replay/2").status_code == 200
        assert other.get(f"/api/tables/{table_id}/record").status_code == 200


def test_the_first_step_of_a_long_game_counts_more(make_client: Any) -> None:
    """Attack: cycling through more long games than the server keeps checkpoints of,
    so that every step is a replay of a whole game."""
    with make_client(replay_rate_burst=10, replay_rate_per_s=0.01) as client:
        table_id, _ = _long_table(client)
        short_id, _ = _finished_table(client, "kung-fu", {}, 2, 3)
        viewer = _client_at(client, "127.0.0.6")
        codes = [viewer.get(f"/api/tables/{table_id}/replay/{s}").status_code for s in range(10)]
        assert codes == [200] * 6 + [429] * 4  # the first step counted 5, half the burst
        walker = _client_at(client, "127.0.0.7")
        codes = [walker.get(f"/api/tables/{short_id}/replay/{s}").status_code for s in range(11)]
        assert codes == [200] * 10 + [429]  # a short game counts one a step


@pytest.mark.parametrize(
    ("game_id", "options", "players", "seed"),
    [
        ("uno-power", {"target_score": "single_round"}, 3, 8),
        ("king-of-tokyo", {}, 3, 2),
        ("kung-fu", {}, 2, 3),
    ],
)
def test_each_replay_step_is_the_game_after_that_many_actions(
    make_client: Any, game_id: str, options: dict[str, Any], players: int, seed: int
) -> None:
    """From checkpoints every 4 actions, every step is the spectator's view of a
    replay from the deal, with exactly the events its action made."""
    with make_client(replay_checkpoint_every=4) as client:
        table_id, actions = _finished_table(client, game_id, options, players, seed)
        row = client.app.state.manager.storage.load_table(table_id)  # type: ignore[attr-defined]
        state = start_state(tabletop.make(game_id, **options), row)
        expected = [_step(state, 0, None)]
        for action in actions:
            before = state.log[-1].seq + 1 if state.log else 0
            last = {"seat": state.current_player, "label": render_label(state, action, ENGLISH)}
            state.apply(action)
            expected.append(_step(state, before, last))
        # Forward, then back and jumps: each step is the same whatever came before.
        order = [*range(len(actions) + 1), len(actions) // 2, 0, 5, len(actions), 1]
        for step in order:
            answer = client.get(f"/api/tables/{table_id}/replay/{step}").json()
            assert answer == {"step": step, "total": len(actions), **expected[step]}
        # The steps' events (the answers'), one after the other: the spectator's log.
        events = [e for answer in expected for e in answer["log"]]
        assert events == [e.to_dict() for e in state.log_for(None)]


ENGLISH = Reader("en")


def _step(state: State, since: int, last: dict[str, Any] | None) -> dict[str, Any]:
    """What a replay step answers: the spectator's view and the step's own events, and
    the moves legal there (a branch may start with any)."""
    game = state.game
    over = state.is_terminal()
    legal = [] if over else state.legal_actions()
    return {
        "line": [],
        "current_player": state.current_player,
        "view": state.view(None),
        "seat": None,
        "log": [e.to_dict() for e in state.log_for(None, since)],
        "last": last,
        "legal": [
            {"id": a.id, "label": render_label(state, a.id, ENGLISH), **game.action_data(a.id)}
            for a in legal
        ],
        "over": over,
    }


# -- joins ---------------------------------------------------------------------------------


def test_joining_a_long_game_sends_only_its_last_events(make_client: Any) -> None:
    """Attack: each spectator joining the long game was sent its whole log (2.7 MB)."""
    with make_client() as client:
        table_id, actions = _long_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            ws.send_json({"type": "hello"})
            welcome = receive_until(ws, lambda m: m["type"] == "welcome")
            state = receive_until(ws, is_state)
        assert state["version"] == len(actions)
        assert 0 < len(state["log"]) <= 300
        assert welcome["log_from"] == state["log"][0]["seq"] > 0  # the log was cut there
        # A short game's log is whole.
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            welcome = receive_until(ws, lambda m: m["type"] == "welcome")
            state = receive_until(ws, is_state)
        assert welcome["log_from"] == 0 and state["log"][0]["seq"] == 0


@pytest.mark.alone
def test_a_join_flood_is_refused_and_does_not_slow_the_players(make_client: Any) -> None:
    """Attack: spectators joining and leaving the long game, 13 a second."""
    with make_client(handshake_rate_burst=30, handshake_rate_per_s=2.0) as client:  # the defaults
        table_id, _ = _long_table(client)
        table = new_table(client, "uno-power", [HUMAN, bot("random")], claim=0)
        attacker = _client_at(client, "127.0.0.8")

        def join() -> str:
            with attacker.websocket_connect(f"/ws/tables/{table_id}") as ws:
                ws.send_json({"type": "hello"})
                while True:
                    try:
                        msg = ws.receive_json()
                    except WebSocketDisconnect as closed:
                        return f"closed {closed.code}"
                    if msg["type"] in ("state", "error"):
                        return str(msg["type"] if is_state(msg) else msg["code"])

        with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
            ws.send_json({"type": "hello", "token": table["token"]})
            baseline, msg = _round_trips(ws, _my_decision(ws, None), _moves(15))
            # 60 joins: more than the burst and 2 a second allow in under 15 seconds.
            flood = _Flood(join, per_s=13.0, threads=3, for_s=4.0, at_least=60)
            with flood.running():
                attacked, _ = _round_trips(ws, msg, flood.going)
        # 30 at once, then 2 a second: past the burst, joins are refused.
        assert "state" in flood.outcomes and "rate_limited" in flood.outcomes
        _assert_not_slowed(baseline, attacked)
