"""A King of Tokyo situation set up in the players' words (docs/positions.md).

A position names the monsters and what each has (hearts, stars, energy, tokens, Power
cards, Evolutions and the marks on them), who is in Tokyo, the row and the next cards
of the deck, the Power cards out of the game (``box``), whose turn it is and at which
step, the dice, and what the turn has done so far (``this_turn``). What it leaves out
gets the game's normal set-up with the seed: monsters dealt from the box, the deck
shuffled, the row turned up. Starting at a step runs that step: "start of turn" gives
the Tokyo stars and the start-of-turn cards as the game would, then rolls
(``next_dice`` scripts the faces); ``moves`` are then played, and ``stop`` checks
where the state waits.

The modules: this one reads the table and deals; :mod:`.position_placer` places the
cards and tokens, :mod:`.position_evolutions` the Evolutions, :mod:`.position_turn`
the turn, its step and ``stop``, :mod:`.position_marks` the turn's marks;
:mod:`.position_describe` writes a state's fields back.

    >>> import tabletop
    >>> game = tabletop.make("king-of-tokyo")
    >>> state = game.position({
    ...     "monsters": [{"name": "Meka Dragon", "stars": 12}, "The King"],
    ...     "city": "Meka Dragon",
    ...     "next_dice": ["claw", "claw", "claw", "heart", "1", "1"],
    ... })
    >>> m = state.view(None)["monsters"][0]
    >>> m["stars"], state.view(None)["dice"]
    (14, ['1', '1', 'heart', 'claw', 'claw', 'claw'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import PositionError, check_fields, play_moves, whole_number
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.position_placer import Placer
from tabletop.games.king_of_tokyo.position_turn import TURN_FIELDS, check_stop, start
from tabletop.games.king_of_tokyo.position_words import seat_of, seats_of

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

FIELDS = frozenset(
    {
        "players",
        "seed",
        "monsters",
        "city",
        "bay",
        "eliminated",
        "row",
        "deck",
        "discard",
        "box",
        "moves",
        *TURN_FIELDS,
    }
)
MONSTER_FIELDS = frozenset(
    {
        "name",
        "hearts",
        "stars",
        "energy",
        "poison",
        "shrink",
        "out",
        "cards",
        "counters",
        "mimic",
        "paid",
        "evolutions",
        "played",
        "evolution_deck",
        "evolution_discard",
        "icy_reflection",
        "target_token",
        "encased",
        "lent",
        "ufo",
        "draft",
    }
)


def build(game: KingOfTokyoGame, spec: Mapping[str, Any]) -> KingOfTokyoState:
    """The state of ``spec`` (see the module docstring and docs/positions.md)."""
    check_fields(spec, FIELDS)
    seats = _monster_specs(spec)
    players = whole_number(spec, "players", len(seats) if seats else 4)
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise PositionError(
            "players",
            "{low} to {high}, got {players}",
            low=info.min_players,
            high=info.max_players,
            players=players,
        )
    if seats and len(seats) != players:
        raise PositionError(
            "monsters",
            "names {count} monsters for {players} players",
            count=len(seats),
            players=players,
        )
    seats = seats or [{} for _ in range(players)]
    seed = whole_number(spec, "seed", 0)
    state = deal(game, players, seed, _monster_ids(game, seats, seed))
    Placer(state, spec, seats).place()
    _the_out_and_tokyo(state, spec)
    where = start(state, spec)
    state = play_moves(state, spec.get("moves", []))
    check_stop(state, spec, where)
    return state


def _the_out_and_tokyo(state: KingOfTokyoState, spec: Mapping[str, Any]) -> None:
    """The order the monsters out of the game left it in; who is in Tokyo."""
    out = [m.seat for m in state.monsters if not m.alive]
    if "eliminated" in spec:
        order = seats_of(state, "eliminated", spec["eliminated"], out=True)
        if sorted(order) != out:
            raise PositionError(
                "eliminated", "lists each monster out of the game once, and no other"
            )
        out = order
    state.eliminated = out
    alive = [m.seat for m in state.monsters if m.alive]
    if len(alive) < 2 and (state.kot_game.immediate_end or not alive):
        # 2016 checks victory at the end of the turn: the last monster ends its turn.
        raise PositionError("monsters", "at least two monsters must be in the game")
    state.alive_count = len(alive)
    state.city = _seat(state, spec, "city")
    state.bay = _seat(state, spec, "bay")
    if state.city >= 0 and state.city == state.bay:
        raise PositionError("bay", "a monster holds one place in Tokyo, not both")
    if state.bay >= 0 and not state.bay_open():
        raise PositionError(
            "bay", "Tokyo Bay is in play only with 5 or 6 monsters (option tokyo_bay)"
        )


def _seat(state: KingOfTokyoState, spec: Mapping[str, Any], field: str) -> int:
    return seat_of(state, field, spec[field]) if spec.get(field) is not None else -1


def _monster_specs(spec: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each monster's fields (a bare name is ``{"name": name}``)."""
    given = spec.get("monsters")
    if given is None:
        return []
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise PositionError("monsters", "a list: a monster's name, or its fields, per seat")
    out = []
    for seat, entry in enumerate(given):
        if isinstance(entry, str):
            entry = {"name": entry}
        if not isinstance(entry, Mapping):
            raise PositionError(
                f"monsters[{seat}]", "a name or an object, got {entry!r}", entry=entry
            )
        for name in entry:
            if name not in MONSTER_FIELDS:
                known = ", ".join(sorted(MONSTER_FIELDS))
                raise PositionError(
                    f"monsters[{seat}].{name}", "unknown field (known: {known})", known=known
                )
        out.append(dict(entry))
    return out


