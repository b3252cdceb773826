"""The log templates of the Evolution effects (:mod:`.evolution_effects`).

One template per kind of event the Evolutions' effects log, merged into the game's
templates by :mod:`.log_text`. An Evolution's name is never written into a template:
the event names it by its slug (``evolution``), so that every language reads the name
its card texts give it. ``EVOLUTION_FIELDS`` adds formatters only for data fields that
:data:`.log_text.FIELDS` does not already know (``seat``, ``target``, ``card``,
``card_list``, ``evolution``, ``dice``, ``face``, ``to``, ``a_face``, ``a_to``...:
see there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.i18n.logtext import Field, LogTemplate
from tabletop.i18n.reader import Reader

if TYPE_CHECKING:
    from tabletop.core.game import State

EVOLUTION_TEMPLATES: dict[str, LogTemplate] = {
    # -- Alienoid -----------------------------------------------------------------------
    "precision_field_support_reveal": LogTemplate("{evolution} reveals and discards {card_list}."),
    "adapting_technology_discard": LogTemplate("{seat} discards {evolution} (no counter left)."),
    "exotic_arms_bet": LogTemplate("{seat} puts 2 energy on {evolution}."),
    "exotic_arms_won": LogTemplate("{evolution}: {seat} takes its 2 energy back."),
    "exotic_arms_lost": LogTemplate("{evolution}: {seat} loses its bet and 2 hearts."),
    "superior_alien_technology_ufo": LogTemplate("{card} gets a UFO token ({evolution})."),
    "superior_alien_technology_die": LogTemplate("UFO die for {card}: {face}."),
    # -- Cyber Bunny ----------------------------------------------------------------------
    "rabbits_foot": LogTemplate("{seat} cannot lose hearts this turn ({evolution})."),
    "heart_of_the_rabbit_back": LogTemplate("{seat} takes {evolution} back into its hand."),
    "energy_sword_paid": LogTemplate("{seat} pays 2 energy for {evolution}."),
    "electric_carrot": LogTemplate(
        "{seat} loses {hearts} more heart ({evolution}).",
        plural="{seat} loses {hearts} more hearts ({evolution}).",
        count="hearts",
    ),
    # -- Cyber Kitty ----------------------------------------------------------------------
    "play_with_your_food": LogTemplate(
        "{seat} plays with its food: {target} loses 2 hearts fewer."
    ),
    "feline_motor": LogTemplate("{seat} takes the free spot first ({evolution})."),
    # -- Gigazaur -------------------------------------------------------------------------
    "detachable_tail": LogTemplate("{seat} loses no hearts this turn ({evolution})."),
    "saurian_adaptability": LogTemplate(
        "{evolution}: {count} {face} die becomes {a_to} die.",
        plural="{evolution}: {count} {face} dice become {to} dice.",
        count="count",
    ),
    # -- Kraken ---------------------------------------------------------------------------
    "high_tide": LogTemplate(
        "{evolution} adds {hearts} heart to the result.",
        plural="{evolution} adds {hearts} hearts to the result.",
        count="hearts",
    ),
    "terror_of_the_deep_roll": LogTemplate(
        "{seat}'s {evolution} rolls {dice}: {hearts} heart saved.",
        plural="{seat}'s {evolution} rolls {dice}: {hearts} hearts saved.",
        count="hearts",
    ),
    "sunken_temple_skip": LogTemplate("{seat} skips its turn ({evolution})."),
    # -- Meka Dragon ----------------------------------------------------------------------
    "tune_up_skip": LogTemplate("{seat} skips the rest of its turn ({evolution})."),
    "breath_of_doom": LogTemplate("{seat}'s {evolution} hits outside Tokyo."),
    "target_acquired": LogTemplate("{seat} gives its target token to {target}."),
    "lightning_armor_roll": LogTemplate(
        "{seat}'s {evolution} rolls {dice}: {claws} claw.",
        plural="{seat}'s {evolution} rolls {dice}: {claws} claws.",
        count="claws",
    ),
    # -- Pandakaï -------------------------------------------------------------------------
    "eats_shoots_and_leaves": LogTemplate("{seat} leaves Tokyo ({evolution})."),
    "bamboozle_wants": LogTemplate("{seat} wants to buy {card}."),
    "bamboozle_blocked": LogTemplate("{seat} may not buy {card} this turn ({evolution})."),
    "bamboozle_forced": LogTemplate("{evolution}: {seat} must buy {card}."),
    "bamboozle_no_card": LogTemplate("{seat} cannot afford another card."),
    "panda_express_turn": LogTemplate("{seat} will take another turn ({evolution})."),
    "bamboo_supply_store": LogTemplate("{seat} puts 1 energy on {evolution} ({stored} on it)."),
    "bamboo_supply_take": LogTemplate("{seat} takes {stored} energy from {evolution}."),
    "yin_yang": LogTemplate("{seat} turns its dice over ({evolution})."),
    # -- Space Penguin --------------------------------------------------------------------
    "space_penguin_ends": LogTemplate("{seat}'s {evolution} ends."),
    "freeze_ray_lent": LogTemplate("{seat} gives {evolution} to {target}."),
    "freeze_ray_face": LogTemplate("{evolution}: {face} does nothing for {target} this turn."),
    "freeze_ray_back": LogTemplate("{evolution} goes back to its owner."),
    "miraculous_catch": LogTemplate("{seat}'s {evolution} reveals {card}."),
    "miraculous_catch_unaffordable": LogTemplate("{seat} cannot pay for {card}."),
    "miraculous_catch_left": LogTemplate("{seat} leaves the card."),
    "deep_dive": LogTemplate(
        "{seat} looks at the top Power card.",
        plural="{seat} looks at the top {count} Power cards.",
        count="count",
    ),
    "deep_dive_cards": LogTemplate("{evolution}: you see {card_list}."),
    "encased_in_ice": LogTemplate("{seat} pays 1 energy to freeze {a_face} ({evolution})."),
    "encased_in_ice_thaws": LogTemplate("The die {evolution} thaws."),
    "icy_reflection": LogTemplate("{seat}'s {evolution} copies {copied}."),
    # -- The King -------------------------------------------------------------------------
    "jungle_frenzy_turn": LogTemplate("{seat} will take another turn ({evolution})."),
    "chest_thumping": LogTemplate("{seat}'s {evolution} makes {target} leave Tokyo."),
    "twas_beauty_killed_the_beast_lost": LogTemplate(
        "{seat} leaves Tokyo: {evolution} is discarded and its stars drop to 0."
    ),
}
"""Each kind the Evolution effects log, by the sentence it writes in English."""


def _copied(value: Any, reader: Reader, state: State) -> str:
    """The Evolution Icy Reflection copies (a slug), named as ``evolution`` names one."""
    messages = state.game.log_messages()
    assert messages is not None
    return messages.word("evolution", value, reader, state)


EVOLUTION_FIELDS: dict[str, Field] = {"copied": _copied}
"""Formatters of the fields only the Evolutions' events hold."""


__all__ = ["EVOLUTION_FIELDS", "EVOLUTION_TEMPLATES"]
