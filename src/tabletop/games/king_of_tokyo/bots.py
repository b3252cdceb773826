"""A rule-based King of Tokyo bot.

It reads only public information: the monsters' boards, the row, the dice and the
legal actions (the deck order, the one hidden thing, is never touched), so it is
safe on the true state and fast enough to serve as ISMCTS's rollout policy.

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
- **Evolutions** (Power Up!): it keeps and drafts permanent Evolutions first, plays
  a permanent one as soon as it may, a healing one when hurt, the others when they
  are offered, and answers an Evolution's question with its first answer (the
  card's own effect) except where another answer is plainly better (it skips a
  turn with Sunken Temple only below 6 hearts, collects Bamboo Supply at 3 energy,
  bets on Exotic Arms and Energy Sword only with 5 energy or more, gives Mega Purr
  what it has more of). Against 3 hearts or more, or lethal damage, it plays an
  Evolution that the damage window offers.
"""

from __future__ import annotations

from tabletop.bots.base import Bot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.games.king_of_tokyo.actions import (
    HEART_HEAL,
    HEART_POISON,
    HEART_SHRINK,
    Move,
    action_table,
)
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.dice import CLAW, ENERGY, HEART, KEEPS, NUM_FACES, THREE
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import Ask, EnergyLoss
from tabletop.games.king_of_tokyo.state import KingOfTokyoState

YIELD_AT = 6
HEAL_BELOW = 8  # keeps heart dice outside Tokyo below this many hearts
ENTER_WITH = 6  # hearts needed before it goes for Tokyo with claws
MIN_WORTH_PER_ENERGY = 0.55

