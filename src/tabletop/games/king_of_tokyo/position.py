"""A King of Tokyo situation set up in the players' words (docs/positions.md).

A position names the monsters and what each has (hearts, stars, energy, tokens, Power
cards, Evolutions), who is in Tokyo, the row and the next cards of the deck, the Power
cards out of the game (``box``), whose turn it is and at which step, and the dice. What
it leaves out gets the game's normal set-up with the seed: monsters dealt from the
box, the deck shuffled, the row turned up. Starting at a step runs that step: "start
of turn" gives the Tokyo stars and the start-of-turn cards as the game would, then
rolls (``next_dice`` scripts the faces); ``moves`` are then played.

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

from tabletop.core.positions import (
    CardPool,
    PositionError,
    check_fields,
    play_moves,
    whole_number,
)
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo import owned
from tabletop.games.king_of_tokyo.cards import Card, CardTable, card_table
from tabletop.games.king_of_tokyo.constants import BATTERY_ENERGY, SMOKE_COUNTERS
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, MAX_DICE, face_from_name
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import POSITION_COUNTERS
from tabletop.games.king_of_tokyo.monster import START_HEARTS, WIN_STARS
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES
from tabletop.games.king_of_tokyo.phases import Ask, Stage
from tabletop.games.king_of_tokyo.position_evolutions import Evolutions

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
        "turn",
        "turn_number",
        "step",
        "dice",
        "rolls_left",
        "next_dice",
        "row",
        "deck",
        "discard",
        "box",
        "moves",
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
        "evolutions",
        "played",
        "evolution_deck",
        "evolution_discard",
    }
)
EVOLUTION_FIELDS = ("evolutions", "played", "evolution_deck", "evolution_discard")
STEPS: Mapping[str, int] = {
    "start of turn": Stage.START,
    "rolling": Stage.ROLLING,
    "after the last roll": Stage.ROLLING,
    "buy phase": Stage.BUY,
    "end of turn": Stage.END,
}
"""The steps a position can start at, and the stage each runs first."""

ROLLS_AFTER_FIRST = 2  # the first roll made, two rerolls left


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
    state = _dealt(game, players, seed, _monster_ids(game, seats, seed))
    _Placer(state, spec, seats).place()
    step = spec.get("step", "start of turn")
    if step not in STEPS:
        raise PositionError(
            "step", "one of {steps}, got {step!r}", steps=", ".join(map(repr, STEPS)), step=step
        )
    _start(state, spec, step)
    return play_moves(state, spec.get("moves", []))


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


def _dealt(
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


class _Placer:
    """Puts the position's cards, tokens and monsters on the dealt table."""

    def __init__(
        self, state: KingOfTokyoState, spec: Mapping[str, Any], seats: list[dict[str, Any]]
    ) -> None:
        self.state = state
        self.spec = spec
        self.seats = seats
        table: CardTable = state.kot_game.cards
        other = card_table("2016" if table.edition == "2011" else "2011")
        aliases = {c.slug: int(c) for c in Card}
        aliases.update({c.slug.replace("_", " "): int(c) for c in Card})
        aliases.update({other.info[c].name: int(c) for c in Card})
        self.pool = CardPool([i.name for i in table.info], [i.count for i in table.info], aliases)
        # The free instances of each card type, in the seed's deal order.
        dealt = [*state.deck, *reversed(state.row)]
        self.free: dict[int, list[int]] = {int(c): [] for c in Card}
        for c in dealt:
            self.free[table.instances[c]].append(c)
        self.dealt = dealt

    def cards(self, field: str, names: Any) -> list[int]:
        return [self.free[k].pop(0) for k in self.pool.take(field, names)]

    def place(self) -> None:
        state, spec = self.state, self.spec
        table = state.kot_game.cards
        held = [
            self.cards(f"monsters[{p}].cards", s.get("cards", [])) for p, s in enumerate(self.seats)
        ]
        for p, cards in enumerate(held):
            for c in cards:
                if not table.keep[c]:
                    raise PositionError(
                        f"monsters[{p}].cards",
                        "{card} is a Discard card: played when bought, never kept",
                        card=table.names[c],
                    )
            state.monsters[p].cards = cards
        row = self.cards("row", spec.get("row", []))
        if len(row) > len(state.row):
            raise PositionError(
                "row",
                "the row has {size} cards, not {count}",
                size=len(state.row),
                count=len(row),
            )
        on_top = self.cards("deck", spec.get("deck", []))
        state.discard = self.cards("discard", spec.get("discard", []))
        # Last: the cards placed elsewhere count.
        state.box = tuple(sorted(self.cards("box", spec.get("box", []))))
        taken = {c for cards in self.free.values() for c in cards}
        rest = [c for c in self.dealt if c in taken]
        while len(row) < len(state.row):
            row.append(rest.pop() if rest else -1)
        state.row = row
        state.deck = [*rest, *reversed(on_top)]
        for p, s in enumerate(self.seats):
            self.monster(p, s)
        if state.pu is not None:
            Evolutions(state, self.seats).place()
        else:
            for p, s in enumerate(self.seats):
                for name in EVOLUTION_FIELDS:
                    if name in s:
                        raise PositionError(
                            f"monsters[{p}].{name}", "Evolutions are in play with Power Up! only"
                        )
        for p, s in enumerate(self.seats):
            self.mimic(p, s)
        state.refresh_masks()
        for p, s in enumerate(self.seats):
            self.counters(p, s)
            m = state.monsters[p]
            if m.alive and m.hearts > m.max_hearts:
                raise PositionError(
                    f"monsters[{p}].hearts",
                    "{hearts} is over its maximum of {most}",
                    hearts=m.hearts,
                    most=m.max_hearts,
                )
        alive = [m.seat for m in state.monsters if m.alive]
        if len(alive) < 2:
            raise PositionError("monsters", "at least two monsters must be in the game")
        state.alive_count = len(alive)
        state.city = self.seat("city", -1)
        state.bay = self.seat("bay", -1)
        if state.city >= 0 and state.city == state.bay:
            raise PositionError("bay", "a monster holds one place in Tokyo, not both")
        if state.bay >= 0 and not state.bay_open():
            raise PositionError(
                "bay", "Tokyo Bay is in play only with 5 or 6 monsters (option tokyo_bay)"
            )

    def monster(self, p: int, s: Mapping[str, Any]) -> None:
        state = self.state
        m = state.monsters[p]
        field = f"monsters[{p}]"
        out = s.get("out", False)
        if not isinstance(out, bool):
            raise PositionError(f"{field}.out", "true or false, got {value!r}", value=out)
        m.hearts = _count(s, "hearts", field, 0 if out else START_HEARTS, 0 if out else 1)
        m.stars = _count(s, "stars", field, 0, 0, WIN_STARS - 1)
        m.energy = _count(s, "energy", field, 0, 0)
        m.poison = _count(s, "poison", field, 0, 0)
        m.shrink = _count(s, "shrink", field, 0, 0)
        if not out:
            return
        if m.hearts or m.cards or s.get("evolutions") or s.get("played"):
            raise PositionError(
                f"{field}.out", "a monster out of the game has no hearts and no cards"
            )
        m.alive = False
        state.eliminated.append(p)

    def mimic(self, p: int, s: Mapping[str, Any]) -> None:
        """Mimic's token: on a Keep card in front of another monster."""
        name = s.get("mimic")
        if name is None:
            return
        state = self.state
        table = state.kot_game.cards
        field = f"monsters[{p}].mimic"
        if not any(table.instances[c] == Card.MIMIC for c in state.monsters[p].cards):
            raise PositionError(field, "the monster has no Mimic card")
        kind = self.pool.kind(field, name)
        for other in state.monsters:
            if other.seat != p:
                for c in other.cards:
                    if table.instances[c] == kind:
                        state.monsters[p].mimic = c
                        return
        raise PositionError(field, "no other monster has {card}", card=table.info[kind].name)

    def counters(self, p: int, s: Mapping[str, Any]) -> None:
        """The counters on ``p``'s cards: as given, else what the card comes with."""
        state = self.state
        m = state.monsters[p]
        table = state.kot_game.cards
        field = f"monsters[{p}].counters"
        given = s.get("counters", {})
        if not isinstance(given, Mapping):
            raise PositionError(field, "an object of card name: counters")
        for c in m.cards:
            card = table.instances[c]
            if card == Card.MIMIC and m.mimic >= 0:  # the copy comes with its own
                card = table.instances[m.mimic]
            if card == Card.SMOKE_CLOUD:
                state.counters[c] = SMOKE_COUNTERS
            elif card == Card.BATTERY_MONSTER and table.edition == "2016":
                state.counters[c] = BATTERY_ENERGY
        pu = state.pu
        if pu is not None:  # what face-up Evolutions come with (Adapting Technology)
            for set_up in POSITION_COUNTERS.calls:
                set_up(state, p)
        for name, n in given.items():
            count = _count({name: n}, name, field, 0, 0)
            target = self._counted(p, field, name)
            if target >= 0:
                state.counters[target] = count
            else:
                assert pu is not None
                pu.counters[-target - 1] = count
        for c in m.cards:
            card = table.instances[c]
            if card == Card.MIMIC and m.mimic >= 0:
                card = table.instances[m.mimic]
            if card == Card.BATTERY_MONSTER and c not in state.counters:
                raise PositionError(
                    field, "say how many energy counters {card} carries", card=table.names[c]
                )

    def _counted(self, p: int, field: str, name: str) -> int:
        """The card instance ``name`` names among ``p``'s cards, or ``-1 - number`` of
        the Evolution it names among ``p``'s face-up ones."""
        state = self.state
        table = state.kot_game.cards
        key = name.strip().lower()
        for c in state.monsters[p].cards:
            info = table.info[table.instances[c]]
            if key in (info.name.lower(), info.card.slug, info.card.slug.replace("_", " ")):
                return c
        pu = state.pu
        if pu is not None:
            for n in pu.table[p]:
                e = evolution_table().info[n]
                if key in (e.name.lower(), e.id):
                    return -1 - n
        raise PositionError(f"{field}.{name}", "names no card in front of this monster")

    def seat(self, field: str, default: int) -> int:
        return _seat(self.state, self.spec, field, default)


