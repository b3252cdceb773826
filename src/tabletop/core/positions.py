"""Positions in files: a game situation written as JSON or TOML (docs/positions.md).

A position file names the game and its options beside the game's own fields::

    game = "uno-power"
    options = { hand_size = 5 }
    hands = [["red 5", "blue 5"], ["green 9"]]
    top = "red 3"

:func:`load_position` makes the game and asks it to build the state
(:meth:`~tabletop.core.game.Game.position`). The fields every game shares are read
here: ``box``, the cards out of the game (:meth:`CardPool.take` them last, so that a
card placed elsewhere counts), and ``moves``, the actions played from the position
(:func:`play_moves`, at the end of each game's build).
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

from tabletop.core.action import Action
from tabletop.core.errors import InvalidOptionsError, TabletopError
from tabletop.core.game import Game, State
from tabletop.core.registry import make

StateT = TypeVar("StateT", bound=State)

LABELS_SHOWN: Final = 12
"""Legal labels a refused move lists (then how many more there are)."""


class PositionError(InvalidOptionsError):
    """A position that names something the game lacks, or that the rules cannot
    reach; the message names the field (``position.hands[0]``)."""

    def __init__(self, field: str, message: str, /, **fields: Any) -> None:
        super().__init__(f"position.{field}", message, **fields)


def check_fields(fields: Mapping[str, Any], known: Iterable[str]) -> None:
    """Refuse a field the game's positions do not have."""
    known = sorted(known)
    for name in sorted(fields):
        if name not in known:
            raise PositionError(name, "unknown field (known: {known})", known=", ".join(known))


def whole_number(fields: Mapping[str, Any], name: str, default: int) -> int:
    value = fields.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(name, "must be a whole number, got {value!r}", value=value)
    return value


def seat_number(fields: Mapping[str, Any], name: str, players: int, default: int) -> int:
    seat = whole_number(fields, name, default)
    if not 0 <= seat < players:
        raise PositionError(
            name, "a seat from 0 to {last}, got {seat}", last=players - 1, seat=seat
        )
    return seat


def per_seat(fields: Mapping[str, Any], name: str, players: int, what: str) -> list[Any]:
    """A list with one entry per seat."""
    value = fields[name]
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != players:
        raise _one_per_seat(name, players, what)
    return list(value)


def _one_per_seat(name: str, players: int, what: str) -> PositionError:
    """The error of :func:`per_seat`: a whole sentence for each ``what`` it is called with."""
    if what == "list of cards":
        return PositionError(
            name, "needs one list of cards per player ({players})", players=players
        )
    if what == "koku row":
        return PositionError(name, "needs one koku row per player ({players})", players=players)
    if what == "life":
        return PositionError(name, "needs one life per player ({players})", players=players)
    if what == "number":
        return PositionError(name, "needs one number per player ({players})", players=players)
    if what == "score":
        return PositionError(name, "needs one score per player ({players})", players=players)
    if what == "true/false":
        return PositionError(name, "needs one true/false per player ({players})", players=players)
    return PositionError(  # another game's word: in English
        name, "needs one {what} per player ({players})", what=what, players=players
    )


