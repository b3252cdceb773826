"""Errors a person can provoke read in their language (docs/languages.md).

Each raise site gives an English template with named fields
(:class:`tabletop.core.errors.TabletopError`); ``python -m tabletop.i18n.extract``
collects the templates, so that the catalogs can translate them. ``str()`` stays the
English a front end showed before.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest
from babel.messages.catalog import Catalog

import tabletop
from tabletop import GameRecord
from tabletop.bots.registry import check_think, make_bot, parse_bot_spec
from tabletop.core.errors import InvalidOptionsError, TabletopError
from tabletop.core.positions import PositionError, load_position
from tabletop.games.kung_fu.deck_file import parse_deck
from tabletop.i18n import Reader, languages
from tabletop.i18n.extract import PYTHON_KEYWORDS, template
from tests.helpers import MadeUpReader

PACKAGE = Path(tabletop.__file__).resolve().parent

CONVERTED = [
    "core/options.py",
    "core/positions.py",
    "core/record.py",
    "core/game.py",
    "core/state.py",
    "core/registry.py",
    "games/king_of_tokyo/position.py",
    "games/king_of_tokyo/position_evolutions.py",
    "games/kung_fu/position.py",
    "games/uno_power/position.py",
    "games/kung_fu/checks.py",
    "games/uno_power/checks.py",
    "games/kung_fu/cards.py",
    "games/uno_power/cards.py",
    "games/king_of_tokyo/saving.py",
    "games/king_of_tokyo/evolution_hands.py",
    "games/kung_fu/record.py",
    "games/king_of_tokyo/options.py",
    "games/kung_fu/options.py",
    "games/uno_power/options.py",
    "bots/registry.py",
    "sim/spec.py",
    "sim/experiment.py",
    "sim/store.py",
    "sim/backends.py",
    "sim/summary.py",
    "sim/studies/base.py",
    "cli/sim.py",
    "cli/study.py",
    "rl/openspiel.py",
    "rl/gymnasium.py",
    "rl/pettingzoo.py",
    "rl/start.py",
    "rl/observers/__init__.py",
    "rl/observers/base.py",
]
"""The modules whose errors are templates (an f-string message there is a mistake)."""

ERRORS = {name: spec for name, spec in PYTHON_KEYWORDS.items() if name.endswith("Error")}


def _illegal_action() -> None:
    state = tabletop.make("uno-power").new_state(2, 0)
    legal = set(state.legal_action_ids())
    state.apply(next(i for i in range(len(state.game.actions)) if i not in legal))


def _bad_replay() -> None:
    state = tabletop.make("uno-power").new_state(2, 0)
    state.apply(state.legal_action_ids()[0])
    data = GameRecord.from_state(state).to_dict()
    data["actions"] = [*data["actions"], 10**6]
    GameRecord.from_dict(data).replay()


def _other_options() -> None:
    saved = tabletop.make("uno-power", hand_size=5).new_state(2, 0).to_dict()
    tabletop.make("uno-power").state_from_dict(saved)


def _deck(cards: list[dict[str, Any]]) -> Callable[[], object]:
    base = {
        "id": "a",
        "name": "A",
        "deck": "attack",
        "count": 1,
        "value": 3,
        "koku": 0,
        "effects": [],
    }
    return lambda: parse_deck(json.dumps({"cards": [{**base, "cost": 0, **c} for c in cards]}))


UNO = {"game": "uno-power", "hands": [["red 5"], ["blue 5"]], "top": "red 3"}

PROVOKED: dict[str, tuple[Callable[[], object], str]] = {
    "bad option value": (
        lambda: tabletop.make("uno-power", hand_size="many"),
        "option 'hand_size': must be a whole number; got 'many'",
    ),
    "option out of range, or a choice": (
        lambda: tabletop.make("uno-power", target_score=0),
        "option 'target_score': must be 1 to 100000 or single_round",
    ),
    "option out of range, with its note": (
        lambda: tabletop.make("kung-fu", max_voluntary_passes=9),
        "option 'max_voluntary_passes': must be -1 to 5 (-1 is as often as the players want)",
    ),
    "option choice": (
        lambda: tabletop.make("king-of-tokyo", edition="1999"),
        "option 'edition': must be one of 2011, 2016; got '1999'",
    ),
    "unknown monster": (
        lambda: tabletop.make("king-of-tokyo", monsters="the_king,nobody"),
        "option 'monsters': unknown monster 'nobody'; known: alienoid, cyber_bunny, "
        "cyber_kitty, giga_zaur, kraken, meka_dragon, pandakai, space_penguin, the_king",
    ),
    "icon table": (
        lambda: tabletop.make("uno-power", icon_table="U:12"),
        "option 'icon_table': number 12 is not a card number 1-9",
    ),
    "unknown game": (
        lambda: tabletop.make("chess"),
        "unknown game 'chess'; known games: king-of-tokyo, kung-fu, uno-power",
    ),
    "players": (
        lambda: tabletop.make("uno-power").new_state(12, 0),
        "option 'num_players': UNO Power takes 2 to 6 players, not 12",
    ),
    "bad position field": (
        lambda: load_position({**UNO, "direction": 2}),
        "option 'position.direction': 1 (clockwise) or -1, got 2",
    ),
    "a move that is not legal in a position": (
        lambda: load_position({**UNO, "moves": ["play blue 5"]}),
        "option 'position.moves[0]': 'play blue 5' is not legal for player 1 here "
        "(legal: 'play red 5', 'draw a card')",
    ),
    "a card in a position's box twice": (
        lambda: load_position({**UNO, "box": ["red 5"]}),
        "option 'position.box': red 5: more copies than the deck holds",
    ),
    "a field the first card decides": (
        lambda: load_position({**UNO, "start": "first card", "turn": 1}),
        "option 'position.turn': the first card decides it at start = \"first card\" "
        "(set the dealer)",
    ),
    "unknown card in a position": (
        lambda: load_position({**UNO, "hands": [["red 55"], ["blue 5"]]}),
        "option 'position.hands[0]': no card called 'red 55' "
        "(did you mean red 5, red 9, red 8, red 7, red 6?)",
    ),
    "one per seat": (
        lambda: load_position({"game": "kung-fu", "rows": [[]]}),
        "option 'position.rows': needs one koku row per player (2)",
    ),
    "King of Tokyo position": (
        lambda: load_position({"game": "king-of-tokyo", "monsters": ["The King", "The King"]}),
        "option 'position.monsters[1].name': The King is at the table twice",
    ),
    "a count out of range": (
        lambda: load_position(
            {"game": "king-of-tokyo", "monsters": [{"name": "The King", "energy": -1}, "Kraken"]}
        ),
        "option 'position.monsters[0].energy': from 0, got -1",
    ),
    "Kung Fu card of the wrong colour": (
        lambda: load_position({"game": "kung-fu", "blue_discard": ["Drunken Master"]}),
        "option 'position.blue_discard': Drunken Master: not a blue card",
    ),
    "unknown bot": (
        lambda: make_bot("nobody", "uno-power"),
        "unknown bot 'nobody' for uno-power; available: easy, hard, heuristic, ismcts, "
        "normal, random",
    ),
    "thinking time": (
        lambda: check_think(0),
        "the thinking time must be above 0 and at most 60 seconds, not 0",
    ),
    "a huge thinking time": (
        lambda: check_think(10**5000),
        "the thinking time must be above 0 and at most 60 seconds, not a huge number",
    ),
    "bot spec": (
        lambda: parse_bot_spec("normal@0"),
        "'normal@0': the thinking time must be above 0 and at most 60 seconds, not 0.0, "
        "e.g. normal@0.5",
    ),
    "bot spec without seconds": (
        lambda: parse_bot_spec("normal@x"),
        "'normal@x': give seconds after '@', e.g. normal@0.5",
    ),
    "illegal action id": (
        lambda: tabletop.make("uno-power").new_state(2, 0).apply(10**6),
        "action id 1000000 is out of range 0..407 for uno-power",
    ),
    "illegal action": (
        _illegal_action,
        "'play red 1' is not legal for player 2 now; legal: play yellow Skip, draw a card",
    ),
    "malformed record": (
        lambda: GameRecord.from_json('{"format_version": 99}'),
        "unsupported record format version 99 (expected 1)",
    ),
    "record that is not JSON": (
        lambda: GameRecord.from_json("{"),
        "record is not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)",
    ),
    "record that cannot be replayed": (
        _bad_replay,
        "action 1 (id 1000000) cannot be replayed: "
        "action id 1000000 is out of range 0..407 for uno-power",
    ),
    "state of other options": (
        _other_options,
        "the state was saved with hand_size=5, this game has hand_size=7: load it with "
        "tabletop.load_state(data), or make the game with the state's options",
    ),
    "malformed state": (
        lambda: tabletop.make("uno-power").state_from_dict({"game": "uno-power"}),
        "malformed state data: KeyError('num_players')",
    ),
    "deck file": (
        lambda: parse_deck("[]"),
        "option 'deck': deck file: 'cards' must be a non-empty list",
    ),
    "deck card": (
        _deck([{"value": 99}]),
        "option 'deck': card a: field 'value' must be 0 to 12, got 99",
    ),
    "deck without parries": (
        _deck([{}]),
        "option 'deck': deck file has no parry cards",
    ),
}


def _provoke(name: str) -> TabletopError:
    provoke, _ = PROVOKED[name]
    with pytest.raises(TabletopError) as info:
        provoke()
    return info.value


def _nested(error: TabletopError) -> Iterator[TabletopError]:
    """The error and every error in its fields, depth first."""
    yield error
    for value in error.fields.values():
        if isinstance(value, TabletopError):
            yield from _nested(value)


def _placeholders(message: str) -> set[str]:
    """The field names a template fills (``{value!r}`` and ``{a.b}`` name ``value``, ``a``)."""
    names = set()
    for _text, name, _spec, _conversion in Formatter().parse(message):
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


@cache
def _catalog() -> Catalog:
    return template()


@pytest.mark.parametrize("name", sorted(PROVOKED))
def test_the_english_message_is_unchanged(name: str) -> None:
    assert str(_provoke(name)) == PROVOKED[name][1]


@pytest.mark.parametrize("name", sorted(PROVOKED))
def test_a_provoked_error_is_in_the_catalogs_and_reads_the_same_in_english(name: str) -> None:
    error = _provoke(name)
    assert error.text(Reader("en")) == str(error)
    for part in _nested(error):
        assert part.template in _catalog(), part.template
        assert not part.fields or _placeholders(part.template) == set(part.fields), part.template


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("name", sorted(PROVOKED))
def test_a_provoked_error_reads_in_every_language(name: str, lang: str) -> None:
    """Whatever the catalog holds for its templates, the message fills without error."""
    text = _provoke(name).text(Reader(lang))
    assert text.strip()


def test_the_translation_fills_the_fields_and_the_nested_problem() -> None:
    error = _provoke("bad option value")
    assert isinstance(error, InvalidOptionsError) and error.option == "hand_size"
    reader = MadeUpReader(
        {
            "option {option!r}: {problem}": "Option {option!r}: {problem}",
            "must be a whole number; got {value!r}": "muss eine ganze Zahl sein, nicht {value!r}",
        }
    )
    assert error.text(reader) == "Option 'hand_size': muss eine ganze Zahl sein, nicht 'many'"


def test_a_position_error_keeps_its_field() -> None:
    error = _provoke("bad position field")
    assert isinstance(error, PositionError)
    assert error.option == "position.direction"
    (problem,) = (v for v in error.fields.values() if isinstance(v, TabletopError))
    assert problem.template == "1 (clockwise) or -1, got {value!r}"
    assert problem.fields == {"value": 2}


def _error_calls(path: Path) -> Iterator[tuple[int, str, ast.expr | None, ast.Call]]:
    """Each call of an error class the extractor knows: line, name, message argument."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in ERRORS:
            continue
        spec = ERRORS[name]
        index = 0 if spec is None else int(spec[0]) - 1
        message = node.args[index] if len(node.args) > index else None
        yield node.lineno, name, message, node


def test_no_converted_module_raises_an_f_string() -> None:
    """An f-string message cannot be translated (the extractor skips it)."""
    found = [
        f"{where}:{line}: {name}"
        for where in CONVERTED
        for line, name, message, _ in _error_calls(PACKAGE / where)
        if isinstance(message, ast.JoinedStr | ast.BinOp)
    ]
    assert found == []


def test_every_error_template_gets_the_fields_it_names() -> None:
    """A literal template names exactly the fields its raise site passes."""
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, name, message, call in _error_calls(path):
            if not (isinstance(message, ast.Constant) and isinstance(message.value, str)):
                continue
            given = {k.arg for k in call.keywords}
            if None in given:  # **fields: not known here
                continue
            try:
                named = _placeholders(message.value)
            except ValueError as exc:  # not a format string: fine only without fields
                if given:
                    wrong.append(f"{path.relative_to(PACKAGE)}:{line}: {name}: {exc}")
                continue
            if named != given:
                wrong.append(f"{path.relative_to(PACKAGE)}:{line}: {name}: {named} != {given}")
    assert wrong == []
