"""The options of UNO Power: every ruling where the rules are silent, and the house rules.

Defaults are the official rules where they speak, the proposed rulings (A1-A17 in
docs/games/uno-power.md) where they do not. ``docs/games/uno-power.md`` explains each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.options import check_ranges, option
from tabletop.games.uno_power.cards import default_icon_table, parse_icon_table, parse_points


@dataclass(frozen=True, slots=True)
class UnoPowerOptions:
    """Options of :class:`~tabletop.games.uno_power.game.UnoPowerGame`.

    >>> UnoPowerOptions(stacking="progressive").stacking
    'progressive'
    """

    # Match length and scoring (docs/games/uno-power.md, "End of a round and scoring").
    target_score: int | Literal["single_round"] = option(
        500,
        title="Match length",
        description="Points that end the match, or a single round whose winner wins.",
        group="setup",
        values={"single_round": "one round only"},
        min=1,
        max=100_000,
    )
    scoring: Literal["winner_takes", "lowest_total"] = option(
        "winner_takes",
        title="Scoring",
        description="Who scores the points left in hands at the end of a round.",
        group="setup",
        values={
            "winner_takes": "the round winner scores the others' cards; highest total wins",
            "lowest_total": "each player scores their own cards; lowest total wins",
        },
    )
    lowest_total_tie: Literal["shared", "play_on"] = option(
        "shared",
        title="Tied lowest totals",
        description="With lowest-total scoring: what happens when the lowest totals tie "
        "at the end.",
        group="variants",
        values={"shared": "the tied players share the win", "play_on": "another round is played"},
    )
    partners: bool = option(
        False,
        title="Partners",
        description="Two teams of two, partners sitting opposite (4 players only).",
        group="setup",
    )
    # Set-up ("Setup and the first card").
    hand_size: int = option(
        7,
        title="Hand size",
        description="Cards dealt to each player.",
        group="setup",
        min=1,
        max=15,
    )
    dealer: Literal["highest_card", "random", "rotate"] = option(
        "highest_card",
        title="First dealer",
        description="How the first dealer is chosen; the deal then passes left each round.",
        group="setup",
        values={
            "highest_card": "highest card drawn deals (ties draw again)",
            "random": "chosen at random",
            "rotate": "player 1 deals first",
        },
    )
    first_wild_grab_policy: Literal["first_player_names_colour", "redraw"] = option(
        "first_player_names_colour",
        title="Wild Grab-a-Tower turned up first",
        description="When the first card of a round is a Wild Grab-a-Tower.",
        group="variants",
        values={
            "first_player_names_colour": "the first player names the colour",
            "redraw": "it goes back and another card is turned up",
        },
    )
    first_grab_two: Literal["colour_only", "colour_or_symbol"] = option(
        "colour_only",
        title="Grab Two Towers turned up first",
        description="What the first player may play on a Grab Two Towers turned up as the "
        "first card (nobody takes towers for it either way).",
        group="variants",
        values={
            "colour_only": "only a card of its colour, as the rulebook says",
            "colour_or_symbol": "a card of its colour, another Grab Two Towers or a wild",
        },
    )
    # Matching ("A turn").
    icon_rule: Literal["never_match", "forbid_meaning"] = option(
        "never_match",
        title="Power icons",
        description="What a power icon on a number card changes about the cards that may be "
        "played on it.",
        group="variants",
        values={
            "never_match": "nothing: it matches by colour or number like any number card",
            "forbid_meaning": "the card the icon stands for may not be played on it "
            "(no Draw One on U, Draw Two on N, Wild Draw Four on O, Skip on !)",
        },
    )
    # Wild Draw Four ("The Wild Draw Four restriction and the challenge").
    wd4_restriction: bool = option(
        True,
        title="Wild Draw Four restriction",
        description="A Wild Draw Four may only be played without a card of the colour in "
        "play; off: at any time, and it cannot be challenged.",
        group="variants",
    )
    wd4_challenge: bool = option(
        True,
        title="Wild Draw Four challenge",
        description="Bluffing a Wild Draw Four is allowed and its target may challenge it; "
        "off: the restriction is enforced instead.",
        group="variants",
    )
    wd4_challenge_on_last_card: bool = option(
        False,
        title="Challenge a last Wild Draw Four",
        description="A Wild Draw Four played as a player's last card may be challenged "
        "(the challenge always fails).",
        group="variants",
    )
    challenger_plays_after_guilty: bool = option(
        True,
        title="Turn after a successful challenge",
        description="After catching a Wild Draw Four bluff, the challenger takes a normal "
        "turn; off: the challenger's turn is skipped.",
        group="variants",
    )
    blocked_wd4_challenge: bool = option(
        False,
        title="Challenge a blocked Wild Draw Four",
        description="A target protected by tower O may still challenge the Wild Draw Four.",
        group="variants",
    )
    # Towers ("Towers", "The four-tower bonus").
    icon_grab: Literal["automatic", "optional"] = option(
        "automatic",
        title="Taking icon towers",
        description="After playing an icon card whose tower you lack.",
        group="variants",
        values={"automatic": "you always take the tower", "optional": "you choose to take it"},
    )
    tower_protection: Literal["automatic", "optional"] = option(
        "automatic",
        title="Tower protection",
        description="When the card a tower blocks is aimed at its holder.",
        group="variants",
        values={
            "automatic": "the tower always blocks it",
            "optional": "the holder chooses to block it or take it",
        },
    )
    four_tower_bonus: Literal["optional", "automatic", "off"] = option(
        "optional",
        title="Four-tower bonus",
        description="A player holding all four towers may discard all cards but one.",
        group="variants",
        values={
            "optional": "use it or decline",
            "automatic": "it must be used (you still pick the card to keep)",
            "off": "no bonus",
        },
    )
    last_card_protection: bool = option(
        True,
        title="Towers block a last card",
        description="A draw card played as a last card is blocked by the target's tower; "
        "off: the target draws anyway.",
        group="variants",
    )
    reverse_skip_blocked_by_tower: bool = option(
        False,
        title="Tower ! blocks a two-player Reverse",
        description="With two players a Reverse acts as a Skip; on: tower ! blocks it too.",
        group="variants",
    )
    towers_reset_each_round: bool = option(
        True,
        title="Towers reset each round",
        description="Towers go back to the pool at the start of each round; off: their "
        "holders keep them.",
        group="variants",
    )
    # Calling UNO ("Calling UNO and catching").
    uno_call: Literal["enforced", "auto"] = option(
        "enforced",
        title="Calling UNO",
        description="Whether players must call UNO themselves when down to one card.",
        group="variants",
        values={
            "enforced": "you must call, and can be caught forgetting",
            "auto": "everyone always calls",
        },
    )
    uno_penalty: int = option(
        2,
        title="UNO penalty",
        description="Cards drawn when caught without calling UNO.",
        group="variants",
        min=0,
        max=10,
    )
    # "Two players" and "Running out of cards".
    two_player_reverse_is_skip: bool = option(
        True,
        title="Two-player Reverse",
        description="With two players a Reverse lets its player go again; off: it only "
        "changes direction.",
        group="variants",
    )
    empty_pile: Literal["reshuffle", "end_round"] = option(
        "reshuffle",
        title="Empty draw pile",
        description="When a card must be drawn from an empty draw pile.",
        group="variants",
        values={
            "reshuffle": "the discards are shuffled into a new pile",
            "end_round": "the round ends; the fewest points in hand wins it",
        },
    )
    round_turn_limit: int = option(
        10_000,
        title="Round turn limit",
        description="A round that lasts this many turns ends; the fewest points in hand wins "
        "it (a safety bound; never reached in normal play).",
        group="advanced",
        min=50,
        max=1_000_000,
    )
    # House rules ("House rules in detail"), all off by default.
    stacking: Literal["off", "same_type", "progressive"] = option(
        "off",
        title="Stacking",
        description="Answer a draw card with another so that the total passes on.",
        group="variants",
        values={
            "off": "off",
            "same_type": "the same card on the same card",
            "progressive": "also a bigger draw card on a smaller one",
        },
    )
    jump_in: bool = option(
        False,
        title="Jump-in",
        description="Play a card identical to the top card out of turn.",
        group="variants",
    )
    seven_swap: bool = option(
        False,
        title="Seven swap",
        description="Playing a 7 swaps your hand with a player you choose.",
        group="variants",
    )
    draw_until_playable: bool = option(
        False,
        title="Draw until playable",
        description="Drawing on your turn goes on until a playable card turns up.",
        group="variants",
    )
    forced_play_drawn: bool = option(
        False,
        title="Play a drawn card",
        description="A playable card you drew must be played at once.",
        group="variants",
    )
    must_play_if_able: bool = option(
        False,
        title="Must play if able",
        description="You may not draw while you hold a playable card.",
        group="variants",
    )
    no_action_finish: bool = option(
        False,
        title="No action card to finish",
        description="You may not go out on an action card or a wild.",
        group="variants",
    )
    # Data tables (rulings A2 and A3).
    icon_table: str = option(
        default_icon_table(),
        title="Icon table",
        description="Which numbers carry which tower icon, in every colour (at most two "
        "icons per number); changes the cards.",
        group="advanced",
    )
    card_points: str = option(
        "",
        title="Card points",
        description="Point values for action cards and wilds, such as draw1=20,wild_grab=50 "
        "(empty: the classic values).",
        group="advanced",
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        parse_icon_table(self.icon_table)
        parse_points(self.card_points)
