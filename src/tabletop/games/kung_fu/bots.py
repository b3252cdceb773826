"""A rule-based Kung Fu bot.

It reads only its own view, the legal actions and the game's static card tables
(``game.cards``, ``game.post``, ``game.table``), and counts cards: the cards it has
not seen (its own hand, both Koku rows, the discard piles and the cards on the
table are seen) are the ones the opponent's hand and the draw piles hold.

Every choice is valued in **life points** with one small model of an exchange
(:meth:`Reading.exchange`): the comparison, each activated effect in the rules'
order (arrow effects only after a hit), Koku paid (with the least overpayment) and
gained, cards drawn or discarded, a switch of the initiative, and a knock-out. The
constants below say what a coin, a card and the initiative are worth.

- **Attack**: each red card is valued against the opponent's likely best parry (the
  highest of as many unseen blue cards as they hold, boosted where they can pay): a
  defender who can hold the attack is taken to hold it as cheaply as it can, else to
  play its best card. Both cards' worth for later counts, so it neither throws its
  best card at a strong defence nor ignores that a high attack burns the defender's
  best blue card. It attacks **face down** only with a card that negates the parry
  (the defender, who cannot see it, may waste a strong card on it), and only when
  the defender already holds two blue cards, since a face-down attack gives them
  one more. It **gives up the initiative** only when even its best attack is worth
  almost nothing, the opponent holds a red card and is far from a knock-out.
- **Parry**: each blue card is valued against the attack (against every unseen red
  card when the attack lies face down), assuming the attacker then activates or not,
  whichever hurts most, and that it answers as well as it can: so it parries with the
  cheapest card that holds, or the one whose effect is worth buying.
- **Effects**: it activates an effect when the exchange is worth more with it than
  without, Koku paid included; an arrow effect is only worth something when the
  opponent loses life. It pays with the set of Koku cards that overpays least (then
  the fewest cards), biggest card first.
- **After winning a parry** it draws the difference, unless the initiative is worth
  more than the 3 cards the opponent would draw: they may not parry next round, or
  its best attack can knock them out.
- **Draws**: it keeps a balance of red and blue, one more blue than red when the
  total is odd (it mostly draws as the defender). It always takes the card it may
  draw after a face-down attack: a card in hand never hurts.
- It discards the opponent's richest Koku card.

The constants were tuned in play against itself (``docs/bots.md`` has the figures):
bluffing or hiding strong attacks face down, passing more often and taking the
initiative whenever it is ahead all lost games against this version.
"""

from __future__ import annotations

from math import comb
from typing import Any

from tabletop.bots.base import Bot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import BLUE, RED, CardTable, Effect
from tabletop.games.kung_fu.game import KungFuGame

MAX_LIFE = 10

KOKU = 0.5
"""A coin in the Koku row, in life points."""
CARD = 0.6
"""A card in hand (drawn, or discarded from the opponent's hand)."""
KEEP = (0.3, 0.5)
"""By colour (red, blue): the share of a card's value that keeping it for later is worth."""
INITIATIVE = 1.0
"""Holding the initiative next round."""
NO_PARRY = 2.0
"""Attacking next round an opponent who may not parry."""
KNOCKOUT = 30.0
"""Knocking the opponent out (or being knocked out)."""
PASS_BELOW = 0.4
"""Give up the initiative when the best attack is worth less than this..."""
PASS_LIFE = 5
"""... and the opponent has at least this much life."""


