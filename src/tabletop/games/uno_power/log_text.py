"""UNO Power's log in each reader's language (:mod:`tabletop.i18n.logtext`).

Each event kind has an English template that reproduces the event's ``text`` from its
``data``; the formatters put each data value into the reader's words: a seat is
"player N", a card its colour and symbol (names from ``data/i18n/<lang>.json``), a
colour its name. Where the sentence of one kind depends on its data (a play that names
a colour or calls UNO, a challenge's verdict), the kind keeps one name, for the
clients and statistics that count it, and each sentence is a whole message of its own
(the template's ``cases``): translators never get fragments glued together.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.uno_power.cards import ACTION_LABELS, SYMBOL_BY_NAME
from tabletop.i18n import LogMessages, LogTemplate, LogTextError, Reader, text_of
from tabletop.i18n.logtext import Field, empty, equals, flag, present

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.uno_power.game import UnoPowerGame

GAME = "uno-power"
PACKAGE = "uno_power"

T = LogTemplate


def _from_pool(data: Mapping[str, Any]) -> bool:
    return int(data.get("source", -1)) < 0


def _names(data: Mapping[str, Any]) -> bool:
    return data.get("named") is not None


def _names_and_calls(data: Mapping[str, Any]) -> bool:
    return _names(data) and bool(data.get("calls"))


TEMPLATES: Mapping[str, LogTemplate] = {
    # the deal
    "dealer": T("{dealer} deals", cases=((flag("random"), T("{dealer} deals (drawn at random)")),)),
    "dealer_draw": T("{player} draws {card} for the deal"),
    "dealer_tie": T("tie for the highest card: the tied players draw again"),
    "round": T("round {round}: {dealer} deals"),
    "hand": T("your hand: {cards}", cases=((flag("swap"), T("your hand is now: {cards}")),)),
    "flip_back": T("{card} is turned up and goes back"),
    "flip": T("the first card is {card}"),
    "colour": T("{player} names {colour}"),
    # plays and draws
    "play": T(
        "{player} plays {card}",
        cases=(
            (_names_and_calls, T("{player} plays {card}, naming {named} and calls UNO")),
            (_names, T("{player} plays {card}, naming {named}")),
            (flag("calls"), T("{player} plays {card} and calls UNO")),
        ),
    ),
    "out": T("{player} has played their last card"),
    "draw": T(
        "{player} draws a card",
        cases=(
            (
                present("reason"),
                T(
                    "{player} draws {count} ({reason})",
                    plural="{player} draws {count} ({reason})",
                    count="count",
                ),
            ),
        ),
    ),
    "drew": T("you drew {cards}"),
    "keep": T("{player} keeps the drawn card"),
    "pass": T("{player} cannot draw and passes"),
    "reshuffle": T("the discard pile is shuffled into a new draw pile"),
    # card effects and towers
    "skip": T("{player} is skipped", cases=((flag("penalty"), T("{player} loses the turn")),)),
    "reverse": T(
        "play changes direction",
        cases=(
            (flag("skipped"), T("Reverse: {player} is skipped")),
            (flag("first"), T("play runs to the right; {player} starts")),
        ),
    ),
    "blocked": T(
        "{player} blocks the card with tower {tower}",
        cases=(
            (equals("what", "first_card"), T("{player} blocks the first card with tower {tower}")),
            (equals("what", "reverse"), T("{player} blocks the Reverse with tower {tower}")),
            (equals("what", "last_card"), T("{player} blocks the last card with a tower")),
        ),
    ),
    "tower": T(
        "{player} takes tower {tower} from {source}",
        cases=((_from_pool, T("{player} takes tower {tower} from the pool")),),
    ),
    "no_tower": T("{player} takes no tower"),
    "bonus": T(
        "{player} uses the four-tower bonus, discards {discarded}; the towers return",
        cases=(
            (
                flag("calls"),
                T(
                    "{player} uses the four-tower bonus, discards {discarded} and calls UNO; "
                    "the towers return"
                ),
            ),
        ),
    ),
    "no_bonus": T("{player} keeps the four towers"),
    "accept": T("{player} accepts the Wild Draw Four"),
    "challenge": T(
        "{player} challenges: {accused} is not guilty",
        cases=((flag("guilty"), T("{player} challenges: {accused} is guilty")),),
    ),
    "reveal": T(
        "{accused} shows you their hand: {cards}",
        cases=((empty("cards"), T("{accused} shows you their hand: no cards")),),
    ),
    "catch": T("{player} catches {target} without UNO"),
    # house rules
    "swap": T("{player} swaps hands with {other}"),
    "jump": T("{player} jumps in"),
    # the end of a round and of the match
    "limit": T("the round reached its turn limit"),
    "empty": T("the draw pile is empty: the round ends"),
    "stalemate": T("nobody can play or draw"),
    "round_end": T(
        "round {round} goes to {winner} (out); scores: {scores}",
        cases=(
            (
                equals("how", "fewest points"),
                T("round {round} goes to {winner} (fewest points); scores: {scores}"),
            ),
        ),
    ),
    "game_end": T("the match is over: {winners} won"),
}
"""Each kind's English sentence, and the other sentences of a kind with the condition
on the data that calls for each (``cases``); the field names are the data's keys."""

