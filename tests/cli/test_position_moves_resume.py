"""A game played from a position with ``moves`` (docs/positions.md) resumes from its
record: the position is built again, moves included, and the record's actions follow."""

from __future__ import annotations

import random

import tabletop
from tabletop import GameRecord
from tabletop.cli.table import resume_table

FIELDS = {
    "hands": [["Wild Draw Four", "blue 9", "green 1", "red 7"], ["blue 5", "red 2", "red 8"]],
    "top": "red 3",
    "moves": ["play Wild Draw Four, name green", "accept the Wild Draw Four"],
}


def test_a_record_from_a_position_with_moves_resumes_where_it_was_left() -> None:
    state = tabletop.make("uno-power").position(FIELDS)
    pick = random.Random(3)
    for _ in range(4):
        legal = state.legal_actions()
        state.apply(legal[pick.randrange(len(legal))])
    record = GameRecord.from_state(state, players=["you", "random"], position=dict(FIELDS))
    table = resume_table(GameRecord.from_json(record.to_json()), ["random", "random"])
    assert table.state.history == state.history
    assert table.state.to_dict(include_log=False) == state.to_dict(include_log=False)
