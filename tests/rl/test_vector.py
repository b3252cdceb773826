"""Batched environments (tabletop.rl.vector): what each row shows, autoreset, the bots'
seats, determinism across batch splits, and bad input that moves no game."""

from __future__ import annotations

import array
import doctest
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.core.errors import TabletopError
from tabletop.core.rng import Rng
from tabletop.rl.observers import Buffer, Field, KungFuObserver, Observer, Row
from tabletop.rl.vector import VectorGames, bytes_per_game

GAMES = [
    ("kung-fu", 2, {}),
    ("uno-power", 4, {"target_score": "single_round"}),
    ("king-of-tokyo", 4, {}),
]
IDS = [game for game, _, _ in GAMES]


def first_legal(masks: np.ndarray) -> np.ndarray:
    """A policy that depends on each game alone (not on the batch): its first legal id."""
    return masks.argmax(axis=1)


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize("autoreset", ["next_step", "same_step"])
def test_every_row_is_its_game_seen_by_the_seat_that_decides(
    game_id: str, players: int, options: dict[str, Any], autoreset: Any
) -> None:
    games = VectorGames(game_id, 6, players, learner_seats="all", autoreset=autoreset, **options)
    observer = games.observer
    rng = np.random.default_rng(5)
    batch = games.reset(seed=11)
    ended = 0
    for _ in range(120):
        for i, state in enumerate(games.states()):
            player = int(batch.players[i])
            shown_final = batch.terminated[i] and autoreset == "next_step"
            if shown_final:
                assert state.is_terminal() and not batch.masks[i].any()
                assert batch.rewards[i].tolist() == state.returns()
            else:
                assert not state.is_terminal() and state.current_player == player
                assert batch.masks[i].tolist() == observer.mask(state).astype(bool).tolist()
            assert np.array_equal(batch.obs[i], observer.encode(state, player))
            if not batch.terminated[i]:
                assert not batch.rewards[i].any()
        batch = games.step(games.sample_actions(rng))
        ended += int(batch.terminated.sum())
    assert ended > 0 if game_id != "uno-power" else True  # long rounds at 4 players
    assert int(games.episodes.sum()) >= ended - (6 if autoreset == "next_step" else 0)


def test_next_step_autoreset_ignores_the_action_and_starts_the_next_episode() -> None:
    games = VectorGames("kung-fu", 4, learner_seats="all")
    batch = games.reset(seed=2)
    while not batch.terminated.any():
        batch = games.step(first_legal(batch.masks))
    done = np.flatnonzero(batch.terminated)
    assert all(games.states()[i].is_terminal() for i in done)
    before = games.episodes
    actions = first_legal(batch.masks)
    actions[done] = 10_000  # ignored: no game is asked anything there
    batch = games.step(actions)
    assert not batch.terminated[done].any() and not batch.rewards[done].any()
    assert (games.episodes[done] == before[done] + 1).all()
    assert all(not games.states()[i].history for i in done)  # a fresh deal, not yet played


