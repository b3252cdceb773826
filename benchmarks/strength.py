"""Strength of one bot against others, for any game, with a 95% confidence interval.

One ``--bot`` plays against ``--opponent`` bots in ``--games`` seeded games. Its seat
rotates (game ``g`` puts it in seat ``g % players``), so every seat is played equally
often. A win counts 1, a win shared by ``k`` seats ``1/k``, a game nobody wins (a draw)
``1/players``; the win rate is that score over the games, with a 95% Wilson interval,
next to the fair share ``1/players``.

The script also reports the **starting player's advantage**: the score of whoever acted
first, over all games, whichever bot it was, next to the fair share. Games in
:data:`TURNS` (King of Tokyo) also report the mean number of turns. The first actor is
``state.current_player`` of the new state, except where a game says otherwise in
:data:`STARTERS` (Kung Fu: the round-1 attacker in the spectator view). With
``--bot random --opponent random`` that is the game's own first-player advantage under
random play; with ``--bot heuristic --opponent heuristic``, under that bot.

Games are independent and seeded from ``--seed`` and their index, so a run gives the
same figures with any ``--jobs``::

    python benchmarks/strength.py --game kung-fu --bot heuristic --opponent random --games 2400
    python benchmarks/strength.py --game kung-fu --bot random --opponent random --games 2400
    python benchmarks/strength.py --game uno-power --players 4 --games 400 \\
        --option target_score=single_round
    python benchmarks/strength.py --game kung-fu --bot learned --opponent normal --games 200 \\
        --seed 2026

A 95% interval of +/- 2 points needs about 2,400 games when the rate is near 0.5
(``1.96 * sqrt(0.25 / n) <= 0.02``), fewer far from it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.bots import Bot, make_bot
from tabletop.bots.registry import register_bot
from timing import add_jobs_argument, add_option_argument, game_options, job_count

LEARNED = {
    "learned": "tabletop.bots.learned:LearnedBot",
    "learned-search": "tabletop.bots.learned:LearnedSearchBot",
}
"""The bots of the package's trained networks (docs/bots.md, "Learned bots"), which
``--bot`` and ``--opponent`` may name in a game that ships one (Kung Fu)."""


def _kung_fu_starter(state: tabletop.State) -> int:
    attacker: int = state.view(None)["attacker"]
    return attacker


STARTERS: dict[str, Callable[[tabletop.State], int]] = {"kung-fu": _kung_fu_starter}
"""Games whose first actor is not ``state.current_player`` of the new state."""


def _king_of_tokyo_turns(state: tabletop.State) -> int:
    turns: int = state.view(None)["turn"]
    return turns


TURNS: dict[str, Callable[[tabletop.State], int]] = {"king-of-tokyo": _king_of_tokyo_turns}
"""Games that count turns (reported as the mean number of turns per game)."""


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (score = successes).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games == 0:
        return 0.0, 1.0
    p = score / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return centre - half, centre + half


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game: where the bot sat, who acted first, who won, how many actions."""

    seat: int
    starter: int
    players: int
    winners: tuple[int, ...]
    actions: int
    turns: int | None = None

    def score(self, seat: int) -> float:
        """``seat``'s share: 1/k for one of k winners, 1/players when nobody won."""
        if not self.winners:
            return 1 / self.players
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_games(
    game_id: str,
    options: dict[str, str],
    bot: str,
    opponent: str,
    players: int,
    seed: int,
    indices: Sequence[int],
    measured: Callable[[int], Bot] | None = None,
) -> list[Outcome]:
    """Play the games numbered ``indices`` (each seeded by ``seed`` and its index);
    ``measured(seed)``, when given, makes the measured bot instead of ``bot``."""
    for name, target in LEARNED.items():  # by name here, though no level uses them yet
        register_bot(game_id, name, target)
    game = tabletop.make(game_id, **options)
    starter_of = STARTERS.get(game_id)
    outcomes = []
    for g in indices:
        seat = g % players
        game_seed = seed * 1_000_003 + g
        bots = [
            measured(game_seed * 8 + p)
            if p == seat and measured is not None
            else make_bot(bot if p == seat else opponent, game_id, seed=game_seed * 8 + p)
            for p in range(players)
        ]
        state = game.new_state(players, seed=game_seed, log=False)
        starter = state.current_player if starter_of is None else starter_of(state)
        actions = 0
        while not state.is_terminal():
            p = state.current_player
            state.apply(bots[p].choose(state, p))
            actions += 1
        turns = TURNS[game_id](state) if game_id in TURNS else None
        outcomes.append(Outcome(seat, starter, players, tuple(state.winners()), actions, turns))
    return outcomes


