"""Questions per game that a King of Tokyo seat answers, by option and preference.

Power Up! asks about Evolutions at every step of every turn. This plays seeded
4-player Power Up! games with ``random`` or ``heuristic`` bots in every seat and
counts, per seat and game, the *optional* questions: a window to play an Evolution
(``play_evolution``), the damage question (``prevent_damage``) and Rapid Healing's
(``rapid_healing``). For each engine mode (``evolution_prompts`` public or holding,
``evolution_windows``) it gives the mean, 90th percentile and maximum per seat-game
of the questions a person would still answer by hand under each preference set of
:data:`PREFERENCES` (``Game.auto_answer`` decides; the bots still play every move,
so the games are the same for every column), then the decisions of a whole game (all
seats, all kinds), the cost of each mode for simulations::

    python benchmarks/prompts_king_of_tokyo.py --games 200
    python benchmarks/prompts_king_of_tokyo.py --games 50 --bots random --json p.json
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Iterator

import tabletop
from tabletop.bots import make_bot

MODES: dict[str, dict[str, str]] = {
    "public, every_turn": {"evolution_prompts": "public"},
    "holding, every_turn": {"evolution_prompts": "holding"},
    "public, own_turn": {"evolution_prompts": "public", "evolution_windows": "own_turn"},
    "holding, own_turn": {"evolution_prompts": "holding", "evolution_windows": "own_turn"},
}
PREFERENCES: dict[str, dict[str, object]] = {
    "ask_all": {"evolutions": "every", "rapid_healing": "ask", "skip_empty_steps": False},
    "defaults": {},
    "next_turn": {"evolutions": "next_turn"},
    "off": {"evolutions": "off"},
}
"""Preference sets, by column: asking everything (the defaults before they asked only
real questions); the defaults (an Evolution only when a card can be played then,
Rapid Healing only against a lethal loss, no step where passing is all one could
do); and over the defaults, Evolutions not until my next turn (set again at the end of
each of its turns: only its own turns' Evolution questions are left), or never."""
OPTIONAL = frozenset({"play_evolution", "prevent_damage", "rapid_healing"})
PLAYERS = 4


def play(options: dict[str, str], bots: str, seed: int) -> Iterator[tuple[int, tuple[bool, ...]]]:
    """Each optional question of one game: (seat, whether each preference set of
    :data:`PREFERENCES` leaves it to the person); then ``(-1, ())`` per decision."""
    game = tabletop.make("king-of-tokyo", power_up="on", **options)
    prefs = [game.preferences(values) for values in PREFERENCES.values()]
    state = game.new_state(PLAYERS, seed=seed, log=False)
    players = [make_bot(bots, "king-of-tokyo", seed=seed * 10 + p) for p in range(PLAYERS)]
    while not state.is_terminal():
        seat = state.current_player
        if state.view(None)["decision"]["kind"] in OPTIONAL:
            yield seat, tuple(game.auto_answer(state, seat, p)[0] is None for p in prefs)
        yield -1, ()
        state.apply(players[seat].choose(state, seat))


def summary(values: list[int]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"{statistics.fmean(values):6.1f} {p90:4d} {values[-1]:4d}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", nargs="+", default=["random", "heuristic"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="write the figures to this file")
    args = parser.parse_args()
    out: dict[str, dict[str, object]] = {}
    print(f"{args.games} four-player Power Up! games per row; per seat and game: mean p90 max")
    heads = " ".join(f"{name:>16}" for name in PREFERENCES)
    print(f"{'bots':9} {'mode':22} {heads} decisions")
    for bots in args.bots:
        for mode, options in MODES.items():
            counts: list[list[int]] = [[] for _ in PREFERENCES]
            decisions: list[int] = []
            for g in range(args.games):
                per_seat = [[0] * len(PREFERENCES) for _ in range(PLAYERS)]
                total = 0
                for seat, asked in play(options, bots, args.seed + g):
                    if seat < 0:
                        total += 1
                        continue
                    for i, left in enumerate(asked):
                        per_seat[seat][i] += left
                for seat_counts in per_seat:
                    for i, n in enumerate(seat_counts):
                        counts[i].append(n)
                decisions.append(total)
            cells = " ".join(summary(c) for c in counts)
            print(f"{bots:9} {mode:22} {cells} {statistics.fmean(decisions):9.1f}")
            out[f"{bots}/{mode}"] = {
                **{name: c for name, c in zip(PREFERENCES, counts, strict=True)},
                "decisions_mean": statistics.fmean(decisions),
            }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)


if __name__ == "__main__":
    main()
