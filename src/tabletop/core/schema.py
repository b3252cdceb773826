"""The saved-state format of each game as a JSON Schema (draft 2020-12).

What :meth:`State.to_dict <tabletop.core.state.State.to_dict>` writes is described,
field by field, in a schema shipped with each game's package, as
``tabletop/games/<game>/data/state.schema.json`` (docs/state-format.md).
:func:`state_schema` reads it.

The part of a schema that describes the game's options is generated from the game's
options dataclass by :func:`options_schema`; after an option changed,
``python -c "from tabletop.core.schema import main; main()"`` writes it into the
schema files again (the tests check that the files agree with the dataclasses).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import types
import typing
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

from tabletop.core.registry import game_class, list_games

SCHEMA_FILE = "data/state.schema.json"
"""Where a game's package keeps the schema of its saved states."""


def state_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``game_id``'s saved states: what
    ``state.to_dict()`` writes, hidden cards and the random generator included.

    Each call returns a fresh copy, free to change. An unknown id raises
    :class:`~tabletop.core.errors.UnknownGameError`; a registered game that ships no
    schema raises :class:`FileNotFoundError`.

    >>> import tabletop
    >>> schema = tabletop.state_schema("kung-fu")
    >>> schema["properties"]["game"]["const"]
    'kung-fu'
    >>> sorted(schema["required"])
    ['game', 'history', 'num_players', 'seed', 'state']
    """
    data: dict[str, Any] = json.loads(_schema_text(game_id))
    return data


@cache
def _schema_text(game_id: str) -> str:
    package = _package(game_id)
    path = resources.files(package).joinpath(SCHEMA_FILE)
    if not path.is_file():
        raise FileNotFoundError(f"{game_id} ships no state schema ({package}: {SCHEMA_FILE})")
    return path.read_text(encoding="utf-8")


def _package(game_id: str) -> str:
    """The package of the game registered as ``game_id`` (the one its class is in)."""
    module = game_class(game_id).__module__
    package = module.rpartition(".")[0]
    return package or module


def options_schema(game_id: str) -> dict[str, Any]:
    """The schema of the ``"options"`` of ``game_id``'s saved states, generated from the
    annotations and the :func:`~tabletop.core.options.option` metadata of its options
    dataclass: each option's allowed values, range, default and description.

    >>> names = options_schema("kung-fu")["properties"]
    >>> names["first_player"]["enum"], names["first_player"]["default"]
    (['random', '0', '1'], 'random')
    """
    cls = game_class(game_id)
    options_type = cls.options_type
    hints = get_type_hints(options_type)
    properties: dict[str, Any] = {}
    for field in dataclasses.fields(options_type):
        meta = field.metadata
        described: dict[str, Any] = {
            "title": meta.get("title", field.name),
            "description": _option_text(meta),
        }
        described.update(_value_schema(hints[field.name], meta))
        described["default"] = field.default
        properties[field.name] = described
    return {
        "type": "object",
        "description": (
            f"The options the state was saved with: every option of {options_type.__name__} "
            f"(docs/games/{game_id}.md explains each). A state loads only into a game made "
            "with the same options (tabletop.load_state makes that game); an option left "
            "out takes the loading game's value (its default with tabletop.load_state)."
        ),
        "properties": properties,
        "additionalProperties": False,
    }


def _option_text(meta: typing.Mapping[str, Any]) -> str:
    """An option's description, with the meaning of each labelled value."""
    text = str(meta.get("description", "")).strip()
    labels = meta.get("values", {})
    if labels:
        values = "; ".join(f"{json.dumps(v, ensure_ascii=False)}: {t}" for v, t in labels.items())
        text = f"{text} Values: {values}."
    if meta.get("range_note"):
        text = f"{text} Range: {meta['range_note']}."
    if meta.get("names_a_file"):
        text = f"{text} Any value but the default is the path of a file the game reads."
    return text


def _value_schema(hint: Any, meta: typing.Mapping[str, Any]) -> dict[str, Any]:
    """The JSON Schema of the values a type annotation allows."""
    arms = get_args(hint) if get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    schemas = [_arm_schema(arm, meta) for arm in arms]
    return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}


def _arm_schema(arm: Any, meta: typing.Mapping[str, Any]) -> dict[str, Any]:
    if get_origin(arm) is Literal:
        return {"enum": list(get_args(arm))}
    if arm is bool:
        return {"type": "boolean"}
    if arm is int:
        out: dict[str, Any] = {"type": "integer"}
        if meta.get("min") is not None:
            out["minimum"] = meta["min"]
        if meta.get("max") is not None:
            out["maximum"] = meta["max"]
        return out
    if arm is str:
        return {"type": "string"}
    if arm is type(None):
        return {"type": "null"}
    raise TypeError(f"no JSON Schema for an option of type {arm!r}")


def schema_path(game_id: str) -> Path:
    """Where ``game_id``'s schema file lies on disk (in the source tree when the package
    is installed in editable mode)."""
    package = importlib.import_module(_package(game_id))
    assert package.__file__ is not None
    return Path(package.__file__).parent / SCHEMA_FILE


def render(schema: dict[str, Any]) -> str:
    """A schema as the packaged files write it (two-space indents, UTF-8)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def update_options(game_id: str) -> bool:
    """Write :func:`options_schema` into ``game_id``'s schema file; whether it changed."""
    path = schema_path(game_id)
    schema = json.loads(path.read_text(encoding="utf-8"))
    fresh = options_schema(game_id)
    if schema["properties"].get("options") == fresh:
        return False
    schema["properties"]["options"] = fresh
    path.write_text(render(schema), encoding="utf-8")
    _schema_text.cache_clear()
    return True


def main() -> int:
    """Bring the options part of every game's schema file up to date with its options
    dataclass (in the source tree of an editable install), saying what changed."""
    for game_id in list_games():
        try:
            changed = update_options(game_id)
        except FileNotFoundError:
            print(f"{game_id}: no state schema")
            continue
        print(f"{game_id}: {'options updated' if changed else 'up to date'}")
    return 0
