"""The options of Kung Fu: the deck file and every ruling where the rulebook is silent.

Each ruling (R1-R15 in docs/games/kung-fu.md) that has a sensible alternative is an
option with the proposed reading as its default; where a sentence of the rulebook
settles it (``max_voluntary_passes``, ``facedown_draw``, ``lose2_target``
with the deck's data), the rulebook's reading is the default.
``docs/games/kung-fu.md`` explains each one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.options import check_ranges, option
from tabletop.games.kung_fu.deck_file import load_deck

MAX_PASSES = 5
UNLIMITED = -1
"""``max_voluntary_passes`` for "as often as the players want" (bounded by the draw)."""


@dataclass(frozen=True, slots=True)
class KungFuOptions:
    """Options of :class:`~tabletop.games.kung_fu.game.KungFuGame`.

    >>> KungFuOptions(first_player="1", draw_split="sequential").draw_split
    'sequential'
    """

    # A packaged deck ("default", the provisional deck; "balanced") or the path of a deck file.
    deck: Literal["default", "balanced"] | str = option(
        "default",
        title="Deck",
        description="The cards: the provisional deck, the same with every parry 2 stronger "
        "(no edge to the starting player), or a deck file's path (terminal and Python).",
        group="setup",
        values={"default": "provisional", "balanced": "balanced (parries +2)"},
        names_a_file=True,
    )
    # R1: no 3-card draw for the first initiative.
    first_player: Literal["random", "0", "1"] = option(
        "random",
        title="First player",
        description="Who holds the initiative, and so attacks, in round 1.",
        group="setup",
        values={"random": "chosen at random", "0": "player 1", "1": "player 2"},
    )
    # R4 and the rulebook's "... etc.": voluntary handovers as the players want (-1),
    # bounded by the draw they cause; forced handovers are unlimited.
    max_voluntary_passes: int = option(
        UNLIMITED,
        title="Giving up the initiative",
        description="How many times per round each player may give up the initiative; -1: "
        "as often as the players want, while the 3 cards it makes them draw are there.",
        group="variants",
        min=UNLIMITED,
        max=MAX_PASSES,
        range_note="-1 is as often as the players want",
    )
    # The rulebook: after a face-down attack the defender "darf" (may) draw a card.
    facedown_draw: Literal["may", "must"] = option(
        "may",
        title="Drawing after a face-down attack",
        description="Whether the defender of a face-down attack chooses to draw a card "
        "before parrying.",
        group="variants",
        values={
            "may": "the defender may draw a card, from the pile of their choice, or not",
            "must": "the defender always draws the card",
        },
    )
    # R3.
    draw_split: Literal["upfront", "sequential"] = option(
        "upfront",
        title="Choosing piles when drawing",
        description="For a draw of several cards: how the red and blue piles are chosen.",
        group="variants",
        values={
            "upfront": "say how many red cards first",
            "sequential": "choose the pile card by card",
        },
    )
    # R2.
    reshuffle_on_empty: bool = option(
        True,
        title="Reshuffle empty piles",
        description="An empty draw pile is refilled from its discard pile; off: only the other "
        "colour's pile can help.",
        group="variants",
    )
    # R7.
    negated_parry_keeps_koku: bool = option(
        False,
        title="Negated parries keep Koku",
        description="A parry made worthless by the attacker's effect still goes to its "
        "player's Koku row if it shows coins.",
        group="variants",
    )
    # R9.
    deciding_fight: Literal["reset_to_one", "single_exchange"] = option(
        "reset_to_one",
        title="Double knock-out",
        description="What happens when both players reach 0 life in the same round.",
        group="variants",
        values={
            "reset_to_one": "both go back to 1 life and play on",
            "single_exchange": "one deciding exchange: the higher card wins",
        },
    )
    # R12.
    lose2_target: Literal["card", "opponent", "self"] = option(
        "card",
        title="Who loses 2 life",
        description="Who loses the 2 life of a 'lose 2 life' effect.",
        group="variants",
        values={
            "card": "as each card says (no target: its owner)",
            "opponent": "always the opponent",
            "self": "always the player who activates it",
        },
    )
    # R15: a balance variant, not in the rules.
    second_player_bonus_parry_cards: int = option(
        0,
        title="Second player's extra parry cards",
        description="Extra blue cards dealt to the player who does not start with the "
        "initiative (a balance variant, not in the rules).",
        group="variants",
        min=0,
        max=5,
    )
    # Engine safety only.
    round_limit: int = option(
        500,
        title="Round limit",
        description="The game is a draw after this many rounds (a safety bound; never reached "
        "in normal play).",
        group="advanced",
        min=1,
        max=100_000,
    )
    # R14.
    payment: Literal["any", "minimal"] = option(
        "any",
        title="Paying with Koku",
        description="Which Koku cards may pay for an effect (change is never given).",
        group="variants",
        values={
            "any": "any card, until the cost is covered",
            "minimal": "only payments without an unneeded card",
        },
    )

    def __post_init__(self) -> None:
        if not isinstance(self.deck, str) or not self.deck:
            raise InvalidOptionsError(
                "deck", "must be 'default', 'balanced' or the path of a deck file"
            )
        load_deck(self.deck)  # raises InvalidOptionsError("deck", ...) for a bad file
        check_ranges(self)
