"""The 95% interval of a win rate, in the standard library's arithmetic.

A Wilson score interval behaves well near 0 and 1 and for small samples, and it is a
closed formula: computing it here keeps SciPy (a second of import) out of everything
that only needs a win rate's interval (the hint engine, training's evaluations, the
simulation lab's summaries).

>>> low, high = wilson_interval(0.5, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The standard normal quantile of 0.975: a two-sided 95% interval."""


def wilson_interval(rate: float, trials: int | float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``rate`` observed over ``trials``
    (``(0, 1)`` without trials: nothing is known)."""
    if trials <= 0:
        return 0.0, 1.0
    p = min(max(rate, 0.0), 1.0)
    spread = z * z / trials
    centre = (p + spread / 2) / (1 + spread)
    half = z * math.sqrt(p * (1 - p) / trials + spread / (4 * trials)) / (1 + spread)
    # The interval holds the rate itself (its score statistic is 0 there): the bounds
    # keep to it, where rounding would put 1 - 2e-16 above a rate of 1.
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))
