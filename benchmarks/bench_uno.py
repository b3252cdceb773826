"""Random-vs-random UNO playouts: our UNO Power engine against RLCard's UNO, in one run.

What is measured
----------------
Every contender plays whole games with uniformly random legal choices for a fixed time
slice, and reports actions per second ("steps/s") and finished games per second:

``ours``
    ``tabletop.make("uno-power", target_score="single_round")``, driven at engine level:
    ``new_state(n, seed=s, log=False)``, then ``legal_actions()`` / ``apply()`` until
    ``is_terminal()``. One round is one game, as in RLCard.
``ours-rlrules``
    The same with options closest to RLCard's rules: ``must_play_if_able`` (draw only when
    nothing is playable), ``forced_play_drawn`` (a playable drawn card is played) and
    ``uno_call="auto"``. UNO Power's defaults let a player draw instead of playing and keep
    the drawn card, so random players draw far more and a default round is several times
    longer than an RLCard game; this variant makes games/s comparable.
``rlcard-round``
    RLCard's bare rules: ``UnoGame.init_game()``, then its ``UnoRound``'s
    ``get_legal_actions(players, current)`` / ``proceed_round(players, action)`` until
    ``round.is_over``. No observation is built: this is the fairest match for ``ours``.
``rlcard-game``
    ``rlcard.games.uno.game.UnoGame`` driven directly: ``init_game()``, then
    ``get_legal_actions()`` / ``step(action)`` until ``is_over()``. Note that
    ``step`` also builds the next player's observation dict (hand, target, every played
    card as strings, legal actions), so that work is part of an RLCard game step.
``rlcard-env``
    ``rlcard.make("uno")`` with one ``rlcard.agents.RandomAgent`` per seat, one
    ``env.run(is_training=False)`` per game. An env step adds action decoding, the numpy
    observation encoding and the agents' bookkeeping to a game step.
``ours-match``
    A full match to 500 points (``tabletop.make("uno-power")``, default options), in
    matches per second; not comparable with RLCard, which only plays single rounds.
``ours-clone``
    ``State.clone()`` per second over a fixed pool of mid-game states (10 to 30 actions
    into a single-round game).

A step is one action applied by the current player. RLCard's rules are simplified (for
example a drawn card that matches the target's colour is played at once, inside the same
``draw`` step; there is no stacking, no UNO call, no challenge), and UNO Power has its own
cards, so the two engines do not take the same number of steps per game: compare both
steps/s and games/s, and look at the steps/game column.

How it is measured
------------------
With the machinery of ``timing.py`` (shared with the other benchmarks; its docstring has
the details): the contenders are interleaved in ``--repeats`` rounds of one ``--seconds``
slice each, after an untimed warm-up. The table shows the median rate over rounds, the
spread ((max - min) / median) of the per-slice rates, and the ratios ours / RLCard: of
the medians, and "paired", the median of the per-round ratios, which is less sensitive
to the machine's load drifting during the run (check both when the spread is large).

Everything is seeded: our choices and RLCard game-level choices come from local
``random.Random`` instances, game seeds are derived from ``--seed``, RLCard's shuffles
use its seeded ``np.random.RandomState`` and, because ``RandomAgent`` draws from numpy's
global generator, the env contender saves and restores that global state around each of
its slices. Which games a slice reaches still depends on timing.

An exception inside a game, or a game longer than ``STEP_CAP`` actions, is counted as a
crash and the contender starts a new game; the steps it had taken still count. RLCard
raises ``IndexError: pop from empty list`` when a player must draw while both the draw
pile and the discard pile are empty (its ``replace_deck`` moves the whole discard pile,
the card in play included, into the deck), though random play practically never gets
there.

RLCard 1.2.0 ignores ``game_num_players`` for UNO (``Env.__init__`` applies game configs
only to blackjack and the hold'em games) and always deals two hands; this script sets the
number of players on the env and its game itself, and checks that it took effect.

Running
-------
::

    pip install -e ".[bench]" && python benchmarks/bench_uno.py
    python benchmarks/bench_uno.py --players 2 4 --seconds 1 --repeats 7 --json out.json

RLCard is optional: without it only our contenders run. ``--contenders`` picks a subset.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

from timing import (
    STEP_CAP,
    ClonePool,
    Contender,
    GameCrash,
    Slice,
    Summary,
    add_timing_arguments,
    count_steps,
    measure,
    paired,
    parse_timing_arguments,
    random_playout,
    table,
    version_of,
    write_json,
)

CONTENDERS = (
    "ours",
    "ours-rlrules",
    "rlcard-round",
    "rlcard-game",
    "rlcard-env",
    "ours-match",
    "ours-clone",
)
"""Every contender key, in table order."""

RATIO_TOPS = ("ours", "ours-rlrules")
RATIO_BASES = ("rlcard-round", "rlcard-game", "rlcard-env")
"""The ratio table divides each of ``RATIO_TOPS`` by each of ``RATIO_BASES``."""


# -- contenders -----------------------------------------------------------------------


class OursRound(Contender):
    """Our engine, one round per game, logging off."""

    key = "ours"
    label = "ours (engine, 1 round)"
    options: ClassVar[dict[str, Any]] = {"target_score": "single_round"}

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import tabletop

        self.game = tabletop.make("uno-power", **self.options)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")
        self.seeds = random.Random(f"{self.key}/{players}/{seed}/games")

    def play_one(self) -> int:
        return random_playout(self.game, self.players, self.seeds.getrandbits(63), self.rng)


class OursRlRules(OursRound):
    """Our engine, one round per game, with the options closest to RLCard's rules."""

    key = "ours-rlrules"
    label = "ours (RLCard-like rules)"
    options: ClassVar[dict[str, Any]] = {
        "target_score": "single_round",
        "must_play_if_able": True,
        "forced_play_drawn": True,
        "uno_call": "auto",
    }


