"""An UNO Power situation set up in the players' words (docs/positions.md).

A position names the hands by card names (as the game names them: ``"red 7 (O)"``,
``"blue Draw Two"``, ``"Wild Draw Four"``), the card in play, the next cards of the
draw pile, who holds which tower and whose turn it is. What it leaves out gets the
game's normal set-up: hands dealt and the rest of the deck shuffled with the seed.
Play starts at the named seat's normal turn.

    >>> import tabletop
    >>> game = tabletop.make("uno-power")
    >>> state = game.position({"hands": [["red 5"], ["blue 5"], ["green 9"]], "top": "red 3"})
    >>> [a.label for a in state.legal_actions()]
    ['play red 5', 'draw a card']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidOptionsError
from tabletop.games.uno_power.cards import COLOURS, TOWERS
from tabletop.games.uno_power.phases import STAGE_DONE

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame
    from tabletop.games.uno_power.state import UnoPowerState

FIELDS = frozenset(
    {
        "players",
        "seed",
        "hands",
        "top",
        "colour",
        "turn",
        "direction",
        "towers",
        "draw",
        "discard",
        "scores",
        "dealer",
        "round",
        "called",
    }
)


class PositionError(InvalidOptionsError):
    """A position that names something the game lacks, or that the rules cannot
    reach; the message names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"position.{field}", message)


def build(game: UnoPowerGame, spec: Mapping[str, Any]) -> UnoPowerState:
    """The state of ``spec`` (see the module docstring and docs/positions.md)."""
    unknown = sorted(set(spec) - FIELDS)
    if unknown:
        raise PositionError(unknown[0], f"unknown field (known: {', '.join(sorted(FIELDS))})")
    hands_spec = spec.get("hands")
    players = _int(spec, "players", len(hands_spec) if hands_spec else 2)
    game.check_num_players(players)
    seed = _int(spec, "seed", 0)
    cards = game.cards
    rest = Counter(cards.deck)

    def take(field: str, names: Any) -> list[int]:
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise PositionError(field, f"must be a list of card names, got {names!r}")
        out = []
        for name in names:
            k = _card(game, field, name)
            if rest[k] <= 0:
                raise PositionError(
                    field, f"{cards.names[k]}: more copies than the deck's {cards.copies[k]}"
                )
            rest[k] -= 1
            out.append(k)
        return out

    data = game.new_state(players, seed).to_dict()
    s = data["state"]
    shuffled = list(s["deck"]["draw"]) + [k for h in s["hands"] for k in h]  # the seed's order
    shuffled += s["deck"]["discard"]
    hands: list[list[int]] | None = None
    if hands_spec is not None:
        if not isinstance(hands_spec, Sequence) or len(hands_spec) != players:
            raise PositionError("hands", f"needs one list of cards per player ({players})")
        hands = [take(f"hands[{p}]", h) for p, h in enumerate(hands_spec)]
    top = take("top", [spec["top"]])[0] if "top" in spec else None
    below = take("discard", spec.get("discard", []))
    drawn_first = take("draw", spec.get("draw", []))
    pool = []  # the cards the position leaves to the deal, in the seed's order
    for k in shuffled:
        if rest[k] > 0:
            rest[k] -= 1
            pool.append(k)
    if hands is None:
        size = game.options.hand_size
        hands = [[pool.pop() for _ in range(size)] for _ in range(players)]
    if top is None:
        top = next(k for k in reversed(pool) if cards.colour[k] >= 0)
        pool.remove(top)
    s["hands"] = hands
    s["deck"] = {"draw": pool + list(reversed(drawn_first)), "discard": [*below, top]}
    s["top"] = top
    s["colour"] = _colour(game, spec, top)
    s["turn"] = _seat(spec, "turn", players, 0)
    direction = spec.get("direction", 1)
    if direction not in (1, -1):
        raise PositionError("direction", f"1 (clockwise) or -1, got {direction!r}")
    s["direction"] = direction
    s["towers"] = _towers(spec.get("towers", {}), players)
    s["dealer"] = _seat(spec, "dealer", players, s["dealer"])
    s["round"] = _int(spec, "round", s["round"])
    if "scores" in spec:
        scores = spec["scores"]
        if not isinstance(scores, Sequence) or len(scores) != players:
            raise PositionError("scores", f"needs one score per player ({players})")
        s["scores"] = [int(x) for x in scores]
    called = spec.get("called", [len(h) == 1 for h in hands])
    if not isinstance(called, Sequence) or len(called) != players:
        raise PositionError("called", f"needs one true/false per player ({players})")
    s["called"] = [bool(c) for c in called]
    s.update(
        ask=[],
        stage=STAGE_DONE,
        actor=-1,
        played=-1,
        next_turn=-1,
        pending_draw=0,
        wd4_colour=-1,
        uno_pending=-1,
        pass_streak=0,
        towers_before=0,
        over=False,
        winners=[],
    )
    data["history"] = []
    data["log"] = []
    return game.state_from_dict(data)


def _int(spec: Mapping[str, Any], field: str, default: int) -> int:
    value = spec.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be a whole number, got {value!r}")
    return value


def _seat(spec: Mapping[str, Any], field: str, players: int, default: int) -> int:
    seat = _int(spec, field, default)
    if not 0 <= seat < players:
        raise PositionError(field, f"a seat from 0 to {players - 1}, got {seat}")
    return seat


def _card(game: UnoPowerGame, field: str, name: Any) -> int:
    names = game.cards.names
    if isinstance(name, str):
        lowered = {n.lower(): k for k, n in enumerate(names)}
        k = lowered.get(name.strip().lower())
        if k is not None:
            return k
    close = [n for n in names if isinstance(name, str) and name.lower() in n.lower()][:5]
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise PositionError(field, f"no card called {name!r}{hint}")


def _colour(game: UnoPowerGame, spec: Mapping[str, Any], top: int) -> int:
    colour = spec.get("colour")
    if colour is None:
        c = game.cards.colour[top]
        if c < 0:
            raise PositionError("colour", "name the colour chosen for the wild card on top")
        return int(c)
    if colour not in COLOURS:
        raise PositionError("colour", f"one of {', '.join(COLOURS)}, got {colour!r}")
    if game.cards.colour[top] >= 0 and COLOURS.index(colour) != game.cards.colour[top]:
        raise PositionError("colour", "only a wild card on top has a chosen colour")
    return COLOURS.index(colour)


def _towers(spec: Any, players: int) -> list[int]:
    if not isinstance(spec, Mapping):
        raise PositionError("towers", "an object of tower letter: seat (U, N, O, !)")
    holders = [-1] * len(TOWERS)
    for letter, seat in spec.items():
        if letter not in TOWERS:
            raise PositionError("towers", f"no tower {letter!r} (the towers: U, N, O, !)")
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise PositionError(f"towers.{letter}", f"a seat from 0 to {players - 1} or null")
        holders[TOWERS.index(letter)] = -1 if seat is None else seat
    return holders