# -- the words of the data ----------------------------------------------------------


def seat(value: Any, reader: Reader, state: State) -> str:
    """A seat (0 is the first) as the log names it: "player 1"."""
    return reader.pgettext("uno-power:seat", "player {number}", number=int(value) + 1)


def seats(value: Any, reader: Reader, state: State) -> str:
    """Several seats, as the log lists them: "player 1, player 3"."""
    return ", ".join(seat(p, reader, state) for p in value)


def colour_name(colour: str, reader: Reader) -> str:
    """A colour (``"red"``) in the reader's words."""
    return text_of(PACKAGE, reader.lang, "colours", colour, "name", colour)


def card_words(card: Mapping[str, Any], reader: Reader) -> str:
    """A card, from its description (``CardTable.describe``): "red 7 (O)", "Wild Draw
    Four"."""
    symbol = str(card["symbol"])
    if symbol.isdigit():
        face = reader.number(int(symbol))
    else:
        english = ACTION_LABELS[SYMBOL_BY_NAME[symbol]]
        face = text_of(PACKAGE, reader.lang, "symbols", symbol, "name", english)
    colour = card.get("colour")
    if colour is None:
        return face
    name = colour_name(str(colour), reader)
    icon = card.get("icon")
    if icon is None:
        return reader.pgettext("uno-power:card", "{colour} {symbol}", colour=name, symbol=face)
    return reader.pgettext(
        "uno-power:card", "{colour} {symbol} ({icon})", colour=name, symbol=face, icon=str(icon)
    )


def card(value: Any, reader: Reader, state: State) -> str:
    """A card described in the data (a ``describe`` dict)."""
    return card_words(value, reader)


def described_cards(value: Any, reader: Reader, state: State) -> str:
    """Cards described in the data, as the log lists them."""
    return ", ".join(card_words(c, reader) for c in value)


def kinds(value: Any, reader: Reader, state: State) -> str:
    """Cards given by kind (the game's card numbers), as the log lists them."""
    describe = cast("UnoPowerGame", state.game).cards.describe
    return ", ".join(card_words(describe(int(k)), reader) for k in value)


def colour(value: Any, reader: Reader, state: State) -> str:
    return colour_name(str(value), reader)


def tower(value: Any, reader: Reader, state: State) -> str:
    """A tower's letter (U, N, O, !): the same in every language."""
    return str(value)


def reason(value: Any, reader: Reader, state: State) -> str:
    """Why cards are drawn (``drawing.REASONS``)."""
    if value == "last_card":
        return reader.pgettext("uno-power:log:draw", "the last card")
    if value == "draw_card":
        return reader.pgettext("uno-power:log:draw", "the draw card")
    if value == "first_card":
        return reader.pgettext("uno-power:log:draw", "the first card")
    if value == "guilty":
        return reader.pgettext("uno-power:log:draw", "a guilty Wild Draw Four")
    if value == "failed_challenge":
        return reader.pgettext("uno-power:log:draw", "a failed challenge")
    if value == "no_uno":
        return reader.pgettext("uno-power:log:draw", "no UNO call")
    raise LogTextError(f"{GAME}: no words for the draw reason {value!r}")


def scores(value: Any, reader: Reader, state: State) -> str:
    """The match scores as the log lists them: "12, 0, 1395" (digits without grouping
    in every language, as the English text writes them: a match may pass 1000)."""
    return ", ".join(str(int(n)) for n in value)


FIELDS: Mapping[str, Field] = {
    "player": seat,
    "dealer": seat,
    "winner": seat,
    "accused": seat,
    "target": seat,
    "other": seat,
    "source": seat,
    "winners": seats,
    "card": card,
    "discarded": described_cards,
    "cards": kinds,
    "named": colour,
    "colour": colour,
    "tower": tower,
    "reason": reason,
    "scores": scores,
}
"""The formatter of each data field that is not a plain number."""


@cache
def messages() -> LogMessages:
    """UNO Power's log templates (one for every option set: the formatters read the
    cards from the state's game)."""
    return LogMessages(GAME, TEMPLATES, FIELDS)


__all__ = ["FIELDS", "TEMPLATES", "messages"]
