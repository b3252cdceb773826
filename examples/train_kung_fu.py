"""Train a masked PPO policy for one Kung Fu seat against a bot (random by default), on the CPU.

    pip install -e ".[rl,train]"
    python examples/train_kung_fu.py --minutes 15 --seed 0 --out kung_fu_ppo.pt
    python examples/train_kung_fu.py --opponent heuristic --minutes 20

The learner plays Kung Fu against a bot (``--opponent``: random) in batches of games
stepped together (``tabletop.rl.vector.VectorGames``), half of them in seat 0 and half
in seat 1; a finished game starts the next at once (``autoreset="same_step"``). Illegal
actions are masked out: their logits are set to ``-inf`` before sampling, so the policy
never picks one.
Observations are divided by the observer's upper bounds (every entry in ``[0, 1]``).

Algorithm: PPO (clipped objective, GAE, one shared MLP torso with policy and value
heads), batched over ``--envs`` games. Every
``--eval-every`` seconds the greedy policy (argmax over legal actions) plays
``--eval-games`` games against the same bot, on game seeds disjoint from training
ones (training games are drawn from seeds below 2**40, evaluation games from seeds at
or above it), and a line
of the learning curve is printed. Runs are deterministic for a given ``--seed``
and number of updates (``torch.set_num_threads(1)``); with ``--minutes`` the number
of updates depends on the machine's speed, with ``--episodes`` it does not.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch
from torch import nn

from tabletop.rl.vector import VectorGames

EVAL_SEED_BASE = 2**40


class Policy(nn.Module):
    """An MLP torso with a policy head (logits per action id) and a value head."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.torso = nn.Sequential(
            nn.Linear(obs_size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.pi = nn.Linear(hidden, num_actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Masked logits (``-inf`` on illegal actions) and state values."""
        h = self.torso(obs)
        logits = self.pi(h).masked_fill(~mask, float("-inf"))
        return logits, self.v(h).squeeze(-1)


def log_probs_and_entropy(logits: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Log-probabilities and entropy of masked logits (illegal entries add nothing)."""
    logp = torch.log_softmax(logits, dim=-1)
    finite = logp.masked_fill(torch.isinf(logp), 0.0)  # no 0 * -inf, no NaN gradient
    entropy = -(logp.exp() * finite).sum(-1)
    return logp, entropy


@dataclass
class Config:
    seed: int = 0
    minutes: float | None = 15.0
    episodes: int | None = None
    eval_games: int = 400
    eval_every: float = 60.0
    envs: int = 16
    steps_per_update: int = 2048
    epochs: int = 4
    minibatch: int = 512
    lr: float = 3e-4
    gamma: float = 1.0
    lam: float = 0.95
    clip: float = 0.2
    entropy_coef: float = 0.01
    value_coef: float = 0.5
    opponent: str = "random"
    verbose: bool = True


@dataclass
class Result:
    policy: Policy
    curve: list[dict[str, float]] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    episodes: int = 0
    steps: int = 0
    illegal: int = 0


class Runner:
    """``n`` games against the bot ``opponent``, stepped together: the learner in seat 0
    of the first half, seat 1 of the other (two batches of :class:`VectorGames`)."""

    def __init__(self, n: int, seed: int, opponent: str = "random") -> None:
        half = max(1, n // 2)
        self.batches = [
            VectorGames(
                "kung-fu", half, opponents=[opponent], learner_seats=(seat,), autoreset="same_step"
            )
            for seat in (0, 1)
        ]
        ob = self.batches[0].observer
        self.scale = (1.0 / np.maximum(ob.high, 1.0)).astype(np.float32)
        for k, games in enumerate(self.batches):  # different games for the two seats
            games.reset(seed=seed, start=k * half)
        self.size = 2 * half

    def observe(self) -> tuple[torch.Tensor, torch.Tensor]:
        """Scaled observations and masks of every game, as tensors (copies)."""
        obs = np.concatenate([g.batch.obs for g in self.batches]) * self.scale
        mask = np.concatenate([g.batch.masks for g in self.batches])
        return torch.from_numpy(obs), torch.from_numpy(mask)

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One decision per game: the learner's rewards and which games ended."""
        rewards, done = [], []
        for k, games in enumerate(self.batches):
            part = actions[k * games.num_envs : (k + 1) * games.num_envs]
            batch = games.step(part)
            rewards.append(batch.rewards[:, k].copy())
            done.append(batch.terminated | batch.truncated)
        return np.concatenate(rewards), np.concatenate(done).astype(np.float32)


def collect(policy: Policy, runner: Runner, cfg: Config, result: Result) -> dict[str, torch.Tensor]:
    """``cfg.steps_per_update`` learner steps; GAE advantages along each env's trajectory."""
    steps = cfg.steps_per_update
    n = runner.size
    buf: dict[str, list[Any]] = {
        k: [] for k in ("obs", "mask", "act", "logp", "val", "rew", "done")
    }
    for _ in range(max(1, steps // n)):
        obs, mask = runner.observe()
        with torch.no_grad():
            logits, value = policy(obs, mask)
            logp_all = torch.log_softmax(logits, dim=-1)
            act = torch.multinomial(logp_all.exp(), 1).squeeze(-1)
        chosen = act.numpy()
        result.illegal += int((~mask.numpy()[np.arange(n), chosen]).sum())
        rew, done = runner.step(chosen)
        result.steps += n
        result.episodes += int(done.sum())
        buf["obs"].append(obs)
        buf["mask"].append(mask)
        buf["act"].append(act)
        buf["logp"].append(logp_all.gather(1, act[:, None]).squeeze(1))
        buf["val"].append(value)
        buf["rew"].append(torch.from_numpy(rew))
        buf["done"].append(torch.from_numpy(done))
    with torch.no_grad():
        _, last_value = policy(*runner.observe())
    t_len = len(buf["rew"])
    adv = torch.zeros(t_len, n)
    gae = torch.zeros(n)
    for t in reversed(range(t_len)):
        nonterminal = 1.0 - buf["done"][t]
        next_value = last_value if t == t_len - 1 else buf["val"][t + 1]
        delta = buf["rew"][t] + cfg.gamma * next_value * nonterminal - buf["val"][t]
        gae = delta + cfg.gamma * cfg.lam * nonterminal * gae
        adv[t] = gae
    values = torch.stack(buf["val"])
    return {
        "obs": torch.cat(buf["obs"]),
        "mask": torch.cat(buf["mask"]),
        "act": torch.cat(buf["act"]),
        "logp": torch.cat(buf["logp"]),
        "adv": adv.reshape(-1),
        "ret": (adv + values).reshape(-1),
    }


def update(
    policy: Policy,
    opt: torch.optim.Optimizer,
    batch: dict[str, torch.Tensor],
    cfg: Config,
    gen: torch.Generator,
) -> float:
    """PPO epochs over ``batch``; returns the mean loss."""
    size = batch["act"].shape[0]
    adv = batch["adv"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    losses = []
    for _ in range(cfg.epochs):
        order = torch.randperm(size, generator=gen)
        for start in range(0, size, cfg.minibatch):
            idx = order[start : start + cfg.minibatch]
            logits, value = policy(batch["obs"][idx], batch["mask"][idx])
            logp_all, entropy = log_probs_and_entropy(logits)
            logp = logp_all.gather(1, batch["act"][idx, None]).squeeze(1)
            ratio = (logp - batch["logp"][idx]).exp()
            a = adv[idx]
            pg = -torch.min(ratio * a, ratio.clamp(1 - cfg.clip, 1 + cfg.clip) * a).mean()
            v_loss = (value - batch["ret"][idx]).pow(2).mean()
            loss = pg + cfg.value_coef * v_loss - cfg.entropy_coef * entropy.mean()
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
            losses.append(loss.item())
    return float(np.mean(losses))


def evaluate(policy: Policy, games: int, seed: int = 0, opponent: str = "random") -> float:
    """Greedy policy's win rate against ``opponent`` over ``games`` (seats alternate),
    each game played once, on seeds no training game uses."""
    runner = Runner(games, EVAL_SEED_BASE + seed, opponent)
    wins = np.zeros(runner.size)
    finished = np.zeros(runner.size, dtype=bool)
    while not finished.all():
        obs, mask = runner.observe()
        with torch.no_grad():
            logits, _ = policy(obs, mask)
        actions = logits.argmax(-1).numpy()
        assert mask.numpy()[np.arange(runner.size), actions].all(), "an illegal choice"
        rewards, done = runner.step(actions)
        first = (done > 0) & ~finished
        wins[first] = np.maximum(rewards[first], 0.0)
        finished |= done > 0
    return float(wins.mean())


def train(cfg: Config) -> Result:
    torch.set_num_threads(1)
    torch.manual_seed(cfg.seed)
    gen = torch.Generator().manual_seed(cfg.seed)
    runner = Runner(cfg.envs, cfg.seed, cfg.opponent)
    ob = runner.batches[0].observer
    policy = Policy(ob.size, ob.num_actions)
    opt = torch.optim.Adam(policy.parameters(), lr=cfg.lr)
    result = Result(policy)
    start = time.perf_counter()
    deadline = None if cfg.minutes is None else start + 60 * cfg.minutes
    next_eval = 0.0

    def checkpoint() -> None:
        rate = evaluate(policy, cfg.eval_games, seed=cfg.seed, opponent=cfg.opponent)
        point = {
            "seconds": time.perf_counter() - start,
            "episodes": result.episodes,
            "steps": result.steps,
            "win_rate": rate,
        }
        result.curve.append(point)
        if cfg.verbose:
            print(
                f"{point['seconds']:7.0f} s  {result.episodes:8d} episodes  "
                f"{result.steps:9d} steps  win rate vs {cfg.opponent} {rate:6.1%}",
                flush=True,
            )

    while True:
        elapsed = time.perf_counter() - start
        if elapsed >= next_eval:
            checkpoint()
            next_eval = elapsed + cfg.eval_every
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if cfg.episodes is not None and result.episodes >= cfg.episodes:
            break
        batch = collect(policy, runner, cfg, result)
        result.losses.append(update(policy, opt, batch, cfg, gen))
    if result.curve[-1]["episodes"] != result.episodes:
        checkpoint()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=15.0, help="time budget (default 15)")
    parser.add_argument("--episodes", type=int, default=None, help="stop after this many")
    parser.add_argument("--eval-games", type=int, default=400, help="games per evaluation")
    parser.add_argument("--eval-every", type=float, default=60.0, help="seconds between evals")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="random", help="the bot to beat (default random)")
    parser.add_argument("--out", default=None, help="save the policy's state_dict here")
    args = parser.parse_args(argv)
    minutes = None if args.minutes <= 0 else args.minutes
    cfg = Config(
        seed=args.seed,
        minutes=minutes,
        episodes=args.episodes,
        eval_games=args.eval_games,
        eval_every=args.eval_every,
        envs=args.envs,
        opponent=args.opponent,
    )
    result = train(cfg)
    final = result.curve[-1]
    print(
        f"final: {final['win_rate']:.1%} wins against {cfg.opponent} after {result.episodes} "
        f"episodes, {result.steps} steps, {final['seconds']:.0f} s "
        f"(illegal actions: {result.illegal})"
    )
    if args.out:
        torch.save(result.policy.state_dict(), args.out)
        print(f"saved {args.out}")


if __name__ == "__main__":
    main()