def _seat(state: KingOfTokyoState, spec: Mapping[str, Any], field: str, default: int) -> int:
    """A seat named by number or by its monster's name; it must be in the game."""
    value = spec.get(field)
    if value is None:
        return default
    seat = -1
    if isinstance(value, str):
        key = value.strip().lower()
        for p, m in enumerate(state.monsters):
            if key in (m.name, m.name.replace("_", " "), state.monster_name(p).lower()):
                seat = p
        if seat < 0:
            raise PositionError(field, "no monster {name!r} at this table", name=value)
    elif isinstance(value, int) and not isinstance(value, bool):
        seat = value
    if not 0 <= seat < state.num_players:
        raise PositionError(
            field, "a seat from 0 to {last} or a monster's name", last=state.num_players - 1
        )
    if not state.monsters[seat].alive:
        raise PositionError(field, "{monster} is out of the game", monster=state.monster_name(seat))
    return seat


def _count(
    spec: Mapping[str, Any], name: str, field: str, default: int, low: int, high: int | None = None
) -> int:
    value = spec.get(name, default)
    where = f"{field}.{name}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(where, "must be a whole number, got {value!r}", value=value)
    if value < low or (high is not None and value > high):
        if high is None:
            raise PositionError(where, "from {low}, got {value}", low=low, value=value)
        raise PositionError(
            where, "from {low} to {high}, got {value}", low=low, high=high, value=value
        )
    return value


