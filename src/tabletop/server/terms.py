"""A table's terms, chosen at its creation: real-time or turn-based, rated or not.

A **real-time** table (the default) plays while its people are there: bots wait for
them, and a replacement bot may take an absent person's seat (:mod:`.people`). A
**turn-based** table waits days for a move: each person has ``move_time_s`` (an hour
to three days) for each decision, bots never take a person's seat for being away,
and a person who runs out of time is replaced by the heuristic bot (``on_timeout =
"bot"``, the others are told) or ends the table (``"end"``). A **rated** table is one
between accounts (bots, with their fixed ratings, may sit too): its result updates
each account's rating in the game (:mod:`.ratings`).

What a client asks for is checked by :func:`~tabletop.server.table_input.checked_terms`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

OnTimeout = Literal["bot", "end"]
ON_TIMEOUT: tuple[OnTimeout, ...] = ("bot", "end")
TIMEOUT_BOT = "heuristic"
"""The bot that takes the seat of a person out of time at a turn-based table."""


@dataclass(frozen=True, slots=True)
class TableTerms:
    """How a table plays: ``move_time_s`` set makes it turn-based."""

    move_time_s: float | None = None
    on_timeout: OnTimeout = "bot"
    rated: bool = False

    @property
    def turn_based(self) -> bool:
        return self.move_time_s is not None

    def to_json(self) -> dict[str, Any] | None:
        """The table row's ``terms`` (``None`` for a real-time, unrated table)."""
        if self == TableTerms():
            return None
        out: dict[str, Any] = {"rated": self.rated}
        if self.move_time_s is not None:
            out["move_time_s"] = self.move_time_s
            out["on_timeout"] = self.on_timeout
        return out

    @classmethod
    def from_json(cls, data: Any) -> TableTerms:
        """The terms of a stored row (whatever an older or damaged row holds: the
        defaults for what it lacks)."""
        if not isinstance(data, dict):
            return cls()
        move = data.get("move_time_s")
        on_timeout = data.get("on_timeout", "bot")
        return cls(
            move_time_s=float(move) if isinstance(move, int | float) else None,
            on_timeout=on_timeout if on_timeout in ON_TIMEOUT else "bot",
            rated=data.get("rated") is True,
        )
