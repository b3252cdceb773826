"""The options of King of Tokyo: the edition, the table set-up and every open ruling.

``edition`` picks the 2011 rulebook (the default) or the 2016 rules. Each open
question whose answer depends on the edition is an option whose default ``"edition"``
follows the chosen edition; naming a value overrides it.
``docs/games/king-of-tokyo.md`` explains each option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.options import check_ranges, option

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

    edition: Literal["2011", "2016"] = option(
        "2011",
        title="Edition",
        description="Which rulebook: the card names, costs and texts, and every ruling below "
        "left at 'as the edition says'.",
        group="setup",
        values={
            "2011": "the 2011 first edition (Italian rulebook)",
            "2016": "the 2016 rules (as Board Game Arena plays them)",
        },
    )
    # "box", or monster ids in seat order: "alienoid,kraken,...".
    monsters: str = option(
        "box",
        title="Monsters",
        description="Dealt at random from the edition's box ('box'), or named in seat order, "
        "e.g. kraken,the_king (any of the nine monsters, Pandakaï included).",
        group="setup",
    )
    first_player: Literal["roll", "random", "0", "1", "2", "3", "4", "5"] = option(
        "roll",
        title="First player",
        description="Who takes the first turn.",
        group="setup",
        values={
            "roll": "everyone rolls six dice, most claws starts (rulebook)",
            "random": "chosen at random (Board Game Arena)",
            **{str(seat): f"player {seat + 1}" for seat in range(6)},  # values count from 0
        },
    )
    tokyo_bay: bool = option(
        True,
        title="Tokyo Bay",
        description="With 5 or 6 monsters a second monster holds Tokyo Bay (the 2011 rulebook "
        "leaves it out of a first game).",
        group="setup",
        values={True: "used with 5 or 6 monsters", False: "Tokyo City only"},
    )
    two_player_variant: bool = option(
        False,
        title="Two-player variant",
        description="Entering and holding Tokyo give 1 energy instead of stars (Board Game "
        "Arena's variant for two players).",
        group="variants",
    )
    tokyo_entry: Literal["edition", "claw", "mandatory"] = option(
        "edition",
        title="Entering Tokyo",
        description="When a monster outside takes an empty spot in Tokyo.",
        group="variants",
        values={
            "edition": "as the edition says",
            "claw": "a claw die takes an empty City instead of attacking (2011)",
            "mandatory": "the active monster always takes a free spot (2016)",
        },
    )
    extra_damage: Literal["edition", "damage", "claw"] = option(
        "edition",
        title="Extra damage cards",
        description="How Acid Attack, Spiked Tail, Urbavore, Burrowing and Poison Quills add "
        "to an attack.",
        group="variants",
        values={
            "edition": "as the edition says",
            "damage": "extra damage, not claws (2011)",
            "claw": "they add claws (2016)",
        },
    )
    fire_breathing: Literal["edition", "attacked", "both"] = option(
        "edition",
        title="Fire Breathing",
        description="Which neighbours of a Fire Breathing monster lose the extra heart.",
        group="variants",
        values={
            "edition": "as the edition says",
            "attacked": "only neighbours it attacks (2011)",
            "both": "both neighbours, whenever it resolves a claw (2016)",
        },
    )
    healing_ray_regeneration: Literal["edition", "healer", "healed"] = option(
        "edition",
        title="Healing Ray and Regeneration",
        description="Whose Regeneration adds a heart when Healing Ray heals another monster.",
        group="variants",
        values={
            "edition": "as the edition says",
            "healer": "the healer's Regeneration (2011)",
            "healed": "the healed monster's Regeneration (2016)",
        },
    )
    game_end: Literal["edition", "immediate", "end_of_turn"] = option(
        "edition",
        title="When the game ends",
        description="When a monster with 20 stars wins.",
        group="variants",
        values={
            "edition": "as the edition says",
            "immediate": "at once, checked after every step (2011)",
            "end_of_turn": "at the end of the turn (2016)",
        },
    )
    bay_at_four: Literal["edition", "leave", "move_to_city"] = option(
        "edition",
        title="Tokyo Bay at four monsters",
        description="What the monster in Tokyo Bay does when an elimination leaves 4 monsters.",
        group="variants",
        values={
            "edition": "as the edition says",
            "leave": "it leaves Tokyo (2011)",
            "move_to_city": "it moves to an empty Tokyo City (2016)",
        },
    )
    tentacles_counters: Literal["edition", "stay", "refill"] = option(
        "edition",
        title="Parasitic Tentacles counters",
        description="Counters on a card bought from another monster with Parasitic Tentacles.",
        group="variants",
        values={
            "edition": "as the edition says",
            "stay": "they stay on the card (2011)",
            "refill": "the card is set up afresh (2016)",
        },
    )
    metamorph_refund: Literal["edition", "paid", "printed"] = option(
        "edition",
        title="Metamorph refund",
        description="The energy Metamorph gives back for a Keep card sold at the end of a turn.",
        group="variants",
        values={
            "edition": "as the edition says",
            "paid": "the energy paid for it (2011)",
            "printed": "its printed cost (2016)",
        },
    )
    underdog_turns: Literal["edition", "any", "own"] = option(
        "edition",
        title="Rooting for the Underdog",
        description="At the end of which turns Rooting for the Underdog gives its star.",
        group="variants",
        values={
            "edition": "as the edition says",
            "any": "every monster's turn (2011)",
            "own": "its owner's turns only (2016)",
        },
    )
    underdog_tie: Literal["gains", "nothing"] = option(
        "gains",
        title="Rooting for the Underdog on a tie",
        description="A monster tied with another for the fewest stars.",
        group="variants",
        values={
            "gains": "gains the star (the card: it has the fewest stars)",
            "nothing": "gains nothing: strictly fewer only (Board Game Arena)",
        },
    )
    friend_of_children_metamorph: bool = option(
        False,
        title="Friend of Children and Metamorph",
        description="Friend of Children adds 1 energy to Metamorph refunds.",
        group="variants",
        values={True: "it does (Board Game Arena)", False: "it does not (the FAQ)"},
    )
    frenzy_end_of_turn: bool = option(
        True,
        title="End of turn before Frenzy",
        description="End-of-turn effects still happen before the extra turn Frenzy gives.",
        group="variants",
        values={
            True: "they happen (Board Game Arena)",
            False: "they are skipped (a Dized FAQ entry)",
        },
    )
    herbivore_counts_self: bool = option(
        False,
        title="Herbivore counts your own losses",
        description="Whether hearts you made yourself lose also cost you Herbivore's star.",
        group="variants",
        values={True: "they do (Board Game Arena)", False: "only other monsters' hearts count"},
    )
    poison_quills_2011: Literal["damage", "needs_claw"] = option(
        "damage",
        title="Poison Quills without claws (2011)",
        description="2011: rolling [2][2][2] with Poison Quills and no claw die.",
        group="variants",
        values={
            "damage": "it still deals 2 damage (the card: 'also deal 2 damage'; the 2011 "
            "glossary's claw condition is for cards that add to an attack)",
            "needs_claw": "it deals nothing without a claw die",
        },
    )
    keep_card_kill_2011: Literal["takes_tokyo", "tokyo_stays_empty"] = option(
        "takes_tokyo",
        title="Eliminated in Tokyo by a Keep card (2011)",
        description="2011: the monster in Tokyo is eliminated by another monster's Keep card "
        "damage, without a claw.",
        group="variants",
        values={
            "takes_tokyo": "the eliminator takes control of Tokyo at once (the rulebook: only "
            "a Discard card is excepted)",
            "tokyo_stays_empty": "Tokyo stays empty (a later publisher ruling)",
        },
    )
    freeze_time: Literal["may", "must"] = option(
        "may",
        title="Freeze Time",
        description="The extra turn of Freeze Time after scoring [1][1][1].",
        group="variants",
        values={
            "may": "its owner may take it or not (the card: 'you can take another turn')",
            "must": "it always follows",
        },
    )
    rapid_healing: Literal["any_time", "buy_or_lethal"] = option(
        "any_time",
        title="Rapid Healing",
        description="When the owner of Rapid Healing is asked whether to spend 2 energy "
        "for 1 heart.",
        group="variants",
        values={
            "any_time": "at every step of every turn, before each loss of hearts and before "
            "a card takes its energy (the card: 'at any time')",
            "buy_or_lethal": "only in its own Buy phase and against a loss that would "
            "eliminate it (fewer questions: fast simulations)",
        },
    )
    bay_moves_up: bool = option(
        False,
        title="Bay monster moves up",
        description="When only the monster in Tokyo City yields, the Bay monster moves up to "
        "the City instead of the attacker taking it (a fan ruling).",
        group="variants",
    )
    power_up: Literal["off", "on", "mutant"] = option(
        "off",
        title="Power Up!",
        description="The Power Up! expansion: each monster draws Evolution cards when it "
        "rolls three hearts.",
        group="expansions",
        values={"off": "off", "on": "on: Evolutions", "mutant": "Mutant (draft variant)"},
    )
    evolution_windows: Literal["every_turn", "own_turn"] = option(
        "every_turn",
        title="Evolutions without a timing",
        description="When an Evolution with no printed timing may be played.",
        group="variants",
        values={
            "every_turn": "at every step of every turn, also another monster's, and against "
            "damage (the rulebook: 'auch im Zug eines anderen Spielers')",
            "own_turn": "only at the start of its holder's turn and in its Buy phase "
            "(fewer questions: fast simulations)",
        },
    )
    evolution_prompts: Literal["public", "holding"] = option(
        "public",
        title="Who is asked about Evolutions",
        description="At each moment an Evolution may be played, which monsters are asked.",
        group="variants",
        values={
            "public": "every monster with Evolutions in hand whose Evolution deck (Mutant: "
            "any deck in play) has a card for that moment, whatever its hand holds: being "
            "asked tells nobody what it holds",
            "holding": "only a monster holding a card it can play then (fewer questions, "
            "but being asked shows the others that it holds one)",
        },
    )
    evolution_setup: Literal["shuffle_back", "discard"] = option(
        "shuffle_back",
        title="Power Up! set-up",
        description="Each monster draws 2 Evolutions at the start and keeps 1; what happens "
        "to the other.",
        group="variants",
        values={
            "shuffle_back": "shuffled back into its deck (rulebook)",
            "discard": "discarded (Board Game Arena)",
        },
    )
    draft_direction: Literal["left", "right"] = option(
        "left",
        title="Mutant draft direction",
        description="Where the packets of Evolutions pass in the Mutant draft.",
        group="variants",
        values={"left": "to the left (rulebook)", "right": "to the right (Board Game Arena)"},
    )
    icy_reflection_leaves: Literal["discard", "token"] = option(
        "discard",
        title="Icy Reflection",
        description="When the Evolution that Icy Reflection copies leaves play.",
        group="variants",
        values={
            "discard": "Icy Reflection is discarded too (the card's text)",
            "token": "only its token is removed (Board Game Arena)",
        },
    )
    skipped_turn_end: Literal["skip", "end_of_turn"] = option(
        "skip",
        title="Turns skipped by Evolutions",
        description="A turn skipped with Tune-Up or Sunken Temple: whether its end of turn "
        "(end-of-turn Evolutions and effects, Poison) still happens.",
        group="variants",
        values={
            "skip": "skipped too (Board Game Arena)",
            "end_of_turn": "the end of turn still happens",
        },
    )
    terror_of_the_deep: Literal["permanent", "temporary"] = option(
        "temporary",
        title="Terror of the Deep",
        description="How long the Kraken's Terror of the Deep lasts.",
        group="variants",
        values={
            "permanent": "stays and rolls on every loss of hearts, like Camouflage "
            "(Board Game Arena)",
            "temporary": "discarded after its one roll (the card's wording)",
        },
    )
    healing_temporaries: Literal["before_and_after_loss", "before_loss"] = option(
        "before_and_after_loss",
        title="Healing Evolutions against damage",
        description="When Giant Banana, Radioactive Waste and Healing Rain may answer a "
        "loss of hearts.",
        group="variants",
        values={
            "before_and_after_loss": "before the loss, and after it lands before a monster "
            "at 0 hearts is out (no printed timing: 'at any time')",
            "before_loss": "only before the loss lands (healing is capped by the maximum hearts)",
        },
    )
    destructive_wave_entry: Literal["any_entry", "enter_step"] = option(
        "any_entry",
        title="Destructive Wave",
        description="Which entries into Tokyo let its holder play Destructive Wave and "
        "Eats, Shoots and Leaves ('play when you enter Tokyo').",
        group="variants",
        values={
            "any_entry": "every entry on its own turn, also through Death From Above "
            "(Drop from High Altitude) or a 2011 Keep card kill",
            "enter_step": "only the Enter Tokyo step",
        },
    )
    anger_batteries_poison: Literal["counts", "before_poison"] = option(
        "counts",
        title="Anger Batteries and Poison",
        description="Whether the hearts a monster loses to Poison at the end of its turn "
        "count for Anger Batteries ('each heart you lost this turn').",
        group="variants",
        values={
            "counts": "they count: its owner may play it once Poison has cost hearts",
            "before_poison": "the end-of-turn window comes before Poison, which then never counts",
        },
    )
    # Engine safety only.
    turn_limit: int = option(
        400,
        title="Turn limit",
        description="After this many turns the game ends with no winner (a safety bound; "
        "never reached in normal play).",
        group="advanced",
        min=10,
        max=100_000,
    )

    def __post_init__(self) -> None:
        if self.monsters != "box":
            names = [m.strip() for m in self.monsters.split(",")]
            for name in names:
                if name not in MONSTERS:
                    raise InvalidOptionsError(
                        "monsters",
                        "unknown monster {name!r}; known: {known}",
                        name=name,
                        known=", ".join(MONSTERS),
                    )
            if len(set(names)) != len(names):
                raise InvalidOptionsError("monsters", "each monster can be chosen once")
        check_ranges(self)

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
                "monsters",
                "names {count} monsters for {players} players",
                count=len(names),
                players=num_players,
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