def test_same_step_autoreset_keeps_the_final_observation() -> None:
    games = VectorGames("kung-fu", 4, learner_seats="all", autoreset="same_step")
    batch = games.reset(seed=2)
    assert batch.final_obs is not None
    twin = VectorGames("kung-fu", 4, learner_seats="all")  # the same games, NEXT_STEP
    shown = twin.reset(seed=2)
    while True:
        actions = first_legal(batch.masks)
        batch = games.step(actions)
        shown = twin.step(actions)
        if batch.terminated.any():
            break
    done = np.flatnonzero(batch.terminated)
    assert np.array_equal(batch.final_obs[done], shown.obs[done])
    assert np.array_equal(batch.rewards, shown.rewards)
    assert all(not games.states()[i].history for i in done)
    assert batch.masks[done].any(axis=1).all()  # the new episode's first decision


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_the_bots_play_every_other_seat(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    opponents = ["heuristic"] * (players - 2)
    games = VectorGames(
        game_id, 4, players, opponents=["random", *opponents], learner_seats=(1,), **options
    )
    rng = np.random.default_rng(0)
    batch = games.reset(seed=3)
    for _ in range(40):
        assert (batch.players == 1).all()
        batch = games.step(games.sample_actions(rng))
    rewards = batch.rewards
    assert rewards.shape == (4, players)


def test_a_split_batch_plays_the_same_games() -> None:
    """Game i is a function of the seed and i: 6 games at once, or 4 and then 2."""

    def trajectories(sizes: list[tuple[int, int]], steps: int) -> list[list[bytes]]:
        out: list[list[bytes]] = []
        for size, start in sizes:
            games = VectorGames(
                "uno-power", size, 3, opponents=["heuristic"] * 2, target_score="single_round"
            )
            batch = games.reset(seed=99, start=start)
            rows = [[batch.obs[i].tobytes()] for i in range(size)]
            for _ in range(steps):
                batch = games.step(first_legal(batch.masks))
                for i in range(size):
                    rows[i].append(batch.obs[i].tobytes() + batch.rewards[i].tobytes())
            out += rows
        return out

    whole = trajectories([(6, 0)], 60)
    assert whole == trajectories([(4, 0), (2, 4)], 60)
    assert whole[0] != whole[1]  # different games, not one game six times
    assert whole != trajectories([(6, 1)], 60)


def test_the_same_seed_gives_the_same_batch_and_another_seed_another() -> None:
    def run(seed: int) -> bytes:
        games = VectorGames("king-of-tokyo", 3, 3, opponents=["heuristic", "random"])
        batch = games.reset(seed=seed)
        rng = np.random.default_rng(1)
        seen = []
        for _ in range(40):
            batch = games.step(games.sample_actions(rng))
            seen.append(batch.obs.tobytes())
        return b"".join(seen)

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_an_illegal_action_names_the_game_and_moves_none() -> None:
    games = VectorGames("kung-fu", 3, learner_seats="all")
    batch = games.reset(seed=1)
    histories = [list(s.history) for s in games.states()]
    obs = batch.obs.copy()
    actions = first_legal(batch.masks)
    illegal = int(np.flatnonzero(~batch.masks[2])[0])
    actions[2] = illegal
    with pytest.raises(TabletopError, match=rf"game 2: action {illegal} .* no game was moved"):
        games.step(actions)
    actions[2] = games.num_actions + 5
    with pytest.raises(TabletopError, match=r"game 2: .*no action of kung-fu"):
        games.step(actions)
    assert [list(s.history) for s in games.states()] == histories
    assert np.array_equal(games.batch.obs, obs)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (np.zeros(2, np.int64), r"shape \(3,\), got int64 \(2,\)"),
        (np.zeros((3, 1), np.int64), r"shape \(3,\), got int64 \(3, 1\)"),
        (np.zeros(3, np.float32), r"integer array .* got float32"),
        (["a", "b", "c"], r"got str32 \(3,\)"),
        ([[1], [2, 3], 4], r"integer array of shape \(3,\)"),
    ],
)
def test_wrong_shapes_and_dtypes_are_refused_with_the_expected_shape(
    actions: Any, message: str
) -> None:
    games = VectorGames("kung-fu", 3, learner_seats="all")
    games.reset(seed=1)
    with pytest.raises(TabletopError, match=message):
        games.step(actions)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs must be"),
        ({"opponents": ["heuristic"], "learner_seats": "all"}, "leaves no seat"),
        ({"num_players": 2, "opponents": []}, "need 1 opponent"),
        ({"opponents": []}, "takes 2 to 2 players, not 1"),
        ({"opponents": ["random"], "learner_seats": (5,)}, "learner seats must be 0 to 1"),
        ({"opponents": ["no-such-bot"]}, "no-such-bot"),
        ({"opponents": ["random"], "autoreset": "later"}, "autoreset must be"),
        ({"opponents": ["random"], "max_steps": 0}, "max_steps must be"),
    ],
)
def test_bad_construction_is_a_clear_error(kwargs: dict[str, Any], message: str) -> None:
    arguments = {"num_envs": 2, **kwargs}
    with pytest.raises(TabletopError, match=message):
        VectorGames("kung-fu", **arguments)


