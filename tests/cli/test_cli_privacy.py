"""The screen shows a seat only what that seat may see.

The CLI's guarantee rests on two facts checked here: it asks the state only for
the human seat's view and log (never another seat's), and the board depends on
that view alone (re-dealing the hidden cards changes nothing on screen).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import Result

import tabletop
from tabletop.cli.render import Seating
from tabletop.cli.render.uno_power import UnoPowerRenderer
from tabletop.core.rng import Rng
from tabletop.games.uno_power.state import UnoPowerState

Invoke = Callable[..., Result]
ARGS = ["play", "uno-power", "--seats", "heuristic,you,random", "-o", "target_score=single_round"]
ALWAYS_FIRST = "1\n" * 3000


def _from_cli() -> bool:
    """Whether the caller of the spied method is CLI code (bots may ask too)."""
    return str(sys._getframe(2).f_globals.get("__name__", "")).startswith("tabletop.cli")


def test_cli_asks_only_for_the_human_seat(invoke: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, Any]] = []
    view, log_for = UnoPowerState.view, UnoPowerState.log_for

    def spy_view(self: UnoPowerState, player: int | None = None) -> dict[str, Any]:
        if _from_cli():
            seen.append(("view", player))
        return view(self, player)

    def spy_log_for(self: UnoPowerState, player: int | None, since: int = 0) -> Any:
        if _from_cli():
            seen.append(("log_for", player))
        return log_for(self, player, since)

    monkeypatch.setattr(UnoPowerState, "view", spy_view)
    monkeypatch.setattr(UnoPowerState, "log_for", spy_log_for)
    result = invoke([*ARGS, "--seed", "6"], input=ALWAYS_FIRST)
    assert result.exit_code == 0
    assert {kind for kind, _ in seen} == {"view", "log_for"}
    assert {player for _, player in seen} == {1}


def test_output_has_no_private_event_of_another_seat(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = invoke([*ARGS, "--seed", "6", "--record", str(path)], input=ALWAYS_FIRST)
    assert result.exit_code == 0
    state = tabletop.GameRecord.load(path).replay()
    mine = {e.text for e in state.log_for(1)}
    hidden = {e.text for e in state.log if not e.visible(1)} - mine
    assert any(text.startswith("your hand:") for text in hidden)
    out = re.sub(r"\s+", " ", result.output)
    assert [text for text in hidden if text in out] == []
    assert any(e.text in out for e in state.log_for(1) if e.visible_to == frozenset({1}))


def _board_text(view: dict[str, Any], seat: int) -> str:
    console = Console(file=io.StringIO(), width=120, record=True)
    console.print(UnoPowerRenderer().board(view, seat, Seating(("you", "random", "random"))))
    return console.export_text()


@pytest.mark.parametrize("seed", range(4))
def test_board_depends_only_on_what_the_seat_may_see(seed: int) -> None:
    state = tabletop.make("uno-power").new_state(3, seed)
    for resample in range(3):
        twin = state.determinize(0, Rng(resample))
        assert _board_text(twin.view(0), 0) == _board_text(state.view(0), 0)


def test_board_shows_own_hand_and_only_sizes_of_others() -> None:
    state = tabletop.make("uno-power").new_state(3, 1)
    view = state.view(0)
    text = _board_text(view, 0)
    for card in view["hand"]:
        assert card["label"] in text
    assert "Your hand: 7 cards" in text
    assert text.count("Your hand") == 1
