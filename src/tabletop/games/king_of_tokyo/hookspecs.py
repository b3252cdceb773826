"""The hooks of King of Tokyo: every point where a card changes the rules.

The rules modules call these hooks and name no card; the card modules (:mod:`.powers`
for the Power cards, :mod:`.evolution_effects` for the Evolutions) register for them
by the card's id (``@TURN_END.impl("cat_nip")``, ``@END_OF_TURN.impl(Card.HERBIVORE)``).
The order in which a hook's cards run is the rulebook's, written in
``data/hooks.json``, which also names the card modules; :func:`load_cards` imports
them and seals the hooks (:mod:`tabletop.core.hooks`), once, when a game is made.

Each hook says, in its docstring, the step of the turn that calls it (the steps A to K
of docs/games/king-of-tokyo.md) and what its implementations return: nothing, a
number folded through them in order, a sum, or True to stop the step (a question was
asked). The rules call the Evolutions' hooks only with Power Up! on (``state.pu``), and
the Power cards' hooks only for a monster whose card mask holds the card.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.hooks import Hook, HookSet
from tabletop.games.king_of_tokyo.cards import Card

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def _hook_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        resources.files("tabletop.games.king_of_tokyo").joinpath("data/hooks.json").read_text()
    )
    return data


def card_number(slug: str) -> int:
    """A Power card's type number from its id (``"solar_powered"``)."""
    return int(Card[slug.upper()])


_DATA = _hook_data()
HOOKS = HookSet("King of Tokyo", _DATA["plugins"], _DATA["hooks"])
"""Every hook below, the card modules and the order data."""


def load_cards() -> None:
    """Import the card modules and seal the hooks (the game does it once, when made)."""
    HOOKS.load()


SeatEffect = Callable[["KingOfTokyoState", int], None]
SeatTest = Callable[["KingOfTokyoState", int], bool]
SeatNumber = Callable[["KingOfTokyoState", int], int]
SeatFold = Callable[["KingOfTokyoState", int, int], int]
StateTest = Callable[["KingOfTokyoState"], bool]
Counts = tuple[int, ...]
CardEffect = Callable[["KingOfTokyoState", int, int], None]
"""A Power card's effect: the state, the owner's seat, how many copies it has (Mimic too)."""
RollBonus = Callable[["KingOfTokyoState", int, int, Counts, int], None]
"""A Power card's roll bonus: state, owner, copies, the dice counts, the claws."""


def any_seat(hook: Hook[str, SeatTest], state: KingOfTokyoState, seat: int) -> bool:
    """Whether one of ``hook``'s cards says True for ``seat``; the others do not run."""
    for test in hook.calls:  # noqa: SIM110 (a loop: no generator on this path)
        if test(state, seat):
            return True
    return False


def card_mask(hook: Hook[int, Any]) -> int:
    """The bits of the Power cards a hook's order names (a monster's ``mask`` tests them)."""
    return sum(1 << card for card in hook.order)


# -- A: the start of the turn ---------------------------------------------------------

TURN_START: Hook[str, SeatEffect] = HOOKS.hook(
    "turn_start",
    "A, as the turn begins (before the Evolution window): effects that last until the "
    "active monster's next turn end",
)
START_QUESTION: Hook[str, SeatEffect] = HOOKS.hook(
    "start_question",
    "A, after the window: a face-up Evolution's start-of-turn question; the next runs "
    "once it is answered",
)
START_OF_TURN: Hook[int, CardEffect] = HOOKS.hook(
    "start_of_turn", "A, for the active monster's Power cards", card_number
)
STARTS_IN_TOKYO: Hook[str, SeatEffect] = HOOKS.hook(
    "starts_in_tokyo", "A, after the stars for starting the turn in Tokyo"
)

# -- B, C: the roll and the final adjustments -------------------------------------------

