"""Finished games brought in from their records, to be replayed and analysed here.

A person who played in the terminal (``tabletop play`` saves a record), in a study or
on another server uploads the record (``POST /api/analyses``); the server replays it
whole, refuses anything that does not replay to a finished game, and stores it as a
finished table of its own, whose page is the analysis board of every finished game
(docs/server.md). Its seats are the record's players, named as the record names them;
nobody can take them (the game is over).

What one address may cost: ``imports_per_hour_per_address`` records an hour (at most
a fifth of them at once), each at most ``max_import_actions`` actions, replayed on a
thread of its own, and within the request body limit.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError
from tabletop.core.record import GameRecord
from tabletop.server.http import AddressLimiters
from tabletop.server.live import HUMAN, OVER, TableError, clean_name, distinct_name
from tabletop.server.storage import SeatRow, TableRow
from tabletop.server.table_input import checked_game
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
    seats: list[SeatRow] = []
    for seat, name in enumerate(record.players):
        seats.append(SeatRow(seat, HUMAN, None, clean_name(name, seat)))
        seats[-1].name = distinct_name(seats[-1].name, seat, seats)
    position = None
    seed = record.seed
    if record.position is not None:
        position = {k: v for k, v in record.position.items() if k != "seed"}
        seed = record.position.get("seed", 0)
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game=record.game,
        options=game.options_dict(),
        num_players=record.num_players,
        seed=seed,
        status=OVER,
        version=len(record.actions),
        replace_bot=None,
        leave_grace_s=0.0,
        created_at=time.time(),
        seats=seats,
        result={"winners": state.winners(), "returns": state.returns()},
        known_deal=True,  # the record tells its seed: nothing of it is secret
        created_by=address,
        position=position,
    )
    return row, moves
