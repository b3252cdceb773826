"""The options of UNO Power: every proposed ruling and house rule of the reference.

Defaults are the reference's: official rules where they speak, its proposed
rulings where they do not. ``docs/games/uno-power.md`` explains each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.errors import InvalidOptionsError
from tabletop.games.uno_power.cards import default_icon_table, parse_icon_table, parse_points


@dataclass(frozen=True, slots=True)
class UnoPowerOptions:
    """Options of :class:`~tabletop.games.uno_power.game.UnoPowerGame`.

    >>> UnoPowerOptions(stacking="progressive").stacking
    'progressive'
    """

    # Match length and scoring (reference section 4).
    target_score: int | Literal["single_round"] = 500
    scoring: Literal["winner_takes", "lowest_total"] = "winner_takes"
    lowest_total_tie: Literal["shared", "play_on"] = "shared"
    partners: bool = False
    # Set-up (section 2).
    hand_size: int = 7
    dealer: Literal["highest_card", "random", "rotate"] = "highest_card"
    first_wild_grab_policy: Literal["first_player_names_colour", "redraw"] = (
        "first_player_names_colour"
    )
    # Wild Draw Four (3.3, 3.4, 4).
    wd4_restriction: bool = True
    wd4_challenge: bool = True
    wd4_challenge_on_last_card: bool = False
    challenger_plays_after_guilty: bool = True
    blocked_wd4_challenge: bool = False
    # Towers (3.2, 3.5).
    icon_grab: Literal["automatic", "optional"] = "automatic"
    tower_protection: Literal["automatic", "optional"] = "automatic"
    four_tower_bonus: Literal["optional", "automatic", "off"] = "optional"
    last_card_protection: bool = True
    reverse_skip_blocked_by_tower: bool = False
    towers_reset_each_round: bool = True
    # Calling UNO (3.6).
    uno_call: Literal["enforced", "auto"] = "enforced"
    uno_penalty: int = 2
    # Two players (3.7) and running out of cards (3.8).
    two_player_reverse_is_skip: bool = True
    empty_pile: Literal["reshuffle", "end_round"] = "reshuffle"
    round_turn_limit: int = 10_000
    # House rules (section 6), all off by default.
    stacking: Literal["off", "same_type", "progressive"] = "off"
    jump_in: bool = False
    seven_swap: bool = False
    draw_until_playable: bool = False
    forced_play_drawn: bool = False
    must_play_if_able: bool = False
    no_action_finish: bool = False
    # Data tables (rulings A2 and A3).
    icon_table: str = default_icon_table()
    card_points: str = ""

    def __post_init__(self) -> None:
        if self.target_score != "single_round" and not 1 <= int(self.target_score) <= 100_000:
            raise InvalidOptionsError("target_score", "must be 1 to 100000 or single_round")
        if not 1 <= self.hand_size <= 15:
            raise InvalidOptionsError("hand_size", "must be 1 to 15")
        if not 0 <= self.uno_penalty <= 10:
            raise InvalidOptionsError("uno_penalty", "must be 0 to 10")
        if not 50 <= self.round_turn_limit <= 1_000_000:
            raise InvalidOptionsError("round_turn_limit", "must be 50 to 1000000")
        parse_icon_table(self.icon_table)
        parse_points(self.card_points)
