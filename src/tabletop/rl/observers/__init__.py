"""Observation tensors and action masks, one observer object per game.

An :class:`Observer` turns what one seat may see into a flat ``float32`` vector
with a fixed, documented layout of named *fields* (as OpenSpiel's observers), and
the legal actions into an ``int8`` mask over every action id of the game.

An observation is specified by ``state.view(player)``, the same dictionary the
server sends to that seat, so it cannot contain another player's hidden cards:
re-sampling what the seat cannot see (``state.determinize(player, rng)``) leaves
the encoding unchanged. :meth:`Observer.encode_view` is that reference encoding.
Building a view dictionary costs more than the rest of an RL step, so an observer
may also read the same public fields straight from the state; the test suite then
checks, over thousands of states, that its result equals the reference. Seats are
*relative*: index 0 of every per-seat field is the observer, 1 the next seat in seat
order, and so on.

>>> import tabletop
>>> from tabletop.rl import observer_for
>>> game = tabletop.make("uno-power", target_score="single_round")
>>> observer = observer_for(game)
>>> state = game.new_state(3, seed=1)
>>> obs = observer.encode(state, 0)
>>> obs.shape == observer.shape, obs.dtype.name
(True, 'float32')
>>> int(observer.named(obs)["hand"].sum())
7
>>> int(observer.mask(state).sum()) == len(state.legal_actions())
True

``docs/rl.md`` lists the fields of each game; :meth:`Observer.layout` prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.rl.observers.base import (
    Buffer,
    Field,
    FloatArray,
    MaskArray,
    Observer,
    Row,
    Template,
)
from tabletop.rl.observers.king_of_tokyo import KingOfTokyoObserver
from tabletop.rl.observers.kung_fu import KungFuObserver
from tabletop.rl.observers.uno_power import UnoPowerObserver

_OBSERVERS: dict[str, Callable[[Game[Any]], Observer]] = {
    "uno-power": UnoPowerObserver,
    "kung-fu": KungFuObserver,
    "king-of-tokyo": KingOfTokyoObserver,
}


def observer_for(game: Game[Any]) -> Observer:
    """The observer of ``game`` (its options decide the card tables and bounds)."""
    factory = _OBSERVERS.get(game.info.id)
    if factory is None:
        raise TabletopError(
            "no observer for {game}; available: {available}",
            game=game.info.id,
            available=", ".join(sorted(_OBSERVERS)),
        )
    return factory(game)


__all__ = [
    "Buffer",
    "Field",
    "FloatArray",
    "KingOfTokyoObserver",
    "KungFuObserver",
    "MaskArray",
    "Observer",
    "Row",
    "Template",
    "UnoPowerObserver",
    "observer_for",
]
