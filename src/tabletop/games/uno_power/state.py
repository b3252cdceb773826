"""The state of a UNO Power match: its data, the game API and the dispatch of actions.

The state is mutated in place by ``apply``. This module holds what a position *is*
(hands, piles, towers, scores, the pending decisions), its copies (a determinization's
re-deal is :mod:`.hidden`'s) and its serialisation, and sends each action to the rules,
which live in one module per part of the rulebook (``docs/games/uno-power.md``), as
functions of the state:

- :mod:`.deal`: setup and the first card
- :mod:`.turn`: a turn, and the stages a play runs through (the hot path)
- :mod:`.towers`: taking towers and the four-tower bonus
- :mod:`.effects`: a card's effect on the next player
- :mod:`.challenge`: the Wild Draw Four challenge
- :mod:`.uno_call`: calling UNO and catching
- :mod:`.house_rules`: stacking, jump-in and seven swap
- :mod:`.drawing`: drawing cards and running out of them
- :mod:`.scoring`: the end of a round and of the match
- :mod:`.legal`: the legal answers to pending decisions, and playable cards

They import the state type for annotations only, and one another in one direction:
``scoring``, ``towers`` and ``house_rules`` import no other rules module; ``drawing``
and ``legal`` build on those, ``uno_call`` and ``effects`` on ``drawing``, ``turn`` on
all of these, ``challenge`` and ``deal`` on ``turn``. The one way back, from the end of
a round to the next deal, goes through :meth:`UnoPowerState.start_round`.

Seats run clockwise: "left" is seat + 1. Hands are counts per card kind plus a
bitmask of the kinds held, so the playable set is one AND with a table entry.
"""

from __future__ import annotations

import math
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from tabletop.core.action import Action
from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.game import TERMINAL
from tabletop.core.piles import Deck
from tabletop.core.rng import Rng
from tabletop.core.state import SeatEventState
from tabletop.games.uno_power import deal
from tabletop.games.uno_power.actions import (
    MOVE_BLOCK,
    MOVE_BONUS,
    MOVE_CATCH,
    MOVE_CHALLENGE,
    MOVE_NO_CHALLENGE,
    MOVE_PLAY,
    MOVE_TAKE,
)
from tabletop.games.uno_power.cards import ALL_TOWERS, NUM_TOWERS
from tabletop.games.uno_power.challenge import resolve_challenge
from tabletop.games.uno_power.checks import check_state
from tabletop.games.uno_power.effects import attack, take_penalty
from tabletop.games.uno_power.hidden import deal_hidden
from tabletop.games.uno_power.house_rules import swap_hands
from tabletop.games.uno_power.legal import decision_actions, match_row, turn_actions
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
    STAGE_DONE,
)
from tabletop.games.uno_power.scoring import RoundOver, team_totals
from tabletop.games.uno_power.towers import take_towers, use_bonus
from tabletop.games.uno_power.turn import begin_turn, draw_turn, play_card, proceed
from tabletop.games.uno_power.uno_call import answer_catch, open_catch_window
from tabletop.games.uno_power.view import build_view

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame


class UnoPowerState(SeatEventState):
    """A UNO Power match in progress. Create it with ``game.new_state``."""

    __slots__ = (
        "actor",
        "ask",
        "box",
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
        "record",
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
        "uno_game",
        "uno_pending",
        "wd4_colour",
        "winner_list",
    )

    uno_game: UnoPowerGame  # the game, typed (``game`` is the base class's ``Game``)
    rng: Rng
    ask: DecisionStack
    hands: list[bytearray]  # counts per card kind
    box: tuple[int, ...]  # a position's cards out of this round, sorted (public)
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
    record: list[tuple[int, ...]] | None
    """The round's public record, which a belief reads (:mod:`.belief`): for every
    decision, ``(seat, action id, decision kind or -1 for a turn, match row, colour in
    play, next seat, its hand size, tower holders packed 3 bits each)``; ``(seat, -1)``
    for each card a seat gets, ``(seat, -2)`` where a seat's hand changed unseen (a
    swap, the four-tower bonus). Only what every seat saw. ``None`` in determinized
    copies, which a search plays on and which need none."""

    # -- creation -------------------------------------------------------------

    @classmethod
    def new(cls, game: UnoPowerGame, num_players: int, seed: int, log: bool) -> UnoPowerState:
        self = cls()
        self._init_base(game, num_players, seed, log)
        self.uno_game = game
        self.rng = Rng(seed)
        self.ask = DecisionStack()
        self.scores = [0] * num_players
        self.towers = [-1] * NUM_TOWERS
        self.round = 0
        self.over = False
        self.winner_list = []
        self.last_round = None
        self.record = []
        self.box = ()
        self.dealer = deal.choose_first_dealer(self)
        self.start_round()
        return self

    def start_round(self) -> None:
        """Deal a new round (:func:`.deal.start_round`).

        The end of a round (:mod:`.scoring`) calls this to deal the next one, so
        that the rules modules never import one another in a cycle.
        """
        deal.start_round(self)

    # -- the game API ---------------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.ask:
            return self.ask[-1].player
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
        opts = self.uno_game.options
        weights = [math.exp(-0.6 * self.sizes[p]) for p in range(n)]
        total = sum(weights)
        round_win = [w / total for w in weights]
        if opts.target_score == "single_round":
            return round_win
        target = int(opts.target_score)
        totals = team_totals(self)
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
            legal = decision_actions(self, self.ask[-1])
        elif self.over:
            legal = []
        else:
            g = self.uno_game
            cards = g.cards
            p = self.turn
            held = self.held[p]
            playable = held & g.match[self.mi]
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
                legal = turn_actions(g, playable, size == 2)
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        i = action[0]
        table = self.uno_game.table
        if self.record is not None:
            self._note(i)
        try:
            if self.ask:
                self._answer(self.ask.pop(), table.move[i], i)
            elif table.move[i] == MOVE_PLAY:
                play_card(self, self.turn, table.kind[i], table.colour[i], table.calls[i])
            else:
                draw_turn(self, self.turn)
        except RoundOver:
            pass

    def _note(self, i: int) -> None:
        """Add decision ``i`` to the public record, with what the seat saw."""
        record = self.record
        assert record is not None
        ask = self.ask
        kind = ask[-1].kind if ask else -1
        p = ask[-1].player if ask else self.turn
        if kind == ASK_BONUS:
            return  # the card kept is not shown (``use_bonus`` notes the new hand)
        nxt = (p + self.direction) % self.num_players
        packed = 0
        for t in range(NUM_TOWERS):
            packed |= (self.towers[t] + 1) << 3 * t
        record.append((p, i, kind, self.mi, self.colour, nxt, self.sizes[nxt], packed))

    def _answer(self, d: Decision, move: int, i: int) -> None:
        """Apply answer ``i`` (of type ``move``) to the decision ``d`` just popped."""
        table = self.uno_game.table
        p = d.player
        kind = d.kind
        if kind == ASK_PLAY_DRAWN:
            if move == MOVE_PLAY:
                play_card(self, p, table.kind[i], table.colour[i], table.calls[i])
            else:
                if self.keeps_log:
                    self.event("keep", f"player {p + 1} keeps the drawn card", player=p)
                begin_turn(self, (p + self.direction) % self.num_players)
        elif kind in (ASK_TOWERS, ASK_ICON_GRAB):
            if move == MOVE_TAKE:
                take_towers(self, p, table.arg[i])
            else:
                self.event("no_tower", f"player {p + 1} takes no tower", player=p)
            proceed(self)
        elif kind == ASK_NAME_COLOUR:
            deal.name_first_colour(self, p, table.arg[i])
        elif kind == ASK_SWAP:
            swap_hands(self, p, table.arg[i])
            proceed(self)
        elif kind == ASK_BONUS:
            if move == MOVE_BONUS:
                use_bonus(self, p, table.kind[i], table.calls[i])
            else:
                self.event("no_bonus", f"player {p + 1} keeps the four towers", player=p)
            if d.data[0]:  # at the start of a turn: then the turn goes on
                if self.uno_pending >= 0:
                    open_catch_window(self)
            else:
                proceed(self)
        elif kind == ASK_CATCH:
            if not answer_catch(self, d, move == MOVE_CATCH) and self.stage != STAGE_DONE:
                proceed(self)
        elif kind == ASK_CHALLENGE:
            resolve_challenge(self, d, move == MOVE_CHALLENGE)
        elif kind == ASK_STACK:
            if move == MOVE_PLAY:
                play_card(self, p, table.kind[i], table.colour[i], table.calls[i])
            elif move in (MOVE_CHALLENGE, MOVE_NO_CHALLENGE):
                resolve_challenge(
                    self, Decision(ASK_CHALLENGE, p, (4, 0, 0)), move == MOVE_CHALLENGE
                )
            else:
                take_penalty(self, p)
                proceed(self)
        elif kind == ASK_PROTECT:
            if not attack(self, p, d.data[0], blocked=move == MOVE_BLOCK):
                proceed(self)
        elif kind == ASK_JUMP:
            if move == MOVE_PLAY:
                self.event("jump", f"player {p + 1} jumps in", player=p)
                play_card(self, p, table.kind[i], table.colour[i], table.calls[i])
            elif d.data:
                self.ask.push(Decision(ASK_JUMP, d.data[0], d.data[1:]))
            else:
                proceed(self)

    # -- information ----------------------------------------------------------

    def hand_cards(self, p: int) -> list[int]:
        """Seat ``p``'s cards as kinds (with repeats, by kind)."""
        hand = self.hands[p]
        return [k for k in compress(range(len(hand)), hand) for _ in range(hand[k])]

    def hand_text(self, p: int) -> str:
        """Seat ``p``'s cards in words, for the log."""
        names = self.uno_game.cards.names
        return ", ".join(names[k] for k in self.hand_cards(p))

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Schema in the docs."""
        return build_view(self, player)

    # -- copies ---------------------------------------------------------------

    def clone(self) -> UnoPowerState:
        twin = UnoPowerState()
        self._copy_base(twin)
        twin.uno_game = self.uno_game
        twin.rng = self.rng.clone()
        twin.ask = self.ask.copy()
        twin.hands = [h[:] for h in self.hands]
        twin.held = self.held[:]
        twin.sizes = self.sizes[:]
        twin.called = self.called[:]
        twin.deck = self.deck.copy()
        twin.box = self.box  # a tuple: shared
        twin.towers = self.towers[:]
        twin.scores = self.scores[:]
        twin.winner_list = self.winner_list[:]
        twin.last_round = self.last_round
        twin.record = None if self.record is None else self.record[:]
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

    def drop_record(self) -> None:
        self.record = None

    def determinize(self, observer: int, rng: Rng) -> UnoPowerState:
        """Re-deal everything ``observer`` cannot see: others' hands and the deck.

        Hand sizes, the discard pile, towers and scores are public and kept. A card
        another player has just drawn and may play is re-drawn among the cards that
        are playable, since the observer knows it is playable.
        """
        return self.deal_hidden(observer, rng, {})

    def deal_hidden(self, observer: int, rng: Rng, hands: dict[int, list[int]]) -> UnoPowerState:
        """:meth:`determinize`, but seat ``p`` gets ``hands[p]`` (card kinds), for the
        seats given: what a belief thinks they hold (:mod:`.belief`).

        The hands given must come from the cards ``observer`` cannot see, as many as
        each seat holds, and not be given to a seat deciding whether to play the card
        it drew; the other seats and the draw pile share the rest at random.
        """
        twin = self.clone()
        self._forget_for(twin, observer)
        deal_hidden(self, twin, observer, rng, hands)
        return twin

    # -- serialisation --------------------------------------------------------

    def _state_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rng": self.rng.to_dict(),
            "ask": self.ask.to_list(),
            "hands": [self.hand_cards(p) for p in range(self.num_players)],
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
            "record": None if self.record is None else [list(e) for e in self.record],
        }
        if self.box:  # only a position's round has one: other states keep their form
            out["box"] = list(self.box)
        return out

    @classmethod
    def from_dict(cls, game: UnoPowerGame, data: Any) -> UnoPowerState:
        """The state ``data`` saved; one the rules cannot reach (a card lost or twice,
        a seat out of range: :mod:`.checks`) raises :class:`StateFormatError`."""
        # ``data: Any``: compiled, a ``dict`` annotation would reject a list with a
        # TypeError at the call; ``_restore_base`` reports it as malformed instead.
        self = cls()
        s = self._restore_base(game, data)
        self.uno_game = game
        cards = game.cards
        n = self.num_players
        try:
            self.rng = Rng.from_dict(s["rng"])
            self.ask = DecisionStack.from_list(s["ask"])
            self.hands = [bytearray(cards.num_kinds) for _ in range(n)]
            self.held = [0] * n
            self.sizes = [0] * n
            if len(s["hands"]) != n:
                raise StateFormatError("expected {n} hands, got {got}", n=n, got=len(s["hands"]))
            for p, hand in enumerate(s["hands"]):
                for k in hand:
                    if not 0 <= int(k) < cards.num_kinds:
                        raise StateFormatError("unknown card kind {k} in hands[{p}]", k=k, p=p)
                    self.hands[p][k] += 1
                    self.held[p] |= 1 << k
                    self.sizes[p] += 1
            self.called = [bool(c) for c in s["called"]]
            self.deck = Deck.from_dict(s["deck"], keep=1)
            self.box = tuple(int(k) for k in s.get("box", ()))
            self.towers = [int(t) for t in s["towers"]]
            self.scores = [int(x) for x in s["scores"]]
            self.winner_list = [int(x) for x in s["winners"]]
            self.last_round = s["last_round"]
            # Saved before the record existed: the belief starts from what it sees.
            record = s.get("record", [])
            self.record = None if record is None else [tuple(int(x) for x in e) for e in record]
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
            check_state(self)  # a state the rules can reach, before anything relies on it
            self.mi = match_row(self)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError(
                "malformed UNO Power state: {problem}", problem=repr(exc)
            ) from exc
        return self


# Bits of the tower masks, exported for bots and views.
TOWER_BITS: Final = tuple(1 << t for t in range(NUM_TOWERS))
assert sum(TOWER_BITS) == ALL_TOWERS