class CardPool:
    """The cards of a deck a position has not placed yet, taken by name.

    ``names[k]`` and ``copies[k]`` describe card kind ``k``; ``aliases`` are further
    names of a kind (its id). Names are matched without regard to case, and a name
    that matches nothing gets the names that contain it as suggestions.
    """

    def __init__(
        self,
        names: Sequence[str],
        copies: Sequence[int],
        aliases: Mapping[str, int] | None = None,
    ) -> None:
        self.names = names
        self.left = Counter({k: n for k, n in enumerate(copies)})
        self._by_name = {name.lower(): k for k, name in enumerate(names)}
        for alias, k in (aliases or {}).items():  # ids, other editions' names
            self._by_name.setdefault(alias.lower(), k)

    def kind(self, field: str, name: Any) -> int:
        if isinstance(name, str):
            k = self._by_name.get(name.strip().lower())
            if k is not None:
                return k
        close: list[str] = []
        if isinstance(name, str):
            close = [n for n in self.names if name.lower() in n.lower()]
            lowered = {n.lower(): n for n in self.names}
            for near in difflib.get_close_matches(name.lower(), list(lowered), n=5):
                if lowered[near] not in close:
                    close.append(lowered[near])
        if close:
            raise PositionError(
                field,
                "no card called {name!r} (did you mean {close}?)",
                name=name,
                close=", ".join(close[:5]),
            )
        raise PositionError(field, "no card called {name!r}", name=name)

    def take(self, field: str, names: Any) -> list[int]:
        """The cards called ``names``, out of the pool (more than the deck holds raise)."""
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise PositionError(field, "must be a list of card names, got {names!r}", names=names)
        out = []
        for name in names:
            k = self.kind(field, name)
            if self.left[k] <= 0:
                raise PositionError(
                    field, "{card}: more copies than the deck holds", card=self.names[k]
                )
            self.left[k] -= 1
            out.append(k)
        return out

    def rest(self, order: Iterable[int]) -> list[int]:
        """The cards not taken, in ``order`` (a shuffled deck: the seed's order); the
        pool is then empty."""
        out = []
        for k in order:
            if self.left[k] > 0:
                self.left[k] -= 1
                out.append(k)
        return out


def play_moves(state: StateT, moves: Any) -> StateT:
    """Play ``moves`` from ``state``: action labels, as ``a.label`` of
    ``state.legal_actions()`` reads them (case and spaces aside), in order. The
    position is the state after them (docs/positions.md, ``moves``).

    Chance on the way comes from what the position scripts, then the seed, as in
    any game. The moves are part of the position, not of the game's history, which
    starts empty after them as a position's does: a record of a game from the
    position keeps its fields, moves included, and the actions after them, so that
    building the position again and replaying the record's actions gives the game
    (``GameRecord.start``, a server's table, ``tabletop play --resume``).

    A label that is not legal raises :class:`PositionError` naming ``moves[i]``, with
    the legal ones; so does a move after the game's end.
    """
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise PositionError("moves", "must be a list of action labels, got {moves!r}", moves=moves)
    for i, label in enumerate(moves):
        field = f"moves[{i}]"
        if not isinstance(label, str):
            raise PositionError(field, "an action's label, got {label!r}", label=label)
        if state.is_terminal():
            raise PositionError(field, "the game is over: no move follows it")
        legal = state.legal_actions()
        action = _labelled(legal, label)
        if action is None:
            shown = ", ".join(repr(a.label) for a in legal[:LABELS_SHOWN])
            if len(legal) > LABELS_SHOWN:
                raise PositionError(
                    field,
                    "{label!r} is not legal for player {player} here (legal: {legal} "
                    "and {more} more)",
                    label=label,
                    player=state.current_player + 1,
                    legal=shown,
                    more=len(legal) - LABELS_SHOWN,
                )
            raise PositionError(
                field,
                "{label!r} is not legal for player {player} here (legal: {legal})",
                label=label,
                player=state.current_player + 1,
                legal=shown,
            )
        state.apply(action)
    state.history.clear()
    return state


def _labelled(legal: Sequence[Action], label: str) -> Action | None:
    """The action of ``legal`` labelled ``label`` (exactly, else regardless of case
    and spaces), or ``None``."""
    for action in legal:
        if action.label == label:
            return action
    wanted = " ".join(label.split()).lower()
    for action in legal:
        if " ".join(action.label.split()).lower() == wanted:
            return action
    return None


