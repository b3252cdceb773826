"""The accounts' rows: users (a name, its key, the password's hash), their sessions
(the token's hash and expiry) and the seats they took. Synchronous calls, run in a
thread by :class:`~tabletop.server.accounts.Accounts`, on the tables' database and
its transactions (:class:`~tabletop.server.storage.Storage`)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from tabletop.server.schema import seats_t, sessions_t, users_t

if TYPE_CHECKING:
    from tabletop.server.accounts import User
    from tabletop.server.storage import Storage

DELETED_NAME = "deleted player"
"""The name a deleted account's seats keep in their games."""


class AccountStore:
    """Users and sessions in the database of ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def add_user(self, user: User, key: str, password_hash: str) -> bool:
        """Store a new account; False when another has the name ``key``."""
        try:
            with self.storage.transaction() as conn:
                conn.execute(
                    insert(users_t).values(
                        id=user.id,
                        name=user.name,
                        name_key=key,
                        password_hash=password_hash,
                        created_at=user.created_at,
                        disabled=False,
                    )
                )
        except IntegrityError:
            return False
        return True

    def credentials(self, key: str) -> tuple[User, str] | None:
        """The enabled account named ``key`` and its password's hash, or None."""
        from tabletop.server.accounts import User

        with self.storage.connection() as conn:
            row = conn.execute(
                select(users_t).where(users_t.c.name_key == key, users_t.c.disabled.is_(False))
            ).first()
        if row is None:
            return None
        return User(row.id, row.name, row.created_at), row.password_hash

    def set_password(self, user_id: str, password_hash: str) -> None:
        with self.storage.transaction() as conn:
            conn.execute(
                update(users_t).where(users_t.c.id == user_id).values(password_hash=password_hash)
            )

    def add_session(self, token_hash: str, user_id: str, now: float, expires: float) -> None:
        with self.storage.transaction() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.expires_at < now))
            conn.execute(
                insert(sessions_t).values(
                    id=token_hash, user_id=user_id, created_at=now, expires_at=expires
                )
            )

    def session_user(self, token_hash: str, now: float) -> User | None:
        """The enabled account of an unexpired session, or None."""
        from tabletop.server.accounts import User

        with self.storage.connection() as conn:
            row = conn.execute(
                select(users_t.c.id, users_t.c.name, users_t.c.created_at)
                .join(sessions_t, sessions_t.c.user_id == users_t.c.id)
                .where(
                    sessions_t.c.id == token_hash,
                    sessions_t.c.expires_at > now,
                    users_t.c.disabled.is_(False),
                )
            ).first()
        return None if row is None else User(row.id, row.name, row.created_at)

    def end_session(self, token_hash: str) -> None:
        with self.storage.transaction() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.id == token_hash))

    def end_sessions(self, user_id: str) -> None:
        with self.storage.transaction() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user_id))

    def delete_user(self, user_id: str) -> None:
        """The account and its sessions go; its seats stay, as "deleted player"."""
        with self.storage.transaction() as conn:
            conn.execute(
                update(seats_t)
                .where(seats_t.c.user_id == user_id)
                .values(user_id=None, name=DELETED_NAME)
            )
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == user_id))
            conn.execute(delete(users_t).where(users_t.c.id == user_id))

    # -- the operator's (tabletop users) ----------------------------------------------

    def list_users(self) -> list[tuple[str, str, float, bool]]:
        """Every account: name, id, created at, disabled."""
        with self.storage.connection() as conn:
            rows = conn.execute(
                select(
                    users_t.c.name, users_t.c.id, users_t.c.created_at, users_t.c.disabled
                ).order_by(users_t.c.name_key)
            ).all()
        return [(r.name, r.id, r.created_at, bool(r.disabled)) for r in rows]

    def set_disabled(self, key: str, disabled: bool) -> bool:
        """Disable (its sessions end) or enable the account named ``key``; whether
        one was found."""
        with self.storage.transaction() as conn:
            found = conn.execute(
                select(users_t.c.id).where(users_t.c.name_key == key)
            ).scalar_one_or_none()
            if found is None:
                return False
            conn.execute(update(users_t).where(users_t.c.id == found).values(disabled=disabled))
            if disabled:
                conn.execute(delete(sessions_t).where(sessions_t.c.user_id == found))
        return True

    def user_id(self, key: str) -> str | None:
        with self.storage.connection() as conn:
            found: str | None = conn.execute(
                select(users_t.c.id).where(users_t.c.name_key == key)
            ).scalar_one_or_none()
        return found

    def set_reset(self, user_id: str, token_hash: str, expires: float) -> None:
        """A one-time password reset link's hash for the account (the last one only)."""
        with self.storage.transaction() as conn:
            conn.execute(
                update(users_t)
                .where(users_t.c.id == user_id)
                .values(reset_hash=token_hash, reset_expires=expires)
            )

    def use_reset(self, token_hash: str, password_hash: str) -> bool:
        """Set the password of the account whose unexpired reset link ``token_hash``
        is, once: the link is spent and every session ends. Whether it was valid."""
        now = time.time()
        with self.storage.transaction() as conn:
            found = conn.execute(
                select(users_t.c.id).where(
                    users_t.c.reset_hash == token_hash, users_t.c.reset_expires > now
                )
            ).scalar_one_or_none()
            if found is None:
                return False
            conn.execute(
                update(users_t)
                .where(users_t.c.id == found)
                .values(password_hash=password_hash, reset_hash=None, reset_expires=None)
            )
            conn.execute(delete(sessions_t).where(sessions_t.c.user_id == found))
        return True
