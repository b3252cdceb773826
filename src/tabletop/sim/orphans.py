"""Worker processes that end with the process that started them.

A worker waiting on its task queue never learns that its parent died of a signal the
parent could not catch (SIGKILL, the out-of-memory killer): it would wait on, an idle
orphan holding its memory, for as long as the machine runs. :func:`watch_parent`
gives a worker a thread that ends it once its parent is gone. The simulation lab's
workers and ``tabletop train``'s actors start with it.
"""

from __future__ import annotations

import os
import threading
import time


def watch_parent(interval: float = 0.5) -> None:
    """End this process once its parent has exited (checked every ``interval``
    seconds, by a daemon thread, so the work in hand is not slowed)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()
