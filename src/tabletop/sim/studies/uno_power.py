"""UNO Power studies: what holding each tower at the start is worth, what the
four-tower bonus adds, and what the first player gains."""

from __future__ import annotations

from tabletop.sim.experiment import SUBJECT, Arm
from tabletop.sim.studies.base import Study, StudyRun
from tabletop.sim.studies.tables import (
    Summaries,
    effects_plots,
    effects_table,
    experiment_run,
    first_player_plot,
    first_player_table,
    player_counts,
)

GAME = "uno-power"
PLAYERS = 4
ROUND = (("target_score", "single_round"),)
TOWERS_HELD = ("U", "N", "O", "!")
WHAT_BLOCKS = {"U": "Draw One", "N": "Draw Two", "O": "Wild Draw Four", "!": "Skip"}


def tower_arms() -> tuple[Arm, ...]:
    """The control (every tower in the pool), each tower held by the subject, all four
    held with the four-tower bonus switched off (against the control), and all four
    held with the bonus (against all four without it: what the bonus adds)."""
    all_four = {"towers": {t: SUBJECT for t in TOWERS_HELD}}
    arms = [Arm("no tower")]
    arms += [Arm(f"{t} (blocks {WHAT_BLOCKS[t]})", {"towers": {t: SUBJECT}}) for t in TOWERS_HELD]
    arms.append(Arm("all four towers, bonus off", all_four, options=(("four_tower_bonus", "off"),)))
    arms.append(Arm("the four-tower bonus", all_four, versus="all four towers, bonus off"))
    return tuple(arms)


def _tower_runs(games: int, seed: int) -> list[StudyRun]:
    return [
        experiment_run(
            "towers",
            "4 players, one round",
            GAME,
            tower_arms(),
            games,
            seed,
            position={"players": PLAYERS},
            options=ROUND,
        )
    ]


def _tower_table(summaries: Summaries) -> str:
    return "\n\n".join(
        effects_table(summary, name="the subject starts with") for _, summary in summaries
    )


TOWERS = Study(
    name="uno-towers",
    title="UNO Power: what a tower is worth",
    question=(
        "How much does holding a tower from the start of a round help, which tower helps "
        "most, and what is the four-tower bonus worth?"
    ),
    method=(
        "A paired experiment: four heuristic bots play single rounds (the option "
        "target_score=single_round; towers go back to the pool every round by default, "
        "so a round is where a tower held at the start counts). Each replicate is one "
        "deal played once per arm; the subject starts holding the tower(s) of the arm, "
        "the rest in the pool. *All four towers, bonus off* holds them all with the "
        "option four_tower_bonus=off, against the control (no tower held): what their "
        "protection is worth; *the four-tower bonus* holds them all with the bonus as the "
        "rules have it, against all four without it: what the bonus adds. The subject sits at "
        "every seat in turn. Effects are mean paired differences in the subject's win "
        "(winning the round), with 95% intervals."
    ),
    caveats=(
        "A round won is not a match won: in a match to 500 points a tower also changes "
        "how many points the others hold at the end. The heuristic bot uses the bonus "
        "whenever it is offered and always aims its attack cards by its own rules "
        "(docs/bots.md); towers taken during the round move as the rules say, so an arm "
        "measures a tower *held at the start*, which others may take away."
    ),
    default_games=20000,
    runs=_tower_runs,
    table=_tower_table,
    plots=lambda summaries, out: effects_plots(summaries, out),
)


FIRST_PLAYER = Study(
    name="uno-first-player",
    title="UNO Power: the first player's advantage",
    question=(
        "Does the player who plays first win the round more often than its share, from 2 "
        "to 6 players?"
    ),
    method=(
        "A tournament of heuristic bots for each number of players, single rounds (the "
        "option target_score=single_round), the bots rotating through the seats. The "
        "first player is the one left of the dealer, who plays first (or the one the "
        "first card makes play first). Its win rate has a 95% Wilson interval; the "
        "advantage is that rate minus the fair share, 1 / players."
    ),
    caveats=(
        "Single rounds between identical heuristic bots; in a match to 500 the deal "
        "passes round by round, so every player is first about as often. The heuristic "
        "bot does not play to deny the next player, which a human might."
    ),
    default_games=20000,
    runs=lambda games, seed: player_counts(GAME, games, seed, ROUND),
    table=lambda summaries: first_player_table(summaries),
    plots=lambda summaries, out: first_player_plot(summaries, out, "uno-first-player"),
)