class KungFuHeuristicBot(Bot):
    """Plays Kung Fu by simple, sensible rules (see the module docstring)."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game = state.game
        assert isinstance(game, KungFuGame)
        reading = Reading(game, state.view(player), player)
        move = game.table.move
        kind = move[legal[0].id]
        if kind in (Move.ATTACK, Move.ATTACK_DOWN, Move.PASS):
            return reading.attack(legal)
        if kind == Move.PARRY:
            return reading.parry(legal)
        if kind in (Move.ACTIVATE, Move.DECLINE):
            return reading.activate(legal)
        if kind == Move.PAY:
            return reading.pay(legal)
        if kind in (Move.DRAW_RED, Move.NO_DRAW):  # NO_DRAW: after a face-down attack
            return reading.draw(legal)
        if kind in (Move.TAKE_INITIATIVE, Move.DRAW_DIFFERENCE):
            return reading.after_parry(legal)
        return reading.discard_koku(legal)


class Reading:
    """What one seat knows at one decision, and the values the bot derives from it."""

    def __init__(self, game: KungFuGame, view: dict[str, Any], me: int) -> None:
        cards = game.cards
        self.game = game
        self.cards = cards
        self.view = view
        self.me = me
        self.opp = 1 - me
        self.index = index = _type_index(cards)
        players: list[dict[str, Any]] = view["players"]
        self.players = players
        self.life: list[int] = [p["life"] for p in players]
        self.koku: list[int] = [p["koku_total"] for p in players]
        self.hand = [index[c["type"]] for c in view["hand"]]
        self.rows = [[index[c["type"]] for c in p["koku"]] for p in players]
        unseen = list(cards.count)
        seen = self.hand + self.rows[0] + self.rows[1]
        seen += [index[c["type"]] for c in view["discards"]["red"] + view["discards"]["blue"]]
        for slot in ("attack", "parry"):
            played = view[slot]
            if played is not None and played["card"] is not None:
                seen.append(index[played["card"]["type"]])
        for k in seen:
            unseen[k] -= 1
        self.unseen = unseen
        self.att_type = self._table_type("attack")
        self.par_type = self._table_type("parry")

    def _table_type(self, slot: str) -> int:
        played = self.view[slot]
        if played is None or played["card"] is None:
            return -1
        return self.index[played["card"]["type"]]

    # -- decisions ------------------------------------------------------------

    def attack(self, legal: list[Action]) -> Action:
        """The red card worth most against the likely parry; face down or pass by rule."""
        table = self.game.table
        cards = self.cards
        opp = self.players[self.opp]
        ups = [a for a in legal if table.move[a.id] == Move.ATTACK]
        parry = self.parry_odds()
        scored = [(self.attack_worth(table.arg[a.id], parry), -a.id, a) for a in ups]
        best, _, action = max(scored)
        k = table.arg[action.id]
        passing = [a for a in legal if table.move[a.id] == Move.PASS]
        if (
            passing
            and best < PASS_BELOW
            and opp["life"] >= PASS_LIFE
            and opp["red_in_hand"] > 0
            and not opp["no_parry_next_round"]
        ):
            return passing[0]
        surprise = cards.has_negate[k] and self.can_pay(self.me, cards.cost[k])
        if surprise and opp["blue_in_hand"] >= 2 and not opp["no_parry_next_round"]:
            return table.attack_down[k]
        return action

    def parry(self, legal: list[Action]) -> Action:
        """The blue card worth most against the attack (or every attack it may be)."""
        table = self.game.table
        cards = self.cards
        if self.att_type >= 0:
            threats = {self.att_type: 1.0}
        else:
            reds = {k: n for k, n in enumerate(self.unseen) if n > 0 and cards.colour[k] == RED}
            total = sum(reds.values()) or 1
            threats = {k: n / total for k, n in reds.items()}

        def worth(action: Action) -> float:
            j = table.arg[action.id]
            return sum(p * self.parry_outcome(t, j) for t, p in threats.items())

        return max(legal, key=lambda a: (worth(a), -a.id))

    def activate(self, legal: list[Action]) -> Action:
        """Activate when the exchange is worth more with the effect than without."""
        table = self.game.table
        attacker = self.view["attacker"]
        att, par = self.att_type, self.par_type
        if attacker == self.me:
            on = self.settle(attacker, att, par, True)
            off = self.settle(attacker, att, par, False)
        else:
            att_act = bool(self.view["attack"]["activated"])
            on = self.exchange(attacker, att, par, att_act, True)
            off = self.exchange(attacker, att, par, att_act, False)
        return table.activate if on > off else table.decline

    def pay(self, legal: list[Action]) -> Action:
        """Pay with the biggest card of the set that overpays least."""
        table = self.game.table
        due = int(self.view["decision"]["due"])
        plan = best_payment([self.cards.worth[k] for k in self.rows[self.me]], due)
        worths = set(plan or [])
        worth = self.cards.worth

        def key(a: Action) -> tuple[bool, int, int]:
            w = worth[table.arg[a.id]]
            return (w in worths, w if w in worths else -w, -a.id)

        return max(legal, key=key)

    def draw(self, legal: list[Action]) -> Action:
        """Keep red and blue balanced, one more blue than red when it is even; never
        decline the card a face-down attack offers."""
        table = self.game.table
        legal = [a for a in legal if table.move[a.id] == Move.DRAW_RED] or legal
        me = self.players[self.me]
        n = int(self.view["decision"]["count"])
        total = me["hand_size"] + n
        want_red = total // 2 - me["red_in_hand"]
        return min(legal, key=lambda a: (abs(table.arg[a.id] - want_red), a.id))

    def after_parry(self, legal: list[Action]) -> Action:
        """Draw the difference, unless the initiative is worth more than 3 cards to
        the opponent: they may not parry next round, or our best attack may knock
        them out."""
        table = self.game.table
        cards = self.cards
        opp = self.players[self.opp]
        reds = [
            cards.boosted[k] if self.can_pay(self.me, cards.cost[k]) else cards.value[k]
            for k in self.hand
            if cards.colour[k] == RED
        ]
        finish = bool(reds) and max(reds) > opp["life"]
        take = bool(reds) and (opp["no_parry_next_round"] or finish)
        return table.take_initiative if take else table.draw_difference

    def discard_koku(self, legal: list[Action]) -> Action:
        """The opponent's Koku card worth most."""
        table = self.game.table
        worth = self.cards.worth
        return max(legal, key=lambda a: (worth[table.arg[a.id]], -a.id))

    # -- values ---------------------------------------------------------------

    def parry_odds(self) -> dict[int, float]:
        """Odds of the opponent's best parry value (0 when they cannot parry)."""
        opp = self.players[self.opp]
        held = opp["blue_in_hand"]
        if opp["no_parry_next_round"] or held == 0:
            return {0: 1.0}
        cards = self.cards
        values = []
        for k, n in enumerate(self.unseen):
            if n > 0 and cards.colour[k] == BLUE:
                boosted = cards.has_boost[k] and self.can_pay(self.opp, cards.cost[k])
                values += [cards.boosted[k] if boosted else cards.value[k]] * n
        return best_of(values, held)

    def attack_worth(self, k: int, parry: dict[int, float]) -> float:
        """Expected value of attacking with red type ``k`` (activating as it pays).

        A defender who can hold the attack is taken to hold it as cheaply as it can
        (a card of the attack's value), else to play its best card.
        """
        cards = self.cards
        can_act = cards.has_effect[k] and self.can_pay(self.me, cards.cost[k])
        reach = cards.boosted[k] if can_act else cards.value[k]
        total = 0.0
        for value, p in parry.items():
            flat = min(value, reach)
            outcome = self.exchange(self.me, k, -1, False, False, flat=flat)
            if can_act:
                outcome = max(outcome, self.exchange(self.me, k, -1, True, False, flat=flat))
            total += p * outcome
        return total

    def parry_outcome(self, t: int, j: int) -> float:
        """Parrying attack type ``t`` with blue type ``j``: the attacker activates or not,
        whichever is worse for us, and we answer as well as we can."""
        cards = self.cards
        opp = self.opp
        att_options = [False]
        if cards.has_effect[t] and self.can_pay(opp, cards.cost[t]):
            att_options.append(True)
        return min(self.settle(opp, t, j, att_act) for att_act in att_options)

    def settle(self, attacker: int, att: int, par: int, att_act: bool) -> float:
        """Our value once the defender has chosen to activate its card or not, at its
        best (the attacker's choice ``att_act`` made)."""
        d = 1 - attacker
        values = [self.exchange(attacker, att, par, att_act, False)]
        if self._may_activate(d, par) and not (att_act and self.cards.has_negate[att]):
            values.append(self.exchange(attacker, att, par, att_act, True))
        return max(values) if d == self.me else min(values)

    def _may_activate(self, p: int, k: int) -> bool:
        cards = self.cards
        return k >= 0 and cards.has_effect[k] and self.can_pay(p, cards.cost[k])

    def can_pay(self, p: int, cost: int) -> bool:
        return self.koku[p] >= cost

    def spend(self, p: int, cost: int) -> int:
        """Koku ``p`` gives up to pay ``cost`` (the least overpayment)."""
        if cost <= 0:
            return 0
        plan = best_payment([self.cards.worth[k] for k in self.rows[p]], cost)
        return sum(plan) if plan is not None else cost

    def exchange(
        self,
        attacker: int,
        att: int,
        par: int,
        att_act: bool,
        par_act: bool,
        flat: int | None = None,
    ) -> float:
        """Our gain minus the opponent's, in life points, from one exchange.

        ``att`` and ``par`` are card types (``par`` -1: no parry card, or a card of
        value ``flat`` without effects or Koku when ``flat`` is given). The effects
        resolve in the rules' order (R6); the next round is valued roughly: who holds
        the initiative, who draws 3, who may not parry.
        """
        cards = self.cards
        post = self.game.post
        d = 1 - attacker
        gain = [0.0, 0.0]
        life = self.life[:]
        negated = att_act and cards.has_negate[att]
        par_act = par_act and par >= 0 and not negated
        a = cards.boosted[att] if att_act else cards.value[att]
        if negated:
            p = 0
        elif par >= 0:
            p = cards.boosted[par] if par_act else cards.value[par]
        else:
            p = flat or 0
        # Both cards leave the hands: what keeping them was worth is spent.
        gain[attacker] -= KEEP[RED] * cards.value[att]
        gain[d] -= KEEP[BLUE] * (cards.value[par] if par >= 0 else flat or 0)
        lost = [0, 0]
        if a > p:
            lost[d] = min(a - p, life[d])
            life[d] -= lost[d]
        defender_wins = p > a
        switch = False
        kept = [cards.koku[att] > 0, par >= 0 and not negated and cards.koku[par] > 0]
        for side, owner, card, act in ((0, attacker, att, att_act), (1, d, par, par_act)):
            if not act:
                continue
            other = 1 - owner
            gain[owner] -= KOKU * self.spend(owner, cards.cost[card])
            for e in post[card]:
                if e.arrow and not lost[other]:
                    continue
                kind = e.kind
                if kind == Effect.GAIN_KOKU:
                    kept[side] = True
                elif kind == Effect.SWITCH_INITIATIVE:
                    switch = True
                elif kind == Effect.DRAW:
                    gain[owner] += CARD * e.amount
                elif kind == Effect.NO_PARRY:
                    attacks_next = (owner == attacker) != (switch or defender_wins)
                    gain[owner] += NO_PARRY if attacks_next else 0.0
                elif kind == Effect.DISCARD_RANDOM:
                    gain[owner] += CARD * min(e.amount, self.players[other]["hand_size"])
                elif kind == Effect.DISCARD_KOKU:
                    row = self.rows[other]
                    gain[owner] += KOKU * max((cards.worth[k] for k in row), default=0)
                elif kind == Effect.HEAL:
                    if life[owner] > 0:
                        life[owner] = min(MAX_LIFE, life[owner] + e.amount)
                else:  # Effect.LOSE
                    target = owner if e.to_self else other
                    loss = min(e.amount, life[target])
                    life[target] -= loss
                    lost[target] += loss
        for side, owner, card in ((0, attacker, att), (1, d, par)):
            if kept[side]:
                gain[owner] += KOKU * cards.worth[card]
        if defender_wins and not switch:
            gain[d] += CARD * (p - a)
        if switch:
            gain[d] += INITIATIVE
            gain[attacker] += 3 * CARD
        for s in (0, 1):
            gain[s] += life[s] - self.life[s]
            if life[s] <= 0:
                gain[s] -= KNOCKOUT
        return gain[self.me] - gain[self.opp]


