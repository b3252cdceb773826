"""OpenSpiel Python games for every game with an observer.

Importing this module registers one OpenSpiel game per tabletop game, named
``python_tabletop_<id>`` with dashes as underscores (``python_tabletop_uno_power``,
``python_tabletop_kung_fu``, ``python_tabletop_king_of_tokyo``), so
``pyspiel.load_game`` and OpenSpiel's algorithms can use them:

>>> import pyspiel
>>> import tabletop.rl.openspiel as tos
>>> game = tos.load("kung-fu", seed=3)
>>> game.get_type().short_name
'python_tabletop_kung_fu'
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1), len(state.observation_tensor(0)) == game.observer.size
(True, True)

Conventions:

- **Parameters**: ``players`` (default the game's minimum), ``seed`` (``-1``, the
  default: random) and every option of the game, named as in ``tabletop.make``.
  Boolean and whole-number options keep their types; a text option whose values
  are all digits is an int parameter (King of Tokyo's ``edition=2016``); the others
  (including ``target_score``, which is ``500`` or ``single_round``) are text, e.g.
  ``pyspiel.load_game("python_tabletop_uno_power(players=3,target_score=single_round)")``.
  Text values write ``;`` for ``,`` and (``card_points``) ``:`` for ``=``, which game
  strings reserve (see :func:`to_spiel_text`). :func:`load` builds a game from
  keyword arguments, translating values.
- **Chance** is resolved inside our rules with each state's own generator, so the
  games are ``SAMPLED_STOCHASTIC``: there are no chance nodes. The game holds a
  generator seeded from ``seed``; each state draws the seed of its deal from it
  when first used, so a game loaded with the same ``seed`` gives the same sequence
  of deals. ``new_initial_state_with_seed(s)`` starts one deal directly. A cloned
  state keeps its generator, so its future chance events are those of the
  original (search on clones sees the true future; ``resample_from_infostate``
  gives determinized copies, with the seat's information state, for honest
  imperfect-information search).
- **Utility**: terminal returns, ``state.returns()`` of our rules: ``CONSTANT_SUM``
  (1) for Kung Fu, whose draw gives 0.5 each; ``GENERAL_SUM`` for UNO Power (team
  play and shared wins give several winners) and King of Tokyo (1 for each winner:
  monsters reaching 20 stars together share the win, and nobody wins when every
  monster dies or the turn limit ends the game).
- **Observations**: ``observation_tensor`` / ``observation_string`` are the game's
  :class:`~tabletop.rl.observers.Observer` encoding of a seat's own view (public
  information plus that seat's private information). The public-only observation
  (``IIGObservationType(public_info=True, perfect_recall=False,
  private_info=PrivateInfoType.NONE)``) encodes the spectator's view in the same
  layout, relative to the seat. ``ALL_PLAYERS`` private information raises
  ``ValueError``.
- **Information states** (perfect recall): ``information_state_string(p)`` is built
  from everything seat ``p`` has seen since the deal (after every move, the log
  events it may see, its view and its own action) as a chain of digests
  (:mod:`tabletop.rl.openspiel_recall`), followed by its observation string: equal
  for two histories the seat cannot tell apart, different otherwise, and never
  holding what it cannot see. The public type (``perfect_recall=True,
  private_info=NONE``) chains the spectator's. No information-state tensor is
  provided (it would need room for every move of the longest game):
  ``information_state_tensor`` raises.
- **Bots**: importing the module makes OpenSpiel's C++ ``MCTSBot.step`` and
  ``ISMCTSBot.step`` safe on these states, and :func:`play` drives any bots through a
  game (:mod:`tabletop.rl.openspiel_bots`). OpenSpiel's Python ``ISMCTSBot`` plays
  them; its C++ ``ISMCTSBot`` cannot (it re-samples worlds in C++ only) and says so.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

import numpy as np
import pyspiel

import tabletop
from tabletop.core.errors import InvalidOptionsError, TabletopError
from tabletop.core.game import Game, State
from tabletop.core.rng import Rng
from tabletop.rl.observers import Observer, observer_for
from tabletop.rl.openspiel_bots import TabletopBot, guard_cpp_bots, play
from tabletop.rl.openspiel_recall import Recall

GAME_IDS = ("uno-power", "kung-fu", "king-of-tokyo")
"""Tabletop games registered with OpenSpiel (those with an observer)."""

# Games whose returns always add up to a constant: id -> the sum.
_CONSTANT_SUM = {"kung-fu": 1.0}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a tabletop game id (``kung-fu`` -> ``python_tabletop_kung_fu``)."""
    return "python_tabletop_" + game_id.replace("-", "_")


