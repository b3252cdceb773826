"""The bodies the HTTP API takes, as pydantic models: their shape and size only.

What a field means (a bot the game has, a seat that is a person's, the terms' bounds)
is checked where the table is made (:mod:`.table_input`, :mod:`.terms`), so that the
same checks guard every way in.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from tabletop.server.live import DEFAULT_GRACE_S


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    bot: str | None = None
    name: str | None = Field(default=None, max_length=80)
    # Seconds per decision for a search bot. Any JSON value, checked by the manager
    # (live.checked_think): a float field would take "1" or NaN for a number.
    think: Any = None


class TableIn(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(min_length=1, max_length=16)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    known_deal: bool = False
    position: dict[str, Any] | str | None = None
    replace_bot: str | None = None
    leave_grace_s: float = DEFAULT_GRACE_S
    claim: int | None = None
    name: str | None = Field(default=None, max_length=80)
    bot_pause_s: float | None = None  # the bots' pace; none: the server's (server/pace.py)
    # The table's terms (server/terms.py), any JSON value, checked there: a move's time
    # (turn-based; none: real-time), what a person out of time leads to, rated or not.
    move_time_s: Any = None
    on_timeout: Any = "bot"
    rated: Any = False


class ClaimIn(BaseModel):
    name: str | None = Field(default=None, max_length=80)
