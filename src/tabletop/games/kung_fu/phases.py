"""The pending-decision kinds and the stages of a round, as plain ints.

Plain class attributes rather than enums: they are compared on the hot path.
"""

from __future__ import annotations

from typing import Final


class Ask:
    """Kinds of pending decision (``Decision.kind``); plain ints for speed."""

    ATTACK: Final = 0  # phases A+B: attack face up/down with a red card, or pass
    DRAW: Final = 1  # data: (cards to draw,): how many come from the red deck
    PARRY: Final = 2  # which blue card to parry with
    ACTIVATE: Final = 3  # data: (side,) 0 attacker, 1 defender: activate the card or not
    PAY: Final = 4  # data: (side, koku still due, worth of the last card paid)
    CHOICE: Final = 5  # the winning defender: take the initiative or draw the difference
    DISCARD_KOKU: Final = 6  # which of the opponent's Koku cards to discard
    FACEDOWN_DRAW: Final = 7  # data: (1,): the defender of a face-down attack draws a card or not


ASK_NAMES: Final = {
    Ask.ATTACK: "attack",
    Ask.DRAW: "draw",
    Ask.PARRY: "parry",
    Ask.ACTIVATE: "activate",
    Ask.PAY: "pay",
    Ask.CHOICE: "defender_choice",
    Ask.DISCARD_KOKU: "discard_koku",
    Ask.FACEDOWN_DRAW: "facedown_draw",
}


class Stage:
    """What the round does next when no decision is pending (R6 order)."""

    INITIATIVE: Final = 0  # phases A and B: forced handovers, then the attack decision
    PARRY: Final = 1  # phase C
    ACT_ATT: Final = 2  # the attacker's activation window
    ACT_DEF: Final = 3  # the defender's activation window
    RESOLVE: Final = 4  # negate, boosts, compare, combat damage
    EFFECTS: Final = 5  # the other activated effects: attacker's, then defender's
    KNOCKOUT: Final = 6  # R9
    CHOICE: Final = 7  # the winning defender's choice
    SWITCH: Final = 8  # switch the initiative (R8), with a single 3-card draw
    CLEANUP: Final = 9  # Koku rows, discard piles, no-parry marks; then the next round
    OVER: Final = 10


PHASE_NAMES: Final = (
    "initiative",
    "parry",
    "activation",
    "activation",
    "effects",
    "effects",
    "effects",
    "result",
    "result",
    "result",
    "over",
)
