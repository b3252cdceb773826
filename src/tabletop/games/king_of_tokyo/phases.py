"""Pending-decision kinds and turn stages, as plain ints (compared on the hot path)."""

from __future__ import annotations

from typing import Final


class Ask:
    """Kinds of pending decision (``Decision.kind``)."""

    ROLL: Final = 0  # the active monster: keep dice and reroll, buy an extra roll, or stop
    PROBE: Final = 1  # a Psychic Probe owner: reroll one of the active monster's dice or not
    ADJUST: Final = 2  # the active monster: change dice (Herd Culler, Plot Twist, ...) or resolve
    HEARTS: Final = 3  # data: (heart dice left,): what the next heart die does
    YIELD: Final = 4  # a wounded monster in Tokyo: yield or stay
    BUY: Final = 5  # the active monster's Buy phase
    OPPORTUNIST: Final = 6  # buy a newly revealed card (``state.new_slots``) or not
    MIMIC: Final = 7  # choose the card the new Mimic copies
    MIMIC_MOVE: Final = 8  # start of turn: pay 1 energy to move the Mimic token, or not
    CHARGE: Final = 9  # data: (card instance,): Monster Batteries (2011): charge it more, or stop
    SELL: Final = 10  # Metamorph, end of turn: discard Keep cards for energy
    PREVENT: Final = 11  # data: (hearts about to be lost,): Wings, Rapid Healing, or take it
    EVO_KEEP: Final = 12  # data: (drawn, drawn, set-up?): which Evolution to keep
    EVO_PLAY: Final = 13  # data: (window,): play an Evolution now, or not
    DRAFT: Final = 14  # Mutant Evolution: which card of the packet to take
    EVO_CHOICE: Final = 15  # data: (Evolution, context...): an Evolution's own question
    FREEZE_TIME: Final = 16  # Freeze Time (option "may"): take the extra turn, or not
    # data: (occasion, seat): Rapid Healing at a step of any turn or before a loss of
    # energy (option rapid_healing="any_time"; see rapid_healing.py)
    RAPID_HEAL: Final = 17


ASK_NAMES = {
    Ask.ROLL: "roll",
    Ask.PROBE: "psychic_probe",
    Ask.ADJUST: "change_dice",
    Ask.HEARTS: "heart_dice",
    Ask.YIELD: "yield",
    Ask.BUY: "buy",
    Ask.OPPORTUNIST: "opportunist",
    Ask.MIMIC: "mimic",
    Ask.MIMIC_MOVE: "move_mimic",
    Ask.CHARGE: "charge_batteries",
    Ask.SELL: "metamorph",
    Ask.PREVENT: "prevent_damage",
    Ask.EVO_KEEP: "keep_evolution",
    Ask.EVO_PLAY: "play_evolution",
    Ask.DRAFT: "draft_evolution",
    Ask.EVO_CHOICE: "evolution_question",
    Ask.FREEZE_TIME: "freeze_time",
    Ask.RAPID_HEAL: "rapid_healing",
}

ASK_TEXT = {
    Ask.ROLL: "choose dice to keep, or stop rolling",
    Ask.PROBE: "you may reroll one of the active monster's dice (Psychic Probe)",
    Ask.ADJUST: "you may change dice before they resolve",
    Ask.HEARTS: "choose what a heart die does",
    Ask.YIELD: "you were smashed in Tokyo: yield or stay",
    Ask.BUY: "buy Power cards, sweep the row, or end your turn",
    Ask.OPPORTUNIST: "a new card was revealed: buy it now (Opportunist) or not",
    Ask.MIMIC: "choose a Keep card for Mimic to copy",
    Ask.MIMIC_MOVE: "you may pay 1 energy to move the Mimic token",
    Ask.CHARGE: "move energy onto Monster Batteries (the bank doubles it)",
    Ask.SELL: "discard Keep cards for energy (Metamorph), or keep them",
    Ask.PREVENT: "you are about to lose hearts",
    Ask.EVO_KEEP: "keep one of the two Evolutions you drew",
    Ask.EVO_PLAY: "you may play an Evolution now",
    Ask.DRAFT: "take one Evolution from the packet, then pass it on",
    Ask.EVO_CHOICE: "answer an Evolution's question",
    Ask.FREEZE_TIME: "you rolled three 1s: you may take another turn with one die fewer",
    Ask.RAPID_HEAL: "you may pay 2 energy to gain 1 heart (Rapid Healing)",
}


