"""Kung Fu's log in each reader's language (:mod:`tabletop.i18n.logtext`).

Each event kind has an English template that reproduces the event's ``text`` from its
``data``; the formatters put each data value into the reader's words: a seat is
"player N", a card its name (from ``data/i18n/<lang>.json``) or its label, rebuilt
from the card's figures and effects as this game's options play them. Where the
sentence of one kind depends on its data (how the game ended, why a fighter does not
parry), the kind keeps one name, for the clients and tests that count it, and each
sentence is a whole message of its own (the template's ``cases``): translators never
get fragments glued together.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.kung_fu.cards import DECK_NAMES, Effect, EffectSpec
from tabletop.games.kung_fu.deck_file import PACKAGED_DECKS
from tabletop.i18n import LogMessages, LogTemplate, Reader, text_of
from tabletop.i18n.logtext import Field, empty, equals, flag

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.kung_fu.game import KungFuGame

GAME = "kung-fu"
PACKAGE = "kung_fu"

T = LogTemplate


TEMPLATES: Mapping[str, LogTemplate] = {
    # the deal and the rounds
    "first_player": T(
        "{player} holds the initiative (drawn at random)",
        cases=((equals("how", "option"), T("{player} holds the initiative (by option)")),),
    ),
    "bonus": T(
        "{player} draws {count} extra blue card (R15)",
        plural="{player} draws {count} extra blue cards (R15)",
        count="count",
    ),
    "round": T(
        "round {round}: {attacker} holds the initiative",
        cases=(
            (
                flag("deciding"),
                T("round {round} (the deciding fight): {attacker} holds the initiative"),
            ),
        ),
    ),
    "round_limit": T("the round limit ({limit}) is reached"),
    # the initiative
    "handover": T("{player} holds no red card: the initiative passes"),
    "pass": T("{player} gives up the initiative"),
    "initiative": T("{player} takes the initiative; {other} draws {count}"),
    "take_initiative": T("{player} takes the initiative"),
    "draw_difference": T("{player} draws the difference ({amount})"),
    # the attack and the parry
    "attack_down": T("{player} attacks face down"),
    "attack_card": T("you attack with {card}"),
    "attack": T("{player} attacks with {card}"),
    "no_draw": T("{player} does not draw a card"),
    "no_parry": T(
        "{player} has no blue card to parry with",
        cases=((flag("marked"), T("{player} may not parry this round")),),
    ),
    "parry": T("{player} parries with {card}"),
    "reveal": T("the face-down attack is {card}"),
    # the comparison
    "damage": T(
        "attack {attack} beats parry {parry}: {player} loses {amount} life",
        plural="attack {attack} beats parry {parry}: {player} loses {amount} life",
        count="amount",
    ),
    "tie": T("attack {attack} equals parry {parry}: nothing happens"),
    "parried": T("parry {parry} beats attack {attack}"),
    # koku and effects
    "activate": T("{player} activates {type} (cost {cost})"),
    "decline": T("{player} does not activate the effect"),
    "pay": T("{player} pays with {type} ({worth} koku)"),
    "koku_row": T("{type} joins {player}'s koku row ({worth} koku)"),
    "negate": T("{player} negates the parry of {other}"),
    "boost": T(
        "{player} boosts the attack to {value}",
        cases=((equals("side", "parry"), T("{player} boosts the parry to {value}")),),
    ),
    "fizzle": T("{other} lost no life: {player}'s arrow effect fails"),
    "gain_koku": T("{player} keeps the card as koku"),
    "switch": T("the initiative switches after this round"),
    "effect_draw": T(
        "{player} draws {count} card", plural="{player} draws {count} cards", count="count"
    ),
    "mark": T("{player} may not parry next round"),
    "discard_random": T(
        "{player} discards {types} at random",
        cases=((empty("types"), T("{player} discards nothing at random")),),
    ),
    "discard_koku": T(
        "{other} discards {type} from {player}'s koku row",
        cases=((empty("type"), T("{player} has no koku to discard")),),
    ),
    "heal": T(
        "{player} regains {amount} life", plural="{player} regains {amount} life", count="amount"
    ),
    "lose": T(
        "{player} loses {amount} life", plural="{player} loses {amount} life", count="amount"
    ),
    # drawing
    "draw": T("{player} draws {red} red and {blue} blue"),
    "drew": T("you drew {types}"),
    "no_cards": T("no card is left for {player} to draw"),
    "reshuffle": T(
        "the red discards are reshuffled",
        cases=((equals("colour", "blue"), T("the blue discards are reshuffled")),),
    ),
    "other_colour": T(
        "the red cards are exhausted: {player} draws blue",
        cases=((equals("colour", "red"), T("the blue cards are exhausted: {player} draws red")),),
    ),
    # the end
    "double_knockout": T(
        "both players are knocked out: both return to 1 life and fight on",
        cases=((flag("deciding"), T("both players are knocked out: a deciding exchange follows")),),
    ),
    "deciding_tie": T("the deciding exchange is a tie ({value}): roles swap"),
    "stalemate": T("no red card is left in play: the game stops"),
    "game_end": T(
        "{loser} is knocked out: {winner} wins",
        cases=(
            (
                equals("ending", "deciding"),
                T("{winner} wins the deciding fight ({attack} against {parry})"),
            ),
            (
                equals("ending", "round_limit"),
                T("the round limit is reached: the game is a draw"),
            ),
            (equals("ending", "equal_life"), T("equal life: the game is a draw")),
            (equals("ending", "more_life"), T("{winner} has more life and wins")),
        ),
    ),
}
"""Each kind's English sentence, and the other sentences of a kind with the condition
on the data that calls for each (``cases``); the field names are the data's keys."""

