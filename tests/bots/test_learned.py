"""The learned bot and its numpy network: loading, refusing bad files, playing only
from what its seat sees."""

from __future__ import annotations

import doctest
import itertools
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import tabletop
import tabletop.bots.network as network_module
from tabletop.bots import learned
from tabletop.bots.ismcts import ISMCTSBot
from tabletop.bots.learned import (
    Judge,
    LearnedBot,
    LearnedSearchBot,
    model_path,
    network_leaf,
    shipped_network,
)
from tabletop.bots.network import FORMAT, ModelError, Network
from tabletop.bots.search import SearchSettings
from tabletop.core.rng import Rng
from tabletop.rl.observers import observer_for

GAME = "kung-fu"


def _network(seed: int = 0, game: str = GAME, **options: str) -> Network:
    observer = observer_for(tabletop.make(game, **options))
    rng = np.random.default_rng(seed)
    sizes = [observer.size, 32, observer.num_actions]
    return Network.from_arrays(
        [rng.normal(0, 0.3, (b, a)) for a, b in itertools.pairwise(sizes)],
        [rng.normal(0, 0.1, b) for b in sizes[1:]],
        scale=1.0 / np.maximum(observer.high, 1.0),
        meta={"game": game, "format": FORMAT},
    )


def test_a_saved_network_loads_to_the_same_outputs(tmp_path: Path) -> None:
    network = _network()
    network.save(tmp_path / "m.npz", half=False)
    loaded = Network.load(tmp_path / "m.npz", GAME, "rebuild it")
    obs = np.random.default_rng(1).uniform(0, 3, (5, network.obs_dim)).astype(np.float32)
    assert np.array_equal(loaded.forward(obs), network.forward(obs))
    network.save(tmp_path / "h.npz")  # float16 weights: close, and half the size
    half = Network.load(tmp_path / "h.npz", GAME, "rebuild it")
    assert np.allclose(half.forward(obs), network.forward(obs), atol=0.05)
    assert (tmp_path / "h.npz").stat().st_size < (tmp_path / "m.npz").stat().st_size


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda path: path.unlink(), "it does not exist"),
        (lambda path: path.write_bytes(b"not a zip"), "not a readable .npz archive"),
        (lambda path: path.write_bytes(path.read_bytes()[:100]), "not a readable .npz archive"),
    ],
    ids=["missing", "garbage", "cut short"],
)
def test_a_bad_model_file_is_refused_naming_it_and_the_fix(
    tmp_path: Path, damage: object, problem: str
) -> None:
    path = tmp_path / "model.npz"
    _network().save(path)
    damage(path)  # type: ignore[operator]
    with pytest.raises(ModelError) as caught:
        Network.load(path, GAME, "make it again with `tabletop train kung-fu`")
    message = str(caught.value)
    assert str(path) in message and problem in message and "tabletop train kung-fu" in message


def test_a_model_of_another_game_or_shape_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "model.npz"
    _network(game="uno-power").save(path)
    with pytest.raises(ModelError, match="trained for 'uno-power', not 'kung-fu'"):
        Network.load(path, GAME, "fix")
    arrays = dict(np.load(path))
    arrays["layer1.bias"] = arrays["layer1.bias"][:-1]
    np.savez(path, **arrays)
    with pytest.raises(ModelError, match="layer 1 has weight"):
        Network.load(path, "uno-power", "fix")
    arrays = dict(np.load(path))
    arrays["layer0.weight"][0, 0] = np.nan
    arrays["layer1.bias"] = np.zeros(arrays["layer1.weight"].shape[0], np.float16)
    np.savez(path, **arrays)
    with pytest.raises(ModelError, match="not finite"):
        Network.load(path, "uno-power", "fix")


def test_the_bot_plays_the_legal_action_it_values_most() -> None:
    network = _network()
    bot = LearnedBot(seed=1, network=network)
    state = tabletop.make(GAME).new_state(2, seed=4)
    for _ in range(30):
        if state.is_terminal():
            break
        player = state.current_player
        values = bot.values(state, player)
        chosen = bot.choose(state, player)
        legal = state.legal_actions()
        assert chosen in legal
        assert values[chosen.id] == max(values[a.id] for a in legal)
        assert LearnedBot(seed=99, network=network).choose(state, player) == chosen  # no chance
        state.apply(chosen)


@pytest.mark.parametrize(
    ("game_id", "options", "players"),
    [
        ("kung-fu", {}, 2),
        ("uno-power", {"target_score": "single_round"}, 4),
        ("king-of-tokyo", {"power_up": "on"}, 4),
    ],
)
def test_the_bot_sees_only_its_seat(game_id: str, options: dict[str, str], players: int) -> None:
    """Its values are the same in every determinization of what its seat cannot see
    (the hands, the piles' order; Power Up!'s Evolutions in hand)."""
    game = tabletop.make(game_id, **options)
    bot = LearnedBot(network=_network(4, game_id, **options))
    state = game.new_state(players, seed=7)
    rng = Rng(3)
    for _ in range(120):
        if state.is_terminal():
            break
        player = state.current_player
        values = bot.values(state, player)
        for _ in range(3):
            other = state.determinize(player, rng)
            assert np.array_equal(bot.values(other, player), values)
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])


