"""What a simulation plays: :class:`SimSpec`, seat rotation and seed derivation.

Every game of a run is a pure function of the spec and the game's index: its deal
seed, its seating and its bots' seeds are derived from ``spec.seed`` and the
index alone, never from the worker that plays it. That is what makes a run give
the same results for any number of jobs, on any backend, and after a resume.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import tabletop
from tabletop.bots.registry import bot_from_spec
from tabletop.core.errors import TabletopError
from tabletop.sim.errors import SimError
from tabletop.sim.experiment import Arm, check_arms, place_subject

SPEC_VERSION = 1


def derive_seed(*parts: object) -> int:
    """A 63-bit seed fixed by ``parts``; neighbouring inputs give unrelated seeds.

    A hash rather than arithmetic (``seed * k + index``) keeps the streams of
    different runs and games from overlapping.

    >>> derive_seed(1, "game", 0) == derive_seed(1, "game", 0) != derive_seed(1, "game", 1)
    True
    """
    text = ":".join(str(p) for p in ("tabletop-sim", *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _nth_permutation(items: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The ``k``-th permutation of ``items`` in lexicographic order (``k`` < len!).

    >>> [_nth_permutation((1, 2, 3), k) for k in (0, 1, 5)]
    [(1, 2, 3), (1, 3, 2), (3, 2, 1)]
    """
    pool = list(items)
    out = []
    for left in range(len(pool) - 1, -1, -1):
        i, k = divmod(k, math.factorial(left))
        out.append(pool.pop(i))
    return tuple(out)


def player_labels(bots: tuple[str, ...]) -> tuple[str, ...]:
    """Unique names for the line-up: a bot listed twice becomes ``random``, ``random#2``.

    >>> player_labels(("heuristic", "random", "random"))
    ('heuristic', 'random', 'random#2')
    """
    seen: Counter[str] = Counter()
    labels = []
    for bot in bots:
        seen[bot] += 1
        labels.append(bot if seen[bot] == 1 else f"{bot}#{seen[bot]}")
    return tuple(labels)