def _digit_literal(hint: Any) -> bool:
    """A text option whose values are all whole numbers (King of Tokyo's ``edition``)."""
    args = get_args(hint)
    return (
        get_origin(hint) is Literal
        and bool(args)
        and all(isinstance(a, str) and a.isdigit() for a in args)
    )


@cache
def _digit_options(game_id: str) -> frozenset[str]:
    """Options of ``game_id`` that are text of digits, declared as int parameters."""
    options_type = type(tabletop.make(game_id).options)
    hints = get_type_hints(options_type)
    return frozenset(
        f.name for f in dataclasses.fields(options_type) if _digit_literal(hints[f.name])
    )


def _param_default(hint: Any, default: Any) -> bool | int | str:
    """The OpenSpiel parameter default of an option: bool and int stay, others are text.

    A text option whose values are all digits (``edition="2011"``) is an int
    parameter, since game strings read ``edition=2016`` as a number.
    """
    if _digit_literal(hint) and isinstance(default, str):
        return int(default)
    if get_origin(hint) not in (typing.Union, types.UnionType):
        if hint is bool and isinstance(default, bool):
            return default
        if hint is int and isinstance(default, int):
            return default
    return to_spiel_text(str(default))


def to_spiel_text(text: str) -> str:
    """An option's text in a form that fits OpenSpiel game strings.

    Game strings separate parameters with ``,`` and name them with ``=``, so text
    options write ``;`` for ``,`` and ``:`` for ``=`` after a card name
    (``card_points=draw1:20;wild_grab:50``; ``icon_table=U:1;5 N:2;6 O:3;7 !:4;8``).
    """
    return text.replace(",", ";").replace("=", ":")


def _from_spiel_text(name: str, text: str) -> str:
    text = text.replace(";", ",")
    return text.replace(":", "=") if name == "card_points" else text


def _parameter_specification(game_id: str) -> dict[str, Any]:
    game = tabletop.make(game_id)
    options_type = type(game.options)
    hints = get_type_hints(options_type)
    spec: dict[str, Any] = {"players": game.info.min_players, "seed": -1}
    for f in dataclasses.fields(options_type):
        spec[f.name] = _param_default(hints[f.name], getattr(game.options, f.name))
    return spec


def _game_type(game_id: str) -> Any:
    game = tabletop.make(game_id)
    info = game.info
    utility = (
        pyspiel.GameType.Utility.CONSTANT_SUM
        if game_id in _CONSTANT_SUM
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Python Tabletop {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameter_specification(game_id),
    )


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game wrapping one tabletop game (see the module docstring)."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.game_type.parameter_specification
        given = dict(params or {})
        params = {**spec, **given}
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise InvalidOptionsError(
                unknown[0], "unknown parameter of {game}", game=short_name(self.game_id)
            )
        options = {k: v for k, v in params.items() if k not in ("players", "seed")}
        # Parameters left at their default are left to the options' own default.
        digits = _digit_options(self.game_id)
        options = {
            k: str(v) if k in digits else _from_spiel_text(k, v) if isinstance(v, str) else v
            for k, v in options.items()
            if v != spec[k]
        }
        self.tabletop_game: Game[Any] = tabletop.make(self.game_id, **options)
        info = self.tabletop_game.info
        num_players = int(params["players"])
        self.tabletop_game.check_num_players(num_players)
        self.num_players_ = num_players
        self.observer: Observer = observer_for(self.tabletop_game)
        seed = int(params["seed"])
        self._rng = random.Random(None if seed < 0 else seed)
        utility_sum = _CONSTANT_SUM.get(self.game_id)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=num_players,
            min_utility=info.min_utility,
            max_utility=info.max_utility,
            utility_sum=utility_sum,
            max_game_length=info.max_game_length,
        )
        super().__init__(self.game_type, game_info, given)

    game_type: Any = None

    def new_initial_state(self) -> TabletopState:
        """A new deal; its seed is drawn from the game's generator when first used."""
        return TabletopState(self, _Deal(self, None))

    def new_initial_state_with_seed(self, seed: int, *, keep_record: bool = False) -> TabletopState:
        """The deal of ``seed`` (as ``tabletop_game.new_state(players, seed)``).

        ``keep_record`` keeps the public record of the plays, which OpenSpiel's players
        never read but some of our bots do (:class:`TabletopBot`).
        """
        state = self._tabletop_state(int(seed), keep_record=keep_record)
        return TabletopState(self, _Deal(self, state))

    def _tabletop_state(self, seed: int | None = None, *, keep_record: bool = False) -> State:
        if seed is None:
            seed = self._rng.getrandbits(63)
        state = self.tabletop_game.new_state(self.num_players_, seed, log=False)
        if not keep_record:
            state.drop_record()  # OpenSpiel's players read observations, never the record
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletopObserver:
        """The observer OpenSpiel uses for tensors and strings (see the module docstring)."""
        return TabletopObserver(self, iig_obs_type, params)


