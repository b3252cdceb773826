"""How deeply a text or a value nests, found without parsing it.

Python's JSON and TOML parsers recurse once per level: a client's text nested a few
thousand levels deep stops them with a ``RecursionError`` (a 500 before, and the
stack spent first). The scans here count the brackets outside strings and comments
instead, in time linear in the text and without recursion, so that a text nested
too deep is refused with a clear error before any parser sees it.

A text with fewer opening brackets than the limit cannot nest deeper, so the usual
case costs two counts; only a text with more is scanned.
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")

# What a scan skips: strings (and TOML's comments). Each runs to its end, or to where
# the parser would stop reading it (the end of the text, a lone backslash before it
# included; a basic TOML string, its line), so that no pattern can fail after a long
# match: a failure there would be retried from every later quote, in quadratic time.
_JSON_SKIPPED = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_TOML_SKIPPED = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*(?:"""|\\?\Z)'  # multi-line basic string
    r"|'''(?:[^']|'(?!''))*(?:'''|\Z)"  # multi-line literal string
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"?'  # basic string
    r"|'[^'\n]*'?"  # literal string
    r"|#[^\n]*",  # comment
    re.DOTALL,
)
"""What is left of a TOML text nests by its brackets: arrays and inline tables (a
table header, ``[a.b]`` or ``[[a.b]]``, opens and closes at once)."""


def json_too_deep(text: str | bytes, most: int) -> bool:
    """Whether JSON ``text`` nests arrays and objects more than ``most`` levels deep."""
    if isinstance(text, bytes):
        if text.count(b"[") + text.count(b"{") <= most:
            return False
        text = text.decode("utf-8", "replace")
    return _too_deep(text, _JSON_SKIPPED, most)


def toml_too_deep(text: str, most: int) -> bool:
    """Whether TOML ``text`` nests arrays and inline tables more than ``most`` levels
    deep (dotted keys nest too: :func:`value_too_deep` checks what they built)."""
    return _too_deep(text, _TOML_SKIPPED, most)


def _too_deep(text: str, skipped: re.Pattern[str], most: int) -> bool:
    if text.count("[") + text.count("{") <= most:
        return False
    brackets = _NOT_BRACKETS.sub("", skipped.sub("", text))
    return max(accumulate(map(_STEPS.__getitem__, brackets)), default=0) > most


def value_too_deep(value: Any, most: int) -> bool:
    """Whether a parsed value nests lists and dicts more than ``most`` levels deep
    (walked with a stack of its own, so any depth is measured safely)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth + 1 > most:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
