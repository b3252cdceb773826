"""A few seconds of examples/train_kung_fu.py: it runs, respects masks, keeps losses finite."""

from __future__ import annotations

import importlib.util
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_kung_fu.py"


@pytest.fixture(scope="module")
def example() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("train_kung_fu", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_kung_fu"] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("train_kung_fu", None)


def tiny(example: ModuleType, seed: int = 0, opponent: str = "random") -> object:
    cfg = example.Config(
        seed=seed,
        opponent=opponent,
        minutes=None,
        episodes=20,
        eval_games=6,
        eval_every=1e9,
        envs=4,
        steps_per_update=128,
        minibatch=64,
        epochs=2,
        verbose=False,
    )
    return example.train(cfg)


def test_tiny_training_run(example: ModuleType) -> None:
    result = tiny(example)
    assert result.episodes >= 20
    assert result.illegal == 0  # masked sampling never picks an illegal action
    assert result.losses and all(math.isfinite(x) for x in result.losses)
    assert all(0.0 <= p["win_rate"] <= 1.0 for p in result.curve)
    assert len(result.curve) == 2  # before training and at the end


def test_the_learner_plays_the_bot_named(example: ModuleType) -> None:
    runner = example.Runner(4, 0, "heuristic")
    assert [games.opponents for games in runner.batches] == [("heuristic",), ("heuristic",)]
    result = tiny(example, opponent="heuristic")
    assert result.illegal == 0 and result.episodes >= 20


def test_training_is_deterministic(example: ModuleType) -> None:
    a, b = tiny(example, seed=3), tiny(example, seed=3)
    assert a.losses == b.losses
    assert [p["win_rate"] for p in a.curve] == [p["win_rate"] for p in b.curve]


def test_masked_policy_never_picks_illegal(example: ModuleType) -> None:
    torch.manual_seed(0)
    policy = example.Policy(8, 5)
    obs = torch.randn(64, 8)
    mask = torch.rand(64, 5) < 0.4
    mask[:, 2] = True  # at least one legal action per row
    logits, value = policy(obs, mask)
    assert value.shape == (64,)
    assert torch.isinf(logits[~mask]).all() and torch.isfinite(logits[mask]).all()
    picks = torch.multinomial(torch.softmax(logits, -1), 50, replacement=True)
    assert mask.gather(1, picks).all()
    _logp, entropy = example.log_probs_and_entropy(logits)
    entropy.sum().backward()
    grads = [p.grad for p in policy.parameters() if p.grad is not None]
    assert grads and all(torch.isfinite(g).all() for g in grads)
    assert torch.isfinite(entropy).all()
