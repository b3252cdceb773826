"""Accounts in Debian's Chromium: a person signs up on a phone, starts a table there,
and goes on with it from a laptop signed in as the same person (the lobby lists the
account's tables; opening one takes the seat in that browser); the tab's icon marks
the person's turn; a wrong password says so. No page or console error occurs beyond
the refusals the test asks for."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from tabletop.cli.main import app
from tests.server.board import collect_errors
from tests.server.serverproc import Server, running_server
from tests.server.test_browser import LAPTOP, PHONE, create_table

PASSWORD = "a long pass phrase"


def sign(page: Any, server: Server, button: str, name: str, password: str = PASSWORD) -> None:
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(button)


def test_a_table_started_on_the_phone_goes_on_from_the_laptop(
    web_server: Server, chromium: Any
) -> None:
    phone = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = phone.new_page()
    errors = collect_errors(page)
    sign(page, web_server, "#sign-up", "Rosa")
    page.wait_for_selector("#signed-in-as")
    assert "Rosa" in page.inner_text("#signed-in-as")
    assert page.locator("#no-my-tables").is_visible()
    table_id = create_table(page, web_server, "kung-fu", ["you", "bot:random"], name="Rosa")
    page.wait_for_selector("body[data-seat='0']")
    page.wait_for_selector("body[data-icon]")  # the tab's icon follows the turn
    # Both read at once: the bot may move between two reads (a state sets both).
    mine, icon = page.evaluate("[document.body.dataset.mine === '1', document.body.dataset.icon]")
    assert icon == ("turn" if mine else "idle")
    page.goto(web_server.url)  # the phone's lobby lists it
    page.wait_for_selector(f"#my-tables .table-row[data-table-id='{table_id}']")
    assert errors == []

    laptop = chromium.new_context(viewport=LAPTOP)
    other = laptop.new_page()
    other_errors = collect_errors(other)
    sign(other, web_server, "#sign-in", "Rosa", "not the pass phrase")
    other.wait_for_selector("#account-error:not(:empty)")
    assert "wrong user name or password" in other.inner_text("#account-error")
    sign(other, web_server, "#sign-in", "rosa")  # the name in any case
    row = other.locator(f"#my-tables .table-row[data-table-id='{table_id}']")
    row.wait_for()
    assert "Kung Fu" in row.inner_text() and "Rosa" in row.inner_text()
    row.locator("a").click()
    other.wait_for_url(f"**/table/{table_id}*")
    other.wait_for_selector("body[data-seat='0']")  # the seat, without the private link
    assert "#take" not in other.url
    assert [e for e in other_errors if "status of 401" not in e] == []
    phone.close()
    laptop.close()


def test_a_forgotten_password_is_set_again_through_the_operators_link(
    chromium: Any, tmp_path: Any
) -> None:
    """The operator's one-time link (``tabletop users reset-password``) opens the lobby
    asking for a new password; the old one no longer signs in, the new one does."""
    url = f"sqlite:///{tmp_path / 'tabletop.db'}"
    with running_server(url, tmp_path) as server:
        context = chromium.new_context(viewport=PHONE)
        page = context.new_page()
        errors = collect_errors(page)
        sign(page, server, "#sign-up", "Rosa")
        page.wait_for_selector("#signed-in-as")
        command = ["users", "reset-password", "Rosa", "--database-url", url]
        made = CliRunner().invoke(app, [*command, "--base-url", server.url])
        assert made.exit_code == 0, made.output
        page.goto(made.output.strip())
        page.fill("#reset-password", "another pass phrase")
        page.click("#reset-form button[type=submit]")
        page.wait_for_selector("#account-form")  # signed out everywhere: the sign-in box
        assert "Your password is set" in page.inner_text("#account-error")
        assert "#reset" not in page.url
        sign(page, server, "#sign-in", "Rosa")  # the old password
        page.wait_for_function("document.querySelector('#account-error').textContent !== ''")
        assert "wrong user name or password" in page.inner_text("#account-error")
        sign(page, server, "#sign-in", "Rosa", "another pass phrase")
        page.wait_for_selector("#signed-in-as")
        assert [e for e in errors if "status of 401" not in e] == []
        context.close()
