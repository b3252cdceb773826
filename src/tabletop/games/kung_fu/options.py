"""The options of Kung Fu: the deck file and every proposed ruling of the reference.

Each ``[RULING]`` of ``shared/reference/kung-fu.md`` (R1-R15) that has a sensible
alternative is an option with the reference's proposed default.
``docs/games/kung-fu.md`` explains each one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.errors import InvalidOptionsError
from tabletop.games.kung_fu.cards import load_deck

MAX_PASSES = 5


@dataclass(frozen=True, slots=True)
class KungFuOptions:
    """Options of :class:`~tabletop.games.kung_fu.game.KungFuGame`.

    >>> KungFuOptions(first_player="1", draw_split="sequential").draw_split
    'sequential'
    """

    # The cards: "default" (the provisional deck) or the path of a deck file.
    deck: str = "default"
    # R1: who holds the initiative in round 1 (no 3-card draw for it).
    first_player: Literal["random", "0", "1"] = "random"
    # R4: voluntary handovers per player per round (forced ones are unlimited).
    max_voluntary_passes: int = 1
    # R3: declare the red/blue split of a multi-card draw up front, or card by card.
    draw_split: Literal["upfront", "sequential"] = "upfront"
    # R2: an empty draw pile is refilled from its discard pile.
    reshuffle_on_empty: bool = True
    # R7: a negated parry that shows Koku still goes to its player's Koku row.
    negated_parry_keeps_koku: bool = False
    # R9: what a double knock-out leads to.
    deciding_fight: Literal["reset_to_one", "single_exchange"] = "reset_to_one"
    # R12: who loses life from lose2 ("card": as the card data says).
    lose2_target: Literal["card", "opponent", "self"] = "card"
    # R15: extra blue cards for the player without the first initiative.
    second_player_bonus_parry_cards: int = 0
    # Engine safety: the game is a draw after this many rounds.
    round_limit: int = 500
    # R14: which sets of Koku cards may pay a cost.
    payment: Literal["any", "minimal"] = "any"

    def __post_init__(self) -> None:
        if not isinstance(self.deck, str) or not self.deck:
            raise InvalidOptionsError("deck", "must be 'default' or the path of a deck file")
        load_deck(self.deck)  # raises InvalidOptionsError("deck", ...) for a bad file
        if not 0 <= self.max_voluntary_passes <= MAX_PASSES:
            raise InvalidOptionsError(
                "max_voluntary_passes",
                f"must be 0 to {MAX_PASSES} (unlimited passing can loop for ever)",
            )
        if not 0 <= self.second_player_bonus_parry_cards <= 5:
            raise InvalidOptionsError("second_player_bonus_parry_cards", "must be 0 to 5")
        if not 1 <= self.round_limit <= 100_000:
            raise InvalidOptionsError("round_limit", "must be 1 to 100000")
