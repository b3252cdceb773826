"""The exception hierarchy.

Every error a user can provoke (a bad option, an illegal action, a broken record)
derives from :class:`TabletopError`, itself a :class:`ValueError`, so front ends can
catch one type and show its message without a traceback.
"""

from __future__ import annotations


class TabletopError(ValueError):
    """Base class of every error caused by bad input."""


class UnknownGameError(TabletopError):
    """No game is registered under the requested id."""


class InvalidOptionsError(TabletopError):
    """An option is unknown or has a value the game does not accept.

    ``option`` names the offending option so that callers can point at it.
    """

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"option {option!r}: {message}")
        self.option = option


class IllegalActionError(TabletopError):
    """The action is not legal in this state; the state is left unchanged."""


class StateFormatError(TabletopError):
    """A serialised state (``to_dict`` output) is malformed."""


class RecordError(TabletopError):
    """Base class for game-record problems."""


class RecordFormatError(RecordError):
    """A record file is not valid JSON or lacks required fields."""


class ReplayError(RecordError):
    """Replaying a record failed: an action was illegal or the result differs."""
