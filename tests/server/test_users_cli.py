"""``tabletop users``: the operator lists, disables, enables and deletes accounts, and
hands over a one-time link that sets a new password, on a server's own database."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from tabletop.cli.main import app
from tests.server.test_accounts import SITE, me, sign_in, sign_up


def users(database_url: str, *args: str, answer: str | None = None) -> Any:
    command = ["users", *args, "--database-url", database_url]
    return CliRunner().invoke(app, command, input=answer)


def test_the_operator_manages_accounts(make_client: Any, database_url: str) -> None:
    with make_client() as client:
        sign_up(client, "Anna")
        sign_up(client, "Bert")
        listed = users(database_url, "list")
        assert listed.exit_code == 0, listed.output
        assert [line.split("\t")[0] for line in listed.output.splitlines()] == ["Anna", "Bert"]

        assert users(database_url, "disable", "anna").exit_code == 0
        assert "disabled" in users(database_url, "list").output.splitlines()[0]
        assert sign_in(client, "Anna").status_code == 401
        assert users(database_url, "enable", "Anna").exit_code == 0
        assert sign_in(client, "Anna").status_code == 200

        link = users(database_url, "reset-password", "Anna", "--base-url", "https://t.example/")
        assert link.exit_code == 0
        prefix = "https://t.example/#reset="
        assert link.output.startswith(prefix)
        token = link.output.strip()[len(prefix) :]
        body = {"token": token, "password": "a brand new phrase"}
        assert client.post("/api/account/reset", json=body, headers=SITE).status_code == 204
        assert me(client) is None  # every session ended
        assert client.post("/api/account/reset", json=body, headers=SITE).status_code == 403
        assert sign_in(client, "Anna").status_code == 401
        assert sign_in(client, "Anna", "a brand new phrase").status_code == 200
        wrong = {"token": "guessed", "password": "a brand new phrase"}
        assert client.post("/api/account/reset", json=wrong, headers=SITE).status_code == 403

        assert users(database_url, "delete", "Bert", "--yes").exit_code == 0
        assert sign_in(client, "Bert").status_code == 401
        missing = users(database_url, "disable", "Nobody")
        assert missing.exit_code == 2 and "no account is named Nobody" in missing.output
        kept = users(database_url, "delete", "Anna", answer="n\n")
        assert (
            kept.exit_code == 1 and sign_in(client, "Anna", "a brand new phrase").status_code == 200
        )
