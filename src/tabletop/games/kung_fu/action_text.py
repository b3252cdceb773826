"""Kung Fu's action labels in each reader's language (:mod:`tabletop.i18n.logtext`).

Each action's data (``Game.action_data``, :meth:`.actions.ActionTable.data`) names its
move; the move's template here gives the action's English ``label`` again from that
data (:func:`tabletop.i18n.logtext.render_label`). The fields are put into words by the
log's formatters (:mod:`.log_text`): ``card`` is a card type id, by its name in the
reader's words; ``red`` the number of red cards to draw (it chooses the plural);
``worth``, the coins a card pays with in a Koku row, is derived from ``card`` with the
game's deck (the action data does not hold it: :func:`derive`), and so are a pending
draw's ``cards`` and ``blue``, so that a label read at a draw says it in full.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.kung_fu.log_text import GAME, type_name
from tabletop.games.kung_fu.phases import Ask
from tabletop.i18n import LogMessages, LogTemplate
from tabletop.i18n.logtext import Field, present

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.kung_fu.game import KungFuGame

T = LogTemplate

TEMPLATES: Mapping[str, LogTemplate] = {
    "attack": T("attack with {card} face up"),
    "attack_down": T("attack with {card} face down"),
    "pass": T("give up the initiative"),
    "parry": T("parry with {card}"),
    "activate": T("activate your card's effect"),
    "decline": T("do not activate"),
    "pay": T("pay with {card} ({worth} koku)"),
    # The label names no number of cards (one action per red count); read where a draw
    # is pending, it says the draw in full: "draw a blue card", "draw 2 red and 1 blue".
    "draw_red": T(
        "draw {red} red, the rest blue",
        plural="draw {red} red, the rest blue",
        count="red",
        cases=(
            (lambda d: d.get("cards") == 1 and d.get("red") == 0, T("draw a blue card")),
            (lambda d: d.get("cards") == 1 and d.get("red") == 1, T("draw a red card")),
            (lambda d: "cards" in d and d.get("blue") == 0, T("draw {red} red")),
            (lambda d: "cards" in d and d.get("red") == 0, T("draw {blue} blue")),
            (present("cards"), T("draw {red} red and {blue} blue")),
        ),
    ),
    "take_initiative": T("take the initiative"),
    "draw_difference": T("draw the difference"),
    "discard_koku": T("discard {card} from your opponent's koku"),
    "no_draw": T("do not draw a card"),
}
"""Each move's English label; the field names are the action data's keys (and
``worth``)."""

FIELDS: Mapping[str, Field] = {"card": type_name}
"""The formatter of each data field that is not a plain number."""


def derive(kind: str, data: Mapping[str, Any], state: State) -> Mapping[str, Any]:
    """The ``worth`` of a card paid with, from the game's deck; for a draw, where one
    is pending, the ``cards`` it draws and how many of them are ``blue``."""
    if kind == "pay" and "card" in data:
        cards = cast("KungFuGame", state.game).cards
        return {"worth": cards.worth[cards.type_of(str(data["card"]))]}
    if kind == "draw_red":
        asked = getattr(state, "ask", None)
        if asked:
            top = asked[-1]
            if top.kind in (Ask.DRAW, Ask.FACEDOWN_DRAW):
                count = int(top.data[0])
                return {"cards": count, "blue": count - int(data["red"])}
    return {}


@cache
def action_messages() -> LogMessages:
    """Kung Fu's action templates (one for every option set: the formatters read the
    cards from the state's game)."""
    return LogMessages(GAME, TEMPLATES, FIELDS, section="action", derive=derive)


__all__ = ["FIELDS", "TEMPLATES", "action_messages", "derive"]
