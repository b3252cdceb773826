"""The position half of the game API: :class:`State` (and :class:`SeatEventState`,
its log of public and one seat's own events).

Kept apart from :mod:`tabletop.core.game` so that a compiled build (``setup.py``)
can compile it with the engines built on it, while :class:`~tabletop.core.game.Game`
stays a plain class that games subclass freely (generic, with cached properties).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, overload

from mypy_extensions import mypyc_attr

from tabletop.core.action import Action
from tabletop.core.errors import IllegalActionError, StateFormatError
from tabletop.core.log import GameLog, LogEvent
from tabletop.core.rng import Rng

if TYPE_CHECKING:
    from tabletop.core.game import Game

TERMINAL = -1
"""``current_player`` of a finished game."""


@mypyc_attr(allow_interpreted_subclasses=True)  # for the games not compiled
class State(ABC):
    """A position in a game, mutated in place by :meth:`apply`.

    Subclasses keep their fields in ``__slots__`` and implement the abstract
    methods; the base class provides the log, the history and the shared checks.
    """

    __slots__ = ("_game", "_legal", "_log", "history", "keeps_log", "num_players", "seed")

    _game: Game[Any]
    num_players: int
    seed: int
    history: list[int]
    _log: GameLog | None
    # Whether the state keeps a log (simulations keep none): rules test it before they
    # word an event, whose text costs more than the move. It never changes.
    keeps_log: bool
    _legal: list[Action] | None

    def _init_base(self, game: Game[Any], num_players: int, seed: int, log: bool) -> None:
        self._game = game
        self.num_players = num_players
        self.seed = seed
        self.history = []
        self._log = GameLog() if log else None
        self.keeps_log = log
        self._legal = None

    def _copy_base(self, twin: State) -> None:
        twin._game = self._game
        twin.num_players = self.num_players
        twin.seed = self.seed
        twin.history = self.history.copy()
        log = self._log
        twin._log = log.copy() if log is not None else None
        twin.keeps_log = self.keeps_log
        twin._legal = None

    @property
    def game(self) -> Game[Any]:
        return self._game

    # -- turn structure -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The one player who must decide now, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of the current player (empty only when terminal)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @overload
    def apply(self, action: Action) -> None: ...

    @overload
    def apply(self, action: int) -> None: ...

    def apply(self, action: object) -> None:
        """Apply ``action`` (an :class:`Action` or its id) for the current player.

        Raises :class:`IllegalActionError`, leaving the state unchanged, when the
        action is not legal now, or is no action at all (typed ``object`` so that a
        compiled build reports a string or ``None`` the same way, not as a TypeError).
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action.__class__ is not Action:
            action = self._coerce(action)
        if action not in legal:
            self._reject(action, legal)
        self._legal = None
        self.history.append(action.id)
        self._apply(action)

    def _coerce(self, action: object) -> Action:
        """The table's :class:`Action` for ``action``; bad values raise."""
        if type(action) is int:  # an id: what records and RL adapters pass
            actions = self._game.actions
            if 0 <= action < len(actions):
                return actions[action]
        if isinstance(action, bool) or not isinstance(action, (int, Action)):
            raise IllegalActionError(
                "an action must be an Action or an id, got {action!r}", action=action
            )
        if self.is_terminal():
            raise IllegalActionError("the game is over; no action is legal")
        described = self._game.action_from_id(int(action))
        if isinstance(action, Action) and action != described:
            raise IllegalActionError(
                "{action!r} is not an action of {game}", action=action, game=self._game.id
            )
        return described

    def _reject(self, action: Action, legal: list[Action]) -> None:
        if self.is_terminal():
            raise IllegalActionError("the game is over; no action is legal")
        described = self._coerce(action)
        choices = ", ".join(str(a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
        raise IllegalActionError(
            "'{action}' is not legal for player {player} now; legal: {legal}",
            action=described,
            player=self.current_player + 1,
            legal=choices,
        )

    def legal_action_ids(self) -> list[int]:
        return [a.id for a in self.legal_actions()]

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Final utilities: 1.0 for each winner, 0.0 otherwise, unless documented."""

    def winners(self) -> list[int]:
        """The seats that won (empty while the game runs, or if nobody won)."""
        if not self.is_terminal():
            return []
        return [p for p, r in enumerate(self.returns()) if r > 0]

    # -- information ----------------------------------------------------------

    @abstractmethod
    def view(self, player: int | None = None) -> dict[str, Any]:
        """JSON-ready view of what ``player`` may see (``None``: a spectator)."""

    @property
    def log(self) -> list[LogEvent]:
        """Every event so far (all visibilities); empty when logging is off."""
        return self._log.events if self._log is not None else []

    def log_for(self, player: int | None, since: int = 0) -> list[LogEvent]:
        """Events numbered ``since`` or later (``LogEvent.seq``) that ``player`` may see."""
        if self._log is None:
            return []
        return self._log.for_player(player, since)

    # -- copies and serialisation ---------------------------------------------

    @abstractmethod
    def clone(self) -> State:
        """A fully independent copy (cheap; no deep copy)."""

    @abstractmethod
    def determinize(self, observer: int, rng: Rng) -> State:
        """A copy where what ``observer`` cannot see is re-sampled with ``rng``.

        The copy also gets a fresh random stream, so future chance events are not
        those of the true game.
        """

    def drop_record(self) -> None:
        """Keep no public record of the plays from now on (a game's ``record``, which
        its belief reads: ``Game.belief``): where no seat's bot reads it (a reinforcement
        learner, a study of heuristic bots), noting each play only costs time. A game
        without a record has nothing to drop."""
        return

    def deal_hidden(self, observer: int, rng: Rng, hands: dict[int, list[int]]) -> State:
        """:meth:`determinize`, but seat ``p`` holds the hidden cards ``hands[p]`` (in the
        game's own numbers) for the seats given: what a belief thinks they hold
        (:mod:`tabletop.core.belief`). Games with a belief override it; a game without
        one has no hands to give, and refuses them."""
        if hands:
            raise ValueError(f"{self.game.id} has no belief: it deals no given hidden cards")
        return self.determinize(observer, rng)

    def _forget_for(self, twin: State, observer: int) -> None:
        """Strip a determinized copy of what ``observer`` may not read.

        The copy keeps only the log events the observer may see, and no action
        history (ids such as "keep this card" can name hidden cards; the copy is
        not a replay of the true game anyway).
        """
        log = self._log
        if log is not None:
            twin._log = log.visible_copy(observer)
        twin.history = []
        twin._legal = None

    @abstractmethod
    def _state_dict(self) -> dict[str, Any]: ...

    def to_dict(self, *, include_log: bool = True) -> dict[str, Any]:
        """Full-fidelity JSON-ready data, hidden information and RNG included.

        ``include_log=False`` leaves the log out (``None``), for cheap snapshots.
        """
        log = self._log
        return {
            "game": self._game.id,
            "options": self._game.options_dict(),
            "num_players": self.num_players,
            "seed": self.seed,
            "history": list(self.history),
            "log": [e.to_dict() for e in log.events] if log is not None and include_log else None,
            "state": self._state_dict(),
        }

    def _restore_base(self, game: Game[Any], data: Any) -> dict[str, Any]:
        """Restore the base fields from ``to_dict`` output; returns the game part.

        ``data`` is anything a caller read from JSON: whatever is not a state's data
        raises :class:`StateFormatError` (``Any``, not ``dict``, so that a compiled
        build gets to say so rather than raise a TypeError at the call).
        """
        try:
            if data["game"] != game.id:
                raise StateFormatError(
                    "state is for {saved!r}, not {game!r}", saved=data["game"], game=game.id
                )
            _check_options(game, data.get("options"))
            self._init_base(game, int(data["num_players"]), int(data["seed"]), False)
            self.history = [int(a) for a in data["history"]]
            log = data.get("log")
            if log is not None:
                self._log = GameLog([LogEvent.from_dict(e) for e in log])
                self.keeps_log = True
            state: dict[str, Any] = data["state"]
            return state
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError("malformed state data: {problem}", problem=repr(exc)) from exc

    def __str__(self) -> str:
        if self.is_terminal():
            return f"{self._game.title}: the game is over"
        lines = [f"{self._game.title}: player {self.current_player + 1} to act"]
        lines += [f"  {a}" for a in self.legal_actions()[:20]]
        return "\n".join(lines)


@mypyc_attr(allow_interpreted_subclasses=True)
class SeatEventState(State):
    """A :class:`State` whose log events are public or one seat's own (the card it
    drew): the card games' :meth:`event`, which names the seat of a private event as
    its ``player``."""

    __slots__ = ()

    def event(self, kind: str, text: str, *, private: int = -1, **data: Any) -> None:
        """Log an event (nothing when the log is off): public, or with ``private`` a
        seat, one only that seat may see (its ``player``).

        ``text`` is the English; ``data`` holds all it says, for the templates of the
        game's ``log_text`` that word it in each reader's language.
        """
        log = self._log
        if log is not None:
            if private < 0:
                log.add(kind, text, None, **data)
            else:
                log.add(kind, text, frozenset((private,)), player=private, **data)


def _check_options(game: Game[Any], stored: Any) -> None:
    """A state loads only into a game with the options it was saved with: the same
    actions and positions mean another game under other rules. Data without options
    (hand-written) takes the game's."""
    if stored is None:
        return
    if not isinstance(stored, dict):
        raise StateFormatError(
            "the state's 'options' must be an object, got {options!r}", options=stored
        )
    mine = json.loads(json.dumps(game.options_dict()))
    for name in sorted(set(stored) | set(mine)):
        if name not in mine:
            raise StateFormatError(
                "the state has option {name!r}, which {game} lacks", name=name, game=game.title
            )
        if name in stored and stored[name] != mine[name]:
            raise StateFormatError(
                "the state was saved with {name}={saved!r}, this game has {name}={mine!r}: "
                "load it with tabletop.load_state(data), or make the game with the state's "
                "options",
                name=name,
                saved=stored[name],
                mine=mine[name],
            )
