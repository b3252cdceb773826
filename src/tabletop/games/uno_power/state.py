"""The rules of UNO Power: one round after another until the match is decided.

The state is mutated in place by ``apply``. A play runs through fixed *stages*
(towers, seven swap, four-tower bonus, catch window, effect on the next player,
jump-in window, next turn); a stage that needs somebody's answer pushes a
:class:`~tabletop.core.decisions.Decision` and the answer resumes the stages. Plain
number cards, the bulk of any game, skip all of that on a fast path.

Seats run clockwise: "left" is seat + 1. Hands are counts per card kind plus a
bitmask of the kinds held, so the playable set is one AND with a table entry.
"""

from __future__ import annotations

import math
from itertools import compress
from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.bits import bits
from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.game import TERMINAL, State
from tabletop.core.piles import Deck
from tabletop.core.rng import Rng
from tabletop.games.uno_power.actions import (
    MOVE_BLOCK,
    MOVE_BONUS,
    MOVE_CATCH,
    MOVE_CHALLENGE,
    MOVE_NO_CHALLENGE,
    MOVE_PLAY,
    MOVE_TAKE,
)
from tabletop.games.uno_power.cards import (
    ALL_TOWERS,
    BLOCKING_TOWER,
    COLOURS,
    DRAW1,
    DRAW2,
    GRAB2,
    NUM_SYMBOLS,
    NUM_TOWERS,
    REVERSE,
    SKIP,
    TOWERS,
    WILD_DRAW4,
    WILD_GRAB,
)
from tabletop.games.uno_power.phases import (
    ASK_BONUS,
    ASK_CATCH,
    ASK_CHALLENGE,
    ASK_ICON_GRAB,
    ASK_JUMP,
    ASK_NAME_COLOUR,
    ASK_PLAY_DRAWN,
    ASK_PROTECT,
    ASK_STACK,
    ASK_SWAP,
    ASK_TOWERS,
    STAGE_BONUS,
    STAGE_CATCH,
    STAGE_DONE,
    STAGE_EFFECT,
    STAGE_GRAB,
    STAGE_JUMP,
    STAGE_NEXT,
    STAGE_SWAP,
)
from tabletop.games.uno_power.view import build_view

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame


_DONE = STAGE_DONE


class _RoundOver(Exception):
    """Raised inside a rule when the round has ended (an empty pile, a limit)."""


