"""What a search level gains from reading the plays: the same games with and without.

One bot of ``--level`` (default ``normal``) plays against ``--opponent`` bots, in
``--games`` seeded games with its seat rotating, twice: searching with the game's belief
(``SearchSettings.belief``: hidden cards dealt by what the seats did, docs/bots.md) and
with hidden cards dealt uniformly. Everything else is equal: the level's settings, the
seeds of the games and of every bot. The script prints both win rates with 95% Wilson
intervals and their paired difference (the mean of per-game differences) with a 95%
normal interval::

    python benchmarks/belief.py --game uno-power --players 4 --opponent heuristic \\
        -o target_score=single_round --games 1000 --jobs 2

``--what-it-knows GAMES`` measures instead how close the belief's hands come to the
true ones, against a uniform deal (cards in common, at seat 0's decisions in games of
heuristic bots)::

    python benchmarks/belief.py --game kung-fu --players 2 --what-it-knows 60

Use the compiled build for large runs (docs/install.md): with ``PYTHONPATH`` on its
site folder it plays the same games, several times faster.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import tabletop
from strength import Outcome, play_games, wilson
from tabletop.bots import Bot, ISMCTSBot, make_bot
from tabletop.bots.ismcts import level_settings
from tabletop.core.rng import Rng
from tabletop.core.state import State
from timing import add_option_argument, game_options


def play(
    game_id: str,
    options: dict[str, str],
    level: str,
    belief: bool,
    opponent: str,
    players: int,
    seed: int,
    indices: Sequence[int],
    changes: dict[str, object] | None = None,
) -> list[Outcome]:
    """The games numbered ``indices``, the measured bot reading the plays or not
    (its level's settings with ``changes``)."""
    settings = replace(level_settings(level, game_id), belief=belief, **(changes or {}))

    def searcher(seed: int) -> Bot:
        return ISMCTSBot(seed, settings)

    return play_games(game_id, options, level, opponent, players, seed, indices, searcher)


def hidden_hand(state: State, seat: int) -> list[int]:
    """The cards ``seat`` holds that others cannot see, in the game's own numbers."""
    if state.game.id == "king-of-tokyo":
        pu = state.pu  # type: ignore[attr-defined]
        return list(pu.hand[seat]) if pu is not None else []
    if state.game.id == "kung-fu":
        return state.hand_types(seat)  # type: ignore[attr-defined, no-any-return]
    return state.hand_cards(seat)  # type: ignore[attr-defined, no-any-return]


def what_it_knows(game_id: str, options: dict[str, str], players: int, games: int) -> str:
    """How close the game's belief comes to the true hidden hands, against a uniform
    deal: at seat 0's decisions with a choice in ``games`` games of heuristic bots, the
    cards the other seats' dealt hands share with their true ones (ten deals each)."""
    game = tabletop.make(game_id, **options)
    common = {"belief": 0, "uniform": 0}
    held = samples = positions = 0
    for seed in range(games):
        state = game.new_state(players, seed=seed, log=False)
        bots = [make_bot("heuristic", game_id, seed=p) for p in range(players)]
        while not state.is_terminal():
            p = state.current_player
            if p == 0 and len(state.legal_actions()) > 1:
                sample = game.belief(state, 0, Rng(seed))
                rng = Rng(1)
                positions += 1
                for _ in range(10):
                    dealt = {"uniform": state.determinize(0, rng)}
                    dealt["belief"] = sample(state, 0, rng) if sample else dealt["uniform"]
                    samples += 1
                    for q in range(1, players):
                        truth = Counter(hidden_hand(state, q))
                        held += len(hidden_hand(state, q))
                        for name, det in dealt.items():
                            common[name] += sum((truth & Counter(hidden_hand(det, q))).values())
            state.apply(bots[p].choose(state, p))
    return (
        f"{positions} positions: cards in common with the true hands, belief "
        f"{common['belief'] / samples:.2f}, uniform {common['uniform'] / samples:.2f} "
        f"(of {held / samples:.1f} held)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="uno-power")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="instead of the level's")
    parser.add_argument(
        "--opponents", choices=("tree", "policy"), help="who plays the others in the tree"
    )
    parser.add_argument(
        "--what-it-knows",
        type=int,
        metavar="GAMES",
        help="instead: how close the game's belief comes to the true hidden hands",
    )
    add_option_argument(parser)
    args = parser.parse_args(argv)
    options = game_options(parser, args.option)
    if args.what_it_knows:
        print(what_it_knows(args.game, options, args.players, args.what_it_knows))
        return 0
    started = time.perf_counter()
    changes: dict[str, object] = {}
    if args.iterations is not None:
        changes["iterations"] = args.iterations
    if args.opponents is not None:
        changes["opponents"] = args.opponents
    scores: dict[bool, list[float]] = {}
    for belief in (True, False):
        chunks = [list(range(j, args.games, args.jobs)) for j in range(args.jobs)]
        common = (args.game, options, args.level, belief, args.opponent, args.players, args.seed)
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = list(
                pool.map(play, *zip(*[(*common, c, changes) for c in chunks], strict=True))
            )
        by_game = {
            g: o
            for c, part in zip(chunks, parts, strict=True)
            for g, o in zip(c, part, strict=True)
        }
        scores[belief] = [by_game[g].score(by_game[g].seat) for g in range(args.games)]
    n = args.games
    print(
        f"{args.level} {changes or ''} vs {args.players - 1} x {args.opponent}, {args.game} "
        f"{options or ''}, {n} games, seed {args.seed}"
    )
    for belief, label in ((True, "reading the plays"), (False, "uniform hidden cards")):
        rate = sum(scores[belief]) / n
        low, high = wilson(sum(scores[belief]), n)
        print(f"  {label:22} {rate:.3f} [{low:.3f}-{high:.3f}]")
    diffs = [a - b for a, b in zip(scores[True], scores[False], strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
    low, high = mean - 1.96 * spread, mean + 1.96 * spread
    print(f"  paired difference      {mean:+.3f} [{low:+.3f}, {high:+.3f}]")
    print(f"  {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
