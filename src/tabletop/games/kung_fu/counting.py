"""The heuristic's arithmetic (:mod:`.heuristic`): the cards a seat has not seen, the
odds of the best of some of them, and the cheapest coins to pay with.

Plain functions of counts and values, apart from the policy that reads them, so that
the belief (:mod:`.belief`) counts the same cards and the tests can check each sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from tabletop.games.kung_fu.cards import CardTable


def unseen_counts(
    cards: CardTable,
    hand: bytes,
    rows: list[list[int]],
    discards: tuple[list[int], list[int]],
    att: int,
    par: int,
    box: Sequence[int] = (),
) -> list[int]:
    """The cards of each type outside ``hand`` (a count per type), the Koku ``rows``,
    the ``discards``, the attack and parry cards shown (-1: none) and the ``box`` (a
    position's cards out of the game)."""
    unseen = list(cards.count)
    for k in box:
        unseen[k] -= 1
    for k in range(len(hand)):
        unseen[k] -= hand[k]
    for row in rows:
        for k in row:
            unseen[k] -= 1
    for pile in discards:
        for k in pile:
            unseen[k] -= 1
    if att >= 0:
        unseen[att] -= 1
    if par >= 0:
        unseen[par] -= 1
    return unseen


def best_of(values: list[int], k: int) -> dict[int, float]:
    """Odds of the highest of ``k`` values drawn without replacement from ``values``.

    >>> {v: round(p, 3) for v, p in best_of([1, 2, 3], 2).items()}
    {2: 0.333, 3: 0.667}
    """
    n = len(values)
    k = min(k, n)
    if k <= 0:
        return {0: 1.0}
    total = comb(n, k)
    odds: dict[int, float] = {}
    below = 0.0
    at_most = 0
    ordered = sorted(values)
    for i in range(n):
        v = ordered[i]
        at_most += 1
        if i + 1 < n and ordered[i + 1] == v:
            continue
        cdf = comb(at_most, k) / total
        if cdf > below:
            odds[v] = cdf - below
        below = cdf
    return odds


def best_payment(worths: list[int], cost: int) -> list[int] | None:
    """The coins to pay ``cost`` with: least overpayment, then fewest cards.

    ``None`` when the row cannot pay.

    >>> best_payment([2, 1, 1], 2)
    [2]
    >>> best_payment([2, 2, 1], 3)
    [2, 1]
    >>> best_payment([1], 2) is None
    True
    """
    if cost <= 0:
        return []
    # Reachable sums -> the fewest coins (as a list) that make them.
    best: dict[int, list[int]] = {0: []}
    for w in sorted(worths, reverse=True):
        for total, used in list(best.items()):
            if total >= cost:
                continue
            new = total + w
            if new not in best or len(best[new]) > len(used) + 1:
                best[new] = [*used, w]
    enough = [t for t in best if t >= cost]
    if not enough:
        return None
    return best[min(enough)]