def read_position(path: str | Path) -> dict[str, Any]:
    """The position in the JSON (``.json``) or TOML (any other name) file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionsError(
            "position", "cannot read {path}: {reason}", path=path, reason=exc.strerror
        ) from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InvalidOptionsError(
            "position", "{path} is not valid: {reason}", path=path, reason=str(exc)
        ) from None
    if not isinstance(data, dict):
        raise InvalidOptionsError("position", "{path} must hold an object of fields", path=path)
    return data


def load_position(source: str | Path | Mapping[str, Any]) -> State:
    """The state a position file (or its parsed fields) describes.

    >>> import tabletop
    >>> state = tabletop.load_position(
    ...     {"game": "uno-power", "hands": [["red 5"], ["blue 5"]], "top": "red 3"}
    ... )
    >>> state.current_player
    0
    """
    data = dict(source) if isinstance(source, Mapping) else read_position(source)
    game_id = data.pop("game", None)
    if not isinstance(game_id, str):
        raise InvalidOptionsError("position.game", 'name the game, e.g. game = "uno-power"')
    options = data.pop("options", {})
    if not isinstance(options, Mapping):
        raise InvalidOptionsError("position.options", "an object of option: value")
    return make(game_id, **options).position(data)


WALK_LIMIT: Final = 500
"""How many actions :func:`position_of` walks back at most."""


def position_of(
    state: State, start: State | None = None, *, limit: int = WALK_LIMIT
) -> dict[str, Any]:
    """The position file of any decision of a game: ``game``, ``options`` and the
    fields (docs/positions.md, "From a saved state or a record").

    The fields are :meth:`~tabletop.core.game.Game.describe`'s of an earlier moment,
    and ``moves`` the labels of the actions played since: ``state.history`` is
    replayed from ``start`` (default: the deal of the state's seed, ``new_state``;
    pass a record's :meth:`~tabletop.core.record.GameRecord.start` for a game from a
    position), and the latest moment ``k`` (at most ``limit`` actions back) whose
    fields, with the labels of the actions from ``k`` on as ``moves``, build ``state``
    again (the same :meth:`~tabletop.core.game.Game.situation`) gives the file: the
    state itself where its own fields say it all. The dice those actions rolled are
    scripted in the fields (:meth:`~tabletop.core.game.Game.script_chance`), since the
    position's seed would roll others. A history that does not replay to ``state`` (a
    state from a position, without its start) leaves only the state's own fields. A
    moment nothing can write raises :class:`PositionError` saying why.

    >>> import tabletop
    >>> state = tabletop.make("kung-fu").new_state(2, seed=4)
    >>> state.apply(state.legal_actions()[0])
    >>> sorted(position_of(state))[:4]
    ['attacker', 'blue', 'game', 'hands']
    """
    game = state.game
    if state.is_terminal():
        raise PositionError("moves", "the game is over: no decision is left to write")
    target = game.situation(state)
    history = list(state.history)
    near = min(NEAR, limit)
    moments = _replayed(state, start, history, near, target)
    if moments is None:  # a game whose start is unknown: the moment alone
        try:
            fields = _rebuilt(game, game.describe(state), target)
        except InvalidOptionsError as exc:
            raise PositionError(
                "moves",
                "the saved history does not replay from the deal of the state's seed (a "
                "game from a position? pass its start), and the moment itself cannot be "
                "written: {problem}",
                problem=_problem(exc),
            ) from None
        return _position_file(game, fields)
    walk = _Walk(game, [game.action_from_id(a) for a in history], target)
    found = walk.back(moments, len(history))
    tried = len(history) - len(moments) + 1  # the earliest moment tried
    if found is None and tried > 0 and limit > near and walk.chance is None:  # further back
        deeper = _replayed(state, start, history, limit, target)
        assert deeper is not None
        found = walk.back(deeper, tried - 1)
    if found is not None:
        return _position_file(game, found)
    problem = walk.why()
    if len(history) > limit:
        raise PositionError(
            "moves",
            "no moment of the last {limit} actions can be written as fields from which "
            "moves reach this one: {problem}",
            limit=limit,
            problem=problem,
        )
    raise PositionError(
        "moves",
        "no moment since the game's start can be written as fields from which moves "
        "reach this one: {problem}",
        problem=problem,
    )


NEAR: Final = 12
"""The moments :func:`position_of` replays first: most decisions lie a few actions
after a moment the fields write; only where none of them does is the walk replayed
as far back as it may go."""


class _Walk:
    """The walk back of :func:`position_of` over the moments before a state, and why
    it found none: the state's own reason, and where a moment was written, what the
    state its fields and moves build differs in.

    The moves from a moment draw their chance from the position's seed, so the chance
    the game drew on the way is scripted into the moment's fields
    (:meth:`~tabletop.core.game.Game.script_chance`: King of Tokyo's dice rolled since).
    Where the game cannot script it (a pile shuffled), the walk stops: the moves from
    any earlier moment play the same action.
    """

    def __init__(self, game: Game[Any], actions: list[Action], target: dict[str, Any]) -> None:
        self.game = game
        self.actions = actions
        self.labels = [a.label for a in actions]
        self.target = target
        self.problem: InvalidOptionsError | None = None  # the latest moment's
        self.differ: list[str] | None = None  # the latest moment written's
        self.chance: InvalidOptionsError | None = None  # chance no field scripts

    def back(self, moments: list[State], latest: int) -> dict[str, Any] | None:
        """The fields of the latest moment ``k <= latest`` among ``moments`` (the states
        after the last ``len(moments) - 1`` actions) from which the moves reach the
        saved situation, or ``None``."""
        labels = self.labels
        first = len(labels) - len(moments) + 1
        for k in range(latest, first - 1, -1):
            moment = moments[k - first]
            try:
                fields = self.game.describe(moment)
            except InvalidOptionsError as exc:
                self.problem = self.problem or exc
                continue
            try:
                if k < len(labels):
                    fields = self.game.script_chance(fields, moment, self.actions[k:])
                    fields["moves"] = labels[k:]
            except InvalidOptionsError as exc:
                self.chance = exc
                return None
            try:
                differ = _differences(self.game, fields, self.target)
            except InvalidOptionsError as exc:
                self.problem = self.problem or exc
                continue
            if not differ:
                return fields
            self.differ = self.differ or differ
        return None

    def why(self) -> Any:
        """Why no moment was found, as a sentence."""
        if self.differ is None and self.chance is not None:
            chance = _problem(self.chance)
            if self.problem is None:
                return chance
            return TabletopError(
                "{problem}; from the latest moment the fields write: {why}",
                problem=_problem(self.problem),
                why=chance,
            )
        if self.problem is None:
            assert self.differ is not None
            return _elsewhere(self.differ)
        problem = _problem(self.problem)
        if self.differ is None:
            return problem
        return TabletopError(
            "{problem}; the latest moment the fields write leads elsewhere: {why}",
            problem=problem,
            why=_elsewhere(self.differ),
        )


def _replayed(
    state: State, start: State | None, history: list[int], limit: int, target: dict[str, Any]
) -> list[State] | None:
    """The states after each of the last ``limit`` actions of ``history`` and the one
    before them, replayed from ``start`` (else the deal of the state's seed), or
    ``None`` when the history does not replay to ``state``."""
    game = state.game
    current = (
        start.clone()
        if start is not None
        else game.new_state(state.num_players, state.seed, log=False)
    )
    current.drop_record()  # the bots' record: no part of a situation
    first = max(len(history) - limit, 0)
    moments: list[State] = []
    for i, action in enumerate(history):
        if i >= first:
            moments.append(current.clone())
        try:
            current.apply(action)
        except TabletopError:
            return None
    moments.append(current)
    if game.situation(current) != target:
        return None
    return moments


def _rebuilt(game: Game[Any], fields: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """``fields``, once they have built a state of the situation ``target``."""
    differ = _differences(game, fields, target)
    if differ:
        raise PositionError(
            "moves",
            "the fields build a state that differs in {names} (chance drawn from the "
            "generator on the way?)",
            names=", ".join(differ),
        )
    return fields


def _differences(game: Game[Any], fields: dict[str, Any], target: dict[str, Any]) -> list[str]:
    """What the state ``fields`` build differs in from the situation ``target``."""
    got = game.situation(game.position(fields))
    return sorted(name for name in set(got) | set(target) if got.get(name) != target.get(name))


def _elsewhere(differ: list[str]) -> TabletopError:
    return TabletopError(
        "the fields build a state that differs in {names} (chance drawn from the "
        "generator on the way?)",
        names=", ".join(differ),
    )


def _problem(exc: InvalidOptionsError) -> Any:
    """What a position error says, without its ``option 'position.…'`` wrapping."""
    return exc.fields.get("problem", exc)


def _position_file(game: Game[Any], fields: dict[str, Any]) -> dict[str, Any]:
    return {"game": game.id, "options": game.options_dict(), **fields}
