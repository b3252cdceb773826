"""The pending-decision kinds and the stages of a play, as module-level ints.

Module constants rather than enums or class attributes: they are compared on the
hot path, where a global lookup is cached and an attribute lookup is not; ``Final``,
so that the compiled build (mypyc) makes them constants instead of dictionary lookups.
"""

from __future__ import annotations

from typing import Final

# Kinds of pending decision (``Decision.kind``).
ASK_PLAY_DRAWN: Final = 0  # data: (drawn kind,)
ASK_TOWERS: Final = 1  # data: (how many towers to take,)
ASK_ICON_GRAB: Final = 2  # data: (tower,)
ASK_NAME_COLOUR: Final = 3
ASK_SWAP: Final = 4
ASK_BONUS: Final = 5  # data: (1 at the start of a turn, 0 right after a play,)
ASK_CATCH: Final = 6  # data: (player who missed the call, *seats still to ask)
ASK_CHALLENGE: Final = 7  # data: (cards to draw, last card 0/1, blocked 0/1)
ASK_STACK: Final = 8  # data: (cards to draw,)
ASK_PROTECT: Final = 9  # data: (symbol of the card,)
ASK_JUMP: Final = 10  # data: (*seats still to ask,)

# What remains to do after a card is played, in order.
STAGE_GRAB: Final = 0
STAGE_SWAP: Final = 1
STAGE_BONUS: Final = 2
STAGE_EFFECT: Final = 3
STAGE_CATCH: Final = 4
STAGE_JUMP: Final = 5
STAGE_NEXT: Final = 6
STAGE_DONE: Final = 7

ASK_NAMES: Final = {
    ASK_PLAY_DRAWN: "play_drawn",
    ASK_TOWERS: "towers",
    ASK_ICON_GRAB: "icon_grab",
    ASK_NAME_COLOUR: "name_colour",
    ASK_SWAP: "swap",
    ASK_BONUS: "bonus",
    ASK_CATCH: "catch",
    ASK_CHALLENGE: "challenge",
    ASK_STACK: "stack",
    ASK_PROTECT: "protect",
    ASK_JUMP: "jump",
}

ASK_TEXT: Final = {
    ASK_PLAY_DRAWN: "play the card you drew, or keep it",
    ASK_TOWERS: "choose which towers to take",
    ASK_ICON_GRAB: "take the tower of the icon, or not",
    ASK_NAME_COLOUR: "name the colour for the first card",
    ASK_SWAP: "choose whom to swap hands with",
    ASK_BONUS: "use the four-tower bonus, or keep your towers",
    ASK_CATCH: "catch a player who did not call UNO, or let it go",
    ASK_CHALLENGE: "challenge the Wild Draw Four, or accept it",
    ASK_STACK: "stack a draw card, or take the cards",
    ASK_PROTECT: "block the card with your tower, or take it",
    ASK_JUMP: "jump in with an identical card, or not",
}