class OursMatch(OursRound):
    """Our engine, a whole match to 500 points (default options)."""

    key = "ours-match"
    label = "ours (match to 500)"
    options: ClassVar[dict[str, Any]] = {}


class OursClone(ClonePool):
    """Our UNO Power states, one round, 10 to 30 actions in."""

    key = "ours-clone"
    label = "ours clone()"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import tabletop

        game = tabletop.make("uno-power", target_score="single_round")
        self.fill(game, random.Random(f"{self.key}/{players}/{seed}"))


class RlcardGame(Contender):
    """RLCard's ``UnoGame`` driven directly, without the env."""

    key = "rlcard-game"
    label = "rlcard UnoGame"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import numpy as np
        from rlcard.games.uno.game import UnoGame

        self.game = UnoGame(num_players=players)
        # UnoGame's own RandomState is unseeded; init_game hands it to the dealer and round.
        self.game.np_random = np.random.RandomState(seed)
        self.rng = random.Random(f"{self.key}/{players}/{seed}/choices")

    def play_one(self) -> int:
        return count_steps(self._play())

    def _play(self) -> Iterator[None]:
        game = self.game
        rng = self.rng
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            yield


class RlcardRound(RlcardGame):
    """RLCard's ``UnoRound`` driven directly: the rules without the observations."""

    key = "rlcard-round"
    label = "rlcard UnoRound"

    def _play(self) -> Iterator[None]:
        game = self.game
        rng = self.rng
        game.init_game()
        rnd = game.round
        players = game.players
        while not rnd.is_over:
            legal = rnd.get_legal_actions(players, rnd.current_player)
            rnd.proceed_round(players, legal[rng.randrange(len(legal))])
            yield


