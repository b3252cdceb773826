"""The rule-based King of Tokyo policy behind the ``heuristic`` bot.

It reads only public information: the monsters' boards, the row, the dice and the
legal actions (the deck order, the one hidden thing, is never touched), so it is
safe on the true state and fast enough to serve as ISMCTS's rollout policy. It is
plain functions of the state (no bot object, no randomness), so that a compiled build
runs it as C; :class:`~.bots.KingOfTokyoHeuristicBot` calls :func:`choose`.

- **Dice**: it keeps energy, a number that already shows three times (and a pair of
  3s), hearts while it is outside Tokyo and hurt, and claws when they hit somebody
  worth hitting: from Tokyo always, from outside when it is healthy enough to take
  Tokyo (or, in the 2011 rules, to take an empty Tokyo City). Everything else is
  rerolled; when nothing is rerolled it stops.
- **Tokyo**: it yields when its hearts fall to ``YIELD_AT`` or fewer (more when
  many monsters can hit it), and stays otherwise.
- **Buying**: each card has a worth in stars (:data:`WORTH`); it buys the card with
  the best worth for its cost when that is worth the energy, a card that wins the
  game at once, and never a card whose heart loss would eliminate it. It keeps its
  energy otherwise.
- **Damage**: it pays for Wings against 2 or more hearts and heals with Rapid
  Healing rather than die.
- **Evolutions** (Power Up!): it keeps and drafts permanent Evolutions first, plays a
  permanent one as soon as it may, a healing one when hurt, a turn-skipping one
  (Tune-Up) only to escape death (``RECOVER_AT`` hearts or fewer), Mecha Blast with
  claws, High Tide with heart dice that heal, Primal Bellow once the others lose 4 stars
  by it, a turn's tally's reward (Anger Batteries, Stroke of Genius, Cult Worshippers)
  at a tally of 2 or more, the others when they are offered. It answers an Evolution's
  question with its first answer (the card's own effect) except where another answer is
  plainly better: it skips a turn with Sunken Temple only at ``RECOVER_AT`` hearts or
  fewer, collects Bamboo Supply at 3 energy, bets on Exotic Arms only from Tokyo,
  healthy and with 4 energy or more, and on Energy Sword only with 5 energy or more,
  gives Mega Purr what it has more of. Against 3 hearts or more, or lethal damage, it
  plays an Evolution that the damage window offers. (Sunken Temple at 5 hearts or fewer,
  Tune-Up at once and the Exotic Arms bet from anywhere cost their holder 6.0, 3.3 and
  10.2 points in the Power Up! study: docs/bots.md, "The heuristic's Evolutions".)

The module is compiled by mypyc with the engine (``setup.py``): its constants are
``Final`` (C statics, or inlined), the per-card tables are tuples indexed by card type,
and the hot path (:func:`choose` on a roll or a Buy phase) decodes action ids with two
tuple lookups.
"""

from __future__ import annotations

from typing import Final

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo.actions import (
    HEART_HEAL,
    HEART_POISON,
    HEART_SHRINK,
    Move,
    action_table,
)
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import (
    CLAW,
    ENERGY,
    HEART,
    KEEP_INDEX,
    NUM_FACES,
    THREE,
    counts_of,
)
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import Ask, EnergyLoss
from tabletop.games.king_of_tokyo.state import KingOfTokyoState

YIELD_AT: Final = 6
HEAL_BELOW: Final = 8  # keeps heart dice outside Tokyo below this many hearts
ENTER_WITH: Final = 6  # hearts needed before it goes for Tokyo with claws
MIN_WORTH_PER_ENERGY: Final = 0.55