# -- helpers --------------------------------------------------------------------------

_INDEX: dict[int, dict[str, int]] = {}


def _type_index(cards: CardTable) -> dict[str, int]:
    """Card id -> type number (cached per card table)."""
    index = _INDEX.get(id(cards))
    if index is None:
        index = _INDEX[id(cards)] = {c: k for k, c in enumerate(cards.ids)}
    return index


def best_of(values: list[int], k: int) -> dict[int, float]:
    """Odds of the highest of ``k`` values drawn without replacement from ``values``.

    >>> {v: round(p, 3) for v, p in best_of([1, 2, 3], 2).items()}
    {2: 0.333, 3: 0.667}
    """
    n = len(values)
    k = min(k, n)
    if k <= 0:
        return {0: 1.0}
    total = comb(n, k)
    odds: dict[int, float] = {}
    below = 0.0
    at_most = 0
    ordered = sorted(values)
    for i, v in enumerate(ordered):
        at_most += 1
        if i + 1 < n and ordered[i + 1] == v:
            continue
        cdf = comb(at_most, k) / total
        if cdf > below:
            odds[v] = cdf - below
        below = cdf
    return odds


def best_payment(worths: list[int], cost: int) -> list[int] | None:
    """The coins to pay ``cost`` with: least overpayment, then fewest cards.

    ``None`` when the row cannot pay.

    >>> best_payment([2, 1, 1], 2)
    [2]
    >>> best_payment([2, 2, 1], 3)
    [2, 1]
    >>> best_payment([1], 2) is None
    True
    """
    if cost <= 0:
        return []
    # Reachable sums -> the fewest coins (as a list) that make them.
    best: dict[int, list[int]] = {0: []}
    for w in sorted(worths, reverse=True):
        for total, used in list(best.items()):
            if total >= cost:
                continue
            new = total + w
            if new not in best or len(best[new]) > len(used) + 1:
                best[new] = [*used, w]
    enough = [t for t in best if t >= cost]
    if not enough:
        return None
    return best[min(enough)]
