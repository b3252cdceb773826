"""Position files written as TOML, for the values positions hold: strings, whole
numbers, true/false, decimals, lists and tables (King of Tokyo's ``[[monsters]]``).

Python reads TOML (:mod:`tomllib`) but does not write it; positions need only this
much of it, so it is written here rather than taken from another package.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

WIDTH = 88
"""The longest line :func:`toml_text` writes a list on before it breaks it."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_text(data: Mapping[str, Any]) -> str:
    """``data`` as a TOML document: the plain keys first, a long table as a
    ``[section]``, a list of tables as ``[[sections]]`` (King of Tokyo's monsters).
    A value TOML has no form for (``None``) raises :class:`ValueError`.

    >>> print(toml_text({"game": "uno-power", "options": {"hand_size": 5}, "turn": 1}), end="")
    game = "uno-power"
    options = { hand_size = 5 }
    turn = 1
    """
    lines: list[str] = []
    sections: list[str] = []
    for key, value in data.items():
        if _is_table_list(value):
            for item in value:
                sections += ["", f"[[{_key(key)}]]", *_entries(item, key)]
        elif isinstance(value, Mapping) and len(_line(key, value)) > WIDTH:
            sections += ["", f"[{_key(key)}]", *_entries(value, key)]
        else:
            lines.append(_line(key, value))
    return "\n".join(lines + sections) + "\n"


def _is_table_list(value: Any) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and bool(value)
        and all(isinstance(x, Mapping) for x in value)
    )


def _entries(table: Mapping[str, Any], path: str) -> list[str]:
    return [_line(key, value, f"{path}.{key}") for key, value in table.items()]


def _line(key: str, value: Any, path: str | None = None) -> str:
    head = f"{_key(key)} = "
    return head + _text(value, path or key, 0, WIDTH - len(head))


def _text(value: Any, path: str, depth: int, room: int) -> str:
    """``value`` inline where it fits in ``room``, else a list broken over lines: its
    lists one a line, its other items as many a line as fit."""
    one = _inline(value, path)
    if len(one) <= room or isinstance(value, str | Mapping) or not isinstance(value, Sequence):
        return one
    pad = "    " * (depth + 1)
    width = WIDTH - len(pad) - 1  # the comma
    rows: list[str] = []
    nested = any(isinstance(x, Sequence) and not isinstance(x, str) for x in value)
    for i, item in enumerate(value):
        text = _text(item, f"{path}[{i}]", depth + 1, width)
        if not nested and rows and len(rows[-1]) + 2 + len(text) <= width:
            rows[-1] += ", " + text
        else:
            rows.append(text)
    return "[\n" + "".join(f"{pad}{row},\n" for row in rows) + "    " * depth + "]"


def _inline(value: Any, path: str) -> str:
    if value is None:
        raise ValueError(f"{path}: TOML has no null")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        inner = ", ".join(f"{_key(k)} = {_inline(v, f'{path}.{k}')}" for k, v in value.items())
        return "{ " + inner + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_inline(x, f"{path}[{i}]") for i, x in enumerate(value)) + "]"
    raise ValueError(f"{path}: TOML has no form for {type(value).__name__}")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
