"""What a client asks of a new table, checked before anything is made: the game and
its options (those that name files too), the seats and their bots, the position
the first state starts from, and the table's terms.

Every field here comes from a hostile client: a refusal is a :class:`TableError`
with a sentence the person reads, and nothing is created.
"""

from __future__ import annotations

import json
import math
import tomllib
from typing import Any

import tabletop
from tabletop.bots import list_bots
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game, State
from tabletop.core.options import option_catalogue
from tabletop.core.registry import game_class
from tabletop.server.live import BOT, HUMAN, SeatSpec, TableError, checked_think
from tabletop.server.nesting import json_too_deep, toml_too_deep, value_too_deep
from tabletop.server.settings import ServerSettings
from tabletop.server.terms import ON_TIMEOUT, TableTerms
from tabletop.server.words import N_


def checked_position(position: dict[str, Any] | str, settings: ServerSettings) -> dict[str, Any]:
    """A position's fields from a client: an object, or TOML or JSON text (the lobby's
    box), with or without the game and options (:func:`own_fields` checks those).

    Its size is bounded in any form (text by its length, an object by its JSON's), and
    its nesting before anything parses it: a text nested thousands of levels deep
    stops Python's parsers (:mod:`tabletop.server.nesting`).
    """
    most, deepest = settings.max_position_chars, settings.max_nesting_depth
    if isinstance(position, str):
        if len(position) > most:
            raise _too_large(most)
        text = position.strip()
        is_json = text.startswith("{")
        too_deep = json_too_deep if is_json else toml_too_deep
        if too_deep(text, deepest):
            raise _too_deep(deepest)
        try:
            fields = json.loads(text) if is_json else tomllib.loads(text)
        except (ValueError, tomllib.TOMLDecodeError) as exc:
            raise TableError(
                N_("the position is neither TOML nor JSON: {problem}"), 422, problem=str(exc)
            ) from None
        except RecursionError:  # nested deeper than the scan saw: refused all the same
            raise _too_deep(deepest) from None
        if value_too_deep(fields, deepest):  # TOML's dotted keys nest without brackets
            raise _too_deep(deepest)
    else:
        fields = position
        if value_too_deep(fields, deepest):
            raise _too_deep(deepest)
        if len(json.dumps(fields, separators=(",", ":"), ensure_ascii=False, default=str)) > most:
            raise _too_large(most)
    if not isinstance(fields, dict):
        raise TableError(N_("a position is an object of fields"), 422)
    return fields


def own_fields(fields: dict[str, Any], game: Game[Any]) -> dict[str, Any]:
    """A position's fields for a table of ``game``: a whole position file (its game
    and options, as ``tabletop position from-state`` writes one) is taken when both
    are the table's, and refused with the difference otherwise."""
    named = fields.get("game", game.id)
    if named != game.id:
        raise TableError(
            N_("the position is of {other}; this table plays {game}"),
            422,
            other=str(named),
            game=game.id,
        )
    options = fields.get("options", {})
    if options:
        if not isinstance(options, dict):
            raise TableError(N_("the position's options must be an object"), 422)
        try:
            wanted = tabletop.make(game.id, **options).options_dict()
        except TabletopError as exc:
            raise TableError(str(exc), 422) from None
        mine = game.options_dict()
        differ = sorted(k for k in wanted if wanted[k] != mine.get(k))
        if differ:
            raise TableError(
                N_(
                    "the position was set up with other options ({options}): choose them "
                    "for the table"
                ),
                422,
                options=", ".join(f"{k} = {wanted[k]}" for k in differ),
            )
    return {k: v for k, v in fields.items() if k not in ("game", "options")}


def _too_large(most: int) -> TableError:
    return TableError(N_("a position is at most {most} characters"), 422, most=most)


def _too_deep(most: int) -> TableError:
    return TableError(N_("a position is nested deeper than {most} levels"), 422, most=most)


def check_no_files(game_id: str, options: dict[str, Any]) -> None:
    """Refuse a value other than the packaged ones (the default and the labelled
    values) for an option that names a file (Kung Fu's ``deck``): the server opens no
    file a client names, nor says whether one exists. Unknown games and options are
    left to ``tabletop.make`` to refuse."""
    cls = game_class(game_id).options_type
    for info in option_catalogue(cls):
        packaged = [info.default, *(value for value, _ in info.values)]
        if info.names_a_file and info.name in options and options[info.name] not in packaged:
            accepted = " or ".join(repr(v) for v in dict.fromkeys(packaged))
            raise TableError(
                N_(
                    "option {option}: the server opens no files named by a client; only "
                    "{accepted} is accepted here (deck files work in the terminal and "
                    "the Python API)"
                ),
                422,
                option=repr(info.name),
                accepted=accepted,
            )


