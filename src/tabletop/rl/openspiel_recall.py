"""Perfect-recall information states for the OpenSpiel games (:mod:`tabletop.rl.openspiel`).

A seat's information state is everything it has seen since the deal: after every
move, the log events it may see (``LogEvent.visible``) and its view (``state.view``,
the game's own definition of what a seat may see), and the actions it took itself.
The log holds what the view forgets (which dice a monster kept, which card a seat
played), the view what the log never says. Views are large and a game runs to
thousands of moves, so the states hold a **chain** instead: a 128-bit BLAKE2b digest
per seat (and one for the spectator), each link hashing the previous link, the
seat's own action (if it moved), the new events it may see and its view after the
move. Two histories give the same chain exactly when the seat saw the same (up to a
digest collision, about one in 2**64 even among billions of histories).

OpenSpiel's states keep no log (wording events costs more than the move), and search
plays long rollouts nobody asks about, so the chains are **lazy**: a :class:`Recall`
keeps a copy of the state that does keep a log, frozen where its chains are known
(``base``), and the actions taken since (``pending``); asking for an information state
replays those actions on a clone of ``base`` (chance comes out the same: a clone keeps
its generator) and hashes what each seat saw along the way. Clones of an OpenSpiel
state share ``base`` and the chains, which are never changed in place.

A state re-sampled for seat ``p`` (``resample_from_infostate``) is no replay of a game,
so it keeps ``p``'s chain and the spectator's; every other seat's chain restarts at the
sample from the spectator's chain and what that seat sees in the sampled world (what it
saw before is hidden from ``p``). Search keyed by those strings (ISMCTS) thus tells the
other seats' sampled hands apart, and no string of ``p``'s carries another seat's secret.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from tabletop.core.log import LogEvent
from tabletop.core.rng import Rng
from tabletop.core.state import State

DIGEST_SIZE = 16
"""Bytes per link of a chain (BLAKE2b-128)."""


def _digest(*parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=DIGEST_SIZE)
    for part in parts:
        h.update(part)
    return h.digest()


def _seen(state: State, seat: int | None) -> bytes:
    """What ``seat`` (``None``: a spectator) sees of ``state``: its view as canonical JSON."""
    return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":")).encode()


def _events(events: list[LogEvent], seat: int | None) -> bytes:
    """The events of ``events`` that ``seat`` may see, as canonical JSON."""
    shown = [[e.kind, e.text, e.data] for e in events if e.visible(seat)]
    return json.dumps(shown, sort_keys=True, separators=(",", ":"), default=str).encode()


def _viewers(num_players: int) -> list[int | None]:
    """The seats, then the spectator (index ``num_players`` of a chain tuple)."""
    return [*range(num_players), None]


class Recall:
    """The chains of one OpenSpiel state (see the module docstring).

    ``chains`` holds one link per seat and the spectator's last, ``None`` until first
    asked for; ``moves`` counts the moves from the deal to ``base``.
    """

    __slots__ = ("_texts", "base", "chains", "moves", "pending")

    def __init__(
        self, base: State, chains: tuple[bytes, ...] | None, moves: int, pending: list[int]
    ) -> None:
        self.base = base
        self.chains = chains
        self.moves = moves
        self.pending = pending
        self._texts: dict[int, str] = {}

    @classmethod
    def start(cls, state: State) -> Recall:
        """The recall of ``state``, a new deal (no move yet)."""
        if state.history:
            raise ValueError("a recall starts at a deal, before any move")
        base = state.game.new_state(state.num_players, state.seed, log=True)
        base.drop_record()  # the replays only read views and the log
        return cls(base, None, 0, [])

    def copy(self) -> Recall:
        """An independent recall of a clone (sharing the frozen ``base`` and chains)."""
        twin = Recall(self.base, self.chains, self.moves, self.pending.copy())
        twin._texts = self._texts.copy()
        return twin

    def note(self, action: int) -> None:
        """The state just took ``action``."""
        self.pending.append(action)
        if self._texts:
            self._texts = {}

    def catch_up(self) -> tuple[bytes, ...]:
        """The chains now: replays the pending actions from ``base``."""
        chains = self.chains
        base = self.base
        viewers = _viewers(base.num_players)
        if chains is None:
            chains = tuple(
                _digest(b"deal\0", _events(base.log, v), b"\0", _seen(base, v)) for v in viewers
            )
        if self.pending:
            state = base.clone()
            for action in self.pending:
                actor = state.current_player
                logged = len(state.log)
                state.apply(action)
                new = state.log[logged:]
                own = b"%d\0" % action
                chains = tuple(
                    _digest(
                        link, own if v == actor else b"\0", _events(new, v), b"\0", _seen(state, v)
                    )
                    for link, v in zip(chains, viewers, strict=True)
                )
            self.base = state
            self.moves += len(self.pending)
            self.pending = []
        self.chains = chains
        return chains

    def resampled(self, seat: int, seed: int, twin: State) -> Recall:
        """The recall of ``twin``, ``state.determinize(seat, Rng(seed))`` of this state.

        ``base`` is determinized with the same seed, so it deals ``twin``'s world and
        keeps the log events ``seat`` may see.
        """
        chains = self.catch_up()
        public = chains[-1]
        links = tuple(
            link if v == seat or v is None else _digest(public, b"sampled\0", _seen(twin, v))
            for link, v in zip(chains, _viewers(twin.num_players), strict=True)
        )
        return Recall(self.base.determinize(seat, Rng(seed)), links, self.moves, [])

    def text(self, seat: int | None, observation: Callable[[], str]) -> str:
        """The information-state string of ``seat`` (``None``: the public one).

        ``observation()`` is the readable observation of the state now, shown after a
        header with the seat, the number of moves and the chain's last link (search
        asks for the same string many times: it is kept until the next move).
        """
        key = -1 if seat is None else seat
        cached = self._texts.get(key)
        if cached is None:
            chains = self.catch_up()
            who = "public" if seat is None else f"seat {seat}"
            link = chains[-1 if seat is None else seat].hex()
            header = f"{who} after {self.moves} moves, recall {link}\n"
            cached = self._texts[key] = header + observation()
        return cached