# Worth of each card in stars, for a monster in the middle of a game.
WORTH: dict[Card, float] = {
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
STARS: dict[Card, int] = {
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
SELF_DAMAGE: dict[Card, int] = {
    Card.JET_FIGHTERS: 4,
    Card.NATIONAL_GUARD: 2,
    Card.TANK: 3,
    Card.HIGH_ALTITUDE_BOMBING: 3,
}


class KingOfTokyoHeuristicBot(Bot):
    """Keeps claws or points by position, leaves Tokyo when low, buys what fits."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, KingOfTokyoState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = state.decisions[-1].kind
        if kind == Ask.ROLL:
            return self._roll(state, player, legal)
        if kind == Ask.PROBE:
            return self._probe(state, player, legal)
        if kind == Ask.HEARTS:
            return self._hearts(legal)
        if kind == Ask.YIELD:
            return self._yield(state, player, legal)
        if kind in (Ask.BUY, Ask.OPPORTUNIST):
            return self._buy(state, player, legal)
        if kind == Ask.MIMIC:
            return self._mimic(state, legal)
        if kind == Ask.PREVENT:
            return self._prevent(state, player, legal)
        if kind in (Ask.EVO_KEEP, Ask.DRAFT):
            return max(legal, key=lambda a: _evolution_worth(_TABLE.arg[a.id]))
        if kind == Ask.EVO_PLAY:
            return self._play_evolution(state, player, legal)
        if kind == Ask.EVO_CHOICE:
            return self._answer(state, player, legal)
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

    # -- dice -----------------------------------------------------------------------

    def wanted(self, state: KingOfTokyoState, player: int) -> list[bool]:
        """Which faces to keep now."""
        m = state.monsters[player]
        counts = [0] * NUM_FACES
        for f in state.dice:
            counts[f] += 1
        want = [False] * NUM_FACES
        for f in range(3):
            want[f] = counts[f] >= 3 or (f == 2 and counts[f] == 2)
        want[ENERGY] = True
        in_tokyo = state.in_tokyo(player)
        want[HEART] = not in_tokyo and (m.hearts < HEAL_BELOW or m.poison > 0 or m.shrink > 0)
        if in_tokyo:
            want[CLAW] = True
        else:
            tokyo_empty = state.city < 0
            occupied = [s for s in (state.city, state.bay) if s >= 0]
            weak_target = any(state.monsters[s].hearts <= 3 for s in occupied)
            want[CLAW] = m.hearts >= ENTER_WITH or weak_target or (tokyo_empty and m.hearts >= 4)
        return want

    def _roll(self, state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        want = self.wanted(state, player)
        if state.rolls_left > 0:
            kept = [0] * NUM_FACES
            for f in state.dice:
                if want[f]:
                    kept[f] += 1
            if sum(kept) < len(state.dice):
                target = tuple(kept)
                for a in legal:
                    if _TABLE.move[a.id] == Move.KEEP and KEEPS[_TABLE.arg[a.id]] == target:
                        return a
        if not want[THREE] and THREE in state.dice:
            reroll = _find(legal, Move.REROLL_THREE)
            if reroll is not None:
                return reroll
        if any(not want[f] for f in state.dice):
            smoke = _find(legal, Move.SMOKE)
            if smoke is not None:
                return smoke
        return _find(legal, Move.STOP) or legal[-1]

    def _probe(self, state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        target_me = state.in_tokyo(player) != state.in_tokyo(state.active)
        for face in (CLAW, ENERGY, HEART):
            if face == CLAW and not target_me:
                continue
            for a in legal:
                if _TABLE.move[a.id] == Move.PROBE and _TABLE.arg[a.id] == face:
                    return a
        return _find(legal, Move.DECLINE) or legal[-1]

    @staticmethod
    def _hearts(legal: list[Action]) -> Action:
        for wanted in (HEART_POISON, HEART_SHRINK, HEART_HEAL):
            for a in legal:
                if _TABLE.move[a.id] == Move.HEART and _TABLE.arg[a.id] == wanted:
                    return a
        return legal[0]

    # -- Tokyo --------------------------------------------------------------------------

    def _yield(self, state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        m = state.monsters[player]
        attackers = state.alive_count - (2 if state.bay >= 0 else 1)
        threshold = YIELD_AT + (1 if attackers >= 3 else 0)
        if m.stars + 2 >= WIN_STARS and m.hearts > 2:
            threshold = 2  # one more turn in Tokyo may win the game
        move = Move.YIELD if m.hearts <= threshold else Move.STAY
        return _find(legal, move) or legal[0]

    # -- cards -----------------------------------------------------------------------------

    def _buy(self, state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        table = _TABLE
        cards = state.cards
        m = state.monsters[player]
        best: Action | None = None
        best_score = 0.0
        for a in legal:
            move = table.move[a.id]
            if move == Move.BUY:
                c = state.row[table.arg[a.id]]
            elif move == Move.BUY_TOP:
                c = state.deck[-1]
            elif move == Move.TENTACLES:
                c = table.arg[a.id]
            else:
                continue
            card = cards.instances[c]
            cost = state.cost_for(player, c)
            if SELF_DAMAGE.get(card, 0) >= m.hearts:
                continue
            if m.stars + STARS.get(card, 0) >= WIN_STARS:
                return a
            worth = WORTH[card]
            if card == Card.HEAL and m.hearts > m.max_hearts - 2:
                worth = 0.2
            score = worth - MIN_WORTH_PER_ENERGY * cost
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        if state.decisions[-1].kind == Ask.OPPORTUNIST:
            return _find(legal, Move.DECLINE) or legal[-1]
        if m.hearts <= 3:
            heal = _find(legal, Move.RAPID_HEAL)
            if heal is not None:
                return heal
        return _find(legal, Move.END_BUY) or legal[-1]

    @staticmethod
    def _play_evolution(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        """Permanent Evolutions at once; healing when hurt; the rest when offered."""
        m = state.monsters[player]
        info = evolution_table().info
        for a in legal:
            if _TABLE.move[a.id] != Move.PLAY_EVOLUTION:
                continue
            e = info[_TABLE.arg[a.id]]
            if e.id in HEALING_EVOLUTIONS and m.hearts > m.max_hearts - 2:
                continue
            return a
        return _find(legal, Move.DECLINE) or legal[-1]

    @staticmethod
    def _answer(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        """An Evolution's yes/no question: yes unless :func:`_says_no` objects."""
        yes = _find(legal, Move.EVO_YES)
        no = _find(legal, Move.EVO_NO)
        if yes is None or no is None:
            return legal[0]
        evolution = evolution_table().info[state.decisions[-1].data[0]].id
        return no if _says_no(state, player, evolution) else yes

    @staticmethod
    def _mimic(state: KingOfTokyoState, legal: list[Action]) -> Action:
        cards = state.cards
        return max(legal, key=lambda a: WORTH[cards.instances[_TABLE.arg[a.id]]])

    @staticmethod
    def _prevent(state: KingOfTokyoState, player: int, legal: list[Action]) -> Action:
        hearts = state.decisions[-1].data[0]
        m = state.monsters[player]
        if hearts >= m.hearts or hearts >= 3:
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


HEALING_EVOLUTIONS = frozenset(
    {"giant_banana", "healing_rain", "radioactive_waste", "bear_necessities"}
)


def _says_no(state: KingOfTokyoState, player: int, evolution: str) -> bool:
    """The second answer for the questions where yes is not always best."""
    m = state.monsters[player]
    if evolution == "sunken_temple":  # skip a turn only to recover
        return m.hearts > 5
    if evolution == "bamboo_supply":  # collect ("no") once 3 energy are stored
        return (
            state.pu is not None
            and max((state.pu.counters.get(n, 0) for n in state.pu.table[player]), default=0) >= 3
        )
    if evolution in ("exotic_arms", "energy_sword"):  # pay only when rich
        return m.energy < 5
    if evolution == "mega_purr":  # give what it has more of: "no" gives a star
        return m.stars > m.energy
    if evolution == "electric_carrot":  # a healthy monster keeps its energy
        return m.hearts > 6
    return False


def _evolution_worth(number: int) -> float:
    """Keep and draft permanent Evolutions first (they act every turn)."""
    e = evolution_table().info[number]
    return (2.0 if e.permanent else 1.0) + (0.5 if e.when == "any" else 0.0)


def _find(legal: list[Action], move: int) -> Action | None:
    """The first legal action of this :class:`~.actions.Move` (``None`` if none)."""
    moves = _TABLE.move
    for a in legal:
        if moves[a.id] == move:
            return a
    return None


# Both editions' tables share the layout, so moves and arguments read from either.
_TABLE = action_table("2011")
