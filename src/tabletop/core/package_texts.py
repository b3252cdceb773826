"""A game's words kept in modules of its own package, imported when first asked.

A card game's log templates (``log_text.messages``), action labels
(``action_text.action_messages``) and hints (``explain.explain``) read the translation
catalogs, which a game played without them (a simulation, a bot match) never loads:
:class:`PackageTexts` gives a :class:`~tabletop.core.game.Game` the three methods that
import them from the game's package on first use, so that each game does not write them
again.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from tabletop.core.action import Action
    from tabletop.core.state import State
    from tabletop.i18n.logtext import LogMessages
    from tabletop.i18n.reader import Reader


class PackageTexts:
    """The :class:`~tabletop.core.game.Game` methods that read a game package's
    ``log_text``, ``action_text`` and ``explain`` modules: listed before ``Game`` among
    a game class's bases, with :attr:`text_package` set."""

    text_package: ClassVar[str]
    """The game's package (``"tabletop.games.kung_fu"``), which holds the modules."""

    def log_messages(self) -> LogMessages:
        """The log's templates in every language (the package's ``log_text``), built
        once."""
        messages: Callable[[], LogMessages] = import_module(
            f"{self.text_package}.log_text"
        ).messages
        return messages()

    def action_messages(self) -> LogMessages:
        """The action labels' templates in every language (the package's
        ``action_text``), built once."""
        messages: Callable[[], LogMessages] = import_module(
            f"{self.text_package}.action_text"
        ).action_messages
        return messages()

    def explain(
        self, state: State, player: int, action: Action, reader: Reader | None = None
    ) -> str | None:
        """The game's heuristic's reason for ``action`` (the package's ``explain``):
        :meth:`tabletop.core.game.Game.explain`."""
        explain: Callable[[State, int, Action, Reader | None], str | None] = import_module(
            f"{self.text_package}.explain"
        ).explain
        return explain(state, player, action, reader)