class EnergyLoss:
    """A loss of energy a Rapid Healing question holds back until it closes
    (``Decision.data[0]`` of :attr:`Ask.RAPID_HEAL`)."""

    NONE: Final = 0  # a step boundary of the turn: nothing
    VAST_STORM: Final = 1  # half its energy, rounded down
    PLAY_WITH_YOUR_FOOD: Final = 2  # 1 energy, to the monster in data[1]


ENERGY_LOSS_NAMES = {
    EnergyLoss.VAST_STORM: "vast_storm",
    EnergyLoss.PLAY_WITH_YOUR_FOOD: "play_with_your_food",
}


class Stage:
    """What the turn does next when no decision or damage is pending: the steps A to K
    of docs/games/king-of-tokyo.md, "A turn"."""

    START: Final = 0  # step A: start-of-turn effects, Mimic move
    ROLL: Final = 1  # step B: the first roll
    ROLLING: Final = 2  # step B: rerolls and extra rolls
    PROBE: Final = 3  # step C1: other monsters' Psychic Probes
    ADJUST: Final = 4  # step C2: the active monster's die changes
    NUMBERS: Final = 5  # steps D1-D4: claws counted, roll bonuses, numbers
    HEARTS: Final = 6  # step D5
    ENERGY: Final = 7  # step D6
    CLAWS: Final = 8  # steps D7-D8: the attack
    AFTER_CLAWS: Final = 9  # 2011 attack bonuses
    YIELD: Final = 10  # step E
    BURROW: Final = 11  # step F
    ENTER: Final = 12  # step G
    BUY: Final = 13  # step H
    SELL: Final = 14  # step I
    END: Final = 15  # step J
    NEXT: Final = 16  # step K
    OVER: Final = 17
    # Power Up!
    DRAFT: Final = 18  # the Mutant Evolution draft, before the game
    SETUP: Final = 19  # each monster draws 2 Evolutions and keeps 1, before the first turn
    START_EFFECTS: Final = 20  # steps A3-A7, after the "before start" window
    RESOLVE_WINDOW: Final = 21  # step D3: the "while resolving" window, before the numbers
    END_WINDOW: Final = 22  # step J1: the end-of-turn window, every player in turn


PHASE_NAMES = (
    "start",
    "roll",
    "roll",
    "roll",
    "roll",
    "resolve",
    "resolve",
    "resolve",
    "resolve",
    "resolve",
    "yield",
    "yield",
    "enter",
    "buy",
    "end",
    "end",
    "end",
    "over",
    "setup",
    "setup",
    "start",
    "resolve",
    "end",
)


class Noted:
    """Kinds of entry of the public record of Evolutions (``KingOfTokyoState.record``,
    :mod:`.evolution_hands`): the entry's second number, after the seat."""

    PLAYED: Final = 0  # (seat, PLAYED, Evolution): played from its hand, face up
    # (seat, DECLINED, window, offered, hearts, max hearts, damage or -1): played none
    DECLINED: Final = 1
    RECEIVED: Final = 2  # (seat, RECEIVED, card discarded with it or -1): one came in unseen
    RETURNED: Final = 3  # (seat, RETURNED, Evolution): a known card came back into its hand
    RESET: Final = 4  # (seat, RESET): what it held before tells nothing of its hand now


NOTED_SIZES: Final = (3, 7, 3, 3, 2)
"""The length of an entry of each kind (:class:`Noted`)."""
