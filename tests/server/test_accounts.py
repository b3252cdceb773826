"""Accounts (``/api/account/...``): sign-up, sign-in, sessions in an HttpOnly cookie,
password changes and deletion, and what a hostile client meets: guessing slowed and
refused alike for a name that exists or not, cookies of ended sessions, requests
from another site, names with markup."""

from __future__ import annotations

import time
import types
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from tabletop.server import accounts as accounts_module
from tabletop.server.accounts import SESSION_COOKIE
from tabletop.server.schema import sessions_t, users_t

SITE = {"origin": "http://testserver"}  # the test client's own origin: a page of the site
PASSWORD = "a long pass phrase"


def sign_up(client: TestClient, name: str = "Anna", password: str = PASSWORD) -> Any:
    return client.post(
        "/api/account/signup", json={"name": name, "password": password}, headers=SITE
    )


def sign_in(client: TestClient, name: str = "Anna", password: str = PASSWORD) -> Any:
    return client.post(
        "/api/account/signin", json={"name": name, "password": password}, headers=SITE
    )


def me(client: TestClient) -> Any:
    user = client.get("/api/account").json()["user"]
    return None if user is None else user["name"]


def use(client: TestClient, token: str) -> None:
    """The browser's cookie becomes ``token`` (another browser's, or an old one)."""
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, token)


