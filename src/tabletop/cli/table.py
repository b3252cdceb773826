"""Turning ``tabletop play`` arguments into a game, a state and its bots.

Everything here raises :class:`~tabletop.TabletopError` for bad input, so the
command can report any mistake (unknown game, bad option, unknown bot, wrong
number of seats) the same way: one line, exit code 2, no traceback.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tabletop
from tabletop.bots import Bot
from tabletop.bots.registry import (
    ThinkTimeError,
    bot_from_spec,
    bot_searches,
    check_think,
    think_text,
)
from tabletop.cli.language import tr
from tabletop.core.errors import TabletopError
from tabletop.core.record import GameRecord

HUMAN = "you"
"""The seat name for a person at this terminal."""


class UsageError(TabletopError):
    """A command-line argument the CLI itself cannot make sense of (its message in the
    reader's language)."""


@dataclass(slots=True)
class Table:
    """A game ready to play: the state, the bots by seat, and the seat names."""

    game: tabletop.Game[Any]
    state: tabletop.State
    seats: tuple[str, ...]
    bots: dict[int, Bot]
    preferences: dict[int, Any] = field(default_factory=dict)  # by human seat
    position: dict[str, Any] | None = None  # the position it started from, for records

    @property
    def humans(self) -> frozenset[int]:
        return frozenset(s for s, name in enumerate(self.seats) if name == HUMAN)


def parse_options(pairs: Sequence[str], what: str = "--option") -> dict[str, str]:
    """``["hand_size=5", "stacking=progressive"]`` as a dict of strings.

    The game's option parser accepts strings and checks them, so only the
    ``key=value`` shape is checked here.

    >>> parse_options(["hand_size=5", "card_points=draw1=30"])
    {'hand_size': '5', 'card_points': 'draw1=30'}
    """
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(
                tr().gettext("{what} expects key=value, got {pair}", what=what, pair=repr(pair))
            )
        if key in options:
            raise UsageError(tr().gettext("{what} {key} is given twice", what=what, key=repr(key)))
        options[key] = value.strip()
    return options


def parse_seats(text: str) -> tuple[str, ...]:
    """``"you, heuristic,random"`` as seat names, checking none is empty."""
    seats = tuple(s.strip() for s in text.split(","))
    if any(not s for s in seats):
        raise UsageError(
            tr().gettext(
                "--seats has an empty seat in {seats}; write e.g. you,heuristic",
                seats=repr(text),
            )
        )
    return seats


def parse_think(text: str | None) -> float | None:
    """``--think``'s seconds, checked (a positive number up to the registry's maximum)."""
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        message = tr().gettext("--think expects seconds, e.g. 0.5, not {text}", text=repr(text))
        raise UsageError(message) from None
    try:
        return check_think(seconds)
    except ThinkTimeError as exc:
        raise UsageError(tr().gettext("--think: {error}", error=exc.text(tr()))) from None


def with_think(seats: Sequence[str], game_id: str, think: float | None) -> tuple[str, ...]:
    """``seats`` with ``think`` written into each search bot that has no time of its own
    (``normal`` becomes ``normal@0.5``), so records and reports say how long it thought.

    >>> with_think(("you", "normal", "heuristic", "hard@2"), "kung-fu", 0.5)
    ('you', 'normal@0.5', 'heuristic', 'hard@2')
    """
    if think is None:
        return tuple(seats)
    return tuple(
        f"{name}@{think_text(think)}"
        if name != HUMAN and "@" not in name and bot_searches(name, game_id)
        else name
        for name in seats
    )


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``: fixed by the game seed and the seat.

    The same ``--seed`` thus replays the same bot choices, while two bots of
    one kind at different seats do not mirror each other. A hash rather than
    ``seed + seat`` keeps neighbouring game seeds from sharing bot streams.
    """
    digest = hashlib.blake2b(f"tabletop-bot:{seed}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def set_table(
    game_id: str,
    seats: Sequence[str],
    seed: int | None,
    options: dict[str, str],
    preferences: dict[str, str] | None = None,
    position: tabletop.State | None = None,
    think: float | None = None,
) -> Table:
    """Make the game, check the seat count, make the bots, deal (or start from
    ``position``); each person here gets ``preferences`` (the game's, checked).
    A bot seat may carry its thinking time (``normal@0.5``); ``think`` gives it to the
    search bots without one."""
    game = position.game if position is not None else tabletop.make(game_id, **options)
    seats = with_think(seats, game.id, think)
    prefs = None
    if preferences or game.preferences_type is not None:
        prefs = game.preferences(preferences or {})
    info = game.info
    if not info.min_players <= len(seats) <= info.max_players:
        raise UsageError(
            tr().gettext(
                "{game} takes {low} to {high} seats, got {count} ({seats})",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
                count=len(seats),
                seats=",".join(seats),
            )
        )
    if position is not None and len(seats) != position.num_players:
        raise UsageError(
            tr().gettext(
                "the position has {players} players, --seats names {count}",
                players=position.num_players,
                count=len(seats),
            )
        )
    if position is not None:
        seed = position.seed
    seed = game.fresh_seed() if seed is None else seed
    bots = {
        seat: bot_from_spec(name, game_id, seed=bot_seed(seed, seat))
        for seat, name in enumerate(seats)
        if name != HUMAN
    }
    state = position if position is not None else game.new_state(len(seats), seed)
    people = {seat: prefs for seat, name in enumerate(seats) if name == HUMAN and prefs}
    return Table(game=game, state=state, seats=tuple(seats), bots=bots, preferences=people)


def resume_table(
    record: GameRecord,
    seats: Sequence[str] | None,
    preferences: dict[str, str] | None = None,
    think: float | None = None,
) -> Table:
    """The game of ``record`` where it was left, with its seats (or ``seats``): its
    actions replayed, bots made afresh from the record's seed."""
    if record.result is not None:
        raise UsageError(tr().gettext("that game is over: watch it with 'tabletop replay'"))
    names = tuple(seats) if seats is not None else tuple(record.players)
    start = None
    if record.position is not None:
        start = tabletop.make(record.game, **record.options).position(record.position)
    table = set_table(
        record.game, names, record.seed, dict(record.options), preferences, start, think
    )
    table.position = record.position
    for i, action in enumerate(record.actions):
        try:
            table.state.apply(action)
        except TabletopError as exc:
            raise UsageError(
                tr().gettext(
                    "the record's action {index} cannot be played again: {error}",
                    index=str(i),
                    error=exc.text(tr()),
                )
            ) from None
    return table


def default_record_path(game_id: str, seed: int) -> Path:
    """Where a game is saved when ``--record`` was not given."""
    return Path(f"tabletop-{game_id}-{seed}.record.json")


def check_record_path(path: Path | None) -> None:
    """Fail before the game rather than losing it at the end to a bad path."""
    if path is not None and not path.parent.is_dir():
        raise UsageError(
            tr().gettext(
                "--record: the folder {folder} does not exist", folder=repr(str(path.parent))
            )
        )
