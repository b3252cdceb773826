"""Bots around the OpenSpiel games: OpenSpiel's C++ bots made safe, ours made OpenSpiel
bots, and a game loop (see :mod:`tabletop.rl.openspiel`).

OpenSpiel's Python bindings of the C++ ``MCTSBot.step`` and ``ISMCTSBot.step`` let go
of Python's global lock (``gil_scoped_release``) and then call the game, which for a
Python game is Python code run without the lock: the process hangs or dies of a
segmentation fault. :func:`guard_cpp_bots` (run when :mod:`tabletop.rl.openspiel` is
imported) replaces those two methods by ones that, for our states only, call the
bot's ``step_with_policy``, which keeps the lock and samples the move the same way;
other games' states go to OpenSpiel's own method. OpenSpiel's C++ ``ISMCTSBot`` still
cannot search a Python game: it draws its worlds with the C++
``State::ResampleFromInfostate``, which OpenSpiel does not forward to Python games, so
it answers our states with a :class:`~tabletop.core.errors.TabletopError` saying so
(use OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pyspiel

from tabletop.bots import Bot
from tabletop.core.errors import TabletopError

# OpenSpiel's own methods, kept by guard_cpp_bots: (class, name) -> method.
_ORIGINAL: dict[tuple[Any, str], Callable[..., Any]] = {}


def _original(cls: Any, name: str) -> Callable[..., Any]:
    return _ORIGINAL.setdefault((cls, name), getattr(cls, name))


def _no_resampling(exc: Exception, state: Any) -> TabletopError:
    return TabletopError(
        "OpenSpiel's C++ ISMCTSBot cannot search {game}: it draws its worlds with the C++ "
        "State::ResampleFromInfostate, which OpenSpiel does not forward to Python games; "
        "use open_spiel.python.algorithms.ismcts.ISMCTSBot (OpenSpiel said: {said})",
        game=state.get_game().get_type().short_name,
        said=str(exc),
    )


def guard_cpp_bots(state_class: type) -> None:
    """Make OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` safe on ``state_class`` states.

    ``step`` goes through ``step_with_policy`` (see the module docstring), and the
    C++ ``ISMCTSBot``'s failure to re-sample a Python state becomes a
    :class:`~tabletop.core.errors.TabletopError`. Calling it again changes nothing.
    """
    mcts_step = _original(pyspiel.MCTSBot, "step")
    ismcts_step = _original(pyspiel.ISMCTSBot, "step")
    ismcts_policy = _original(pyspiel.ISMCTSBot, "get_policy")
    ismcts_step_with_policy = _original(pyspiel.ISMCTSBot, "step_with_policy")

    def mcts_bot_step(bot: Any, state: Any) -> int:
        if isinstance(state, state_class):
            return int(bot.step_with_policy(state)[1])
        return int(mcts_step(bot, state))

    def ismcts_call(method: Callable[..., Any], bot: Any, state: Any) -> Any:
        try:
            return method(bot, state)
        except pyspiel.SpielError as exc:
            if "ResampleFromInfostate" in str(exc):
                raise _no_resampling(exc, state) from exc
            raise

    def ismcts_bot_step(bot: Any, state: Any) -> int:
        if isinstance(state, state_class):
            return int(ismcts_call(ismcts_step_with_policy, bot, state)[1])
        return int(ismcts_step(bot, state))

    def ismcts_bot_get_policy(bot: Any, state: Any) -> Any:
        if isinstance(state, state_class):
            return ismcts_call(ismcts_policy, bot, state)
        return ismcts_policy(bot, state)

    def ismcts_bot_step_with_policy(bot: Any, state: Any) -> Any:
        if isinstance(state, state_class):
            return ismcts_call(ismcts_step_with_policy, bot, state)
        return ismcts_step_with_policy(bot, state)

    pyspiel.MCTSBot.step = mcts_bot_step
    pyspiel.ISMCTSBot.step = ismcts_bot_step
    pyspiel.ISMCTSBot.get_policy = ismcts_bot_get_policy
    pyspiel.ISMCTSBot.step_with_policy = ismcts_bot_step_with_policy


class TabletopBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots (``tabletop.bots.make_bot``) as an OpenSpiel bot for ``player``.

    It reads the wrapped state (``state.tabletop_state``), as our bots read only what
    their seat may know. Bots that read the public record of the plays (UNO Power's
    ``normal`` and ``hard``, see ``Bot.reads_plays``) deal hidden hands by it only on
    states that keep it: ``game.new_initial_state_with_seed(seed, keep_record=True)``.
    """

    def __init__(self, bot: Bot, player: int) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.player = player

    def step(self, state: Any) -> int:
        return self.bot.choose(state.tabletop_state, self.player).id

    def restart_at(self, state: Any) -> None:
        return

    def inform_action(self, state: Any, player: int, action: int) -> None:
        return

    def provides_policy(self) -> bool:
        return False


def play(state: Any, bots: Sequence[Any]) -> list[float]:
    """Play ``state`` to its end with ``bots[p].step(state)`` for seat ``p``; the returns.

    OpenSpiel's ``evaluate_bots`` first calls each bot's ``restart_at``, which its
    Python ``ISMCTSBot`` lacks; this loop only asks for moves. A move that is not
    legal raises :class:`~tabletop.core.errors.IllegalActionError`.
    """
    if len(bots) != state.num_players():
        raise TabletopError(
            "{bots} bots for {players} seats", bots=len(bots), players=state.num_players()
        )
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(int(bots[player].step(state)))
    return [float(r) for r in state.returns()]
