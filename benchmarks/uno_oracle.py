"""How much of the hidden hands UNO Power's search would need to know: an oracle study.

``normal`` ISMCTS plays one seat against three heuristic bots (``strength.py``'s games:
same seeds, seats rotated), but its determinizations keep part of each opponent's true
hand and re-deal only the rest with the draw pile:

``none``     nothing kept: uniform dealing, the bot as registered
``actions``  the action cards and wilds kept, the number cards re-dealt
``numbers``  the number cards kept, the action cards and wilds re-dealt
``exact``    every card kept (the draw pile's order is still re-dealt)

This reads the true state: a measurement of what information is worth, never a bot.
The figures are in docs/bots.md. Run it on the interpreted engines (an editable
install): it replaces ``UnoPowerState.determinize`` on the class, which the compiled
search calls directly, past the replacement (:class:`tabletop.bots.ISMCTS` takes a
``sample`` function for studies that build their own searches).

::

    python benchmarks/uno_oracle.py --keep actions --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

import tabletop
from strength import play_games, wilson
from tabletop.core.rng import Rng
from tabletop.games.uno_power.phases import ASK_PLAY_DRAWN
from tabletop.games.uno_power.state import UnoPowerState

KEEPS: dict[str, Callable[[UnoPowerState, int], bool] | None] = {
    "none": None,
    "actions": lambda state, kind: state.game.cards.symbol[kind] > 9,
    "numbers": lambda state, kind: state.game.cards.symbol[kind] <= 9,
    "exact": lambda state, kind: True,
}


def oracle(keep: Callable[[UnoPowerState, int], bool]) -> Callable[..., UnoPowerState]:
    """A ``determinize`` that keeps the opponents' cards ``keep`` selects."""
    uniform = UnoPowerState.determinize

    def determinize(state: UnoPowerState, observer: int, rng: Rng) -> UnoPowerState:
        if any(d.kind == ASK_PLAY_DRAWN and d.player != observer for d in state.ask):
            return uniform(state, observer, rng)  # a drawn card pending: rare, left as is
        twin = state.clone()
        state._forget_for(twin, observer)
        others = [p for p in range(state.num_players) if p != observer]
        hands = {p: state.hand_cards(p) for p in others}
        pool = sorted(
            [k for k in state.deck.draw_pile if not keep(state, k)]
            + [k for p in others for k in hands[p] if not keep(state, k)]
        )
        rng.shuffle(pool)
        for p in others:
            cards = [k for k in hands[p] if keep(state, k)]
            take = state.sizes[p] - len(cards)
            cards += pool[len(pool) - take :]
            del pool[len(pool) - take :]
            hand = bytearray(state.game.cards.num_kinds)
            held = 0
            for k in cards:
                hand[k] += 1
                held |= 1 << k
            twin.hands[p] = hand
            twin.held[p] = held
        deck = pool + sorted(k for k in state.deck.draw_pile if keep(state, k))
        rng.shuffle(deck)
        twin.deck.draw_pile = deck
        return twin

    return determinize


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", choices=list(KEEPS), default="actions")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    keep = KEEPS[args.keep]
    if keep is not None and tabletop.compiled():
        parser.error("the oracle needs the interpreted engines (see the docstring)")
    if keep is not None:
        UnoPowerState.determinize = oracle(keep)  # type: ignore[method-assign]
    options = {"target_score": "single_round"}
    games = range(args.games)
    outcomes = play_games("uno-power", options, "normal", "heuristic", 4, args.seed, games)
    score = sum(o.score(o.seat) for o in outcomes)
    low, high = wilson(score, len(outcomes))
    print(
        f"keep {args.keep}, seed {args.seed}: {score / len(outcomes):.3f} "
        f"[{low:.3f}-{high:.3f}] over {len(outcomes)} games"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