# Worth of each card in stars, for a monster in the middle of a game.
WORTH: Final[dict[Card, float]] = {
    Card.ACID_ATTACK: 3.5,
    Card.ALIEN_ORIGIN: 2.0,
    Card.ALPHA_MONSTER: 3.0,
    Card.ARMOR_PLATING: 2.5,
    Card.BACKGROUND_DWELLER: 1.0,
    Card.BATTERY_MONSTER: 2.0,
    Card.BURROWING: 2.5,
    Card.CAMOUFLAGE: 2.0,
    Card.COMPLETE_DESTRUCTION: 1.5,
    Card.DETRITIVORE: 2.0,
    Card.EATER_OF_THE_DEAD: 2.5,
    Card.ENERGY_DRINK: 1.5,
    Card.ENERGY_HOARDER: 2.0,
    Card.EVEN_BIGGER: 3.0,
    Card.EXTRA_HEAD: 4.5,
    Card.FIRE_BREATHING: 2.5,
    Card.FREEZE_TIME: 2.0,
    Card.FRIEND_OF_CHILDREN: 2.5,
    Card.GIANT_BRAIN: 3.0,
    Card.GOURMET: 1.5,
    Card.HEALING_RAY: 1.5,
    Card.HERBIVORE: 2.5,
    Card.HERD_CULLER: 1.5,
    Card.IT_HAS_A_CHILD: 3.0,
    Card.JETS: 2.5,
    Card.MADE_IN_A_LAB: 1.0,
    Card.MEDIA_FRIENDLY: 2.0,
    Card.METAMORPH: 0.5,
    Card.MIMIC: 2.0,
    Card.NOVA_BREATH: 3.0,
    Card.OPPORTUNIST: 1.5,
    Card.PARASITIC_TENTACLES: 1.0,
    Card.PLOT_TWIST: 1.0,
    Card.POISON_QUILLS: 2.0,
    Card.POISON_SPIT: 2.5,
    Card.PSYCHIC_PROBE: 1.0,
    Card.RAPID_HEALING: 2.0,
    Card.REGENERATION: 2.5,
    Card.ROOTING_FOR_THE_UNDERDOG: 1.5,
    Card.SHRINK_RAY: 3.0,
    Card.SMOKE_CLOUD: 1.5,
    Card.SOLAR_POWERED: 1.0,
    Card.SPIKED_TAIL: 3.0,
    Card.STRETCHY: 1.0,
    Card.URBAVORE: 3.0,
    Card.WERE_ONLY_MAKING_IT_STRONGER: 1.5,
    Card.WINGS: 2.0,
    Card.APARTMENT_BUILDING: 3.0,
    Card.COMMUTER_TRAIN: 2.0,
    Card.CORNER_STORE: 1.0,
    Card.DEATH_FROM_ABOVE: 3.0,
    Card.ENERGIZE: 3.5,
    Card.EVACUATION_ORDERS: 4.0,
    Card.FLAME_THROWER: 2.0,
    Card.FRENZY: 4.0,
    Card.GAS_REFINERY: 4.0,
    Card.HEAL: 1.0,
    Card.HIGH_ALTITUDE_BOMBING: 1.5,
    Card.JET_FIGHTERS: 3.0,
    Card.NATIONAL_GUARD: 1.5,
    Card.NUCLEAR_POWER_PLANT: 3.0,
    Card.SKYSCRAPER: 4.0,
    Card.TANK: 2.5,
    Card.VAST_STORM: 2.5,
}
# Stars a Discard card gives at once (a purchase that reaches 20 stars wins).
STARS: Final[dict[Card, int]] = {
    Card.APARTMENT_BUILDING: 3,
    Card.COMMUTER_TRAIN: 2,
    Card.CORNER_STORE: 1,
    Card.DEATH_FROM_ABOVE: 2,
    Card.GAS_REFINERY: 2,
    Card.JET_FIGHTERS: 5,
    Card.NATIONAL_GUARD: 2,
    Card.NUCLEAR_POWER_PLANT: 2,
    Card.SKYSCRAPER: 4,
    Card.TANK: 4,
    Card.VAST_STORM: 2,
}
# Hearts a Discard card costs its buyer.
SELF_DAMAGE: Final[dict[Card, int]] = {
    Card.JET_FIGHTERS: 4,
    Card.NATIONAL_GUARD: 2,
    Card.TANK: 3,
    Card.HIGH_ALTITUDE_BOMBING: 3,
}

