"""Finished games: a replay step in the spectator's view, and the published record.

Both are public once a game is over; neither is offered before, so no seat learns
anything from them while hands are still hidden.

A step costs a few actions, never the whole game, and its answer is small. The first
step asked of a finished game replays it once, keeping a copy of the state every
``replay_checkpoint_every`` actions (without its log, nor the record a belief reads)
and where each action's events begin in the log; a step is then the checkpoint before
it plus at most that many actions, answered with the spectator's view and the events
of that step's action alone. The checkpoints of the games replayed last are kept,
``replay_checkpoints_kept`` states in all, so memory stays bounded however long the
games. Steps and records share a budget per client address (:class:`Replays`).
"""

from __future__ import annotations

import asyncio
import math
from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.core.log import LogEvent
from tabletop.core.positions import position_of
from tabletop.i18n import Reader, reader
from tabletop.server.http import AddressLimiters
from tabletop.server.live import READ_ONLY, LiveTable, TableError, start_state
from tabletop.server.reading import client_event, client_label, legal_moves
from tabletop.server.rows import TableRow
from tabletop.server.settings import ServerSettings
from tabletop.server.words import N_


@dataclass(frozen=True, slots=True)
class Checkpoints:
    """A finished game replayed once: ``states[i]`` after ``i * every`` actions, and
    ``ends[s]``, the number of the first log event after ``s`` actions (a step's events
    are those numbered from ``ends[s - 1]`` up to ``ends[s]``)."""

    every: int
    states: list[State]
    ends: array[int]

    def replay(
        self, history: Sequence[int], step: int, words: Reader
    ) -> tuple[State, dict[str, Any] | None]:
        """The state after ``step`` actions, and its last action (who played what, in
        ``words``' language; None at the deal), from at most ``every`` actions."""
        if step == 0:
            return self.states[0].clone(), None
        base = (step - 1) // self.every
        state = self.states[base].clone()
        for action in history[base * self.every : step - 1]:
            state.apply(action)
        action = history[step - 1]
        last = {"seat": state.current_player, "label": client_label(state, action, words)}
        state.apply(action)
        return state, last

    def events(self, log: list[LogEvent], step: int) -> list[LogEvent]:
        """The events of the game's ``log`` that step ``step`` made (the deal's at 0)
        and a spectator may see."""
        first = self.ends[step - 1] if step else 0
        low = bisect_left(log, first, key=_seq)
        high = bisect_left(log, self.ends[step], lo=low, key=_seq)
        return [e for e in log[low:high] if e.visible(None)]


def checkpoints(row: TableRow, history: Sequence[int], every: int) -> Checkpoints:
    """Replay the finished game of ``row`` once (in a thread: it costs the whole game).

    Two copies walk it: one with the log, for where each action's events begin, and
    one without, copied every ``every`` actions with no history either (the rules
    never read it; a copy with its log or history would hold the game again each time).
    """
    game = tabletop.make(row.game, **row.options)
    logged = start_state(game, row)
    logged.drop_record()  # only a bot's belief reads it, and it grows with the game
    quiet = game.state_from_dict(logged.to_dict(include_log=False))
    states = []
    ends = array("q", [_next_seq(logged)])
    for ply, action in enumerate(history):
        if ply % every == 0:
            quiet.history.clear()
            states.append(quiet.clone())
        logged.apply(action)
        quiet.apply(action)
        ends.append(_next_seq(logged))
    if not states:
        states.append(quiet)
    return Checkpoints(every, states, ends)


class ReplayCache:
    """The checkpoints of the finished games replayed last, ``kept`` states in all.

    A game is replayed for its checkpoints once however many ask at the same time; a
    game too long for ``kept`` states at ``every`` actions apart gets them further apart.
    """

    def __init__(self, every: int, kept: int) -> None:
        self.every = max(1, every)
        self.kept = max(1, kept)
        self._games: OrderedDict[str, Checkpoints] = OrderedDict()
        self._building: dict[str, asyncio.Future[Checkpoints]] = {}
        # Whole-game replays, one at a time, on a thread of their own: on the default
        # pool, which every database call uses, a few long ones would queue the moves.
        self._builder = ThreadPoolExecutor(1, thread_name_prefix="tabletop-replay")

    def close(self) -> None:
        """Stop replaying: a replay under way finishes, the others never start."""
        self._builder.shutdown(wait=False, cancel_futures=True)

    def spacing(self, actions: int) -> int:
        """The actions between two checkpoints of a game of ``actions`` actions."""
        return max(self.every, math.ceil(actions / self.kept))

    def ready(self, table_id: str) -> bool:
        """Whether a step of this game needs no replay of the whole game."""
        return table_id in self._games or table_id in self._building

    async def get(self, table: LiveTable) -> Checkpoints:
        found = self._games.get(table.id)
        if found is not None:
            self._games.move_to_end(table.id)
            return found
        building = self._building.get(table.id)
        if building is None:
            history = list(table.state.history)
            every = self.spacing(len(history))
            loop = asyncio.get_running_loop()
            building = loop.run_in_executor(self._builder, checkpoints, table.row, history, every)
            self._building[table.id] = building
            building.add_done_callback(lambda done: self._built(table.id, done))
        # Shielded: one request that goes away does not cancel the others' replay.
        return await asyncio.shield(building)

    def _built(self, table_id: str, done: asyncio.Future[Checkpoints]) -> None:
        del self._building[table_id]
        if done.cancelled() or done.exception() is not None:
            return  # those who waited got the error; the next step tries again
        self._games[table_id] = done.result()
        held = sum(len(c.states) for c in self._games.values())
        while held > self.kept and len(self._games) > 1:
            _, old = self._games.popitem(last=False)
            held -= len(old.states)


