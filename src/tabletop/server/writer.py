"""Group commit: the actions of many tables reach the database in one transaction.

Every action is committed before anybody hears of it (docs/architecture.md). One
transaction per action makes a busy server spend most of its database work on
transactions, not on actions: a round trip to begin, one to commit, a flush of the
database's log. The :class:`ActionWriter` keeps one transaction in flight at a time;
the actions that arrive meanwhile, from any table, wait and go together in the next
one. An action alone is written at once, as before: nothing waits for company, and
the busier the server, the larger the batches.
"""

from __future__ import annotations

import asyncio

from tabletop.server.rows import Append
from tabletop.server.storage import Storage

MAX_BATCH = 256  # actions per transaction, at most


class ActionWriter:
    """The one writer of a process's actions: :meth:`append` returns once the action
    is committed, or raises the error that refused it (and nothing is stored)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self._writing: asyncio.Task[None] | None = None
        self.transactions = 0  # committed or refused, for the benchmarks and tests
        self.largest_batch = 0

    async def append(self, item: Append) -> None:
        """Commit ``item``. Cancelling the caller does not stop the commit, as with a
        call in a thread: the action may still be stored."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, done))
        if self._writing is None:
            self._writing = asyncio.ensure_future(self._write())
        await done

    async def idle(self) -> None:
        """Return once every action handed over so far is written or refused."""
        while self._writing is not None:
            await asyncio.shield(self._writing)

    async def _write(self) -> None:
        batch: list[tuple[Append, asyncio.Future[None]]] = []
        try:
            while self._waiting:
                batch = self._waiting[:MAX_BATCH]
                del self._waiting[:MAX_BATCH]
                self.transactions += 1
                self.largest_batch = max(self.largest_batch, len(batch))
                try:
                    outcomes = await asyncio.to_thread(
                        self.storage.append_actions, [item for item, _ in batch]
                    )
                except Exception as exc:  # the storage itself failed: all are refused
                    outcomes = [exc] * len(batch)
                for (_, done), outcome in zip(batch, outcomes, strict=True):
                    if done.done():  # its caller was cancelled
                        continue
                    if outcome is None:
                        done.set_result(None)
                    else:
                        done.set_exception(outcome)
                batch = []
        finally:
            # Cancelled (the event loop is closing): nobody waits for ever.
            for _, done in batch + self._waiting:
                if not done.done():
                    done.cancel()
            self._waiting.clear()
            self._writing = None
