"""Passwords and user names of accounts: what is accepted, and how a password is kept.

A password is kept only as an Argon2id hash (``argon2-cffi``) with the parameters
OWASP's Password Storage Cheat Sheet gives as its first choice: 19 MiB of memory, two
passes, one lane. A hash made with weaker parameters is made again at the next
sign-in (:func:`needs_rehash`). Nothing here logs or returns a password.

A name that does not exist is checked against a hash all the same
(:func:`verify_nobody`), so that a wrong name costs the time a wrong password does and
the answer's delay tells nothing of which names exist.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from tabletop.server.live import TableError
from tabletop.server.words import N_

MEMORY_KIB: Final = 19 * 1024
TIME_COST: Final = 2
PARALLELISM: Final = 1

MIN_PASSWORD: Final = 8
"""NIST SP 800-63B's least length for a password a person chooses."""
MAX_PASSWORD: Final = 256
"""Long pass phrases are welcome; past this a body only costs hashing time."""
MIN_NAME, MAX_NAME = 3, 24
NAME_MARKS: Final = frozenset("_-.")

_HASHER = PasswordHasher(
    time_cost=TIME_COST,
    memory_cost=MEMORY_KIB,
    parallelism=PARALLELISM,
    hash_len=32,
    salt_len=16,
    type=Type.ID,
)


def hash_password(password: str) -> str:
    """The Argon2id hash (PHC string, salt and parameters inside) kept for ``password``."""
    return _HASHER.hash(password)


def verify_password(hashed: str, password: str) -> bool:
    """Whether ``password`` is the one ``hashed`` was made from."""
    try:
        return _HASHER.verify(hashed, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(hashed: str) -> bool:
    """Whether ``hashed`` was made with other parameters than today's."""
    try:
        return _HASHER.check_needs_rehash(hashed)
    except InvalidHashError:
        return True


@lru_cache(maxsize=1)
def _nobody() -> str:
    return _HASHER.hash("no account has this password")


def verify_nobody(password: str) -> bool:
    """Spend the time a verification takes, for a name with no account: False."""
    verify_password(_nobody(), password)
    return False


def checked_name(name: object) -> str:
    """A user name as kept: Unicode NFKC, letters and digits of any script, and ``_-.``
    inside; 3 to 24 characters. Nothing else (no spaces, markup or control
    characters), so that a name reads the same everywhere it is shown."""
    if not isinstance(name, str):
        raise TableError(N_("a user name is text"), 422)
    name = unicodedata.normalize("NFKC", name).strip()
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise TableError(
            N_("a user name has {least} to {most} characters"), 422, least=MIN_NAME, most=MAX_NAME
        )
    if not all(c.isalnum() or c in NAME_MARKS for c in name) or not name[0].isalnum():
        raise TableError(
            N_("a user name is letters and digits, with _ - . inside (no spaces)"), 422
        )
    return name


def name_key(name: str) -> str:
    """What two names must not share: "Anna" and "anna" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def checked_password(password: object, name: str | None = None) -> str:
    """A password as accepted: 8 to 256 characters, any (spaces and all), not the name."""
    if not isinstance(password, str):
        raise TableError(N_("a password is text"), 422)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise TableError(
            N_("a password has {least} to {most} characters"),
            422,
            least=MIN_PASSWORD,
            most=MAX_PASSWORD,
        )
    if name is not None and name_key(password) == name_key(name):
        raise TableError(N_("a password must not be the user name"), 422)
    return password