def test_the_learned_search_plays_legal_moves_the_same_for_a_seed() -> None:
    network = _network()
    state = tabletop.make(GAME).new_state(2, seed=11)
    settings = SearchSettings(iterations=20, rollout_depth=0, prior=2.0)
    for _ in range(6):
        player = state.current_player
        chosen = LearnedSearchBot(seed=5, settings=settings, network=network).choose(state, player)
        assert chosen in state.legal_actions()
        again = LearnedSearchBot(seed=5, settings=settings, network=network).choose(state, player)
        assert again == chosen
        state.apply(chosen)


def test_the_judge_scores_a_position_for_every_seat() -> None:
    """The seat to move gets its best legal action's value; the other the rest."""
    judge = Judge(_network(), tabletop.make(GAME))
    state = tabletop.make(GAME).new_state(2, seed=2)
    values = judge.values(state, state.current_player)
    best = min(1.0, max(0.0, max(float(values[a.id]) for a in state.legal_actions())))
    returns = judge.returns(state)
    assert returns[state.current_player] == pytest.approx(best)
    assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("game_id", "players"), [("kung-fu", 2), ("uno-power", 4), ("king-of-tokyo", 4)]
)
def test_the_package_ships_the_network(game_id: str, players: int) -> None:
    """From the installed package (in CI also from the built wheel): at most 2 MB,
    made for its game, and it plays."""
    path = model_path(game_id)
    assert path.is_relative_to(Path(tabletop.__file__).parent)
    assert path.stat().st_size <= 2 * 1024 * 1024
    network = shipped_network(game_id)
    assert network.meta["game"] == game_id and network.meta["training"]["rounds"] > 0
    state = tabletop.make(game_id, **network.meta["options"]).new_state(players, seed=8)
    assert LearnedBot(seed=1).choose(state, state.current_player) in state.legal_actions()


def test_a_network_leaf_scores_where_the_rollouts_stop_by_the_network() -> None:
    """``SearchSettings(leaf="network")``: the search's evaluation is the package's
    network's judgement (which reads only the seat to move's view), not the estimate."""
    game = tabletop.make("uno-power", target_score="single_round")
    state = game.new_state(4, seed=5)
    settings = SearchSettings(iterations=4, rollout_depth=2, leaf="network")
    searcher = ISMCTSBot(seed=1, settings=settings).searcher_for(state, state.current_player)
    assert searcher.evaluate is network_leaf("uno-power")
    judge = Judge(shipped_network("uno-power"), game)
    assert searcher.evaluate(state) == judge.returns(state) != state.estimate_returns()
    plain = ISMCTSBot(seed=1, settings=SearchSettings(iterations=4))
    assert plain.searcher_for(state, state.current_player).evaluate is not searcher.evaluate


@pytest.fixture
def no_models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The package's models folder replaced by an empty one (and the networks loaded
    before forgotten, on the way in and out)."""
    monkeypatch.setattr(learned, "MODELS", tmp_path)
    shipped_network.cache_clear()
    network_leaf.cache_clear()
    yield tmp_path
    shipped_network.cache_clear()
    network_leaf.cache_clear()


def test_a_network_leaf_without_a_model_names_the_file_and_the_fix(no_models: Path) -> None:
    bot = ISMCTSBot(seed=1, settings=SearchSettings(iterations=4, leaf="network"))
    state = tabletop.make("king-of-tokyo").new_state(2, seed=1)
    with pytest.raises(ModelError, match=r"king-of-tokyo\.npz: it does not exist.*tabletop train"):
        bot.choose(state, state.current_player)


def test_a_forward_pass_runs_blas_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """BLAS threads waiting for cores another process holds spin (a King of Tokyo
    search scored by the network took 1.42 s a decision instead of 0.50 s with one
    core busy): a forward pass keeps BLAS to one thread and gives the others back."""
    threadpoolctl = pytest.importorskip("threadpoolctl")

    def blas_threads() -> list[int]:
        pools = threadpoolctl.threadpool_info()
        return [pool["num_threads"] for pool in pools if pool["user_api"] == "blas"]

    before = blas_threads()
    seen: list[list[int]] = []
    maximum = np.maximum

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(blas_threads())  # the ReLU, between two products
        return maximum(*args, **kwargs)

    network = _network()
    obs = np.ones((1, network.obs_dim), np.float32)
    expected = network.forward(obs)
    monkeypatch.setattr(network_module.np, "maximum", watched)
    assert np.array_equal(network.forward(obs), expected)
    monkeypatch.undo()
    assert seen and all(threads == [1] * len(before) for threads in seen)
    assert blas_threads() == before


def test_the_docstring_examples_run() -> None:
    for module in (learned, network_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