HEALING_EVOLUTIONS: Final = frozenset(
    {"giant_banana", "healing_rain", "radioactive_waste", "bear_necessities"}
)
# Evolutions that skip the monster's turn for hearts and energy: worth a turn only to
# a monster this close to death (measured: docs/bots.md).
TURN_SKIPPING_EVOLUTIONS: Final = frozenset({"tune_up"})
RECOVER_AT: Final = 2
# Exotic Arms' bet: only from Tokyo, where every claw smashes every other monster
# (the bet's 2 extra hearts each), healthy enough to lose 2 hearts, and with energy
# left after the 2 it bets.
EXOTIC_BET_HEARTS: Final = 6
EXOTIC_BET_ENERGY: Final = 4
# Primal Bellow waits until the others lose this many stars in all (2 each at most).
PRIMAL_BELLOW_STARS: Final = 4
# The end-of-turn rewards of this turn's tally (``PowerUp.tallied``), kept for a turn
# whose tally reaches TALLY_AT_LEAST.
TALLIES: Final[dict[str, str]] = {
    "anger_batteries": "lost",
    "stroke_of_genius": "energy",
    "cult_worshippers": "hearts",
}
TALLY_AT_LEAST: Final = 2

# The tables above by card type (``Card`` value), for the Buy phase's inner loop.
_WORTH_OF: Final[tuple[float, ...]] = tuple(WORTH[c] for c in sorted(Card))
_STARS_OF: Final[tuple[int, ...]] = tuple(STARS.get(c, 0) for c in sorted(Card))
_SELF_DAMAGE_OF: Final[tuple[int, ...]] = tuple(SELF_DAMAGE.get(c, 0) for c in sorted(Card))
_HEAL_CARD: Final[int] = Card.HEAL

# Both editions' tables share the layout, so moves, arguments and ids read from either.
_TABLE: Final = action_table("2011")
_MOVE: Final[tuple[int, ...]] = _TABLE.move
_ARG: Final[tuple[int, ...]] = _TABLE.arg
_KEEP: Final[tuple[Action, ...]] = _TABLE.keep
_KEEP_INDEX: Final[dict[tuple[int, ...], int]] = KEEP_INDEX

# Faces and heart uses as C statics (the modules that define them do not mark them Final).
_NUM_FACES: Final[int] = NUM_FACES
_THREE: Final[int] = THREE
_HEART: Final[int] = HEART
_ENERGY: Final[int] = ENERGY
_CLAW: Final[int] = CLAW
_WIN_STARS: Final[int] = WIN_STARS
_HEART_USES: Final[tuple[int, ...]] = (HEART_POISON, HEART_SHRINK, HEART_HEAL)


