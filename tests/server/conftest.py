"""Fixtures of the server tests: a fresh database of each kind, apps and clients.

Every test that takes ``database_url`` runs twice: on a SQLite file and on an empty
PostgreSQL schema of its own (on the server named by ``TABLETOP_TEST_POSTGRES``,
default ``postgresql://postgres@127.0.0.1:5432/postgres``, and dropped after). A
missing PostgreSQL skips those runs locally and fails them under ``CI=true``.

The schema lives in a database of the test process, made at its first PostgreSQL
test and dropped when the process ends; the URL names it as the connections' search
path. A schema takes milliseconds to make and drop, a database a tenth of a second to
seconds (PostgreSQL copies and syncs its template's files), and the server tests made
one each. What is database-wide (advisory locks) stays each process's own, since a
process runs one test at a time. ``postgres_url``, for several server processes and
the tests that cut their connections, still gives a fresh database.
"""

from __future__ import annotations

import atexit
import os
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

from tabletop.bots import registry as bot_registry
from tabletop.server import ServerSettings, create_app
from tabletop.server.engine import engine_url
from tests.server.helpers import GateBot

POSTGRES_ADMIN = os.environ.get(
    "TABLETOP_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

_postgres_error: str | None = None
_postgres_checked = False


def _postgres_available() -> str | None:
    """None if the PostgreSQL server answers, else why not."""
    global _postgres_checked, _postgres_error
    if not _postgres_checked:
        _postgres_checked = True
        try:
            engine = create_engine(engine_url(POSTGRES_ADMIN))
            with engine.connect() as conn:
                conn.execute(text("SELECT 1"))
            engine.dispose()
        except Exception as exc:
            _postgres_error = f"PostgreSQL at {POSTGRES_ADMIN} is not reachable: {exc}"
    return _postgres_error


def _admin(sql: str, url: URL | None = None) -> None:
    engine = create_engine(url or engine_url(POSTGRES_ADMIN), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(sql))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database, of each kind in turn."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tabletop.db'}"
        return
    yield from _fresh_schema()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """The URL of an empty PostgreSQL database (several server processes need one)."""
    yield from _fresh_postgres()


def _require_postgres() -> None:
    """Skip the test where PostgreSQL does not answer (fail it under ``CI=true``)."""
    problem = _postgres_available()
    if problem is not None:
        if IN_CI:
            pytest.fail(f"{problem} (CI=true: PostgreSQL tests must run)")
        pytest.skip(problem)


def _fresh_postgres() -> Iterator[str]:
    _require_postgres()
    name = f"tabletop_test_{secrets.token_hex(6)}"
    _admin(f'CREATE DATABASE "{name}"')
    url = make_url(engine_url(POSTGRES_ADMIN)).set(database=name)
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_process_database: str | None = None


def _fresh_schema() -> Iterator[str]:
    global _process_database
    _require_postgres()
    if _process_database is None:
        _process_database = f"tabletop_test_{secrets.token_hex(6)}"
        _admin(f'CREATE DATABASE "{_process_database}"')
        atexit.register(_admin, f'DROP DATABASE IF EXISTS "{_process_database}" WITH (FORCE)')
    schema = f"test_{secrets.token_hex(6)}"
    url = make_url(engine_url(POSTGRES_ADMIN)).set(database=_process_database)
    _admin(f'CREATE SCHEMA "{schema}"', url)
    # The search path gives the tests' connections the schema; the name marks them,
    # so that the connections a test left open can be cut before the schema goes.
    url = url.set(query={"options": f"-csearch_path={schema}", "application_name": schema})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        _admin(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE application_name = '{schema}' AND pid <> pg_backend_pid()",
            url,
        )
        _admin(f'DROP SCHEMA "{schema}" CASCADE', url)


def test_settings(database_url: str, **overrides: Any) -> ServerSettings:
    """Settings for in-process tests: bots in threads, no pacing, small snapshots."""
    values: dict[str, Any] = {
        "database_url": database_url,
        "bot_workers": 0,
        "bot_pause_s": 0.0,
        "answer_pace_s": 0.0,
        "hint_iterations": 30,
        "snapshot_every": 7,
        "rate_burst": 10_000,  # tests send faster than people; flooding has its own test
        "rate_per_s": 10_000.0,
        "http_rate_burst": 10_000,
        "http_rate_per_s": 10_000.0,
        "handshake_rate_burst": 10_000,
        "handshake_rate_per_s": 10_000.0,
        "replay_rate_burst": 10_000,
        "replay_rate_per_s": 10_000.0,
        "hints_per_minute": 600,
        "presence_delay_s": 0.0,
        "storage_retry_s": 0.01,
    }
    values.update(overrides)
    return ServerSettings(**values)


test_settings.__test__ = False  # type: ignore[attr-defined]


@pytest.fixture
def make_client(database_url: str) -> Callable[..., AbstractContextManager[TestClient]]:
    """``with make_client(**settings) as client``: an app on the test database."""

    def make(**overrides: Any) -> AbstractContextManager[TestClient]:
        return TestClient(create_app(test_settings(database_url, **overrides)))

    return make


@pytest.fixture
def gate_bot(monkeypatch: pytest.MonkeyPatch) -> type[GateBot]:
    """Kung Fu's bot ``gate``: a :class:`~tests.server.helpers.GateBot`."""
    monkeypatch.setitem(bot_registry._PER_GAME["kung-fu"], "gate", f"{GateBot.__module__}:GateBot")
    GateBot.started.clear()
    GateBot.release.clear()
    return GateBot


@pytest.fixture
def client(make_client: Callable[..., AbstractContextManager[TestClient]]) -> Iterator[TestClient]:
    with make_client() as c:
        yield c


CHROMIUM = "/usr/bin/chromium"


class Chromium:
    """The browser, whose new contexts bypass the pages' Content-Security-Policy by
    default: Playwright's waits evaluate strings, which the policy forbids in a page.
    ``test_browser.test_the_pages_run_under_their_security_policy`` checks the pages
    under it (``bypass_csp=False``)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        """A context as a person's browser, but with the page's animations off by
        default (``prefers-reduced-motion``): the layout checks measure where things
        settle, not a card half way through sliding in. A test of the animations asks
        for them (``reduced_motion="no-preference"``)."""
        options.setdefault("bypass_csp", True)
        options.setdefault("reduced_motion", "reduce")
        return self.browser.new_context(**options)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    """Debian's Chromium driven by Playwright (skipped where it is not installed)."""
    import shutil

    if shutil.which(CHROMIUM) is None:
        if IN_CI:
            pytest.fail("Debian's chromium is not installed (CI=true: browser tests must run)")
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        yield Chromium(browser)
        browser.close()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A real ``tabletop serve`` process on a SQLite file, for the browser tests."""
    from tests.server.serverproc import running_server

    tmp = tmp_path_factory.mktemp("browser")
    with running_server(f"sqlite:///{tmp / 'tabletop.db'}", tmp) as server:
        yield server
