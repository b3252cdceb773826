"""Build Kung Fu positions for tests, from a small hand-made fixture deck.

Rules tests use the fixture deck below (written to a temporary file and passed as
``deck=PATH``), never the provisional default deck, so replacing the default deck
breaks no rules test. Cards are named by their fixture names; actions are picked
by their labels.

A scenario starts from ``game.new_state(2, seed)``, edits the ``state`` part of
``to_dict()`` to the start of a round (phase A, nobody asked yet), rebuilds the state
with ``game.state_from_dict`` and lets the rules run to the first decision.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.game import State
from tabletop.games.kung_fu.game import KungFuGame
from tabletop.games.kung_fu.position import round_start_fields
from tabletop.games.kung_fu.state import KungFuState
from tests.helpers import act as act
from tests.helpers import action as action
from tests.helpers import labels as labels

ARROW = "on_opp_life_loss"
ACT = "on_activate"
OPP = "opponent"  # a lose2 without a target hits its owner, as the rulebook says


def card(
    ident: str,
    name: str,
    value: int,
    *,
    count: int = 3,
    koku: int = 0,
    cost: int = 0,
    effects: Sequence[str | tuple[str, str] | dict[str, Any]] = (),
    boosted: int | None = None,
    gained: int | None = None,
) -> dict[str, Any]:
    """A deck-file entry; an effect is a type, ``(type, trigger)`` or a full dict."""
    out = []
    for e in effects:
        if isinstance(e, dict):
            out.append(e)
        elif isinstance(e, tuple):
            out.append({"type": e[0], "trigger": e[1]})
        else:
            out.append({"type": e, "trigger": "on_activate"})
    return {
        "id": ident,
        "name": name,
        "deck": "attack" if ident.startswith("A") else "parry",
        "count": count,
        "value": value,
        "boosted_value": boosted,
        "koku": koku,
        "cost": cost,
        "effects": out,
        "koku_when_gained": gained,
        "provenance": "test fixture",
    }


FIXTURE = [
    card("A01", "Jab", 2, count=6),
    card("A02", "Coin Punch", 1, koku=1),
    card("A03", "Gold Punch", 1, koku=2),
    card("A04", "Power Kick", 3, cost=2, effects=["boost"], boosted=6),
    card("A05", "Negator", 2, cost=1, effects=["negate_parry"]),
    card("A06", "Sweeper", 2, cost=1, effects=["no_parry_next_round"]),
    card("A07", "Switcher", 2, cost=1, effects=["switch_initiative"]),
    card("A08", "Thief", 2, cost=1, effects=["discard_opp_koku"]),
    card("A09", "Ripper", 3, cost=1, effects=[("discard_random_2", ARROW)]),
    card("A10", "Fang", 3, cost=1, effects=[{"type": "lose2", "trigger": ARROW, "target": OPP}]),
    card("A11", "Seeker", 3, cost=1, effects=[("draw3", ARROW)]),
    card("A12", "Miser", 1, cost=1, effects=["gain_koku"], gained=2),
    card("A13", "Heavy", 5),
    card("A14", "Drunk", 3, cost=1, effects=["boost", "switch_initiative"], boosted=4),
    card("P01", "Block", 2, count=6),
    card("P02", "Coin Block", 1, koku=1),
    card("P03", "Wall", 4),
    card("P04", "Shield", 1, cost=1, effects=["boost"], boosted=4),
    card("P05", "Bridge", 1, cost=1, effects=["switch_initiative"]),
    card("P06", "Healer", 1, cost=1, effects=["heal2"]),
    card("P07", "Striker", 1, cost=1, effects=[{"type": "lose2", "trigger": ACT, "target": OPP}]),
    card("P08", "Drawer", 1, cost=1, effects=["draw3"]),
    card("P09", "Lotus", 1, cost=1, effects=["gain_koku"], gained=2),
    card("P10", "Binder", 3, cost=1, effects=["no_parry_next_round"]),
    card("P11", "Disarm", 1, cost=1, effects=["discard_random_2"]),
    card("P12", "Grabber", 1, cost=1, effects=["discard_opp_koku"]),
    card(
        "P13",
        "Backlash",
        3,
        cost=1,
        effects=[{"type": "lose2", "trigger": "on_activate", "target": "self"}],
    ),
    card("P14", "Coin Shield", 1, koku=1, cost=1, effects=["boost"], boosted=3),
    card("P15", "Big Wall", 6),
    card(
        "A15",
        "Combo",
        1,
        cost=1,
        effects=[{"type": "lose2", "trigger": ACT, "target": OPP}, ("draw3", ARROW)],
    ),
]


def write_deck(folder: Path, cards: Sequence[dict[str, Any]] | None = None) -> str:
    """Write a deck file (the fixture by default) into ``folder``; returns its path."""
    path = Path(folder) / "deck.json"
    path.write_text(
        json.dumps({"format": 1, "cards": list(FIXTURE if cards is None else cards)}),
        encoding="utf-8",
    )
    return str(path)


def make(folder: Path, **options: Any) -> KungFuGame:
    """The game with the fixture deck (written into ``folder``) and ``options``."""
    game = tabletop.make("kung-fu", deck=write_deck(folder), **options)
    assert isinstance(game, KungFuGame)
    return game


def kind(game: KungFuGame, name: str) -> int:
    """The card type called ``name``."""
    try:
        return game.cards.names.index(name)
    except ValueError:
        raise KeyError(f"no card called {name!r}") from None


def kinds(game: KungFuGame, names: Sequence[str]) -> list[int]:
    return [kind(game, n) for n in names]


def build(
    game: KungFuGame,
    *,
    hands: Sequence[Sequence[str]],
    attacker: int = 0,
    life: Sequence[int] = (10, 10),
    rows: Sequence[Sequence[str]] = ((), ()),
    red: Sequence[str] = (),
    blue: Sequence[str] = (),
    red_discard: Sequence[str] = (),
    blue_discard: Sequence[str] = (),
    fill: bool = True,
    passes: Sequence[int] | None = None,
    no_parry: Sequence[bool] = (False, False),
    round: int = 1,
    seed: int = 0,
    **extra: Any,
) -> KungFuState:
    """A state at the start of a round, run to its first decision.

    ``hands``: each seat's cards by name. ``rows``: the Koku rows. ``red``/``blue``:
    the next cards of each draw pile, the first listed drawn first; with ``fill`` the
    rest of the deck (by count) lies below them in a fixed order, otherwise a pile
    holds only the listed cards. ``extra`` sets any other field of the state dict.
    """
    d = game.new_state(2, seed).to_dict()
    s = d["state"]
    cards = game.cards
    hand_types = [kinds(game, h) for h in hands]
    row_types = [kinds(game, r) for r in rows]
    red_top = kinds(game, red)
    blue_top = kinds(game, blue)
    red_disc = kinds(game, red_discard)
    blue_disc = kinds(game, blue_discard)
    piles = [list(reversed(red_top)), list(reversed(blue_top))]
    if fill:
        rest = Counter({k: cards.count[k] for k in range(cards.num_types)})
        rest.subtract(k for h in hand_types + row_types for k in h)
        rest.subtract(red_top + blue_top + red_disc + blue_disc)
        short = [cards.names[k] for k, c in rest.items() if c < 0]
        if short:
            raise ValueError(f"more copies than the deck holds: {short}")
        for colour in (0, 1):
            below = sorted(k for k in rest.elements() if cards.colour[k] == colour)
            piles[colour] = below + piles[colour]
    s["hands"] = hand_types
    s["rows"] = row_types
    s["koku_total"] = [sum(cards.worth[k] for k in r) for r in row_types]
    s["decks"] = [
        {"draw": piles[0], "discard": red_disc},
        {"draw": piles[1], "discard": blue_disc},
    ]
    n = game.options.max_voluntary_passes
    s.update(
        round_start_fields(),
        round=round,
        attacker=attacker,
        life=list(life),
        passes=list(passes) if passes is not None else [n, n],
        no_parry=list(no_parry),
    )
    s.update(extra)
    d["history"] = []
    d["log"] = []
    state = game.state_from_dict(d)
    state.run_to_decision()  # run phase A to the first decision
    return state


def hand(state: KungFuState, p: int) -> list[str]:
    """Seat ``p``'s cards by name, sorted."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return sorted(names[k] for k in state.hand_types(p))


def row(state: KungFuState, p: int) -> list[str]:
    """Seat ``p``'s Koku row by name, in order of arrival."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return [names[k] for k in state.rows[p]]


def discards(state: KungFuState, colour: int) -> list[str]:
    """A discard pile by name, bottom first (0 red, 1 blue)."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return [names[k] for k in state.decks[colour].discard_pile]


def draw_pile(state: KungFuState, colour: int) -> list[str]:
    """A draw pile by name, the next card first."""
    names = state.game.cards.names  # type: ignore[attr-defined]
    return [names[k] for k in reversed(state.decks[colour].draw_pile)]


def events(state: State, since: int = 0) -> list[str]:
    """Kinds of the log events from ``since`` on."""
    return [e.kind for e in state.log[since:]]


def decision(state: State) -> str | None:
    """The kind of the pending decision (``None`` when over)."""
    d = state.view(None)["decision"]
    return None if d is None else str(d["kind"])
