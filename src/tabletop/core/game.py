"""The game API: :class:`GameInfo`, :class:`Game` and :class:`State` (from
:mod:`tabletop.core.state`).

Every layer above ``games/`` (bots, simulation, RL adapters, server, CLI) talks to
games only through these classes, so a new game plugs into all of them at once.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tabletop.core.action import Action
from tabletop.core.errors import IllegalActionError, InvalidOptionsError
from tabletop.core.options import options_to_dict, parse_options
from tabletop.core.state import TERMINAL, State

if TYPE_CHECKING:
    from tabletop.core.rng import Rng
    from tabletop.i18n.logtext import LogMessages
    from tabletop.i18n.reader import Reader

Sampler = Callable[[State, int, "Rng"], State]
"""Draws a determinization: ``(state, observer, rng)`` to a state the observer cannot
tell from ``state``, as ``state.determinize(observer, rng)`` does."""

__all__ = ["TERMINAL", "Game", "GameInfo", "State"]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Metadata, declared as data so that generic code can rely on it.

    ``max_game_length`` bounds the number of actions in one game;
    ``min_utility``/``max_utility`` bound every entry of ``State.returns()``.
    ``break_after`` names the log event kinds after which people at a table want a
    pause to take stock before play goes on (UNO Power's end of a round): the
    server's bots wait for them.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_game_length: int
    min_utility: float = 0.0
    max_utility: float = 1.0
    break_after: tuple[str, ...] = ()


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound="State")


class Game(ABC, Generic[OptionsT]):
    """A game with fixed options: a factory of states and the action table.

    Subclasses set ``id``, ``title``, ``options_type`` and implement the abstract
    methods. Use :func:`tabletop.make` rather than constructing them directly.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    options_type: ClassVar[type[Any]]
    preferences_type: ClassVar[type[Any] | None] = None
    """A player's standing answers (declared like options), or ``None``: see
    :meth:`auto_answer`."""

    def __init__(self, options: OptionsT | None = None, **values: Any) -> None:
        if options is None:
            options = parse_options(self.options_type, values)
        elif values:
            raise InvalidOptionsError(next(iter(values)), "pass either an options object or values")
        self.options: OptionsT = options

    @property
    @abstractmethod
    def info(self) -> GameInfo: ...

    @property
    @abstractmethod
    def actions(self) -> Sequence[Action]:
        """Every action of the game, indexed by id."""

    @property
    def notice(self) -> str | None:
        """A sentence people must read before playing with these options, or ``None``.

        For example that the cards in use are provisional; the terminal prints it before
        a game and ``tabletop list`` shows it.
        """
        return None

    def action_from_id(self, action_id: int) -> Action:
        """The action with this id.

        Raises :class:`IllegalActionError` for an id outside the game's range.
        """
        actions = self.actions
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise IllegalActionError(
                "action id must be an integer, got {action_id!r}", action_id=action_id
            )
        if not 0 <= action_id < len(actions):
            raise IllegalActionError(
                "action id {action_id} is out of range 0..{last} for {game}",
                action_id=action_id,
                last=len(actions) - 1,
                game=self.id,
            )
        return actions[action_id]

    def action_data(self, action_id: int) -> dict[str, Any]:
        """The action as JSON-ready data: ``{"move": name, ...its arguments}``.

        Labels are for reading; this is for binding: a board in the browser finds the
        action that buys the card in slot 2 as ``{"move": "buy", "slot": 1}`` instead
        of parsing the label. Seats, cards and faces use the ids of the game's view.
        Games document their moves next to their action encoding; the default knows
        only the id.
        """
        self.action_from_id(action_id)  # raises for an id out of range
        return {"move": "action", "action": action_id}

    def position(self, spec: Mapping[str, Any]) -> State:
        """A state set up as ``spec`` says, in the players' words (docs/positions.md).

        Raises :class:`InvalidOptionsError` naming the field for anything the game lacks
        or the rules cannot reach, and for a game without a position builder.
        """
        raise InvalidOptionsError("position", "{game} has no position builder yet", game=self.title)

    def describe(self, state: State) -> dict[str, Any]:
        """The position fields of ``state`` (no ``game``, ``options`` or ``moves``): what
        :meth:`position` takes to build it again (docs/positions.md, "From a saved state
        or a record").

        ``self.position(self.describe(state))`` builds a state with the same
        :meth:`situation`: equal to ``state`` in everything but the random generator,
        the log, the history and the bots' record of plays. ``seed`` is the state's seed
        and every pile is listed whole, in order, so that the draws to come are the
        same; the ``box`` is written when the state has one. A moment the fields cannot
        express (a decision pending inside a turn) raises :class:`InvalidOptionsError`
        (``PositionError``) naming what cannot be written: ``position_of`` in
        :mod:`tabletop.core.positions` reaches it with ``moves`` from an earlier moment.
        """
        raise InvalidOptionsError("position", "{game} has no position builder yet", game=self.title)

    def script_chance(
        self, fields: dict[str, Any], state: State, actions: Sequence[Action]
    ) -> dict[str, Any]:
        """``fields`` (:meth:`describe`'s of ``state``) with the chance that playing
        ``actions`` from ``state`` draws written into the position's fields of scripted
        chance (King of Tokyo's ``next_dice``): what ``position_of`` in
        :mod:`tabletop.core.positions` needs to write a decision as an earlier moment
        and the actions since as ``moves``.

        The moves of a position draw their chance from the position's ``seed``, not
        from the generator the game had reached, so where they roll dice the position
        would roll others; scripting the faces the game rolled makes the moves replay
        the game. Raises :class:`InvalidOptionsError` (``PositionError``, naming
        ``moves``) where the actions draw chance no field scripts: the walk then stops,
        since the moves from any earlier moment play the same actions. The default
        scripts nothing and returns ``fields``: a game
        whose fields list its piles whole draws the same cards on the way (UNO Power,
        Kung Fu), and the rebuild is checked anyway.
        """
        return fields

    def situation(self, state: State) -> dict[str, Any]:
        """What a position of ``state`` must reproduce (:meth:`describe`): the saved
        state's data (``to_dict()["state"]``) without the random generator (``rng``) and
        the bots' record of plays (``record``).

        A game may also leave out, where they lie idle, the working figures a finished
        play leaves behind that no rule reads before a later play sets them again
        (UNO Power's seat that played the card in play, at the start of the next
        turn): two states that differ only there play alike.
        """
        data: dict[str, Any] = state.to_dict(include_log=False)["state"]
        data.pop("rng", None)
        data.pop("record", None)
        return data

    def preferences(self, values: Mapping[str, Any] | None = None) -> Any:
        """A seat's preferences from ``values`` (defaults for the rest).

        Raises :class:`InvalidOptionsError` for an unknown name or a bad value, and
        for a game without preferences.
        """
        if self.preferences_type is None:
            raise InvalidOptionsError("preferences", "{game} has no preferences", game=self.title)
        return parse_options(self.preferences_type, dict(values or {}))

    def auto_answer(self, state: State, seat: int, preferences: Any) -> tuple[Action | None, Any]:
        """The action ``seat``'s ``preferences`` play for it in its pending decision, or
        ``None`` to ask the player; and its preferences afterwards (a one-off choice
        used up). A server or the terminal plays the action as the seat's own."""
        return None, preferences

    def open_question(self, state: State) -> bool:
        """Whether the pending decision is put to its seat whatever the seat holds (a
        window every holder of hidden cards is asked in), so that how soon it is
        answered must not tell whether the seat could do anything there.

        A server holds every answer to such a question, a person's or the seat's
        preferences', until the same pace has passed (docs/server.md, "Preferences").
        """
        return False

    def explain(
        self, state: State, player: int, action: Action, reader: Reader | None = None
    ) -> str | None:
        """Why the game's heuristic would value ``action`` for ``player``, in the game's
        words ("keeps the three 3s: 3 stars"), or ``None`` where it knows no reason.

        The reason reads in ``reader``'s language (whole messages of the context
        ``"<game>:hint"``); in English when ``reader`` is ``None``. Hints show it next
        to the search's figures. It may read only what ``player`` may see, so that it
        reads the same on ``state.determinize(player, rng)``.
        """
        return None

    def log_messages(self) -> LogMessages | None:
        """The game's log templates (:mod:`tabletop.i18n.logtext`): how each kind of
        event reads in every language; ``None`` where the log is English only."""
        return None

    def action_messages(self) -> LogMessages | None:
        """The game's action label templates, keyed by :meth:`action_data`'s ``move``
        (``section="action"``): the labels of :meth:`actions` in every language;
        ``None`` where the labels are English only."""
        return None

    def decision_texts(self) -> tuple[str, ...]:
        """The fixed English sentences the game's views carry to say what a decision
        asks ("choose dice to keep, or stop rolling"): front ends show them translated
        from the catalog (context ``"<game>:decision"``). A view's sentence outside this
        list stays English."""
        return ()

    def belief(self, state: State, observer: int, rng: Rng) -> Sampler | None:
        """A sampler of determinizations weighted by what the other seats did, for a
        search (:class:`tabletop.bots.ISMCTS`'s ``sample``); ``None`` where the game
        has none, and the search deals hidden cards uniformly.

        It may read only what ``observer`` may see: the state's public record of the
        seats' actions, not the log or another seat's cards.
        """
        return None

    def options_dict(self) -> dict[str, Any]:
        return options_to_dict(self.options)

    def check_num_players(self, num_players: int) -> None:
        info = self.info
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise InvalidOptionsError(
                "num_players", "must be a whole number, got {value!r}", value=num_players
            )
        if not info.min_players <= num_players <= info.max_players:
            raise InvalidOptionsError(
                "num_players",
                "{game} takes {low} to {high} players, not {players}",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
                players=num_players,
            )

    @staticmethod
    def fresh_seed() -> int:
        """A random seed for games started without one (recorded in the state)."""
        return secrets.randbits(63)

    @abstractmethod
    def new_state(self, num_players: int, seed: int | None = None, *, log: bool = True) -> State:
        """The initial state; same seed and options give the same game."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict` output."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"
