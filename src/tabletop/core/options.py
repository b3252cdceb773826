"""Game options as frozen dataclasses, validated from keyword or string values.

Each game declares its options as a frozen dataclass whose field types are
``bool``, ``int``, ``str``, ``Literal[...]`` or unions of those. :func:`parse_options`
turns user input (Python values, or strings from a command line) into that dataclass
and raises :class:`InvalidOptionsError` naming the first bad option.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

from tabletop.core.errors import InvalidOptionsError

OptionsT = TypeVar("OptionsT")


def _coerce(name: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        for choice in allowed:
            if value == choice or (isinstance(value, str) and str(choice) == value):
                return choice
        raise InvalidOptionsError(
            name, f"must be one of {', '.join(map(str, allowed))}; got {value!r}"
        )
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arm in get_args(hint):
            try:
                return _coerce(name, arm, value)
            except InvalidOptionsError as exc:
                errors.append(str(exc))
        raise InvalidOptionsError(name, f"{value!r} is not valid")
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "on", "yes", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "off", "no", "0"):
            return False
        raise InvalidOptionsError(name, f"must be on or off; got {value!r}")
    if hint is int:
        if isinstance(value, bool):
            raise InvalidOptionsError(name, f"must be a whole number; got {value!r}")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise InvalidOptionsError(name, f"must be a whole number; got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise InvalidOptionsError(name, f"must be text; got {value!r}")
    if hint is type(None):
        if value is None or value == "none":
            return None
        raise InvalidOptionsError(name, f"must be none; got {value!r}")
    return value


def parse_options(cls: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Build the options dataclass ``cls`` from ``values``.

    Unknown names and badly typed values raise :class:`InvalidOptionsError`; the
    dataclass's own ``__post_init__`` may add range checks.
    """
    hints = get_type_hints(cls)
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {}
    for name, value in values.items():
        if name not in fields:
            raise InvalidOptionsError(name, f"unknown option (known: {', '.join(sorted(fields))})")
        kwargs[name] = _coerce(name, hints[name], value)
    return cls(**kwargs)


def options_to_dict(options: Any) -> dict[str, Any]:
    """The options as JSON-ready data (only the dataclass fields)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def describe_options(cls: type[Any]) -> list[tuple[str, str, Any]]:
    """``(name, allowed values, default)`` for each option, for help texts."""
    hints = get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        out.append((f.name, _describe_type(hints[f.name]), f.default))
    return out


def _describe_type(hint: Any) -> str:
    origin = get_origin(hint)
    if origin is Literal:
        return " | ".join(str(a) for a in get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_describe_type(a) for a in get_args(hint))
    if hint is bool:
        return "on | off"
    return getattr(hint, "__name__", str(hint))
