"""``tabletop analyse``: one decision ranked, a whole game judged, and bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import tabletop
from tabletop.bots import Moment, analyse, review
from tabletop.core.rng import Rng
from tests.cli.conftest import Invoke

SEARCHES = ["--iterations", "24", "--seed", "3"]


def _record(path: Path, game_id: str = "kung-fu", seed: int = 3, moves: int | None = None) -> None:
    """A record of a game between random players (all of it, or its first ``moves``)."""
    game = tabletop.make(game_id)
    state = game.new_state(2, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and (moves is None or len(state.history) < moves):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    tabletop.GameRecord.from_state(state, players=["ann", "bob"]).save(path)


def _first_choice(path: Path) -> int:
    """The number of actions before the record's first decision with several moves."""
    record = tabletop.GameRecord.load(path)
    state = record.start()
    for at, action_id in enumerate(record.actions):
        if len(state.legal_actions()) > 1:
            return at
        state.apply(action_id)
    raise AssertionError("no decision")


def test_at_ranks_every_legal_move_and_marks_the_one_played(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    _record(path)
    at = _first_choice(path)
    result = invoke(["analyse", str(path), "--at", str(at), *SEARCHES])
    assert result.exit_code == 0, result.output
    record = tabletop.GameRecord.load(path)
    state = record.start()
    for action_id in record.actions[:at]:
        state.apply(action_id)
    player = state.current_player
    assert f"after {at} actions" in result.output and record.players[player] in result.output
    hints = analyse(state, player, iterations=24, seed=3)
    rows = [line for line in result.output.splitlines() if line.startswith("│ ") and "%" in line]
    assert len(rows) == len(state.legal_actions()) == len(hints)
    ranks = [int(row.split("│")[1]) for row in rows]
    assert ranks == list(range(1, len(hints) + 1))
    for row, hint in zip(rows, hints, strict=True):  # best first, as the hint engine ranks
        assert f"{100 * hint.win_probability:.0f}%" in row and str(hint.visits) in row
    assert sum("(played)" in row for row in rows) == 1


def test_at_shows_the_deciders_view_and_not_the_other_hand(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    _record(path)
    at = _first_choice(path)
    record = tabletop.GameRecord.load(path)
    state = record.start()
    for action_id in record.actions[:at]:
        state.apply(action_id)
    player = state.current_player
    out = invoke(["analyse", str(path), "--at", str(at), *SEARCHES]).output
    seen = json.dumps(state.view(player))  # everything the decider may see
    own = {card["name"] for card in state.view(player)["hand"]}
    hidden = {card["name"] for card in state.view(1 - player)["hand"]}
    hidden = {name for name in hidden if name not in seen}
    assert own and all(name in out for name in own)
    assert hidden and not any(name in out for name in hidden)


def test_plot_writes_a_png_and_lists_the_costliest_moves(invoke: Invoke, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "duel.json"
    _record(path, moves=14)
    png = tmp_path / "line.png"
    result = invoke(["analyse", str(path), "--plot", str(png), *SEARCHES])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5_000
    assert "Costliest moves" in result.output or "No move gave up" in result.output


def test_review_judges_each_decision_of_the_line_once() -> None:
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=5)
    rng = Rng(5)
    actions: list[int] = []
    choices: list[tuple[int, int]] = []  # (step, seat) of each decision with a choice
    while not state.is_terminal() and len(actions) < 12:
        legal = state.legal_actions()
        if len(legal) > 1:
            choices.append((len(actions), state.current_player))
        action = legal[rng.randrange(len(legal))]
        actions.append(action.id)
        state.apply(action)
    start = game.new_state(2, seed=5)
    moments = list(review(start, actions, iterations=16, seed=2))
    assert [(m.step, m.player) for m in moments] == choices
    assert all(m.played.action.id == actions[m.step] for m in moments)
    assert all(0.0 <= m.cost <= 1.0 for m in moments)
    again = list(review(start, actions, iterations=16, seed=2))
    assert again == moments and start.history == []


def test_review_refuses_a_line_that_goes_past_the_end() -> None:
    game = tabletop.make("kung-fu")
    start = game.new_state(2, seed=1)
    with pytest.raises(tabletop.TabletopError, match="not legal"):
        list(review(start, [10_000], iterations=4))


@pytest.mark.parametrize(
    ("args", "message", "code"),
    [
        ([], "say what to analyse", 2),
        (["--at", "999"], "only", 2),
        (["--at", "-1"], "", 2),
    ],
)
def test_bad_requests_are_one_line(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str, code: int
) -> None:
    path = tmp_path / "duel.json"
    _record(path, moves=10)
    result = invoke(["analyse", str(path), *args])
    assert result.exit_code == code
    assert message in result.output and "Traceback" not in result.output


def test_a_finished_game_has_no_decision_left(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    _record(path)
    end = len(json.loads(path.read_text())["actions"])
    result = invoke(["analyse", str(path), "--at", str(end)])
    assert result.exit_code == 2 and "no decision is left" in result.output


def test_a_broken_record_names_the_file(invoke: Invoke, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    result = invoke(["analyse", str(path), "--at", "0"])
    assert result.exit_code == 1 and "broken.json" in result.output


def test_ctrl_c_keeps_the_moves_judged_and_plots_them(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while judging: what was judged is drawn and listed, the exit code 130."""
    pytest.importorskip("matplotlib")
    import tabletop.cli.analyse as command

    def two_then_interrupt(*args: object, **kwargs: object) -> Iterator[Moment]:
        moments = review(*args, **kwargs)  # type: ignore[arg-type]
        yield next(moments)
        yield next(moments)
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "review", two_then_interrupt)
    path = tmp_path / "duel.json"
    _record(path)
    png = tmp_path / "line.png"
    result = invoke(["analyse", str(path), "--plot", str(png), *SEARCHES])
    assert result.exit_code == 130
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Costliest moves" in result.output or "No move gave up" in result.output
