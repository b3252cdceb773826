"""Who may open a table's websocket: new connections and open ones per client address.

Both are checked as the socket opens, before it says hello or loads a table, so that a
client opening and closing sockets in a loop costs the server a refusal each time,
never a table's state.
"""

from __future__ import annotations

from collections import Counter

from tabletop.server import protocol as p
from tabletop.server.http import AddressLimiters
from tabletop.server.settings import ServerSettings
from tabletop.server.words import N_


class Openings:
    """``handshake_rate_burst`` new websockets at once per address, refilled at
    ``handshake_rate_per_s``, and ``max_connections_per_address`` open at a time
    (``open_now``: the open ones of each address, kept by the caller)."""

    def __init__(self, settings: ServerSettings, open_now: Counter[str]) -> None:
        self.settings = settings
        self.open_now = open_now
        self.handshakes = AddressLimiters(
            settings.handshake_rate_burst, settings.handshake_rate_per_s
        )

    def refusal(self, address: str) -> p.ProtocolError | None:
        """Why a new websocket from ``address`` is turned away, if it is."""
        settings = self.settings
        if not self.handshakes.allow(address):
            return p.ProtocolError(
                p.RATE_LIMITED,
                N_(
                    "too many new connections from your address: at most {burst} at once "
                    "and {rate} a second; wait a moment before connecting again"
                ),
                burst=settings.handshake_rate_burst,
                rate=float(settings.handshake_rate_per_s),
            )
        if self.open_now[address] >= settings.max_connections_per_address:
            return p.ProtocolError(
                p.TOO_MANY,
                N_("too many connections from your address (at most {most}); close some tabs"),
                most=settings.max_connections_per_address,
            )
        return None
