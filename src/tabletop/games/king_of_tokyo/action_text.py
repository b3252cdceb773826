"""King of Tokyo's action labels in every language: a template for each move.

Each action's data (``Game.action_data``, :meth:`.actions.ActionTable.data`) names its
move; the move's template here gives the action's English ``label`` again from that
data (:func:`tabletop.i18n.logtext.render_label`), and the reader's translation of it
in other languages. The data fields are put into words by :data:`FIELDS`, which reuse
the log's formatters (:mod:`.log_text`):

- ``keep`` (the kept faces, by name): "2, 2, claw";
- ``face``, ``from``, ``to`` (a face by name): "heart"; ``a_face``, ``a_from``,
  ``a_to`` (the same die with its article: "a heart"), which the messages derive from
  them;
- ``seat``: "seat 3" (the labels number seats; they do not depend on who sits there);
  ``slot``: a slot of the row, numbered from 1;
- ``card``: a Power card's instance, by its name in the game's edition ("Extra Head
  #2" for one of two copies); ``evolution``: an Evolution's name;
- ``power``: the Power card whose ability a move uses (Psychic Probe's reroll, Made in
  a Lab's purchase), which the action's data does not name: :data:`MOVE_CARDS` gives
  it, so that a card's name is never written into a template and every language reads
  the name its card texts give it. ``power_2011`` names a card by its first edition's
  name whatever the game's edition: the labels call Battery Monster "Monster Batteries"
  in both.

The derived fields are :func:`derive`'s. A move whose sentence depends on its data
(keeping no dice, the use of a heart die, an Evolution's own answers to its question)
keeps one template and words its other actions in whole sentences of its own (the
template's ``cases``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from tabletop.games.king_of_tokyo.dice import FACE_NAMES
from tabletop.games.king_of_tokyo.log_text import (
    GAME_ID,
    a_face_words,
    card_name,
    dice_text,
    evolution_word,
    face_words,
)
from tabletop.i18n.logtext import Condition, Field, LogMessages, LogTemplate, LogTextError, equals
from tabletop.i18n.reader import Reader

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame

T = LogTemplate


YES: dict[str, str] = {
    "exotic_arms": "put 2 energy on {evolution}",
    "energy_sword": "pay 2 energy for {evolution}",
    "sunken_temple": "skip your turn for 3 hearts and 3 energy",
    "bamboo_supply": "put 1 energy on {evolution}",
    "mega_purr": "give 1 energy ({evolution})",
    "electric_carrot": "give 1 energy ({evolution})",
    "play_with_your_food": "play with your food: 2 hearts fewer, steal 1 star and 1 energy",
    "lightning_armor": "roll for {evolution}",
    "target_acquired": "give the target token",
    "chest_thumping": "make it leave Tokyo ({evolution})",
    "gamma_breath": "use {evolution}: turn one die into a claw",
    "tail_sweep": "use {evolution}: turn one die into a 1 or a 2",
    "mothership_support": "pay 1 energy for 1 heart ({evolution})",
    "miraculous_catch": "reveal a random card of the discard pile ({evolution})",
    "adapting_technology": "remove a counter to sweep the row ({evolution})",
    "yin_yang": "turn all your dice to their opposite faces ({evolution})",
    "superior_alien_technology": "buy it for half its cost ({evolution})",
}
"""The first answer of the Evolutions whose question has words of its own
(:data:`.actions.EVOLUTION_ANSWERS`); the others answer "<Evolution>: yes"."""

NO: dict[str, str] = {
    "exotic_arms": "keep your energy",
    "energy_sword": "do not pay for {evolution}",
    "sunken_temple": "play your turn",
    "bamboo_supply": "take the energy on {evolution}",
    "mega_purr": "give 1 star ({evolution})",
    "electric_carrot": "lose 1 more heart ({evolution})",
    "play_with_your_food": "deal the full damage",
    "lightning_armor": "do not roll for {evolution}",
    "target_acquired": "keep the target token where it is",
    "chest_thumping": "let it choose",
    "miraculous_catch": "leave the revealed card",
    "superior_alien_technology": "buy it at the normal cost",
}
"""The second answer of the Evolutions whose question has words of its own; the others
answer "<Evolution>: no"."""


def _answers(sentences: Mapping[str, str]) -> tuple[tuple[Condition, LogTemplate], ...]:
    """One case per Evolution whose question has words of its own."""
    return tuple((equals("evolution", slug), T(text)) for slug, text in sentences.items())


TEMPLATES: dict[str, LogTemplate] = {
    # -- the dice ----------------------------------------------------------------------
    "keep": T(
        "keep {keep} and reroll the rest",
        cases=((lambda data: not data.get("keep"), T("reroll all dice")),),
    ),
    "stop": T("stop rolling and resolve the dice"),
    "energy_drink": T("pay 1 energy for an extra roll"),
    "smoke": T("spend a Smoke counter for an extra roll"),
    "reroll_three": T("reroll a 3 ({power})"),
    "probe": T("{power}: reroll {a_face}"),
    "herd_culler": T("{power}: turn {a_face} into a 1"),
    "plot_twist": T("{power}: turn {a_from} into {a_to}"),
    "stretchy": T("{power}: pay 2 energy to turn {a_from} into {a_to}"),
    "heart": T(
        "use a heart die to heal yourself",
        cases=(
            (equals("use", "poison"), T("use a heart die to remove a Poison token")),
            (equals("use", "shrink"), T("use a heart die to remove a Shrink token")),
        ),
    ),
    "healing_ray": T("{power}: heal {seat} with a heart die"),
    # -- Tokyo -------------------------------------------------------------------------
    "yield": T("yield Tokyo"),
    "stay": T("stay in Tokyo"),
    # -- Power cards -------------------------------------------------------------------
    "buy": T("buy the card in slot {slot} of the row"),
    "sweep": T("pay 2 energy to sweep the row"),
    "buy_top": T("buy the top card of the deck ({power})"),
    "tentacles": T("take {card} from its owner ({power})"),
    "end_buy": T("end your Buy phase"),
    "decline": T("decline"),
    "mimic": T("put the {power} token on {card}"),
    "sell": T("discard {card} for energy ({power})"),
    "done_selling": T("keep your remaining cards"),
    "wings": T("pay 2 energy to lose no hearts this turn ({power})"),
    "rapid_heal": T("pay 2 energy to gain 1 heart ({power})"),
    "take_damage": T("take the damage"),
    "charge": T("move 1 energy onto {power_2011}"),
    "done_charging": T("stop charging {power_2011}"),
    "freeze_time": T("take another turn with one die fewer ({power})"),
    # -- Power Up! ---------------------------------------------------------------------
    "keep_evolution": T("keep {evolution}"),
    "play_evolution": T("play {evolution}"),
    "draft_evolution": T("draft {evolution}"),
    "evo_yes": T("{evolution}: yes", cases=_answers(YES)),
    "evo_no": T("{evolution}: no", cases=_answers(NO)),
    "evo_face": T("choose the face {face}"),
    "evo_change": T("turn {from} into {to}"),
    "evo_seat": T("choose {seat}"),
    "evo_card": T("choose {card}"),
    "evo_evolution": T("choose the Evolution {evolution}"),
}
"""Each move's English label; the field names are the action data's keys (and the
derived ones of the module docstring)."""

MOVE_CARDS: dict[str, dict[str, str]] = {
    "reroll_three": {"power": "background_dweller"},
    "probe": {"power": "psychic_probe"},
    "herd_culler": {"power": "herd_culler"},
    "plot_twist": {"power": "plot_twist"},
    "stretchy": {"power": "stretchy"},
    "healing_ray": {"power": "healing_ray"},
    "buy_top": {"power": "made_in_a_lab"},
    "tentacles": {"power": "parasitic_tentacles"},
    "mimic": {"power": "mimic"},
    "sell": {"power": "metamorph"},
    "wings": {"power": "wings"},
    "rapid_heal": {"power": "rapid_healing"},
    "charge": {"power_2011": "battery_monster"},
    "done_charging": {"power_2011": "battery_monster"},
    "freeze_time": {"power": "freeze_time"},
}
"""The Power card each move uses, by its id, for the moves whose label names it."""

# -- the words of the data fields ------------------------------------------------------


def _edition(state: State) -> str:
    return str(cast("KingOfTokyoGame", state.game).options.edition)


def _face(name: Any) -> int:
    try:
        return FACE_NAMES.index(str(name))
    except ValueError:
        raise LogTextError(f"{GAME_ID}: no face {name!r}") from None


def kept_faces_word(names: Any, reader: Reader, state: State) -> str:
    """Kept dice by face name: "2, 2, claw"."""
    return dice_text([_face(n) for n in names], reader)


def face_name_word(name: Any, reader: Reader, state: State) -> str:
    """A face by name: "heart"."""
    return face_words(reader)[_face(name)]


def a_face_name_word(name: Any, reader: Reader, state: State) -> str:
    """A die of a face by name: "a heart"."""
    return a_face_words(reader)[_face(name)]


def seat_number_word(seat: Any, reader: Reader, state: State) -> str:
    """A seat by its number ("seat 3"), whoever sits there."""
    return reader.pgettext("king-of-tokyo:seat", "seat {number}", number=int(seat) + 1)


def slot_word(slot: Any, reader: Reader, state: State) -> str:
    """A slot of the row, numbered from 1."""
    return reader.number(int(slot) + 1)


def instance_word(instance: Any, reader: Reader, state: State) -> str:
    """A Power card's instance by its name in the game's edition: "Extra Head #2" for
    the second of the two copies of a card (``CardTable.instance_names``)."""
    edition = _edition(state)
    table = cast("KingOfTokyoGame", state.game).cards
    c = int(instance)
    card = table.instances[c]
    name = card_name(card.slug, reader, edition)
    if table.info[card].count <= 1:
        return name
    return reader.pgettext(
        "king-of-tokyo:card-copy",
        "{card} #{copy}",
        card=name,
        copy=table.instances[:c].count(card) + 1,
    )


def power_word(slug: Any, reader: Reader, state: State) -> str:
    """A Power card (by id) by its name in the game's edition."""
    return card_name(str(slug), reader, _edition(state))


