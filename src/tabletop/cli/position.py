"""``tabletop position``: position files from saved games, and a quick check of one.

``from-state FILE`` writes the position of a saved state (``state.to_dict()`` JSON)
or of a moment of a game record (``--at N``: after its first ``N`` actions, by
default its end), as :func:`~tabletop.core.positions.position_of` finds it: TOML on
stdout or in ``--out``, JSON where ``--out`` ends in ``.json``. ``check FILE`` builds
a position file and says who is to decide and the legal moves, the labels ``moves``
takes. Mistakes are one ``error:`` line and the exit codes of the other commands
(docs/cli.md): 1 for a file that cannot be read or a moment no position writes, 2
for a bad command line or a position that names something wrong.

TOML is written by :func:`tabletop.core.toml_text.toml_text`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

import tabletop
from tabletop.cli.language import tr
from tabletop.cli.sim import EXIT_BAD_RECORD, EXIT_USAGE, check_at, fail
from tabletop.core.errors import InvalidOptionsError, TabletopError
from tabletop.core.game import State
from tabletop.core.positions import load_position, position_of, read_position
from tabletop.core.record import GameRecord
from tabletop.core.toml_text import toml_text

position_app = typer.Typer(no_args_is_help=True, add_completion=False)


@position_app.command(
    "from-state",
    help=tr().gettext(
        "Write the position of a saved state, or of a moment of a game record (--at N), "
        "as a position file: TOML, or JSON where --out ends in .json."
    ),
)
def from_state(
    file: Annotated[
        Path,
        typer.Argument(help=tr().gettext("A saved state (JSON) or a game record.")),
    ],
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            min=0,
            help=tr().gettext(
                "With a record: the moment after this many actions (default: its end)."
            ),
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help=tr().gettext(
                "Write the position here (.json: JSON, else TOML) instead of stdout."
            ),
        ),
    ] = None,
) -> None:
    """Write the position of a saved state or of a record's moment."""
    reader = tr()
    data = _read_json(file)
    if isinstance(data, dict) and "actions" in data and "format_version" in data:
        fields = _record_position(file, data, at)
    elif isinstance(data, dict) and "state" in data and "game" in data:
        if at is not None:
            fail(reader.gettext("--at N picks a moment of a game record; FILE is a saved state"))
        try:
            state = tabletop.load_state(data)
        except TabletopError as exc:
            fail(f"{file}: {exc.text(reader)}", EXIT_BAD_RECORD)
        fields = _written(file, state, None)
    else:
        fail(
            reader.gettext("{path}: neither a saved state nor a game record", path=str(file)),
            EXIT_BAD_RECORD,
        )
    as_json = out is not None and out.suffix == ".json"
    text = json.dumps(fields, indent=1, ensure_ascii=False) + "\n" if as_json else None
    if text is None:
        try:
            text = toml_text(fields)
        except ValueError as exc:  # a value TOML cannot hold: JSON can
            fail(
                reader.gettext(
                    "{problem}: write JSON (an --out ending in .json)", problem=str(exc)
                ),
                EXIT_BAD_RECORD,
            )
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(
            reader.gettext("cannot write {path}: {reason}", path=str(out), reason=exc.strerror),
            EXIT_BAD_RECORD,
        )
    typer.echo(reader.gettext("position written to {path}", path=str(out)))


@position_app.command(
    "check",
    help=tr().gettext(
        "Build a position file and show who is to decide and the legal moves (the labels "
        "its moves take)."
    ),
)
def check(
    file: Annotated[Path, typer.Argument(help=tr().gettext("A position file (TOML or JSON)."))],
) -> None:
    """Build a position file; say who decides and the legal moves."""
    reader = tr()
    try:
        spec = read_position(file)
        state = load_position(spec)
    except TabletopError as exc:
        fail(f"{file}: {exc.text(reader)}", EXIT_USAGE)
    game = state.game.title
    if state.is_terminal():
        typer.echo(reader.gettext("{game}: the game is over", game=game))
        return
    legal = state.legal_actions()
    typer.echo(
        reader.ngettext(
            "{game}: player {player} to decide, {n} legal move:",
            "{game}: player {player} to decide, {n} legal moves:",
            len(legal),
            game=game,
            player=state.current_player + 1,
        )
    )
    for action in legal:
        typer.echo(f"  {action.label}")


def _read_json(file: Path) -> Any:
    reader = tr()
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        fail(
            reader.gettext("cannot read {path}: {reason}", path=str(file), reason=exc.strerror),
            EXIT_BAD_RECORD,
        )
    try:
        return json.loads(text)
    except ValueError:
        fail(
            reader.gettext("{path} is not JSON: a saved state or a game record is", path=str(file)),
            EXIT_BAD_RECORD,
        )


def _record_position(file: Path, data: dict[str, Any], at: int | None) -> dict[str, Any]:
    """The position of the moment after ``at`` actions of the record ``data``."""
    reader = tr()
    try:
        record = GameRecord.from_dict(data)
        start = record.start(log=False)
    except TabletopError as exc:
        fail(f"{file}: {exc.text(reader)}", EXIT_BAD_RECORD)
    n = len(record.actions) if at is None else at
    check_at(n, len(record.actions))
    state = start.clone()
    for i, action in enumerate(record.actions[:n]):
        try:
            state.apply(action)
        except TabletopError as exc:
            fail(
                f"{file}: "
                + reader.gettext(
                    "action {index} (id {action_id}) cannot be replayed: {problem}",
                    index=i,
                    action_id=action,
                    problem=exc.text(reader),
                ),
                EXIT_BAD_RECORD,
            )
    if state.is_terminal():
        fail(
            reader.gettext(
                "the game is over after {n} actions: no decision is left (choose one with --at N)",
                n=n,
            ),
            EXIT_USAGE,
        )
    return _written(file, state, start, record)


def _written(
    file: Path, state: State, start: State | None, record: GameRecord | None = None
) -> dict[str, Any]:
    """The position file of ``state``; a moment no position writes ends the command."""
    try:
        return position_of(state, start)
    except InvalidOptionsError as exc:
        if record is not None and record.position is not None:
            fields = _from_record_position(record, state)
            if fields is not None:
                return fields
        fail(f"{file}: {exc.text(tr())}", EXIT_BAD_RECORD)


def _from_record_position(record: GameRecord, state: State) -> dict[str, Any] | None:
    """The record's own position with the actions played since as more ``moves``, if
    that builds ``state`` (a moment right after a position's moves, inside a turn)."""
    assert record.position is not None
    game = state.game
    moves = list(record.position.get("moves", []))
    moves += [game.action_from_id(a).label for a in state.history]
    fields = {**record.position, "moves": moves}
    try:
        built = game.position(fields)
    except TabletopError:
        return None
    if game.situation(built) != game.situation(state):
        return None
    return {"game": game.id, "options": game.options_dict(), **fields}