class Devices:
    """Browsers of one person at one server, each with its own cookies, through one
    test client (a second client would run the app in another event loop)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jars: dict[str, httpx.Cookies] = {}
        self.current: str | None = None

    def on(self, name: str) -> TestClient:
        """The client, as browser ``name`` (a new one: no cookie yet)."""
        if self.current is not None:
            self.jars[self.current] = httpx.Cookies(self.client.cookies)
        self.client.cookies = self.jars.get(name, httpx.Cookies())
        self.current = name
        return self.client


def storage_of(client: TestClient) -> Any:
    return client.app.state.manager.storage  # type: ignore[attr-defined]


def test_sign_up_gives_a_session_cookie_and_keeps_only_a_hash(make_client: Any) -> None:
    with make_client() as client:
        answer = sign_up(client)
        assert answer.status_code == 201, answer.text
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=" in cookie
        assert "Secure" not in cookie  # plain HTTP here; over HTTPS it is Secure
        assert me(client) == "Anna"
        with storage_of(client).connection() as conn:
            stored = conn.execute(select(users_t.c.password_hash)).scalar_one()
            sessions = conn.execute(select(sessions_t.c.id)).scalars().all()
        assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$") and PASSWORD not in stored
        token = client.cookies[SESSION_COOKIE]
        assert token not in sessions and len(sessions) == 1  # its hash only
        again = sign_up(client, "anna")  # one name, whatever its case
        assert again.status_code == 409 and "taken" in again.text


@pytest.mark.parametrize(
    ("name", "password", "words"),
    [
        ("<b>x</b>", PASSWORD, "letters and digits"),
        ("Anna\x00", PASSWORD, "letters and digits"),
        ("Anna Bee", PASSWORD, "letters and digits"),
        ("_anna", PASSWORD, "letters and digits"),
        ("An", PASSWORD, "3 to 24"),
        ("A" * 25, PASSWORD, "3 to 24"),
        (["Anna"], PASSWORD, "is text"),
        ("Anna", "short", "8 to 256"),
        ("Anna", "x" * 257, "8 to 256"),
        ("Annabelle", "ANNABELLE", "not be the user name"),
        ("Anna", 12345678, "is text"),
    ],
)
def test_bad_names_and_passwords_are_refused(
    make_client: Any, name: Any, password: Any, words: str
) -> None:
    with make_client() as client:
        answer = client.post(
            "/api/account/signup", json={"name": name, "password": password}, headers=SITE
        )
        assert answer.status_code == 422 and words in answer.text, answer.text
        assert me(client) is None and SESSION_COOKIE not in client.cookies


def test_a_name_with_letters_of_any_script_is_taken(make_client: Any) -> None:
    with make_client() as client:
        assert sign_up(client, "Jürgen.Ö").status_code == 201
        assert me(client) == "Jürgen.Ö"


def test_a_wrong_name_and_a_wrong_password_read_the_same(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    verified: list[str] = []
    real = accounts_module.verify_nobody
    monkeypatch.setattr(accounts_module, "verify_nobody", lambda p: verified.append(p) or real(p))
    with make_client() as client:
        sign_up(client)
        client.post("/api/account/signout", headers=SITE)
        wrong_password = sign_in(client, "Anna", "not the pass phrase")
        nobody = sign_in(client, "Nobody", "not the pass phrase")
        assert wrong_password.status_code == nobody.status_code == 401
        assert wrong_password.json() == nobody.json()
        assert verified == ["not the pass phrase"]  # the unknown name costs a hash too
        assert sign_in(client).status_code == 200 and me(client) == "Anna"


def test_guessing_slows_down_and_is_refused_for_any_name(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The back-off's clock stands still unless the test moves it: on a loaded machine
    # the guesses of the second name took longer than the first name's wait.
    clock = [1000.0]
    frozen = types.SimpleNamespace(monotonic=lambda: clock[0], time=time.time)
    monkeypatch.setattr(accounts_module, "time", frozen)
    with make_client(sign_in_free_failures=3, sign_in_max_wait_s=600) as client:
        sign_up(client)
        client.post("/api/account/signout", headers=SITE)
        for name in ("Anna", "Nobody"):  # a name that exists or not: the same answers
            codes = [sign_in(client, name, f"guess {i}").status_code for i in range(3)]
            assert codes == [401, 401, 401]
            assert sign_in(client, name, "guess 4").status_code == 401  # waits 1 s now
            refused = sign_in(client, name, "guess 5")
            assert refused.status_code == 429 and "try again in" in refused.text
        assert sign_in(client).status_code == 429  # even the right password must wait
        assert me(client) is None
        clock[0] += 1.0  # the wait after the fourth guess is over
        assert sign_in(client).status_code == 200


def test_sign_in_starts_a_new_session_and_ends_the_old(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client)
        first = client.cookies[SESSION_COOKIE]
        assert sign_in(client).status_code == 200
        second = client.cookies[SESSION_COOKIE]
        assert first != second and me(client) == "Anna"
        use(client, first)
        assert me(client) is None  # rotated: the old one opens nothing


def test_sign_out_and_sign_out_everywhere(make_client: Any) -> None:
    with make_client() as client:
        devices = Devices(client)
        sign_up(devices.on("laptop"))
        assert sign_in(devices.on("phone")).status_code == 200
        assert me(devices.on("laptop")) == me(devices.on("phone")) == "Anna"
        assert devices.on("phone").post("/api/account/signout", headers=SITE).status_code == 204
        assert me(devices.on("phone")) is None and me(devices.on("laptop")) == "Anna"
        assert sign_in(devices.on("phone")).status_code == 200
        answer = devices.on("laptop").post("/api/account/signout-everywhere", headers=SITE)
        assert answer.status_code == 204
        assert me(devices.on("phone")) is None and me(devices.on("laptop")) is None
        again = devices.on("laptop").post("/api/account/signout-everywhere", headers=SITE)
        assert again.status_code == 401


def test_changing_the_password_ends_every_other_session(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client)
        old = client.cookies[SESSION_COOKIE]
        wrong = client.post(
            "/api/account/password", json={"old": "not it at all", "new": "x" * 12}, headers=SITE
        )
        assert wrong.status_code == 403
        short = client.post(
            "/api/account/password", json={"old": PASSWORD, "new": "x"}, headers=SITE
        )
        assert short.status_code == 422
        done = client.post(
            "/api/account/password",
            json={"old": PASSWORD, "new": "another pass phrase"},
            headers=SITE,
        )
        assert done.status_code == 200 and me(client) == "Anna"
        new = client.cookies[SESSION_COOKIE]
        use(client, old)
        assert me(client) is None
        use(client, new)
        client.post("/api/account/signout", headers=SITE)
        assert sign_in(client).status_code == 401
        assert sign_in(client, password="another pass phrase").status_code == 200


def test_a_deleted_or_disabled_account_opens_nothing(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client)
        token = client.cookies[SESSION_COOKIE]
        wrong = client.post("/api/account/delete", json={"password": "not it at all"}, headers=SITE)
        assert wrong.status_code == 403 and me(client) == "Anna"
        gone = client.post("/api/account/delete", json={"password": PASSWORD}, headers=SITE)
        assert gone.status_code == 204
        use(client, token)
        assert me(client) is None
        assert sign_in(client).status_code == 401

        sign_up(client, "Bert")
        store = client.app.state.accounts.store  # type: ignore[attr-defined]
        assert store.set_disabled("bert", True)
        assert me(client) is None and sign_in(client, "Bert").status_code == 401
        assert store.set_disabled("bert", False)
        assert sign_in(client, "Bert").status_code == 200


def test_a_made_up_or_altered_cookie_opens_nothing(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client)
        real = client.cookies[SESSION_COOKIE]
        for forged in (real[:-1] + ("A" if real[-1] != "A" else "B"), "x" * 43, "x" * 5000, ""):
            use(client, forged)
            assert me(client) is None
            assert client.get("/api/account/tables").status_code == 401


def test_an_expired_session_opens_nothing(make_client: Any) -> None:
    with make_client() as client:
        sign_up(client)
        with storage_of(client).transaction() as conn:
            conn.execute(update(sessions_t).values(expires_at=0.0))
        assert me(client) is None


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "http://evil.example"},
        {"referer": "http://evil.example/page"},
        {"origin": "https://testserver"},  # another scheme is another site
        {},  # a request with the cookie that says nothing of where it comes from
    ],
)
def test_a_request_from_another_site_with_the_cookie_is_refused(
    make_client: Any, headers: dict[str, str]
) -> None:
    with make_client() as client:
        sign_up(client)
        answer = client.post("/api/account/signout-everywhere", headers=headers)
        assert answer.status_code == 403 and "another site" in answer.text
        assert me(client) == "Anna"  # nothing happened
        table = client.post("/api/tables", json={"game": "kung-fu"}, headers=headers)
        assert table.status_code == 403
        from_page = client.post(
            "/api/account/signout-everywhere", headers={"referer": "http://testserver/"}
        )
        assert from_page.status_code == 204


def test_sign_ups_per_address_are_limited(make_client: Any) -> None:
    with make_client(signups_per_hour_per_address=5) as client:  # one at once
        assert sign_up(client, "Anna").status_code == 201
        client.cookies.clear()
        assert sign_up(client, "Bert").status_code == 429
