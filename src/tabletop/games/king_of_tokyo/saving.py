"""A King of Tokyo state as JSON-ready data, and back (``to_dict``, ``from_dict``).

What a saved state must hold, and the checks that a state read back is one the rules
could have reached: every card in one place, the monsters and the elimination order
agreeing. A state saved before a field existed gets it from its log where it can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.decisions import DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo import evolution_hands
from tabletop.games.king_of_tokyo.dice import NUM_FACES
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.monster import Monster
from tabletop.games.king_of_tokyo.phases import Ask

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

INT_FIELDS = (
    "stage",
    "active",
    "base",
    "turn",
    "city",
    "bay",
    "rolls_left",
    "freeze_chain",
    "resolving",
    "wounded",
    "immune",
    "probe_used",
    "herd_used",
    "alive_count",
    "heal_steps",
)
BOOL_FIELDS = (
    "over",
    "may_have_won",
    "hurt_this_turn",
    "rolled_111",
    "take_city",
    "smash_landed",
    "entered",
)
LIST_FIELDS = (
    "dice",
    "deck",
    "discard",
    "row",
    "extra_turns",
    "queue",
    "yielders",
    "new_slots",
    "heart_plan",
    "winner_seats",
    "eliminated",
)
"""The plain fields of the state, by type: copied and saved as they are."""


def state_dict(state: KingOfTokyoState) -> dict[str, Any]:
    """The game part of ``to_dict``."""
    out: dict[str, Any] = {name: getattr(state, name) for name in INT_FIELDS}
    out.update({name: getattr(state, name) for name in BOOL_FIELDS})
    out.update({name: list(getattr(state, name)) for name in LIST_FIELDS})
    out["monsters"] = [m.to_list() for m in state.monsters]
    out["counters"] = [[c, n] for c, n in sorted(state.counters.items())]
    out["paid"] = [[c, n] for c, n in sorted(state.paid.items())]
    out["held"] = [[c, n] for c, n in sorted(state.held.items())]
    out["hits"] = [list(h) for h in state.hits]
    out["decisions"] = state.decisions.to_list()
    out["rng"] = state.rng.to_dict()
    out["power_up"] = state.pu.to_dict() if state.pu is not None else None
    if state.next_dice:  # only a position scripts dice: other states keep their form
        out["next_dice"] = list(state.next_dice)
    if state.box:  # only a position has one
        out["box"] = list(state.box)
    return out


def restore(state: KingOfTokyoState, fields: dict[str, Any]) -> None:
    """Set ``state``'s fields from ``state_dict`` output; raise
    :class:`~tabletop.core.errors.StateFormatError` for anything malformed."""
    try:
        if "eliminated" not in fields:  # saved before the field existed
            fields = {**fields, "eliminated": eliminated_from_log(state)}
        if "heal_steps" not in fields:  # saved before the field existed
            fields = {**fields, "heal_steps": 0}
        for name in INT_FIELDS:
            setattr(state, name, int(fields[name]))
        for name in BOOL_FIELDS:
            setattr(state, name, bool(fields[name]))
        for name in LIST_FIELDS:
            setattr(state, name, [int(x) for x in fields[name]])
        state.monsters = [Monster.from_list(s, d) for s, d in enumerate(fields["monsters"])]
        state.counters = {int(c): int(n) for c, n in fields["counters"]}
        state.paid = {int(c): int(n) for c, n in fields["paid"]}
        state.held = {int(c): int(n) for c, n in fields["held"]}
        state.hits = [
            [int(h[0]), int(h[1]), int(h[2]), bool(h[3]), bool(h[4])] for h in fields["hits"]
        ]
        state.decisions = DecisionStack.from_list(fields["decisions"])
        state.rng = Rng.from_dict(fields["rng"])
        state.next_dice = tuple(int(f) for f in fields.get("next_dice", ()))
        state.box = tuple(int(c) for c in fields.get("box", ()))
        pu = fields.get("power_up")
        state.pu = PowerUp.from_dict(pu) if pu is not None else None
        # Saved before the record existed: a belief starts from what it sees.
        record = fields.get("record", [])
        state.record = None if record is None else [tuple(int(x) for x in e) for e in record]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise StateFormatError(
            "malformed King of Tokyo state: {problem}", problem=repr(exc)
        ) from exc
    if len(state.monsters) != state.num_players:
        raise StateFormatError("the state has the wrong number of monsters")
    if sorted(state.eliminated) != [m.seat for m in state.monsters if not m.alive]:
        raise StateFormatError(
            "the elimination order does not list each eliminated monster once "
            "(a state saved without it needs its log to rebuild it)"
        )
    if any(not 0 <= f < NUM_FACES for f in state.next_dice):
        raise StateFormatError(
            "next_dice: die faces are 0 to 5, got {faces}", faces=list(state.next_dice)
        )
    check_cards(state)
    evolution_hands.check_record(state)


def eliminated_from_log(state: KingOfTokyoState) -> list[int]:
    """The elimination order of a state saved before it was kept: its log's events.

    Without a log it stays empty, which :func:`restore` then accepts only if no
    monster is out.
    """
    return [int(e.data["seat"]) for e in state.log if e.kind == "eliminated"]


def check_cards(state: KingOfTokyoState) -> None:
    """Every card instance is in exactly one place (the box of a position's cards out
    of the game is one); so is every Evolution of the monsters at the table (Power Up!)."""
    places = [*state.deck, *state.discard, *(c for c in state.row if c >= 0), *state.box]
    for m in state.monsters:
        places += m.cards
    if sorted(places) != list(range(len(state.kot_game.cards))):
        raise StateFormatError("the cards of the state are not the 66 cards, each once")
    pu = state.pu
    if pu is None:
        return
    table = evolution_table()
    expected = sorted(n for m in state.monsters for n in table.deck_of.get(m.name, ()))
    places = [
        n for piles in (pu.deck, pu.discard, pu.hand, pu.table, pu.draft) for p in piles for n in p
    ]
    places += [n for d in state.decisions if d.kind == Ask.EVO_KEEP for n in d.data[:2]]
    if sorted(places) != expected:
        raise StateFormatError(
            "the Evolutions of the state are not those of the monsters at the table, each once"
        )
