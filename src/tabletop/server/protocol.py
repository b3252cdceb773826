"""The websocket protocol: what a client may send, and the errors it gets back.

Client to server, one JSON object per message:

- ``{"type": "hello", "token": "...", "lang": "de"}`` first: take your seat (omit the
  token to watch as a spectator), reading the log, the actions' labels and the
  server's sentences in ``lang`` (optional: else the language the websocket's
  ``Accept-Language`` asks for, else English; an unknown one is refused as
  ``bad_language``). Answered by ``welcome`` (with the ``lang`` chosen) and a
  ``state``.
- ``{"type": "action", "action": 17, "version": 42}``: play action id 17 in the state
  of ``version`` actions: a click sent twice, or after the game moved on, is refused
  as ``stale`` instead of being played again.
- ``{"type": "hint"}``: the search's view of your legal actions, each with the game's
  reason for it (or ``null``).
- ``{"type": "leave"}``: hand your seat to the table's replacement bot.
- ``{"type": "ready"}``: you have read the summary of a break (a round's end); the
  bots wait for every person at the table to say so (``table.waiting_for_ready``).
- ``{"type": "preferences", "preferences": {"evolutions": "matching"}}``: change some
  of your seat's preferences (the game's ``preferences_type``; the others stay). The
  server answers the questions they cover for you, also while your tab sleeps, and
  plays each such answer as yours.
- ``{"type": "ping"}``.

Server to client: ``welcome`` (with the game's ``preferences`` described, for a seat,
and ``log_from``: the number of the first log event the connection gets; the log of a
long game is cut to its last events, and 0 means it is whole),
``state`` (your ``view``, the new log events you may see, your legal actions when it
is your decision, each with its id, label and ``Game.action_data``, the seats, your
``preferences``), ``preferences`` (yours, after a change), ``answered`` (an action your
preferences played for you), ``hint``, ``timeout`` (at a turn-based table, a seat
ran out of time: server/turns.py), ``pong`` and ``error``. Every bad
message gets an ``error`` with a ``code`` below and a sentence for people (in the
connection's language), and changes nothing.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import Reader, languages
from tabletop.server.words import N_, Said

BAD_JSON = "bad_json"
BAD_MESSAGE = "bad_message"
TOO_LARGE = "too_large"
RATE_LIMITED = "rate_limited"
HELLO_FIRST = "hello_first"
BAD_TOKEN = "bad_token"
NOT_SEATED = "not_seated"
NOT_YOUR_TURN = "not_your_turn"
UNKNOWN_ACTION = "unknown_action"
ILLEGAL_ACTION = "illegal_action"
STALE = "stale"
NOT_PLAYING = "not_playing"
NO_TABLE = "no_table"
NO_REPLACEMENT = "no_replacement"
BUSY = "busy"
TABLE_FULL = "table_full"
TOO_MANY = "too_many_connections"
SERVER_ERROR = "server_error"
BAD_PREFERENCES = "bad_preferences"
BAD_LANGUAGE = "bad_language"

MESSAGE_TYPES = ("hello", "action", "hint", "leave", "ready", "preferences", "ping")
MAX_PREFERENCES = 32  # names in one preferences message


class ProtocolError(Exception):
    """A client message the server refuses; ``code`` is one of the constants above.

    ``message`` is an English sentence with named placeholders filled from ``fields``
    (marked with ``N_`` for the catalogs); ``to_message`` says it in a reader's
    language, ``message`` holds the English.
    """

    def __init__(self, code: str, message: str, /, **fields: Any) -> None:
        self.sentence = Said(message, fields)
        self.code = code
        self.message = self.sentence.english()
        super().__init__(self.message)

    def to_message(self, reader: Reader | None = None) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.sentence.read(reader)}


def parse_message(text: str | bytes, max_bytes: int) -> dict[str, Any]:
    """The client message in ``text``, checked for size, JSON and shape."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > max_bytes:
        raise ProtocolError(
            TOO_LARGE,
            N_("message of {size} bytes refused: the limit is {limit} bytes"),
            size=size,
            limit=max_bytes,
        )
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ProtocolError(
            BAD_JSON, N_("message is not valid JSON: {problem}"), problem=str(exc)
        ) from None
    except RecursionError:
        raise ProtocolError(BAD_JSON, N_("message is nested too deeply to be read")) from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, N_("a message must be a JSON object with a 'type'"))
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(
            BAD_MESSAGE,
            N_("unknown message type {kind}; expected one of {types}"),
            kind=repr(kind),
            types=", ".join(MESSAGE_TYPES),
        )
    if kind == "hello":
        if not isinstance(data.get("token", ""), str | None):
            raise ProtocolError(BAD_MESSAGE, N_("the field 'token' must be a string"))
        check_language(data.get("lang"))
    if kind == "action":
        action = data.get("action")
        if not _is_int(action):
            raise ProtocolError(
                UNKNOWN_ACTION,
                N_("the field 'action' must be an action id (an integer), got {value}"),
                value=repr(action),
            )
        version = data.get("version")
        if version is None:
            raise ProtocolError(
                BAD_MESSAGE,
                N_(
                    "the field 'version' is required: the number of actions of the state you "
                    "decided in, so that a click sent twice is played once"
                ),
            )
        if not _is_int(version):
            raise ProtocolError(
                BAD_MESSAGE,
                N_("the field 'version' must be an integer, got {value}"),
                value=repr(version),
            )
    if kind == "preferences":
        prefs = data.get("preferences")
        if not isinstance(prefs, dict) or not prefs or len(prefs) > MAX_PREFERENCES:
            raise ProtocolError(
                BAD_PREFERENCES,
                N_("the field 'preferences' must be an object of at most {most} names and values"),
                most=MAX_PREFERENCES,
            )
        for name, value in prefs.items():
            if not isinstance(value, str | int | bool) or len(name) > 64:
                raise ProtocolError(
                    BAD_PREFERENCES,
                    N_(
                        "preference {name}: a value must be a string, a number or a switch, "
                        "got {kind}"
                    ),
                    name=repr(name[:64]),
                    kind=type(value).__name__,
                )
    return data


def check_language(lang: object) -> str | None:
    """A hello's ``lang``: None (not given) or the code of a language the server
    speaks; anything else is refused."""
    if lang is None:
        return None
    if not isinstance(lang, str):
        raise ProtocolError(
            BAD_LANGUAGE,
            N_("the field 'lang' must be a language code such as 'de', got {value}"),
            value=_shown(lang),
        )
    if lang not in languages():
        raise ProtocolError(
            BAD_LANGUAGE,
            N_("unknown language {lang}: choose one of {languages}"),
            lang=_shown(lang),
            languages=", ".join(languages()),
        )
    return lang


def _shown(value: object, most: int = 60) -> str:
    """``repr(value)`` cut to ``most`` characters: a client's value quoted in a reply."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(slots=True)
class RateLimiter:
    """A token bucket: ``burst`` messages at once, refilled at ``per_s`` a second; a
    request that costs more than one (``allow(cost)``) takes as many tokens."""

    burst: int
    per_s: float
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)
        self.stamp = time.monotonic()

    def allow(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.per_s)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False
