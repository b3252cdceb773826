"""Game options as frozen dataclasses, validated from keyword or string values.

Each game declares its options as a frozen dataclass whose field types are
``bool``, ``int``, ``str``, ``Literal[...]`` or unions of those. :func:`parse_options`
turns user input (Python values, or strings from a command line) into that dataclass
and raises :class:`InvalidOptionsError` naming the first bad option.

Each field is declared with :func:`option`, which stores what a player reads about it
(title, description, group, a label per value, the range of a number) in the field's
metadata; :func:`option_catalogue` returns that as :class:`OptionInfo` records, and
:func:`check_ranges` validates the declared ranges in ``__post_init__``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

from tabletop.core.errors import InvalidOptionsError, TabletopError

OptionsT = TypeVar("OptionsT")


def _coerce(name: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        for choice in allowed:
            if value == choice or (isinstance(value, str) and str(choice) == value):
                return choice
        raise InvalidOptionsError(
            name,
            "must be one of {choices}; got {value!r}",
            choices=", ".join(map(str, allowed)),
            value=value,
        )
    if origin in (typing.Union, types.UnionType):
        errors = []
        for arm in get_args(hint):
            try:
                return _coerce(name, arm, value)
            except InvalidOptionsError as exc:
                errors.append(str(exc))
        raise InvalidOptionsError(name, "{value!r} is not valid", value=value)
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "on", "yes", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "off", "no", "0"):
            return False
        raise InvalidOptionsError(name, "must be on or off; got {value!r}", value=value)
    if hint is int:
        if isinstance(value, bool):
            raise InvalidOptionsError(name, "must be a whole number; got {value!r}", value=value)
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value)
            except ValueError:
                pass
        raise InvalidOptionsError(name, "must be a whole number; got {value!r}", value=value)
    if hint is str:
        if isinstance(value, str):
            return value
        raise InvalidOptionsError(name, "must be text; got {value!r}", value=value)
    if hint is type(None):
        if value is None or value == "none":
            return None
        raise InvalidOptionsError(name, "must be none; got {value!r}", value=value)
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
            raise InvalidOptionsError(
                name, "unknown option (known: {known})", known=", ".join(sorted(fields))
            )
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


OPTION_GROUPS: tuple[str, ...] = ("setup", "expansions", "variants", "advanced")
"""The groups options are shown in, in this order: the table set-up, expansions, rule
variants and open rulings, and engine limits and data tables."""

OPTION_GROUP_TITLES: dict[str, str] = {
    "setup": "Set-up",
    "expansions": "Expansions",
    "variants": "Rule variants",
    "advanced": "Advanced: engine limits and data tables",
}
"""A heading for each of :data:`OPTION_GROUPS`."""

OPTION_KINDS: tuple[str, ...] = ("choice", "bool", "int", "text")
"""The kinds of :attr:`OptionInfo.kind`; a union joins its arms' kinds with ``-or-``
(``"int-or-choice"``: UNO Power's target score; ``"choice-or-text"``: Kung Fu's deck, a
packaged one or a file's path)."""


def option(
    default: Any,
    *,
    title: str,
    description: str,
    group: str,
    values: Mapping[Any, str] | None = None,
    min: int | None = None,
    max: int | None = None,
    range_note: str = "",
    names_a_file: bool = False,
) -> Any:
    """A dataclass field for an option, described for players.

    ``title`` is a short name, ``description`` one line on what it changes in play,
    ``group`` one of :data:`OPTION_GROUPS`, ``values`` a label for each allowed value
    (for booleans, ``True``/``False`` may be labelled), ``min``/``max`` the range of a
    whole number (checked by :func:`check_ranges`; ``range_note`` is added to its
    error message). ``names_a_file``: a value other than the default and the labelled
    ``values`` is the path of a file to read (Kung Fu's ``deck``): a server takes only
    those from clients.
    """
    if group not in OPTION_GROUPS:
        raise ValueError(f"option group must be one of {', '.join(OPTION_GROUPS)}; got {group!r}")
    metadata: dict[str, Any] = {
        "title": title,
        "description": description,
        "group": group,
        "values": dict(values or {}),
    }
    if min is not None:
        metadata["min"] = min
    if max is not None:
        metadata["max"] = max
    if range_note:
        metadata["range_note"] = range_note
    if names_a_file:
        metadata["names_a_file"] = True
    return dataclasses.field(default=default, metadata=metadata)


@dataclasses.dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option as a player reads it (see :func:`option_catalogue`).

    ``kind`` is ``"choice"``, ``"bool"``, ``"int"``, ``"text"`` or a union such as
    ``"int-or-choice"``. ``values`` pairs each allowed value with its label: the
    choices (``Literal`` values), ``True`` and ``False`` for a switch, and empty for
    free input; ``min``/``max`` bound a whole number where the options check a range.
    ``names_a_file``: any value but the default and ``values`` is a path the game reads.
    """

    name: str
    title: str
    description: str
    group: str
    kind: str
    default: Any
    values: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None
    names_a_file: bool = False

    def label(self, value: Any) -> str:
        """The label of ``value``: its declared label, else the value as typed."""
        for allowed, label in self.values:
            if allowed == value and type(allowed) is type(value):
                return label
        return value_text(value)

    @property
    def default_label(self) -> str:
        return self.label(self.default)


def value_text(value: Any) -> str:
    """A value as it is typed on a command line (``on``/``off`` for booleans)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value == "":
        return "(empty)"
    return str(value)


def option_catalogue(cls: type[Any]) -> list[OptionInfo]:
    """Every option of the options dataclass ``cls``, in declaration order.

    A field declared without :func:`option` gets its name as title, an empty
    description and the group ``"variants"``.
    """
    hints = get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        hint = hints[f.name]
        labels: Mapping[Any, str] = meta.get("values", {})
        out.append(
            OptionInfo(
                name=f.name,
                title=meta.get("title", f.name),
                description=meta.get("description", ""),
                group=meta.get("group", "variants"),
                kind=_kind(hint),
                default=f.default,
                values=tuple((v, labels.get(v, value_text(v))) for v in _allowed(hint)),
                min=meta.get("min"),
                max=meta.get("max"),
                names_a_file=bool(meta.get("names_a_file", False)),
            )
        )
    return out


def missing_descriptions(cls: type[Any]) -> list[str]:
    """What the options of ``cls`` fail to describe, as ``"name: what"`` lines.

    Every field needs a title, a description and a known group, and every choice a
    label for each of its allowed values; the games' tests require an empty list.
    """
    hints = get_type_hints(cls)
    problems = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        for key in ("title", "description", "group"):
            if not meta.get(key):
                problems.append(f"{f.name}: no {key}")
        if meta.get("group") and meta["group"] not in OPTION_GROUPS:
            problems.append(f"{f.name}: unknown group {meta['group']!r}")
        labels = meta.get("values", {})
        for value in _choices(hints[f.name]):
            if not labels.get(value):
                problems.append(f"{f.name}: no label for {value!r}")
        for value in labels:
            if value not in _allowed(hints[f.name]):
                problems.append(f"{f.name}: label for {value!r}, which is not allowed")
    return problems


def check_ranges(options: Any) -> None:
    """Raise :class:`InvalidOptionsError` for a whole number outside its declared range.

    Call it from ``__post_init__``: the range is declared once, in :func:`option`.
    """
    for f in dataclasses.fields(options):
        low, high = f.metadata.get("min"), f.metadata.get("max")
        if low is None and high is None:
            continue
        value = getattr(options, f.name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if (low is None or value >= low) and (high is None or value <= high):
            continue
        choices = _choices(get_type_hints(type(options))[f.name])
        problem = _out_of_range(low, high, " or ".join(map(str, choices)))
        note = f.metadata.get("range_note")
        if note:  # a sentence of the option's, translated as it is
            raise InvalidOptionsError(
                f.name, "{problem} ({note})", problem=problem, note=TabletopError(note)
            )
        raise InvalidOptionsError(f.name, problem.template, **problem.fields)


def _out_of_range(low: int | None, high: int | None, choices: str) -> TabletopError:
    """What a whole number must be: within ``low`` to ``high`` (either may be open), or
    one of ``choices`` (the choices of a union, joined; empty for none)."""
    if low is None:
        if choices:
            return TabletopError("must be at most {high} or {choices}", high=high, choices=choices)
        return TabletopError("must be at most {high}", high=high)
    if high is None:
        if choices:
            return TabletopError("must be at least {low} or {choices}", low=low, choices=choices)
        return TabletopError("must be at least {low}", low=low)
    if choices:
        return TabletopError(
            "must be {low} to {high} or {choices}", low=low, high=high, choices=choices
        )
    return TabletopError("must be {low} to {high}", low=low, high=high)


def _arms(hint: Any) -> tuple[Any, ...]:
    if get_origin(hint) in (typing.Union, types.UnionType):
        return get_args(hint)
    return (hint,)


def _choices(hint: Any) -> tuple[Any, ...]:
    """The ``Literal`` values a hint allows (of every arm of a union)."""
    return tuple(v for arm in _arms(hint) if get_origin(arm) is Literal for v in get_args(arm))


def _allowed(hint: Any) -> tuple[Any, ...]:
    """The values that get a label: the choices, and ``True``/``False`` for a switch."""
    switch = (True, False) if any(arm is bool for arm in _arms(hint)) else ()
    return switch + _choices(hint)


def _kind(hint: Any) -> str:
    kinds: list[str] = []
    for arm in _arms(hint):
        if get_origin(arm) is Literal:
            kind = "choice"
        elif arm is bool:
            kind = "bool"
        elif arm is int:
            kind = "int"
        elif arm is str:
            kind = "text"
        else:
            kind = getattr(arm, "__name__", str(arm))
        if kind not in kinds:
            kinds.append(kind)
    return "-or-".join(kinds)