def test_step_before_reset_is_an_error() -> None:
    games = VectorGames("kung-fu", 2, opponents=["random"])
    with pytest.raises(TabletopError, match="reset"):
        games.step(np.zeros(2, np.int64))


def test_max_steps_truncates_and_the_next_step_starts_again() -> None:
    games = VectorGames("kung-fu", 2, opponents=["random"], max_steps=3)
    batch = games.reset(seed=4)
    for _ in range(2):
        batch = games.step(first_legal(batch.masks))
        assert not batch.truncated.any()
    batch = games.step(first_legal(batch.masks))
    assert batch.truncated.all() or batch.terminated.any()
    batch = games.step(first_legal(batch.masks))
    assert not batch.truncated.any() and (games.episodes >= 1).all()


class CountingObserver(KungFuObserver):
    """A user's own observer (interpreted, even in a compiled build): one entry more."""

    calls = 0

    def row(self, state: Any, player: int) -> Row:
        CountingObserver.calls += 1
        row = array.array("d", super().row(state, player))
        row[0] = 1.0
        return row


def test_a_users_own_observer_is_used() -> None:
    observer = CountingObserver(tabletop.make("kung-fu"))
    games = VectorGames("kung-fu", 3, learner_seats="all", observer=observer)
    batch = games.reset(seed=1)
    assert CountingObserver.calls >= 3 and (batch.obs[:, 0] == 1.0).all()


class LifeObserver(Observer):
    """A user's observer from scratch: only ``_fill`` (the view), no ``row`` of its own."""

    def __init__(self, game: Any) -> None:
        super().__init__(game, [Field("life", 2, 20.0, "own life, the opponent's")])

    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        buf[0] = view["players"][player]["life"]
        buf[1] = view["players"][1 - player]["life"]

    def _text(self, view: dict[str, Any], player: int | None) -> str:
        return "life"


def test_an_observer_of_only_fill_is_gathered_from_its_arrays() -> None:
    games = VectorGames(
        "kung-fu", 3, learner_seats="all", observer=LifeObserver(tabletop.make("kung-fu"))
    )
    batch = games.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(30):
        for i, state in enumerate(games.states()):
            player = int(batch.players[i])
            life = state.view(player)["players"]
            assert batch.obs[i].tolist() == [life[player]["life"], life[1 - player]["life"]]
        batch = games.step(games.sample_actions(rng))


def test_a_mask_is_a_writable_copy() -> None:
    observer = KungFuObserver(tabletop.make("kung-fu"))
    state = tabletop.make("kung-fu").new_state(2, seed=1)
    mask = observer.mask(state)
    mask[:] = 0  # the caller's own array: the next mask is whole again
    assert observer.mask(state).sum() == len(state.legal_actions())


def test_features_hide_what_the_seat_cannot_see() -> None:
    """A determinization for the deciding seat leaves its row unchanged."""
    games = VectorGames("uno-power", 4, 3, learner_seats="all", target_score="single_round")
    batch = games.reset(seed=8)
    for i, state in enumerate(games.states()):
        player = int(batch.players[i])
        twin = state.determinize(player, Rng(i))
        assert np.array_equal(games.observer.encode(twin, player), batch.obs[i])


def test_the_module_examples_run() -> None:
    import tabletop.rl.gymnasium_vector as gym_vector
    import tabletop.rl.vector as vector

    for module in (vector, gym_vector):
        if module.__doc__ is None:
            pytest.skip("a compiled module keeps no docstring")
        result = doctest.testmod(module)
        assert result.attempted and not result.failed


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=IDS)
def test_a_batch_of_4096_games_fits_in_a_gigabyte(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """What a game of a batch holds (its state, its rows of the buffers), measured on 64
    games played a while, times 4,096."""
    assert bytes_per_game(game_id, players, num_envs=64, **options) * 4096 < 2**30