class Replays:
    """Replay steps and records of finished games, within a budget per client address.

    A step or a record counts one request; the first step of a game whose checkpoints
    are not in memory counts one more per ``replay_checkpoint_every`` actions of the
    game, at most half the burst: replaying a long game costs what many steps do, so
    that asking for the steps of more long games than are kept costs the asker, not
    the other players.
    """

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.budget = AddressLimiters(settings.replay_rate_burst, settings.replay_rate_per_s)
        self.cache = ReplayCache(settings.replay_checkpoint_every, settings.replay_checkpoints_kept)

    def close(self) -> None:
        """Stop replaying (the server stops)."""
        self.cache.close()

    def charge(self, address: str) -> None:
        """Count one request of ``address`` (before any work); 429 over its budget."""
        if not self.budget.allow(address):
            settings = self.settings
            raise TableError(
                N_(
                    "too many replay steps and game records from your address: at most "
                    "{burst} at once and {rate} a second; try again in a moment"
                ),
                429,
                burst=settings.replay_rate_burst,
                rate=float(settings.replay_rate_per_s),
            )

    async def step(
        self,
        table: LiveTable,
        step: int,
        address: str,
        words: Reader | None = None,
        seat: int | None = None,
    ) -> dict[str, Any]:
        """The spectator's view of a finished game after ``step`` actions (``seat``'s,
        hand and all: the game is over), the events of that step (the deal's at step 0)
        and its last move, in ``words``' language (English by default). Its request was
        counted (:meth:`charge`)."""
        words = words or reader()
        self._check_seat(table, seat)
        points = await self._checkpoints(table, step, address)
        history = table.state.history
        total = len(history)
        log = table.state.log

        def build() -> dict[str, Any]:
            state, last = points.replay(history, step, words)
            if step == total:  # the table's own, with its log, which an ending may read
                state = table.state  # (King of Tokyo's stars at elimination)
            return {
                "step": step,
                "total": total,
                "line": [],
                "current_player": state.current_player,
                "view": state.view(_seen_by(state, seat)),
                "seat": _seen_by(state, seat),
                "log": [client_event(state, e, words) for e in points.events(log, step)],
                "last": last,
                "legal": legal_moves(state, words),
                "over": state.is_terminal(),
            }

        return await asyncio.to_thread(build)

    async def state(
        self, table: LiveTable, step: int, address: str, line: Sequence[int] = ()
    ) -> State:
        """The state of a finished game after ``step`` actions and then the moves of
        ``line`` (a branch: 422 for a move that is not legal where it comes), replayed
        from its start with its log and the record of the plays that a search's belief
        reads (the checkpoints drop both). Its request was counted (:meth:`charge`);
        the replay counts as the first step of a game that long does."""
        history = table.state.history
        self._check(table, step)
        self._charge_replay(address, step + len(line))
        row = table.row

        def build() -> State:
            state = start_state(tabletop.make(row.game, **row.options), row)
            for action in history[:step]:
                state.apply(action)
            for index, action in enumerate(line):
                if state.is_terminal():
                    raise TableError(
                        N_("the game is over before move {index} of the line"), 422, index=index
                    )
                if not any(a.id == action for a in state.legal_actions()):
                    raise TableError(
                        N_("move {index} of the line ({action}) is not legal there"),
                        422,
                        index=index,
                        action=action,
                    )
                state.apply(action)
            return state

        return await asyncio.to_thread(build)

    async def branch(
        self,
        table: LiveTable,
        step: int,
        line: Sequence[int],
        address: str,
        words: Reader,
        seat: int | None = None,
    ) -> dict[str, Any]:
        """A step of a branch: the finished game after ``step`` actions and the moves
        of ``line`` (at least one), answered as :meth:`step` answers, with the events
        of the line's last move, and the legal moves there with their labels (the game
        is over, so every seat's are public: a person may play any seat on)."""
        self._check_seat(table, seat)
        state = await self.state(table, step, address, line[:-1])

        def build() -> dict[str, Any]:
            last_action = line[-1]
            if state.is_terminal() or not any(a.id == last_action for a in state.legal_actions()):
                raise TableError(
                    N_("move {index} of the line ({action}) is not legal there"),
                    422,
                    index=len(line) - 1,
                    action=last_action,
                )
            mover = state.current_player
            label = client_label(state, last_action, words)
            first = _next_seq(state)
            state.apply(last_action)
            log = [e for e in state.log if e.seq >= first and e.visible(None)]
            return {
                "step": step,
                "total": len(table.state.history),
                "line": list(line),
                "current_player": state.current_player,
                "view": state.view(_seen_by(state, seat)),
                "seat": _seen_by(state, seat),
                "log": [client_event(state, e, words) for e in log],
                "last": {"seat": mover, "label": label},
                "legal": legal_moves(state, words),
                "over": state.is_terminal(),
            }

        return await asyncio.to_thread(build)

    async def _checkpoints(self, table: LiveTable, step: int, address: str) -> Checkpoints:
        """The checkpoints of a finished game, ``step`` checked against its length."""
        self._check(table, step)
        if not self.cache.ready(table.id):
            self._charge_replay(address, len(table.state.history))
        return await self.cache.get(table)

    @staticmethod
    def _check(table: LiveTable, step: int) -> None:
        if table.row.status not in READ_ONLY:
            raise TableError(N_("only a finished game can be replayed"), 409)
        total = len(table.state.history)
        if not 0 <= step <= total:
            raise TableError(N_("step must be between 0 and {last}"), 422, last=total)

    async def position(
        self, table: LiveTable, step: int, line: Sequence[int], address: str
    ) -> dict[str, Any]:
        """The position file of a finished game's moment (after ``step`` actions and
        the branch ``line``): :func:`~tabletop.core.positions.position_of`, from the
        table's own start. It looks back over the moment's turn, so it counts as
        ``POSITION_COST`` replay steps more; 422 for a moment no position writes."""
        if not self.budget.allow(address, POSITION_COST):
            raise TableError(
                N_("a position file counts as {cost} replay steps; try again in a few seconds"),
                429,
                cost=POSITION_COST + 1,
            )
        state = await self.state(table, step, address, line)
        if state.is_terminal():
            raise TableError(N_("the game is over there: no decision is left to write"), 422)
        row = table.row

        def build() -> dict[str, Any]:
            start = None
            if row.position is not None:  # the deal of the seed is not where it began
                start = start_state(tabletop.make(row.game, **row.options), row)
            try:
                return position_of(state, start)
            except TabletopError as exc:
                raise TableError(str(exc), 422) from None

        return await asyncio.to_thread(build)

    @staticmethod
    def _check_seat(table: LiveTable, seat: int | None) -> None:
        """A seat whose view a finished game may show: any (nothing is hidden any more),
        or -1: the seat to decide."""
        if seat is not None and not -1 <= seat < table.row.num_players:
            raise TableError(
                N_("seat must be between -1 (the seat to decide) and {last}"),
                422,
                last=table.row.num_players - 1,
            )

    def _charge_replay(self, address: str, actions: int) -> None:
        settings = self.settings
        most = max(1, settings.replay_rate_burst // 2)
        extra = min(most, 1 + actions // self.cache.every) - 1
        if extra and not self.budget.allow(address, extra):
            raise TableError(
                N_(
                    "the first step of a game this long counts as {cost} replay steps, more "
                    "than your address has left; try again in a few seconds"
                ),
                429,
                cost=extra + 1,
            )


def record(table: LiveTable) -> dict[str, Any]:
    """The finished game's :class:`~tabletop.GameRecord` (the seed that was dealt)."""
    if table.row.status not in READ_ONLY:
        raise TableError(N_("the record is published when the game is over"), 409)
    names = [s.name for s in table.row.seats]
    row = table.row
    position = None if row.position is None else {**row.position, "seed": row.seed}
    record = tabletop.GameRecord.from_state(table.state, players=names, position=position)
    return record.to_dict()


POSITION_COST = 4
"""The replay steps a position file counts beyond its own (it rebuilds its turn)."""


def _seen_by(state: State, seat: int | None) -> int | None:
    """Whose view a step shows: ``seat``; -1 is the seat to decide (nobody's at the
    end: the spectator's)."""
    if seat != -1:
        return seat
    return None if state.is_terminal() else state.current_player


def parse_line(text: str, most: int) -> tuple[int, ...]:
    """The action ids of a branch written ``"12.5.40"`` (empty: the main line); 422
    for anything else, or more than ``most`` moves."""
    if not text:
        return ()
    parts = text.split(".")
    if len(parts) > most:
        raise TableError(N_("a line holds at most {most} moves"), 422, most=most)
    if not all(part.isdecimal() and len(part) <= 6 for part in parts):
        raise TableError(N_("a line is action numbers joined by dots, such as 12.5.40"), 422)
    return tuple(int(part) for part in parts)


def _next_seq(state: State) -> int:
    events = state.log
    return events[-1].seq + 1 if events else 0


def _seq(event: LogEvent) -> int:
    return event.seq
