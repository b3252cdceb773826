"""How the suite shares a machine: twice as many workers as cores, and the tests that
compare timings alone.

Half of the suite's time is spent waiting (on server processes, sockets, the browser,
PostgreSQL), so ``-n auto`` starts two workers a core (``PYTEST_XDIST_AUTO_NUM_WORKERS``
still overrides it). A test marked ``alone`` compares timings taken on this machine (a
person's round trip with and without a flood, a pace against no pace); it runs with
no other test beside it, so that the other workers' load is not what it measures.

The workers agree through two lock files in a temporary folder of the run
(``flock``): every test holds ``running`` shared; a test marked ``alone`` holds it
exclusively. A turnstile (``turnstile``, taken by every test on its way in and held
by an ``alone`` test while it waits) stops new tests from starting while one waits,
so it cannot be starved by the others taking turns.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

WORKERS_PER_CORE = 2
LOCKS = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "alone: compares timings, so runs with no other test beside it"
    )
    if not hasattr(config, "workerinput"):  # the controller, or a run without workers
        config.stash[LOCKS] = Path(tempfile.mkdtemp(prefix="tabletop-tests-"))


def pytest_unconfigure(config: pytest.Config) -> None:
    if LOCKS in config.stash:
        shutil.rmtree(config.stash[LOCKS], ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    if env := os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(env)
    return WORKERS_PER_CORE * len(os.sched_getaffinity(0))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell each xdist worker where the run's lock files are."""
    node.workerinput["tabletop_locks"] = str(node.config.stash[LOCKS])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The ``alone`` tests first: xdist hands each worker a first run of consecutive
    tests, so they all go to one worker, at the start, where nothing long is running
    yet, and it keeps the machine from the first of them to the last."""
    items[:] = sorted(items, key=lambda item: item.get_closest_marker("alone") is None)


def _kind(item: pytest.Item) -> int:
    return fcntl.LOCK_EX if item.get_closest_marker("alone") else fcntl.LOCK_SH


class _Running:
    """This worker's hold on the run's ``running`` lock. An ``alone`` test keeps it
    for the next when that is ``alone`` too; a shared hold is given up after each
    test, or a waiting ``alone`` test would never have its turn."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.file = (folder / "running").open("a")
        self.held: int | None = None

    def take(self, kind: int) -> None:
        if self.held == kind:
            return
        self.release()
        with (self.folder / "turnstile").open("a") as turnstile:
            fcntl.flock(turnstile, fcntl.LOCK_EX)
            fcntl.flock(self.file, kind)
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        self.held = kind

    def release(self) -> None:
        if self.held is not None:
            fcntl.flock(self.file, fcntl.LOCK_UN)
            self.held = None


RUNNING = pytest.StashKey[_Running]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    workerinput = getattr(item.config, "workerinput", None)
    if workerinput is None:  # one process: nothing runs beside
        return (yield)
    if RUNNING not in item.config.stash:
        item.config.stash[RUNNING] = _Running(Path(workerinput["tabletop_locks"]))
    running = item.config.stash[RUNNING]
    running.take(_kind(item))
    try:
        return (yield)
    finally:
        alone_next = nextitem is not None and _kind(nextitem) == fcntl.LOCK_EX
        if not (running.held == fcntl.LOCK_EX and alone_next):
            running.release()