class RlcardEnv(Contender):
    """``rlcard.make("uno")`` with ``RandomAgent`` seats, one ``env.run`` per game."""

    key = "rlcard-env"
    label = "rlcard env.run"

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent

        self.np = np
        env = rlcard.make("uno", config={"game_num_players": players, "seed": seed})
        if env.num_players != players:
            # RLCard 1.2.0 only applies game configs to blackjack and hold'em.
            env.game.num_players = players
            env.num_players = players
        env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
        self.env = env
        # RandomAgent draws from numpy's global generator: give it a private, seeded state.
        saved = np.random.get_state()
        np.random.seed(seed)
        self.np_state: Any = np.random.get_state()
        np.random.set_state(saved)
        self.checked = False

    def run_for(self, seconds: float) -> Slice:
        """Run with the private numpy state swapped in (the swap is not timed)."""
        saved = self.np.random.get_state()
        self.np.random.set_state(self.np_state)
        try:
            done = super().run_for(seconds)
        finally:
            self.np_state = self.np.random.get_state()
            self.np.random.set_state(saved)
        if not self.checked:
            dealt = len(self.env.game.players)
            if dealt != self.players:
                raise RuntimeError(f"RLCard env dealt {dealt} hands, not {self.players}")
            self.checked = True
        return done

    def play_one(self) -> int:
        env = self.env
        before: int = env.timestep
        try:
            env.run(is_training=False)
        except Exception as exc:
            raise GameCrash(int(env.timestep) - before, exc) from exc
        return int(env.timestep) - before


FACTORIES: dict[str, Callable[[int, int], Contender]] = {
    "ours": OursRound,
    "ours-rlrules": OursRlRules,
    "rlcard-round": RlcardRound,
    "rlcard-game": RlcardGame,
    "rlcard-env": RlcardEnv,
    "ours-match": OursMatch,
    "ours-clone": OursClone,
}


# -- availability ---------------------------------------------------------------------


def check_ours() -> str | None:
    """``None`` when our engine can play and clone a short game, else why not."""
    try:
        import tabletop

        state = tabletop.make("uno-power", target_score="single_round").new_state(
            2, seed=0, log=False
        )
        rng = random.Random(0)
        for _ in range(10):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        state.clone()
    except Exception as exc:
        return f"our UNO Power engine is not usable ({type(exc).__name__}: {exc})"
    return None


def check_rlcard() -> str | None:
    """``None`` when RLCard can be used, else why not."""
    try:
        import numpy  # noqa: F401
        import rlcard  # noqa: F401
    except ImportError as exc:
        return (
            f"RLCard is not installed ({exc}); only our engine is measured. "
            'Install it with: pip install -e ".[bench]"'
        )
    return None


# -- running --------------------------------------------------------------------------


def build(
    keys: Sequence[str], players: Sequence[int], seed: int, notes: list[str]
) -> list[Contender]:
    """Every contender that can run, in table order; why others cannot goes to ``notes``."""
    skipped: set[str] = set()
    ours_note = check_ours() if any(k.startswith("ours") for k in keys) else None
    rlcard_note = check_rlcard() if any(k.startswith("rlcard") for k in keys) else None
    for note in (ours_note, rlcard_note):
        if note:
            notes.append(note)
    contenders: list[Contender] = []
    for n in players:
        for key in CONTENDERS:
            if key not in keys:
                continue
            if (key.startswith("ours") and ours_note) or (key.startswith("rlcard") and rlcard_note):
                continue
            try:
                contenders.append(FACTORIES[key](n, seed))
            except Exception as exc:
                note = f"{key} skipped ({type(exc).__name__}: {exc})"
                if note not in skipped:
                    skipped.add(note)
                    notes.append(note)
    return contenders


def ratios(summaries: list[Summary]) -> list[dict[str, Any]]:
    """Each of ours / each RLCard level, per player count.

    ``steps_per_s`` and ``games_per_s`` divide the median rates; the ``paired_`` ones are
    the medians of the per-round ratios (slices of one round ran close together in time,
    which cancels slow drifts in the machine's load).
    """
    by = {(s.players, s.key): s for s in summaries}
    rows = []
    for n in sorted({s.players for s in summaries}):
        for top_key in RATIO_TOPS:
            for base_key in RATIO_BASES:
                top = by.get((n, top_key))
                base = by.get((n, base_key))
                if top is None or base is None or not base.steps_per_s or not base.games_per_s:
                    continue
                rows.append(
                    {
                        "players": n,
                        "ours": top_key,
                        "vs": base_key,
                        "steps_per_s": top.steps_per_s / base.steps_per_s,
                        "games_per_s": top.games_per_s / base.games_per_s,
                        "paired_steps_per_s": paired(top, base, "steps_per_s"),
                        "paired_games_per_s": paired(top, base, "games_per_s"),
                    }
                )
    return rows


