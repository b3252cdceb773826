"""Ratings of accounts: the computation, without the database (:mod:`.rating_store`).

A rated table (server/terms.py) is one between accounts, bots allowed. At its end by
the rules each account's rating in the game moves by OpenSkill's Plackett-Luce model,
the one the simulation lab and the bots' ladder use (it rates a finishing order of
any number of players, ties included): the seats' order is their ``returns`` (the
winners' seats first where a result has no returns). A new account starts at
OpenSkill's default, μ 25 and σ 25/3; a person's rating is shown as its *ordinal*,
μ - 3σ, which starts at 0 and grows as games make the rating both higher and surer.

Bots sit at their fixed published ratings (:mod:`.bot_ratings`), which their games
never move; a seat whose account was deleted is rated at the default and the result
is not kept for anybody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.server.live import TableError
from tabletop.server.terms import TableTerms
from tabletop.server.words import N_

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: OpenSkill's μ (the skill) and σ (how unsure it is)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What is shown and ranked: μ - 3σ, a skill the player very likely has."""
        return self.mu - 3.0 * self.sigma

    def to_json(self) -> dict[str, float]:
        return {
            "ordinal": round(self.ordinal, 3),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
        }


DEFAULT = Skill(DEFAULT_MU, DEFAULT_SIGMA)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A seat in a rated game: its rating before, and whether the game moves it
    (a bot's is fixed)."""

    seat: int
    skill: Skill
    fixed: bool = False


def finishing_scores(result: Any, num_players: int) -> list[float] | None:
    """Each seat's score in ``result`` (higher: finished better), or None for a
    result that is not a game's end by its rules (a table that ran out of time has
    its own keys, not these)."""
    if not isinstance(result, dict) or "timeout" in result:
        return None
    returns, winners = result.get("returns"), result.get("winners")
    if (
        isinstance(returns, list)
        and len(returns) == num_players
        and all(isinstance(r, int | float) and not isinstance(r, bool) for r in returns)
    ):
        return [float(r) for r in returns]
    if isinstance(winners, list):
        return [1.0 if seat in winners else 0.0 for seat in range(num_players)]
    return None


def rate(entrants: Sequence[Entrant], scores: Sequence[float]) -> list[Skill]:
    """Every entrant's rating after a game in which seat ``s`` scored ``scores[s]``;
    a fixed entrant's is unchanged (it still weighs on the others' change as the
    opponent it is)."""
    if len(entrants) < 2:
        return [e.skill for e in entrants]
    from openskill.models import PlackettLuce  # the server's only use of it

    model = PlackettLuce()
    teams = [[model.rating(mu=e.skill.mu, sigma=e.skill.sigma)] for e in entrants]
    after = model.rate(teams, scores=[scores[e.seat] for e in entrants])
    return [
        e.skill if e.fixed else Skill(float(team[0].mu), float(team[0].sigma))
        for e, team in zip(entrants, after, strict=True)
    ]


def seat_account(
    terms: TableTerms, user_id: str | None, holders: Sequence[str | None]
) -> str | None:
    """The account that takes a person's seat (``user_id``, None for a guest), or a
    refusal at a rated table to anyone but a signed-in account that holds no other
    seat there (``holders``: the accounts of the table's seats): a rating is a
    person's, and one person must not play two seats of one game."""
    if not terms.rated:
        return user_id
    if user_id is None:
        raise TableError(N_("a rated table's seats are taken by accounts: sign in first"), 403)
    if user_id in holders:
        raise TableError(N_("you already hold a seat at this rated table"), 409)
    return user_id
