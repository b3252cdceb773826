"""Questions per game that a King of Tokyo seat answers, by option and preference.

Power Up! asks about Evolutions at every step of every turn. This plays seeded
4-player Power Up! games with ``random`` or ``heuristic`` bots in every seat and
counts, per seat and game, the *optional* questions: a window to play an Evolution
(``play_evolution``), the damage question (``prevent_damage``) and Rapid Healing's
(``rapid_healing``). Each is classed by what the asked seat could do: *matching* when
it holds something it could play or use then, *empty* when passing was its only
choice. The table gives the mean, 90th percentile and maximum per seat-game for each
engine mode (``evolution_prompts`` public or holding, ``evolution_windows``) and for
what a player's preference would leave it to answer by hand:

* ``every``: every question;
* ``matching``: only those where it holds a matching card (the rest answered "pass"
  for it);
* ``own_turn``: only those of its own turns ("not until my next turn", kept on).

It also prints the decisions of a whole game (all players, all kinds), the cost of
each mode for simulations::

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
OPTIONAL = frozenset({"play_evolution", "prevent_damage", "rapid_healing"})
PASSES = frozenset({"decline", "take_damage"})
PLAYERS = 4


def play(options: dict[str, str], bots: str, seed: int) -> Iterator[tuple[int, str, bool, bool]]:
    """Each optional question of one game: (seat, kind, matching, on its own turn);
    then one ``(-1, "", False, False)`` per decision of any kind."""
    game = tabletop.make("king-of-tokyo", power_up="on", **options)
    state = game.new_state(PLAYERS, seed=seed, log=False)
    players = [make_bot(bots, "king-of-tokyo", seed=seed * 10 + p) for p in range(PLAYERS)]
    while not state.is_terminal():
        seat = state.current_player
        decision = state.view(None)["decision"]
        legal = state.legal_actions()
        if decision["kind"] in OPTIONAL:
            moves = {game.action_data(a.id)["move"] for a in legal}
            yield seat, decision["kind"], bool(moves - PASSES), seat == state.view(None)["active"]
        yield -1, "", False, False
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
    print(f"{'bots':9} {'mode':22} {'every':>16} {'matching':>16} {'own_turn':>16} decisions")
    for bots in args.bots:
        for mode, options in MODES.items():
            every: list[int] = []
            matching: list[int] = []
            own: list[int] = []
            decisions: list[int] = []
            for g in range(args.games):
                per_seat = [[0, 0, 0] for _ in range(PLAYERS)]
                total = 0
                for seat, _kind, match, own_turn in play(options, bots, args.seed + g):
                    if seat < 0:
                        total += 1
                        continue
                    per_seat[seat][0] += 1
                    per_seat[seat][1] += match
                    per_seat[seat][2] += own_turn
                for e, m, o in per_seat:
                    every.append(e)
                    matching.append(m)
                    own.append(o)
                decisions.append(total)
            print(
                f"{bots:9} {mode:22} {summary(every)} {summary(matching)} {summary(own)} "
                f"{statistics.fmean(decisions):9.1f}"
            )
            out[f"{bots}/{mode}"] = {
                "every": every,
                "matching": matching,
                "own_turn": own,
                "decisions_mean": statistics.fmean(decisions),
            }
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f)


if __name__ == "__main__":
    main()
