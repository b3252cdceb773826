"""The action encoding of Kung Fu.

Ids are laid out in blocks; ``T`` is the number of card types of the loaded deck, in
file order (``T = 32`` with the default deck, giving 179 ids):

===================  ==========  ==========  ============================================
block                first id    size        meaning
===================  ==========  ==========  ============================================
``ATTACK``           0           T           attack with card type k face up
``ATTACK_DOWN``      T           T           attack with card type k face down
``PASS``             2T          1           give up the initiative (phase A)
``PARRY``            2T+1        T           parry with card type k
``ACTIVATE``         3T+1        1           activate your card's effect (and pay)
``DECLINE``          3T+2        1           do not activate
``PAY``              3T+3        T           pay with a Koku card of type k
``DRAW_RED``         4T+3        13          draw r red cards (r = 0..12), the rest blue
``TAKE_INITIATIVE``  4T+16       1           the winning defender takes the initiative
``DRAW_DIFFERENCE``  4T+17       1           the winning defender draws the difference
``DISCARD_KOKU``     4T+18       T           discard a type-k card from the opponent's row
``NO_DRAW``          5T+18       1           do not draw after a face-down attack
===================  ==========  ==========  ============================================

``DRAW_RED`` serves every draw with a choice of decks: the 3 cards on a change of
initiative, the extra card for a face-down attack (r is 0 or 1), ``draw3`` and the
difference. With ``draw_split="sequential"`` each card is asked alone (r is 0 or 1).
With ``facedown_draw="may"`` the defender of a face-down attack answers with
``DRAW_RED`` (r = 1: a red card, 0: a blue one) or ``NO_DRAW``.

:meth:`ActionTable.data` gives each action as data (``Game.action_data``): the move's
name (the block's, lower case: ``attack``, ``attack_down``, ``parry``, ``pay``,
``draw_red``, ...) and its argument: ``card`` (a card ``type`` id of the view, such
as ``"A07"``) or ``red`` (the number of red cards drawn).
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.core.action import Action, ActionTableBuilder
from tabletop.games.kung_fu.cards import CardTable

DRAW_CHOICES: Final = 13  # r = 0..12 red cards


class Move:
    """The type of an action id (see the module docstring); plain ints for speed."""

    ATTACK: Final = 0
    ATTACK_DOWN: Final = 1
    PASS: Final = 2
    PARRY: Final = 3
    ACTIVATE: Final = 4
    DECLINE: Final = 5
    PAY: Final = 6
    DRAW_RED: Final = 7
    TAKE_INITIATIVE: Final = 8
    DRAW_DIFFERENCE: Final = 9
    DISCARD_KOKU: Final = 10
    NO_DRAW: Final = 11


MOVE_NAMES: Final = (
    "attack",
    "attack_down",
    "pass",
    "parry",
    "activate",
    "decline",
    "pay",
    "draw_red",
    "take_initiative",
    "draw_difference",
    "discard_koku",
    "no_draw",
)
_CARD_MOVES: Final = frozenset(
    (Move.ATTACK, Move.ATTACK_DOWN, Move.PARRY, Move.PAY, Move.DISCARD_KOKU)
)


def layout(num_types: int) -> dict[str, int]:
    """The first id of each block for a deck of ``num_types`` card types.

    >>> layout(32)["DRAW_RED"], layout(32)["total"]
    (131, 179)
    """
    t = num_types
    return {
        "ATTACK": 0,
        "ATTACK_DOWN": t,
        "PASS": 2 * t,
        "PARRY": 2 * t + 1,
        "ACTIVATE": 3 * t + 1,
        "DECLINE": 3 * t + 2,
        "PAY": 3 * t + 3,
        "DRAW_RED": 4 * t + 3,
        "TAKE_INITIATIVE": 4 * t + 3 + DRAW_CHOICES,
        "DRAW_DIFFERENCE": 4 * t + 4 + DRAW_CHOICES,
        "DISCARD_KOKU": 4 * t + 5 + DRAW_CHOICES,
        "NO_DRAW": 5 * t + 5 + DRAW_CHOICES,
        "total": 5 * t + 6 + DRAW_CHOICES,
    }


class ActionTable:
    """All actions of one deck, with decode tables indexed by id.

    ``move[i]`` is the :class:`Move`, ``arg[i]`` the card type or the number of red
    cards (-1 when none). The named attributes hold the actions of each block.
    """

    def __init__(self, cards: CardTable) -> None:
        builder = ActionTableBuilder()
        add = builder.add
        names = cards.names
        types = range(cards.num_types)
        self.attack = tuple(add(f"attack with {names[k]} face up", Move.ATTACK, k) for k in types)
        self.attack_down = tuple(
            add(f"attack with {names[k]} face down", Move.ATTACK_DOWN, k) for k in types
        )
        self.pass_ = add("give up the initiative", Move.PASS)
        self.parry = tuple(add(f"parry with {names[k]}", Move.PARRY, k) for k in types)
        self.activate = add("activate your card's effect", Move.ACTIVATE)
        self.decline = add("do not activate", Move.DECLINE)
        self.pay = tuple(
            add(f"pay with {names[k]} ({cards.worth[k]} koku)", Move.PAY, k) for k in types
        )
        self.draw_red = tuple(
            add(f"draw {r} red, the rest blue", Move.DRAW_RED, r) for r in range(DRAW_CHOICES)
        )
        self.take_initiative = add("take the initiative", Move.TAKE_INITIATIVE)
        self.draw_difference = add("draw the difference", Move.DRAW_DIFFERENCE)
        self.discard_koku = tuple(
            add(f"discard {names[k]} from your opponent's koku", Move.DISCARD_KOKU, k)
            for k in types
        )
        self.no_draw = add("do not draw a card", Move.NO_DRAW)
        self.actions: tuple[Action, ...] = tuple(builder.actions)
        self.move: tuple[int, ...] = tuple(builder.move)
        self.arg: tuple[int, ...] = tuple(builder.arg)
        self.card_ids: tuple[str, ...] = tuple(cards.ids)
        assert len(self.actions) == layout(cards.num_types)["total"]

    def data(self, action_id: int) -> dict[str, Any]:
        """Action ``action_id`` as data (see the module docstring)."""
        move = self.move[action_id]
        out: dict[str, Any] = {"move": MOVE_NAMES[move]}
        if move in _CARD_MOVES:
            out["card"] = self.card_ids[self.arg[action_id]]
        elif move == Move.DRAW_RED:
            out["red"] = self.arg[action_id]
        return out
