"""The state of a game of Kung Fu: its data, the game API and the stage machine.

The state is mutated in place by ``apply``. A round runs through fixed *stages*
(:class:`~tabletop.games.kung_fu.phases.Stage`, in the order of ruling R6); a stage
that needs somebody's answer pushes a :class:`~tabletop.core.decisions.Decision`
and the answer resumes the stages. A decision is only pushed when it has more than
one real option; otherwise the rules act at once.

Card types are ints (file order of the deck); a hand is a count per type
(``bytearray``) plus a bitmask of the types held and a count per colour, which are
public: every draw says openly how many cards come from each deck.

:class:`KungFuState` holds the data, the setup, copies and serialisation, and
dispatches: :meth:`~KungFuState._apply` hands each answer to the rules, and
:meth:`~KungFuState._proceed` runs the stages. The rules themselves are functions
of the state in modules by concern, which import nothing of this one at run time:

- :mod:`~tabletop.games.kung_fu.exchange`: phases A-C (initiative, attack, parry)
- :mod:`~tabletop.games.kung_fu.koku`: the Koku row, activation windows, payment
- :mod:`~tabletop.games.kung_fu.combat`: negate, boosts, comparison, the defender's choice
- :mod:`~tabletop.games.kung_fu.effects`: the other activated effects
- :mod:`~tabletop.games.kung_fu.rounds`: cleanup, the next round, the end of the game
- :mod:`~tabletop.games.kung_fu.drawing`: drawing and discarding from hands
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.core.action import Action
from tabletop.core.decisions import DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.game import TERMINAL
from tabletop.core.hands import cards_held
from tabletop.core.piles import Deck
from tabletop.core.rng import Rng
from tabletop.core.state import SeatEventState
from tabletop.core.text import plural
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.checks import check_pair, check_state
from tabletop.games.kung_fu.combat import draw_difference, resolve, take_initiative
from tabletop.games.kung_fu.drawing import choose_draw, drawable, take
from tabletop.games.kung_fu.effects import MAX_LIFE, discard_koku, effects
from tabletop.games.kung_fu.exchange import (
    INITIATIVE_DRAW,
    attack,
    change_initiative,
    facedown_draw,
    give_up,
    initiative,
    may_pass,
    parry,
    play_parry,
)
from tabletop.games.kung_fu.hidden import deal_hidden, unseen_by
from tabletop.games.kung_fu.koku import (
    activate,
    decline,
    distinct,
    offer_activation,
    pay_next,
    pay_options,
    windows,
)
from tabletop.games.kung_fu.phases import Ask, Stage
from tabletop.games.kung_fu.record import note_decision
from tabletop.games.kung_fu.rounds import begin_round, cleanup, knockout
from tabletop.games.kung_fu.view import build_view, decision_figures

if TYPE_CHECKING:
    from tabletop.games.kung_fu.game import KungFuGame

__all__ = ["INITIATIVE_DRAW", "MAX_LIFE", "START_HAND", "KungFuState"]

START_HAND: Final = 3  # cards of each colour dealt to each player

_INITIATIVE: Final = Stage.INITIATIVE
_PARRY: Final = Stage.PARRY
_ACT_ATT: Final = Stage.ACT_ATT
_ACT_DEF: Final = Stage.ACT_DEF
_RESOLVE: Final = Stage.RESOLVE
_EFFECTS: Final = Stage.EFFECTS
_KNOCKOUT: Final = Stage.KNOCKOUT
_CHOICE: Final = Stage.CHOICE
_SWITCH: Final = Stage.SWITCH
_CLEANUP: Final = Stage.CLEANUP
_ASK_ATTACK: Final = Ask.ATTACK
_ASK_DRAW: Final = Ask.DRAW
_ASK_PARRY: Final = Ask.PARRY
_ASK_ACTIVATE: Final = Ask.ACTIVATE
_ASK_PAY: Final = Ask.PAY
_ASK_CHOICE: Final = Ask.CHOICE
_ASK_FACEDOWN: Final = Ask.FACEDOWN_DRAW
_PASS: Final = Move.PASS

_INT_FIELDS: Final = (
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
_BOOL_FIELDS: Final = (
    "att_down",
    "att_hidden",
    "negated",
    "switch",
    "took",
    "deciding",
    "over",
    "is_draw",
)
_PAIR_FIELDS: Final = ("life", "koku_total", "passes", "lost")
_FLAG_PAIRS: Final = ("no_parry", "mark_next", "active", "gained")


class KungFuState(SeatEventState):
    """A game of Kung Fu in progress. Create it with ``game.new_state``."""

    __slots__ = (
        "active",
        "ask",
        "att_card",
        "att_down",
        "att_hidden",
        "att_player",
        "att_value",
        "attacker",
        "blues",
        "box",
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
        "kf_game",
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
        "record",
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

    kf_game: KungFuGame  # the game, typed (``game`` is the base class's ``Game``)
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
    box: tuple[int, ...]  # a position's cards out of the game, sorted (public)
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
    par_card: int  # rounds.NOT_PLAYED, -1 (no card) or a type
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
    record: list[tuple[int, ...]] | None  # what the seats did, public (:mod:`.record`)
    last_round: list[Any] | None  # [round, attack, parry, damage, effects]
    over: bool
    winner: int
    is_draw: bool

    # -- creation -------------------------------------------------------------

    @classmethod
    def new(cls, game: KungFuGame, num_players: int, seed: int, log: bool) -> KungFuState:
        self = cls()
        self._init_base(game, num_players, seed, log)
        self.kf_game = game
        cards = game.cards
        opts = game.options
        rng = self.rng = Rng(seed)
        self.ask = DecisionStack()
        self.decks = [Deck(cards.deck_cards[RED]), Deck(cards.deck_cards[BLUE])]
        self.decks[RED].shuffle(rng)
        self.decks[BLUE].shuffle(rng)
        self.box = ()
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
        self.record = None  # none for the deal: it starts from the hands dealt
        self.negated = False
        self.eff_side = 0
        self.eff_index = 0
        self.switch = False
        if self.keeps_log and opts.first_player == "random":
            text = f"player {first + 1} holds the initiative (drawn at random)"
            self.event("first_player", text, player=first, how="random")
        elif self.keeps_log:
            text = f"player {first + 1} holds the initiative (by option)"
            self.event("first_player", text, player=first, how="option")
        take(self, first, START_HAND, START_HAND)
        take(self, 1 - first, START_HAND, START_HAND)
        bonus = opts.second_player_bonus_parry_cards
        if bonus:
            self.event(
                "bonus",
                f"player {2 - first} draws {plural(bonus, 'extra blue card')} (R15)",
                player=1 - first,
                count=bonus,
            )
            take(self, 1 - first, 0, bonus)
        self.record = []
        begin_round(self)
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
            g = self.kf_game
            p = d.player
            if kind == _ASK_ATTACK:
                key = (self.held[p] & g.red_mask) << 1 | may_pass(self, p)
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
                    ar, ab = drawable(self)
                    legal = g.draw_options[n - ab if n > ab else 0][ar if ar < n else n]
            elif kind == _ASK_ACTIVATE:
                legal = g.activate_actions
            elif kind == _ASK_CHOICE:
                legal = g.choice_actions
            elif kind == _ASK_PAY:
                pay = g.table.pay
                legal = [pay[k] for k in pay_options(self, p, d.data[1], d.data[2])]
            elif kind == _ASK_FACEDOWN:
                ar, ab = drawable(self)
                legal = g.facedown_options[0 if ab else 1][1 if ar else 0]
            else:  # Ask.DISCARD_KOKU
                discard = g.table.discard_koku
                legal = [discard[k] for k in distinct(self.rows[1 - p])]
        self._legal = legal
        return legal

    def _apply(self, action: Action) -> None:
        """Hand the answer to the pending decision to the rules; then run the stages."""
        i = action[0]
        table = self.kf_game.table
        d = self.ask.pop()
        kind = d.kind
        arg = table.arg[i]
        p = d.player
        if self.record is not None and kind in (_ASK_ATTACK, _ASK_PARRY):
            note_decision(self, p, i, *decision_figures(self, p, kind == _ASK_PARRY))
        if kind == _ASK_ATTACK:
            if table.move[i] == _PASS:
                give_up(self, p)
            else:
                attack(self, p, arg, table.move[i] == Move.ATTACK_DOWN)
        elif kind == _ASK_DRAW:
            choose_draw(self, p, d.data[0], arg)
        elif kind == _ASK_PARRY:
            play_parry(self, p, arg)
        elif kind == _ASK_ACTIVATE:
            if table.move[i] == Move.ACTIVATE:
                activate(self, p, d.data[0])
            else:
                decline(self, p)
        elif kind == _ASK_PAY:
            pay_next(self, p, d.data[0], d.data[1], arg)
        elif kind == _ASK_CHOICE:
            if table.move[i] == Move.TAKE_INITIATIVE:
                take_initiative(self, p)
            else:
                draw_difference(self, p)
        elif kind == _ASK_FACEDOWN:
            facedown_draw(self, p, arg)  # arg: 1 red, 0 blue, -1 no card
        else:  # Ask.DISCARD_KOKU
            discard_koku(self, p, arg)
        self._proceed()

    # -- the stages ----------------------------------------------------------------

    def run_to_decision(self) -> None:
        """Run the stages of a state set up by hand (a position) to its first decision."""
        self._proceed()

    def _proceed(self) -> None:
        """Run the stages until one needs an answer or the game ends."""
        ask = self.ask
        while not ask:
            stage = self.stage
            if stage == _INITIATIVE:
                initiative(self)
            elif stage == _PARRY:
                parry(self)
            elif stage == _ACT_ATT:
                windows(self)
            elif stage == _ACT_DEF:
                self.stage = _RESOLVE
                if not self.negated:
                    offer_activation(self, 1)
            elif stage == _RESOLVE:
                resolve(self)
            elif stage == _KNOCKOUT:
                life = self.life
                if life[0] and life[1]:
                    self.stage = _CHOICE
                else:
                    knockout(self)
            elif stage == _CLEANUP:
                cleanup(self)
            elif stage == _EFFECTS:
                effects(self)
            elif stage == _CHOICE:
                self.stage = _SWITCH
                if self.par_value > self.att_value:
                    ask.push(self.kf_game.ask_choice[1 - self.att_player])
            elif stage == _SWITCH:
                self.stage = _CLEANUP
                if self.switch or self.took:
                    change_initiative(self, 1 - self.att_player)
            else:
                return

    # -- information ----------------------------------------------------------

    def hand_types(self, p: int) -> list[int]:
        """Seat ``p``'s cards as type numbers (with repeats, by type)."""
        return cards_held(self.hands[p])

    def view(self, player: int | None = None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Schema in the docs."""
        return build_view(self, player)

    # -- copies ---------------------------------------------------------------

    def clone(self) -> KungFuState:
        twin = KungFuState()
        self._copy_base(twin)
        twin.kf_game = self.kf_game
        twin.rng = self.rng.clone()
        twin.ask = self.ask.copy()
        twin.hands = [self.hands[0][:], self.hands[1][:]]
        twin.held = self.held[:]
        twin.reds = self.reds[:]
        twin.blues = self.blues[:]
        twin.decks = [self.decks[0].copy(), self.decks[1].copy()]
        twin.box = self.box  # a tuple: shared
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
        twin.record = None if self.record is None else self.record[:]
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

    def drop_record(self) -> None:
        self.record = None

    def determinize(self, observer: int, rng: Rng) -> KungFuState:
        """Re-deal what ``observer`` cannot see, colour by colour.

        The opponent's hand keeps its public count of each colour and is re-dealt
        from the unseen cards of that colour (the draw pile, the opponent's hand,
        and a face-down attack the observer has not seen turned up); draw piles are
        reshuffled. Discards, Koku rows and cards in play are public and kept.
        """
        return self.deal_hidden(observer, rng, {})

    def unseen_by(self, observer: int) -> tuple[list[int], list[int]]:
        """The card types ``observer`` cannot see, red and blue, sorted: the draw piles,
        the opponent's hand and a face-down attack not yet turned up."""
        return unseen_by(self, observer)

    def deal_hidden(self, observer: int, rng: Rng, hands: dict[int, list[int]]) -> KungFuState:
        """:meth:`determinize`, but the opponent holds ``hands[opponent]`` (card types,
        of the unseen cards, as many of each colour as it holds) if given: what a
        belief thinks it holds (:mod:`.belief`)."""
        twin = self.clone()
        self._forget_for(twin, observer)
        deal_hidden(self, twin, observer, rng, hands)
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
            "record": None if self.record is None else [list(e) for e in self.record],
            "last_round": None if self.last_round is None else list(self.last_round),
        }
        for name in _INT_FIELDS + _BOOL_FIELDS:
            out[name] = getattr(self, name)
        for name in _PAIR_FIELDS + _FLAG_PAIRS:
            out[name] = list(getattr(self, name))
        if self.box:  # only a position has one: other states keep their form
            out["box"] = list(self.box)
        return out

    @classmethod
    def from_dict(cls, game: KungFuGame, data: Any) -> KungFuState:
        """The state ``data`` saved; one the rules cannot reach (a card lost or twice,
        a pile of the wrong colour, a figure out of range: :mod:`.checks`) raises
        :class:`StateFormatError`."""
        # ``data: Any``: compiled, a ``dict`` annotation would reject a list with a
        # TypeError at the call; ``_restore_base`` reports it as malformed instead.
        self = cls()
        s = self._restore_base(game, data)
        self.kf_game = game
        cards = game.cards
        try:
            if self.num_players != 2:
                raise StateFormatError("Kung Fu is for exactly 2 players")
            self.rng = Rng.from_dict(s["rng"])
            self.ask = DecisionStack.from_list(s["ask"])
            for name in ("hands", "rows", "decks"):
                check_pair(name, s[name])
            self.hands = [bytearray(cards.num_types), bytearray(cards.num_types)]
            self.held = [0, 0]
            self.reds = [0, 0]
            self.blues = [0, 0]
            for p, hand in enumerate(s["hands"]):
                for k in hand:
                    k = int(k)
                    if not 0 <= k < cards.num_types:
                        raise StateFormatError("unknown card type {k} in hands[{p}]", k=k, p=p)
                    self.hands[p][k] += 1
                    self.held[p] |= 1 << k
                    if cards.colour[k] == RED:
                        self.reds[p] += 1
                    else:
                        self.blues[p] += 1
            self.decks = [Deck.from_dict(s["decks"][0]), Deck.from_dict(s["decks"][1])]
            self.box = tuple(int(k) for k in s.get("box", ()))
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
            record = s.get("record", [])  # optional: older saves start an empty record
            self.record = None if record is None else [tuple(int(x) for x in e) for e in record]
            last = s["last_round"]
            self.last_round = None if last is None else list(last)
            check_state(self)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError("malformed Kung Fu state: {problem}", problem=repr(exc)) from exc
        return self
