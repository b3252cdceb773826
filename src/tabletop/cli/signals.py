"""Long commands stop on SIGTERM as they do on Ctrl-C.

A SIGTERM (``kill``, a job scheduler, a container stopping) would end a command at
once: no summary of the finished work, no resume hint, and its worker processes left
behind. Within :func:`terminate_as_interrupt` it raises ``KeyboardInterrupt``
instead, so ``tabletop sim``, ``tabletop study`` and ``tabletop train`` keep what
finished, stop their workers on the way out and exit with 130.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises ``KeyboardInterrupt`` as Ctrl-C does."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