class _Deal:
    """Holds a state's tabletop :class:`State`, made on first use, and its :class:`Recall`.

    OpenSpiel clones a Python state by calling ``new_initial_state()`` and then
    deep-copying the original's attributes over it; making the tabletop state
    lazily keeps those throw-away states from drawing seeds (the sequence of deals
    stays that of the states actually used), and ``__deepcopy__`` uses the cheap
    :meth:`State.clone` instead of copying the game's tables.
    """

    __slots__ = ("_recall", "game", "state")

    def __init__(
        self, game: TabletopGame, state: State | None, recall: Recall | None = None
    ) -> None:
        self.game = game
        self.state = state
        self._recall = recall if recall is not None or state is None else Recall.start(state)

    def get(self) -> State:
        state = self.state
        if state is None:
            state = self.state = self.game._tabletop_state()
            self._recall = Recall.start(state)
        return state

    @property
    def recall(self) -> Recall:
        """What each seat has seen since the deal (:mod:`tabletop.rl.openspiel_recall`)."""
        self.get()
        recall = self._recall
        assert recall is not None
        return recall

    def apply(self, action: int) -> None:
        """Apply ``action`` (raises :class:`IllegalActionError` if it is not legal)."""
        self.get().apply(action)
        self.recall.note(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return _Deal(self.game, self.get().clone(), self.recall.copy())


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a tabletop :class:`~tabletop.core.game.State`.

    ``tabletop_state`` is the wrapped state (read it, do not apply actions to it
    directly: OpenSpiel keeps its own history).
    """

    def __init__(self, game: TabletopGame, deal: _Deal) -> None:
        super().__init__(game)
        self._deal = deal

    @property
    def tabletop_state(self) -> State:
        return self._deal.get()

    def current_player(self) -> int:
        state = self.tabletop_state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.tabletop_state
        if state.is_terminal() or player != state.current_player:
            return []
        return sorted(state.legal_action_ids())

    def _apply_action(self, action: int) -> None:
        self._deal.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._deal.game.tabletop_game.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        return self.tabletop_state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.tabletop_state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state in which what ``player_id`` cannot see is re-sampled (``determinize``).

        ``probability_sampler()`` (a float in ``[0, 1)``, e.g.
        ``pyspiel.UniformProbabilitySampler``) seeds the re-sampling. The new state
        has ``player_id``'s information state but no action history (it is not a
        replay of the true game); the other seats' information states start at the
        sample (:mod:`tabletop.rl.openspiel_recall`).
        """
        player = self._seat(player_id)
        seed = int(float(probability_sampler()) * 2**53)
        deal = self._deal
        twin = deal.get().determinize(player, Rng(seed))
        recall = deal.recall.resampled(player, seed, twin)
        return TabletopState(deal.game, _Deal(deal.game, twin, recall))

    def information_state(self, player: int | None, observer: Observer) -> str:
        """``player``'s information-state string (``None``: the public one); see the
        module docstring."""
        seat = None if player is None else self._seat(player)
        ts = self.tabletop_state
        return self._deal.recall.text(seat, lambda: observer.string(ts, seat))

    def _seat(self, player: Any) -> int:
        players = self._deal.game.num_players_
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
            raise TabletopError(
                "{player!r} is not a seat of this game (0 to {last})",
                player=player,
                last=players - 1,
            )
        return player

    def __str__(self) -> str:
        state = self.tabletop_state
        text = self._deal.game.observer.string(state, None)
        return f"seed {state.seed}, {len(state.history)} actions\n{text}"


class TabletopObserver:
    """OpenSpiel's PyObserver interface over a tabletop :class:`Observer`.

    ``tensor`` is the flat ``float32`` observation; ``dict`` holds its named fields
    (views into ``tensor``). An information-state observer (``perfect_recall=True``)
    has strings only: ``tensor`` is ``None`` and ``dict`` empty.
    """

    def __init__(
        self, game: TabletopGame, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise TabletopError(
                "observation parameters are not supported; passed {params}", params=params
            )
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise TabletopError(
                "{game} supports public observations with the seat's "
                "own private information or none; not {observation}",
                game=short_name(game.game_id),
                observation=iig_obs_type,
            )
        self.game_name = short_name(game.game_id)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.observer: Observer = game.observer
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(self.observer.shape, np.float32)
            self.dict = self.observer.named(self.tensor)

    def set_from(self, state: TabletopState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees of ``state``."""
        if self.tensor is None:
            raise TabletopError(
                "{game} provides information-state strings, not tensors "
                "(a tensor would need room for every move of the longest game)",
                game=self.game_name,
            )
        ts = state.tabletop_state
        if self.private:
            self.tensor[:] = self.observer.encode(ts, player)
        else:
            # The spectator's view (public information only), relative to ``player``.
            self.tensor[:] = self.observer.encode_view(ts.view(None), player)

    def string_from(self, state: TabletopState, player: int) -> str:
        """The readable twin of the observation, or the information-state string."""
        seat = player if self.private else None
        if self.perfect_recall:
            return state.information_state(seat, self.observer)
        return self.observer.string(state.tabletop_state, seat)


def _register(game_id: str) -> type[TabletopGame]:
    game_type = _game_type(game_id)
    cls = types.new_class(
        f"TabletopGame_{game_id.replace('-', '_')}",
        (TabletopGame,),
        exec_body=lambda ns: ns.update({"game_id": game_id, "game_type": game_type}),
    )
    pyspiel.register_game(game_type, cls)
    return cls


GAME_CLASSES: dict[str, type[TabletopGame]] = {g: _register(g) for g in GAME_IDS}

guard_cpp_bots(TabletopState)


def load(
    game_id: str, num_players: int | None = None, *, seed: int = -1, **options: Any
) -> TabletopGame:
    """``pyspiel.load_game`` for ``game_id`` with ``num_players``, ``seed`` and options.

    Option values may be given as in ``tabletop.make`` (``target_score=500`` or
    ``"single_round"``); ``seed=-1`` (the default) draws deals at random.
    """
    if game_id not in GAME_CLASSES:
        raise InvalidOptionsError(
            "game_id", "{game!r} is not one of {known}", game=game_id, known=", ".join(GAME_IDS)
        )
    spec = GAME_CLASSES[game_id].game_type.parameter_specification
    params: dict[str, Any] = {"seed": int(seed)}
    if num_players is not None:
        params["players"] = int(num_players)
    for name, value in options.items():
        if name not in spec:
            raise InvalidOptionsError(name, "unknown option of {game}", game=game_id)
        kind = type(spec[name])
        if name in _digit_options(game_id):
            params[name] = int(value)
        else:
            params[name] = value if kind is not str else to_spiel_text(str(value))
    game: TabletopGame = pyspiel.load_game(short_name(game_id), params)
    return game


__all__ = [
    "GAME_CLASSES",
    "GAME_IDS",
    "TabletopBot",
    "TabletopGame",
    "TabletopObserver",
    "TabletopState",
    "load",
    "play",
    "short_name",
    "to_spiel_text",
]
