"""King of Tokyo's log in every language: a message template for each kind of event.

Each event the rules log (``state.event(kind, text, **data)``) has a template here,
keyed by its kind, that gives its English ``text`` again from its ``data``
(:mod:`tabletop.i18n.logtext`); the Evolution effects' templates are in
:mod:`.log_text_evolutions` and merged in. The data fields name things by their ids,
put into words per reader by :data:`FIELDS`:

- ``seat``, ``target`` (a seat number), ``targets``, ``winners`` (lists of them): the
  monsters' names;
- ``card``, ``power`` (a Power card's id; ``power`` where a sentence names a second
  card), ``card_list``, ``row``: the cards' names, as printed in the game's edition;
  ``evolution``: an Evolution's name; ``monsters``: the set-up's roster (monster ids by
  seat). A card's or an Evolution's name is never written into a template (Energy
  Drink's excepted, which the log calls so in both editions), so that every language
  reads the name its card texts give it;
- ``dice``, ``kept`` (a roll; kept dice as counts per face), ``face``, ``to``, ``new``
  (one face: "heart"), ``a_face``, ``a_to`` (one die: "a heart");
- ``why``: what a gain or loss comes from, a Power card's id, an Evolution's id or one
  of :data:`WHY_PHRASES` ("the dice");
- ``where``: ``"city"`` or ``"bay"``; ``turn``: a turn number;
- anything else is a number.

A few kinds other code counts by their kind (``turn``, ``yield``, ``buy``,
``game_over``) read differently by one data field: their other sentences are the
template's ``cases``, each a whole sentence to translate.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.king_of_tokyo.cards import Card, card_table
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.i18n.logtext import Condition, Field, LogMessages, LogTemplate, LogTextError, equals
from tabletop.i18n.reader import Reader
from tabletop.i18n.texts import text_of

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

GAME_ID = "king-of-tokyo"
PACKAGE = "king_of_tokyo"


def _plural(text: str, plural: str, count: str) -> LogTemplate:
    return LogTemplate(text, plural=plural, count=count)


def _cases(field: str, sentences: Mapping[str, str]) -> tuple[tuple[Condition, LogTemplate], ...]:
    """One case per value of the data field ``field``, each with its own sentence."""
    return tuple((equals(field, value), LogTemplate(text)) for value, text in sentences.items())


_PUT_INTO_PLAY = "{seat} puts into play ({evolution}) {card} for {cost} energy."


TEMPLATES: dict[str, LogTemplate] = {
    # -- set-up ------------------------------------------------------------------------
    "setup": LogTemplate("Monsters: {monsters}."),
    "row": LogTemplate("The row shows {row}."),
    "first_player": LogTemplate("{seat} rolls the most claws and starts."),
    "position": LogTemplate("The game starts from a position."),
    "draft_over": LogTemplate("The Mutant Evolution draft is over."),
    # -- the turn ----------------------------------------------------------------------
    "turn": LogTemplate(
        "Turn {turn}: {seat}.",
        cases=(
            (
                lambda data: bool(data.get("extra", False)),
                LogTemplate("Turn {turn}: {seat} (extra turn)."),
            ),
        ),
    ),
    "frenzy": LogTemplate("{seat} will take another turn ({card})."),
    "freeze_time_offer": LogTemplate("{seat} may take another turn with one die fewer ({card})."),
    "freeze_time_turn": LogTemplate("{seat} will take another turn with one die fewer ({card})."),
    "freeze_time_taken": LogTemplate("{seat} takes another turn ({card})."),
    "freeze_time_declined": LogTemplate("{seat} does not take another turn ({card})."),
    "poison_damage": _plural(
        "{seat} suffers from {tokens} Poison token.",
        "{seat} suffers from {tokens} Poison tokens.",
        "tokens",
    ),
    "game_over": LogTemplate(
        "{winners} reaches 20 stars and wins!",
        cases=_cases(
            "how",
            {
                "last_standing": "{winners} is the last monster standing and wins!",
                "turn_limit": "The turn limit is reached: nobody wins.",
                "nobody": "Every monster is out: nobody wins.",
            },
        ),
    ),
    # -- the dice ----------------------------------------------------------------------
    "roll": LogTemplate("{seat} rolls {dice}."),
    "reroll": _plural(
        "{seat} keeps {kept} and rerolls {rerolled} die: {dice}.",
        "{seat} keeps {kept} and rerolls {rerolled} dice: {dice}.",
        "rerolled",
    ),
    "reroll_all": _plural(
        "{seat} rerolls all {rerolled} die: {dice}.",
        "{seat} rerolls all {rerolled} dice: {dice}.",
        "rerolled",
    ),
    "energy_drink": LogTemplate("{seat} pays 1 energy for an extra roll (Energy Drink)."),
    "smoke_cloud": LogTemplate("{seat} spends a Smoke counter for an extra roll ({left} left)."),
    "reroll_die": LogTemplate("{why}: {a_face} is rerolled and shows {new}."),
    "reroll_die_owned": LogTemplate("{seat}'s {why}: {a_face} is rerolled and shows {new}."),
    "change_die": LogTemplate("{why}: {a_face} becomes {a_to}."),
    "resolve": LogTemplate("{seat} resolves {dice}."),
    # -- stars, energy, hearts ---------------------------------------------------------
    "stars": _plural(
        "{seat} gains {stars} star ({why}).", "{seat} gains {stars} stars ({why}).", "stars"
    ),
    "stars_lost": _plural(
        "{seat} loses {stars} star ({why}).", "{seat} loses {stars} stars ({why}).", "stars"
    ),
    "energy": LogTemplate("{seat} gains {energy} energy ({why})."),
    "energy_lost": LogTemplate("{seat} loses {energy} energy ({why})."),
    "energy_given": LogTemplate("{seat} gives {energy} energy to {target} ({why})."),
    "heal": _plural(
        "{seat} gains {hearts} heart ({why}).", "{seat} gains {hearts} hearts ({why}).", "hearts"
    ),
    "poison_removed": _plural(
        "{seat} removes {tokens} Poison token.", "{seat} removes {tokens} Poison tokens.", "tokens"
    ),
    "shrink_removed": _plural(
        "{seat} removes {tokens} Shrink token.", "{seat} removes {tokens} Shrink tokens.", "tokens"
    ),
    "healing_ray_heal": _plural(
        "{card}: {seat} gains {hearts} heart.", "{card}: {seat} gains {hearts} hearts.", "hearts"
    ),
    # -- the attack and damage ---------------------------------------------------------
    "attack": _plural(
        "{seat} smashes {targets} with {claws} claw.",
        "{seat} smashes {targets} with {claws} claws.",
        "claws",
    ),
    "wings_immune": LogTemplate("{seat} loses no hearts this turn ({card})."),
    "wings_pay": LogTemplate("{seat} pays 2 energy for {card}: no hearts lost this turn."),
    "armor_plating": LogTemplate("{seat}'s {card} ignores the loss of 1 heart."),
    "camouflage": _plural(
        "{seat}'s {card} rolls {dice}: {hearts} heart saved.",
        "{seat}'s {card} rolls {dice}: {hearts} hearts saved.",
        "hearts",
    ),
    "damage": _plural("{seat} loses {hearts} heart.", "{seat} loses {hearts} hearts.", "hearts"),
    "poison_gained": LogTemplate("{seat} gets Poison."),
    "shrink_gained": LogTemplate("{seat} gets Shrink."),
    "even_bigger_lost": LogTemplate("{seat} loses the 2 hearts of {card}."),
    "child": LogTemplate("{seat} has a child and starts again!"),
    "eliminated": LogTemplate("{seat} is eliminated."),
    # -- Tokyo -------------------------------------------------------------------------
    "yield": LogTemplate(
        "{seat} yields Tokyo.",
        cases=(
            (
                lambda data: bool(data.get("jets", False)),
                LogTemplate("{seat} yields Tokyo and loses no hearts ({card})."),
            ),
        ),
    ),
    "stay": LogTemplate("{seat} stays in Tokyo."),
    "bay_moves_up": LogTemplate("{seat} moves up to Tokyo City."),
    "burrowing": LogTemplate("{seat}'s {card}: {target} loses a heart."),
    "enter": LogTemplate("{seat} enters {where}."),
    "city_from_bay": LogTemplate("{seat} moves to Tokyo City."),
    "bay_closed_to_city": LogTemplate("Only four monsters remain: {seat} moves to Tokyo City."),
    "bay_closed": LogTemplate("Only four monsters remain: {seat} leaves Tokyo Bay."),
    # -- Power cards -------------------------------------------------------------------
    "buy": LogTemplate(
        "{seat} buys {card} for {cost} energy.",
        cases=_cases(
            "verb",
            {
                "buy_top": "{seat} buys the top card of the deck: {card} for {cost} energy.",
                "take": "{seat} takes {card} for {cost} energy.",
                "miraculous_catch": "{seat} buys ({evolution}) {card} for {cost} energy.",
                "deep_dive": _PUT_INTO_PLAY,
                "precision_field_support": _PUT_INTO_PLAY,
            },
        ),
    ),
    "tentacles_pay": LogTemplate("{seat} pays {cost} energy to {target} ({card})."),
    "discard": LogTemplate("{seat} discards {card}."),
    "metamorph": LogTemplate("{seat} discards {card} for {energy} energy ({power})."),
    "mimic": LogTemplate("{seat}'s {power} copies {card}."),
    "batteries_charged": LogTemplate("{seat} charges {card} with {energy} energy."),
    "batteries_drained": LogTemplate("{seat} takes {energy} energy from its batteries."),
    "sweep": LogTemplate("{seat} pays 2 energy to sweep the row."),
    "adapting_technology_sweep": LogTemplate(
        "{seat} removes an {evolution} counter to sweep the row."
    ),
    "deck_reshuffled": LogTemplate(
        "The Power deck is empty: the discard pile is shuffled into a new deck."
    ),
    # -- Power Up! ---------------------------------------------------------------------
    "evolution_draw": _plural(
        "{seat} draws {count} Evolution.", "{seat} draws {count} Evolutions.", "count"
    ),
    "evolution_keep": LogTemplate("You keep {evolution}."),
    "evolution": LogTemplate(
        "{seat} plays {evolution}.",
        cases=_cases("evolution", {"nine_lives": "{seat} plays {evolution} and starts again!"}),
    ),
    "evolution_shuffle": LogTemplate("{seat} shuffles its Evolution discard pile."),
}
"""The base game's and Power Up!'s kinds (the Evolution effects' are merged in). A few
kinds other code counts by their kind (the statistics count ``buy`` and ``yield``
events, read ``game_over``'s ``how``) keep their name whatever they say: a data field
chooses one of their ``cases``."""

Form = Callable[[Reader], str]
"""One phrase in the reader's language (a literal ``pgettext`` call, so that
``python -m tabletop.i18n.extract`` finds it)."""


# -- the words of the data fields ------------------------------------------------------


def _kot(state: State) -> KingOfTokyoState:
    return cast("KingOfTokyoState", state)


def _edition(state: State) -> str:
    return str(_kot(state).kot_game.options.edition)


def monster_word(seat: Any, reader: Reader, state: State) -> str:
    """A seat's monster, by its name in the reader's language."""
    kot = _kot(state)
    p = int(seat)
    english = kot.monster_name(p)
    return text_of(PACKAGE, reader.lang, "monsters", kot.monsters[p].name, "name", english)


def monsters_word(seats: Any, reader: Reader, state: State) -> str:
    """Monsters by seat: "Kraken, The King" (as the English log lists them)."""
    return ", ".join(monster_word(s, reader, state) for s in seats)


def winners_word(seats: Any, reader: Reader, state: State) -> str:
    """The winners: "Kraken and The King"."""
    names = [monster_word(s, reader, state) for s in seats]
    if not names:
        return ""
    text = names[0]
    for name in names[1:]:
        text = reader.pgettext(
            "king-of-tokyo:winners", "{first} and {second}", first=text, second=name
        )
    return text


def roster_word(slugs: Any, reader: Reader, state: State) -> str:
    """The set-up's monsters by seat: "seat 1: Kraken, seat 2: The King"."""
    game = _kot(state).kot_game
    return ", ".join(
        reader.pgettext(
            "king-of-tokyo:setup",
            "seat {number}: {monster}",
            number=i + 1,
            monster=text_of(
                PACKAGE, reader.lang, "monsters", slug, "name", game.monster_name(slug)
            ),
        )
        for i, slug in enumerate(slugs)
    )


def card_name(slug: str, reader: Reader, edition: str) -> str:
    """A Power card's name as printed in ``edition``, in the reader's language."""
    card = Card[slug.upper()]
    info = card_table("2011" if edition == "2011" else "2016").info[card]
    renamed = edition == "2011" and info.name != card_table("2016").info[card].name
    return text_of(
        PACKAGE, reader.lang, "cards", slug, "name_2011" if renamed else "name", info.name
    )


def card_word(slug: Any, reader: Reader, state: State) -> str:
    return card_name(str(slug), reader, _edition(state))


def cards_word(slugs: Any, reader: Reader, state: State) -> str:
    """Cards: "Acid Attack, Wings"."""
    edition = _edition(state)
    return ", ".join(card_name(str(s), reader, edition) for s in slugs)


def row_word(slugs: Any, reader: Reader, state: State) -> str:
    """The row's cards (empty slots left out), or "no cards"."""
    edition = _edition(state)
    names = [card_name(str(s), reader, edition) for s in slugs if s is not None]
    return ", ".join(names) or reader.pgettext("king-of-tokyo:row", "no cards")


def evolution_name(slug: str, reader: Reader) -> str:
    """An Evolution's name in the reader's language."""
    info = evolution_table().by_id[slug]
    return text_of(PACKAGE, reader.lang, "evolutions", slug, "name", info.name)


def evolution_word(slug: Any, reader: Reader, state: State) -> str:
    return evolution_name(str(slug), reader)


def face_words(reader: Reader) -> tuple[str, ...]:
    """The six faces in words: "1", "2", "3", "heart", "energy", "claw"."""
    return (
        "1",
        "2",
        "3",
        reader.pgettext("king-of-tokyo:face", "heart"),
        reader.pgettext("king-of-tokyo:face", "energy"),
        reader.pgettext("king-of-tokyo:face", "claw"),
    )


def a_face_words(reader: Reader) -> tuple[str, ...]:
    """One die of each face in words: "a 1", "a heart", "an energy"."""
    return (
        reader.pgettext("king-of-tokyo:a-face", "a 1"),
        reader.pgettext("king-of-tokyo:a-face", "a 2"),
        reader.pgettext("king-of-tokyo:a-face", "a 3"),
        reader.pgettext("king-of-tokyo:a-face", "a heart"),
        reader.pgettext("king-of-tokyo:a-face", "an energy"),
        reader.pgettext("king-of-tokyo:a-face", "a claw"),
    )


def dice_text(faces: list[int], reader: Reader) -> str:
    """A roll: "1, 2, 2, claw" (sorted), or "no dice"."""
    words = face_words(reader)
    return ", ".join(words[f] for f in sorted(faces)) or reader.pgettext(
        "king-of-tokyo:face", "no dice"
    )


def dice_word(faces: Any, reader: Reader, state: State) -> str:
    return dice_text([int(f) for f in faces], reader)


def kept_word(counts: Any, reader: Reader, state: State) -> str:
    """Kept dice given as counts per face."""
    return dice_text([f for f, n in enumerate(counts) for _ in range(int(n))], reader)


def face_word(face: Any, reader: Reader, state: State) -> str:
    return face_words(reader)[int(face)]


def a_face_word(face: Any, reader: Reader, state: State) -> str:
    return a_face_words(reader)[int(face)]


def where_word(where: Any, reader: Reader, state: State) -> str:
    """ "Tokyo City" or "Tokyo Bay"."""
    if where == "bay":
        return reader.pgettext("king-of-tokyo:where", "Tokyo Bay")
    if where == "city":
        return reader.pgettext("king-of-tokyo:where", "Tokyo City")
    raise LogTextError(f"{GAME_ID}: no place {where!r} in Tokyo")


WHY_PHRASES: dict[str, Form] = {
    "the dice": lambda r: r.pgettext("king-of-tokyo:why", "the dice"),
    "heart dice": lambda r: r.pgettext("king-of-tokyo:why", "heart dice"),
    "starting in Tokyo": lambda r: r.pgettext("king-of-tokyo:why", "starting in Tokyo"),
    "entering Tokyo": lambda r: r.pgettext("king-of-tokyo:why", "entering Tokyo"),
    # The Evolution "Pandarwinism: Survival of the Cutest", by its short name.
    "Pandarwinism": lambda r: r.pgettext("king-of-tokyo:why", "Pandarwinism"),
}
"""The reasons of a gain or loss that are neither a card nor an Evolution by its name,
by their key (the English phrase; the statistics look for ``"starting in Tokyo"``)."""


def why_word(why: Any, reader: Reader, state: State) -> str:
    """What a gain or loss comes from: a phrase, a Power card or an Evolution."""
    key = str(why)
    phrase = WHY_PHRASES.get(key)
    if phrase is not None:
        return phrase(reader)
    if key.upper() in Card.__members__:
        return card_name(key, reader, _edition(state))
    if key in evolution_table().by_id:
        return evolution_name(key, reader)
    raise LogTextError(f"{GAME_ID}: no words for the reason {key!r}")


def turn_word(turn: Any, reader: Reader, state: State) -> str:
    """A turn number, in digits ("Turn 1000", not "1,000")."""
    return str(int(turn))


FIELDS: dict[str, Field] = {
    "seat": monster_word,
    "target": monster_word,
    "targets": monsters_word,
    "winners": winners_word,
    "monsters": roster_word,
    "card": card_word,
    "power": card_word,
    "card_list": cards_word,
    "row": row_word,
    "evolution": evolution_word,
    "dice": dice_word,
    "kept": kept_word,
    "face": face_word,
    "to": face_word,
    "new": face_word,
    "a_face": a_face_word,
    "a_to": a_face_word,
    "why": why_word,
    "where": where_word,
    "turn": turn_word,
}


# -- the game's messages ---------------------------------------------------------------


@cache
def log_messages() -> LogMessages:
    """The game's log templates: the base game's and the Evolution effects'."""
    from tabletop.games.king_of_tokyo import log_text_evolutions

    templates = {**TEMPLATES, **log_text_evolutions.EVOLUTION_TEMPLATES}
    fields = {**FIELDS, **log_text_evolutions.EVOLUTION_FIELDS}
    return LogMessages(GAME_ID, templates, fields)


__all__ = [
    "FIELDS",
    "TEMPLATES",
    "WHY_PHRASES",
    "log_messages",
]
