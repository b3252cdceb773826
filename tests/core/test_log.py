"""Log events: values that compare, print, pickle and round-trip like the frozen
dataclass they replaced, and that a compiled build keeps read-only."""

from __future__ import annotations

import pickle

import pytest

import tabletop
from tabletop.core.log import GameLog, LogEvent

PRIVATE = LogEvent(4, "drew", "you drew red 5", frozenset({1}), {"card": 7})


def test_events_compare_by_every_field() -> None:
    assert LogEvent(4, "drew", "you drew red 5", frozenset({1}), {"card": 7}) == PRIVATE
    for other in (
        LogEvent(5, "drew", "you drew red 5", frozenset({1}), {"card": 7}),
        LogEvent(4, "draw", "you drew red 5", frozenset({1}), {"card": 7}),
        LogEvent(4, "drew", "you drew red 6", frozenset({1}), {"card": 7}),
        LogEvent(4, "drew", "you drew red 5", None, {"card": 7}),
        LogEvent(4, "drew", "you drew red 5", frozenset({1}), {"card": 8}),
    ):
        assert other != PRIVATE
    assert PRIVATE != (4, "drew")
    with pytest.raises(TypeError):
        hash(PRIVATE)


def test_an_event_prints_its_fields_and_defaults_to_public_without_data() -> None:
    assert repr(LogEvent(0, "round", "round 1")) == (
        "LogEvent(seq=0, kind='round', text='round 1', visible_to=None, data={})"
    )
    assert LogEvent(0, "round", "round 1").visible(None)
    assert not PRIVATE.visible(None) and not PRIVATE.visible(0) and PRIVATE.visible(1)


def test_an_event_pickles_and_round_trips_through_its_dict() -> None:
    assert pickle.loads(pickle.dumps(PRIVATE)) == PRIVATE
    assert LogEvent.from_dict(PRIVATE.to_dict()) == PRIVATE


@pytest.mark.skipif(not tabletop.compiled(), reason="read-only when compiled (mypy checks it)")
def test_a_compiled_event_is_read_only() -> None:
    with pytest.raises(AttributeError):
        PRIVATE.text = "changed"  # type: ignore[misc]


def test_a_log_hands_each_player_what_they_may_see() -> None:
    log = GameLog()
    log.add("round", "round 1")
    log.add("drew", "you drew red 5", frozenset({1}), card=7)
    assert [e.seq for e in log.for_player(0)] == [0]
    assert [e.seq for e in log.for_player(1)] == [0, 1]
    assert log.events[1].data == {"card": 7}
    assert [e.seq for e in log.visible_copy(0).events] == [0]
