"""A sentence read in English and in other languages (``tabletop.core.sentence``),
as errors are (the server's messages: tests/server/test_words.py)."""

from __future__ import annotations

import doctest
import pickle

from tabletop.core import errors, sentence
from tabletop.core.errors import InvalidOptionsError, TabletopError
from tabletop.core.sentence import Sentence
from tabletop.i18n import Reader
from tests.helpers import MadeUpReader

DE = Reader("de")
WRAPPED = "option {option!r}: {problem}"  # in the catalogs: "Option {option!r}: {problem}"


def test_doctests() -> None:
    for module in (sentence, errors):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_english_writes_the_fields_as_python_does() -> None:
    said = Sentence(
        "{n} of {total} at {rate}, {flag}", {"n": 1200, "total": 0.0, "rate": 0.5, "flag": True}
    )
    assert said.english() == "1200 of 0.0 at 0.5, True"
    assert said.read() == said.read(Reader("en")) == said.english()


def test_another_language_translates_and_writes_its_numbers() -> None:
    made = MadeUpReader({"{n} of {total}": "{total} hat {n}"})
    assert Sentence("{n} of {total}", {"n": 3, "total": 0.5}).read(made) == "#0.5 hat #3"
    assert Sentence("limit {limit}", {"limit": 1200}).read(DE) == "limit 1.200"


def test_a_conversion_or_a_format_writes_the_value_as_given() -> None:
    made = MadeUpReader({})
    assert Sentence("got {value!r}", {"value": 2}).read(made) == "got 2"
    assert Sentence("got {value!r}", {"value": "2"}).read(made) == "got '2'"
    assert Sentence("{x:.2f} s", {"x": 0.5}).read(made) == "0.50 s"


def test_a_translation_naming_other_fields_gives_way_to_the_english() -> None:
    said = Sentence("seat {seat}", {"seat": 7})
    assert said.read(MadeUpReader({"seat {seat}": "Platz {platz}"})) == "seat 7"
    assert said.read(MadeUpReader({"seat {seat}": "Platz {0}"})) == "seat 7"


def test_a_message_given_filled_keeps_its_braces() -> None:
    said = Sentence("a set {1, 2}")
    assert said.english() == said.read(MadeUpReader({})) == "a set {1, 2}"
    assert said.read(MadeUpReader({"a set {1, 2}": "eine Menge {1, 2}"})) == "eine Menge {1, 2}"


def test_a_nested_sentence_or_error_reads_in_the_same_language() -> None:
    made = MadeUpReader({"bot {bot}: {problem}": "Bot {bot}: {problem}", "inner {n}": "innen {n}"})
    for inner in (Sentence("inner {n}", {"n": 4}), TabletopError("inner {n}", n=4)):
        said = Sentence("bot {bot}: {problem}", {"bot": "x", "problem": inner})
        assert said.english() == "bot x: inner 4"
        assert said.read(made) == "Bot x: innen #4"


def test_an_error_holds_its_sentence() -> None:
    error = InvalidOptionsError("hand_size", "must be a whole number; got {value!r}", value="many")
    assert (
        str(error)
        == error.sentence.english()
        == "option 'hand_size': must be a whole number; got 'many'"
    )
    assert error.template == WRAPPED and set(error.fields) == {"option", "problem"}
    assert error.text(DE) == "Option 'hand_size': muss eine ganze Zahl sein; erhalten: 'many'"


def test_an_error_and_a_sentence_survive_pickling() -> None:
    error = pickle.loads(pickle.dumps(TabletopError("no seat {seat}", seat=7)))
    assert (str(error), error.template, error.fields) == (
        "no seat 7",
        "no seat {seat}",
        {"seat": 7},
    )
    said = pickle.loads(pickle.dumps(Sentence("x {n}", {"n": 1.0})))
    assert said.english() == "x 1.0"
