"""A King of Tokyo position: its data, the game API, the stage loop and the effect API.

The state is mutated in place by ``apply``. A turn runs through fixed *stages*
(:class:`~.phases.Stage`), each a function of the rules module of its part of the turn
(:mod:`.turn`, :mod:`.rolling`, :mod:`.resolution`, :mod:`.tokyo`, :mod:`.shop`,
:mod:`.windows`); :meth:`KingOfTokyoState.advance` runs them. A stage that needs
somebody's answer pushes a :class:`~tabletop.core.decisions.Decision`, and the answer
(:mod:`.moves`) resumes the stages. Heart losses go through a queue of *hits*
(:mod:`.damage`), so a victim can answer damage on another monster's turn. A decision
is only pushed when it has more than one real option.

Cards are instances ``0..65`` (:mod:`.cards`); a monster's ``mask`` says which card
types it owns or copies with Mimic, and ``live`` is the union over living monsters
(:mod:`.owned`), so the rules skip every card nobody owns with one AND.

Card effects change the game through the *effect API*, the public methods below
("the effect API"); each runs the rule of its module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.decisions import DecisionStack
from tabletop.core.game import TERMINAL
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo import (
    damage,
    evolution_hands,
    gains,
    moves,
    offers,
    owned,
    rapid_healing,
    resolution,
    rolling,
    saving,
    shop,
    tokyo,
    turn,
    victory,
    windows,
)
from tabletop.games.king_of_tokyo.actions import ROW_SIZE
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    BAY,
    CITY,
    LOCATION_NAMES,
    OUTSIDE,
)
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.hookspecs import KNOWN_TOP
from tabletop.games.king_of_tokyo.monster import Monster
from tabletop.games.king_of_tokyo.phases import Stage
from tabletop.games.king_of_tokyo.state_data import KingOfTokyoData

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame


class KingOfTokyoState(KingOfTokyoData):
    """A King of Tokyo position; see :class:`~.game.KingOfTokyoGame` for the API.

    Its data, and the questions about seats and names every module asks, are
    :class:`~.state_data.KingOfTokyoData`'s."""

    __slots__ = ()

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, game: KingOfTokyoGame, num_players: int, seed: int, log: bool) -> KingOfTokyoState:
        self = cls()
        self._init_base(game, num_players, seed, log)
        self.kot_game = game
        rng = self.rng = Rng(seed)
        names = game.options.monster_list(num_players)
        if names is None:
            names = tuple(rng.sample(list(game.box), num_players))
        self.monsters = [Monster(s, n) for s, n in enumerate(names)]
        deck = list(range(len(game.cards)))
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.box = ()
        self.row = [deck.pop() for _ in range(ROW_SIZE)]
        self.counters = {}
        self.paid = {}
        self.live = 0
        self.alive_count = num_players
        self.city = self.bay = -1
        self.decisions = DecisionStack()
        self.hits = []
        self.held = {}
        self.extra_turns = []
        self.freeze_chain = 0
        self.queue = []
        self.yielders = []
        self.new_slots = []
        self.heart_plan = []
        self.resolving = -1
        self.dice = []
        self.rolls_left = 0
        self.next_dice = ()
        self.over = False
        self.may_have_won = False
        self.winner_seats = []
        self.eliminated = []
        self.turn = 0
        self.record = []
        turn.reset_turn(self)
        if self.keeps_log:
            roster = ", ".join(
                f"seat {m.seat + 1}: {game.monster_name(m.name)}" for m in self.monsters
            )
            self.event("setup", f"Monsters: {roster}.", monsters=list(names))
            self.event("row", f"The row shows {self.row_text()}.", row=self.row_ids())
        first = turn.first_player(self)
        self.active = self.base = first
        self.stage = Stage.START
        self.pu = None
        power_up = game.options.power_up
        if power_up != "off":
            mutant = power_up == "mutant"
            self.pu = PowerUp.deal([m.name for m in self.monsters], mutant, rng)
            self.queue = self.clockwise(first)
            self.stage = Stage.DRAFT if mutant else Stage.SETUP
        self.advance()
        return self

    # -- the game API ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        decisions = self.decisions
        return decisions[-1].player if decisions else TERMINAL

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.num_players
        winners = self.winner_seats
        return [1.0 if p in winners else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.over else []

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (the list may be shared: do not mutate it)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = offers.legal_actions(self)
        return legal

    # -- the stage loop ----------------------------------------------------------------

    def advance(self) -> None:
        """Run stages, hits and checks until somebody must decide or the game ends."""
        decisions = self.decisions
        if decisions:
            return  # already waiting for an answer (the fast path went that far)
        immediate = self.kot_game.immediate_end
        handlers = _HANDLERS
        monsters = self.monsters
        while not decisions and not self.over:
            if self.pu is not None and damage.ZERO in self.pu.turn_marks:
                damage.settle_zero(self)  # before the next hit lands
                continue
            if self.hits:
                damage.run_hits(self)
                continue
            # 2016 checks at the end of the turn only (the next stage), even when one
            # monster is left: it must still survive its own end of turn.
            if (
                immediate
                and (self.may_have_won or self.alive_count <= 1)
                and victory.check_victory(self)
            ):
                return
            if self.pu is not None and windows.PENDING in self.pu.turn_marks:
                windows.after_damage(self)  # step D8, after the batch: Lightning Armor...
                continue
            stage = self.stage
            if stage < _NEXT and not monsters[self.active].alive:
                self.queue = []
                stage = self.stage = _NEXT
            handlers[stage](self)

    def _apply(self, action: Action) -> None:
        if self.record is not None and self.pu is not None:
            evolution_hands.note_answer(self, action)
        moves.play(self, action)

    def remember(self, *entry: int) -> None:
        """Add ``entry`` to the public record of Evolutions, if the state keeps one."""
        record = self.record
        if record is not None:
            record.append(entry)

    def cache_legal(self, actions: list[Action]) -> None:
        """Keep ``actions``, just computed for the decision pushed, as the legal list."""
        self._legal = actions

    # -- the effect API ----------------------------------------------------------------
    #
    # What a Power card or an Evolution may do to the game (docs/games/king-of-tokyo.md,
    # "Adding a card"); each call runs the rule of its own module. Card modules read the
    # state's data and call these, nothing else. A ``why`` is what the log names as the
    # cause: a Power card's or an Evolution's English name (as printed in the game's
    # edition), or a phrase of :data:`.log_text.WHY_PHRASES`; the log's data keeps the
    # card's or Evolution's id (``KingOfTokyoGame.why_key``).

    def gain_stars(self, p: int, n: int, why: str) -> None:
        """``p`` gains ``n`` stars (a living monster; 20 may win)."""
        gains.gain_stars(self, p, n, why)

    def lose_stars(self, p: int, n: int, why: str) -> None:
        """``p`` loses up to ``n`` stars."""
        gains.lose_stars(self, p, n, why)

    def gain_energy(self, p: int, n: int, why: str) -> None:
        """``p`` gains ``n`` energy (Friend of Children adds to it)."""
        gains.gain_energy(self, p, n, why)

    def transfer_energy(self, giver: int, taker: int, n: int, why: str) -> int:
        """``giver`` gives up to ``n`` energy to ``taker`` (who has gained it this turn);
        returns how much."""
        return gains.transfer_energy(self, giver, taker, n, why)

    def lose_energy(self, p: int, n: int, why: str) -> None:
        """``p`` loses up to ``n`` energy."""
        gains.lose_energy(self, p, n, why)

    def take_energy(self, p: int, occasion: int, to: int = -1) -> None:
        """``p`` loses energy to a card (``occasion``, an :class:`~.phases.EnergyLoss`;
        ``to``: the seat it goes to), once Rapid Healing may have spent it first."""
        rapid_healing.before_energy_loss(self, p, occasion, to)

    def heal(self, p: int, n: int, why: str) -> int:
        """``p`` gains up to ``n`` hearts (Regeneration adds to it); returns the gain."""
        return gains.heal(self, p, n, why)

    def card_damage(self, seats: list[int], hearts: int, source: int) -> None:
        """Each of ``seats`` loses ``hearts`` hearts, not as an attack (no yield, no
        Poison or Shrink); an attack's smash goes in ``hits`` with its flag set."""
        damage.card_damage(self, seats, hearts, source)

    def land_hit(self) -> None:
        """The first queued hit lands now, its victim's prevention done."""
        damage.land_first_hit(self)

    def run_hits(self) -> None:
        """Land the queued hits now, each after its victim's prevention."""
        damage.run_hits(self)

    def copies(self, p: int, card: Card | int) -> int:
        """How many copies of ``card`` ``p`` has, its Mimic copy included."""
        return owned.copies(self, p, card)

    def refresh_masks(self) -> None:
        """Work out the card masks again after cards changed hands."""
        owned.refresh_masks(self)

    def enter_tokyo(self, seat: int, where: int) -> None:
        """``seat`` takes control of Tokyo ``where`` (``CITY`` or ``BAY``)."""
        tokyo.enter(self, seat, where)

    def leave_tokyo(self, seat: int) -> None:
        """``seat`` leaves Tokyo without yielding (forced out)."""
        tokyo.leave(self, seat)

    def yield_tokyo(self, p: int) -> None:
        """``p`` yields Tokyo, as after a smash."""
        tokyo.yield_(self, p)

    def take_tokyo_city(self, seat: int) -> None:
        """``seat`` takes Tokyo City; the others in Tokyo leave (Death From Above)."""
        tokyo.take_tokyo_city(self, seat)

    def free_spot(self) -> int:
        """Where a monster entering Tokyo now goes: ``CITY``, ``BAY``, or -1."""
        return tokyo.free_spot(self)

    def bay_open(self) -> bool:
        """Whether Tokyo Bay is in play (the option, and 5 or more monsters alive)."""
        return tokyo.bay_open(self)

    def changeable_faces(self) -> list[int]:
        """Faces of dice that may be rerolled or changed now."""
        return rolling.changeable_faces(self)

    def roll_dice(self, n: int) -> list[int]:
        """``n`` dice, unsorted: a position's scripted faces first, then chance."""
        return rolling.roll_dice(self, n)

    def roll_die(self) -> int:
        """One die: the next scripted face, or chance."""
        return rolling.roll_die(self)

    def reroll_die(self, face: int, why: str, owner: int = -1) -> int:
        """Reroll one die showing ``face`` for ``why`` (a card's or an Evolution's name;
        ``owner``: the seat whose card it is, named in the log); returns the new face."""
        return rolling.reroll_die(self, face, why, owner)

    def change_die(self, face: int, to: int, why: str) -> None:
        """Turn one die showing ``face`` to ``to``."""
        rolling.change_die(self, face, to, why)

    def resolved_counts(self) -> tuple[int, ...]:
        """How many dice show each face, as they resolve (Freeze Ray's face counts 0)."""
        return resolution.resolved_counts(self)

    def cost_for(self, p: int, instance: int) -> int:
        """What ``p`` pays for card ``instance`` (Alien Origin, Secret Laboratory)."""
        return shop.cost_for(self, p, instance)

    def take_card(
        self,
        p: int,
        c: int,
        cost: int,
        verb: str,
        counters: int | None = None,
        purchase: bool = True,
    ) -> None:
        """``p`` pays ``cost`` for card ``c`` (already out of the row or deck) and takes
        it: a Discard card resolves, a Keep card stays. ``purchase=False``: not a
        purchase (no Media-Friendly star)."""
        shop.take_card(self, p, c, cost, verb, counters, purchase)

    def buy_from_row(self, p: int, slot: int) -> None:
        """``p`` buys the card in row ``slot`` at its cost, and the slot is refilled."""
        shop.buy_from_row(self, p, slot)

    def discard_card(self, p: int, c: int, *, quiet: bool = False) -> None:
        """Put Keep card ``c`` of ``p`` on the discard pile; Mimic tokens on it return."""
        damage.discard_card(self, p, c, quiet=quiet)

    def sweep_row(self, p: int, why: str = "") -> None:
        """Sweep the row: for 2 energy, or free with ``why`` (Adapting Technology)."""
        shop.sweep_row(self, p, why)

    def refill_row(self, slots: list[int]) -> None:
        """Fill the empty row ``slots`` from the deck."""
        shop.refill_row(self, slots)

    def drain_batteries(self, p: int) -> None:
        """Battery Monster: 2 energy from each battery to ``p``'s pool."""
        shop.drain_batteries(self, p)

    def grant_frenzy(self, seat: int) -> None:
        """``seat`` takes another turn after this one (Frenzy)."""
        turn.grant_frenzy(self, seat)

    def grant_freeze_time(self, seat: int) -> None:
        """``seat`` takes another turn with one die fewer (Freeze Time)."""
        turn.grant_freeze_time(self, seat)

    def to_resolve(self) -> None:
        """The dice are final: on to resolving them."""
        turn.to_resolve(self)

    def end_buy(self) -> None:
        """The Buy phase is over: on to Metamorph and the end of the turn."""
        turn.end_buy(self)

    def skip_to_next_turn(self) -> None:
        """The turn is skipped: only its end-of-turn window, then the next turn."""
        windows.skip_to_next_turn(self)

    def to_end(self) -> None:
        """On to the end of the turn (through Power Up!'s end-of-turn window)."""
        windows.to_end(self)

    def estimate_returns(self) -> list[float]:
        return victory.estimate_returns(self)

    # -- information -------------------------------------------------------------------

    def view(self, player: int | None = None) -> dict[str, Any]:
        from tabletop.games.king_of_tokyo.view import build_view

        return build_view(self, player)

    def top_card_visible_to(self, player: int | None) -> bool:
        """Made in a Lab lets its owner look at the deck's top card in its Buy phase."""
        if player is None or not self.deck or player != self.active:
            return False
        return self.stage == Stage.BUY and self.monsters[player].has(Card.MADE_IN_A_LAB)

    # -- copies and serialisation ------------------------------------------------------

    def clone(self) -> KingOfTokyoState:
        twin = self._clone_unrecorded()
        record = self.record
        twin.record = None if record is None else record[:]
        return twin

    def _clone_unrecorded(self) -> KingOfTokyoState:
        """A copy without the public record: a determinized copy drops it, unread."""
        twin = KingOfTokyoState()
        self._copy_base(twin)
        twin.kot_game = self.kot_game
        twin.monsters = [m.copy() for m in self.monsters]
        twin.rng = self.rng.clone()
        twin.decisions = self.decisions.copy()
        for name in saving.INT_FIELDS:
            setattr(twin, name, getattr(self, name))
        for name in saving.BOOL_FIELDS:
            setattr(twin, name, getattr(self, name))
        for name in saving.LIST_FIELDS:
            setattr(twin, name, getattr(self, name).copy())
        twin.counters = self.counters.copy()
        twin.paid = self.paid.copy()
        twin.held = self.held.copy()
        twin.hits = [h.copy() for h in self.hits]
        twin.live = self.live
        twin.next_dice = self.next_dice
        twin.box = self.box  # a tuple: shared
        twin.pu = self.pu.copy() if self.pu is not None else None
        twin.record = None
        return twin

    def drop_record(self) -> None:
        self.record = None

    def determinize(self, observer: int, rng: Rng) -> KingOfTokyoState:
        """Only the deck order is hidden (and the top card from a Made in a Lab owner),
        and with Power Up! the others' Evolutions."""
        return self.deal_hidden(observer, rng, {})

    def deal_hidden(self, observer: int, rng: Rng, hands: dict[int, list[int]]) -> KingOfTokyoState:
        """:meth:`determinize`, but seat ``p`` holds the Evolutions ``hands[p]``, for
        the seats given: what a belief thinks they hold (:mod:`.belief`). Each hand
        must hold as many cards as the seat's, of those the observer cannot see and
        the seat may hold; the rest of the hidden Evolutions are dealt at random."""
        twin = self._clone_unrecorded()
        self._forget_for(twin, observer)
        twin.next_dice = ()  # a position's scripted dice are chance to come, not seen
        deck = twin.deck
        known = 1 if self.top_card_visible_to(observer) else 0
        if self.pu is not None:  # Deep Dive: the top cards its player looks at
            for looking in KNOWN_TOP.calls:
                known = max(known, looking(self, observer))
        if known:
            rest = deck[:-known]
            rng.shuffle(rest)
            twin.deck = [*rest, *deck[-known:]]
        else:
            rng.shuffle(deck)
        if twin.pu is not None:
            evolution_hands.redeal(twin, observer, rng, hands)
        twin.rng = rng.derive()
        return twin

    def _state_dict(self) -> dict[str, Any]:
        out = saving.state_dict(self)
        record = self.record
        out["record"] = None if record is None else [list(e) for e in record]
        return out

    def game_data(self) -> dict[str, Any]:
        """The position as plain data (what ``to_dict`` saves, without the log, the
        history, the options and the public record of the seats' Evolutions): two
        positions are the same game if these are equal."""
        return saving.state_dict(self)

    @classmethod
    def from_dict(cls, game: KingOfTokyoGame, data: Any) -> KingOfTokyoState:
        # ``data: Any``: compiled, a ``dict`` annotation would reject a list with a
        # TypeError at the call; ``_restore_base`` reports it as malformed instead.
        self = cls()
        fields = self._restore_base(game, data)
        self.kot_game = game
        saving.restore(self, fields)
        owned.refresh_masks(self)
        return self


_NEXT = Stage.NEXT

_HANDLERS = (
    turn.stage_start,
    rolling.stage_roll,
    rolling.stage_rolling,
    rolling.stage_probe,
    rolling.stage_adjust,
    resolution.stage_numbers,
    resolution.stage_hearts,
    resolution.stage_energy,
    resolution.stage_claws,
    resolution.stage_after_claws,
    tokyo.stage_yield,
    tokyo.stage_burrow,
    tokyo.stage_enter,
    shop.stage_buy,
    shop.stage_sell,
    turn.stage_end,
    turn.stage_next,
    turn.stage_next,  # OVER: never run (the loop stops at the end)
    windows.stage_draft,
    windows.stage_setup,
    turn.stage_start_effects,
    windows.stage_resolve_window,
    windows.stage_end_window,
)

__all__ = ["BAY", "CITY", "LOCATION_NAMES", "OUTSIDE", "KingOfTokyoState"]
