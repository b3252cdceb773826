"""The exception hierarchy.

Every error a user can provoke (a bad option, an illegal action, a broken record)
derives from :class:`TabletopError`, itself a :class:`ValueError`, so front ends can
catch one type and show its message without a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.sentence import Sentence

if TYPE_CHECKING:
    from tabletop.i18n.reader import Reader


class TabletopError(ValueError):
    """Base class of every error caused by bad input.

    The message is a :class:`~tabletop.core.sentence.Sentence`, an English template
    with named fields, filled for ``str()``; a front end shows it in its reader's
    language with :meth:`text` (docs/languages.md)::

        >>> from tabletop.i18n import Reader
        >>> error = TabletopError("no seat {seat} at this table", seat=7)
        >>> str(error), error.text(Reader("en"))
        ('no seat 7 at this table', 'no seat 7 at this table')

    A field may hold another error, which is rendered in the same language. A message
    given already filled (no fields) is translated when the catalog has it as it is.
    """

    SENTENCE: ClassVar[type[Sentence]] = Sentence
    """The sentence type the message is kept as (the server's writes fractions its way)."""

    def __init__(self, message: str = "", /, **fields: Any) -> None:
        self.sentence = self.SENTENCE(message, fields)
        super().__init__(self.sentence.english())

    @property
    def template(self) -> str:
        """The English template (the message the catalogs translate)."""
        return self.sentence.template

    @property
    def fields(self) -> dict[str, Any]:
        return self.sentence.fields

    def text(self, reader: Reader) -> str:
        """The message in the reader's language."""
        return self.sentence.read(reader)


class UnknownGameError(TabletopError):
    """No game is registered under the requested id."""


class InvalidOptionsError(TabletopError):
    """An option is unknown or has a value the game does not accept.

    ``option`` names the offending option so that callers can point at it.
    """

    WRAPPER: ClassVar[str] = "option {option!r}: {problem}"
    """The sentence the problem is said in (a message of the catalogs)."""

    def __init__(self, option: str, message: str, /, **fields: Any) -> None:
        problem = TabletopError(message, **fields)
        super().__init__(self.WRAPPER, option=option, problem=problem)
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
