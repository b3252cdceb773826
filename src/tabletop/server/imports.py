"""Finished games brought in from their records, and positions brought in to study,
both to be replayed and analysed here.

A person who played in the terminal (``tabletop play`` saves a record), in a study or
on another server uploads the record (``POST /api/analyses``); the server replays it
whole, refuses anything that does not replay to a finished game, and stores it as a
finished table of its own, whose page is the analysis board of every finished game
(docs/server.md). Its seats are the record's players, named as the record names them;
nobody can take them (the game is over).

A position file (``{"position": ...}``, docs/positions.md) becomes a *study*: a table
that nobody plays, at step 0 of an empty main line, whose board branches from the
position. Whoever wrote the file knows every card in it, so nothing is hidden there.

What one address may cost: ``imports_per_hour_per_address`` records an hour (at most
a fifth of them at once), each at most ``max_import_actions`` actions, replayed on a
thread of its own, and within the request body limit.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any

import tabletop
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.server.http import AddressLimiters
from tabletop.server.live import HUMAN, OVER, STUDY, TableError, clean_name, distinct_name
from tabletop.server.rows import SeatRow, TableRow
from tabletop.server.table_input import check_no_files, checked_game, checked_position, own_fields
from tabletop.server.words import N_

if TYPE_CHECKING:
    from tabletop.server.settings import ServerSettings
    from tabletop.server.storage import Storage


class Imports:
    """Records brought in, within each address's allowance."""

    def __init__(self, settings: ServerSettings, storage: Storage) -> None:
        self.settings = settings
        self.storage = storage
        per_hour = settings.imports_per_hour_per_address
        self.per_address = AddressLimiters(max(1, per_hour // 5), per_hour / 3600.0)

    async def bring_in(self, data: Any, address: str) -> str:
        """Store the finished game of the record ``data``; its new table's id."""
        if not self.per_address.allow(address):
            raise TableError(
                N_("your address may bring in {most} game records an hour; wait a little"),
                429,
                most=self.settings.imports_per_hour_per_address,
            )
        moves: list[tuple[int, int]] = []
        if isinstance(data, dict) and "position" in data and "actions" not in data:
            row = await asyncio.to_thread(study_row, data, self.settings, address)
        else:
            row, moves = await asyncio.to_thread(finished_row, data, self.settings, address)
        await asyncio.to_thread(self.storage.import_table, row, moves)
        return row.id


def finished_row(
    data: Any, settings: ServerSettings, address: str
) -> tuple[TableRow, list[tuple[int, int]]]:
    """The table of the record ``data``, and its actions with the seat that played each;
    422 with the reason for a record that is malformed, does not replay, or is not of
    a finished game."""
    try:
        record = GameRecord.from_dict(data)
    except TabletopError as exc:
        raise TableError(N_("not a game record: {problem}"), 422, problem=str(exc)) from None
    most = settings.max_import_actions
    if len(record.actions) > most:
        raise TableError(N_("a record may hold at most {most} actions"), 422, most=most)
    if len(record.players) != record.num_players or not all(
        isinstance(name, str) for name in record.players
    ):
        raise TableError(N_("the record's players must be one name per seat"), 422)
    game = checked_game(record.game, record.options, record.num_players)
    try:
        state = record.start(log=False)
        moves = []
        for action in record.actions:
            moves.append((action, state.current_player))
            state.apply(action)
        if record.result is not None:  # what it says of its end is checked too
            record.replay(log=False)
    except TabletopError as exc:
        refusal = TableError(N_("the record does not replay: {problem}"), 422, problem=str(exc))
        raise refusal from None
    if not state.is_terminal():
        raise TableError(
            N_(
                "the record stops after {actions} actions, before the game is over: only "
                "a finished game can be analysed (play it on with tabletop play --resume)"
            ),
            422,
            actions=len(record.actions),
        )
    position = None
    seed = record.seed
    if record.position is not None:
        position = {k: v for k, v in record.position.items() if k != "seed"}
        seed = record.position.get("seed", 0)
    result = {"winners": state.winners(), "returns": state.returns()}
    row = _read_only_row(game, record.players, seed, address, position, OVER, result)
    row.version = len(record.actions)
    return row, moves


def study_row(data: dict[str, Any], settings: ServerSettings, address: str) -> TableRow:
    """The study of the position file ``data["position"]`` (TOML or JSON text, or its
    object: a whole file, with its game and options); ``data["players"]`` may name the
    seats. 422 with the reason for a file that is malformed or builds no decision."""
    fields = checked_position(data["position"], settings)
    game_id, options = fields.get("game"), fields.get("options", {})
    if not isinstance(game_id, str):
        raise TableError(
            N_('a position file to study names its game, e.g. game = "uno-power"'), 422
        )
    if not isinstance(options, dict):
        raise TableError(N_("the position's options must be an object"), 422)
    try:
        check_no_files(game_id, options)
        game = tabletop.make(game_id, **options)
        position = own_fields(fields, game)
        seed = position.pop("seed", 0)
        state = game.position({**position, "seed": seed})
    except TableError:
        raise
    except TabletopError as exc:
        raise TableError(str(exc), 422) from None
    if state.is_terminal():
        raise TableError(N_("the position's game is over: nothing is left to decide"), 422)
    names = data.get("players")
    if names is None:
        names = [""] * state.num_players
    if (
        not isinstance(names, list)
        or len(names) != state.num_players
        or not all(isinstance(name, str) for name in names)
    ):
        raise TableError(
            N_("players must be one name per seat ({players} seats)"),
            422,
            players=state.num_players,
        )
    return _read_only_row(game, names, seed, address, position, STUDY, None)


def _read_only_row(
    game: Game[Any],
    names: list[str],
    seed: int,
    address: str,
    position: dict[str, Any] | None,
    status: str,
    result: dict[str, Any] | None,
) -> TableRow:
    """A table nobody plays: its seats named ``names`` (nobody can take them)."""
    seats: list[SeatRow] = []
    for seat, name in enumerate(names):
        seats.append(SeatRow(seat, HUMAN, None, clean_name(name, seat)))
        seats[-1].name = distinct_name(seats[-1].name, seat, seats)
    return TableRow(
        id=secrets.token_urlsafe(9),
        game=game.id,
        options=game.options_dict(),
        num_players=len(names),
        seed=seed,
        status=status,
        version=0,
        replace_bot=None,
        leave_grace_s=0.0,
        created_at=time.time(),
        seats=seats,
        result=result,
        known_deal=True,  # the record or the file tells its seed: nothing of it is secret
        created_by=address,
        position=position,
    )
