"""Build UNO Power positions for tests, by card and tower names.

A scenario is a position (docs/positions.md) built by the public builder,
``game.position``, with every card of the deck placed: the cards a test does not
name lie in a fixed order (by kind) where ``rest`` says, under the draw cards it
names by default, so tests are deterministic and every state holds the whole deck,
as ``state_from_dict`` demands. Cards are named as the engine names them
(``game.cards.names``): ``"red 7 (O)"``, ``"blue Draw Two"``, ``"Wild Draw Four"``.
Actions are picked by their label.

>>> import tabletop
>>> game = tabletop.make("uno-power")
>>> s = build(game, 3, hands=[["red 5"], ["blue 5"], ["green 9"]], top="red 3")
>>> labels(s)
['play red 5', 'draw a card']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.game import State
from tabletop.games.uno_power.game import UnoPowerGame
from tests.helpers import act as act
from tests.helpers import action as action
from tests.helpers import labels as labels


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
    draw: Sequence[str] = (),
    discard: Sequence[str] = (),
    rest: str | int = "draw",
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    called: Sequence[bool] | None = None,
    seed: int = 0,
    **extra: Any,
) -> State:
    """A state where ``turn`` is to play a normal turn.

    ``hands``: each seat's cards by name. ``top``: the card in play (the top of
    the discard pile); ``colour`` names the colour for a wild top card. ``discard``:
    cards under the top card, bottom first. ``draw``: the next cards of the draw
    pile, the first listed drawn first. ``rest``: where the cards named nowhere lie,
    sorted by kind: ``"draw"`` under the ``draw`` cards, ``"discard"`` under the
    ``discard`` cards, or a seat number: in that seat's hand. ``towers``: holders by
    tower name (unnamed towers stay in the pool). ``called`` defaults to True for
    one-card hands. ``extra`` sets other fields of the saved state as they are
    (``turns``), and the state is loaded again.
    """
    if len(hands) != num_players:
        raise ValueError(f"{len(hands)} hands for {num_players} players")
    left = Counter(dict(zip(game.cards.names, game.cards.copies, strict=True)))
    left.subtract([*(c for h in hands for c in h), top, *discard, *draw])
    # By kind; a name given too often leaves nothing here, and the builder says so.
    names = [name for name in game.cards.names for _ in range(max(0, left[name]))]
    spec: dict[str, Any] = {
        "players": num_players,
        "seed": seed,
        "hands": [list(h) for h in hands],
        "top": top,
        "turn": turn,
        "direction": direction,
        "towers": dict(towers or {}),
        "draw": list(draw),
        "discard": list(discard),
    }
    if rest == "draw":
        spec["draw"] += reversed(names)  # the last kind is drawn first, as it always was
    elif rest == "discard":
        spec["discard"] = names + spec["discard"]
    elif isinstance(rest, int):
        spec["hands"][rest] += names
    else:
        raise ValueError(f"rest: 'draw', 'discard' or a seat, got {rest!r}")
    if colour is not None:
        spec["colour"] = colour
    for name, value in (("dealer", dealer), ("scores", scores), ("called", called)):
        if value is not None:
            spec[name] = value if isinstance(value, int) else list(value)
    state = game.position(spec)
    if not extra:
        return state
    data = state.to_dict()
    data["state"].update(extra)
    return game.state_from_dict(data)


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
