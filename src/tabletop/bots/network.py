"""A trained network evaluated in numpy: playing a learned bot needs no torch.

A model file is an ``.npz`` archive of plain arrays, written by ``tabletop train``:

- ``layer{i}.weight`` ``(out, in)`` and ``layer{i}.bias`` ``(out,)`` for ``i`` from 0,
  float16 or float32 (float16 halves the file; the product is computed in float32);
- ``scale`` ``(obs_dim,)`` float32: each observation entry is multiplied by it first
  (the inverse of the observer's upper bounds, so every input is in ``[0, 1]``);
- ``meta``: a JSON string with ``game``, ``options``, ``format`` (this module's
  :data:`FORMAT`), ``obs_dim``, ``num_actions`` and ``training`` (how the model was made).

Hidden layers apply ReLU; the last layer is linear and gives one value per action id:
the expected return of taking that action (a Deep Monte-Carlo Q-function, see
docs/bots.md). A forward pass runs numpy's BLAS on one thread (with ``threadpoolctl``
installed): a bot's products are a row or a few, and BLAS threads that wait for a core
another process holds spin. A King of Tokyo search scored by the network took 1.42 s a
decision with BLAS's own threads and 0.50 s with one, on a 2-core machine with one core
busy (and 10 s beside a second such search). A file that is missing, damaged or made
for another game or format is refused with a :class:`ModelError` that names the file
and how to make it again.

>>> import numpy as np
>>> net = Network.from_arrays(
...     [np.ones((3, 2), np.float32), np.ones((1, 3), np.float32)],
...     [np.zeros(3, np.float32), np.zeros(1, np.float32)],
...     scale=np.full(2, 0.5, np.float32), meta={"game": "demo"})
>>> net.forward(np.array([[2.0, 4.0]], np.float32)).tolist()
[[9.0]]
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.core.errors import TabletopError

FloatArray = npt.NDArray[np.float32]

FORMAT = 1
"""The layout this module reads; ``tabletop train`` writes it into ``meta``."""


class ModelError(TabletopError):
    """A model file that cannot be used (missing, damaged, or for another game)."""


@cache
def _blas_threads() -> Any:
    try:
        from threadpoolctl import ThreadpoolController  # type: ignore[import-untyped]
    except ImportError:  # an install without it: BLAS keeps its own threads
        return None
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[object]:
    """numpy's BLAS on one thread for the block (nothing without ``threadpoolctl``).
    Small products gain nothing from more, and threads that wait for busy cores spin."""
    controller = _blas_threads()
    if controller is None:
        return nullcontext()
    limit: AbstractContextManager[object] = controller.limit(limits=1, user_api="blas")
    return limit


@dataclass(frozen=True, eq=False)
class Network:
    """A multi-layer perceptron: ReLU between layers, a linear output."""

    weights: tuple[FloatArray, ...]
    biases: tuple[FloatArray, ...]
    scale: FloatArray
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_arrays(
        cls,
        weights: Sequence[npt.ArrayLike],
        biases: Sequence[npt.ArrayLike],
        scale: npt.ArrayLike,
        meta: dict[str, Any] | None = None,
    ) -> Network:
        """A network from its layers (checked to chain: each takes the last's output)."""
        ws = tuple(np.ascontiguousarray(w, dtype=np.float32) for w in weights)
        bs = tuple(np.ascontiguousarray(b, dtype=np.float32) for b in biases)
        scale_array = np.ascontiguousarray(scale, dtype=np.float32)
        problem = _chain_problem(ws, bs, scale_array)
        if problem:
            raise ModelError("the network's layers do not fit: {problem}", problem=problem)
        return cls(ws, bs, scale_array, dict(meta or {}))

    @property
    def obs_dim(self) -> int:
        return int(self.weights[0].shape[1])

    @property
    def num_outputs(self) -> int:
        return int(self.weights[-1].shape[0])

    def forward(self, obs: npt.ArrayLike) -> FloatArray:
        """The outputs for a batch of raw observations ``(N, obs_dim)``."""
        x = np.asarray(obs, dtype=np.float32) * self.scale
        last = len(self.weights) - 1
        with one_blas_thread():
            for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
                x = x @ w.T + b
                if i < last:
                    np.maximum(x, 0.0, out=x)
        return x

    def save(self, path: str | Path, half: bool = True) -> None:
        """Write the ``.npz`` file (weights in float16 when ``half``)."""
        dtype = np.float16 if half else np.float32
        arrays: dict[str, Any] = {"scale": self.scale, "meta": np.array(json.dumps(self.meta))}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"layer{i}.weight"] = w.astype(dtype)
            arrays[f"layer{i}.bias"] = b.astype(dtype)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)
        Path(path).write_bytes(buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path, game: str, how_to_rebuild: str) -> Network:
        """The network in ``path``, made for ``game``; a :class:`ModelError` names the
        file and ``how_to_rebuild`` when it cannot be used."""
        path = Path(path)

        def refuse(problem: str) -> ModelError:
            return ModelError(
                "cannot use the model file {path}: {problem}; {fix}",
                path=str(path),
                problem=problem,
                fix=how_to_rebuild,
            )

        if not path.is_file():
            raise refuse("it does not exist")
        try:
            with np.load(path, allow_pickle=False) as archive:
                arrays = {name: archive[name] for name in archive.files}
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            raise refuse(f"it is not a readable .npz archive ({exc})") from None
        try:
            meta = json.loads(str(arrays.pop("meta")))
            scale = arrays.pop("scale")
        except (KeyError, ValueError):
            raise refuse("it has no meta or scale entry") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise refuse(f"its format is not {FORMAT}")
        if meta.get("game") != game:
            raise refuse(f"it was trained for {meta.get('game')!r}, not {game!r}")
        count = len(arrays) // 2
        try:
            weights = [arrays[f"layer{i}.weight"] for i in range(count)]
            biases = [arrays[f"layer{i}.bias"] for i in range(count)]
        except KeyError as exc:
            raise refuse(f"the entry {exc.args[0]} is missing") from None
        if count == 0 or len(arrays) != 2 * count:
            raise refuse("its layers are not numbered layer0, layer1, ...")
        try:
            network = cls.from_arrays(weights, biases, scale, meta)
        except (ModelError, ValueError) as exc:
            raise refuse(str(exc)) from None
        if not all(np.isfinite(w).all() for w in network.weights + network.biases):
            raise refuse("it holds values that are not finite numbers")
        return network


def _chain_problem(
    weights: tuple[FloatArray, ...], biases: tuple[FloatArray, ...], scale: FloatArray
) -> str | None:
    if not weights or len(weights) != len(biases):
        return "it needs as many biases as weight matrices, at least one"
    if scale.ndim != 1 or weights[0].ndim != 2 or scale.shape[0] != weights[0].shape[1]:
        return f"scale {scale.shape} does not match the first layer's inputs"
    inputs = weights[0].shape[1]
    for i, (w, b) in enumerate(zip(weights, biases, strict=True)):
        if w.ndim != 2 or w.shape[1] != inputs or b.shape != (w.shape[0],):
            return f"layer {i} has weight {w.shape} and bias {b.shape} after {inputs} inputs"
        inputs = w.shape[0]
    return None
