"""Build Kung Fu positions for tests, from a small hand-made fixture deck.

Rules tests use the fixture deck below (written to a temporary file and passed as
``deck=PATH``), never the provisional default deck, so replacing the default deck
breaks no rules test. Cards are named by their fixture names; actions are picked
by their labels.

A scenario is a position (docs/positions.md) built by the public builder,
``game.position``: the start of a round, run to its first decision. Every card of
the deck is placed, as ``state_from_dict`` demands: the cards a test does not name
lie under the named ones of their draw pile, in a fixed order (by type), so tests are
deterministic. A test about nearly empty piles plays with a deck of only the cards it
names (``make(folder, cards={...})``), so that the whole deck is on the table.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import tabletop
from tabletop.core.game import State
from tabletop.games.kung_fu.game import KungFuGame
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
    """Write a deck file (the fixture by default) into ``folder``; returns its path.

    Another deck gets another file name (from its text), so that games made earlier
    keep a file that holds their deck.
    """
    text = json.dumps({"format": 1, "cards": list(FIXTURE if cards is None else cards)})
    name = (
        "deck.json"
        if cards is None
        else f"deck-{hashlib.sha1(text.encode()).hexdigest()[:12]}.json"
    )
    path = Path(folder) / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def only(counts: Mapping[str, int]) -> list[dict[str, Any]]:
    """The fixture cards named in ``counts``, each with that many copies: a deck for a
    situation where every card is in sight."""
    by_name = {c["name"]: c for c in FIXTURE}
    return [{**by_name[name], "count": n} for name, n in counts.items()]


def make(folder: Path, *, cards: Mapping[str, int] | None = None, **options: Any) -> KungFuGame:
    """The game with the fixture deck (written into ``folder``) and ``options``;
    ``cards``: only these fixture cards, with these counts (:func:`only`)."""
    deck = write_deck(folder, None if cards is None else only(cards))
    game = tabletop.make("kung-fu", deck=deck, **options)
    assert isinstance(game, KungFuGame)
    return game


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
    passes: Sequence[int] | None = None,
    no_parry: Sequence[bool] = (False, False),
    round: int = 1,
    seed: int = 0,
) -> KungFuState:
    """A state at the start of a round, run to its first decision.

    ``hands``: each seat's cards by name. ``rows``: the Koku rows. ``red``/``blue``:
    the next cards of each draw pile, the first listed drawn first; the rest of the
    deck lies below them, by type. ``passes`` defaults to the option's count.
    """
    cards = game.cards
    named = [*(c for h in [*hands, *rows] for c in h), *red, *blue, *red_discard, *blue_discard]
    left = Counter(dict(zip(cards.names, cards.count, strict=True)))
    left.subtract(named)
    # By type, the last drawn first; a name given too often leaves nothing here, and
    # the builder says so.
    piles: list[list[str]] = [list(red), list(blue)]
    for k, name in reversed(list(enumerate(cards.names))):
        piles[cards.colour[k]] += [name] * max(0, left[name])
    n = game.options.max_voluntary_passes
    state = game.position(
        {
            "seed": seed,
            "hands": [list(h) for h in hands],
            "rows": [list(r) for r in rows],
            "life": list(life),
            "attacker": attacker,
            "red": piles[0],
            "blue": piles[1],
            "red_discard": list(red_discard),
            "blue_discard": list(blue_discard),
            "round": round,
            "passes": list(passes) if passes is not None else [n, n],
            "no_parry": list(no_parry),
        }
    )
    assert isinstance(state, KungFuState)
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
