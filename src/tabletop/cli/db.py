"""``tabletop db``: the database's schema. ``upgrade`` runs the migrations, ``current``
says which revision the database is at.

``tabletop serve`` runs the migrations itself at start (:func:`prepare_database`),
unless ``--no-migrate``: then it only checks, and refuses a database that is behind,
so that whoever runs the servers decides when the schema changes (a backup first,
one upgrade for many processes). Every start refuses a database that a newer
version upgraded: this version could break what it does not know
(docs/deploy.md, "Database migrations").

The server's packages are imported only when a command runs, as for ``serve``, so
the rest of the CLI works without the ``server`` extra. Problems are one ``error:``
line with exit code 2, as ``serve``'s are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, NoReturn, TypeVar

import typer

from tabletop.cli.language import tr

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from tabletop.server.migrations import Revision, SchemaError, Upgrade

EXIT_DATABASE = 2

T = TypeVar("T")

db_app = typer.Typer(no_args_is_help=True, add_completion=False)

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        help=tr().gettext(
            "SQLAlchemy URL, e.g. postgresql://user@localhost/tabletop "
            "(default: a SQLite file in ~/.local/share/tabletop)."
        )
    ),
]


@db_app.command(
    "upgrade",
    help=tr().gettext(
        "Bring the database's tables up to this version's schema (tabletop serve does "
        "it at start unless --no-migrate); prints the revisions before and after."
    ),
)
def upgrade_command(database_url: DatabaseUrl = None) -> None:
    """Run the migrations the database has not had."""
    url = resolved_url(database_url)
    from tabletop.server.cluster import ClusterError, hold_sqlite, let_go_sqlite, sqlite_file

    sqlite = sqlite_file(url)
    if sqlite is not None:
        try:  # a server on this file would go on with the old schema
            hold_sqlite(sqlite)
        except ClusterError:
            fail(
                tr().gettext(
                    "a tabletop serve process uses {path}: stop it before upgrading its database",
                    path=str(sqlite),
                )
            )
    from tabletop.server import migrations

    try:
        done = _on_database(url, migrations.upgrade)
    finally:
        if sqlite is not None:
            let_go_sqlite(sqlite)
    typer.echo(upgraded_text(url, done))


@db_app.command(
    "current",
    help=tr().gettext(
        "Print the database's revision, and whether this version's is newer or older."
    ),
)
def current_command(database_url: DatabaseUrl = None) -> None:
    """Say which revision the database is at."""
    url = resolved_url(database_url)
    from tabletop.server.cluster import sqlite_file

    sqlite = sqlite_file(url)
    if sqlite is not None and not sqlite.exists():  # asking makes no file
        typer.echo(tr().gettext("none: no database at {path} yet", path=str(sqlite)))
        return

    from tabletop.server import migrations

    def read(engine: Engine) -> Revision:
        with engine.connect() as conn:
            return migrations.revision_of(conn)

    typer.echo(current_text(_on_database(url, read)))


def prepare_database(url: str, given: bool, migrate: bool) -> None:
    """``serve``'s start: run the migrations (or, without ``migrate``, check that none
    is due) before anything listens; ``error:`` and exit 2 where the database is newer
    than this version or, without ``migrate``, behind it. An in-memory SQLite database
    is each connection's own, new, so the server's storage makes it."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"):
        return
    from tabletop.server import migrations

    if not migrate:
        _on_database(url, migrations.check, given)
        return
    done = _on_database(url, migrations.upgrade, given)
    if done.changed:
        typer.echo(upgraded_text(url, done), err=True)


def upgraded_text(url: str, done: Upgrade) -> str:
    """What an upgrade did, in a line: the revisions before and after."""
    reader = tr()
    shown = _shown(url)
    if done.state == "current":
        return reader.gettext(
            "Database {url}: already at revision {revision}, the newest this version knows",
            url=shown,
            revision=done.after,
        )
    if done.state == "empty":
        return reader.gettext(
            "Database {url}: tables made at revision {revision}", url=shown, revision=done.after
        )
    if done.state == "unversioned":
        return reader.gettext(
            "Database {url}: upgraded from the tables of an earlier version (no revision) "
            "to revision {revision}",
            url=shown,
            revision=done.after,
        )
    return reader.gettext(
        "Database {url}: upgraded from revision {before} to revision {after}",
        url=shown,
        before=str(done.before),
        after=done.after,
    )