def choose(state: KingOfTokyoState, player: int) -> Action:
    """The heuristic's action for ``player``, who must be the current player."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind: int = state.decisions[-1].kind
    if kind == Ask.ROLL:
        return _roll(state, player, legal)
    if kind == Ask.BUY or kind == Ask.OPPORTUNIST:
        return _buy(state, player, legal)
    if kind == Ask.PROBE:
        return _probe(state, player, legal)
    if kind == Ask.HEARTS:
        return _hearts(legal)
    if kind == Ask.YIELD:
        return _yield(state, player, legal)
    if kind == Ask.MIMIC:
        return _mimic(state, legal)
    if kind == Ask.PREVENT:
        return _prevent(state, player, legal)
    if kind == Ask.EVO_KEEP or kind == Ask.DRAFT:
        return _keep_evolution(legal)
    if kind == Ask.EVO_PLAY:
        return _play_evolution(state, player, legal)
    if kind == Ask.EVO_CHOICE:
        return _answer(state, player, legal)
    if kind == Ask.FREEZE_TIME:
        return _find(legal, Move.FREEZE_TIME) or legal[0]  # a turn is worth having
    if kind == Ask.RAPID_HEAL:
        # Before Vast Storm halves its energy a heart costs 1 energy net; otherwise
        # heal when low, as in the Buy phase.
        m = state.monsters[player]
        storm = state.decisions[-1].data[0] == EnergyLoss.VAST_STORM
        heal = _find(legal, Move.RAPID_HEAL)
        return heal if heal is not None and (storm or m.hearts <= 3) else legal[-1]
    if kind == Ask.CHARGE:
        m = state.monsters[player]
        return _find(legal, Move.CHARGE if m.energy > 2 else Move.DONE_CHARGING) or legal[-1]
    # Adjust, Mimic move, Metamorph: the plain answer (resolve, decline, keep).
    return legal[-1]


# -- dice -------------------------------------------------------------------------------


def wanted(state: KingOfTokyoState, player: int) -> list[bool]:
    """Which faces to keep now, by face."""
    want = _wanted_faces(state, player, counts_of(state.dice))
    return [bool(want >> f & 1) for f in range(_NUM_FACES)]


def _wanted_faces(state: KingOfTokyoState, player: int, counts: tuple[int, ...]) -> int:
    """:func:`wanted` as bits (``1 << face``), from the dice's face counts."""
    m = state.monsters[player]
    want = 1 << _ENERGY
    if counts[0] >= 3:
        want |= 1
    if counts[1] >= 3:
        want |= 2
    if counts[2] >= 2:  # three 3s, or a pair of them
        want |= 4
    hearts = m.hearts
    if state.in_tokyo(player):
        want |= 1 << _CLAW
    else:
        if hearts < HEAL_BELOW or m.poison > 0 or m.shrink > 0:
            want |= 1 << _HEART
        if hearts >= ENTER_WITH:
            want |= 1 << _CLAW
        else:
            city = state.city
            bay = state.bay
            monsters = state.monsters
            if (
                (city >= 0 and monsters[city].hearts <= 3)  # a weak target
                or (bay >= 0 and monsters[bay].hearts <= 3)
                or (city < 0 and hearts >= 4)  # an empty Tokyo
            ):
                want |= 1 << _CLAW
    return want