def power_2011_word(slug: Any, reader: Reader, state: State) -> str:
    """A Power card (by id) by its name in the 2011 edition."""
    return card_name(str(slug), reader, "2011")


FIELDS: dict[str, Field] = {
    "keep": kept_faces_word,
    "face": face_name_word,
    "from": face_name_word,
    "to": face_name_word,
    "a_face": a_face_name_word,
    "a_from": a_face_name_word,
    "a_to": a_face_name_word,
    "seat": seat_number_word,
    "slot": slot_word,
    "card": instance_word,
    "power": power_word,
    "power_2011": power_2011_word,
    "evolution": evolution_word,
}
"""The formatter of each field that is not a plain number."""

DIE_FIELDS = (("face", "a_face"), ("from", "a_from"), ("to", "a_to"))
"""The data fields of a face and the derived fields of the same die with its article."""


def derive(kind: str, data: Mapping[str, Any], state: State) -> Mapping[str, Any]:
    """The fields of the module docstring that an action's data implies: the Power card
    its move uses (:data:`MOVE_CARDS`) and each die with its article."""
    derived: dict[str, Any] = dict(MOVE_CARDS.get(kind, {}))
    for field, with_article in DIE_FIELDS:
        if field in data:
            derived[with_article] = data[field]
    return derived


@cache
def action_messages() -> LogMessages:
    """The game's action templates (one for every option set: the formatters read the
    edition from the state's game)."""
    return LogMessages(GAME_ID, TEMPLATES, FIELDS, section="action", derive=derive)


__all__ = [
    "FIELDS",
    "MOVE_CARDS",
    "NO",
    "TEMPLATES",
    "YES",
    "action_messages",
    "derive",
]
