"""The pending-decision kinds and the stages of a play, as module-level ints.

Module constants rather than enums or class attributes: they are compared on the
hot path, where a global lookup is cached and an attribute lookup is not.
"""

from __future__ import annotations

# Kinds of pending decision (``Decision.kind``).
ASK_PLAY_DRAWN = 0  # data: (drawn kind,)
ASK_TOWERS = 1  # data: (how many towers to take,)
ASK_ICON_GRAB = 2  # data: (tower,)
ASK_NAME_COLOUR = 3
ASK_SWAP = 4
ASK_BONUS = 5  # data: (1 at the start of a turn, 0 right after a play,)
ASK_CATCH = 6  # data: (player who missed the call, *seats still to ask)
ASK_CHALLENGE = 7  # data: (cards to draw, last card 0/1, blocked 0/1)
ASK_STACK = 8  # data: (cards to draw,)
ASK_PROTECT = 9  # data: (symbol of the card,)
ASK_JUMP = 10  # data: (*seats still to ask,)

# What remains to do after a card is played, in order.
STAGE_GRAB = 0
STAGE_SWAP = 1
STAGE_BONUS = 2
STAGE_EFFECT = 3
STAGE_CATCH = 4
STAGE_JUMP = 5
STAGE_NEXT = 6
STAGE_DONE = 7

ASK_NAMES = {
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

ASK_TEXT = {
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
