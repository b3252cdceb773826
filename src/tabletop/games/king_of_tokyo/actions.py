"""The action encoding of King of Tokyo.

Ids are laid out in blocks (``K = len(KEEPS) = 3003`` kept multisets, ``C = 66``
card instances, faces in the order 1, 2, 3, heart, energy, claw):

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
=================  =========  =====  ==================================================

Labels name cards by the edition's names, so each edition has its own table.
"""

from __future__ import annotations

from functools import cache

from tabletop.core.action import Action, ActionTableBuilder
from tabletop.games.king_of_tokyo.cards import Edition, card_table
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, KEEPS, NUM_FACES, keep_label

MAX_SEATS = 6
ROW_SIZE = 3


class Move:
    """The type of an action id (see the module docstring); plain ints for speed."""

    KEEP = 0
    STOP = 1
    ENERGY_DRINK = 2
    SMOKE = 3
    REROLL_THREE = 4
    PROBE = 5
    HERD_CULLER = 6
    PLOT_TWIST = 7
    STRETCHY = 8
    HEART = 9
    HEALING_RAY = 10
    YIELD = 11
    STAY = 12
    BUY = 13
    SWEEP = 14
    BUY_TOP = 15
    TENTACLES = 16
    END_BUY = 17
    DECLINE = 18
    MIMIC = 19
    SELL = 20
    DONE_SELLING = 21
    WINGS = 22
    RAPID_HEAL = 23
    TAKE_DAMAGE = 24
    CHARGE = 25
    DONE_CHARGING = 26


HEART_HEAL, HEART_POISON, HEART_SHRINK = range(3)


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
        self.probe = tuple(
            add(f"Psychic Probe: reroll a {FACE_NAMES[f]}", Move.PROBE, f) for f in faces
        )
        self.herd_culler = tuple(
            add(f"Herd Culler: turn a {FACE_NAMES[f]} into a 1", Move.HERD_CULLER, f) for f in faces
        )
        self.plot_twist = tuple(
            add(
                f"Plot Twist: turn a {FACE_NAMES[f]} into a {FACE_NAMES[t]}",
                Move.PLOT_TWIST,
                NUM_FACES * f + t,
            )
            for f in faces
            for t in faces
        )
        self.stretchy = tuple(
            add(
                f"Stretchy: pay 2 energy to turn a {FACE_NAMES[f]} into a {FACE_NAMES[t]}",
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
            add(f"Healing Ray: heal seat {s} with a heart die", Move.HEALING_RAY, s)
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
        self.actions: tuple[Action, ...] = tuple(builder.actions)
        self.move: tuple[int, ...] = tuple(builder.move)
        self.arg: tuple[int, ...] = tuple(builder.arg)


@cache
def action_table(edition: Edition) -> ActionTable:
    """The shared action table of ``edition``."""
    return ActionTable(edition)
