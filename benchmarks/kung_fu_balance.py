"""The search for a Kung Fu deck that gives the starting player no edge.

With the provisional deck the starting player (who attacks in round 1) wins about
64% of duels between heuristic bots. This script walks one knob of the deck's data at
a time and measures the starting player's win rate with the simulation lab (two
heuristic bots, seats rotated, a 95% Wilson interval), so the search is visible step by
step:

Step ``k`` raises the value of one blue (parry) card type by 1 (its boosted value
with it): the 16 types one after another, the lowest values first, then each of them
a second time (32 steps). A stronger parry makes an attack land less often, and an
attack that lands is what keeps the attacker's initiative. The starting player's
rate falls as ``k`` grows; bisection finds the smallest ``k`` whose rate is at most
50%, then keeps that one or the one before, whichever is closer to 50%. ``--write
PATH`` saves that deck. The shipped
``deck=balanced`` (``src/tabletop/games/kung_fu/data/deck_balanced.json``) was written
by::

    python benchmarks/kung_fu_balance.py --games 6000 --jobs 2 \\
        --write src/tabletop/games/kung_fu/data/deck_balanced.json

and checked with ``normal`` bots too by ``tabletop study kung-fu-deck``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.sim import SimSpec, run_simulation, summarise

BLUE = "parry"


def default_deck() -> dict[str, Any]:
    text = resources.files("tabletop.games.kung_fu").joinpath("data/deck.json").read_text()
    deck: dict[str, Any] = json.loads(text)
    return deck


def parry_order(deck: dict[str, Any]) -> list[str]:
    """The blue card types by value, lowest first (ties by id): the order the knob
    raises them in."""
    blue = [c for c in deck["cards"] if c["deck"] == BLUE]
    return [c["id"] for c in sorted(blue, key=lambda c: (c["value"], c["id"]))]


def steps(deck: dict[str, Any]) -> list[str]:
    """The knob's steps: each blue type once in :func:`parry_order`, then each again."""
    order = parry_order(deck)
    return order + order


def describe(order: list[str], k: int) -> str:
    """The first ``k`` steps in words: ``"all +1; P01, P03 +2"``.

    >>> describe(["P01", "P02", "P01", "P02"], 3)
    'all +1; P01 +2'
    """
    half = len(order) // 2
    if k == 0:
        return "none"
    if k <= half:
        return ", ".join(order[:k]) + " +1"
    return "all +1; " + ", ".join(order[half:k]) + " +2"


def raised(deck: dict[str, Any], k: int) -> dict[str, Any]:
    """The deck after the first ``k`` of :func:`steps`, each worth 1 more to its card."""
    more = Counter(steps(deck)[:k])
    cards = []
    for card in deck["cards"]:
        card = dict(card)
        extra = more[card["id"]]
        if extra:
            card["value"] += extra
            if card["boosted_value"] is not None:
                card["boosted_value"] += extra
            card["provenance"] = f"balanced: value +{extra} (benchmarks/kung_fu_balance.py)"
        cards.append(card)
    title = "Kung Fu: BALANCED provisional deck"
    provenance = (
        f"The provisional deck with {k} parry card types worth 1 more, found by "
        "benchmarks/kung_fu_balance.py so that the starting player wins about half the "
        "duels between heuristic bots (docs/studies/kung-fu-deck.md). Everything else "
        "is the provisional deck's: " + deck["provenance"]
    )
    return {**deck, "title": title, "provenance": provenance, "cards": cards}


def first_player_rate(
    deck: dict[str, Any], games: int, jobs: int, seed: int, bots: str
) -> dict[str, Any]:
    """The starting player's win rate with ``deck``, its interval, and the mean
    number of actions a duel takes (``length``)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deck.json"
        path.write_text(json.dumps(deck), encoding="utf-8")
        spec = SimSpec(
            "kung-fu",
            (bots, bots),
            games=games,
            seed=seed,
            options=(("deck", str(path)),),
            game_stats=False,
        )
        outcome = run_simulation(spec, jobs=jobs)
        summary = summarise(spec, outcome.results)
    return {**summary["first_player"], "length": summary["length"]["mean"]}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--write", type=Path, help="save the deck found here")
    args = parser.parse_args(argv)
    base = default_deck()
    order = steps(base)
    seen: dict[int, dict[str, Any]] = {}

    def measure(k: int) -> float:
        if k not in seen:
            started = time.perf_counter()
            seen[k] = first_player_rate(
                raised(base, k), args.games, args.jobs, args.seed, args.bots
            )
            row = seen[k]
            low, high = row["ci95"]
            raised_ids = describe(order, k)
            print(
                f"| {k} | {raised_ids} | {row['rate'] * 100:.1f} [{low * 100:.1f} to "
                f"{high * 100:.1f}] | {row['length']:.0f} | "
                f"{time.perf_counter() - started:.0f} s |",
                flush=True,
            )
        return float(seen[k]["rate"])

    print(f"{args.bots} bots, {args.games} games per deck, seed {args.seed}\n")
    print("| steps | parry values raised | starting player wins % [95%] | actions | time |")
    print("|---:|---|---:|---:|---:|")
    low, high = 0, len(order)
    measure(low)  # the provisional deck, for reference
    if measure(high) > 0.5:
        best = high
    else:
        while high - low > 1:
            middle = (low + high) // 2
            if measure(middle) > 0.5:
                low = middle
            else:
                high = middle
        best = min((low, high), key=lambda k: abs(measure(k) - 0.5))
    print(f"\nchosen: {best} steps ({describe(order, best)})")
    if args.write is not None:
        args.write.write_text(json.dumps(raised(base, best), indent=1) + "\n", encoding="utf-8")
        print(f"written to {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