DICE_COUNT: Hook[str, SeatFold] = HOOKS.hook(
    "dice_count", "B, the first roll: how many dice (folded)"
)
ROLL_COUNT: Hook[str, SeatFold] = HOOKS.hook(
    "roll_count",
    "B, the first roll: how many rolls (folded); one that allows a single roll marks "
    "`single_roll` (no extra rolls)",
)
FROZEN_DIE: Hook[str, SeatFold] = HOOKS.hook(
    "frozen_die", "B, the first roll: the face of a die that is not rolled, or -1 (folded)"
)
REROLL_KEEPS: Hook[str, Callable[[KingOfTokyoState, list[Action]], list[Action]]] = HOOKS.hook(
    "reroll_keeps", "B: the dice a reroll may keep (folded)"
)
AFTER_LAST_ROLL: Hook[str, SeatTest] = HOOKS.hook(
    "after_last_roll", "C: whether another monster may act on the active monster's dice"
)
BEFORE_RESOLVING: Hook[str, SeatTest] = HOOKS.hook(
    "before_resolving", "C, before the dice resolve: True when a question is asked"
)

# -- D: resolving the dice --------------------------------------------------------------

RESULT_FACTOR: Hook[str, SeatFold] = HOOKS.hook(
    "result_factor", "D: how many times each result of the active monster's dice counts (folded)"
)
NUMBERS: Hook[str, Callable[[KingOfTokyoState, int, Counts], None]] = HOOKS.hook(
    "numbers", "D, after the stars for numbers"
)
ROLL_BONUS: Hook[int, RollBonus] = HOOKS.hook(
    "roll_bonus", "D, the Power cards' bonuses for what the dice show", card_number
)
ROLL_PATTERN: Hook[str, Callable[[KingOfTokyoState, int, Counts, int], None]] = HOOKS.hook(
    "roll_pattern",
    "D, the face-up Evolutions' bonuses for what the dice show (with the claws)",
)
EXTRA_HEARTS: Hook[str, Callable[[KingOfTokyoState], int]] = HOOKS.hook(
    "extra_hearts", "D: hearts added to the heart dice's result (summed)"
)
CLAW_BONUS: Hook[str, Callable[[KingOfTokyoState, int, Counts], int]] = HOOKS.hook(
    "claw_bonus", "D: claws added to the dice's (summed), before the Power cards'"
)
CLAW_EXTRAS: Hook[str, Callable[[KingOfTokyoState, int, Counts, dict[int, int]], None]] = (
    HOOKS.hook(
        "claw_extras",
        "D, the attack: extra hearts for the monsters smashed (target: hearts), or card damage",
    )
)
HOLDS_SMASH: Hook[str, SeatTest] = HOOKS.hook(
    "holds_smash", "D: whether a smash on a monster in Tokyo waits for its yield decision"
)
SMASH_BUILT: Hook[str, SeatEffect] = HOOKS.hook(
    "smash_built", "D, once the attack's hits are queued, before they land"
)
AFTER_CLAWS: Hook[str, SeatTest] = HOOKS.hook(
    "after_claws", "D, after the attack: True when a question is asked"
)

# -- damage -------------------------------------------------------------------------------

PREVENT: Hook[str, SeatFold] = HOOKS.hook(
    "prevent", "a loss of hearts, the victim's automatic prevention (folded)"
)
HIT_BONUS: Hook[str, Callable[[KingOfTokyoState, int, int, int, bool, int], int]] = HOOKS.hook(
    "hit_bonus",
    "a hit once its prevention is done: extra hearts from its source (victim, hearts, "
    "source, smash; the extra so far folded)",
)
BEFORE_LANDING: Hook[str, StateTest] = HOOKS.hook(
    "before_landing", "the first queued hit is about to land: True when a question is asked"
)
SMASH_LANDS: Hook[str, Callable[[KingOfTokyoState, int, int], None]] = HOOKS.hook(
    "smash_lands", "a smash made another monster lose hearts (source, victim)"
)
HEARTS_LOST: Hook[str, Callable[[KingOfTokyoState, int, int, int, bool], None]] = HOOKS.hook(
    "hearts_lost", "another monster made a monster lose hearts (victim, lost, source, smash)"
)
AFTER_DAMAGE: Hook[str, Callable[[KingOfTokyoState, int, int, int], None]] = HOOKS.hook(
    "after_damage",
    "after a batch of damage, for each monster that lost hearts to another (seat, hearts "
    "lost, the monster whose claws wounded it or -1): questions, asked after the window",
)
REACHED_ZERO: Hook[str, SeatEffect] = HOOKS.hook(
    "reached_zero", "a monster reaches 0 hearts (even if it is then saved)"
)
SAVED_AT_ZERO: Hook[str, SeatTest] = HOOKS.hook(
    "saved_at_zero", "a monster at 0 hearts, before It Has a Child: True when it is saved"
)
MAX_HEARTS: Hook[str, Callable[[KingOfTokyoState], None]] = HOOKS.hook(
    "max_hearts", "the monsters' maximum hearts are worked out again"
)