def _monster_ids(
    game: KingOfTokyoGame, seats: list[dict[str, Any]], seed: int
) -> tuple[str, ...] | None:
    """The monsters at the table: those named, the others dealt from the box with
    ``seed`` (``None``: none named, the game's own set-up decides)."""
    chosen = game.options.monster_list(len(seats)) if game.options.monsters != "box" else None
    if not any("name" in s for s in seats):
        return chosen
    by_name = {key: key for key in MONSTER_NAMES}
    for key in MONSTER_NAMES:
        by_name[MONSTER_NAMES[key].lower()] = key
        by_name[key.replace("_", " ")] = key
    by_name["gigazaur"] = "giga_zaur"  # its 2016 name
    ids: list[str] = []
    for seat, s in enumerate(seats):
        name = s.get("name")
        if name is None:  # dealt below
            ids.append("")
            continue
        key = by_name.get(name.strip().lower(), "") if isinstance(name, str) else ""
        if not key:
            known = ", ".join(game.monster_name(k) for k in MONSTER_NAMES)
            raise PositionError(
                f"monsters[{seat}].name",
                "no monster {name!r} (the monsters: {known})",
                name=name,
                known=known,
            )
        if key in ids:
            raise PositionError(
                f"monsters[{seat}].name",
                "{monster} is at the table twice",
                monster=game.monster_name(key),
            )
        ids.append(key)
    if chosen is not None:
        if any(key and key != c for key, c in zip(ids, chosen, strict=True)):
            raise PositionError(
                "monsters",
                "the game's option monsters={monsters!r} names other monsters",
                monsters=game.options.monsters,
            )
        return chosen
    unnamed = [key for key in game.box if key not in ids]
    Rng(seed).shuffle(unnamed)  # the others dealt from the box with the seed
    return tuple(key or unnamed.pop() for key in ids)


def deal(
    game: KingOfTokyoGame, players: int, seed: int, monsters: tuple[str, ...] | None
) -> KingOfTokyoState:
    """The game's own set-up with ``seed`` (with ``monsters`` at the table), ready to edit:
    nothing pending, no log, the options those of ``game``."""
    dealer = game
    if monsters is not None and game.options.monster_list(players) != monsters:
        options = dataclasses.replace(game.options, monsters=",".join(monsters))
        dealer = type(game)(options)
    data = dealer.new_state(players, seed, log=False).to_dict()
    data["options"] = game.options_dict()
    data["log"] = []
    for kind, seat, context in data["state"]["decisions"]:
        if kind == Ask.EVO_KEEP:  # the set-up's draw goes back on top, as it was
            data["state"]["power_up"]["deck"][seat] += [context[1], context[0]]
    data["state"]["decisions"] = []
    data["state"]["queue"] = []
    return game.state_from_dict(data)
