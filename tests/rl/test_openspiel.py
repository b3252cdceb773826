"""The OpenSpiel games pass OpenSpiel's own checks and run its algorithms."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (open_spiel) is not installed")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import tabletop  # noqa: E402
from tabletop.core.errors import InvalidOptionsError  # noqa: E402
from tabletop.rl import observer_for  # noqa: E402
from tabletop.rl.openspiel import TabletopState, load, short_name  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {"game_id": "uno-power", "num_players": 3, "target_score": "single_round"},
    {"game_id": "uno-power", "num_players": 2, "target_score": "single_round", "partners": False},
    {"game_id": "kung-fu"},
    {"game_id": "king-of-tokyo", "num_players": 2},
    {"game_id": "king-of-tokyo", "num_players": 4, "edition": "2016"},
]
IDS = ["uno-power-3", "uno-power-2", "kung-fu", "king-of-tokyo-2", "king-of-tokyo-4"]

PUBLIC = pyspiel.IIGObservationType(
    public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
)


def _load(config: dict[str, Any], seed: int = 0) -> Any:
    return load(**config, seed=seed)


def test_registered_names() -> None:
    names = pyspiel.registered_names()
    assert "python_tabletop_uno_power" in names
    assert "python_tabletop_kung_fu" in names
    assert "python_tabletop_king_of_tokyo" in names
    assert short_name("kung-fu") == "python_tabletop_kung_fu"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_random_sim_test(config: dict[str, Any]) -> None:
    pyspiel.random_sim_test(_load(config, seed=1), num_sims=3, serialize=False, verbose=False)


def test_load_game_from_string_and_game_type() -> None:
    game = pyspiel.load_game(
        "python_tabletop_uno_power(players=4,target_score=single_round,seed=2)"
    )
    assert game.num_players() == 4
    assert game.tabletop_game.options.target_score == "single_round"
    gt = game.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert gt.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == game.tabletop_game.info.num_distinct_actions
    assert game.max_game_length() == game.tabletop_game.info.max_game_length

    kf = pyspiel.load_game("python_tabletop_kung_fu")
    assert kf.num_players() == 2
    assert kf.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kf.utility_sum() == 1.0
    assert (kf.min_utility(), kf.max_utility()) == (0.0, 1.0)

    # Options keep their tabletop values; a match to 300 is an int parameter given as text.
    uno = load("uno-power", 2, target_score=300, uno_penalty=4)
    assert uno.tabletop_game.options.target_score == 300
    assert uno.tabletop_game.options.uno_penalty == 4


def test_game_string_round_trip() -> None:
    game = load(
        "uno-power", 3, seed=4, target_score="single_round", card_points="draw1=30,wild_grab=50"
    )
    again = pyspiel.load_game(str(game))
    assert again.tabletop_game.options == game.tabletop_game.options
    assert again.tabletop_game.options.card_points == "draw1=30,wild_grab=50"
    assert (
        again.new_initial_state().tabletop_state.seed
        == game.new_initial_state().tabletop_state.seed
    )
    kf = load("kung-fu", seed=2, round_limit=50)
    assert pyspiel.load_game(str(kf)).tabletop_game.options == kf.tabletop_game.options


def test_bad_parameters() -> None:
    with pytest.raises(InvalidOptionsError):
        load("uno-power", 2, no_such_option=1)
    with pytest.raises(InvalidOptionsError):
        load("kung-fu", 3)
    with pytest.raises(InvalidOptionsError):
        load("no-such-game")


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_legal_actions_and_returns_equal_ours(config: dict[str, Any]) -> None:
    game = _load(config, seed=5)
    tgame = game.tabletop_game
    rng = random.Random(5)
    for _ in range(2):
        state = game.new_initial_state()
        ours = tgame.new_state(game.num_players(), state.tabletop_state.seed, log=False)
        while not state.is_terminal():
            assert state.current_player() == ours.current_player
            legal = state.legal_actions()
            assert legal == sorted(ours.legal_action_ids())
            for p in range(game.num_players()):
                if p != state.current_player():
                    assert state.legal_actions(p) == []
            mask = np.asarray(state.legal_actions_mask(), dtype=np.int8)
            np.testing.assert_array_equal(mask, observer_for(tgame).mask(ours))
            action = rng.choice(legal)
            assert state.action_to_string(state.current_player(), action) == str(
                tgame.action_from_id(action)
            )
            state.apply_action(action)
            ours.apply(action)
        assert ours.is_terminal()
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.returns() == ours.returns()
        assert state.history() == ours.history


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_seeded_games_are_deterministic(config: dict[str, Any]) -> None:
    def deals(game: Any) -> list[int]:
        out = []
        for _ in range(3):
            state = game.new_initial_state()
            state.clone()  # OpenSpiel's clone makes a throw-away initial state
            out.append(state.tabletop_state.seed)
        return out

    first = deals(_load(config, seed=11))
    assert first == deals(_load(config, seed=11))
    assert len(set(first)) == 3  # successive deals differ
    game = _load(config, seed=11)
    a, b = game.new_initial_state_with_seed(4), game.new_initial_state_with_seed(4)
    assert str(a) == str(b)
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_clone_is_independent(config: dict[str, Any]) -> None:
    game = _load(config, seed=3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    assert isinstance(twin, TabletopState)
    assert twin.history() == state.history()
    assert str(twin) == str(state)
    twin.apply_action(twin.legal_actions()[-1])
    assert len(state.history()) + 1 == len(twin.history())
    assert state.tabletop_state.history == state.history()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_observation_tensors(config: dict[str, Any]) -> None:
    game = _load(config, seed=7)
    observer = observer_for(game.tabletop_game)
    assert game.observation_tensor_shape() == list(observer.shape)
    assert game.observation_tensor_size() == observer.size
    private = make_observation(game)
    public = make_observation(game, PUBLIC)
    assert private.tensor.shape == observer.shape
    assert public.tensor.shape == observer.shape
    rng = random.Random(7)
    state = game.new_initial_state()
    steps = resampled_private = 0
    while not state.is_terminal() and steps < 60:
        ts = state.tabletop_state
        for p in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(p), dtype=np.float32)
            assert tensor.shape == observer.shape
            np.testing.assert_array_equal(tensor, observer.encode(ts, p))
            assert np.all(tensor <= observer.high)
            private.set_from(state, p)
            np.testing.assert_array_equal(private.tensor, tensor)
            assert state.observation_string(p) == observer.string(ts, p)
            # The public observation holds no seat's private information: it does
            # not change when anybody's hidden information is re-sampled.
            public.set_from(state, p)
            before = public.tensor.copy()
            for q in range(game.num_players()):
                sampler = pyspiel.UniformProbabilitySampler(steps * 10 + q, 0.0, 1.0)
                other = state.resample_from_infostate(q, sampler)
                public.set_from(other, p)
                np.testing.assert_array_equal(public.tensor, before)
                if p != q and not np.array_equal(other.observation_tensor(p), tensor):
                    resampled_private += 1  # the check above is not vacuous
            if "hand" in public.dict:
                assert not np.any(public.dict["hand"])
            else:  # King of Tokyo: the seat's own costs and the Made in a Lab top card
                assert not np.any(public.dict["row_cost"]) and not np.any(public.dict["deck_top"])
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    if config["game_id"] != "king-of-tokyo":  # whose only secret is the deck order
        assert resampled_private > 0


def test_unsupported_observation_types_raise() -> None:
    game = _load(CONFIGS[2])
    # Information states have strings (tests/rl/test_openspiel_infostate.py), no tensor.
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor is None and recall.dict == {}
    with pytest.raises(ValueError, match="not tensors"):
        recall.set_from(game.new_initial_state(), 0)
    with pytest.raises(ValueError, match="public observations"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                public_info=False,
                perfect_recall=False,
                private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
            ),
        )
    with pytest.raises(ValueError):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            ),
        )


def test_resample_from_infostate_keeps_the_players_view() -> None:
    game = _load(CONFIGS[0], seed=9)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.current_player() == player
    assert sampled.legal_actions() == state.legal_actions()
    np.testing.assert_array_equal(
        sampled.observation_tensor(player), state.observation_tensor(player)
    )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_evaluate_bots_with_uniform_random_bots(config: dict[str, Any]) -> None:
    game = _load(config, seed=13)
    n = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(n)]
    for _ in range(2):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
        assert len(returns) == n
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_mcts_bot_plays_kung_fu_moves() -> None:
    game = _load(CONFIGS[2], seed=17)
    rng = np.random.RandomState(17)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_king_of_tokyo_game_type_and_game_strings() -> None:
    game = pyspiel.load_game("python_tabletop_king_of_tokyo(players=6,edition=2016,seed=3)")
    assert game.num_players() == 6
    assert game.tabletop_game.options.edition == "2016"  # an int parameter, text option
    gt = game.get_type()
    assert (gt.min_num_players, gt.max_num_players) == (2, 6)
    assert gt.utility == pyspiel.GameType.Utility.GENERAL_SUM  # several may share a win
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert game.num_distinct_actions() == tabletop.make("king-of-tokyo").info.num_distinct_actions
    kot = load(
        "king-of-tokyo", 4, seed=5, edition="2016", monsters="kraken,the_king,alienoid,pandakai"
    )
    again = pyspiel.load_game(str(kot))
    assert again.tabletop_game.options == kot.tabletop_game.options
    assert again.tabletop_game.options.monsters == "kraken,the_king,alienoid,pandakai"
    with pytest.raises(InvalidOptionsError):
        load("king-of-tokyo", 7)
