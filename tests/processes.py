"""What the tests of stopping commands share: waiting for a process group to end."""

from __future__ import annotations

import os
import signal
import time

import pytest


def wait_for_group_to_end(group: int, seconds: float = 10) -> None:
    """Every process of ``group`` ends within ``seconds``, or the test fails (and the
    group is killed, so no test leaves processes behind)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        if time.monotonic() > deadline:
            os.killpg(group, signal.SIGKILL)
            pytest.fail("worker processes outlived the command")
        time.sleep(0.05)
