"""A Kung Fu situation set up in the players' words (docs/positions.md).

A position names the hands and the koku rows by card names, each fighter's life, who
holds the initiative, the next cards of the red and blue piles, the last round's result
and the cards out of the game (``box``). What it leaves out gets the game's normal
set-up: hands dealt and the rest of each pile shuffled with the seed. Play starts at
the beginning of a round, run to its first decision; ``moves`` are then played.

    >>> import tabletop
    >>> game = tabletop.make("kung-fu")
    >>> state = game.position({"hands": [["Straight Punch", "Low Kick"], ["Crane Beak"]],
    ...                        "life": [3, 5], "attacker": 1})
    >>> state.current_player, state.view(None)["players"][0]["life"]
    (1, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from tabletop.core.positions import (
    CardPool,
    PositionError,
    check_fields,
    per_seat,
    play_moves,
    seat_number,
    whole_number,
)
from tabletop.games.kung_fu.cards import RED
from tabletop.games.kung_fu.effects import MAX_LIFE

if TYPE_CHECKING:
    from tabletop.games.kung_fu.game import KungFuGame
    from tabletop.games.kung_fu.state import KungFuState

FIELDS = frozenset(
    {
        "seed",
        "hands",
        "rows",
        "life",
        "attacker",
        "red",
        "blue",
        "red_discard",
        "blue_discard",
        "round",
        "passes",
        "no_parry",
        "box",
        "last_round",
        "moves",
    }
)
LAST_ROUND: Final = ("attack_value", "parry_value", "damage", "effects")
"""The fields of ``last_round``, as the view names them."""
PLAYERS = 2


def build(game: KungFuGame, spec: Mapping[str, Any]) -> KungFuState:
    """The state of ``spec`` (see the module docstring and docs/positions.md)."""
    check_fields(spec, FIELDS)
    seed = whole_number(spec, "seed", 0)
    cards = game.cards
    pool = CardPool(cards.names, cards.count)
    data = game.new_state(PLAYERS, seed).to_dict()
    s = data["state"]
    dealt = s["hands"]
    shuffled = [k for d in s["decks"] for k in (*d["draw"], *d["discard"])]
    shuffled = [k for h in dealt for k in h] + shuffled  # the seed's order
    hands = None
    if "hands" in spec:
        given = per_seat(spec, "hands", PLAYERS, "list of cards")
        hands = [pool.take(f"hands[{p}]", h) for p, h in enumerate(given)]
    rows: list[list[int]] = [[], []]
    if "rows" in spec:
        given = per_seat(spec, "rows", PLAYERS, "koku row")
        rows = [pool.take(f"rows[{p}]", r) for p, r in enumerate(given)]
    next_up = [pool.take(name, spec.get(name, [])) for name in ("red", "blue")]
    discards = [pool.take(name, spec.get(name, [])) for name in ("red_discard", "blue_discard")]
    for colour, name in enumerate(("red", "blue")):
        for field, kinds in ((name, next_up[colour]), (f"{name}_discard", discards[colour])):
            wrong = [cards.names[k] for k in kinds if (cards.colour[k] == RED) != (colour == 0)]
            if wrong and name == "red":
                raise PositionError(field, "{cards}: not a red card", cards=", ".join(wrong))
            if wrong:
                raise PositionError(field, "{cards}: not a blue card", cards=", ".join(wrong))
    box = pool.take("box", spec.get("box", []))  # last: the cards placed elsewhere count
    rest = pool.rest(shuffled)
    if hands is None:  # as many of each colour as the deal gave
        hands = []
        for hand in dealt:
            mine = []
            for k in hand:
                colour = cards.colour[k]
                card = next((c for c in rest if cards.colour[c] == colour), -1)
                if card < 0:
                    raise PositionError(
                        "hands",
                        "too few cards are left to deal the hands: name the hands, or put "
                        "fewer cards in the box",
                    )
                rest.remove(card)
                mine.append(card)
            hands.append(mine)
    piles = [[k for k in rest if cards.colour[k] == c] for c in (0, 1)]
    s["hands"] = hands
    s["box"] = sorted(box)
    s["rows"] = rows
    s["koku_total"] = [sum(cards.worth[k] for k in r) for r in rows]
    s["decks"] = [
        {"draw": piles[c] + list(reversed(next_up[c])), "discard": discards[c]} for c in (0, 1)
    ]
    life = s["life"]
    if "life" in spec:
        life = [whole_number({"life": x}, "life", 0) for x in per_seat(spec, "life", 2, "life")]
        if any(x <= 0 for x in life):
            raise PositionError("life", "each fighter needs some life left, got {life}", life=life)
        if any(x > MAX_LIFE for x in life):
            raise PositionError(
                "life", "at most {most} (the start's), got {life}", most=MAX_LIFE, life=life
            )
    passes = s["passes"]
    if "passes" in spec:
        given = per_seat(spec, "passes", PLAYERS, "number")
        passes = [whole_number({"passes": x}, "passes", 0) for x in given]
        most = game.options.max_voluntary_passes
        if most < 0 and passes != [-1, -1]:
            raise PositionError(
                "passes", "-1 each (the option's: as often as wanted), got {passes}", passes=passes
            )
        if most >= 0 and not all(0 <= x <= most for x in passes):
            raise PositionError(
                "passes",
                "from 0 to {most} each (the option's), got {passes}",
                most=most,
                passes=passes,
            )
    round_number = whole_number(spec, "round", 1)
    if not 1 <= round_number <= game.options.round_limit:
        raise PositionError(
            "round",
            "from 1 to the round limit ({limit}), got {round}",
            limit=game.options.round_limit,
            round=round_number,
        )
    no_parry = [False, False]
    if "no_parry" in spec:
        no_parry = [bool(x) for x in per_seat(spec, "no_parry", PLAYERS, "true/false")]
    s.update(
        round_start_fields(),
        last_round=_last_round(spec, round_number),
        round=round_number,
        attacker=seat_number(spec, "attacker", PLAYERS, s["attacker"]),
        life=list(life),
        passes=list(passes),
        no_parry=no_parry,
    )
    data["history"] = []
    data["log"] = []
    state = game.state_from_dict(data)
    state.run_to_decision()
    return play_moves(state, spec.get("moves", []))


def _last_round(spec: Mapping[str, Any], round_number: int) -> list[Any] | None:
    """The last finished round as the view shows it (``last_round``): its attack's and
    parry's final values, the combat damage and its effects in words."""
    last = spec.get("last_round")
    if last is None:
        return None
    if not isinstance(last, Mapping):
        raise PositionError(
            "last_round", "an object with the attack and parry values, damage and effects"
        )
    if round_number < 2:
        raise PositionError("last_round", "no round came before round 1: set the round")
    for name in sorted(set(last) ^ set(LAST_ROUND)):
        if name in last:
            raise PositionError(
                f"last_round.{name}",
                "unknown field (known: {known})",
                known=", ".join(LAST_ROUND),
            )
        raise PositionError(f"last_round.{name}", "missing: the last round needs it")
    figures = [
        whole_number({f"last_round.{name}": last[name]}, f"last_round.{name}", 0)
        for name in ("attack_value", "parry_value", "damage")
    ]
    if any(x < 0 for x in figures):
        raise PositionError(
            "last_round", "the values and the damage are 0 or more, got {values}", values=figures
        )
    effects = last["effects"]
    if isinstance(effects, str) or not isinstance(effects, Sequence):
        raise PositionError(
            "last_round.effects", "a list of sentences, got {value!r}", value=effects
        )
    return [round_number - 1, *figures, [str(x) for x in effects]]


def round_start_fields() -> dict[str, Any]:
    """The fields of a saved state at the start of a round that a position does not
    choose: no card played yet, no effect pending, nobody marked, the game going on."""
    return {
        "ask": [],
        "stage": 0,
        "mark_next": [False, False],
        "att_player": -1,
        "att_card": -1,
        "att_down": False,
        "att_hidden": False,
        "att_value": -1,
        "par_card": -2,
        "par_value": -1,
        "active": [False, False],
        "gained": [False, False],
        "negated": False,
        "lost": [0, 0],
        "damage": 0,
        "eff_side": 0,
        "eff_index": 0,
        "switch": False,
        "took": False,
        "deciding": False,
        "summary": [],
        "last_round": None,
        "over": False,
        "winner": -1,
        "is_draw": False,
    }
