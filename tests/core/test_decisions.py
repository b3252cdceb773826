from __future__ import annotations

import json

from tabletop.core.decisions import Decision, DecisionStack


def test_last_in_first_out() -> None:
    stack = DecisionStack()
    stack.push(Decision(1, 0))
    stack.push(Decision(2, 3, (4,)))
    assert stack.top == Decision(2, 3, (4,))
    assert stack.pop().kind == 2
    assert stack.top.kind == 1
    assert len(stack) == 1


def test_copy_is_independent() -> None:
    stack = DecisionStack([Decision(1, 0)])
    twin = stack.copy()
    twin.push(Decision(2, 1))
    assert len(stack) == 1


def test_round_trip_keeps_nested_data_as_tuples() -> None:
    stack = DecisionStack([Decision(5, 2, (1, (2, 3)))])
    restored = DecisionStack.from_list(json.loads(json.dumps(stack.to_list())))
    assert restored == stack
    assert isinstance(restored.top.data[1], tuple)
