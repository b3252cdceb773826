"""Checks every game's log templates against the events it really logs.

``check_log_text`` plays seeded random games and renders every event in every
language: the English rendering must equal the event's ``text`` (so the event's data
holds all its sentence says), and every other language must render from the same
data. ``logged_kinds`` reads the kinds a game's source can log, so that a kind the
random games never reach still needs its template::

    import tabletop
    from tabletop.i18n.conformance import check_log_text
    assert check_log_text(tabletop.make("kung-fu"), num_players=2, games=2) > 0
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from importlib import resources
from typing import Any

from tabletop.core.game import Game
from tabletop.core.rng import Rng
from tabletop.i18n.catalogs import languages
from tabletop.i18n.logtext import LogTextError
from tabletop.i18n.reader import Reader

_EVENT_CALL = re.compile(r"""\.event\(\s*["']([a-z0-9_]+)["']""")


def check_log_text(
    game: Game[Any], *, num_players: int | Iterable[int], games: int = 3, seed: int = 0
) -> int:
    """Play ``games`` random games per player count; render each event in every
    language. Returns the number of events checked; raises :class:`LogTextError` on
    the first event that does not render, or whose English is not its ``text``."""
    messages = game.log_messages()
    if messages is None:
        raise LogTextError(f"{game.id} declares no log templates")
    readers = [Reader(lang) for lang in languages()]
    counts = [num_players] if isinstance(num_players, int) else list(num_players)
    chooser = Rng(seed)
    checked = 0
    for n in counts:
        for g in range(games):
            state = game.new_state(n, seed * 1_000_003 + n * 1009 + g)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[chooser.randrange(len(legal))])
            for event in state.log:
                for reader in readers:
                    text = messages.render(event, reader, state)
                    if reader.lang == "en" and text != event.text:
                        raise LogTextError(
                            f"{game.id} event {event.kind!r} {event.data!r}: the template "
                            f"gives {text!r}, the event says {event.text!r}"
                        )
                checked += 1
    return checked


def logged_kinds(package: str) -> set[str]:
    """The event kinds ``tabletop.games.<package>`` logs: each ``.event("kind", ...)``
    call in its source."""
    found: set[str] = set()
    root = resources.files(f"tabletop.games.{package}")
    stack = [root]
    while stack:
        folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                stack.append(entry)
            elif entry.name.endswith(".py"):
                found.update(_EVENT_CALL.findall(entry.read_text(encoding="utf-8")))
    return found


__all__ = ["check_log_text", "logged_kinds"]