def _faces(spec: Mapping[str, Any], field: str) -> list[int]:
    names = spec.get(field, [])
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise PositionError(field, "a list of die faces ({faces})", faces=", ".join(FACE_NAMES))
    faces = []
    for name in names:
        try:
            faces.append(face_from_name(name))
        except (ValueError, AttributeError):
            raise PositionError(
                field,
                "no die face {name!r} (the faces: {faces})",
                name=name,
                faces=", ".join(FACE_NAMES),
            ) from None
    return faces


def _start(state: KingOfTokyoState, spec: Mapping[str, Any], step: str) -> None:
    """Whose turn, which step, the dice; then run the step to the first decision."""
    turn = _seat(state, spec, "turn", 0)
    state.active = state.base = turn
    state.turn = whole_number(spec, "turn_number", 1) - 1
    limit = state.kot_game.options.turn_limit
    if not 0 <= state.turn < limit:
        raise PositionError("turn_number", "from 1 to the turn limit ({limit})", limit=limit)
    state.next_dice = tuple(_faces(spec, "next_dice"))
    dice = _faces(spec, "dice")
    rolled = step in ("rolling", "after the last roll")
    if dice and not rolled:
        raise PositionError(
            "dice", "no dice show at the {step}: next_dice scripts the roll", step=step
        )
    if rolled and "dice" not in spec:  # [] is allowed: Shrink Rays can leave no dice
        raise PositionError("dice", "name the dice showing {step}", step=step)
    if len(dice) > MAX_DICE:
        raise PositionError(
            "dice", "at most {most} dice, got {count}", most=MAX_DICE, count=len(dice)
        )
    default_left = ROLLS_AFTER_FIRST if step == "rolling" else 0
    state.rolls_left = whole_number(spec, "rolls_left", default_left)
    if "rolls_left" in spec and step != "rolling":
        raise PositionError("rolls_left", 'only at the step "rolling"')
    most = ROLLS_AFTER_FIRST + owned.copies(state, turn, Card.GIANT_BRAIN)
    if not (1 if step == "rolling" else 0) <= state.rolls_left <= most:
        raise PositionError(
            "rolls_left", "from 1 to {most} while rolling (Giant Brain: +1)", most=most
        )
    state.dice = sorted(dice)
    state.stage = STEPS[step]
    state.event("position", "The game starts from a position.")
    state.advance()
