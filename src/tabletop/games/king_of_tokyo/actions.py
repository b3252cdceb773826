"""The action encoding of King of Tokyo.

Ids are laid out in blocks (``K = len(KEEPS) = 3003`` kept multisets, ``C = 66``
card instances, ``E = 72`` Evolutions, faces in the order 1, 2, 3, heart, energy,
claw):

=================  =========  =====  ==================================================
block              first id   size   meaning
=================  =========  =====  ==================================================
``KEEP``           0          K      keep these dice, reroll the others (:mod:`.dice`)
``STOP``           K          1      stop rolling
``ENERGY_DRINK``   K+1        1      pay 1 energy for an extra roll
``SMOKE``          K+2        1      spend a Smoke counter for an extra roll
``REROLL_THREE``   K+3        1      Background Dweller: reroll a die showing 3
``PROBE``          K+4        6      Psychic Probe: reroll a die of face f
``HERD_CULLER``    K+10       6      turn a die of face f into a 1
``PLOT_TWIST``     K+16       36     turn a die of face f into face t (6f + t)
``STRETCHY``       K+52       36     pay 2 energy: turn a die of face f into face t
``HEART``          K+88       3      a heart die heals you / removes Poison / Shrink
``HEALING_RAY``    K+91       6      a heart die heals seat s (Healing Ray)
``YIELD``          K+97       1      leave Tokyo
``STAY``           K+98       1      stay in Tokyo
``BUY``            K+99       3      buy the card in row slot s
``SWEEP``          K+102      1      pay 2 energy: discard the row, reveal 3 cards
``BUY_TOP``        K+103      1      Made in a Lab: buy the top card of the deck
``TENTACLES``      K+104      C      Parasitic Tentacles: buy card c from its owner
``END_BUY``        K+104+C    1      end your Buy phase
``DECLINE``        K+105+C    1      do not use the ability you are asked about
``MIMIC``          K+106+C    C      put the Mimic token on card c
``SELL``           K+106+2C   C      Metamorph: discard card c for energy
``DONE_SELLING``   K+106+3C   1      keep the remaining cards
``WINGS``          K+107+3C   1      pay 2 energy: lose no hearts this turn
``RAPID_HEAL``     K+108+3C   1      pay 2 energy: gain 1 heart (Rapid Healing)
``TAKE_DAMAGE``    K+109+3C   1      take the damage
``CHARGE``         K+110+3C   1      Monster Batteries: move 1 energy onto the card
``DONE_CHARGING``  K+111+3C   1      stop charging Monster Batteries
``KEEP_EVOLUTION`` K+112+3C   E      Power Up!: keep Evolution e of the two drawn
``PLAY_EVOLUTION`` K+112+3C+E E      Power Up!: play Evolution e
``DRAFT_EVOLUTION`` K+112+3C+2E E    Power Up!: draft Evolution e (Mutant variant)
``EVO_YES``        K+112+3C+3E E      the first answer to Evolution e's question
``EVO_NO``         K+112+3C+4E E      the second answer
``EVO_FACE``       K+112+3C+5E 6      an Evolution's question: the face f
``EVO_CHANGE``     K+118+3C+5E 36     an Evolution's question: turn f into t
``EVO_SEAT``       K+154+3C+5E 6      an Evolution's question: seat s
``EVO_CARD``       K+160+3C+5E C      an Evolution's question: Power card c
``EVO_EVOLUTION``  K+160+4C+5E E      an Evolution's question: Evolution e
``FREEZE_TIME``    K+160+4C+6E 1      take the extra turn Freeze Time offers
=================  =========  =====  ==================================================

Labels name cards by the edition's names, so each edition has its own table.

:meth:`ActionTable.data` gives each action as data (``Game.action_data``): the move's
name (the block's, lower case: ``keep``, ``buy``, ``play_evolution``, ...) and its
argument under a name of the view: ``keep`` (the kept faces), ``face``, ``from`` and
``to`` (faces), ``use`` (a heart die: ``heal``, ``poison`` or ``shrink``), ``seat``,
``slot`` (of the row), ``card`` (a Power card's ``instance``) or ``evolution`` (an
Evolution's ``id``).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from tabletop.core.action import Action, ActionTableBuilder
from tabletop.games.king_of_tokyo.cards import Edition, card_table
from tabletop.games.king_of_tokyo.dice import (
    A_FACE,
    FACE_NAMES,
    KEEPS,
    KEPT_FACES,
    NUM_FACES,
    counts_of,
    keep_choices,
    keep_label,
)
from tabletop.games.king_of_tokyo.evolutions import evolution_table

MAX_SEATS = 6
ROW_SIZE = 3

# Evolutions that ask a yes/no question: the words of the two answers.
EVOLUTION_ANSWERS: dict[str, tuple[str, str]] = {
    "exotic_arms": ("put 2 energy on Exotic Arms", "keep your energy"),
    "energy_sword": ("pay 2 energy for Energy Sword", "do not pay for Energy Sword"),
    "sunken_temple": ("skip your turn for 3 hearts and 3 energy", "play your turn"),
    "bamboo_supply": ("put 1 energy on Bamboo Supply", "take the energy on Bamboo Supply"),
    "mega_purr": ("give 1 energy (Mega Purr)", "give 1 star (Mega Purr)"),
    "electric_carrot": ("give 1 energy (Electric Carrot)", "lose 1 more heart (Electric Carrot)"),
    "play_with_your_food": (
        "play with your food: 2 hearts fewer, steal 1 star and 1 energy",
        "deal the full damage",
    ),
    "lightning_armor": ("roll for Lightning Armor", "do not roll for Lightning Armor"),
    "target_acquired": ("give the target token", "keep the target token where it is"),
    "chest_thumping": ("make it leave Tokyo (Chest Thumping)", "let it choose"),
    "gamma_breath": ("use Gamma Breath: turn one die into a claw", ""),
    "tail_sweep": ("use Tail Sweep: turn one die into a 1 or a 2", ""),
    "mothership_support": ("pay 1 energy for 1 heart (Mothership Support)", ""),
    "miraculous_catch": (
        "reveal a random card of the discard pile (Miraculous Catch)",
        "leave the revealed card",
    ),
    "adapting_technology": ("remove a counter to sweep the row (Adapting Technology)", ""),
    "yin_yang": ("turn all your dice to their opposite faces (Yin & Yang)", ""),
    "superior_alien_technology": (
        "buy it for half its cost (Superior Alien Technology)",
        "buy it at the normal cost",
    ),
}


class Move:
    """The type of an action id (see the module docstring); plain ints for speed."""

    KEEP: Final = 0
    STOP: Final = 1
    ENERGY_DRINK: Final = 2
    SMOKE: Final = 3
    REROLL_THREE: Final = 4
    PROBE: Final = 5
    HERD_CULLER: Final = 6
    PLOT_TWIST: Final = 7
    STRETCHY: Final = 8
    HEART: Final = 9
    HEALING_RAY: Final = 10
    YIELD: Final = 11
    STAY: Final = 12
    BUY: Final = 13
    SWEEP: Final = 14
    BUY_TOP: Final = 15
    TENTACLES: Final = 16
    END_BUY: Final = 17
    DECLINE: Final = 18
    MIMIC: Final = 19
    SELL: Final = 20
    DONE_SELLING: Final = 21
    WINGS: Final = 22
    RAPID_HEAL: Final = 23
    TAKE_DAMAGE: Final = 24
    CHARGE: Final = 25
    DONE_CHARGING: Final = 26
    KEEP_EVOLUTION: Final = 27
    PLAY_EVOLUTION: Final = 28
    DRAFT_EVOLUTION: Final = 29
    EVO_YES: Final = 30  # arg: Evolution: the first answer of its question
    EVO_NO: Final = 31  # arg: Evolution: the second answer
    EVO_FACE: Final = 32  # arg: face (name a face, pick a die of that face)
    EVO_CHANGE: Final = 33  # arg: 6 * from + to (turn dice of one face into another)
    EVO_SEAT: Final = 34  # arg: seat
    EVO_CARD: Final = 35  # arg: Power card instance
    EVO_EVOLUTION: Final = 36  # arg: Evolution (Icy Reflection's target)
    FREEZE_TIME: Final = 37  # take the extra turn Freeze Time offers


HEART_HEAL, HEART_POISON, HEART_SHRINK = range(3)
HEART_USES = ("heal", "poison", "shrink")

# Each move's name in :meth:`ActionTable.data`, indexed by :class:`Move`.
MOVE_NAMES: Final = (
    "keep",
    "stop",
    "energy_drink",
    "smoke",
    "reroll_three",
    "probe",
    "herd_culler",
    "plot_twist",
    "stretchy",
    "heart",
    "healing_ray",
    "yield",
    "stay",
    "buy",
    "sweep",
    "buy_top",
    "tentacles",
    "end_buy",
    "decline",
    "mimic",
    "sell",
    "done_selling",
    "wings",
    "rapid_heal",
    "take_damage",
    "charge",
    "done_charging",
    "keep_evolution",
    "play_evolution",
    "draft_evolution",
    "evo_yes",
    "evo_no",
    "evo_face",
    "evo_change",
    "evo_seat",
    "evo_card",
    "evo_evolution",
    "freeze_time",
)
_FACE_MOVES: Final = frozenset((Move.PROBE, Move.HERD_CULLER, Move.EVO_FACE))
_CHANGE_MOVES: Final = frozenset((Move.PLOT_TWIST, Move.STRETCHY, Move.EVO_CHANGE))
_SEAT_MOVES: Final = frozenset((Move.HEALING_RAY, Move.EVO_SEAT))
_CARD_MOVES: Final = frozenset((Move.TENTACLES, Move.MIMIC, Move.SELL, Move.EVO_CARD))
_EVOLUTION_MOVES: Final = frozenset(
    (
        Move.KEEP_EVOLUTION,
        Move.PLAY_EVOLUTION,
        Move.DRAFT_EVOLUTION,
        Move.EVO_YES,
        Move.EVO_NO,
        Move.EVO_EVOLUTION,
    )
)


class ActionTable:
    """All actions of one edition, with decode tables indexed by id.

    ``move[i]`` is the :class:`Move`; ``arg[i]`` the block's argument (keep index,
    face, ``6 * from + to``, seat, slot or card instance; -1 when none).
    """

    def __init__(self, edition: Edition) -> None:
        names = card_table(edition).instance_names
        builder = ActionTableBuilder()
        add = builder.add
        faces = range(NUM_FACES)
        self.keep = tuple(add(keep_label(k), Move.KEEP, i) for i, k in enumerate(KEEPS))
        self.stop = add("stop rolling and resolve the dice", Move.STOP)
        self.energy_drink = add("pay 1 energy for an extra roll", Move.ENERGY_DRINK)
        self.smoke = add("spend a Smoke counter for an extra roll", Move.SMOKE)
        self.reroll_three = add("reroll a 3 (Background Dweller)", Move.REROLL_THREE)
        self.probe = tuple(add(f"Psychic Probe: reroll {A_FACE[f]}", Move.PROBE, f) for f in faces)
        self.herd_culler = tuple(
            add(f"Herd Culler: turn {A_FACE[f]} into a 1", Move.HERD_CULLER, f) for f in faces
        )
        self.plot_twist = tuple(
            add(
                f"Plot Twist: turn {A_FACE[f]} into {A_FACE[t]}",
                Move.PLOT_TWIST,
                NUM_FACES * f + t,
            )
            for f in faces
            for t in faces
        )
        self.stretchy = tuple(
            add(
                f"Stretchy: pay 2 energy to turn {A_FACE[f]} into {A_FACE[t]}",
                Move.STRETCHY,
                NUM_FACES * f + t,
            )
            for f in faces
            for t in faces
        )
        self.heart = (
            add("use a heart die to heal yourself", Move.HEART, HEART_HEAL),
            add("use a heart die to remove a Poison token", Move.HEART, HEART_POISON),
            add("use a heart die to remove a Shrink token", Move.HEART, HEART_SHRINK),
        )
        self.healing_ray = tuple(
            add(f"Healing Ray: heal seat {s + 1} with a heart die", Move.HEALING_RAY, s)
            for s in range(MAX_SEATS)
        )
        self.yield_ = add("yield Tokyo", Move.YIELD)
        self.stay = add("stay in Tokyo", Move.STAY)
        self.buy = tuple(
            add(f"buy the card in slot {s + 1} of the row", Move.BUY, s) for s in range(ROW_SIZE)
        )
        self.sweep = add("pay 2 energy to sweep the row", Move.SWEEP)
        self.buy_top = add("buy the top card of the deck (Made in a Lab)", Move.BUY_TOP)
        self.tentacles = tuple(
            add(f"take {n} from its owner (Parasitic Tentacles)", Move.TENTACLES, c)
            for c, n in enumerate(names)
        )
        self.end_buy = add("end your Buy phase", Move.END_BUY)
        self.decline = add("decline", Move.DECLINE)
        self.mimic = tuple(
            add(f"put the Mimic token on {n}", Move.MIMIC, c) for c, n in enumerate(names)
        )
        self.sell = tuple(
            add(f"discard {n} for energy (Metamorph)", Move.SELL, c) for c, n in enumerate(names)
        )
        self.done_selling = add("keep your remaining cards", Move.DONE_SELLING)
        self.wings = add("pay 2 energy to lose no hearts this turn (Wings)", Move.WINGS)
        self.rapid_heal = add("pay 2 energy to gain 1 heart (Rapid Healing)", Move.RAPID_HEAL)
        self.take_damage = add("take the damage", Move.TAKE_DAMAGE)
        self.charge = add("move 1 energy onto Monster Batteries", Move.CHARGE)
        self.done_charging = add("stop charging Monster Batteries", Move.DONE_CHARGING)
        evolutions = evolution_table().info
        self.keep_evolution = tuple(
            add(f"keep {e.name}", Move.KEEP_EVOLUTION, e.number) for e in evolutions
        )
        self.play_evolution = tuple(
            add(f"play {e.name}", Move.PLAY_EVOLUTION, e.number) for e in evolutions
        )
        self.draft_evolution = tuple(
            add(f"draft {e.name}", Move.DRAFT_EVOLUTION, e.number) for e in evolutions
        )
        # Answers to an Evolution's question (``Ask.EVO_CHOICE``); the question's
        # wording is in the view. Yes/no answers carry the Evolution's own words.
        self.evo_yes = tuple(
            add(EVOLUTION_ANSWERS.get(e.id, (f"{e.name}: yes", ""))[0], Move.EVO_YES, e.number)
            for e in evolutions
        )
        self.evo_no = tuple(
            add(
                EVOLUTION_ANSWERS.get(e.id, ("", f"{e.name}: no"))[1] or f"{e.name}: no",
                Move.EVO_NO,
                e.number,
            )
            for e in evolutions
        )
        self.evo_face = tuple(
            add(f"choose the face {FACE_NAMES[f]}", Move.EVO_FACE, f) for f in faces
        )
        self.evo_change = tuple(
            add(f"turn {FACE_NAMES[f]} into {FACE_NAMES[t]}", Move.EVO_CHANGE, NUM_FACES * f + t)
            for f in faces
            for t in faces
        )
        self.evo_seat = tuple(
            add(f"choose seat {s + 1}", Move.EVO_SEAT, s) for s in range(MAX_SEATS)
        )
        self.evo_card = tuple(add(f"choose {n}", Move.EVO_CARD, c) for c, n in enumerate(names))
        self.evo_evolution = tuple(
            add(f"choose the Evolution {e.name}", Move.EVO_EVOLUTION, e.number) for e in evolutions
        )
        self.freeze_time = add(
            "take another turn with one die fewer (Freeze Time)", Move.FREEZE_TIME
        )
        self.actions: tuple[Action, ...] = tuple(builder.actions)
        self.move: tuple[int, ...] = tuple(builder.move)
        self.arg: tuple[int, ...] = tuple(builder.arg)
        # Memos by roll (sorted faces), shared by every game of the edition: a turn
        # asks for them at each roll, and a 6-dice roll is one of only 462.
        self._keeps: dict[tuple[int, ...], list[Action]] = {}
        self._rolls: dict[tuple[int, ...], list[Action]] = {}
        self._counts: dict[tuple[int, ...], tuple[int, ...]] = {}

    def data(self, action_id: int) -> dict[str, Any]:
        """Action ``action_id`` as data (see the module docstring)."""
        move = self.move[action_id]
        arg = self.arg[action_id]
        out: dict[str, Any] = {"move": MOVE_NAMES[move]}
        if move == Move.KEEP:
            out["keep"] = [FACE_NAMES[f] for f in KEPT_FACES[arg]]
        elif move in _FACE_MOVES:
            out["face"] = FACE_NAMES[arg]
        elif move in _CHANGE_MOVES:
            out["from"] = FACE_NAMES[arg // NUM_FACES]
            out["to"] = FACE_NAMES[arg % NUM_FACES]
        elif move == Move.HEART:
            out["use"] = HEART_USES[arg]
        elif move in _SEAT_MOVES:
            out["seat"] = arg
        elif move == Move.BUY:
            out["slot"] = arg
        elif move in _CARD_MOVES:
            out["card"] = arg
        elif move in _EVOLUTION_MOVES:
            out["evolution"] = evolution_table().info[arg].id
        return out

    def keep_actions(self, dice: list[int]) -> list[Action]:
        """The reroll choices for a roll (sorted faces)."""
        key = tuple(dice)
        keeps = self._keeps.get(key)
        if keeps is None:
            keep = self.keep
            keeps = self._keeps[key] = [keep[i] for i in keep_choices(counts_of(dice))]
        return keeps

    def roll_counts(self, dice: list[int]) -> tuple[int, ...]:
        """How many dice of a roll (sorted faces) show each face."""
        key = tuple(dice)
        counts = self._counts.get(key)
        if counts is None:
            counts = self._counts[key] = counts_of(dice)
        return counts

    def roll_actions(self, dice: list[int]) -> list[Action]:
        """The reroll choices then "stop": a roll's whole legal list when nothing else
        applies, shared (do not mutate it)."""
        key = tuple(dice)
        actions = self._rolls.get(key)
        if actions is None:
            actions = self._rolls[key] = [*self.keep_actions(dice), self.stop]
        return actions


@cache
def action_table(edition: Edition) -> ActionTable:
    """The shared action table of ``edition``."""
    return ActionTable(edition)