def current_text(found: Revision) -> str:
    """The revision first (``none`` without one), then what it means for this version."""
    reader = tr()
    if found.state == "current":
        return reader.gettext(
            "{revision}: up to date (the newest this version knows)", revision=str(found.revision)
        )
    if found.state == "behind":
        return reader.gettext(
            "{revision}: behind; tabletop db upgrade brings it to {head}",
            revision=str(found.revision),
            head=found.head,
        )
    if found.state == "newer":
        return reader.gettext(
            "{revision}: newer than this version, which knows up to {head}",
            revision=str(found.revision),
            head=found.head,
        )
    if found.state == "unversioned":
        return reader.gettext(
            "none: tables of an earlier version, before migrations; tabletop db upgrade "
            "brings them to {head}",
            head=found.head,
        )
    return reader.gettext(
        "none: no tables yet; tabletop db upgrade (or tabletop serve) makes them at {head}",
        head=found.head,
    )


def refusal_text(url: str, given: bool, problem: SchemaError) -> str:
    """Why the server does not start on this database, and what to do: one line."""
    from tabletop.server.migrations import DatabaseTooNew

    reader = tr()
    shown = _shown(url)
    found = problem.found
    if isinstance(problem, DatabaseTooNew):
        return reader.gettext(
            "the database {url} is at revision {revision}, which this version of Tabletop "
            "does not know (its newest is {head}): a newer version upgraded it. Run that "
            "version, or upgrade Tabletop",
            url=shown,
            revision=str(found.revision),
            head=found.head,
        )
    command = "tabletop db upgrade" + (f" --database-url {shown}" if given else "")
    if found.state == "empty":
        return reader.gettext(
            "the database {url} has no tables yet: run {command}, or start without --no-migrate",
            url=shown,
            command=command,
        )
    if found.state == "unversioned":
        return reader.gettext(
            "the database {url} was made by an earlier version of Tabletop and needs "
            "upgrading to revision {head}: run {command}, or start without --no-migrate",
            url=shown,
            head=found.head,
            command=command,
        )
    return reader.gettext(
        "the database {url} is at revision {revision}, older than this version's {head}: "
        "run {command}, or start without --no-migrate",
        url=shown,
        revision=str(found.revision),
        head=found.head,
        command=command,
    )


def _on_database(url: str, work: Callable[[Engine], T], given: bool = True) -> T:
    """``work`` on an engine of ``url``, its errors as one line each."""
    from tabletop.server.engine import make_engine
    from tabletop.server.migrations import SchemaError

    engine: Engine | None = None
    try:
        engine = make_engine(url)
        return work(engine)
    except SchemaError as exc:
        fail(refusal_text(url, given, exc))
    except Exception as exc:  # a server that is down, missing rights, no driver
        _cannot_open(url, exc)
    finally:
        if engine is not None:
            engine.dispose()


def _cannot_open(url: str, exc: Exception) -> NoReturn:
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    message = tr().gettext(
        "error: cannot open the database {url}: {problem}", url=_shown(url), problem=reason
    )
    typer.echo(message, err=True)
    raise typer.Exit(EXIT_DATABASE) from None


def fail(message: str) -> NoReturn:
    typer.echo(tr().gettext("error: {message}", message=message), err=True)
    raise typer.Exit(EXIT_DATABASE)


def missing_server(exc: ImportError) -> NoReturn:
    """Say which of the server's extra packages is missing, and how to get them."""
    typer.echo(
        tr().gettext(
            "error: the server needs its extra packages ({package} is missing): {command}",
            package=str(exc.name),
            command='pip install -e ".[server]"',
        ),
        err=True,
    )
    raise typer.Exit(EXIT_DATABASE) from None


def resolved_url(database_url: str | None) -> str:
    """The URL to work on (``serve``'s default without one), once the server's
    packages are known to be there (``tabletop users`` opens it too)."""
    try:
        import alembic  # noqa: F401  (the migrations need it, as the server does)
        import sqlalchemy  # noqa: F401
    except ImportError as exc:
        missing_server(exc)
    from sqlalchemy.engine import make_url

    from tabletop.server.settings import default_database_url

    url = database_url or default_database_url()
    try:
        make_url(url)
    except Exception as exc:  # not a URL at all
        _cannot_open(url, exc)
    return url


def _shown(url: str) -> str:
    """``url`` without its password."""
    from tabletop.cli.serve import _hide_password

    return _hide_password(url)