def _roll(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    dice = state.dice
    counts = counts_of(dice)
    want = _wanted_faces(state, player, counts)
    kept = [counts[f] if want >> f & 1 else 0 for f in range(_NUM_FACES)]
    rerolled = len(dice) - sum(kept)
    if rerolled > 0:
        if state.rolls_left > 0:
            index = _KEEP_INDEX.get(tuple(kept), -1)
            if index >= 0:
                keep_id = _KEEP[index][0]
                for a in legal:
                    if a[0] == keep_id:
                        return a
        if not want >> _THREE & 1 and counts[_THREE] > 0:
            reroll = _find(legal, Move.REROLL_THREE)
            if reroll is not None:
                return reroll
        smoke = _find(legal, Move.SMOKE)
        if smoke is not None:
            return smoke
    return _find_last(legal, Move.STOP) or legal[-1]


def _probe(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    target_me = state.in_tokyo(player) != state.in_tokyo(state.active)
    for face in (_CLAW, _ENERGY, _HEART):
        if face == _CLAW and not target_me:
            continue
        for a in legal:
            i = a[0]
            if _MOVE[i] == Move.PROBE and _ARG[i] == face:
                return a
    return _find(legal, Move.DECLINE) or legal[-1]


def _hearts(legal: list[Action]) -> Action:
    for use in _HEART_USES:
        for a in legal:
            i = a[0]
            if _MOVE[i] == Move.HEART and _ARG[i] == use:
                return a
    return legal[0]


# -- Tokyo ------------------------------------------------------------------------------


def _yield(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    hearts = state.monsters[player].hearts
    move = Move.YIELD if hearts <= yield_threshold(state, player) else Move.STAY
    return _find(legal, move) or legal[0]


def attackers_of_tokyo(state: KingOfTokyoState) -> int:
    """The living monsters outside Tokyo: those whose claws can hit a monster in it."""
    return state.alive_count - (2 if state.bay >= 0 else 1)


def yield_threshold(state: KingOfTokyoState, player: int) -> int:
    """The hearts at or below which ``player`` yields Tokyo: :data:`YIELD_AT`, one more
    when three or more monsters can hit it, 2 when two more stars win the game (one
    more turn in Tokyo may win it). Shared with the hints' explanations."""
    m = state.monsters[player]
    threshold = YIELD_AT + (1 if attackers_of_tokyo(state) >= 3 else 0)
    if m.stars + 2 >= _WIN_STARS and m.hearts > 2:
        threshold = 2  # one more turn in Tokyo may win the game
    return threshold


# -- cards ------------------------------------------------------------------------------


def _buy(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    """The card with the best worth for its cost, a card that wins at once, or none."""
    instances = state.cards.instances
    m = state.monsters[player]
    hearts = m.hearts
    stars = m.stars
    best: Action | None = None
    best_score = 0.0
    for a in legal:
        i = a[0]
        move = _MOVE[i]
        if move == Move.BUY:
            c = state.row[_ARG[i]]
        elif move == Move.BUY_TOP:
            c = state.deck[-1]  # Made in a Lab: its buyer sees the top card
        elif move == Move.TENTACLES:
            c = _ARG[i]
        else:
            continue
        card: int = instances[c]
        if _SELF_DAMAGE_OF[card] >= hearts:
            continue
        if stars + _STARS_OF[card] >= _WIN_STARS:
            return a
        worth = _WORTH_OF[card]
        if card == _HEAL_CARD and hearts > m.max_hearts - 2:
            worth = 0.2
        score = worth - MIN_WORTH_PER_ENERGY * state.cost_for(player, c)
        if score > best_score:
            best = a
            best_score = score
    if best is not None:
        return best
    if state.decisions[-1].kind == Ask.OPPORTUNIST:
        return _find(legal, Move.DECLINE) or legal[-1]
    if hearts <= 3:
        heal = _find(legal, Move.RAPID_HEAL)
        if heal is not None:
            return heal
    return _find_last(legal, Move.END_BUY) or legal[-1]


def _mimic(state: KingOfTokyoState, legal: list[Action]) -> Action:
    """The card with the highest worth (the first of equals)."""
    instances = state.cards.instances
    best = legal[0]
    best_worth = _WORTH_OF[instances[_ARG[best[0]]]]
    for a in legal:
        worth = _WORTH_OF[instances[_ARG[a[0]]]]
        if worth > best_worth:
            best = a
            best_worth = worth
    return best


def _prevent(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    hearts = state.decisions[-1].data[0]
    m = state.monsters[player]
    if prevents_with_evolution(hearts, m.hearts):
        evolution = _find(legal, Move.PLAY_EVOLUTION)  # Detachable Tail, a heal...
        if evolution is not None:
            return evolution
    if hearts >= m.hearts:
        heal = _find(legal, Move.RAPID_HEAL)
        if heal is not None:
            return heal
    if hearts >= 2 or hearts >= m.hearts:
        wings = _find(legal, Move.WINGS)
        if wings is not None:
            return wings
    return _find(legal, Move.TAKE_DAMAGE) or legal[-1]


# -- Evolutions -------------------------------------------------------------------------


def _keep_evolution(legal: list[Action]) -> Action:
    """The Evolution to keep or draft with the highest :func:`evolution_worth`."""
    best = legal[0]
    best_worth = evolution_worth(_ARG[best[0]])
    for a in legal:
        worth = evolution_worth(_ARG[a[0]])
        if worth > best_worth:
            best = a
            best_worth = worth
    return best


def _play_evolution(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    """Permanent Evolutions at once; healing when hurt; those whose effect the dice or
    the others' stars decide at their moment (:func:`_its_moment`); the rest when
    offered."""
    m = state.monsters[player]
    for a in legal:
        i = a[0]
        if (
            _MOVE[i] == Move.PLAY_EVOLUTION
            and plays_evolution(_ARG[i], m.hearts, m.max_hearts)
            and _its_moment(state, player, _ARG[i])
        ):
            return a
    return _find(legal, Move.DECLINE) or legal[-1]


def _its_moment(state: KingOfTokyoState, player: int, number: int) -> bool:
    """Whether a card whose worth depends on the moment would do something now: Mecha
    Blast with claws to wound, High Tide with heart dice that heal (outside Tokyo,
    hurt), Primal Bellow when the others lose 4 stars or more, a tally's reward once
    the tally is 2 or more. (The belief's model of a refusal does not see these
    moments: it reads :func:`plays_evolution` only.)"""
    evolution = evolution_table().info[number].id
    if evolution == "mecha_blast":
        return counts_of(state.dice)[_CLAW] > 0
    if evolution == "high_tide":
        m = state.monsters[player]
        return (
            counts_of(state.dice)[_HEART] > 0
            and not state.in_tokyo(player)
            and m.hearts < m.max_hearts
        )
    tally = TALLIES.get(evolution)
    if tally is not None:
        pu = state.pu
        return pu is not None and pu.tallied(tally, player) >= TALLY_AT_LEAST
    if evolution == "primal_bellow":
        others = [o for p, o in enumerate(state.monsters) if p != player and o.alive]
        lost = sum(min(o.stars, 2) for o in others)
        return lost >= PRIMAL_BELLOW_STARS
    return True


def plays_evolution(number: int, hearts: int, max_hearts: int) -> bool:
    """Whether it plays Evolution ``number`` where a window offers it: always, but a
    healing one while it lacks fewer than 2 hearts, and one that skips its turn only at
    ``RECOVER_AT`` hearts or fewer. The belief's model of a refusal (:mod:`.belief`)
    asks it too."""
    evolution = evolution_table().info[number].id
    if evolution in TURN_SKIPPING_EVOLUTIONS:
        return hearts <= RECOVER_AT
    return not (evolution in HEALING_EVOLUTIONS and hearts > max_hearts - 2)


def prevents_with_evolution(damage: int, hearts: int) -> bool:
    """Whether it plays an Evolution that a prevention decision offers against losing
    ``damage`` hearts with ``hearts`` left: against 3 or more, or a lethal loss."""
    return damage >= hearts or damage >= 3


def _answer(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
    """An Evolution's yes/no question: yes unless :func:`_says_no` objects."""
    yes = _find(legal, Move.EVO_YES)
    no = _find(legal, Move.EVO_NO)
    if yes is None or no is None:
        return legal[0]
    evolution = evolution_table().info[state.decisions[-1].data[0]].id
    return no if _says_no(state, player, evolution) else yes


def _says_no(state: KingOfTokyoState, player: int, evolution: str) -> bool:
    """The second answer for the questions where yes is not always best."""
    m = state.monsters[player]
    if evolution == "sunken_temple":  # skip a turn only to escape death
        return m.hearts > RECOVER_AT
    if evolution == "bamboo_supply":  # collect ("no") once 3 energy are stored
        pu = state.pu
        return (
            pu is not None
            and max((pu.counters.get(n, 0) for n in pu.table[player]), default=0) >= 3
        )
    if evolution == "exotic_arms":  # bet from Tokyo only, healthy and not poor
        return not (
            state.in_tokyo(player)
            and m.hearts >= EXOTIC_BET_HEARTS
            and m.energy >= EXOTIC_BET_ENERGY
        )
    if evolution == "energy_sword":  # pay only when rich
        return m.energy < 5
    if evolution == "mega_purr":  # give what it has more of: "no" gives a star
        return m.stars > m.energy
    if evolution == "electric_carrot":  # a healthy monster keeps its energy
        return m.hearts > 6
    return False


def evolution_worth(number: int) -> float:
    """Keep and draft permanent Evolutions first (they act every turn); the belief's
    model of a keep choice (:mod:`.belief`) weighs the two cards by it."""
    e = evolution_table().info[number]
    return (2.0 if e.permanent else 1.0) + (0.5 if e.when == "any" else 0.0)


# -- legal actions ----------------------------------------------------------------------


def _find(legal: list[Action], move: int) -> Action | None:
    """The first legal action of this :class:`~.actions.Move` (``None`` if none)."""
    for a in legal:
        if _MOVE[a[0]] == move:
            return a
    return None


def _find_last(legal: list[Action], move: int) -> Action | None:
    """:func:`_find` for a move of a single action (Stop, End Buy), which closes the
    list it is in: searched from the end."""
    for k in range(len(legal) - 1, -1, -1):
        a = legal[k]
        if _MOVE[a[0]] == move:
            return a
    return None