def checked_game(game_id: str, options: dict[str, Any], num_seats: int) -> Game[Any]:
    """The game a new table plays, made with the client's options for ``num_seats``
    players; a refusal is a :class:`TableError` (422) with the game's sentence."""
    try:
        check_no_files(game_id, options)
        game = tabletop.make(game_id, **options)
        game.check_num_players(num_seats)
    except TabletopError as exc:
        raise TableError(str(exc), 422) from None
    return game


def checked_seats(
    game_id: str,
    seats: list[SeatSpec],
    replace_bot: str | None,
    claim: int | None,
    settings: ServerSettings,
) -> list[SeatSpec]:
    """The seats asked for, each a person's or a bot the game has (``replace_bot`` too),
    with its thinking time within the server's cap; ``claim`` must be a person's seat."""
    bots = list_bots(game_id)
    for name in [s.bot for s in seats if s.kind == BOT] + [replace_bot]:
        if name is not None and name not in bots:
            raise TableError(
                N_("unknown bot {bot}; available: {bots}"),
                422,
                bot=repr(name),
                bots=", ".join(bots),
            )
    for s in seats:
        if s.kind not in (HUMAN, BOT) or (s.kind == BOT) != (s.bot is not None):
            raise TableError(
                N_("each seat is {human} or {bot}"),
                400,
                human="{'kind': 'human'}",
                bot="{'kind': 'bot', 'bot': name}",
            )
    seats = [checked_think(s, game_id, settings.bot_think_cap()) for s in seats]
    if claim is not None and not (0 <= claim < len(seats) and seats[claim].kind == HUMAN):
        raise TableError(N_("seat {seat} is not a human seat"), 400, seat=claim)
    return seats


def first_state(
    game: Game[Any],
    position: dict[str, Any] | str | None,
    seed: int,
    num_seats: int,
    settings: ServerSettings,
) -> tuple[State, dict[str, Any] | None]:
    """The table's first state, dealt with ``seed``: a new game, or the client's
    ``position`` (:func:`checked_position`, returned for the table's row), which must
    seat ``num_seats`` players."""
    try:
        row_position = None
        if position is not None:
            row_position = own_fields(checked_position(position, settings), game)
        if row_position is not None:
            state = game.position({**row_position, "seed": seed})
            if state.num_players != num_seats:
                raise TableError(
                    N_("the position has {players} players, the table {seats} seats"),
                    422,
                    players=state.num_players,
                    seats=num_seats,
                )
        else:
            state = game.new_state(num_seats, seed=seed, log=True)
    except TableError:
        raise
    except TabletopError as exc:
        raise TableError(str(exc), 422) from None
    return state, row_position


def checked_terms(
    move_time_s: Any,
    on_timeout: Any,
    rated: Any,
    *,
    bounds: tuple[float, float],
    replace_bot: str | None,
    position: object | None,
    known_deal: bool,
) -> TableTerms:
    """The terms a client asked for, within the server's ``bounds`` of a move's time.

    A turn-based table has no replacement bot of its own (the heuristic bot takes
    the seat of a person out of time); a rated table starts from the game's own deal,
    not from a position or a deal its creator chose."""
    if move_time_s is not None:
        low, high = bounds
        if not (
            isinstance(move_time_s, int | float)
            and not isinstance(move_time_s, bool)
            and math.isfinite(move_time_s)
            and low <= move_time_s <= high
        ):
            raise TableError(
                N_("move_time_s must be between {low} and {high} seconds"),
                422,
                low=int(low),
                high=int(high),
            )
        if replace_bot is not None:
            raise TableError(
                N_(
                    "a turn-based table has no replacement bot: a person out of time is "
                    "replaced by the heuristic bot, or the table ends (on_timeout)"
                ),
                422,
            )
    if on_timeout not in ON_TIMEOUT:
        raise TableError(N_("on_timeout is {bot} or {end}"), 422, bot='"bot"', end='"end"')
    if not isinstance(rated, bool):
        raise TableError(N_("rated is true or false"), 422)
    if rated and (position is not None or known_deal):
        raise TableError(
            N_("a rated table plays the game's own deal, not a position or a chosen deal"), 422
        )
    return TableTerms(
        move_time_s=None if move_time_s is None else float(move_time_s),
        on_timeout=on_timeout,
        rated=rated,
    )
