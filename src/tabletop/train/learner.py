"""The learner: a torch twin of :class:`~tabletop.bots.network.Network`, fitted to
self-play samples by mean squared error between the value of the action taken and
the return that followed it (Deep Monte-Carlo, as DouZero trains).

Torch computes on one thread, so the same samples in the same order give the same
weights on a machine; :meth:`Learner.network` exports them for numpy (the two
forward passes agree to float rounding: a test holds them to 1e-5).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import torch
from torch import nn

from tabletop.bots.network import Network
from tabletop.train.selfplay import Samples


class QNet(nn.Module):
    """Scaled observations -> ReLU layers -> one value per action id."""

    def __init__(self, scale: npt.NDArray[np.float32], hidden: Sequence[int], outputs: int) -> None:
        super().__init__()
        self.register_buffer("scale", torch.as_tensor(scale, dtype=torch.float32))
        sizes = [len(scale), *hidden, outputs]
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        x = obs * self.scale
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x


class Learner:
    """The network being trained, its optimiser and its own random stream."""

    def __init__(
        self,
        scale: npt.NDArray[np.float32],
        hidden: Sequence[int],
        outputs: int,
        *,
        seed: int,
        lr: float,
        batch_size: int,
    ) -> None:
        torch.set_num_threads(1)
        torch.manual_seed(seed)
        self.net = QNet(scale, hidden, outputs)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=lr)
        self.batch_size = batch_size
        self.rng = np.random.default_rng([seed, 2])
        self.updates = 0

    def fit(self, samples: Samples, epochs: int = 1) -> float:
        """Pass over ``samples`` in shuffled minibatches; the mean loss."""
        count = len(samples.actions)
        if count == 0:
            return 0.0
        obs = torch.from_numpy(samples.obs)
        actions = torch.from_numpy(samples.actions)
        returns = torch.from_numpy(samples.returns)
        losses = []
        for _ in range(epochs):
            order = torch.from_numpy(self.rng.permutation(count))
            for start in range(0, count, self.batch_size):
                rows = order[start : start + self.batch_size]
                values = self.net(obs[rows]).gather(1, actions[rows, None]).squeeze(1)
                loss = nn.functional.mse_loss(values, returns[rows])
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                self.updates += 1
                losses.append(loss.item())
        return float(np.mean(losses))

    def network(self, meta: dict[str, Any]) -> Network:
        """The current weights as a numpy network."""
        linear = list(self.net.layers)
        return Network.from_arrays(
            [layer.weight.detach().numpy() for layer in linear],  # type: ignore[union-attr]
            [layer.bias.detach().numpy() for layer in linear],  # type: ignore[union-attr]
            scale=self.net.scale.numpy(),  # type: ignore[operator]
            meta=meta,
        )

    def state_dict(self) -> dict[str, Any]:
        return {
            "net": self.net.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "rng": self.rng.bit_generator.state,
            "updates": self.updates,
        }

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.net.load_state_dict(state["net"])
        self.optimizer.load_state_dict(state["optimizer"])
        self.rng.bit_generator.state = state["rng"]
        self.updates = state["updates"]