@dataclass(frozen=True, slots=True)
class SimSpec:
    """A tournament: one line-up of bots playing ``games`` seeded games.

    ``bots`` lists the *players* of the line-up; there are as many seats as bots.
    Games come in blocks of ``n``: within a block the players keep their order
    around the table and shift by one seat per game, so every player sits once at
    every seat; each block takes the next of the ``(n - 1)!`` orders around the
    table, so over ``n * (n - 1)!`` games every player also has every other player
    as its left neighbour equally often (in UNO, sitting after a weak player is an
    advantage). ``options`` are the game's options as given (strings are parsed by
    the game). A search bot may carry a thinking time per decision (``normal@0.25``);
    its games then depend on the machine's speed, not only on the seeds.

    >>> spec = SimSpec("uno-power", ("heuristic", "random", "random"), games=6, seed=7)
    >>> [spec.seating(i) for i in range(6)]
    [(0, 1, 2), (2, 0, 1), (1, 2, 0), (0, 2, 1), (1, 0, 2), (2, 1, 0)]
    """

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    options: tuple[tuple[str, Any], ...] = ()
    record_games: bool = False
    game_stats: bool = True
    position: str = ""
    """A position every game starts from (docs/positions.md), as canonical JSON of its
    fields, each game with its own seed; empty: the deal."""
    arms: tuple[Arm, ...] = ()
    """A paired experiment's arms, the control first (:mod:`tabletop.sim.experiment`):
    game ``i`` is arm ``i % len(arms)`` of replicate ``i // len(arms)``, whose games
    share their seeds; empty: a tournament."""
    labels: tuple[str, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bots", tuple(self.bots))
        object.__setattr__(self, "arms", tuple(self.arms))
        object.__setattr__(self, "options", tuple(sorted(dict(self.options).items())))
        object.__setattr__(self, "labels", player_labels(self.bots))

    @property
    def num_players(self) -> int:
        return len(self.bots)

    def options_dict(self, index: int | None = None) -> dict[str, Any]:
        """The run's options; with ``index``, those game ``index`` is played with (its
        arm's over the run's)."""
        options = dict(self.options)
        if index is not None and self.arms:
            options.update(self.arms[self.arm(index)].options)
        return options

    def position_fields(self, index: int) -> dict[str, Any] | None:
        """The fields of the position game ``index`` starts from, with its seed: the
        spec's position, and in an experiment the arm's fields over it (a field the
        arm gives replaces the position's), the subject's seat put in."""
        if not self.position and not self.arms:
            return None
        fields: dict[str, Any] = json.loads(self.position) if self.position else {}
        if self.arms:
            fields.update(self.arms[self.arm(index)].fields)
            fields = place_subject(fields, self.seating(index).index(0), self.num_players)
        fields["seed"] = self.game_seed(index)
        return fields

    def replicate(self, index: int) -> int:
        """The replicate game ``index`` belongs to: itself in a tournament, in an
        experiment the deal all its arms share."""
        return index // len(self.arms) if self.arms else index

    def arm(self, index: int) -> int:
        """The arm game ``index`` plays (0, the control, in a tournament)."""
        return index % len(self.arms) if self.arms else 0

    def opening(self, index: int) -> tuple[str, ...]:
        """The action labels played as game ``index`` starts, before any bot chooses."""
        return self.arms[self.arm(index)].actions if self.arms else ()

    def seating(self, index: int) -> tuple[int, ...]:
        """``seating(i)[seat]`` is the player (line-up position) at ``seat`` in game ``i``.

        The arms of a replicate share its seating, so an experiment's subject (player
        0) sits at every seat in turn."""
        n = self.num_players
        block, shift = divmod(self.replicate(index), n)
        order = (0, *_nth_permutation(tuple(range(1, n)), block % math.factorial(n - 1)))
        return tuple(order[(seat - shift) % n] for seat in range(n))

    def game_seed(self, index: int) -> int:
        """The deal seed of game ``index`` (shared by the arms of a replicate)."""
        return derive_seed(self.seed, "game", self.replicate(index))

    def bot_seed(self, index: int, player: int) -> int:
        """The seed of player ``player``'s bot in game ``index`` (whatever its seat)."""
        return derive_seed(self.seed, "bot", self.replicate(index), player)

    def validate(self) -> None:
        """Check the game, options, player count, bots and game count; raise on a mistake."""
        game = tabletop.make(self.game, **self.options_dict())
        info = game.info
        if not info.min_players <= self.num_players <= info.max_players:
            raise SimError(
                "{game} takes {low} to {high} seats, got {seats} ({bots})",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
                seats=self.num_players,
                bots=",".join(self.bots),
            )
        for bot in set(self.bots):
            bot_from_spec(bot, self.game, seed=0)
        if isinstance(self.games, bool) or not isinstance(self.games, int) or self.games < 1:
            raise SimError(
                "the number of games must be a positive whole number, not {games!r}",
                games=self.games,
            )
        if self.arms:
            check_arms(self.arms)
            if self.games % len(self.arms):
                raise SimError(
                    "an experiment plays every arm of each replicate: {games} games "
                    "is not a multiple of its {arms} arms",
                    games=self.games,
                    arms=len(self.arms),
                )
        for index in range(len(self.arms) or (1 if self.position else 0)):
            self.starting_state(index)

    def starting_state(self, index: int) -> tabletop.State:
        """Game ``index``'s state before any bot chooses: the deal, or the position with
        the arm's opening actions played; a mistake in them raises :class:`SimError`."""
        arm = self.arms[self.arm(index)].name if self.arms else None
        try:
            game = tabletop.make(self.game, **self.options_dict(index))
            fields = self.position_fields(index)
            if fields is None:
                return game.new_state(self.num_players, self.game_seed(index))
            state = game.position(fields)
        except TabletopError as exc:
            raise _in_arm(arm, exc.template, **exc.fields) from None
        if state.num_players != self.num_players:
            raise _in_arm(
                arm,
                "the position has {players} players, the seats are {seats} ({bots})",
                players=state.num_players,
                seats=self.num_players,
                bots=",".join(self.bots),
            )
        for label in self.opening(index):
            play_label(state, label, arm)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec_version": SPEC_VERSION,
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "options": self.options_dict(),
            "record_games": self.record_games,
            "game_stats": self.game_stats,
            "position": json.loads(self.position) if self.position else None,
            "arms": [arm.to_dict() for arm in self.arms],
        }

    @classmethod
    def from_dict(cls, data: Any) -> SimSpec:
        if not isinstance(data, dict) or data.get("spec_version") != SPEC_VERSION:
            raise SimError("the run settings are not a simulation spec this version can read")
        try:
            return cls(
                game=str(data["game"]),
                bots=tuple(str(b) for b in data["bots"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                options=tuple(dict(data["options"]).items()),
                record_games=bool(data["record_games"]),
                game_stats=bool(data.get("game_stats", True)),
                position=canonical_position(data.get("position")),
                arms=tuple(Arm.from_dict(a) for a in data.get("arms", [])),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SimError("the run settings are damaged: {problem}", problem=repr(exc)) from None


def canonical_position(fields: Any) -> str:
    """A position's fields as the text a spec keeps ("" for none)."""
    if fields is None:
        return ""
    if not isinstance(fields, dict):
        raise SimError("the run's position must be an object of fields")
    return json.dumps(fields, sort_keys=True)


def play_label(state: tabletop.State, label: str, arm: str | None = None) -> None:
    """Apply the legal action labelled ``label``; :class:`SimError` if there is none
    (naming the experiment's ``arm`` whose opening it is, if any)."""
    for action in state.legal_actions():
        if action.label == label:
            state.apply(action)
            return
    legal = "; ".join(a.label for a in state.legal_actions()[:8])
    raise _in_arm(arm, "no legal action {label!r} (legal: {legal})", label=label, legal=legal)


def _in_arm(arm: str | None, message: str, /, **fields: Any) -> SimError:
    """The error of ``message``, said of the experiment's ``arm`` when there is one."""
    if arm is None:
        return SimError(message, **fields)
    return SimError("arm {arm!r}: {problem}", arm=arm, problem=TabletopError(message, **fields))