class UnoPowerState(State):
    """A UNO Power match in progress. Create it with ``game.new_state``."""

    __slots__ = (
        "_g",
        "actor",
        "ask",
        "called",
        "colour",
        "dealer",
        "deck",
        "direction",
        "hands",
        "held",
        "last_round",
        "mi",
        "next_turn",
        "over",
        "pass_streak",
        "pending_draw",
        "played",
        "rng",
        "round",
        "scores",
        "sizes",
        "stage",
        "top",
        "towers",
        "towers_before",
        "turn",
        "turns",
        "uno_pending",
        "wd4_colour",
        "winner_list",
    )

    _g: UnoPowerGame
    rng: Rng
    ask: DecisionStack
    hands: list[bytearray]  # counts per card kind
    held: list[int]
    sizes: list[int]
    called: list[bool]
    deck: Deck
    top: int
    colour: int
    mi: int
    towers: list[int]
    turn: int
    direction: int
    dealer: int
    round: int
    scores: list[int]
    stage: int
    actor: int
    played: int
    next_turn: int
    pending_draw: int
    wd4_colour: int
    uno_pending: int
    turns: int
    pass_streak: int
    towers_before: int
    over: bool
    winner_list: list[int]
    last_round: dict[str, Any] | None

    # -- creation -------------------------------------------------------------

    @classmethod
    def new(cls, game: UnoPowerGame, num_players: int, seed: int, log: bool) -> UnoPowerState:
        self = cls.__new__(cls)
        self._init_base(game, num_players, seed, log)
        self._g = game
        self.rng = Rng(seed)
        self.ask = DecisionStack()
        self.scores = [0] * num_players
        self.towers = [-1] * NUM_TOWERS
        self.round = 0
        self.over = False
        self.winner_list = []
        self.last_round = None
        self.dealer = self._choose_first_dealer()
        self._start_round()
        return self

    def _choose_first_dealer(self) -> int:
        n = self.num_players
        how = self._g.options.dealer
        if how == "rotate":
            return 0
        if how == "random":
            dealer = self.rng.randrange(n)
            self._event("dealer", f"player {dealer + 1} deals (drawn at random)", dealer=dealer)
            return dealer
        cards = self._g.cards
        pool = list(cards.deck)  # cards drawn for the deal are set aside
        contenders = list(range(n))
        while True:
            if len(pool) < len(contenders):
                pool = list(cards.deck)
            picks = self.rng.sample(pool, len(contenders))
            for card in picks:
                pool.remove(card)
            drawn = dict(zip(contenders, picks, strict=True))
            for p, card in drawn.items():
                self._event(
                    "dealer_draw",
                    f"player {p + 1} draws {cards.names[card]} for the deal",
                    player=p,
                    card=cards.describe(card),
                )
            value = {p: (cards.symbol[c] if cards.symbol[c] <= 9 else 0) for p, c in drawn.items()}
            best = max(value.values())
            contenders = [p for p in contenders if value[p] == best]
            if len(contenders) == 1:
                dealer = contenders[0]
                self._event("dealer", f"player {dealer + 1} deals", dealer=dealer)
                return dealer
            self._event("dealer_tie", "tie for the highest card: the tied players draw again")

    def _start_round(self) -> None:
        g = self._g
        opts = g.options
        cards = g.cards
        n = self.num_players
        self.round += 1
        if opts.towers_reset_each_round:
            self.towers = [-1] * NUM_TOWERS
        self.hands = [bytearray(cards.num_kinds) for _ in range(n)]
        self.held = [0] * n
        self.sizes = [0] * n
        self.called = [False] * n
        self.deck = Deck(cards.deck, keep=1)
        self.deck.shuffle(self.rng)
        self.ask.clear()
        self.direction = 1
        self.pending_draw = 0
        self.uno_pending = -1
        self.wd4_colour = -1
        self.turns = 0
        self.pass_streak = 0
        self.stage = STAGE_DONE
        self.actor = -1
        self.played = -1
        self.next_turn = -1
        self.towers_before = 0
        self._event(
            "round", f"round {self.round}: player {self.dealer + 1} deals", round=self.round
        )
        for _ in range(opts.hand_size):
            for i in range(1, n + 1):
                p = (self.dealer + i) % n
                card = self.deck.draw_pile.pop()
                self._add_card(p, card)
        if self._log is not None:
            for p in range(n):
                self._private(p, "hand", "your hand: " + self._hand_text(p))

        # Turn up the first card; a Wild Draw Four (and, under the redraw policy, a
        # Wild Grab-a-Tower) goes back into the deck.
        pile = self.deck.draw_pile
        while True:
            card = pile.pop()
            sym = cards.symbol[card]
            if sym == WILD_DRAW4 or (sym == WILD_GRAB and opts.first_wild_grab_policy == "redraw"):
                pile.append(card)
                self.rng.shuffle(pile)
                self._event("flip_back", f"{cards.names[card]} is turned up and goes back")
                continue
            break
        self.deck.discard_pile.append(card)
        self.top = card
        self.colour = cards.colour[card]
        self.mi = max(self.colour, 0) * NUM_SYMBOLS + sym
        self._event("flip", f"the first card is {cards.names[card]}", card=cards.describe(card))

        first = (self.dealer + 1) % n
        if sym in BLOCKING_TOWER and self.towers[BLOCKING_TOWER[sym]] == first:
            # Towers kept from the last round block it as if the dealer had played it.
            self._event(
                "blocked",
                f"player {first + 1} blocks the first card with tower "
                f"{TOWERS[BLOCKING_TOWER[sym]]}",
                player=first,
            )
            self._begin_turn(first)
        elif sym == SKIP:
            self._event("skip", f"player {first + 1} is skipped", player=first)
            self._begin_turn((first + 1) % n)
        elif sym == REVERSE:
            self.direction = -1
            self._event("reverse", f"play runs to the right; player {self.dealer + 1} starts")
            self._begin_turn(self.dealer)
        elif sym in (DRAW1, DRAW2):
            self._draw(first, cards.draw_amount[card], "the first card")
            self._begin_turn((first + 1) % n)
        elif sym == WILD_GRAB:
            self._begin_turn(first)
            self.ask.push(Decision(ASK_NAME_COLOUR, first))
        else:
            self._begin_turn(first)

    # -- the game API ---------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.ask:
            return self.ask.top.player
        return TERMINAL if self.over else self.turn

    def is_terminal(self) -> bool:
        return self.over

    def estimate_returns(self) -> list[float]:
        """A rough chance of winning for each seat, for search cut-offs.

        The round goes to whoever is closest to emptying their hand; the match
        blends that with how far each seat (or team) stands from the target.
        """
        if self.over:
            return self.returns()
        n = self.num_players
        opts = self._g.options
        weights = [math.exp(-0.6 * self.sizes[p]) for p in range(n)]
        total = sum(weights)
        round_win = [w / total for w in weights]
        if opts.target_score == "single_round":
            return round_win
        target = int(opts.target_score)
        totals = self._team_totals()
        sign = 1.0 if opts.scoring == "winner_takes" else -1.0
        strength = [
            math.exp(sign * 4.0 * totals[p] / target) * (0.25 + round_win[p]) for p in range(n)
        ]
        scale = sum(strength)
        return [x / scale for x in strength]

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.num_players
        return [1.0 if p in self.winner_list else 0.0 for p in range(self.num_players)]

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (a cached list: do not mutate it)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.ask:
            legal = self._decision_actions(self.ask.top)
        elif self.over:
            legal = []
        else:
            g = self._g
            cards = g.cards
            p = self.turn
            held = self.held[p]
            playable = held & cards.match[self.mi]
            if (
                playable & cards.wd4_bit
                and g.wd4_enforced
                and held & cards.colour_mask[self.colour]
            ):
                playable ^= cards.wd4_bit
            size = self.sizes[p]
            if size == 1 and g.options.no_action_finish:
                playable &= cards.number_mask
            # The list depends only on the playable set and on whether the play
            # would leave one card, so it is built once and shared.
            key = playable << 1 | (size == 2)
            legal = g.turn_actions.get(key)
            if legal is None:
                legal = g.build_turn_actions(playable, size == 2)
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        i = action[0]
        table = self._g.table
        try:
            if self.ask:
                self._answer(self.ask.pop(), table.move[i], i)
            elif table.move[i] == MOVE_PLAY:
                self._play(self.turn, table.kind[i], table.colour[i], table.calls[i])
            else:
                self._draw_turn(self.turn)
        except _RoundOver:
            pass

    # -- playing a card -------------------------------------------------------

    def _play(self, p: int, k: int, named: int, calls: bool) -> None:
        g = self._g
        cards = g.cards
        hand = self.hands[p]
        left = hand[k] - 1
        hand[k] = left
        if not left:
            self.held[p] ^= 1 << k
        size = self.sizes[p] - 1
        self.sizes[p] = size
        self.deck.discard_pile.append(k)
        previous_colour = self.colour
        self.top = k
        colour = cards.colour[k] if named < 0 else named
        self.colour = colour
        self.mi = colour * NUM_SYMBOLS + cards.symbol[k]
        self.pass_streak = 0
        self.played = k
        self.actor = p
        # A play begins a turn, which closes any earlier catch window.
        self.uno_pending = -1
        if self._log is not None:
            shout = " and calls UNO" if calls else ""
            named_text = f", naming {COLOURS[named]}" if named >= 0 else ""
            self._event(
                "play",
                f"player {p + 1} plays {cards.names[k]}{named_text}{shout}",
                player=p,
                card=cards.describe(k),
                named=COLOURS[named] if named >= 0 else None,
            )
        if cards.symbol[k] == WILD_DRAW4:
            self.wd4_colour = previous_colour
        if size == 0:
            self._went_out(p, k)
            return
        if size == 1:
            auto = g.options.uno_call == "auto"
            self.called[p] = calls or auto
            if not (calls or auto):
                self.uno_pending = p
        if self.uno_pending < 0:
            if g.fast_path[k]:
                self._begin_turn((p + self.direction) % self.num_players)
                return
            icon = g.auto_icon[k]
            if icon >= 0:  # a number with an icon: grab its tower, then next player
                towers = self.towers
                if towers[icon] != p:
                    before = (
                        (towers[0] == p) + (towers[1] == p) + (towers[2] == p) + (towers[3] == p)
                    )
                    self._take_towers(p, 1 << icon)
                    if before == NUM_TOWERS - 1:
                        self.towers_before = before
                        self.stage = STAGE_BONUS
                        self._proceed()
                        return
                self._begin_turn((p + self.direction) % self.num_players)
                return
        self.towers_before = self._tower_count(p)
        self.stage = STAGE_GRAB
        self._proceed()

    def _proceed(self) -> None:
        """Run the remaining stages of the current play until one needs an answer.

        Each stage is guarded by a cheap test, so a card with one effect costs
        one call.
        """
        g = self._g
        opts = g.options
        while True:
            stage = self.stage
            if stage == STAGE_GRAB:
                self.stage = STAGE_SWAP
                if g.grabs[self.played] and self._grab_stage():
                    return
            elif stage == STAGE_SWAP:
                self.stage = STAGE_BONUS
                if opts.seven_swap and g.cards.symbol[self.played] == 7 and self._swap_stage():
                    return
            elif stage == STAGE_BONUS:
                self.stage = STAGE_EFFECT
                p = self.actor
                if (
                    self.towers_before < NUM_TOWERS
                    and self.towers[0] == p
                    and self._offer_bonus(p, at_turn_start=False)
                ):
                    return
            elif stage == STAGE_EFFECT:
                self.stage = STAGE_CATCH
                if g.targets[self.played]:
                    if self._effect():
                        return
                else:
                    self.next_turn = (self.actor + self.direction) % self.num_players
            elif stage == STAGE_CATCH:
                self.stage = STAGE_JUMP
                if self.uno_pending >= 0 and self._open_catch_window():
                    return
            elif stage == STAGE_JUMP:
                self.stage = STAGE_NEXT
                if opts.jump_in and self._open_jump_window():
                    return
            elif stage == STAGE_NEXT:
                self.stage = STAGE_DONE
                self._begin_turn(self.next_turn)
                return
            else:
                return

    def _grab_stage(self) -> bool:
        g = self._g
        k = self.played
        p = self.actor
        sym = g.cards.symbol[k]
        icon = g.cards.icon[k]
        if icon >= 0:
            if self.towers[icon] == p:
                return False
            if g.options.icon_grab == "optional":
                self.ask.push(Decision(ASK_ICON_GRAB, p, (icon,)))
                return True
            self._take_towers(p, 1 << icon)
            return False
        if sym in (GRAB2, WILD_GRAB):
            want = 2 if sym == GRAB2 else 1
            free = self._available_towers(p)
            if bin(free).count("1") <= want:
                if free:
                    self._take_towers(p, free)
                return False
            self.ask.push(Decision(ASK_TOWERS, p, (want,)))
            return True
        return False

    def _swap_stage(self) -> bool:
        if self.num_players == 2:
            self._swap_hands(self.actor, 1 - self.actor)
            return False
        self.ask.push(Decision(ASK_SWAP, self.actor))
        return True

    def _effect(self) -> bool:
        """Apply the played card to the next player; True if somebody must answer."""
        g = self._g
        cards = g.cards
        p = self.actor
        k = self.played
        sym = cards.symbol[k]
        n = self.num_players
        if sym == REVERSE:
            self.direction = d = -self.direction
            if n == 2 and g.options.two_player_reverse_is_skip:
                target = (p + d) % n
                if g.options.reverse_skip_blocked_by_tower and self.towers[3] == target:
                    self._event("blocked", f"player {target + 1} blocks the Reverse with tower !")
                    self.next_turn = target
                else:
                    self._event(
                        "reverse", f"Reverse: player {target + 1} is skipped", player=target
                    )
                    self.next_turn = p
            else:
                self._event("reverse", "play changes direction")
                self.next_turn = (p + d) % n
            return False
        target = (p + self.direction) % n
        tower = BLOCKING_TOWER.get(sym, -1)
        if tower < 0:
            self.next_turn = target
            return False
        if self.towers[tower] == target:
            if g.options.tower_protection == "optional":
                self.ask.push(Decision(ASK_PROTECT, target, (sym,)))
                return True
            return self._attack(target, sym, blocked=True)
        return self._attack(target, sym, blocked=False)

    def _attack(self, target: int, sym: int, *, blocked: bool) -> bool:
        """Resolve a Skip or draw card aimed at ``target``; True if it must answer."""
        g = self._g
        d = self.direction
        n = self.num_players
        if blocked:
            self._event(
                "blocked",
                f"player {target + 1} blocks the card with tower {TOWERS[BLOCKING_TOWER[sym]]}",
                player=target,
            )
            self.pending_draw = 0
            self.next_turn = target
            if sym == WILD_DRAW4 and g.wd4_challenge and g.options.blocked_wd4_challenge:
                self.ask.push(Decision(ASK_CHALLENGE, target, (0, 0, 1)))
                return True
            return False
        if sym == SKIP:
            self._event("skip", f"player {target + 1} is skipped", player=target)
            self.next_turn = (target + d) % n
            return False
        total = self.pending_draw + g.cards.draw_amount[self.played]
        self.pending_draw = total
        if g.options.stacking != "off" and self._stack_options(target):
            self.ask.push(Decision(ASK_STACK, target, (total,)))
            return True
        if sym == WILD_DRAW4 and g.wd4_challenge and total == 4:
            self.ask.push(Decision(ASK_CHALLENGE, target, (total, 0, 0)))
            return True
        self._take_penalty(target)
        return False

    def _take_penalty(self, target: int) -> None:
        total = self.pending_draw
        self.pending_draw = 0
        self.next_turn = (target + self.direction) % self.num_players
        self._draw(target, total, "the draw card")
        self._event("skip", f"player {target + 1} loses the turn", player=target)

    def _went_out(self, p: int, k: int) -> None:
        """``p`` played their last card: the round ends, after any draw it causes."""
        g = self._g
        cards = g.cards
        self._event("out", f"player {p + 1} has played their last card", player=p)
        amount = cards.draw_amount[k]
        if amount:
            sym = cards.symbol[k]
            target = (p + self.direction) % self.num_players
            total = self.pending_draw + amount
            self.pending_draw = 0
            if g.options.last_card_protection and self.towers[BLOCKING_TOWER[sym]] == target:
                self._event("blocked", f"player {target + 1} blocks the last card with a tower")
            elif sym == WILD_DRAW4 and g.wd4_challenge and g.options.wd4_challenge_on_last_card:
                self.ask.push(Decision(ASK_CHALLENGE, target, (total, 1, 0)))
                return
            else:
                self._draw(target, total, "the last card")
        self._end_round(p, "out")

    # -- drawing --------------------------------------------------------------

    def _draw_turn(self, p: int) -> None:
        """The current player draws instead of playing."""
        g = self._g
        pile = self.deck.draw_pile
        if not pile or g.options.draw_until_playable:
            self._draw_turn_rare(p)
            return
        # The common case, inlined: one card from a non-empty pile.
        card = pile.pop()
        self.hands[p][card] += 1
        held = self.held[p] | 1 << card
        self.held[p] = held
        self.sizes[p] += 1
        self.called[p] = False
        if self._log is not None:
            self._log_draw(p, card)
        cards = g.cards
        if cards.match[self.mi] >> card & 1 and not (
            card == cards.wild_draw4 and g.wd4_enforced and held & cards.colour_mask[self.colour]
        ):
            self._drawn_playable(p, card)
        else:
            self._begin_turn((p + self.direction) % self.num_players)

    def _draw_turn_rare(self, p: int) -> None:
        """Drawing when the pile is empty, or under ``draw_until_playable``."""
        g = self._g
        card = self._draw_card(p)
        n = self.num_players
        if card < 0:
            self._event("pass", f"player {p + 1} cannot draw and passes", player=p)
            self.pass_streak += 1
            if self.pass_streak >= n:
                self._event("stalemate", "nobody can play or draw")
                self._end_round_by_points()
            self._begin_turn((p + self.direction) % n)
            return
        if g.options.draw_until_playable:
            while not self._playable(p, card):
                card = self._draw_card(p)
                if card < 0:
                    break
        if card >= 0 and self._playable(p, card):
            self._drawn_playable(p, card)
        else:
            self._begin_turn((p + self.direction) % n)

    def _drawn_playable(self, p: int, card: int) -> None:
        """``p`` drew a playable card: ask whether to play it (if there is a choice)."""
        g = self._g
        opts = g.options
        if (
            opts.forced_play_drawn
            and g.cards.colour[card] >= 0
            and not (self.sizes[p] == 2 and opts.uno_call == "enforced")
        ):
            self._play(p, card, -1, False)  # the only choice: nobody is asked
        else:
            self.ask.push(g.play_drawn[p][card])

    def _playable(self, p: int, k: int) -> bool:
        g = self._g
        cards = g.cards
        if not cards.match[self.mi] >> k & 1:
            return False
        if k == cards.wild_draw4 and g.wd4_enforced:
            return not self.held[p] & cards.colour_mask[self.colour]
        return True

    def _draw_card(self, p: int) -> int:
        """Draw one card into ``p``'s hand; -1 if no card is left anywhere."""
        deck = self.deck
        if not deck.draw_pile and not self._refill():
            return -1
        card = deck.draw_pile.pop()
        self._add_card(p, card)
        if self._log is not None:
            self._log_draw(p, card)
        return card

    def _refill(self) -> bool:
        """The draw pile is empty: end the round (``empty_pile=end_round``) or
        reshuffle the discards; False when no card is left to draw."""
        if self._g.options.empty_pile == "end_round":
            self._event("empty", "the draw pile is empty: the round ends")
            self._end_round_by_points()
        if not self.deck.reshuffle(self.rng):
            return False
        self._event("reshuffle", "the discard pile is shuffled into a new draw pile")
        return True

    def _log_draw(self, p: int, card: int) -> None:
        cards = self._g.cards
        self._event("draw", f"player {p + 1} draws a card", player=p, count=1)
        self._private(p, "drew", f"you drew {cards.names[card]}", card=cards.describe(card))

    def _draw(self, p: int, count: int, why: str) -> None:
        """``p`` draws ``count`` cards as a penalty (fewer if none are left)."""
        got: list[int] = []
        deck = self.deck
        for _ in range(count):
            if not deck.draw_pile and not self._refill():
                break
            card = deck.draw_pile.pop()
            self._add_card(p, card)
            got.append(card)
        if self._log is not None:
            names = self._g.cards.names
            self._event(
                "draw", f"player {p + 1} draws {len(got)} ({why})", player=p, count=len(got)
            )
            if got:
                self._private(p, "drew", "you drew " + ", ".join(names[c] for c in got))

    def _add_card(self, p: int, card: int) -> None:
        self.hands[p][card] += 1
        self.held[p] |= 1 << card
        self.sizes[p] += 1
        self.called[p] = False
        if self.uno_pending == p:  # no longer on one card: nothing left to catch
            self.uno_pending = -1

    # -- turns ----------------------------------------------------------------

    def _begin_turn(self, p: int) -> None:
        self.turn = p
        self.stage = _DONE
        turns = self.turns + 1
        self.turns = turns
        if turns > self._g.turn_limit:
            self._event("limit", "the round reached its turn limit")
            self._end_round_by_points()
        if self.towers[0] == p and self._tower_count(p) == NUM_TOWERS:
            self._offer_bonus(p, at_turn_start=True)

    def _tower_count(self, p: int) -> int:
        t = self.towers
        return (t[0] == p) + (t[1] == p) + (t[2] == p) + (t[3] == p)

    def _available_towers(self, p: int) -> int:
        return sum(1 << t for t in range(NUM_TOWERS) if self.towers[t] != p)

    def _take_towers(self, p: int, mask: int) -> None:
        towers = self.towers
        for t in bits(mask):
            source = towers[t]
            towers[t] = p
            if self._log is not None:  # the texts cost more than the move
                src = "the pool" if source < 0 else f"player {source + 1}"
                self._event(
                    "tower",
                    f"player {p + 1} takes tower {TOWERS[t]} from {src}",
                    player=p,
                    tower=TOWERS[t],
                    source=source,
                )

    def _offer_bonus(self, p: int, *, at_turn_start: bool) -> bool:
        mode = self._g.options.four_tower_bonus
        if mode == "off" or self._tower_count(p) < NUM_TOWERS or self.sizes[p] < 2:
            return False
        held = self.held[p]
        if mode == "automatic" and self._g.options.uno_call == "auto" and not held & (held - 1):
            # One kind of card and nothing to decide: the bonus just happens.
            self._use_bonus(p, held.bit_length() - 1, False)
            return False
        self.ask.push(Decision(ASK_BONUS, p, (int(at_turn_start),)))
        return True

    def _use_bonus(self, p: int, keep: int, calls: bool) -> None:
        cards = self._g.cards
        hand = self.hands[p]
        discarded = [k for k in range(cards.num_kinds) for _ in range(hand[k] - (k == keep))]
        pile = self.deck.discard_pile
        pile[-1:-1] = discarded  # under the top card: the card in play stays
        self.hands[p] = bytearray(cards.num_kinds)
        self.hands[p][keep] = 1
        self.held[p] = 1 << keep
        self.sizes[p] = 1
        self.towers = [-1] * NUM_TOWERS
        auto = self._g.options.uno_call == "auto"
        self.called[p] = calls or auto
        if not (calls or auto):
            self.uno_pending = p
        if self._log is not None:
            shout = " and calls UNO" if calls else ""
            self._event(
                "bonus",
                f"player {p + 1} uses the four-tower bonus, discards "
                f"{', '.join(cards.names[k] for k in discarded)}{shout}; the towers return",
                player=p,
                discarded=[cards.describe(k) for k in discarded],
            )

    def _open_catch_window(self) -> bool:
        target = self.uno_pending
        if target < 0:
            return False
        n = self.num_players
        step = self.direction
        seats = [(target + step * i) % n for i in range(1, n)]
        if self._g.options.partners:
            seats = [q for q in seats if q % 2 != target % 2]
        if not seats:
            self.uno_pending = -1
            return False
        self.ask.push(Decision(ASK_CATCH, seats[0], (target, *seats[1:])))
        return True

    def _open_jump_window(self) -> bool:
        g = self._g
        if not g.options.jump_in:
            return False
        face = g.cards.same_face[self.played]
        if not face:
            return False
        n = self.num_players
        seats = [(self.actor + self.direction * i) % n for i in range(1, n)]
        seats = [q for q in seats if self.held[q] & face]
        if g.options.no_action_finish and not g.cards.number_mask >> self.played & 1:
            seats = [q for q in seats if self.sizes[q] > 1]  # no going out on an action
        if not seats:
            return False
        self.ask.push(Decision(ASK_JUMP, seats[0], tuple(seats[1:])))
        return True

    def _stack_options(self, p: int) -> int:
        """Kinds ``p`` may stack on the pending draw card (bit mask)."""
        g = self._g
        cards = g.cards
        if self.sizes[p] == 1 and g.options.no_action_finish:
            return 0  # every stackable card is an action card or a wild
        top_amount = cards.draw_amount[self.played]
        mask = 0
        for k in bits(self.held[p]):
            low = 1 << k
            amount = cards.draw_amount[k]
            if not amount:
                continue
            if g.options.stacking == "same_type":
                if cards.symbol[k] == cards.symbol[self.played]:
                    mask |= low
            elif amount >= top_amount:
                mask |= low
        held_colour = self.held[p] & cards.colour_mask[self.colour]
        if mask & cards.wd4_bit and g.wd4_enforced and held_colour:
            mask ^= cards.wd4_bit  # the restriction is a legality rule here too
        return mask

    def _swap_hands(self, p: int, q: int) -> None:
        self.hands[p], self.hands[q] = self.hands[q], self.hands[p]
        self.held[p], self.held[q] = self.held[q], self.held[p]
        self.sizes[p], self.sizes[q] = self.sizes[q], self.sizes[p]
        # Nobody can be caught for a hand they did not hold when the call was due.
        self.uno_pending = -1
        self.called[p] = self.sizes[p] == 1
        self.called[q] = self.sizes[q] == 1
        self._event("swap", f"player {p + 1} swaps hands with player {q + 1}", player=p, other=q)
        if self._log is not None:
            for x in (p, q):
                self._private(x, "hand", "your hand is now: " + self._hand_text(x))

    # -- decisions ------------------------------------------------------------

    def _decision_actions(self, d: Decision) -> list[Action]:
        g = self._g
        table = g.table
        cards = g.cards
        kind = d.kind
        p = d.player
        enforced = g.options.uno_call == "enforced"
        if kind == ASK_PLAY_DRAWN:
            drawn: int = d.data[0]
            return g.play_drawn_actions[2 * drawn + (self.sizes[p] == 2)]
        if kind == ASK_TOWERS:
            want = d.data[0]
            free = self._available_towers(p)
            return [
                table.take[m] for m in range(1, 16) if m & free == m and bin(m).count("1") == want
            ]
        if kind == ASK_ICON_GRAB:
            return [table.take[1 << d.data[0]], table.no_tower]
        if kind == ASK_NAME_COLOUR:
            return list(table.name_colour)
        if kind == ASK_SWAP:
            return [table.swap[q] for q in range(self.num_players) if q != p]
        if kind == ASK_BONUS:
            out = []
            for k in bits(self.held[p]):
                out.append(table.bonus[k])
                if enforced:
                    out.append(table.bonus_uno[k])
            if g.options.four_tower_bonus == "optional":
                out.append(table.no_bonus)
            return out
        if kind == ASK_CATCH:
            return [table.catch, table.no_catch]
        if kind == ASK_CHALLENGE:
            return [table.challenge, table.no_challenge]
        if kind == ASK_STACK:
            out = self._plays(p, self._stack_options(p))
            if self._challengeable(d.data[0]):
                out += [table.challenge, table.no_challenge]
            else:
                out.append(table.penalty)
            return out
        if kind == ASK_PROTECT:
            return [table.block, table.penalty]
        if kind == ASK_JUMP:
            out = self._plays(p, self.held[p] & cards.same_face[self.played])
            out.append(table.no_jump)
            return out
        raise StateFormatError(f"unknown decision kind {kind}")

    def _plays(self, p: int, kinds: int) -> list[Action]:
        """Every way for ``p`` to play the kinds in the mask ``kinds`` (wild colours,
        and the UNO call when the play leaves one card)."""
        plays = self._g.plays[self.sizes[p] == 2]
        return [a for k in bits(kinds) for a in plays[k]]

    def _challengeable(self, total: int) -> bool:
        g = self._g
        return g.wd4_challenge and total == 4 and g.cards.symbol[self.played] == WILD_DRAW4

    def _answer(self, d: Decision, move: int, i: int) -> None:
        """Apply answer ``i`` (of type ``move``) to the decision ``d`` just popped."""
        g = self._g
        table = g.table
        p = d.player
        kind = d.kind
        n = self.num_players
        if kind == ASK_PLAY_DRAWN:
            if move == MOVE_PLAY:
                self._play(p, table.kind[i], table.colour[i], table.calls[i])
            else:
                if self._log is not None:
                    self._event("keep", f"player {p + 1} keeps the drawn card", player=p)
                self._begin_turn((p + self.direction) % n)
        elif kind in (ASK_TOWERS, ASK_ICON_GRAB):
            if move == MOVE_TAKE:
                self._take_towers(p, table.arg[i])
            else:
                self._event("no_tower", f"player {p + 1} takes no tower", player=p)
            self._proceed()
        elif kind == ASK_NAME_COLOUR:
            c = table.arg[i]
            self.colour = c
            self.mi = c * NUM_SYMBOLS + g.cards.symbol[self.top]
            self._event("colour", f"player {p + 1} names {COLOURS[c]}", player=p, colour=COLOURS[c])
        elif kind == ASK_SWAP:
            self._swap_hands(p, table.arg[i])
            self._proceed()
        elif kind == ASK_BONUS:
            if move == MOVE_BONUS:
                self._use_bonus(p, table.kind[i], table.calls[i])
            else:
                self._event("no_bonus", f"player {p + 1} keeps the four towers", player=p)
            if d.data[0]:  # at the start of a turn: then the turn goes on
                if self.uno_pending >= 0:
                    self._open_catch_window()
            else:
                self._proceed()
        elif kind == ASK_CATCH:
            target, *rest = d.data
            if move == MOVE_CATCH:
                self._event(
                    "catch", f"player {p + 1} catches player {target + 1} without UNO", player=p
                )
                self.uno_pending = -1
                self._draw(target, g.options.uno_penalty, "no UNO call")
            elif rest:
                self.ask.push(Decision(ASK_CATCH, rest[0], (target, *rest[1:])))
                return
            else:
                self.uno_pending = -1
            if self.stage != STAGE_DONE:
                self._proceed()
        elif kind == ASK_CHALLENGE:
            self._resolve_challenge(d, move == MOVE_CHALLENGE)
        elif kind == ASK_STACK:
            if move == MOVE_PLAY:
                self._play(p, table.kind[i], table.colour[i], table.calls[i])
            elif move in (MOVE_CHALLENGE, MOVE_NO_CHALLENGE):
                self._resolve_challenge(
                    Decision(ASK_CHALLENGE, p, (4, 0, 0)), move == MOVE_CHALLENGE
                )
            else:
                self._take_penalty(p)
                self._proceed()
        elif kind == ASK_PROTECT:
            if not self._attack(p, d.data[0], blocked=move == MOVE_BLOCK):
                self._proceed()
        elif kind == ASK_JUMP:
            if move == MOVE_PLAY:
                self._event("jump", f"player {p + 1} jumps in", player=p)
                self._play(p, table.kind[i], table.colour[i], table.calls[i])
            elif d.data:
                self.ask.push(Decision(ASK_JUMP, d.data[0], d.data[1:]))
            else:
                self._proceed()

    def _resolve_challenge(self, d: Decision, challenged: bool) -> None:
        g = self._g
        cards = g.cards
        target = d.player
        total, last, blocked = d.data
        bluffer = self.actor
        n = self.num_players
        if not challenged:
            self._event("accept", f"player {target + 1} accepts the Wild Draw Four", player=target)
            if last:
                self._draw(target, total, "the last card")
                self._end_round(bluffer, "out")
            elif not blocked:
                self._take_penalty(target)
                self._proceed()
            else:
                self._proceed()
            return
        # The bluffer's hand is unchanged since the play (nothing happens between),
        # so it tells whether they held the colour in play. After a last card it is
        # empty: going out with a Wild Draw Four is never a bluff.
        guilty = bool(self.held[bluffer] & cards.colour_mask[self.wd4_colour])
        verdict = "guilty" if guilty else "not guilty"
        self._event(
            "challenge",
            f"player {target + 1} challenges: player {bluffer + 1} is {verdict}",
            player=target,
            accused=bluffer,
            guilty=guilty,
        )
        if self._log is not None:
            self._private(
                target,
                "reveal",
                f"player {bluffer + 1} shows you their hand: "
                f"{self._hand_text(bluffer) or 'no cards'}",
            )
        self.pending_draw = 0
        if guilty:
            self._draw(bluffer, 4, "a guilty Wild Draw Four")
            self.next_turn = target
            if not g.options.challenger_plays_after_guilty and not blocked:
                self.next_turn = (target + self.direction) % n
            self._proceed()
        else:
            self._draw(target, total + 2 if not blocked else 2, "a failed challenge")
            if last:
                self._end_round(bluffer, "out")
                return
            self.next_turn = target if blocked else (target + self.direction) % n
            self._proceed()

    # -- end of a round and of the match --------------------------------------

    def _hand_points(self, p: int) -> int:
        points = self._g.cards.points
        return sum(c * points[k] for k, c in enumerate(self.hands[p]) if c)

    def _end_round_by_points(self) -> None:
        """End the round now; the fewest points in hand wins it (empty pile, stalemate)."""
        n = self.num_players
        order = [(self.turn + self.direction * i) % n for i in range(n)]
        winner = min(order, key=self._hand_points)
        self._end_round(winner, "fewest points")
        raise _RoundOver

    def _end_round(self, winner: int, how: str) -> None:
        opts = self._g.options
        n = self.num_players
        in_hand = [self._hand_points(p) for p in range(n)]
        gained = [0] * n
        if opts.scoring == "winner_takes":
            gained[winner] = sum(
                in_hand[p]
                for p in range(n)
                if p != winner and not (opts.partners and p % 2 == winner % 2)
            )
        else:
            gained = [0 if p == winner else in_hand[p] for p in range(n)]
        for p in range(n):
            self.scores[p] += gained[p]
        describe = self._g.cards.describe
        self.last_round = {
            "round": self.round,
            "winner": winner,
            "how": how,
            "points_in_hand": in_hand,
            "gained": gained,
            # The hands are shown for scoring, so they are public from now on.
            "hands": [[describe(k) for k in self._hand_cards(p)] for p in range(n)],
            "scores": list(self.scores),
        }
        self._event(
            "round_end",
            f"round {self.round} goes to player {winner + 1} ({how}); scores: "
            + ", ".join(str(s) for s in self.scores),
            winner=winner,
            gained=gained,
            scores=list(self.scores),
        )
        self.ask.clear()
        self.stage = STAGE_DONE
        self.uno_pending = -1
        totals = self._team_totals()
        target = opts.target_score
        if target == "single_round" or max(totals) >= int(target):
            winners = self._match_winners(winner, totals)
            if winners:
                self.over = True
                self.winner_list = winners
                self._event(
                    "game_end",
                    "the match is over: " + ", ".join(f"player {p + 1}" for p in winners) + " won",
                    winners=winners,
                )
                return
        self.dealer = (self.dealer + 1) % n
        self._start_round()

    def _team_totals(self) -> list[int]:
        if self._g.options.partners:
            return [self.scores[p] + self.scores[(p + 2) % 4] for p in range(4)]
        return list(self.scores)

    def _match_winners(self, round_winner: int, totals: list[int]) -> list[int]:
        opts = self._g.options
        n = self.num_players
        if opts.scoring == "winner_takes":
            best = max(totals)
            return [p for p in range(n) if totals[p] == best]
        low = min(totals)
        winners = [p for p in range(n) if totals[p] == low]
        teams = {p % 2 for p in winners} if opts.partners else set(winners)
        if len(teams) > 1 and opts.lowest_total_tie == "play_on":
            return []
        return winners

    # -- information ----------------------------------------------------------

    def _event(self, kind: str, text: str, **data: Any) -> None:
        if self._log is not None:
            self._log.add(kind, text, None, **data)

    def _private(self, p: int, kind: str, text: str, **data: Any) -> None:
        if self._log is not None:
            self._log.add(kind, text, frozenset((p,)), player=p, **data)

    def _hand_cards(self, p: int) -> list[int]:
        hand = self.hands[p]
        return [k for k in compress(range(len(hand)), hand) for _ in range(hand[k])]

    def _hand_text(self, p: int) -> str:
        names = self._g.cards.names
        return ", ".join(names[k] for k in self._hand_cards(p))

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Schema in the docs."""
        return build_view(self, player)

    # -- copies ---------------------------------------------------------------

    def clone(self) -> UnoPowerState:
        twin = UnoPowerState.__new__(UnoPowerState)
        self._copy_base(twin)
        twin._g = self._g
        twin.rng = self.rng.clone()
        twin.ask = self.ask.copy()
        twin.hands = [h[:] for h in self.hands]
        twin.held = self.held[:]
        twin.sizes = self.sizes[:]
        twin.called = self.called[:]
        twin.deck = self.deck.copy()
        twin.towers = self.towers[:]
        twin.scores = self.scores[:]
        twin.winner_list = self.winner_list[:]
        twin.last_round = self.last_round
        twin.top = self.top
        twin.colour = self.colour
        twin.mi = self.mi
        twin.turn = self.turn
        twin.direction = self.direction
        twin.dealer = self.dealer
        twin.round = self.round
        twin.stage = self.stage
        twin.actor = self.actor
        twin.played = self.played
        twin.next_turn = self.next_turn
        twin.pending_draw = self.pending_draw
        twin.wd4_colour = self.wd4_colour
        twin.uno_pending = self.uno_pending
        twin.turns = self.turns
        twin.pass_streak = self.pass_streak
        twin.towers_before = self.towers_before
        twin.over = self.over
        return twin

    def determinize(self, observer: int, rng: Rng) -> UnoPowerState:
        """Re-deal everything ``observer`` cannot see: others' hands and the deck.

        Hand sizes, the discard pile, towers and scores are public and kept. A card
        another player has just drawn and may play is re-drawn among the cards that
        are playable, since the observer knows it is playable.
        """
        twin = self.clone()
        self._forget_for(twin, observer)
        n = self.num_players
        cards = self._g.cards
        others = [p for p in range(n) if p != observer]
        pool = list(self.deck.draw_pile)
        for p in others:
            pool += self._hand_cards(p)
        # Sorted first, so that the result depends only on what the observer knows.
        pool.sort()
        rng.shuffle(pool)
        drawn_by = -1
        drawn_card = -1
        for d in self.ask:
            if d.kind == ASK_PLAY_DRAWN and d.player != observer:
                drawn_by = d.player
                candidates = [i for i, k in enumerate(pool) if self._playable(d.player, k)]
                pick = candidates[rng.randrange(len(candidates))]
                drawn_card = pool.pop(pick)
        for p in others:
            hand = bytearray(cards.num_kinds)
            held = 0
            size = self.sizes[p]
            take = size - 1 if p == drawn_by else size
            for k in pool[len(pool) - take :]:
                hand[k] += 1
                held |= 1 << k
            del pool[len(pool) - take :]
            if p == drawn_by:
                hand[drawn_card] += 1
                held |= 1 << drawn_card
            twin.hands[p] = hand
            twin.held[p] = held
        twin.deck.draw_pile = pool
        if drawn_by >= 0:
            twin.ask = DecisionStack(
                [
                    Decision(d.kind, d.player, (drawn_card,)) if d.kind == ASK_PLAY_DRAWN else d
                    for d in self.ask
                ]
            )
        twin.rng = rng.derive()
        return twin

    # -- serialisation --------------------------------------------------------

    def _state_dict(self) -> dict[str, Any]:
        return {
            "rng": self.rng.to_dict(),
            "ask": self.ask.to_list(),
            "hands": [self._hand_cards(p) for p in range(self.num_players)],
            "called": list(self.called),
            "deck": self.deck.to_dict(),
            "top": self.top,
            "colour": self.colour,
            "towers": list(self.towers),
            "turn": self.turn,
            "direction": self.direction,
            "dealer": self.dealer,
            "round": self.round,
            "scores": list(self.scores),
            "stage": self.stage,
            "actor": self.actor,
            "played": self.played,
            "next_turn": self.next_turn,
            "pending_draw": self.pending_draw,
            "wd4_colour": self.wd4_colour,
            "uno_pending": self.uno_pending,
            "turns": self.turns,
            "pass_streak": self.pass_streak,
            "towers_before": self.towers_before,
            "over": self.over,
            "winners": list(self.winner_list),
            "last_round": self.last_round,
        }

    @classmethod
    def from_dict(cls, game: UnoPowerGame, data: dict[str, Any]) -> UnoPowerState:
        self = cls.__new__(cls)
        s = self._restore_base(game, data)
        self._g = game
        cards = game.cards
        n = self.num_players
        try:
            self.rng = Rng.from_dict(s["rng"])
            self.ask = DecisionStack.from_list(s["ask"])
            self.hands = [bytearray(cards.num_kinds) for _ in range(n)]
            self.held = [0] * n
            self.sizes = [0] * n
            if len(s["hands"]) != n:
                raise StateFormatError(f"expected {n} hands, got {len(s['hands'])}")
            for p, hand in enumerate(s["hands"]):
                for k in hand:
                    if not 0 <= int(k) < cards.num_kinds:
                        raise StateFormatError(f"unknown card kind {k} in hands[{p}]")
                    self.hands[p][k] += 1
                    self.held[p] |= 1 << k
                    self.sizes[p] += 1
            self.called = [bool(c) for c in s["called"]]
            self.deck = Deck.from_dict(s["deck"], keep=1)
            self.towers = [int(t) for t in s["towers"]]
            self.scores = [int(x) for x in s["scores"]]
            self.winner_list = [int(x) for x in s["winners"]]
            self.last_round = s["last_round"]
            for name in (
                "top",
                "colour",
                "turn",
                "direction",
                "dealer",
                "round",
                "stage",
                "actor",
                "played",
                "next_turn",
                "pending_draw",
                "wd4_colour",
                "uno_pending",
                "turns",
                "pass_streak",
                "towers_before",
            ):
                setattr(self, name, int(s[name]))
            self.over = bool(s["over"])
            self.mi = max(self.colour, 0) * NUM_SYMBOLS + cards.symbol[self.top]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError(f"malformed UNO Power state: {exc!r}") from exc
        return self


# Bits of the tower masks, exported for bots and views.
TOWER_BITS = tuple(1 << t for t in range(NUM_TOWERS))
assert sum(TOWER_BITS) == ALL_TOWERS
