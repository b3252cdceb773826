"""King of Tokyo studies: what each Power card is worth for its cost, what the first
monster gains, and how the Power Up! monsters and their Evolutions compare."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.king_of_tokyo.cards import card_table
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES, MONSTERS
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

GAME = "king-of-tokyo"
PLAYERS = 4
BUY_FIRST = "buy the card in slot 1 of the row"
EDITIONS = ("2016", "2011")


def card_arms(edition: str) -> tuple[Arm, ...]:
    """The control and one arm per Power card type: the subject buys it at once for
    its cost in energy, which it is given (so it ends the purchase with none, as in
    the control)."""
    arms = [Arm("control")]
    for info in card_table(edition).info:
        arms.append(
            Arm(
                info.name,
                {"row": [info.name], "monsters": {SUBJECT: {"energy": info.cost}}},
                actions=(BUY_FIRST,),
                covariate=info.cost,
            )
        )
    return tuple(arms)


def _card_runs(games: int, seed: int) -> list[StudyRun]:
    start = {"players": PLAYERS, "turn": SUBJECT, "step": "buy phase"}
    return [
        experiment_run(
            f"cards-{edition}",
            f"{edition} edition",
            GAME,
            card_arms(edition),
            games,
            seed,
            position=start,
            options=(("edition", edition),),
        )
        for edition in EDITIONS
    ]


def _card_table(summaries: Summaries) -> str:
    parts = []
    for run, summary in summaries:
        parts.append(f"### The {run.title}\n")
        parts.append(effects_table(summary, covariate="cost", name="card"))
    return "\n\n".join(parts)


def _card_plots(summaries: Summaries, out: Path) -> list[Path]:
    return effects_plots(summaries, out, covariate="cost in energy")


POWER_CARDS = Study(
    name="power-cards",
    title="King of Tokyo: what each Power card is worth",
    question=(
        "Which Power cards are worth more than they cost, and which less? Four heuristic "
        "monsters play; one of them, the subject, gets a card for free at the start, and "
        "its win rate is compared with the same game without it."
    ),
    method=(
        "A paired experiment per edition (docs/sim.md, *Paired experiments*). Every "
        "replicate is one deal (the monsters, the Power deck, the dice and every bot's "
        "choices seeded alike) played once per arm. The games start at the subject's Buy "
        "phase, before anybody has rolled (so the subject's first turn has no roll, in "
        "every arm). In the control it has no energy; in a card's arm the card is the "
        "first of the row and the subject has exactly its cost in energy and buys it at "
        "once, so a Discard card takes its effect and a Keep card stays in front of it, "
        "and it ends its turn with no energy either way. The subject sits at every seat "
        "in turn. The effect is the mean paired difference in the subject's win, with "
        "its 95% interval. *Off the line* is the distance from the line through the "
        "effects against the costs, weighted by their precision: a card above it is worth "
        "more than others of its cost (under-priced), one below it less."
    ),
    caveats=(
        "The figures are the value of a card *to the heuristic bot*, which plays its "
        "cards as docs/bots.md describes (for instance it never buys Mimic unless a Keep "
        "card worth copying is in play, and plays every card as soon as it can): a "
        "player who uses a card better gets more from it. A card given at the very start "
        "is worth what it gives over the whole game: a card that pays off late, or only "
        "with other cards, is measured at the start of the game, before the row has "
        "offered anything to combine it with, and a card that does nothing at the start "
        "of a game measures about 0: Heal and Healing Ray when every monster has all its "
        "hearts, Evacuation Orders when nobody has stars, Mimic with no Keep card to "
        "copy, the 2011 Monster Batteries charged from an empty reserve. In the control "
        "the subject wins less than a quarter because its first turn has no roll, in "
        "every arm alike. Cards with two copies are given once. Effects smaller than "
        "their interval are not told apart from no effect."
    ),
    default_games=18000,
    runs=_card_runs,
    table=_card_table,
    plots=_card_plots,
)


# -- first player ----------------------------------------------------------------------


FIRST_PLAYER = Study(
    name="tokyo-first-player",
    title="King of Tokyo: the first monster's advantage",
    question=(
        "Does the monster that rolls first win more often than its share, and how does "
        "that change from 2 to 6 players?"
    ),
    method=(
        "A tournament of heuristic bots for each number of players, with the game's "
        "default options (the 2011 rules; with 5 and 6 players Tokyo Bay is used), "
        "the bots rotating through the seats. The first player is the monster who rolls "
        "first. Its win rate has a 95% Wilson interval; the advantage is that rate minus "
        "the fair share, 1 / players."
    ),
    caveats=(
        "Measured with identical heuristic bots, which enter Tokyo and leave it by "
        "their own rules; players who attack the first monster harder, or leave Tokyo "
        "sooner, change the figure. A game that reaches the turn limit (the option "
        "turn_limit) is won by nobody and counts as a loss for every seat."
    ),
    default_games=20000,
    runs=lambda games, seed: player_counts(GAME, games, seed),
    table=lambda summaries: first_player_table(summaries),
    plots=lambda summaries, out: first_player_plot(summaries, out, "tokyo-first-player"),
)


# -- Power Up! monsters and Evolutions -------------------------------------------------


def power_up_arms() -> tuple[Arm, ...]:
    """The control (a monster dealt as usual), each monster given to the subject (against
    the control), and each Evolution in the subject's hand, or face up for a permanent
    one, when it plays its monster (against that monster without it)."""
    table = evolution_table()
    arms = [Arm("a dealt monster")]
    for monster in MONSTERS:
        arms.append(Arm(MONSTER_NAMES[monster], {"monsters": {SUBJECT: {"name": monster}}}))
    for monster in MONSTERS:
        for number in table.deck_of[monster]:
            info = table.info[number]
            where = "played" if info.permanent else "evolutions"
            arms.append(
                Arm(
                    f"{info.name} ({MONSTER_NAMES[monster]})",
                    {"monsters": {SUBJECT: {"name": monster, where: [info.id]}}},
                    versus=MONSTER_NAMES[monster],
                )
            )
    return tuple(arms)


def _power_up_runs(games: int, seed: int) -> list[StudyRun]:
    return [
        experiment_run(
            "power-up",
            "Power Up!, 4 players",
            GAME,
            power_up_arms(),
            games,
            seed,
            position={"players": PLAYERS},
            options=(("power_up", "on"),),
        )
    ]


def _power_up_table(summaries: Summaries) -> str:
    parts = []
    names = [MONSTER_NAMES[m] for m in MONSTERS]
    for _run, summary in summaries:
        parts.append("### The monsters, against a monster dealt as usual\n")
        parts.append(effects_table(summary, name="monster", only=names))
        evolutions = [r["arm"] for r in summary["experiment"]["arms"][1:] if r["arm"] not in names]
        parts.append("\n### Each Evolution, against its monster without it\n")
        parts.append(effects_table(summary, name="Evolution (monster)", only=evolutions))
    return "\n\n".join(parts)


POWER_UP = Study(
    name="power-up",
    title="King of Tokyo Power Up!: the monsters and their Evolutions",
    question=(
        "With Power Up!, which of the nine monsters wins most, and what is each of the 72 "
        "Evolutions worth to its monster?"
    ),
    method=(
        "One paired experiment with Power Up! on (the 2011 rules, the default; 4 heuristic "
        "bots). Each "
        "replicate is one deal played once per arm. The control deals the subject's "
        "monster as usual; a monster's arm gives the subject that monster (the others "
        "dealt from the rest), measured against the control; an Evolution's arm gives "
        "the subject that monster with the Evolution at the start, face up if it is "
        "permanent and in hand if it is temporary (the bot plays it when its rules say), "
        "measured against the same monster without it. Effects are mean paired "
        "differences in the subject's win, with 95% intervals."
    ),
    caveats=(
        "The heuristic bot plays Evolutions by fixed rules (docs/bots.md); the value of "
        "an Evolution that rewards timing or bluffing is what those rules get from it. "
        "An Evolution held from the start is worth more than one drawn late in a game. "
        "Evolutions whose marks name another card or monster start cleared, as in any "
        "position (docs/positions.md)."
    ),
    default_games=7000,
    runs=_power_up_runs,
    table=_power_up_table,
    plots=lambda summaries, out: effects_plots(summaries, out),
)
