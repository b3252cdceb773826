"""A rule-based Kung Fu policy: the heuristic bot's logic, compiled with the engine.

It reads only what its seat may see, the legal actions and the game's static card
tables (``game.cards``, ``game.post``, ``game.table``), and counts cards: the cards it
has not seen (its own hand, both Koku rows, the discard piles and the cards on the
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

What it reads is what ``state.view(player)`` shows that seat, taken from the state
directly rather than from a view built at every step (the search's rollouts call
this policy at every step, so building the view was most of its cost): each seat's
life, Koku row and total, cards of each colour in hand and whether it may parry next
round; the discard piles; the attack card unless it lies face down out of the seat's
sight, and the parry card; who holds the initiative, whether the attack was
activated; the pending decision's figures (the Koku due, the cards to draw); and the
seat's own hand.

:class:`~tabletop.games.kung_fu.bots.KungFuHeuristicBot` plays by :func:`choose`.
This module is compiled with the engine (``setup.py``); the bot's class cannot be, as
it derives from the interpreted :class:`~tabletop.bots.base.Bot`.
"""

from __future__ import annotations

from typing import Final

from tabletop.core.action import Action
from tabletop.core.state import State
from tabletop.games.kung_fu.actions import ActionTable, Move
from tabletop.games.kung_fu.cards import BLUE, RED, CardTable, Effect, EffectSpec
from tabletop.games.kung_fu.counting import best_of, best_payment, unseen_counts
from tabletop.games.kung_fu.state import KungFuState
from tabletop.games.kung_fu.view import attack_hidden_from, no_parry_next_round

MAX_LIFE: Final = 10

KOKU: Final = 0.5
"""A coin in the Koku row, in life points."""
CARD: Final = 0.6
"""A card in hand (drawn, or discarded from the opponent's hand)."""
KEEP_RED: Final = 0.3
KEEP_BLUE: Final = 0.5
KEEP: Final = (KEEP_RED, KEEP_BLUE)
"""By colour (red, blue): the share of a card's value that keeping it for later is worth."""
INITIATIVE: Final = 1.0
"""Holding the initiative next round."""
NO_PARRY: Final = 2.0
"""Attacking next round an opponent who may not parry."""
KNOCKOUT: Final = 30.0
"""Knocking the opponent out (or being knocked out)."""
PASS_BELOW: Final = 0.4
"""Give up the initiative when the best attack is worth less than this..."""
PASS_LIFE: Final = 5
"""... and the opponent has at least this much life."""


