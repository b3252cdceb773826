"""What the tests of stopping commands share: waiting for a process group to end, and
killing what is left of it."""

from __future__ import annotations

import contextlib
import os
import signal
import time

import pytest


def wait_for_group_to_end(group: int, seconds: float = 10) -> None:
    """Every process of ``group`` ends within ``seconds``, or the test fails (the
    caller kills what is left with :func:`kill_group`)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        if time.monotonic() > deadline:
            pytest.fail("worker processes outlived the command")
        time.sleep(0.05)


def kill_group(group: int) -> None:
    """Kill whatever is left of ``group`` (a test's teardown, passed or failed)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(group, signal.SIGKILL)
