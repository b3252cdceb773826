"""The rules of Kung Fu: rounds of attack and parry until a player is knocked out.

The state is mutated in place by ``apply``. A round runs through fixed *stages*
(:class:`~tabletop.games.kung_fu.phases.Stage`, in the order of ruling R6); a stage
that needs somebody's answer pushes a :class:`~tabletop.core.decisions.Decision`
and the answer resumes the stages. A decision is only pushed when it has more than
one real option; otherwise the rules act at once.

Card types are ints (file order of the deck); a hand is a count per type
(``bytearray``) plus a bitmask of the types held and a count per colour, which are
public: every draw says openly how many cards come from each deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.bits import bits
from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.game import TERMINAL, State
from tabletop.core.piles import Deck
from tabletop.core.rng import Rng
from tabletop.core.text import plural
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import BLUE, COLOUR_NAMES, RED, Effect, EffectSpec
from tabletop.games.kung_fu.phases import Ask, Stage
from tabletop.games.kung_fu.view import build_view

if TYPE_CHECKING:
    from tabletop.games.kung_fu.game import KungFuGame

MAX_LIFE = 10
START_HAND = 3  # cards of each colour dealt to each player
INITIATIVE_DRAW = 3

_INITIATIVE = Stage.INITIATIVE
_PARRY = Stage.PARRY
_ACT_ATT = Stage.ACT_ATT
_ACT_DEF = Stage.ACT_DEF
_RESOLVE = Stage.RESOLVE
_EFFECTS = Stage.EFFECTS
_KNOCKOUT = Stage.KNOCKOUT
_CHOICE = Stage.CHOICE
_SWITCH = Stage.SWITCH
_CLEANUP = Stage.CLEANUP
_OVER = Stage.OVER
_ASK_ATTACK = Ask.ATTACK
_ASK_DRAW = Ask.DRAW
_ASK_PARRY = Ask.PARRY
_ASK_ACTIVATE = Ask.ACTIVATE
_ASK_PAY = Ask.PAY
_ASK_CHOICE = Ask.CHOICE
_PASS = Move.PASS
_NOT_PLAYED = -2  # par_card before the parry; -1: no parry card (value 0)

_INT_FIELDS = (
    "stage",
    "round",
    "attacker",
    "first_player",
    "att_player",
    "att_card",
    "att_value",
    "par_card",
    "par_value",
    "damage",
    "eff_side",
    "eff_index",
    "winner",
)
_BOOL_FIELDS = (
    "att_down",
    "att_hidden",
    "negated",
    "switch",
    "took",
    "deciding",
    "over",
    "is_draw",
)
_PAIR_FIELDS = ("life", "koku_total", "passes", "lost")
_FLAG_PAIRS = ("no_parry", "mark_next", "active", "gained")


class KungFuState(State):
    """A game of Kung Fu in progress. Create it with ``game.new_state``."""

    __slots__ = (
        "_g",
        "active",
        "ask",
        "att_card",
        "att_down",
        "att_hidden",
        "att_player",
        "att_value",
        "attacker",
        "blues",
        "damage",
        "deciding",
        "decks",
        "eff_index",
        "eff_side",
        "first_player",
        "gained",
        "hands",
        "held",
        "is_draw",
        "koku_total",
        "last_round",
        "life",
        "lost",
        "mark_next",
        "negated",
        "no_parry",
        "over",
        "par_card",
        "par_value",
        "passes",
        "reds",
        "rng",
        "round",
        "rows",
        "stage",
        "summary",
        "switch",
        "took",
        "winner",
    )

    _g: KungFuGame
    rng: Rng
    ask: DecisionStack
    stage: int
    round: int
    life: list[int]
    hands: list[bytearray]  # counts per card type
    held: list[int]  # bitmask of the types held
    reds: list[int]  # red cards in hand (public)
    blues: list[int]
    decks: list[Deck]  # [red, blue]: draw and discard piles
    rows: list[list[int]]  # Koku rows, in order of arrival
    koku_total: list[int]
    attacker: int  # who holds the initiative
    first_player: int
    passes: list[int]  # voluntary handovers left this round
    no_parry: list[bool]  # may not parry this round (R10)
    mark_next: list[bool]  # may not parry next round
    att_player: int  # this round's attacker once the attack card is down
    att_card: int  # -1 before the attack
    att_down: bool
    att_hidden: bool  # face down and not yet turned up
    att_value: int  # final value, -1 until known
    par_card: int  # _NOT_PLAYED, -1 (no card) or a type
    par_value: int
    active: list[bool]  # by side: 0 the attacker's card, 1 the defender's
    gained: list[bool]  # by side: gain_koku resolved
    negated: bool
    lost: list[int]  # life lost this round, by seat (the arrow's condition)
    damage: int  # combat damage this round
    eff_side: int
    eff_index: int
    switch: bool  # switch_initiative resolved this round
    took: bool  # the defender took the initiative
    deciding: bool  # single_exchange: the deciding fight is on
    summary: list[str]  # this round's effects, in words
    last_round: list[Any] | None  # [round, attack, parry, damage, effects]
    over: bool
    winner: int
    is_draw: bool

    # -- creation -------------------------------------------------------------

    @classmethod
    def new(cls, game: KungFuGame, num_players: int, seed: int, log: bool) -> KungFuState:
        self = cls.__new__(cls)
        self._init_base(game, num_players, seed, log)
        self._g = game
        cards = game.cards
        opts = game.options
        rng = self.rng = Rng(seed)
        self.ask = DecisionStack()
        self.decks = [Deck(cards.deck_cards[RED]), Deck(cards.deck_cards[BLUE])]
        self.decks[RED].shuffle(rng)
        self.decks[BLUE].shuffle(rng)
        first = rng.randrange(2) if opts.first_player == "random" else int(opts.first_player)
        self.first_player = first
        self.attacker = first
        self.life = [MAX_LIFE, MAX_LIFE]
        self.hands = [bytearray(cards.num_types), bytearray(cards.num_types)]
        self.held = [0, 0]
        self.reds = [0, 0]
        self.blues = [0, 0]
        self.rows = [[], []]
        self.koku_total = [0, 0]
        self.no_parry = [False, False]
        self.mark_next = [False, False]
        self.deciding = False
        self.over = False
        self.winner = -1
        self.is_draw = False
        self.last_round = None
        self.round = 0
        self.passes = [0, 0]
        self.active = [False, False]
        self.gained = [False, False]
        self.lost = [0, 0]
        self.summary = []
        self.negated = False
        self.eff_side = 0
        self.eff_index = 0
        self.switch = False
        how = "drawn at random" if opts.first_player == "random" else "by option"
        self._event(
            "first_player",
            f"player {first + 1} holds the initiative ({how})",
            player=first,
        )
        self._take(first, START_HAND, START_HAND)
        self._take(1 - first, START_HAND, START_HAND)
        bonus = opts.second_player_bonus_parry_cards
        if bonus:
            self._event(
                "bonus",
                f"player {2 - first} draws {plural(bonus, 'extra blue card')} (R15)",
                player=1 - first,
            )
            self._take(1 - first, 0, bonus)
        self._begin_round()
        self._proceed()
        return self

    # -- the game API ---------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.ask:
            return self.ask[-1].player
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        if self.winner < 0:
            return [0.5, 0.5]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def winners(self) -> list[int]:
        """The winner's seat, or ``[]`` while the game runs or after a draw."""
        return [self.winner] if self.over and self.winner >= 0 else []

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (a cached list: do not mutate it)."""
        legal = self._legal
        if legal is not None:
            return legal
        if not self.ask:
            legal = []
        else:
            d = self.ask[-1]
            kind = d.kind
            g = self._g
            p = d.player
            if kind == _ASK_ATTACK:
                key = (self.held[p] & g.red_mask) << 1 | (self.passes[p] > 0)
                legal = g.attack_actions.get(key)
                if legal is None:
                    legal = g.build_attack_actions(key)
            elif kind == _ASK_PARRY:
                mask = self.held[p] & g.blue_mask
                legal = g.parry_actions.get(mask)
                if legal is None:
                    legal = g.build_parry_actions(mask)
            elif kind == _ASK_DRAW:
                if g.sequential:
                    legal = g.draw_options[0][1]
                else:
                    n = d.data[0]
                    red, blue = self.decks
                    if g.reshuffle:
                        ar = len(red.draw_pile) + len(red.discard_pile)
                        ab = len(blue.draw_pile) + len(blue.discard_pile)
                    else:
                        ar = len(red.draw_pile)
                        ab = len(blue.draw_pile)
                    legal = g.draw_options[n - ab if n > ab else 0][ar if ar < n else n]
            elif kind == _ASK_ACTIVATE:
                legal = g.activate_actions
            elif kind == _ASK_CHOICE:
                legal = g.choice_actions
            elif kind == _ASK_PAY:
                pay = g.table.pay
                legal = [pay[k] for k in self._pay_options(p, d.data[1], d.data[2])]
            else:  # Ask.DISCARD_KOKU
                discard = g.table.discard_koku
                legal = [discard[k] for k in _distinct(self.rows[1 - p])]
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        i = action[0]
        g = self._g
        table = g.table
        d = self.ask.pop()
        kind = d.kind
        arg = table.arg[i]
        p = d.player
        if kind == _ASK_ATTACK:
            if table.move[i] == _PASS:
                self.passes[p] -= 1
                if self._log is not None:
                    self._event("pass", f"player {p + 1} gives up the initiative", player=p)
                self._change_initiative(1 - p)
            else:
                self._attack(p, arg, table.move[i] == Move.ATTACK_DOWN)
        elif kind == _ASK_DRAW:
            if g.sequential:
                self._take(p, arg, 1 - arg)
                if d.data[0] > 1:
                    self._draw(p, d.data[0] - 1)
            else:
                self._take(p, arg, d.data[0] - arg)
        elif kind == _ASK_PARRY:
            self._play_parry(p, arg)
        elif kind == _ASK_ACTIVATE:
            side = d.data[0]
            if table.move[i] == Move.ACTIVATE:
                self._activate(p, side)
            elif self._log is not None:
                self._event("decline", f"player {p + 1} does not activate the effect", player=p)
        elif kind == _ASK_PAY:
            self._pay_card(p, arg)
            self._pay(p, d.data[0], d.data[1] - g.cards.worth[arg], g.cards.worth[arg])
        elif kind == _ASK_CHOICE:
            if table.move[i] == Move.TAKE_INITIATIVE:
                self.took = True
                self._note(f"player {p + 1} takes the initiative")
                if self._log is not None:
                    self._event("take_initiative", f"player {p + 1} takes the initiative", player=p)
            else:
                diff = self.par_value - self.att_value
                self._note(f"player {p + 1} draws the difference ({diff})")
                if self._log is not None:
                    self._event(
                        "draw_difference",
                        f"player {p + 1} draws the difference ({diff})",
                        player=p,
                    )
                self._draw(p, diff)
        else:  # Ask.DISCARD_KOKU
            self._discard_koku(p, arg)
        self._proceed()

    # -- the round, stage by stage ----------------------------------------------

    def _begin_round(self) -> None:
        opts = self._g.options
        if self.round >= opts.round_limit:
            self._event("round_limit", f"the round limit ({opts.round_limit}) is reached")
            self._end(-1, "the round limit is reached: the game is a draw")
            return
        self.round += 1
        # Reset the round's fields; the lists in place (copies never share them).
        passes = self.passes
        passes[0] = passes[1] = opts.max_voluntary_passes
        self.stage = _INITIATIVE
        self.att_player = -1
        self.att_card = -1
        self.att_down = False
        self.att_hidden = False
        self.att_value = -1
        self.par_card = _NOT_PLAYED
        self.par_value = -1
        active = self.active
        if active[0] or active[1]:
            active[0] = active[1] = False
            gained = self.gained
            gained[0] = gained[1] = False
            self.negated = False
            self.eff_side = 0
            self.eff_index = 0
            self.switch = False
        lost = self.lost
        lost[0] = lost[1] = 0
        self.damage = 0
        self.took = False
        if self.summary:
            self.summary.clear()
        if self._log is not None:
            extra = " (the deciding fight)" if self.deciding else ""
            self._event(
                "round",
                f"round {self.round}{extra}: player {self.attacker + 1} holds the initiative",
                round=self.round,
                attacker=self.attacker,
            )

    def _proceed(self) -> None:
        """Run the stages until one needs an answer or the game ends."""
        ask = self.ask
        while not ask:
            stage = self.stage
            if stage == _INITIATIVE:
                self._initiative()
            elif stage == _PARRY:
                self._parry()
            elif stage == _ACT_ATT:
                self._windows()
            elif stage == _ACT_DEF:
                self.stage = _RESOLVE
                if not self.negated:
                    self._offer_activation(1)
            elif stage == _RESOLVE:
                self._resolve()
            elif stage == _KNOCKOUT:
                life = self.life
                if life[0] and life[1]:
                    self.stage = _CHOICE
                else:
                    self._knockout()
            elif stage == _CLEANUP:
                self._cleanup()
            elif stage == _EFFECTS:
                self._effects()
            elif stage == _CHOICE:
                self.stage = _SWITCH
                if self.par_value > self.att_value:
                    ask.push(self._g.ask_choice[1 - self.att_player])
            elif stage == _SWITCH:
                self.stage = _CLEANUP
                if self.switch or self.took:
                    self._change_initiative(1 - self.att_player)
            else:
                return

    def _initiative(self) -> None:
        """Phases A and B: a forced handover, or the attack decision."""
        a = self.attacker
        if self.reds[a]:
            self.ask.push(self._g.ask_attack[a])
            return
        d = 1 - a
        if not self.reds[d] and not self._avail(RED):
            self._stalemate()
            return
        if self._log is not None:
            self._event(
                "handover", f"player {a + 1} holds no red card: the initiative passes", player=a
            )
        self._change_initiative(d)

    def _change_initiative(self, new: int) -> None:
        """``new`` becomes the attacker; the new defender draws 3 at once."""
        self.attacker = new
        if self._log is not None:
            self._event(
                "initiative",
                f"player {new + 1} takes the initiative; player {2 - new} draws {INITIATIVE_DRAW}",
                player=new,
            )
        self._draw(1 - new, INITIATIVE_DRAW)

    def _attack(self, a: int, k: int, down: bool) -> None:
        hand = self.hands[a]
        left = hand[k] - 1
        hand[k] = left
        if not left:
            self.held[a] ^= 1 << k
        self.reds[a] -= 1  # attack cards are red
        self.att_player = a
        self.att_card = k
        self.att_down = down
        self.att_hidden = down
        self.stage = _PARRY
        if self._log is not None:
            if down:
                self._event("attack_down", f"player {a + 1} attacks face down", player=a)
                self._private(
                    a,
                    "attack_card",
                    f"you attack with {self._g.cards.labels[k]}",
                    type=self._g.cards.ids[k],
                )
            else:
                self._event(
                    "attack",
                    f"player {a + 1} attacks with {self._g.cards.labels[k]}",
                    player=a,
                    card=self._g.cards.describe(k),
                )
        if down:
            self._draw(1 - a, 1)  # R5: before the parry

    def _parry(self) -> None:
        """Phase C: the defender must parry if able (R10: unless marked)."""
        g = self._g
        d = 1 - self.att_player
        if self.no_parry[d]:
            if self._log is not None:
                self._event("no_parry", f"player {d + 1} may not parry this round", player=d)
            self._play_parry(d, -1)
            return
        mask = self.held[d] & g.blue_mask
        if not mask:
            if self._log is not None:
                self._event("no_parry", f"player {d + 1} has no blue card to parry with", player=d)
            self._play_parry(d, -1)
        elif mask & (mask - 1):
            self.ask.push(g.ask_parry[d])
        else:
            self._play_parry(d, mask.bit_length() - 1)

    def _play_parry(self, d: int, k: int) -> None:
        self.par_card = k
        self.stage = _RESOLVE if self.deciding else _ACT_ATT
        if k >= 0:
            hand = self.hands[d]
            left = hand[k] - 1
            hand[k] = left
            if not left:
                self.held[d] ^= 1 << k
            self.blues[d] -= 1  # parry cards are blue
        if self._log is not None:
            cards = self._g.cards
            if k >= 0:
                self._event(
                    "parry",
                    f"player {d + 1} parries with {cards.labels[k]}",
                    player=d,
                    card=cards.describe(k),
                )
            if self.att_hidden:
                a = self.att_card
                self._event(
                    "reveal",
                    f"the face-down attack is {cards.labels[a]}",
                    card=cards.describe(a),
                )
        self.att_hidden = False

    def _windows(self) -> None:
        """The attacker's activation window, else straight to the defender's."""
        g = self._g
        cards = g.cards
        a = self.att_player
        k = self.att_card
        if cards.has_effect[k] and self.koku_total[a] >= cards.cost[k]:
            self.stage = _ACT_DEF
            self.ask.push(g.ask_activate[0][a])
            return
        self.stage = _RESOLVE
        k = self.par_card
        if k >= 0 and cards.has_effect[k] and self.koku_total[1 - a] >= cards.cost[k]:
            self.ask.push(g.ask_activate[1][1 - a])

    def _offer_activation(self, side: int) -> None:
        """The activation window of one side: ask if the card can be paid for."""
        g = self._g
        cards = g.cards
        if side:
            card = self.par_card
            p = 1 - self.att_player
        else:
            card = self.att_card
            p = self.att_player
        if card < 0 or not cards.has_effect[card] or self.koku_total[p] < cards.cost[card]:
            return
        self.ask.push(g.ask_activate[side][p])

    def _activate(self, p: int, side: int) -> None:
        cards = self._g.cards
        card = self.par_card if side else self.att_card
        self.active[side] = True
        if not side and cards.has_negate[card]:
            self.negated = True
        cost = cards.cost[card]
        if self._log is not None:
            self._event(
                "activate",
                f"player {p + 1} activates {cards.names[card]} (cost {cost})",
                player=p,
                type=cards.ids[card],
            )
        if cost:
            self._pay(p, side, cost, 1 << 30)

    # -- payment (R14) ------------------------------------------------------------

    def _pay(self, p: int, side: int, due: int, last: int) -> None:
        """Pay ``due`` Koku card by card; ask only when the choice is real."""
        worth = self._g.cards.worth
        while due > 0:
            options = self._pay_options(p, due, last)
            if len(options) != 1:
                self.ask.push(Decision(Ask.PAY, p, (side, due, last)))
                return
            k = options[0]
            self._pay_card(p, k)
            due -= worth[k]
            last = worth[k]

    def _pay_options(self, p: int, due: int, last: int) -> list[int]:
        """Types of ``p``'s Koku row that may pay next.

        ``payment="any"``: every type. ``"minimal"``: cards are paid in order of
        non-increasing worth, and only a card after which the rest can still be
        covered that way; the stop at the first total reaching the cost then makes
        every paid card necessary.
        """
        row = self.rows[p]
        types = _distinct(row)
        if not self._g.minimal_payment:
            return types
        worth = self._g.cards.worth
        out = []
        for k in types:
            w = worth[k]
            if w > last:
                continue
            rest = due - w
            if rest > 0:
                smaller = sum(worth[j] for j in row if worth[j] <= w) - w
                if smaller < rest:
                    continue
            out.append(k)
        return out

    def _pay_card(self, p: int, k: int) -> None:
        cards = self._g.cards
        self.rows[p].remove(k)
        self.koku_total[p] -= cards.worth[k]
        self.decks[cards.colour[k]].discard_pile.append(k)
        if self._log is not None:
            self._event(
                "pay",
                f"player {p + 1} pays with {cards.names[k]} ({cards.worth[k]} koku)",
                player=p,
                type=cards.ids[k],
            )

    # -- resolution (R6) ----------------------------------------------------------

    def _resolve(self) -> None:
        """Negate, boosts, the comparison and combat damage (R6 steps 2-3).

        A round without activated effects is finished here straight away (knock-out,
        the defender's choice, cleanup): the common case, kept short.
        """
        g = self._g
        cards = g.cards
        a = self.att_player
        d = 1 - a
        ac = self.att_card
        pc = self.par_card
        active = self.active
        acting = active[0] or active[1]
        att = cards.boosted[ac] if active[0] else cards.value[ac]
        par = 0 if pc < 0 or self.negated else cards.boosted[pc] if active[1] else cards.value[pc]
        self.att_value = att
        self.par_value = par
        log = self._log is not None
        if acting:
            self._boosts(a, att, par)
        if self.deciding:
            self._deciding_result(att, par)
            return
        if att > par:
            loss = self._lose(d, att - par)
            self.damage = loss
            if log:
                self._event(
                    "damage",
                    f"attack {att} beats parry {par}: player {d + 1} loses {loss} life",
                    player=d,
                    amount=loss,
                )
        elif log:
            if att == par:
                self._event("tie", f"attack {att} equals parry {par}: nothing happens")
            else:
                self._event("parried", f"parry {par} beats attack {att}", player=d)
        if acting:
            self.eff_side = 0
            self.eff_index = 0
            self.stage = _EFFECTS
        elif not self.life[d]:
            self.stage = _KNOCKOUT
        elif par > att:
            self.stage = _SWITCH
            self.ask.push(g.ask_choice[d])
        else:
            self._cleanup()

    def _boosts(self, a: int, att: int, par: int) -> None:
        """Note the negation and the boosts bought this round."""
        cards = self._g.cards
        d = 1 - a
        if self.negated:
            self._note(f"player {a + 1} negates the parry")
            self._event("negate", f"player {a + 1} negates the parry of player {d + 1}", player=a)
        if self.active[0] and cards.has_boost[self.att_card]:
            self._note(f"player {a + 1} boosts the attack to {att}")
            self._event("boost", f"player {a + 1} boosts the attack to {att}", player=a)
        pc = self.par_card
        if self.active[1] and pc >= 0 and cards.has_boost[pc]:
            self._note(f"player {d + 1} boosts the parry to {par}")
            self._event("boost", f"player {d + 1} boosts the parry to {par}", player=d)

    def _effects(self) -> None:
        """The other activated effects in printed order: attacker's, then defender's."""
        post = self._g.post
        while self.eff_side < 2:
            side = self.eff_side
            card = self.par_card if side else self.att_card
            if not self.active[side] or card < 0 or self.eff_index >= len(post[card]):
                self.eff_side = side + 1
                self.eff_index = 0
                continue
            effect = post[card][self.eff_index]
            self.eff_index += 1
            owner = 1 - self.att_player if side else self.att_player
            if self._effect(owner, side, effect):
                return
        self.stage = _KNOCKOUT

    def _effect(self, owner: int, side: int, e: EffectSpec) -> bool:
        """Resolve one effect; True when it waits for a decision."""
        opp = 1 - owner
        kind = e.kind
        if e.arrow and not self.lost[opp]:
            self._note(f"player {owner + 1}'s arrow effect fails: the payment is lost")
            if self._log is not None:
                self._event(
                    "fizzle",
                    f"player {opp + 1} lost no life: player {owner + 1}'s arrow effect fails",
                    player=owner,
                )
            return False
        if kind == Effect.GAIN_KOKU:
            self.gained[side] = True
            self._note(f"player {owner + 1} keeps the card as koku")
            self._event("gain_koku", f"player {owner + 1} keeps the card as koku", player=owner)
        elif kind == Effect.SWITCH_INITIATIVE:
            self.switch = True
            self._note("the initiative switches")
            self._event("switch", "the initiative switches after this round", player=owner)
        elif kind == Effect.DRAW:
            self._note(f"player {owner + 1} draws {e.amount}")
            self._event(
                "effect_draw", f"player {owner + 1} draws {plural(e.amount, 'card')}", player=owner
            )
            self._draw(owner, e.amount)
            return bool(self.ask)
        elif kind == Effect.NO_PARRY:
            self.mark_next[opp] = True
            self._note(f"player {opp + 1} may not parry next round")
            self._event("mark", f"player {opp + 1} may not parry next round", player=opp)
        elif kind == Effect.DISCARD_RANDOM:
            self._discard_random(owner, opp, e.amount)
        elif kind == Effect.DISCARD_KOKU:
            types = _distinct(self.rows[opp])
            if len(types) > 1:
                self.ask.push(Decision(Ask.DISCARD_KOKU, owner, ()))
                return True
            if types:
                self._discard_koku(owner, types[0])
            else:
                self._note(f"player {opp + 1} has no koku to discard")
                self._event("discard_koku", f"player {opp + 1} has no koku to discard", player=opp)
        elif kind == Effect.HEAL:
            life = self.life[owner]
            if life <= 0:
                gain = 0  # R11: the last point was lost
            else:
                gain = min(MAX_LIFE, life + e.amount) - life
                self.life[owner] = life + gain
            self._note(f"player {owner + 1} heals {gain}")
            self._event(
                "heal", f"player {owner + 1} regains {gain} life", player=owner, amount=gain
            )
        else:  # Effect.LOSE
            target = owner if e.to_self else opp
            loss = self._lose(target, e.amount)
            self._note(f"player {target + 1} loses {loss} life")
            self._event(
                "lose", f"player {target + 1} loses {loss} life", player=target, amount=loss
            )
        return False

    def _discard_random(self, owner: int, opp: int, n: int) -> None:
        cards = self._g.cards
        hand = self.hands[opp]
        size = self.reds[opp] + self.blues[opp]
        gone: list[int] = []
        for _ in range(min(n, size)):
            r = self.rng.randrange(size)
            for k in bits(self.held[opp]):
                r -= hand[k]
                if r < 0:
                    break
            self._remove(opp, k)
            self.decks[cards.colour[k]].discard_pile.append(k)
            gone.append(k)
            size -= 1
        names = ", ".join(cards.names[k] for k in gone) or "nothing"
        self._note(f"player {opp + 1} discards {names} at random")
        if self._log is not None:
            self._event(
                "discard_random",
                f"player {opp + 1} discards {names} at random",
                player=opp,
                types=[cards.ids[k] for k in gone],
            )

    def _discard_koku(self, owner: int, k: int) -> None:
        cards = self._g.cards
        opp = 1 - owner
        self.rows[opp].remove(k)
        self.koku_total[opp] -= cards.worth[k]
        self.decks[cards.colour[k]].discard_pile.append(k)
        self._note(f"player {owner + 1} discards {cards.names[k]} from player {opp + 1}'s koku")
        if self._log is not None:
            self._event(
                "discard_koku",
                f"player {owner + 1} discards {cards.names[k]} from player {opp + 1}'s koku row",
                player=opp,
                type=cards.ids[k],
            )

    def _lose(self, p: int, amount: int) -> int:
        life = self.life[p]
        loss = amount if amount < life else life
        self.life[p] = life - loss
        self.lost[p] += loss
        return loss

    def _knockout(self) -> None:
        """R9: one player at 0 loses; both at 0 lead to the deciding fight."""
        life = self.life
        self.stage = _CHOICE
        if life[0] and life[1]:
            return
        if life[0] or life[1]:
            winner = 0 if life[0] else 1
            self._record_round()
            self._end(winner, f"player {2 - winner} is knocked out: player {winner + 1} wins")
            return
        if self._g.options.deciding_fight == "reset_to_one":
            self.life = [1, 1]
            self._event(
                "double_knockout",
                "both players are knocked out: both return to 1 life and fight on",
            )
        else:
            self.deciding = True
            self._event(
                "double_knockout",
                "both players are knocked out: a deciding exchange follows",
            )

    def _deciding_result(self, att: int, par: int) -> None:
        """The single-exchange deciding fight: only the comparison counts."""
        a = self.att_player
        if att != par:
            winner = a if att > par else 1 - a
            self._record_round()
            self._end(winner, f"player {winner + 1} wins the deciding fight ({att} against {par})")
            return
        self._event("deciding_tie", f"the deciding exchange is a tie ({att}): roles swap")
        self.switch = True
        self.stage = _SWITCH

    def _record_round(self) -> None:
        """Keep the finished round for the view (``last_round``)."""
        self.last_round = [
            self.round,
            self.att_value,
            self.par_value,
            self.damage,
            list(self.summary),
        ]

    def _cleanup(self) -> None:
        """Koku cards to the rows, the rest to the discard piles; then a new round."""
        g = self._g
        cards = g.cards
        summary = self.summary
        self.last_round = [
            self.round,
            self.att_value,
            self.par_value,
            self.damage,
            summary[:] if summary else [],
        ]
        a = self.att_player
        ac = self.att_card
        koku = cards.koku
        if koku[ac] or self.gained[0]:
            self._to_row(a, ac)
        else:
            self.decks[RED].discard_pile.append(ac)  # attack cards are red
        pc = self.par_card
        if pc >= 0:
            if self.negated:
                keep = koku[pc] > 0 and g.options.negated_parry_keeps_koku
            else:
                keep = koku[pc] > 0 or self.gained[1]
            if keep:
                self._to_row(1 - a, pc)
            else:
                self.decks[BLUE].discard_pile.append(pc)
        marks = self.mark_next
        if marks[0] or marks[1]:
            self.no_parry = marks
            self.mark_next = [False, False]
        elif self.no_parry[0] or self.no_parry[1]:
            self.no_parry = [False, False]  # R10: a mark lasts one round
        self._begin_round()

    def _to_row(self, p: int, k: int) -> None:
        cards = self._g.cards
        self.rows[p].append(k)
        self.koku_total[p] += cards.worth[k]
        if self._log is not None:
            self._event(
                "koku_row",
                f"{cards.names[k]} joins player {p + 1}'s koku row ({cards.worth[k]} koku)",
                player=p,
                type=cards.ids[k],
            )

    def _stalemate(self) -> None:
        """R13: no red card anywhere: more life wins, equal life is a draw."""
        l0, l1 = self.life
        self._event("stalemate", "no red card is left in play: the game stops")
        if l0 == l1:
            self._end(-1, "equal life: the game is a draw")
        else:
            w = 0 if l0 > l1 else 1
            self._end(w, f"player {w + 1} has more life and wins")

    def _end(self, winner: int, text: str) -> None:
        self.over = True
        self.winner = winner
        self.is_draw = winner < 0
        self.stage = _OVER
        self.ask.clear()
        if self._log is not None:
            self._event("game_end", text, winner=winner if winner >= 0 else None)

    # -- drawing (R2, R3) ---------------------------------------------------------

    def _avail(self, c: int) -> int:
        """Cards that can still be drawn from colour ``c`` (R2)."""
        deck = self.decks[c]
        if self._g.reshuffle:
            return len(deck.draw_pile) + len(deck.discard_pile)
        return len(deck.draw_pile)

    def _draw(self, p: int, n: int) -> None:
        """``p`` draws ``n`` cards, choosing the decks; asks when there is a choice."""
        red, blue = self.decks
        g = self._g
        if g.reshuffle:
            ar = len(red.draw_pile) + len(red.discard_pile)
            ab = len(blue.draw_pile) + len(blue.discard_pile)
        else:
            ar = len(red.draw_pile)
            ab = len(blue.draw_pile)
        total = ar + ab
        if n < total:
            total = n
        if total <= 0:
            if n > 0 and self._log is not None:
                self._event("no_cards", f"no card is left for player {p + 1} to draw", player=p)
            return
        if g.sequential:
            if ar and ab:
                self.ask.push(g.ask_draw[p][total])
                return
            if total > 1:
                self._take(p, total if ar else 0, 0 if ar else total)
            else:
                self._take(p, 1 if ar else 0, 0 if ar else 1)
            return
        lo = total - ab if total > ab else 0
        hi = ar if ar < total else total
        if lo == hi:
            self._take(p, lo, total - lo)
        else:
            self.ask.push(g.ask_draw[p][total])

    def _take(self, p: int, red: int, blue: int) -> None:
        """Draw ``red`` red then ``blue`` blue cards into ``p``'s hand."""
        log = self._log is not None
        decks = self.decks
        pile = decks[RED].draw_pile
        blues = decks[BLUE].draw_pile
        if not log and len(pile) >= red and len(blues) >= blue:
            # The common case: both piles hold enough cards.
            hand = self.hands[p]
            held = self.held[p]
            for _ in range(red):
                k = pile.pop()
                hand[k] += 1
                held |= 1 << k
            for _ in range(blue):
                k = blues.pop()
                hand[k] += 1
                held |= 1 << k
            self.held[p] = held
            self.reds[p] += red
            self.blues[p] += blue
            return
        got: list[int] = []
        for colour, n in ((RED, red), (BLUE, blue)):
            for _ in range(n):
                k = self._draw_one(p, colour)
                if k >= 0:
                    got.append(k)
        if log:
            names = self._g.cards.names
            self._event(
                "draw",
                f"player {p + 1} draws {red} red and {blue} blue",
                player=p,
                red=red,
                blue=blue,
            )
            if got:
                self._private(p, "drew", "you drew " + ", ".join(names[k] for k in got))

    def _draw_one(self, p: int, colour: int) -> int:
        """One card of ``colour`` (R2: reshuffle, else the other colour); -1 if none."""
        deck = self.decks[colour]
        pile = deck.draw_pile
        if not pile:
            reshuffle = self._g.reshuffle
            if reshuffle and deck.reshuffle(self.rng):
                self._event("reshuffle", f"the {COLOUR_NAMES[colour]} discards are reshuffled")
            else:
                colour = 1 - colour
                deck = self.decks[colour]
                pile = deck.draw_pile
                if not pile and not (reshuffle and deck.reshuffle(self.rng)):
                    return -1
                if self._log is not None:
                    self._event(
                        "other_colour",
                        f"the {COLOUR_NAMES[1 - colour]} cards are exhausted: "
                        f"player {p + 1} draws {COLOUR_NAMES[colour]}",
                        player=p,
                    )
            pile = deck.draw_pile
        k = pile.pop()
        self.hands[p][k] += 1
        self.held[p] |= 1 << k
        if colour == RED:
            self.reds[p] += 1
        else:
            self.blues[p] += 1
        return k

    def _remove(self, p: int, k: int) -> None:
        hand = self.hands[p]
        left = hand[k] - 1
        hand[k] = left
        if not left:
            self.held[p] ^= 1 << k
        if self._g.cards.colour[k] == RED:
            self.reds[p] -= 1
        else:
            self.blues[p] -= 1

    # -- information ----------------------------------------------------------

    def _note(self, text: str) -> None:
        """Add to this round's effect summary (the view's ``last_round``)."""
        self.summary.append(text)

    def _event(self, kind: str, text: str, **data: Any) -> None:
        if self._log is not None:
            self._log.add(kind, text, None, **data)

    def _private(self, p: int, kind: str, text: str, **data: Any) -> None:
        if self._log is not None:
            self._log.add(kind, text, frozenset((p,)), player=p, **data)

    def hand_types(self, p: int) -> list[int]:
        """Seat ``p``'s cards as type numbers (with repeats, by type)."""
        return [k for k, c in enumerate(self.hands[p]) for _ in range(c)]

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Schema in the docs."""
        return build_view(self, player)

    # -- copies ---------------------------------------------------------------

    def clone(self) -> KungFuState:
        twin = KungFuState.__new__(KungFuState)
        self._copy_base(twin)
        twin._g = self._g
        twin.rng = self.rng.clone()
        twin.ask = self.ask.copy()
        twin.hands = [self.hands[0][:], self.hands[1][:]]
        twin.held = self.held[:]
        twin.reds = self.reds[:]
        twin.blues = self.blues[:]
        twin.decks = [self.decks[0].copy(), self.decks[1].copy()]
        twin.rows = [self.rows[0][:], self.rows[1][:]]
        twin.koku_total = self.koku_total[:]
        twin.life = self.life[:]
        twin.passes = self.passes[:]
        twin.no_parry = self.no_parry[:]
        twin.mark_next = self.mark_next[:]
        twin.active = self.active[:]
        twin.gained = self.gained[:]
        twin.lost = self.lost[:]
        twin.summary = self.summary[:]
        twin.last_round = self.last_round  # replaced, never mutated
        twin.stage = self.stage
        twin.round = self.round
        twin.attacker = self.attacker
        twin.first_player = self.first_player
        twin.att_player = self.att_player
        twin.att_card = self.att_card
        twin.att_down = self.att_down
        twin.att_hidden = self.att_hidden
        twin.att_value = self.att_value
        twin.par_card = self.par_card
        twin.par_value = self.par_value
        twin.negated = self.negated
        twin.damage = self.damage
        twin.eff_side = self.eff_side
        twin.eff_index = self.eff_index
        twin.switch = self.switch
        twin.took = self.took
        twin.deciding = self.deciding
        twin.over = self.over
        twin.winner = self.winner
        twin.is_draw = self.is_draw
        return twin

    def determinize(self, observer: int, rng: Rng) -> KungFuState:
        """Re-deal what ``observer`` cannot see, colour by colour.

        The opponent's hand keeps its public count of each colour and is re-dealt
        from the unseen cards of that colour (the draw pile, the opponent's hand,
        and a face-down attack the observer has not seen turned up); draw piles are
        reshuffled. Discards, Koku rows and cards in play are public and kept.
        """
        twin = self.clone()
        self._forget_for(twin, observer)
        cards = self._g.cards
        q = 1 - observer
        hidden_attack = self.att_hidden and self.att_player == q
        hand = bytearray(cards.num_types)
        held = 0
        for colour in (RED, BLUE):
            mask = cards.colour_mask[colour]
            pool = list(self.decks[colour].draw_pile)
            for k in self.hand_types(q):
                if mask >> k & 1:
                    pool.append(k)
            if hidden_attack and cards.colour[self.att_card] == colour:
                pool.append(self.att_card)
            rng.shuffle(pool)
            if hidden_attack and cards.colour[self.att_card] == colour:
                twin.att_card = pool.pop()
            size = self.reds[q] if colour == RED else self.blues[q]
            for k in pool[len(pool) - size :]:
                hand[k] += 1
                held |= 1 << k
            del pool[len(pool) - size :]
            twin.decks[colour].draw_pile = pool
        twin.hands[q] = hand
        twin.held[q] = held
        twin.rng = rng.derive()
        return twin

    # -- serialisation --------------------------------------------------------

    def _state_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rng": self.rng.to_dict(),
            "ask": self.ask.to_list(),
            "hands": [self.hand_types(0), self.hand_types(1)],
            "decks": [self.decks[0].to_dict(), self.decks[1].to_dict()],
            "rows": [list(self.rows[0]), list(self.rows[1])],
            "summary": list(self.summary),
            "last_round": None if self.last_round is None else list(self.last_round),
        }
        for name in _INT_FIELDS + _BOOL_FIELDS:
            out[name] = getattr(self, name)
        for name in _PAIR_FIELDS + _FLAG_PAIRS:
            out[name] = list(getattr(self, name))
        return out

    @classmethod
    def from_dict(cls, game: KungFuGame, data: dict[str, Any]) -> KungFuState:
        self = cls.__new__(cls)
        s = self._restore_base(game, data)
        self._g = game
        cards = game.cards
        try:
            if self.num_players != 2:
                raise StateFormatError("Kung Fu is for exactly 2 players")
            self.rng = Rng.from_dict(s["rng"])
            self.ask = DecisionStack.from_list(s["ask"])
            self.hands = [bytearray(cards.num_types), bytearray(cards.num_types)]
            self.held = [0, 0]
            self.reds = [0, 0]
            self.blues = [0, 0]
            for p, hand in enumerate(s["hands"][:2]):
                for k in hand:
                    k = int(k)
                    if not 0 <= k < cards.num_types:
                        raise StateFormatError(f"unknown card type {k} in hands[{p}]")
                    self.hands[p][k] += 1
                    self.held[p] |= 1 << k
                    if cards.colour[k] == RED:
                        self.reds[p] += 1
                    else:
                        self.blues[p] += 1
            self.decks = [Deck.from_dict(s["decks"][0]), Deck.from_dict(s["decks"][1])]
            self.rows = [[int(k) for k in s["rows"][0]], [int(k) for k in s["rows"][1]]]
            for name in _INT_FIELDS:
                setattr(self, name, int(s[name]))
            for name in _BOOL_FIELDS:
                setattr(self, name, bool(s[name]))
            for name in _PAIR_FIELDS:
                setattr(self, name, [int(x) for x in s[name]])
            for name in _FLAG_PAIRS:
                setattr(self, name, [bool(x) for x in s[name]])
            self.summary = [str(x) for x in s["summary"]]
            last = s["last_round"]
            self.last_round = None if last is None else list(last)
            piles = [*self.rows, *(d.draw_pile for d in self.decks)]
            piles += [d.discard_pile for d in self.decks]
            for pile in piles:
                for k in pile:
                    if not 0 <= k < cards.num_types:
                        raise StateFormatError(f"unknown card type {k}")
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError(f"malformed Kung Fu state: {exc!r}") from exc
        return self


def _distinct(row: list[int]) -> list[int]:
    """The distinct types of a Koku row, in order of first arrival."""
    return list(dict.fromkeys(row))
