"""``tabletop users``: the operator's side of accounts. There is no email here, so a
forgotten password is reset by whoever runs the server (``reset-password`` prints a
one-time link to hand over); accounts can be listed, disabled (their sessions end,
their seats stay), enabled again and deleted (docs/server.md, "Accounts").

Each command opens the server's database as it is: a database a newer or older
version made is refused with what to do (``tabletop db upgrade``), as ``serve
--no-migrate`` refuses it. Problems are one ``error:`` line with exit code 2.
"""

from __future__ import annotations

import secrets
import time
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.cli.db import DatabaseUrl, fail, refusal_text, resolved_url
from tabletop.cli.language import tr

if TYPE_CHECKING:
    from tabletop.server.account_store import AccountStore

RESET_HOURS = 24

users_app = typer.Typer(no_args_is_help=True, add_completion=False)

Name = Annotated[str, typer.Argument(help=tr().gettext("The account's user name."))]


def _store(database_url: str | None) -> AccountStore:
    url = resolved_url(database_url)
    from tabletop.server.account_store import AccountStore
    from tabletop.server.migrations import SchemaError
    from tabletop.server.storage import Storage

    try:
        return AccountStore(Storage(url, migrate=False))
    except SchemaError as exc:
        fail(refusal_text(url, database_url is not None, exc))
    except Exception as exc:  # a server that is down, missing rights, no driver
        fail(tr().gettext("cannot open the database: {problem}", problem=str(exc).strip()))


def _user_id(store: AccountStore, name: str) -> str:
    from tabletop.server.passwords import name_key

    found = store.user_id(name_key(name))
    if found is None:
        fail(tr().gettext("no account is named {name}", name=name))
    return found


@users_app.command("list", help=tr().gettext("List the accounts: name, since, disabled."))
def list_command(database_url: DatabaseUrl = None) -> None:
    store = _store(database_url)
    for name, _, created_at, disabled in store.list_users():
        since = datetime.fromtimestamp(created_at).strftime("%Y-%m-%d")
        mark = tr().gettext("disabled") if disabled else ""
        typer.echo(f"{name}\t{since}\t{mark}".rstrip())


@users_app.command(
    "disable", help=tr().gettext("Disable an account: its sessions end, it cannot sign in.")
)
def disable_command(name: Name, database_url: DatabaseUrl = None) -> None:
    _set_disabled(name, True, database_url)
    typer.echo(tr().gettext("{name} is disabled", name=name))


@users_app.command("enable", help=tr().gettext("Enable a disabled account again."))
def enable_command(name: Name, database_url: DatabaseUrl = None) -> None:
    _set_disabled(name, False, database_url)
    typer.echo(tr().gettext("{name} is enabled", name=name))


def _set_disabled(name: str, disabled: bool, database_url: str | None) -> None:
    from tabletop.server.passwords import name_key

    if not _store(database_url).set_disabled(name_key(name), disabled):
        fail(tr().gettext("no account is named {name}", name=name))


@users_app.command(
    "delete",
    help=tr().gettext(
        'Delete an account: its sessions end, its seats stay in their games as "deleted player".'
    ),
)
def delete_command(
    name: Name,
    database_url: DatabaseUrl = None,
    yes: Annotated[
        bool, typer.Option("--yes", help=tr().gettext("Do not ask for confirmation."))
    ] = False,
) -> None:
    store = _store(database_url)
    user_id = _user_id(store, name)
    if not yes and not typer.confirm(tr().gettext("Delete the account {name}?", name=name)):
        raise typer.Exit(1)
    store.delete_user(user_id)
    typer.echo(tr().gettext("{name} is deleted", name=name))


@users_app.command(
    "reset-password",
    help=tr().gettext(
        "Print a one-time link that sets a new password for an account (valid 24 "
        "hours; a newer link replaces it). Every session of the account ends when it is "
        "used."
    ),
)
def reset_command(
    name: Name,
    database_url: DatabaseUrl = None,
    base_url: Annotated[
        str,
        typer.Option(help=tr().gettext("The server's address as people open it.")),
    ] = "http://127.0.0.1:8000",
) -> None:
    from tabletop.server.accounts import reset_hash

    store = _store(database_url)
    user_id = _user_id(store, name)
    token = secrets.token_urlsafe(32)
    store.set_reset(user_id, reset_hash(token), time.time() + RESET_HOURS * 3600)
    typer.echo(f"{base_url.rstrip('/')}/#reset={token}")
