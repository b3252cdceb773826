"""The seed a table deals with, so that nobody computes a card they may not see.

A creator who chose the seed could deal the same game offline, or on a second table
with the same seed, and read every hidden card; a seat could try small seeds until one
gives its own hand. So a table deals with an HMAC of the chosen seed and the table's
id under the server's secret (kept in the database, shared by every process): the
same chosen seed deals differently on every table, and a finished table's record,
which publishes the seed it dealt, tells nothing about another table's deal.

A known deal (``known_deal``) deals the chosen seed itself, for practice, puzzles or
reproducing a bug: that is no secret, so its seed is shown to everyone.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any

from tabletop.server.rows import TableRow
from tabletop.server.storage import Storage

SECRET_NAME = "deal"


def dealt_seed(secret: bytes, table_id: str, chosen: int) -> int:
    """The 63-bit seed table ``table_id`` deals with when its creator chose ``chosen``.

    Nobody without ``secret`` can compute it, nor relate it to another table's.
    """
    message = f"deal:{table_id}:{chosen}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def public_deal(row: TableRow) -> dict[str, Any]:
    """What a table's summary says of its deal: whether it is known, and then its seed."""
    if row.known_deal:
        return {"known_deal": True, "seed": row.seed}
    return {"known_deal": False}


class Dealer:
    """The seeds of new tables' deals, under the server's secret (read from the
    database once; made there by whichever process needs it first)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._secret: bytes | None = None

    async def load(self) -> bytes:
        """The secret, read at start so that no new table waits for it."""
        if self._secret is None:
            self._secret = await asyncio.to_thread(self.storage.secret, SECRET_NAME)
        return self._secret

    async def seed(self, table_id: str, chosen: int, known: bool) -> int:
        """The seed table ``table_id`` deals with: ``chosen`` itself for a known deal."""
        if known:
            return chosen
        return dealt_seed(await self.load(), table_id, chosen)
