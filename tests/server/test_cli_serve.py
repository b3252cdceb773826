"""``tabletop serve`` on the command line (the running server: test_process.py)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from tabletop.cli.main import app
from tabletop.server import ServerSettings


def test_serve_is_a_command_with_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database-url", "--bot-workers"):
        assert option in result.output


def test_a_busy_port_is_one_clear_line() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(
            app, ["serve", "--port", str(port), "--database-url", "sqlite://"]
        )
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output


def test_the_cli_does_not_need_the_server_packages() -> None:
    code = (
        "import sys, tabletop.cli.main; "
        "print(sorted(m for m in ('fastapi', 'sqlalchemy', 'uvicorn') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_unreachable_database_is_one_clear_line() -> None:
    url = "postgresql://nobody:secret@127.0.0.1:1/nothing"
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--database-url", url])
    assert result.exit_code == 2
    assert "cannot open the database postgresql://nobody:***@127.0.0.1:1/nothing" in result.output
    assert "Connection refused" in result.output
    assert "secret" not in result.output


def test_durable_commits_is_an_option_of_serve(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.server as server

    seen: list[ServerSettings] = []

    def capture(settings: ServerSettings) -> None:
        seen.append(settings)
        raise RuntimeError("stopped before serving")

    monkeypatch.setattr(server, "create_app", capture)
    for flags, durable in (([], True), (["--no-durable-commits"], False)):
        result = CliRunner().invoke(
            app, ["serve", "--port", "0", "--database-url", "sqlite://", *flags]
        )
        assert result.exit_code == 2 and "stopped before serving" in result.output
        assert seen[-1].durable_commits is durable
