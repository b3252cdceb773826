"""Accounts: a user name and a password, a session cookie, and nothing more.

Playing as a guest (a name and a seat token in the browser) keeps working; an
account only adds a name that lasts and a session that finds the person's tables on
any device (docs/server.md, "Accounts").

A session is a random token in an HttpOnly, SameSite=Lax cookie (Secure over
HTTPS); the database keeps its SHA-256 only, with its expiry. Signing in makes a new
one (the browser's old one, if any, ends), changing the password ends every other
session, and "sign out everywhere" ends them all. A disabled or deleted account's
sessions open nothing.

Sign-in failures slow down: after ``sign_in_free_failures`` failures for a name, or
from an address, each further attempt waits twice as long as the last, up to
``sign_in_max_wait_s``, refused meanwhile without looking at the password (429 with
the wait). A name with no account is counted and verified against a hash all the
same, so neither the answer nor its time tells whether a name exists.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.server.http import AddressLimiters
from tabletop.server.live import TableError
from tabletop.server.passwords import (
    checked_name,
    checked_password,
    hash_password,
    name_key,
    needs_rehash,
    verify_nobody,
    verify_password,
)
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.account_store import AccountStore
    from tabletop.server.settings import ServerSettings

SESSION_COOKIE = "tt_session"

WRONG = N_("wrong user name or password")
"""The one answer to a failed sign-in, whichever part was wrong."""


@dataclass(frozen=True, slots=True)
class User:
    """An account as the server reads it (never its password hash)."""

    id: str
    name: str
    created_at: float


def session_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(f"session:{token}".encode()).hexdigest()


def reset_hash(token: str) -> str:
    """What the database keeps of a one-time password reset link's token."""
    return hashlib.sha256(f"reset:{token}".encode()).hexdigest()


def _refuse_while(wait: float) -> None:
    """429 while a name or an address must still wait ``wait`` seconds to try again."""
    if wait > 0:
        raise TableError(
            N_("too many failed sign-ins: try again in {seconds} s"), 429, seconds=int(wait) + 1
        )


class Backoff:
    """Failed attempts per key (a name, an address), each key's next allowed time
    doubling past ``free`` failures; the least recently failed keys beyond ``keep``
    are forgotten, so that many keys cannot grow the memory."""

    def __init__(self, free: int, most_s: float, keep: int = 50_000) -> None:
        self.free = free
        self.most_s = most_s
        self.keep = keep
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def wait(self, key: str, now: float) -> float:
        """Seconds ``key`` must still wait before its next attempt (0: it may try)."""
        _, until = self._failures.get(key, (0, 0.0))
        return max(0.0, until - now)

    def failed(self, key: str, now: float) -> None:
        count, _ = self._failures.pop(key, (0, 0.0))
        count += 1
        extra = count - self.free
        until = now + min(self.most_s, 2.0 ** (extra - 1)) if extra > 0 else 0.0
        self._failures[key] = (count, until)
        while len(self._failures) > self.keep:
            self._failures.popitem(last=False)

    def succeeded(self, key: str) -> None:
        self._failures.pop(key, None)