# -- output ---------------------------------------------------------------------------


def report(summaries: list[Summary], ratio_rows: list[dict[str, Any]], notes: list[str]) -> str:
    rows = []
    for s in summaries:
        per_game = s.steps_per_game
        rows.append(
            [
                str(s.players),
                s.label,
                f"{s.steps_per_s:,.0f} {s.unit}/s",
                "-" if s.unit != "steps" else f"{s.games_per_s:,.1f}",
                "-" if per_game is None else f"{per_game:,.1f}",
                f"{100 * s.spread:.0f}%",
                str(len(s.slices)),
                str(s.crashes),
            ]
        )
    parts = [
        table(
            [
                "players",
                "contender",
                "rate (median)",
                "games/s",
                "steps/game",
                "spread",
                "slices",
                "crashes",
            ],
            rows,
            right={0, 2, 3, 4, 5, 6, 7},
        )
    ]
    if ratio_rows:
        parts.append(
            table(
                ["players", "ratio", "steps/s", "games/s", "paired steps/s", "paired games/s"],
                [
                    [
                        str(r["players"]),
                        f"{r['ours']} / {r['vs']}",
                        f"{r['steps_per_s']:.2f}x",
                        f"{r['games_per_s']:.2f}x",
                        f"{r['paired_steps_per_s']:.2f}x",
                        f"{r['paired_games_per_s']:.2f}x",
                    ]
                    for r in ratio_rows
                ],
                right={0, 2, 3, 4, 5},
            )
        )
    if notes:
        parts.append("notes:\n" + "\n".join(f"  - {n}" for n in notes))
    return "\n\n".join(parts)


def environment(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "tabletop": version_of("tabletop"),
        "rlcard": version_of("rlcard"),
        "numpy": version_of("numpy"),
        "seconds": args.seconds,
        "repeats": args.repeats,
        "warmup": args.warmup,
        "seed": args.seed,
        "players": args.players,
        "contenders": args.contenders,
        "step_cap": STEP_CAP,
    }


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-vs-random UNO playouts: our UNO Power engine vs RLCard's UNO."
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 4],
        metavar="N",
        help="player counts to measure (default: 2 4)",
    )
    add_timing_arguments(parser, CONTENDERS)
    return parse_timing_arguments(parser, argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    notes: list[str] = []
    contenders = build(args.contenders, args.players, args.seed, notes)
    if not contenders:
        print("nothing to measure:\n" + "\n".join(f"  - {n}" for n in notes), file=sys.stderr)
        return 1
    if any(c.key == "rlcard-env" for c in contenders):
        notes.append(
            "RLCard ignores game_num_players for uno; the benchmark sets it on env and game."
        )
    if any(c.key.startswith("rlcard") for c in contenders):
        notes.append(
            "an RLCard step also builds the next observation (and, for env, encodes it with "
            "numpy); a 'draw' step may also play the drawn card."
        )
    total = len(contenders) * (args.seconds * args.repeats + args.warmup)
    if not args.quiet:
        print(f"measuring {len(contenders)} contenders, about {total:.0f} s", file=sys.stderr)
    measure(contenders, args.seconds, args.repeats, args.warmup, verbose=not args.quiet)
    summaries = [c.summary for c in contenders]
    ratio_rows = ratios(summaries)
    for s in summaries:
        if s.crash_kinds:
            kinds = "; ".join(f"{k} (x{v})" for k, v in s.crash_kinds.most_common())
            notes.append(f"{s.players}p {s.key} crashes: {kinds}")
    print(report(summaries, ratio_rows, notes))
    if args.json:
        data = {
            "benchmark": "bench_uno",
            "environment": environment(args),
            "results": [s.to_dict() for s in summaries],
            "ratios": ratio_rows,
            "notes": notes,
        }
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
