"""The bots' fixed published ratings: where a person stands against "normal".

A bot at a rated table is rated at a fixed rating that its games never move, so that
a person's rating can be read against the bots' and a bot's luck cannot inflate or
sink it. The ratings come from the strength ladder of docs/bots.md (between its
``ladder:start`` and ``ladder:end`` markers), which measures each level against the
level below with OpenSkill's Plackett-Luce, as the rated tables do:

- each step gives a difference of μ, the level's minus the level below's (``LADDER``
  below copies the table's last column; ``tests/server/test_ratings.py`` checks that
  it is still the table's);
- the differences are chained from ``heuristic``, anchored at μ 25: a new account
  starts at OpenSkill's default μ 25, so "as strong as heuristic" is where a person
  starts, and the other levels lie above or below by the measured steps (a step
  measured as a loss, UNO Power's ``normal → hard``, puts the level below);
- σ is :data:`BOT_SIGMA` for every bot: a bot's strength does not change, and a
  small σ makes its ordinal (μ - 3σ) close to its μ.

A step was measured with one bot of the level against three of the level below in
King of Tokyo and UNO Power (UNO Power over single rounds), head to head in Kung Fu:
the ratings are a guide to strength, not a promise for every table size. Bots
outside the ladder: ``ismcts`` is ``normal`` under another name (its alias) and is
rated as ``normal``; a bot with no level on the ladder (``learned``, a bot
registered from elsewhere) is left out of the rating: the accounts are rated by
their order among the other seats. A search bot given more thinking time than its
level's keeps its level's rating.
"""

from __future__ import annotations

from tabletop.server.ratings import Skill

LEVELS = ("random", "easy", "heuristic", "normal", "hard")
"""The bot levels, weakest first: the ladder's steps are between neighbours."""

ANCHOR = "heuristic"
ANCHOR_MU = 25.0
BOT_SIGMA = 1.0

ALIASES = {"ismcts": "normal"}
"""Bots rated as another level (the catalogue's ``alias_of``)."""

LADDER: tuple[tuple[str, str, float, float], ...] = (
    # game, level, μ of the level, μ of the level below (docs/bots.md, the ladder)
    ("kung-fu", "easy", 30.6, 19.4),
    ("kung-fu", "heuristic", 28.5, 21.5),
    ("kung-fu", "normal", 25.5, 24.5),
    ("kung-fu", "hard", 26.7, 23.3),
    ("king-of-tokyo", "easy", 36.9, 20.7),
    ("king-of-tokyo", "heuristic", 32.5, 22.4),
    ("king-of-tokyo", "normal", 28.7, 23.7),
    ("king-of-tokyo", "hard", 26.5, 24.5),
    ("uno-power", "easy", 44.5, 18.3),
    ("uno-power", "heuristic", 26.9, 24.4),
    ("uno-power", "normal", 25.7, 24.6),
    ("uno-power", "hard", 24.2, 25.2),
)


def _published() -> dict[str, dict[str, Skill]]:
    """Every game's bots' ratings, by level, chained from :data:`ANCHOR`."""
    steps: dict[str, dict[str, float]] = {}
    for game, level, mu, below in LADDER:
        steps.setdefault(game, {})[level] = mu - below
    out: dict[str, dict[str, Skill]] = {}
    anchor = LEVELS.index(ANCHOR)
    for game, step in steps.items():
        mus = {ANCHOR: ANCHOR_MU}
        for i in range(anchor + 1, len(LEVELS)):  # upwards: add each step
            mus[LEVELS[i]] = mus[LEVELS[i - 1]] + step[LEVELS[i]]
        for i in range(anchor - 1, -1, -1):  # downwards: take the step above away
            mus[LEVELS[i]] = mus[LEVELS[i + 1]] - step[LEVELS[i + 1]]
        out[game] = {level: Skill(round(mus[level], 2), BOT_SIGMA) for level in LEVELS}
    return out


PUBLISHED = _published()
"""``PUBLISHED[game][level]``: the bot's fixed rating."""


def bot_skill(game: str, bot: str | None) -> Skill | None:
    """The fixed rating of ``bot`` in ``game``, or None for a bot left out."""
    if bot is None:
        return None
    return PUBLISHED.get(game, {}).get(ALIASES.get(bot, bot))


def published_rows(game: str) -> list[dict[str, object]]:
    """The bots of ``game`` as the leaderboard shows them, strongest first."""
    ranked = sorted(PUBLISHED.get(game, {}).items(), key=lambda item: -item[1].ordinal)
    return [{"bot": level, **skill.to_json()} for level, skill in ranked]