# -- E, G: Tokyo ----------------------------------------------------------------------------

BEFORE_YIELD: Hook[str, SeatTest] = HOOKS.hook(
    "before_yield", "E, before a wounded monster decides: True when a question is asked"
)
MAY_NOT_YIELD: Hook[str, SeatTest] = HOOKS.hook(
    "may_not_yield", "E: whether a wounded monster must stay"
)
STAYS: Hook[str, SeatEffect] = HOOKS.hook("stays", "E: a monster allowed to yield stays")
OTHER_ENTER: Hook[str, SeatTest] = HOOKS.hook(
    "other_enter",
    "G, a spot is free: another monster may enter first; True when a question is asked",
)
ENTERED: Hook[str, SeatEffect] = HOOKS.hook("entered", "G: a monster takes control of Tokyo")
LEFT: Hook[str, SeatEffect] = HOOKS.hook(
    "left", "a monster leaves Tokyo however it does (yield, forced out, eliminated)"
)

# -- H: buying ------------------------------------------------------------------------------

DISCOUNT: Hook[str, SeatNumber] = HOOKS.hook(
    "discount", "H: energy off the cost of a Power card (summed)"
)
BLOCKED_CARD: Hook[str, SeatNumber] = HOOKS.hook(
    "blocked_card", "H: a card instance the monster may not buy, or -1 (the first found)"
)
BUY_CHOICES: Hook[str, Callable[[KingOfTokyoState, int, list[Action]], None]] = HOOKS.hook(
    "buy_choices", "H: more actions of the Buy phase"
)
RESUME_BUY: Hook[str, StateTest] = HOOKS.hook(
    "resume_buy", "H, as the Buy phase opens again: True when a purchase on hold went through"
)
BUYING: Hook[str, Callable[[KingOfTokyoState, int, int], bool]] = HOOKS.hook(
    "buying", "H, a purchase from a row slot: True when the card steps in (the purchase waits)"
)
BOUGHT: Hook[str, SeatEffect] = HOOKS.hook("bought", "H: a monster bought a Power card")
DISCARD_CARD_BOUGHT: Hook[int, SeatEffect] = HOOKS.hook(
    "discard_card_bought", "H: a Discard card resolves as it is taken", card_number
)

# -- J: the end of the turn -------------------------------------------------------------------

TURN_END: Hook[str, SeatEffect] = HOOKS.hook(
    "turn_end", "J, before the Power cards': Evolutions that last the turn end"
)
END_OF_TURN: Hook[int, CardEffect] = HOOKS.hook(
    "end_of_turn", "J, for the active monster's Power cards", card_number
)

# -- what a player sees -------------------------------------------------------------------------

KNOWN_TOP: Hook[str, SeatNumber] = HOOKS.hook(
    "known_top", "how many top cards of the Power deck a player is looking at (the most)"
)
VIEW: Hook[str, Callable[[KingOfTokyoState, int, dict[str, object]], None]] = HOOKS.hook(
    "view", "a monster's Evolutions in the view: the public tokens and marks"
)
POSITION_COUNTERS: Hook[str, SeatEffect] = HOOKS.hook(
    "position_counters", "a position sets up a monster: the counters its face-up Evolutions have"
)

START_OF_TURN_MASK = card_mask(START_OF_TURN)
ROLL_BONUS_MASK = card_mask(ROLL_BONUS)
END_OF_TURN_MASK = card_mask(END_OF_TURN)
