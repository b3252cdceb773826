"""Build UNO Power positions for tests, by card and tower names.

A scenario starts from ``game.new_state(n, seed)``, edits the ``state`` part of
``to_dict()`` and rebuilds the state with ``game.state_from_dict``. Cards are named
as the engine names them (``game.cards.names``): ``"red 7 (O)"``, ``"blue Draw
Two"``, ``"Wild Draw Four"``. Actions are picked by their label.

>>> import tabletop
>>> game = tabletop.make("uno-power")
>>> s = build(game, 3, hands=[["red 5"], ["blue 5"], ["green 9"]], top="red 3")
>>> labels(s)
['play red 5', 'draw a card']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.core.game import State
from tabletop.games.uno_power.cards import COLOURS, TOWERS
from tabletop.games.uno_power.game import UnoPowerGame
from tabletop.games.uno_power.position import turn_start_fields
from tests.helpers import act as act
from tests.helpers import action as action
from tests.helpers import labels as labels


def kind(game: UnoPowerGame, name: str) -> int:
    """The card kind called ``name``."""
    try:
        return game.cards.names.index(name)
    except ValueError:
        raise KeyError(f"no card called {name!r}") from None


def kinds(game: UnoPowerGame, names: Iterable[str]) -> list[int]:
    return [kind(game, n) for n in names]


def build(
    game: UnoPowerGame,
    num_players: int,
    *,
    hands: Sequence[Sequence[str]],
    top: str,
    colour: str | None = None,
    turn: int = 0,
    direction: int = 1,
    towers: Mapping[str, int | None] | None = None,
    draw: Sequence[str] | None = None,
    fill: bool = True,
    discard: Sequence[str] = (),
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    called: Sequence[bool] | None = None,
    seed: int = 0,
    log: bool = True,
    **extra: Any,
) -> Any:
    """A state where ``turn`` is to play a normal turn.

    ``hands``: each seat's cards by name. ``top``: the card in play (the top of
    the discard pile); ``colour`` names the colour for a wild top card (default:
    the top card's colour). ``discard``: cards under the top card, bottom first.
    ``draw``: the next cards of the draw pile, the first listed drawn first; with
    ``fill`` the rest of the 112-card deck lies below them, otherwise the pile
    holds only ``draw``. ``towers``: holders by tower name (unnamed towers stay in
    the pool). ``called`` defaults to True for one-card hands. ``extra`` sets any
    other field of the state dict as it is.
    """
    if len(hands) != num_players:
        raise ValueError(f"{len(hands)} hands for {num_players} players")
    d = game.new_state(num_players, seed).to_dict()
    s = d["state"]
    top_kind = kind(game, top)
    hand_kinds = [kinds(game, h) for h in hands]
    below = kinds(game, discard)
    drawn_first = kinds(game, draw or ())
    pile = list(reversed(drawn_first))  # the end of the list is drawn first
    if fill:
        rest = Counter(game.cards.deck)
        rest.subtract(k for h in hand_kinds for k in h)
        rest.subtract([*below, top_kind, *drawn_first])
        short = [game.cards.names[k] for k, c in rest.items() if c < 0]
        if short:
            raise ValueError(f"more copies than the deck holds: {short}")
        # A fixed order (by kind) below the chosen cards keeps tests deterministic.
        pile = sorted(rest.elements()) + pile
    s["hands"] = hand_kinds
    s["deck"] = {"draw": pile, "discard": [*below, top_kind]}
    s["top"] = top_kind
    if colour is not None:
        s["colour"] = COLOURS.index(colour)
    else:
        c = game.cards.colour[top_kind]
        if c < 0:
            raise ValueError("name the colour for a wild top card")
        s["colour"] = c
    holders = [-1] * len(TOWERS)
    for name, holder in (towers or {}).items():
        holders[TOWERS.index(name)] = -1 if holder is None else holder
    s["towers"] = holders
    s["turn"] = turn
    s["direction"] = direction
    if dealer is not None:
        s["dealer"] = dealer
    if scores is not None:
        s["scores"] = list(scores)
    s["called"] = list(called) if called is not None else [len(h) == 1 for h in hand_kinds]
    s.update(turn_start_fields())
    s.update(extra)
    d["history"] = []
    d["log"] = [] if log else None
    return game.state_from_dict(d)


def hand(state: State, p: int) -> list[str]:
    """Seat ``p``'s cards by name, sorted (from its own view)."""
    return sorted(c["label"] for c in state.view(p)["hand"])


def sizes(state: State) -> list[int]:
    """Every seat's hand size."""
    return [q["hand_size"] for q in state.view(None)["players"]]


def tower_holders(state: State) -> dict[str, int | None]:
    """Who holds each tower (``None``: the pool)."""
    towers: dict[str, int | None] = state.view(None)["towers"]
    return towers


def events(state: State, since: int = 0) -> list[str]:
    """Kinds of the log events from ``since`` on."""
    return [e.kind for e in state.log[since:]]


def draw_pile(state: State) -> list[str]:
    """The draw pile by name, the next card first."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return [names[k] for k in reversed(state.to_dict()["state"]["deck"]["draw"])]


def discard_pile(state: State) -> list[str]:
    """The discard pile by name, bottom first (the last is the card in play)."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return [names[k] for k in state.to_dict()["state"]["deck"]["discard"]]


def top_name(state: State) -> str:
    """The card in play."""
    return str(state.view(None)["top_card"]["label"])


def colour(state: State) -> str | None:
    """The colour in play (named, for a wild)."""
    return state.view(None)["colour"]  # type: ignore[no-any-return]
