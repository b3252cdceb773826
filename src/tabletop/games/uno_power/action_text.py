"""UNO Power's action labels in each reader's language (:mod:`tabletop.i18n.logtext`).

Each action's data (``Game.action_data``, :meth:`.actions.ActionTable.data`) names its
move; the move's template here gives the action's English ``label`` again from that
data (:func:`tabletop.i18n.logtext.render_label`). The fields are put into words by the
log's formatters (:mod:`.log_text`): ``kind`` is a card kind of the game's deck ("red
7 (O)", "Wild Draw Four"), ``colour`` a colour, ``seat`` "player N", ``towers`` the
towers' letters ("U and N"); ``count``, the number of towers taken, is derived from
``towers`` to choose the plural (:func:`derive`). A play that names a colour or calls
UNO, and a bonus that calls UNO, are worded in whole sentences of their own (the
template's ``cases``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.uno_power.log_text import GAME, card_words, colour, seat
from tabletop.i18n import LogMessages, LogTemplate, LogTextError, Reader
from tabletop.i18n.logtext import Condition, Field

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.uno_power.game import UnoPowerGame

T = LogTemplate


def _names(data: Mapping[str, Any]) -> bool:
    """A play that names a colour."""
    return data.get("colour") is not None


def _calls(data: Mapping[str, Any]) -> bool:
    """A play or bonus that calls UNO."""
    return bool(data.get("uno"))


def _names_and_calls(data: Mapping[str, Any]) -> bool:
    return _names(data) and _calls(data)


PLAY_CASES: tuple[tuple[Condition, LogTemplate], ...] = (
    (_names_and_calls, T("play {kind}, name {colour} and call UNO")),
    (_names, T("play {kind}, name {colour}")),
    (_calls, T("play {kind} and call UNO")),
)
"""A play's other sentences, the first whose condition holds."""

TEMPLATES: Mapping[str, LogTemplate] = {
    "play": T("play {kind}", cases=PLAY_CASES),
    "draw": T("draw a card"),
    "keep": T("keep the drawn card"),
    "take": T("take tower {towers}", plural="take towers {towers}", count="count"),
    "no_tower": T("take no tower"),
    "name_colour": T("name {colour}"),
    "challenge": T("challenge the Wild Draw Four"),
    "no_challenge": T("accept the Wild Draw Four"),
    "penalty": T("take the cards"),
    "block": T("block it with your tower"),
    "bonus": T(
        "use the four-tower bonus, keeping {kind}",
        cases=((_calls, T("use the four-tower bonus, keeping {kind}, and call UNO")),),
    ),
    "no_bonus": T("keep your cards and towers"),
    "catch": T("catch the missed UNO call"),
    "no_catch": T("let it go"),
    "no_jump": T("do not jump in"),
    "swap": T("swap hands with {seat}"),
}
"""Each move's English label; the field names are the action data's keys (and
``count``)."""


# -- the words of the data ----------------------------------------------------------


def kind_word(value: Any, reader: Reader, state: State) -> str:
    """A card kind of the game's deck, as the labels name it: "red 7 (O)"."""
    describe = cast("UnoPowerGame", state.game).cards.describe
    return card_words(describe(int(value)), reader)


def towers_word(value: Any, reader: Reader, state: State) -> str:
    """Towers by their letters (the same in every language): "U and N and O"."""
    letters = [str(t) for t in value]
    if not letters:
        raise LogTextError(f"{GAME}: no towers to name")
    text = letters[0]
    for letter in letters[1:]:
        text = reader.pgettext(
            "uno-power:towers", "{first} and {second}", first=text, second=letter
        )
    return text


FIELDS: Mapping[str, Field] = {
    "kind": kind_word,
    "colour": colour,
    "seat": seat,
    "towers": towers_word,
}
"""The formatter of each data field that is not a plain number."""


def derive(kind: str, data: Mapping[str, Any], state: State) -> Mapping[str, Any]:
    """The number of towers an action takes (``count``, which chooses the plural)."""
    if "towers" in data:
        return {"count": len(data["towers"])}
    return {}


@cache
def action_messages() -> LogMessages:
    """UNO Power's action templates (one for every option set: the formatters read the
    cards from the state's game)."""
    return LogMessages(GAME, TEMPLATES, FIELDS, section="action", derive=derive)


__all__ = ["FIELDS", "TEMPLATES", "action_messages", "derive"]