class Accounts:
    """Sign-up, sign-in and sessions, over :class:`~.account_store.AccountStore`."""

    def __init__(self, settings: ServerSettings, store: AccountStore) -> None:
        self.settings = settings
        self.store = store
        per_hour = settings.signups_per_hour_per_address
        self.signups = AddressLimiters(max(1, per_hour // 5), per_hour / 3600.0)
        self.by_name = Backoff(settings.sign_in_free_failures, settings.sign_in_max_wait_s)
        self.by_address = Backoff(
            settings.sign_in_free_failures * 4, settings.sign_in_max_wait_s
        )  # one address is many people at times (a school, a carrier's NAT)

    # -- sessions --------------------------------------------------------------------

    def session_s(self) -> float:
        return self.settings.session_days * 86_400.0

    async def _new_session(self, user_id: str) -> str:
        token = secrets.token_urlsafe(32)
        now = time.time()
        await asyncio.to_thread(
            self.store.add_session, session_hash(token), user_id, now, now + self.session_s()
        )
        return token

    async def user_for(self, token: str | None) -> User | None:
        """The account a session cookie opens, or None (none, expired, ended, or the
        account disabled or deleted)."""
        if not token or len(token) > 100:
            return None
        return await asyncio.to_thread(self.store.session_user, session_hash(token), time.time())

    # -- what a person does ------------------------------------------------------------

    async def sign_up(self, name: object, password: object, address: str) -> tuple[User, str]:
        """A new account and its first session's token; 409 for a name taken (a name
        is public anyway: it is on every table and the leaderboard)."""
        if not self.signups.allow(address):
            raise TableError(
                N_("your address may make {most} accounts an hour; wait a little"),
                429,
                most=self.settings.signups_per_hour_per_address,
            )
        chosen = checked_name(name)
        secret = checked_password(password, chosen)
        hashed = await asyncio.to_thread(hash_password, secret)
        user = User(secrets.token_urlsafe(12), chosen, time.time())
        if not await asyncio.to_thread(self.store.add_user, user, name_key(chosen), hashed):
            raise TableError(N_("the user name {name} is taken"), 409, name=chosen)
        return user, await self._new_session(user.id)

    async def sign_in(
        self, name: object, password: object, address: str, old_token: str | None = None
    ) -> tuple[User, str]:
        """The account of ``name`` and a new session's token (``old_token``'s session,
        the browser's before, ends): 401 for a wrong name or password alike, 429 while
        the name or the address must wait."""
        if not isinstance(name, str) or not isinstance(password, str) or len(name) > 200:
            raise TableError(WRONG, 401)
        key, now = name_key(name.strip()), time.monotonic()
        _refuse_while(max(self.by_name.wait(key, now), self.by_address.wait(address, now)))
        found = await asyncio.to_thread(self.store.credentials, key)
        secret = password[: 4 * 256]  # past the longest password: wrong anyway
        if found is None:
            ok = await asyncio.to_thread(verify_nobody, secret)
        else:
            user, hashed = found
            ok = await asyncio.to_thread(verify_password, hashed, secret)
        if not ok or found is None:
            self.by_name.failed(key, now)
            self.by_address.failed(address, now)
            raise TableError(WRONG, 401)
        self.by_name.succeeded(key)
        if needs_rehash(hashed):  # made with older parameters: made again, off the loop
            rehashed = await asyncio.to_thread(hash_password, secret)
            await asyncio.to_thread(self.store.set_password, user.id, rehashed)
        if old_token:
            await asyncio.to_thread(self.store.end_session, session_hash(old_token))
        return user, await self._new_session(user.id)

    async def sign_out(self, token: str | None) -> None:
        if token:
            await asyncio.to_thread(self.store.end_session, session_hash(token))

    async def sign_out_everywhere(self, user: User) -> None:
        await asyncio.to_thread(self.store.end_sessions, user.id)

    async def change_password(self, user: User, old: object, new: object) -> str:
        """Set a new password (the old one proves the person): every session ends, and
        the new session's token is returned."""
        await self._check_password(user, old)
        secret = checked_password(new, user.name)
        hashed = await asyncio.to_thread(hash_password, secret)
        await asyncio.to_thread(self.store.set_password, user.id, hashed)
        await asyncio.to_thread(self.store.end_sessions, user.id)
        return await self._new_session(user.id)

    async def delete(self, user: User, password: object) -> None:
        """Delete the account (the password proves the person): its sessions end, its
        seats stay in their games under "deleted player"."""
        await self._check_password(user, password)
        await asyncio.to_thread(self.store.delete_user, user.id)

    async def reset(self, token: object, password: object, address: str) -> None:
        """Set the password of the account whose reset link (``tabletop users
        reset-password``) holds ``token``, once; every session of the account ends.
        403 for a link unknown, used or expired; guesses count as failed sign-ins of
        the address."""
        now = time.monotonic()
        _refuse_while(self.by_address.wait(address, now))
        secret = checked_password(password)
        if not isinstance(token, str) or len(token) > 100:
            token = ""
        hashed = await asyncio.to_thread(hash_password, secret)
        if not await asyncio.to_thread(self.store.use_reset, reset_hash(token), hashed):
            self.by_address.failed(address, now)
            raise TableError(N_("this password reset link is unknown, used or expired"), 403)

    async def _check_password(self, user: User, password: object) -> None:
        """The account's password, asked again before a change that a stolen session
        must not make; its failures count as sign-in failures of the name."""
        key, now = name_key(user.name), time.monotonic()
        _refuse_while(self.by_name.wait(key, now))
        found = await asyncio.to_thread(self.store.credentials, key)
        ok = (
            found is not None
            and isinstance(password, str)
            and await asyncio.to_thread(verify_password, found[1], password[: 4 * 256])
        )
        if not ok:
            self.by_name.failed(key, now)
            raise TableError(N_("the password is wrong"), 403)
        self.by_name.succeeded(key)