def choose(state: State, player: int) -> Action:
    """The action the heuristic plays for ``player``, the current player."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    assert isinstance(state, KungFuState)
    reading = Reading(state, player)
    kind = reading.table.move[legal[0].id]
    if kind == Move.ATTACK or kind == Move.ATTACK_DOWN or kind == Move.PASS:
        return reading.attack(legal)
    if kind == Move.PARRY:
        return reading.parry(legal)
    if kind == Move.ACTIVATE or kind == Move.DECLINE:
        # The view's ``attacker`` and whether its ``attack`` was activated.
        return reading.activate(state.attacker, bool(state.active[0]))
    data = state.ask[-1].data  # the pending decision's figures
    if kind == Move.PAY:
        return reading.pay(legal, int(data[1]))  # the view's ``due``
    if kind == Move.DRAW_RED or kind == Move.NO_DRAW:  # NO_DRAW: after a face-down attack
        return reading.draw(legal, int(data[0]))  # the view's ``count``
    if kind == Move.TAKE_INITIATIVE or kind == Move.DRAW_DIFFERENCE:
        return reading.after_parry()
    return reading.discard_koku(legal)


class Reading:
    """What one seat knows at one decision, and the values the bot derives from it.

    Every field is something ``state.view(me)`` shows that seat (see the module
    docstring); card types are the deck's type numbers.
    """

    def __init__(self, state: KungFuState, me: int) -> None:
        game = state.kf_game
        self.cards: CardTable = game.cards
        self.table: ActionTable = game.table
        self.post: tuple[tuple[EffectSpec, ...], ...] = game.post
        self.me = me
        self.opp = 1 - me
        # The state's own lists, only read: the state does not change while the bot
        # decides. By seat: life, Koku in the row, cards of each colour in hand.
        self.life: list[int] = state.life
        self.koku: list[int] = state.koku_total
        self.reds: list[int] = state.reds
        self.blues: list[int] = state.blues
        self.no_parry: tuple[bool, bool] = (
            no_parry_next_round(state, 0),
            no_parry_next_round(state, 1),
        )
        # The seat's own cards, a count per type (as ``bytes``, which a compiled build
        # indexes natively, where it indexes a ``bytearray`` as any object).
        self.hand: bytes = bytes(state.hands[me])
        self.rows: list[list[int]] = state.rows  # the Koku rows' card types
        self.discards: tuple[list[int], list[int]] = (
            state.decks[RED].discard_pile,
            state.decks[BLUE].discard_pile,
        )
        self.box: tuple[int, ...] = state.box  # the cards out of the game (a position's)
        att = state.att_card
        self.att_type = att if att >= 0 and not attack_hidden_from(state, me) else -1
        par = state.par_card
        self.par_type = par if par >= 0 else -1
        self._unseen: list[int] | None = None
        self._spent: dict[int, int] = {}

    def suppose(
        self,
        figures: tuple[int, ...],
        no_parry: tuple[bool, bool],
        att_type: int,
        unseen: list[int],
    ) -> None:
        """Read an earlier moment as a spectator saw it, for the belief's model of the
        opponent (:mod:`.belief`): ``figures`` are life, Koku, red and blue cards by
        seat (as pairs, in that order); ``unseen`` the cards unseen, a count per type.
        The seat's own hand is forgotten: the model must not read it."""
        self.hand = bytes(len(self.hand))
        self.life = [figures[0], figures[1]]
        self.koku = [figures[2], figures[3]]
        self.reds = [figures[4], figures[5]]
        self.blues = [figures[6], figures[7]]
        self.no_parry = no_parry
        self.att_type = att_type
        self.par_type = -1
        self._unseen = unseen
        self._spent = {}

    @property
    def unseen(self) -> list[int]:
        """Unseen cards of each type: the opponent's hand and the draw piles hold them."""
        unseen = self._unseen
        if unseen is None:
            unseen = unseen_counts(
                self.cards,
                self.hand,
                self.rows,
                self.discards,
                self.att_type,
                self.par_type,
                self.box,
            )
            self._unseen = unseen
        return unseen

    def threats(self) -> dict[int, float]:
        """The attack a parry faces, by card type and chance: the card shown, else
        (face down) each unseen red type by its share."""
        if self.att_type >= 0:
            return {self.att_type: 1.0}
        unseen = self.unseen
        colour = self.cards.colour
        red = RED
        reds: dict[int, int] = {}
        for k in range(len(unseen)):
            n = unseen[k]
            if n > 0 and colour[k] == red:
                reds[k] = n
        total = sum(reds.values()) or 1
        return {k: n / total for k, n in reds.items()}

    # -- decisions ------------------------------------------------------------

    def attack(self, legal: list[Action]) -> Action:
        """The red card worth most against the likely parry; face down or pass by rule."""
        table = self.table
        cards = self.cards
        move = table.move
        opp = self.opp
        parry = self.parry_odds()
        # The first maximum of (worth, -id): the lowest id among equal worths.
        action: Action | None = None
        best = 0.0
        passing: Action | None = None
        for a in legal:
            m = move[a.id]
            if m == Move.ATTACK:
                w = self.attack_worth(table.arg[a.id], parry)
                if action is None or w > best or (w == best and a.id < action.id):
                    action = a
                    best = w
            elif m == Move.PASS and passing is None:
                passing = a
        if action is None:
            raise ValueError("no face-up attack among the legal actions")
        k = table.arg[action.id]
        if (
            passing is not None
            and best < PASS_BELOW
            and self.life[opp] >= PASS_LIFE
            and self.reds[opp] > 0
            and not self.no_parry[opp]
        ):
            return passing
        surprise = cards.has_negate[k] and self.can_pay(self.me, cards.cost[k])
        if surprise and self.blues[opp] >= 2 and not self.no_parry[opp]:
            return table.attack_down[k]
        return action

    def parry(self, legal: list[Action]) -> Action:
        """The blue card worth most against the attack (or every attack it may be)."""
        table = self.table
        threats = self.threats()
        # The first maximum of (worth, -id). The worth is summed by the built-in
        # ``sum`` over a list, as the interpreter does (a compiled ``sum`` over a
        # generator adds in its own loop, which Python 3.12 does not).
        best: Action | None = None
        best_worth = 0.0
        for a in legal:
            j = table.arg[a.id]
            worth = sum([p * self.parry_outcome(t, j) for t, p in threats.items()])
            if best is None or worth > best_worth or (worth == best_worth and a.id < best.id):
                best = a
                best_worth = worth
        if best is None:
            raise ValueError("no parry among the legal actions")
        return best

    def activate(self, attacker: int, att_act: bool) -> Action:
        """Activate when the exchange is worth more with the effect than without.

        ``attacker`` holds the initiative; ``att_act``: the attack was activated.
        """
        table = self.table
        att, par = self.att_type, self.par_type
        if attacker == self.me:
            on = self.settle(attacker, att, par, True)
            off = self.settle(attacker, att, par, False)
        else:
            on = self.exchange(attacker, att, par, att_act, True)
            off = self.exchange(attacker, att, par, att_act, False)
        return table.activate if on > off else table.decline

    def pay(self, legal: list[Action], due: int) -> Action:
        """Pay with the biggest card of the set that overpays least (``due`` Koku)."""
        table = self.table
        worth = self.cards.worth
        plan = best_payment([worth[k] for k in self.rows[self.me]], due)
        worths = set(plan or [])
        best: Action | None = None
        best_key = (False, 0, 0)
        for a in legal:
            w = worth[table.arg[a.id]]
            planned = w in worths
            key = (planned, w if planned else -w, -a.id)
            if best is None or key > best_key:
                best = a
                best_key = key
        if best is None:
            raise ValueError("no payment among the legal actions")
        return best

    def draw(self, legal: list[Action], count: int) -> Action:
        """Keep red and blue balanced, one more blue than red when it is even; never
        decline the card a face-down attack offers. ``count``: the cards to draw."""
        table = self.table
        arg = table.arg
        draws = [a for a in legal if table.move[a.id] == Move.DRAW_RED] or legal
        me = self.me
        total = self.reds[me] + self.blues[me] + count
        want_red = total // 2 - self.reds[me]
        # The first minimum of (distance, id).
        best = draws[0]
        best_off = abs(arg[best.id] - want_red)
        for i in range(1, len(draws)):
            a = draws[i]
            off = abs(arg[a.id] - want_red)
            if off < best_off or (off == best_off and a.id < best.id):
                best = a
                best_off = off
        return best

    def after_parry(self) -> Action:
        """Draw the difference, unless the initiative is worth more than 3 cards to
        the opponent: they may not parry next round, or our best attack may knock
        them out."""
        table = self.table
        cards = self.cards
        me = self.me
        opp = self.opp
        colour = cards.colour
        red = RED
        hand = self.hand
        any_red = False
        strongest = 0
        for k in range(len(hand)):
            if hand[k] and colour[k] == red:
                v = cards.boosted[k] if self.can_pay(me, cards.cost[k]) else cards.value[k]
                if not any_red or v > strongest:
                    strongest = v
                any_red = True
        finish = any_red and strongest > self.life[opp]
        take = any_red and (self.no_parry[opp] or finish)
        return table.take_initiative if take else table.draw_difference

    def discard_koku(self, legal: list[Action]) -> Action:
        """The opponent's Koku card worth most."""
        table = self.table
        worth = self.cards.worth
        # The first maximum of (worth, -id).
        best = legal[0]
        best_worth = worth[table.arg[best.id]]
        for i in range(1, len(legal)):
            a = legal[i]
            w = worth[table.arg[a.id]]
            if w > best_worth or (w == best_worth and a.id < best.id):
                best = a
                best_worth = w
        return best

    # -- values ---------------------------------------------------------------

    def parry_odds(self) -> dict[int, float]:
        """Odds of the opponent's best parry value (0 when they cannot parry)."""
        opp = self.opp
        held = self.blues[opp]
        if self.no_parry[opp] or held == 0:
            return {0: 1.0}
        cards = self.cards
        colour = cards.colour
        blue = BLUE
        unseen = self.unseen
        values: list[int] = []
        for k in range(len(unseen)):
            n = unseen[k]
            if n > 0 and colour[k] == blue:
                boosted = cards.has_boost[k] and self.can_pay(opp, cards.cost[k])
                v = cards.boosted[k] if boosted else cards.value[k]
                for _ in range(n):
                    values.append(v)
        return best_of(values, held)

    def attack_worth(self, k: int, parry: dict[int, float]) -> float:
        """Expected value of attacking with red type ``k`` (activating as it pays).

        A defender who can hold the attack is taken to hold it as cheaply as it can
        (a card of the attack's value), else to play its best card.
        """
        cards = self.cards
        me = self.me
        can_act = cards.has_effect[k] and self.can_pay(me, cards.cost[k])
        reach = cards.boosted[k] if can_act else cards.value[k]
        total = 0.0
        last_flat = -1
        outcome = 0.0
        # ``parry`` runs up the values: those the attack cannot beat come last and all
        # meet the same flat parry (the attack's reach), valued once.
        for value, p in parry.items():
            flat = value if value < reach else reach
            if flat != last_flat:
                last_flat = flat
                outcome = self.exchange(me, k, -1, False, False, flat)
                if can_act:
                    acted = self.exchange(me, k, -1, True, False, flat)
                    if acted > outcome:
                        outcome = acted
            total += p * outcome
        return total

    def parry_outcome(self, t: int, j: int) -> float:
        """Parrying attack type ``t`` with blue type ``j``: the attacker activates or not,
        whichever is worse for us, and we answer as well as we can."""
        cards = self.cards
        opp = self.opp
        outcome = self.settle(opp, t, j, False)
        if cards.has_effect[t] and self.can_pay(opp, cards.cost[t]):
            acted = self.settle(opp, t, j, True)
            if acted < outcome:
                outcome = acted
        return outcome

    def settle(self, attacker: int, att: int, par: int, att_act: bool) -> float:
        """Our value once the defender has chosen to activate its card or not, at its
        best (the attacker's choice ``att_act`` made)."""
        d = 1 - attacker
        value = self.exchange(attacker, att, par, att_act, False)
        if self._may_activate(d, par) and not (att_act and self.cards.has_negate[att]):
            acted = self.exchange(attacker, att, par, att_act, True)
            if (acted > value) if d == self.me else (acted < value):
                value = acted
        return value

    def _may_activate(self, p: int, k: int) -> bool:
        cards = self.cards
        return k >= 0 and cards.has_effect[k] and self.can_pay(p, cards.cost[k])

    def can_pay(self, p: int, cost: int) -> bool:
        return self.koku[p] >= cost

    def spend(self, p: int, cost: int) -> int:
        """Koku ``p`` gives up to pay ``cost`` (the least overpayment)."""
        if cost <= 0:
            return 0
        key = 2 * cost + p
        spent = self._spent.get(key)
        if spent is None:
            worth = self.cards.worth
            plan = best_payment([worth[k] for k in self.rows[p]], cost)
            spent = sum(plan) if plan is not None else cost
            self._spent[key] = spent
        return spent

    def exchange(
        self,
        attacker: int,
        att: int,
        par: int,
        att_act: bool,
        par_act: bool,
        flat: int = 0,
    ) -> float:
        """Our gain minus the opponent's, in life points, from one exchange.

        ``att`` and ``par`` are card types (``par`` -1: no parry card, or a card of
        value ``flat`` without effects or Koku). The effects resolve in the rules'
        order (R6); the next round is valued roughly: who holds the initiative, who
        draws 3, who may not parry.
        """
        cards = self.cards
        d = 1 - attacker
        negated = att_act and cards.has_negate[att]
        par_act = par_act and par >= 0 and not negated
        a = cards.boosted[att] if att_act else cards.value[att]
        p: int
        if negated:
            p = 0
        elif par >= 0:
            p = cards.boosted[par] if par_act else cards.value[par]
        else:
            p = flat
        # Both cards leave the hands: what keeping them was worth is spent.
        attacking = _Side(attacker, self.life[attacker], 0.0 - KEEP_RED * cards.value[att])
        defending = _Side(
            d, self.life[d], 0.0 - KEEP_BLUE * (cards.value[par] if par >= 0 else flat)
        )
        if a > p:
            hit = a - p
            defending.lost = hit if hit < defending.life else defending.life
            defending.life -= defending.lost
        defender_wins = p > a
        switch = False
        attacking.kept = cards.koku[att] > 0
        defending.kept = par >= 0 and not negated and cards.koku[par] > 0
        for side in range(2):
            if side == 0:
                if not att_act:
                    continue
                own, other, card = attacking, defending, att
            else:
                if not par_act:
                    continue
                own, other, card = defending, attacking, par
            own.gain -= KOKU * self.spend(own.seat, cards.cost[card])
            for e in self.post[card]:
                if e.arrow and not other.lost:
                    continue
                kind = e.kind
                if kind == Effect.GAIN_KOKU:
                    own.kept = True
                elif kind == Effect.SWITCH_INITIATIVE:
                    switch = True
                elif kind == Effect.DRAW:
                    own.gain += CARD * e.amount
                elif kind == Effect.NO_PARRY:
                    attacks_next = (side == 0) != (switch or defender_wins)
                    own.gain += NO_PARRY if attacks_next else 0.0
                elif kind == Effect.DISCARD_RANDOM:
                    size = self.reds[other.seat] + self.blues[other.seat]
                    own.gain += CARD * (e.amount if e.amount < size else size)
                elif kind == Effect.DISCARD_KOKU:
                    own.gain += KOKU * self.richest(other.seat)
                elif kind == Effect.HEAL:
                    if own.life > 0:
                        healed = own.life + e.amount
                        own.life = healed if healed < MAX_LIFE else MAX_LIFE
                else:  # Effect.LOSE
                    target = own if e.to_self else other
                    loss = e.amount if e.amount < target.life else target.life
                    target.life -= loss
                    target.lost += loss
        if attacking.kept:
            attacking.gain += KOKU * cards.worth[att]
        if defending.kept:
            defending.gain += KOKU * cards.worth[par]
        if defender_wins and not switch:
            defending.gain += CARD * (p - a)
        if switch:
            defending.gain += INITIATIVE
            attacking.gain += 3 * CARD
        for one in (attacking, defending):
            one.gain += one.life - self.life[one.seat]
            if one.life <= 0:
                one.gain -= KNOCKOUT
        if attacker == self.me:
            return attacking.gain - defending.gain
        return defending.gain - attacking.gain

    def richest(self, p: int) -> int:
        """The worth of the richest card in ``p``'s Koku row (0 when it is empty)."""
        worth = self.cards.worth
        most = 0
        for k in self.rows[p]:
            if worth[k] > most:
                most = worth[k]
        return most


class _Side:
    """One side of an exchange as :meth:`Reading.exchange` plays it out: the seat,
    its life, the life it lost this round, its gain in life points so far, and
    whether its card stays in its Koku row."""

    __slots__ = ("gain", "kept", "life", "lost", "seat")

    def __init__(self, seat: int, life: int, gain: float) -> None:
        self.seat = seat
        self.life = life
        self.lost = 0
        self.gain = gain
        self.kept = False
