"""The options of King of Tokyo: the edition, the table set-up and every open ruling.

``edition`` picks the 2011 rulebook (the default) or the 2016 rules. Each open
question of section 5 of ``shared/reference/king-of-tokyo.md`` whose answer depends
on the edition is an option whose default ``"edition"`` follows the chosen edition;
naming a value overrides it. ``docs/games/king-of-tokyo.md`` explains each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.errors import InvalidOptionsError

MONSTERS = (
    "alienoid",
    "cyber_bunny",
    "cyber_kitty",
    "giga_zaur",
    "kraken",
    "meka_dragon",
    "pandakai",
    "space_penguin",
    "the_king",
)
MONSTER_NAMES = {
    "alienoid": "Alienoid",
    "cyber_bunny": "Cyber Bunny",
    "cyber_kitty": "Cyber Kitty",
    "giga_zaur": "Giga Zaur",
    "kraken": "Kraken",
    "meka_dragon": "Meka Dragon",
    "pandakai": "Pandakaï",
    "space_penguin": "Space Penguin",
    "the_king": "The King",
}
BOX_2011 = ("alienoid", "cyber_bunny", "giga_zaur", "kraken", "meka_dragon", "the_king")
BOX_2016 = ("alienoid", "cyber_kitty", "giga_zaur", "meka_dragon", "space_penguin", "the_king")


@dataclass(frozen=True, slots=True)
class KingOfTokyoOptions:
    """Options of :class:`~tabletop.games.king_of_tokyo.game.KingOfTokyoGame`.

    >>> KingOfTokyoOptions(edition="2016").rule("game_end")
    'end_of_turn'
    >>> KingOfTokyoOptions(game_end="end_of_turn").rule("game_end")
    'end_of_turn'
    """

    # Which rulebook: the 2011 first edition (Italian rulebook) or the 2016 rules.
    edition: Literal["2011", "2016"] = "2011"
    # Monsters in seat order ("alienoid,kraken,..."), or "box": dealt at random from
    # the edition's box.
    monsters: str = "box"
    # Who starts: "roll" (most claws on six dice, ties reroll), "random", or a seat.
    first_player: Literal["roll", "random", "0", "1", "2", "3", "4", "5"] = "roll"
    # Tokyo Bay with 5-6 monsters (the 2011 rulebook leaves it out of a first game).
    tokyo_bay: bool = True
    # BGA's 2-player variant: Tokyo gives energy instead of stars.
    two_player_variant: bool = False
    # Entering Tokyo: "claw" (2011: a claw takes an empty City) or "mandatory" (2016).
    tokyo_entry: Literal["edition", "claw", "mandatory"] = "edition"
    # Acid Attack, Spiked Tail, Urbavore, Burrowing, Poison Quills: "damage" (2011)
    # or "claw" (2016).
    extra_damage: Literal["edition", "damage", "claw"] = "edition"
    # Fire Breathing hits "attacked" neighbours only (2011) or "both" (2016).
    fire_breathing: Literal["edition", "attacked", "both"] = "edition"
    # Whose Regeneration adds a heart to Healing Ray: the "healer" (2011) or the
    # "healed" monster (2016).
    healing_ray_regeneration: Literal["edition", "healer", "healed"] = "edition"
    # When victory is checked: "immediate" (2011) or at the "end_of_turn" (2016).
    game_end: Literal["edition", "immediate", "end_of_turn"] = "edition"
    # The Bay monster when 4 monsters remain: "leave" (2011) or "move_to_city" (2016).
    bay_at_four: Literal["edition", "leave", "move_to_city"] = "edition"
    # Parasitic Tentacles: counters on the card "stay" (2011) or are "refilled" (2016).
    tentacles_counters: Literal["edition", "stay", "refill"] = "edition"
    # Metamorph refund: the energy "paid" (2011) or the "printed" cost (2016).
    metamorph_refund: Literal["edition", "paid", "printed"] = "edition"
    # Rooting for the Underdog at the end of "any" turn (2011) or of "own" turns (2016).
    underdog_turns: Literal["edition", "any", "own"] = "edition"
    # Friend of Children on Metamorph refunds (the FAQ says no; BGA says yes).
    friend_of_children_metamorph: bool = False
    # Frenzy's extra turn comes after a normal end of turn (BGA); off: end-of-turn
    # effects are skipped (a Dized FAQ entry).
    frenzy_end_of_turn: bool = True
    # Herbivore counts hearts you made yourself lose (BGA); off: only other monsters.
    herbivore_counts_self: bool = False
    # When only the City yields, the Bay monster moves up to the City (a fan answer).
    bay_moves_up: bool = False
    # Power Up!: Evolutions "on", or the "mutant" draft variant.
    power_up: Literal["off", "on", "mutant"] = "off"
    # Power Up! set-up: the Evolution not kept is shuffled back (rulebook) or
    # discarded (BGA).
    evolution_setup: Literal["shuffle_back", "discard"] = "shuffle_back"
    # Mutant Evolution draft: packets pass to the "left" (rulebook) or "right" (BGA).
    draft_direction: Literal["left", "right"] = "left"
    # Icy Reflection when the marked Evolution leaves play: "discard" Icy Reflection
    # too (card text) or only remove the "token" (BGA).
    icy_reflection_leaves: Literal["discard", "token"] = "discard"
    # A turn skipped by Tune-Up or Sunken Temple: "skip" everything after it, end of
    # turn included (BGA), or still run its "end_of_turn" (end-of-turn Evolutions,
    # effects, Poison).
    skipped_turn_end: Literal["skip", "end_of_turn"] = "skip"
    # Terror of the Deep: a "permanent" Camouflage-like reaction to every loss (BGA),
    # or a "temporary" card, discarded after its one roll (the card's wording).
    terror_of_the_deep: Literal["permanent", "temporary"] = "permanent"
    # Engine safety: after this many turns the game ends with no winner.
    turn_limit: int = 400

    def __post_init__(self) -> None:
        if self.monsters != "box":
            names = [m.strip() for m in self.monsters.split(",")]
            for name in names:
                if name not in MONSTERS:
                    raise InvalidOptionsError(
                        "monsters", f"unknown monster {name!r}; known: {', '.join(MONSTERS)}"
                    )
            if len(set(names)) != len(names):
                raise InvalidOptionsError("monsters", "each monster can be chosen once")
        if not 10 <= self.turn_limit <= 100_000:
            raise InvalidOptionsError("turn_limit", "must be 10 to 100000")

    def rule(self, name: str) -> str:
        """The value of an edition-dependent ruling, resolved for the edition."""
        value: str = getattr(self, name)
        if value != "edition":
            return value
        first = self.edition == "2011"
        return _EDITION_DEFAULTS[name][0 if first else 1]

    def monster_list(self, num_players: int) -> tuple[str, ...] | None:
        """The chosen monsters, or ``None`` when they are dealt from the box."""
        if self.monsters == "box":
            return None
        names = tuple(m.strip() for m in self.monsters.split(","))
        if len(names) != num_players:
            raise InvalidOptionsError(
                "monsters", f"names {len(names)} monsters for {num_players} players"
            )
        return names


_EDITION_DEFAULTS: dict[str, tuple[str, str]] = {
    "tokyo_entry": ("claw", "mandatory"),
    "extra_damage": ("damage", "claw"),
    "fire_breathing": ("attacked", "both"),
    "healing_ray_regeneration": ("healer", "healed"),
    "game_end": ("immediate", "end_of_turn"),
    "bay_at_four": ("leave", "move_to_city"),
    "tentacles_counters": ("stay", "refill"),
    "metamorph_refund": ("paid", "printed"),
    "underdog_turns": ("any", "own"),
}
