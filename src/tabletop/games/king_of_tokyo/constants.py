"""The numbers the rules print (costs, counters, limits) and the card bits they test.

Data only: every rules module reads these; none is computed at run time.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo.actions import MAX_SEATS
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.phases import ASK_NAMES

ROLLS = 3
SWEEP_COST = 2
WINGS_COST = 2
RAPID_HEAL_COST = 2
STRETCHY_COST = 2
SMOKE_COUNTERS = 3
BATTERY_ENERGY = 6  # Battery Monster (2016)
BATTERY_DRAIN = 2
FIRST_ROLL_LIMIT = 100  # first-player roll-offs before falling back to a random pick

OUTSIDE, CITY, BAY = 0, 1, 2
LOCATION_NAMES = ("outside", "city", "bay")

# Kinds of extra turn in ``state.extra_turns`` (Power Up! adds 2 and 3).
FRENZY_TURN = 0
FREEZE_TIME_TURN = 1  # with one die fewer
FREEZE_OFFER = 4  # Freeze Time's turn, if its owner takes it (option freeze_time="may")

# A hit: [victim, hearts, source seat, is a smash, prevention done]
Hit = list[Any]

CLAW_CARDS_MASK = sum(
    1 << c
    for c in (
        Card.ACID_ATTACK,
        Card.BURROWING,
        Card.POISON_QUILLS,
        Card.SPIKED_TAIL,
        Card.URBAVORE,
    )
)
ADJUST_MASK = sum(
    1 << c for c in (Card.BACKGROUND_DWELLER, Card.HERD_CULLER, Card.PLOT_TWIST, Card.STRETCHY)
)
PREVENT_MASK = sum(1 << c for c in (Card.ARMOR_PLATING, Card.CAMOUFLAGE))
ANSWER_MASK = sum(1 << c for c in (Card.WINGS, Card.RAPID_HEALING))  # to a hit
BUY_CARDS_MASK = sum(
    1 << c for c in (Card.MADE_IN_A_LAB, Card.PARASITIC_TENTACLES, Card.RAPID_HEALING)
)

# ``1 << card`` for the cards the rules test in a mask, as plain ints: looking an IntEnum
# member up costs more than the test itself on the hot path.
ALIEN_ORIGIN = 1 << Card.ALIEN_ORIGIN
ALPHA_MONSTER = 1 << Card.ALPHA_MONSTER
ARMOR_PLATING = 1 << Card.ARMOR_PLATING
BACKGROUND_DWELLER = 1 << Card.BACKGROUND_DWELLER
BURROWING = 1 << Card.BURROWING
CAMOUFLAGE = 1 << Card.CAMOUFLAGE
EATER_OF_THE_DEAD = 1 << Card.EATER_OF_THE_DEAD
ENERGY_DRINK = 1 << Card.ENERGY_DRINK
EVEN_BIGGER = 1 << Card.EVEN_BIGGER
EXTRA_HEAD = 1 << Card.EXTRA_HEAD
FIRE_BREATHING = 1 << Card.FIRE_BREATHING
FRIEND_OF_CHILDREN = 1 << Card.FRIEND_OF_CHILDREN
GIANT_BRAIN = 1 << Card.GIANT_BRAIN
HEALING_RAY = 1 << Card.HEALING_RAY
HERD_CULLER = 1 << Card.HERD_CULLER
IT_HAS_A_CHILD = 1 << Card.IT_HAS_A_CHILD
JETS = 1 << Card.JETS
MADE_IN_A_LAB = 1 << Card.MADE_IN_A_LAB
MEDIA_FRIENDLY = 1 << Card.MEDIA_FRIENDLY
METAMORPH = 1 << Card.METAMORPH
MIMIC = 1 << Card.MIMIC
NOVA_BREATH = 1 << Card.NOVA_BREATH
OPPORTUNIST = 1 << Card.OPPORTUNIST
PARASITIC_TENTACLES = 1 << Card.PARASITIC_TENTACLES
PLOT_TWIST = 1 << Card.PLOT_TWIST
POISON_SPIT = 1 << Card.POISON_SPIT
PSYCHIC_PROBE = 1 << Card.PSYCHIC_PROBE
RAPID_HEALING = 1 << Card.RAPID_HEALING
REGENERATION = 1 << Card.REGENERATION
ROOTING_FOR_THE_UNDERDOG = 1 << Card.ROOTING_FOR_THE_UNDERDOG
SHRINK_RAY = 1 << Card.SHRINK_RAY
SMOKE_CLOUD = 1 << Card.SMOKE_CLOUD
STRETCHY = 1 << Card.STRETCHY
WERE_ONLY_MAKING_IT_STRONGER = 1 << Card.WERE_ONLY_MAKING_IT_STRONGER
WINGS = 1 << Card.WINGS

PLAIN_ASKS = tuple(
    tuple(Decision(kind, seat) for seat in range(MAX_SEATS)) for kind in range(len(ASK_NAMES))
)
"""``PLAIN_ASKS[kind][seat]``: the decisions without data, made once (they are immutable)."""