# -- the words of the data ----------------------------------------------------------


def seat(value: Any, reader: Reader, state: State) -> str:
    """A seat (0 is the first) as the log names it: "player 1"."""
    return reader.pgettext("kung-fu:seat", "player {number}", number=int(value) + 1)


def _game(state: State) -> KungFuGame:
    return cast("KungFuGame", state.game)


def card_name(card_id: str, reader: Reader, state: State) -> str:
    """A card's name (its type id: ``"A07"``) in the reader's words: the packaged
    decks' names are translated; a deck file's own (``deck=PATH``) are its own."""
    game = _game(state)
    cards = game.cards
    english = cards.names[cards.type_of(card_id)]
    if game.options.deck not in PACKAGED_DECKS:
        return english
    return text_of(PACKAGE, reader.lang, "cards", card_id, "name", english)


def type_name(value: Any, reader: Reader, state: State) -> str:
    """A card by type id."""
    return card_name(str(value), reader, state)


def type_names(value: Any, reader: Reader, state: State) -> str:
    """Cards by type id, as the log lists them."""
    return ", ".join(card_name(str(k), reader, state) for k in value)


def effect_words(e: EffectSpec, boosted: int, lose_to_self: bool | None, reader: Reader) -> str:
    """An effect in a few words, for a card's label (``cards._words``)."""
    n = e.amount
    kind = e.kind
    if kind == Effect.BOOST:
        text = reader.pgettext("kung-fu:effect", "boost to {value}", value=boosted)
    elif kind == Effect.GAIN_KOKU:
        text = reader.pgettext("kung-fu:effect", "keep as koku")
    elif kind == Effect.NEGATE_PARRY:
        text = reader.pgettext("kung-fu:effect", "negate the parry")
    elif kind == Effect.SWITCH_INITIATIVE:
        text = reader.pgettext("kung-fu:effect", "switch the initiative")
    elif kind == Effect.DRAW:
        text = reader.npgettext("kung-fu:effect", "draw {n}", "draw {n}", n)
    elif kind == Effect.NO_PARRY:
        text = reader.pgettext("kung-fu:effect", "no parry next round")
    elif kind == Effect.DISCARD_RANDOM:
        text = reader.npgettext(
            "kung-fu:effect",
            "opponent discards {n} at random",
            "opponent discards {n} at random",
            n,
        )
    elif kind == Effect.DISCARD_KOKU:
        text = reader.pgettext("kung-fu:effect", "discard an opponent's koku")
    elif kind == Effect.HEAL:
        text = reader.npgettext("kung-fu:effect", "heal {n}", "heal {n}", n)
    elif e.to_self if lose_to_self is None else lose_to_self:
        text = reader.npgettext("kung-fu:effect", "lose {n}", "lose {n}", n)
    else:
        text = reader.npgettext("kung-fu:effect", "opponent loses {n}", "opponent loses {n}", n)
    if e.arrow:
        return reader.pgettext("kung-fu:effect", "after a hit, {effect}", effect=text)
    return text


def label(card_id: str, reader: Reader, state: State) -> str:
    """A card's label as this game plays it (``CardTable.label``): "Tiger Claw (attack
    3/5; cost 2: boost to 5)"."""
    game = _game(state)
    cards = game.cards
    k = cards.type_of(card_id)
    target = game.options.lose2_target
    lose_to_self = None if target == "card" else target == "self"
    deck = DECK_NAMES[cards.colour[k]]
    if deck == "attack":
        deck_word = reader.pgettext("kung-fu:card", "attack")
    else:
        deck_word = reader.pgettext("kung-fu:card", "parry")
    value = reader.number(cards.value[k])
    if cards.has_boost[k]:
        value = f"{value}/{reader.number(cards.boosted[k])}"
    fields: dict[str, Any] = {
        "name": card_name(card_id, reader, state),
        "deck": deck_word,
        "value": value,
        "koku": cards.koku[k],
        "cost": cards.cost[k],
        "effects": ", ".join(
            effect_words(e, cards.boosted[k], lose_to_self, reader) for e in cards.effects[k]
        ),
    }
    if cards.effects[k]:
        if cards.koku[k]:
            return reader.pgettext(
                "kung-fu:card",
                "{name} ({deck} {value}, {koku} koku; cost {cost}: {effects})",
                **fields,
            )
        return reader.pgettext(
            "kung-fu:card", "{name} ({deck} {value}; cost {cost}: {effects})", **fields
        )
    if cards.koku[k]:
        return reader.pgettext("kung-fu:card", "{name} ({deck} {value}, {koku} koku)", **fields)
    return reader.pgettext("kung-fu:card", "{name} ({deck} {value})", **fields)


def card(value: Any, reader: Reader, state: State) -> str:
    """A card described in the data (a ``describe`` dict), by its label."""
    return label(str(value["type"]), reader, state)


FIELDS: Mapping[str, Field] = {
    "player": seat,
    "other": seat,
    "attacker": seat,
    "winner": seat,
    "loser": seat,
    "card": card,
    "type": type_name,
    "types": type_names,
}
"""The formatter of each data field that is not a plain number."""


@cache
def messages() -> LogMessages:
    """Kung Fu's log templates (one for every option set: the formatters read the cards
    and the options from the state's game)."""
    return LogMessages(GAME, TEMPLATES, FIELDS)


__all__ = ["FIELDS", "TEMPLATES", "messages"]
