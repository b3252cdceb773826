"""Paired experiments: the same games played with and without a treatment.

The lab's "strength by item" compares seats that bought a card with seats that did
not, which mixes what the card is worth with who buys it and when. An experiment
instead *gives* the treatment: each replicate is one deal (one seed for the game,
one for each bot) played once per :class:`Arm`, the first arm being the control.
Every arm starts from a position (docs/positions.md) in which the line-up's first
player, the *subject*, has what the arm gives it; the subject sits at every seat in
turn, one replicate after another. The effect of an arm is the mean over replicates
of the subject's win in that arm minus its win in the control, with a 95% interval
from the spread of those paired differences. Playing both arms from the same seeds
makes most of the luck cancel, so the interval is narrower than comparing two
independent runs of the same size.

An arm's position fields may name the subject's seat with :data:`SUBJECT`:

- the string ``"$seat"`` anywhere is the subject's seat number (``{"turn": "$seat"}``:
  the subject plays first; ``{"towers": {"U": "$seat"}}``: it holds the U tower);
- an object whose keys are ``"$seat"`` and, optionally, ``"$others"`` stands for a list
  of one entry per seat: the subject's, and the others' (by default an empty object or
  list, like the subject's): ``{"monsters": {"$seat": {"energy": 3}}}`` is four
  monsters dealt as usual, the subject's with 3 energy; ``{"tickets": {"$seat": 2,
  "$others": 0}}`` is ``[0, 2, 0]`` for the subject at seat 1 of 3.

``actions`` are action labels the table plays as soon as the position is built, before
any bot chooses (``"buy the card in slot 1 of the row"``): a way to give an effect that
happens as it is done, such as a Discard card's.

>>> arm = Arm("U tower", {"towers": {"U": SUBJECT}})
>>> arm.fields_for(2, players=4)
{'towers': {'U': 2}}
>>> Arm("energy", {"monsters": {SUBJECT: {"energy": 3}}}).fields_for(1, players=3)
{'monsters': [{}, {'energy': 3}, {}]}
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.intervals import Z95
from tabletop.sim.errors import SimError

SUBJECT = "$seat"
"""Stands for the subject's seat in an arm's position fields."""
OTHERS = "$others"
"""The other seats' entry, beside :data:`SUBJECT`'s, in a list written as an object."""


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of a paired experiment: the position its games start from, the actions
    played at once, game options over the run's (a rule on or off), a covariate shown
    beside its effect (a card's cost), and the arm it is compared with (``versus``, by
    name; the first arm when ``None``)."""

    name: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    covariate: float | None = None
    versus: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "options", tuple(sorted(dict(self.options).items())))
        try:
            canonical = json.loads(json.dumps(dict(self.fields), sort_keys=True))
            json.dumps(self.options)
        except (TypeError, ValueError) as exc:
            raise SimError(
                "arm {arm!r}: not JSON data: {problem}", arm=self.name, problem=exc
            ) from None
        object.__setattr__(self, "fields", canonical)

    def fields_for(self, seat: int, players: int) -> dict[str, Any]:
        """The position fields with the subject at ``seat`` of ``players``."""
        return place_subject(self.fields, seat, players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "fields": self.fields,
            "actions": list(self.actions),
            "covariate": self.covariate,
            "versus": self.versus,
            "options": dict(self.options),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Arm:
        """An arm from its JSON form (a run folder, a study file)."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise SimError("an arm must be an object with a name, not {data!r}", data=data)
        fields = data.get("fields", {})
        actions = data.get("actions", [])
        covariate = data.get("covariate")
        versus = data.get("versus")
        if versus is not None and not isinstance(versus, str):
            raise SimError("arm {arm!r}: versus must name another arm", arm=data["name"])
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SimError("arm {arm!r}: options must be an object", arm=data["name"])
        if not isinstance(fields, dict):
            raise SimError("arm {arm!r}: fields must be an object", arm=data["name"])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SimError("arm {arm!r}: actions must be a list of action labels", arm=data["name"])
        if covariate is not None and (
            isinstance(covariate, bool) or not isinstance(covariate, (int, float))
        ):
            raise SimError("arm {arm!r}: the covariate must be a number", arm=data["name"])
        return cls(data["name"], fields, tuple(actions), covariate, versus, tuple(options.items()))


def place_subject(fields: Mapping[str, Any], seat: int, players: int) -> dict[str, Any]:
    """``fields`` with the subject at ``seat`` of ``players``: :data:`SUBJECT` replaced."""
    placed: dict[str, Any] = _place(dict(fields), seat, players)
    return placed


def _place(value: Any, seat: int, players: int) -> Any:
    if value == SUBJECT:
        return seat
    if isinstance(value, dict):
        if SUBJECT in value and set(value) <= {SUBJECT, OTHERS}:
            entry = _place(value[SUBJECT], seat, players)
            default: Any = {} if isinstance(entry, dict) else []
            return [
                entry if s == seat else _place(value.get(OTHERS, default), seat, players)
                for s in range(players)
            ]
        return {k: _place(v, seat, players) for k, v in value.items()}
    if isinstance(value, list):
        return [_place(v, seat, players) for v in value]
    return value


def check_arms(arms: Sequence[Arm]) -> None:
    """At least a control and one treatment, every name once, each ``versus`` an arm."""
    if len(arms) < 2:
        raise SimError("an experiment needs a control arm and at least one treatment")
    names = [a.name for a in arms]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SimError("arm names must differ: {names} given twice", names=", ".join(twice))
    for arm in arms:
        if arm.versus is not None and (arm.versus not in names or arm.versus == arm.name):
            raise SimError(
                "arm {arm!r} is compared with {versus!r}: no other arm",
                arm=arm.name,
                versus=arm.versus,
            )
    if arms[0].versus is not None:
        raise SimError("the first arm, {arm!r}, is the control: it has no versus", arm=arms[0].name)


def references(arms: Sequence[Arm]) -> tuple[int, ...]:
    """The index of the arm each arm is compared with (the control's own: itself).

    >>> references([Arm("dealt"), Arm("Kraken"), Arm("Kraken: Eater", versus="Kraken")])
    (0, 0, 1)
    """
    names = {a.name: k for k, a in enumerate(arms)}
    return tuple(0 if a.versus is None else names[a.versus] for a in arms)


# -- the figures -------------------------------------------------------------------------


@dataclass(slots=True)
class _Sums:
    """Running sums of one arm's paired differences (and its own wins)."""

    pairs: int = 0
    wins: float = 0.0
    total: float = 0.0
    squares: float = 0.0

    def add(self, won: float, control: float) -> None:
        d = won - control
        self.pairs += 1
        self.wins += won
        self.total += d
        self.squares += d * d


class Effects:
    """The paired effects of an experiment, fed its games in index order.

    Only the replicate in hand is held, so any number of games is summarised in
    constant memory. A replicate counts once all its arms are in.
    """

    def __init__(self, arms: Sequence[Arm], players: int) -> None:
        self.arms = tuple(arms)
        self.players = players
        self.sums = [_Sums() for _ in self.arms]
        self.versus = references(self.arms)
        self._replicate = -1
        self._wins: dict[int, float] = {}

    def add(self, replicate: int, arm: int, won: float) -> None:
        if replicate != self._replicate:
            self._close()
            self._replicate = replicate
        self._wins[arm] = won

    def _close(self) -> None:
        wins = self._wins
        if len(wins) == len(self.arms):
            for k, s in enumerate(self.sums):
                s.add(wins[k], wins[self.versus[k]])
        self._wins = {}

    def rows(self) -> list[dict[str, Any]]:
        """One row per arm, the control first, then the treatments by effect, largest first."""
        self._close()
        control = self.sums[0]
        rows = [self._row(0, control, control_row=True)]
        treated = [self._row(k, s) for k, s in enumerate(self.sums) if k > 0]
        treated.sort(key=lambda r: (-(r["effect"] if r["effect"] is not None else -2), r["arm"]))
        return rows + treated

    def _row(self, k: int, s: _Sums, control_row: bool = False) -> dict[str, Any]:
        n = s.pairs
        effect = s.total / n if n else None
        ci: list[float] | None = None
        if n >= 2 and effect is not None:
            variance = max(0.0, (s.squares - n * effect * effect) / (n - 1))
            half = Z95 * math.sqrt(variance / n)
            ci = [effect - half, effect + half]
        return {
            "arm": self.arms[k].name,
            "control": control_row,
            "versus": None if control_row else self.arms[self.versus[k]].name,
            "pairs": n,
            "win_rate": s.wins / n if n else None,
            "effect": None if control_row else effect,
            "ci95": None if control_row else ci,
            "covariate": self.arms[k].covariate,
        }


def paired_effects(
    arms: Sequence[Arm], players: int, outcomes: Iterable[tuple[int, int, float]]
) -> list[dict[str, Any]]:
    """The rows of :class:`Effects` from ``(replicate, arm, subject's win)`` in order.

    A treatment that doubles the subject's chance is recovered; the control's own
    effect is not reported:

    >>> arms = [Arm("control"), Arm("double")]
    >>> games = [(r, a, float(r % (4 if a == 0 else 2) == 0)) for r in range(8) for a in (0, 1)]
    >>> [(row["arm"], row["win_rate"], row["effect"]) for row in paired_effects(arms, 4, games)]
    [('control', 0.25, None), ('double', 0.5, 0.25)]
    """
    effects = Effects(arms, players)
    for replicate, arm, won in outcomes:
        effects.add(replicate, arm, won)
    return effects.rows()


def indexed(arms: int, games: Iterable[int]) -> Iterator[tuple[int, int]]:
    """``(replicate, arm)`` of each game index: the arms of a replicate are consecutive.

    >>> list(indexed(3, range(5)))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    """
    for index in games:
        yield divmod(index, arms)


def covariate_fit(rows: Sequence[Mapping[str, Any]]) -> dict[str, float] | None:
    """The least-squares line of the treatments' effects on their covariate (a card's
    cost); ``None`` with fewer than three treatments that have both.

    A treatment above the line is worth more than the others of its covariate (a card
    under-priced for what it does), one below it less. Every treatment counts alike:
    weighing by precision would let the treatments that change nothing (whose paired
    differences are all 0) pull the line to them.

    >>> rows = [{"effect": 0.01 * c, "covariate": c} for c in (2, 4, 6)]
    >>> rows.append({"effect": 0.5, "covariate": None})  # no covariate: left out
    >>> fit = covariate_fit(rows)
    >>> round(fit["intercept"], 6), round(fit["slope"], 6)
    (0.0, 0.01)
    """
    points = [
        (float(row["covariate"]), float(row["effect"]))
        for row in rows
        if row.get("effect") is not None and row.get("covariate") is not None
    ]
    if len(points) < 3 or len({x for x, _ in points}) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    slope = sxy / sxx
    return {"intercept": mean_y - slope * mean_x, "slope": slope}


def experiment_summary(subject: str, effects: Effects) -> dict[str, Any]:
    """The ``experiment`` part of a run's summary: each arm's effect, and where the arms
    have a covariate, the line through them and each treatment's distance from it."""
    rows = effects.rows()
    fit = covariate_fit(rows)
    for row in rows:
        row["residual"] = (
            row["effect"] - (fit["intercept"] + fit["slope"] * row["covariate"])
            if fit is not None and row["effect"] is not None and row["covariate"] is not None
            else None
        )
    return {
        "subject": subject,
        "replicates": rows[0]["pairs"],
        "arms": rows,
        "fit": fit,
    }
