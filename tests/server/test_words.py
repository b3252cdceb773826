"""The server's sentences (``tabletop.server.words``): a
:class:`~tabletop.core.sentence.Sentence` whose English writes fractions as the server
always wrote them."""

from __future__ import annotations

import pickle

from tabletop.core.sentence import Sentence
from tabletop.i18n import Reader
from tabletop.server.words import Said


def test_the_server_writes_fractions_as_it_always_did() -> None:
    said = Said("within {seconds} seconds", {"seconds": 10.0})
    assert said.english() == "within 10 seconds"
    assert Said("{x}", {"x": 0.5}).english() == "0.5"
    assert (
        Sentence("within {seconds} seconds", {"seconds": 10.0}).english() == "within 10.0 seconds"
    )
    assert Said("{x}", {"x": 0.5}).read(Reader("de")) == "0,5"
    assert Said("{x}", {"x": 0.5}).read(Reader("en")) == "0.5"


def test_a_said_survives_pickling() -> None:
    said = pickle.loads(pickle.dumps(Said("x {n}", {"n": 1.0})))
    assert type(said) is Said and said.english() == "x 1"