def run(args: argparse.Namespace, options: dict[str, str]) -> list[Outcome]:
    indices = list(range(args.games))
    jobs = max(1, min(args.jobs, args.games))
    if jobs == 1:
        return play_games(
            args.game, options, args.bot, args.opponent, args.players, args.seed, indices
        )
    chunks = [indices[j::jobs] for j in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        futures = [
            pool.submit(
                play_games,
                args.game,
                options,
                args.bot,
                args.opponent,
                args.players,
                args.seed,
                chunk,
            )
            for chunk in chunks
        ]
        return [o for f in futures for o in f.result()]


def variants_main(
    doc: str,
    bots: Sequence[str],
    play: Callable[[str, int, list[int]], list[float]],
    against: str,
    default: str,
    argv: Sequence[str] | None = None,
) -> int:
    """The command line of a study of bot variants (``kung_fu_hard.py``,
    ``king_of_tokyo_hard.py``): ``play(bot, seed, indices)`` gives the measured seat's
    score in each game; the variant's rate is printed with its 95% interval."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--bot", choices=list(bots), default=default)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=99)
    add_jobs_argument(parser)
    args = parser.parse_args(argv)
    jobs = max(1, min(job_count(parser, args.jobs), args.games))
    chunks = [list(range(args.games))[j::jobs] for j in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        scores = [
            s
            for part in pool.map(play, [args.bot] * jobs, [args.seed] * jobs, chunks)
            for s in part
        ]
    low, high = wilson(sum(scores), len(scores))
    print(
        f"{args.bot} vs {against}, seed {args.seed}: {sum(scores) / len(scores):.3f} "
        f"[{low:.3f}-{high:.3f}] over {len(scores)} games"
    )
    return 0


def rate(score: float, games: int) -> dict[str, Any]:
    low, high = wilson(score, games)
    return {
        "games": games,
        "score": score,
        "rate": score / games if games else None,
        "ci95": [low, high],
    }


def summarise(
    args: argparse.Namespace, options: dict[str, str], outcomes: list[Outcome]
) -> dict[str, Any]:
    n = args.players
    wins = sum(1 for o in outcomes if o.seat in o.winners)
    draws = sum(1 for o in outcomes if not o.winners)
    data: dict[str, Any] = {
        "game": args.game,
        "options": options,
        "players": n,
        "bot": args.bot,
        "opponent": args.opponent,
        "seed": args.seed,
        "fair_share": 1 / n,
        "bot_result": rate(sum(o.score(o.seat) for o in outcomes), len(outcomes)),
        "wins": wins,
        "draws": draws,
        "losses": len(outcomes) - wins - draws,
        "mean_actions": sum(o.actions for o in outcomes) / len(outcomes) if outcomes else None,
    }
    turns = [o.turns for o in outcomes if o.turns is not None]
    data["mean_turns"] = sum(turns) / len(turns) if turns else None
    starts = [o for o in outcomes if o.starter == o.seat]
    seconds = [o for o in outcomes if o.starter != o.seat]
    data["starter"] = rate(sum(o.score(o.starter) for o in outcomes), len(outcomes))
    data["bot_when_starting"] = rate(sum(o.score(o.seat) for o in starts), len(starts))
    data["bot_when_second"] = rate(sum(o.score(o.seat) for o in seconds), len(seconds))
    return data


def pct(entry: dict[str, Any]) -> str:
    if not entry["games"]:
        return "-"
    low, high = entry["ci95"]
    return (
        f"{entry['rate']:.3f}  [95% CI {low:.3f}-{high:.3f}, +/-{(high - low) / 2 * 100:.1f} pts]"
        f"  over {entry['games']} games"
    )


def report(data: dict[str, Any], elapsed: float) -> str:
    n = data["players"]
    bot = data["bot"]
    others = f"{n - 1} x {data['opponent']}" if n > 2 else data["opponent"]
    rows = [
        (f"{bot} win rate", pct(data["bot_result"])),
        ("fair share", f"{data['fair_share']:.3f}"),
        ("wins/draws/losses", f"{data['wins']} / {data['draws']} / {data['losses']}"),
    ]
    rows += [
        ("starting player", pct(data["starter"])),
        (f"{bot} as starter", pct(data["bot_when_starting"])),
        (f"{bot} {'as second' if n == 2 else 'not starting'}", pct(data["bot_when_second"])),
    ]
    length = f"{data['mean_actions']:.1f} actions"
    if data["mean_turns"] is not None:
        length += f", {data['mean_turns']:.1f} turns"
    rows.append(("mean length", f"{length}; {elapsed:.1f} s"))
    width = max(len(label) for label, _ in rows)
    head = (
        f"{data['game']} ({data['options'] or 'default options'}), {n} players, "
        f"seed {data['seed']}: {bot} vs {others}"
    )
    return "\n".join([head, *(f"  {label:<{width}}  {value}" for label, value in rows)])


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, dict[str, str]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="uno-power", help="game id (default: uno-power)")
    parser.add_argument("--bot", default="heuristic", help="the bot measured (default: heuristic)")
    parser.add_argument(
        "--opponent", default="random", help="the bot in every other seat (default: random)"
    )
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--games", type=int, default=400, help="games to play (default: 400)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default: 1)")
    add_option_argument(parser)
    add_jobs_argument(parser)
    parser.add_argument("--json", metavar="PATH", help="also write the figures here as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.players < 1:
        parser.error("--games and --players must be positive")
    args.jobs = job_count(parser, args.jobs)
    options = game_options(parser, args.option)
    tabletop.make(args.game, **options)  # fail early on a bad game id or option
    return args, options


def main(argv: Sequence[str] | None = None) -> int:
    args, options = parse_args(argv)
    start = time.perf_counter()
    outcomes = run(args, options)
    elapsed = time.perf_counter() - start
    data = summarise(args, options, outcomes)
    print(report(data, elapsed))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"benchmark": "strength", **data, "seconds": elapsed}, fh, indent=2)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
