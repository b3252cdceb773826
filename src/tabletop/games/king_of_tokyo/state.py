"""The rules of King of Tokyo: one turn at a time, in the order of section 2.9.

The state is mutated in place by ``apply``. A turn runs through fixed *stages*
(:class:`~.phases.Stage`); a stage that needs somebody's answer pushes a
:class:`~tabletop.core.decisions.Decision`, and the answer resumes the stages. Heart
losses go through a queue of *hits*: each hit gets its victim's prevention (Armor
Plating, Camouflage, Wings, Rapid Healing) before it lands, so a victim can answer
damage on another monster's turn. A decision is only pushed when it has more than
one real option.

Cards are instances ``0..65`` (:mod:`.cards`); a monster's ``mask`` says which card
types it owns or copies with Mimic, and ``live`` is the union over living monsters,
so the rules skip every card nobody owns with one AND.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tabletop.core.action import Action
from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.errors import StateFormatError
from tabletop.core.game import TERMINAL, State
from tabletop.core.rng import Rng
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo import evolution_effects, powers
from tabletop.games.king_of_tokyo.actions import (
    HEART_HEAL,
    HEART_POISON,
    HEART_SHRINK,
    MAX_SEATS,
    ROW_SIZE,
    ActionTable,
    Move,
)
from tabletop.games.king_of_tokyo.cards import Card, CardTable
from tabletop.games.king_of_tokyo.dice import (
    A_FACE,
    BLACK_DICE,
    CLAW,
    ENERGY,
    FACE_NAMES,
    HEART,
    KEEPS,
    KEPT_FACES,
    MAX_DICE,
    NUM_FACES,
    ONE,
    THREE,
    TWO,
    describe_dice,
)
from tabletop.games.king_of_tokyo.evolution_effects import alienoid as _alienoid
from tabletop.games.king_of_tokyo.evolution_effects import cyber_bunny as _bunny
from tabletop.games.king_of_tokyo.evolution_effects import cyber_kitty as _kitty
from tabletop.games.king_of_tokyo.evolution_effects import giga_zaur as _giga
from tabletop.games.king_of_tokyo.evolution_effects import kraken as _kraken
from tabletop.games.king_of_tokyo.evolution_effects import meka_dragon as _meka
from tabletop.games.king_of_tokyo.evolution_effects import pandakai as _panda
from tabletop.games.king_of_tokyo.evolution_effects import space_penguin as _penguin
from tabletop.games.king_of_tokyo.evolution_effects import the_king as _king
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.monster import HEART_CAP, START_HEARTS, WIN_STARS, Monster
from tabletop.games.king_of_tokyo.phases import ASK_NAMES, Ask, Stage
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    QUESTIONS,
    START_STEPS,
    TURN_END,
    TURN_START,
    WINDOW_NAMES,
    PowerUp,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
    from tabletop.games.king_of_tokyo.options import KingOfTokyoOptions

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

# A hit: [victim, hearts, source seat, is a smash, prevention done]
Hit = list[Any]

_INT_FIELDS = (
    "stage",
    "active",
    "base",
    "turn",
    "city",
    "bay",
    "rolls_left",
    "freeze_chain",
    "resolving",
    "wounded",
    "immune",
    "probe_used",
    "herd_used",
    "alive_count",
)
_BOOL_FIELDS = (
    "over",
    "may_have_won",
    "hurt_this_turn",
    "rolled_111",
    "take_city",
    "smash_landed",
    "entered",
)
_LIST_FIELDS = (
    "dice",
    "deck",
    "discard",
    "row",
    "extra_turns",
    "queue",
    "yielders",
    "new_slots",
    "heart_plan",
    "winner_seats",
    "eliminated",
)


class KingOfTokyoState(State):
    """A King of Tokyo position; see :class:`~.game.KingOfTokyoGame` for the API."""

    __slots__ = (
        "_game_kot",
        "active",
        "alive_count",
        "base",
        "bay",
        "city",
        "counters",
        "decisions",
        "deck",
        "dice",
        "discard",
        "eliminated",
        "entered",
        "extra_turns",
        "freeze_chain",
        "heart_plan",
        "held",
        "herd_used",
        "hits",
        "hurt_this_turn",
        "immune",
        "live",
        "may_have_won",
        "monsters",
        "new_slots",
        "over",
        "paid",
        "probe_used",
        "pu",
        "queue",
        "resolving",
        "rng",
        "rolled_111",
        "rolls_left",
        "row",
        "smash_landed",
        "stage",
        "take_city",
        "turn",
        "winner_seats",
        "wounded",
        "yielders",
    )

    _game_kot: KingOfTokyoGame
    monsters: list[Monster]
    rng: Rng
    decisions: DecisionStack
    stage: int
    active: int  # whose turn it is
    base: int  # whose regular turn it is (extra turns come back to the next one)
    turn: int
    city: int  # seat in Tokyo City, -1 if empty
    bay: int
    dice: list[int]
    rolls_left: int
    deck: list[int]  # card instances, top at the end
    discard: list[int]
    row: list[int]  # -1: empty slot
    counters: dict[int, int]  # card instance -> counters on it (Smoke, batteries)
    paid: dict[int, int]  # card instance -> energy paid for it (2011 Metamorph)
    live: int  # card types owned or copied by living monsters
    alive_count: int
    hits: list[Hit]
    held: dict[int, int]  # Jets: smash damage held back until the yield decision
    # [seat, kind, seat, kind, ...]; kind 0 Frenzy, 1 Freeze Time, (Power Up!) 2 Panda
    # Express, 3 Jungle Frenzy
    extra_turns: list[int]
    freeze_chain: int
    queue: list[int]  # seats still to ask at this stage (probes, yields, Opportunist)
    yielders: list[int]
    new_slots: list[int]  # row slots revealed since Opportunist owners were last asked
    heart_plan: list[int]  # [heal self, remove poison, remove shrink, ray seat 0..5]
    resolving: int  # the Discard card being resolved (for names in the log)
    wounded: int  # seats smashed this turn (a bit each)
    immune: int  # seats protected by Wings this turn
    probe_used: int  # seats that used Psychic Probe this turn
    herd_used: int
    hurt_this_turn: bool
    rolled_111: bool
    take_city: bool
    smash_landed: bool
    entered: bool  # the active monster entered Tokyo this turn (Power Up! windows)
    over: bool
    pu: PowerUp | None  # Power Up!: the Evolutions (None when the expansion is off)
    may_have_won: bool  # some monster reached 20 stars at some point (a cheap pre-check)
    winner_seats: list[int]
    eliminated: list[int]  # seats in the order they were eliminated, first out first

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, game: KingOfTokyoGame, num_players: int, seed: int, log: bool) -> KingOfTokyoState:
        self = cls()
        self._init_base(game, num_players, seed, log)
        self._game_kot = game
        rng = self.rng = Rng(seed)
        names = game.options.monster_list(num_players)
        if names is None:
            names = tuple(rng.sample(list(game.box), num_players))
        self.monsters = [Monster(s, n) for s, n in enumerate(names)]
        deck = list(range(len(game.cards)))
        rng.shuffle(deck)
        self.deck = deck
        self.discard = []
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
        self.over = False
        self.may_have_won = False
        self.winner_seats = []
        self.eliminated = []
        self.turn = 0
        self._reset_turn()
        if self._log is not None:
            roster = ", ".join(
                f"seat {m.seat + 1}: {game.monster_name(m.name)}" for m in self.monsters
            )
            self._event("setup", f"Monsters: {roster}.", monsters=list(names))
            self._event("row", f"The row shows {self._row_text()}.", row=self._row_ids())
        first = self._first_player()
        self.active = self.base = first
        self.stage = Stage.START
        self.pu = None
        power_up = game.options.power_up
        if power_up != "off":
            mutant = power_up == "mutant"
            self.pu = PowerUp.deal([m.name for m in self.monsters], mutant, rng)
            self.queue = self._clockwise(first)
            self.stage = Stage.DRAFT if mutant else Stage.SETUP
        self._advance()
        return self

    def _first_player(self) -> int:
        """Rulebook: everyone rolls six dice and the most claws starts (ties reroll)."""
        rule = self._game_kot.options.first_player
        rng = self.rng
        if rule == "random":
            return rng.randrange(self.num_players)
        if rule != "roll":
            seat = int(rule)
            if seat >= self.num_players:
                raise StateFormatError(
                    f"first_player: seat number {seat + 1} (value {rule!r}) is not a seat "
                    f"of this {self.num_players}-player game"
                )
            return seat
        tied = list(range(self.num_players))
        randrange = rng.randrange
        for _ in range(FIRST_ROLL_LIMIT):
            claws = [[randrange(NUM_FACES) for _ in range(BLACK_DICE)].count(CLAW) for _ in tied]
            best = max(claws)
            tied = [p for p, c in zip(tied, claws, strict=True) if c == best]
            if len(tied) == 1:
                break
        first = tied[0] if len(tied) == 1 else rng.choice(tied)
        self._note(f"{self._name(first)} rolls the most claws and starts.")
        return first

    def _reset_turn(self) -> None:
        self.wounded = 0
        self.immune = 0
        self.probe_used = 0
        self.herd_used = 0
        self.hurt_this_turn = False
        self.rolled_111 = False
        self.take_city = False
        self.smash_landed = False
        self.entered = False
        if self.yielders:
            self.yielders = []
        if self.held:
            self.held = {}

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
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        if not self.decisions:
            return []
        d = self.decisions[-1]
        kind = d.kind
        p = d.player
        m = self.monsters[p]
        if kind == Ask.ROLL and self.rolls_left > 0 and self._plain_roll(m):
            return self._game_kot.table.roll_actions(self.dice)  # the usual roll: a shared list
        table = self._game_kot.table
        out: list[Action] = []
        if kind == Ask.ROLL:
            if self.rolls_left > 0:
                keeps = self._game_kot.table.keep_actions(self.dice)
                if self.pu is not None and "encased_face" in self.pu.marks:
                    keeps = _penguin.keep_frozen(self, keeps)
                out.extend(keeps)
            elif not (self.pu is not None and self.pu.turn_marks.get("single_roll")):
                if m.mask & _ENERGY_DRINK and m.energy >= 1:
                    out.append(table.energy_drink)
                if self._smoke_source(p) >= 0:
                    out.append(table.smoke)
            if m.mask & _BACKGROUND_DWELLER and THREE in self.dice:
                out.append(table.reroll_three)
            out.append(table.stop)
        elif kind == Ask.PROBE:
            out.extend(table.probe[f] for f in self._changeable_faces())
            out.append(table.decline)
        elif kind == Ask.ADJUST:
            out.extend(self._adjust_actions(p))
            out.append(table.stop)
        elif kind == Ask.HEARTS:
            out.extend(self._heart_actions(p))
        elif kind == Ask.YIELD:
            out += (table.yield_, table.stay)
            if self.pu is not None:  # Simian Scamper
                out.extend(table.play_evolution[n] for n in self.pu.playable(self, p, "yield"))
        elif kind == Ask.BUY:
            out.extend(self._buy_actions(p))
            if not out:  # opened for an Evolution a determinized hand no longer holds
                out.append(table.end_buy)
        elif kind == Ask.OPPORTUNIST:
            out.extend(table.buy[s] for s in self._opportunist_slots(p))
            out.append(table.decline)
        elif kind == Ask.MIMIC:
            out.extend(table.mimic[c] for c in self._mimic_targets(p))
        elif kind == Ask.MIMIC_MOVE:
            out.extend(table.mimic[c] for c in self._mimic_targets(p) if c != m.mimic)
            out.append(table.decline)
        elif kind == Ask.CHARGE:
            out += (table.charge, table.done_charging)
        elif kind == Ask.SELL:
            out.extend(table.sell[c] for c in sorted(m.cards))
            out.append(table.done_selling)
        elif kind == Ask.PREVENT:
            if self._can_wings(p):
                out.append(table.wings)
            if self._can_rapid_heal(p):
                out.append(table.rapid_heal)
            if self.pu is not None:
                out.extend(table.play_evolution[n] for n in self.pu.playable(self, p, "damage"))
                out.extend(table.evo_yes[n] for n in self.pu.abilities(self, p, "damage"))
            out.append(table.take_damage)
        elif kind == Ask.EVO_KEEP:
            out.extend(table.keep_evolution[n] for n in sorted(d.data[:2]))
        elif kind == Ask.EVO_PLAY:
            assert self.pu is not None
            window = WINDOW_NAMES[d.data[0]]
            out.extend(table.play_evolution[n] for n in self.pu.playable(self, p, window))
            out.append(table.decline)
        elif kind == Ask.DRAFT:
            assert self.pu is not None
            out.extend(table.draft_evolution[n] for n in sorted(self.pu.draft[p]))
        elif kind == Ask.EVO_CHOICE:
            question = QUESTIONS[evolution_table().info[d.data[0]].id]
            out.extend(question.options(self, p, d.data[1:]))
        return out

    def _apply(self, action: Action) -> None:
        table = self._game_kot.table
        aid = action.id
        move = table.move[aid]
        arg = table.arg[aid]
        d = self.decisions.pop()
        p = d.player
        if move == Move.KEEP:
            self._reroll(p, arg)
            if FAST_PATH and self.pu is None:
                self._stage_rolling()  # the loop's next stage: a reroll changes nothing it checks
        elif move == Move.STOP:
            if d.kind == Ask.ROLL:
                self._done_rolling()
            else:
                self._to_resolve()
        elif move == Move.END_BUY:
            self._end_buy()
        elif move == Move.BUY:
            self._buy_from_row(p, arg)
        elif move == Move.YIELD:
            self._yield(p)
            self._yield_answered()
        elif move == Move.STAY:
            self._stay(p)
            self._yield_answered()
        elif move == Move.SWEEP:
            self._sweep(p)
        elif move == Move.ENERGY_DRINK:
            self.monsters[p].energy -= 1
            self.rolls_left += 1
            self._note(f"{self._name(p)} pays 1 energy for an extra roll (Energy Drink).")
        elif move == Move.SMOKE:
            self._spend_smoke(p)
            self.rolls_left += 1
        elif move == Move.REROLL_THREE:
            self._reroll_one(THREE, "Background Dweller")
        elif move == Move.PROBE:
            self._probe(p, arg)
        elif move == Move.HERD_CULLER:
            self.herd_used |= 1 << p
            self._change_die(arg, ONE, "Herd Culler")
        elif move == Move.PLOT_TWIST:
            self._change_die(arg // NUM_FACES, arg % NUM_FACES, "Plot Twist")
            self._discard_used(p, Card.PLOT_TWIST)
        elif move == Move.STRETCHY:
            self.monsters[p].energy -= STRETCHY_COST
            self._change_die(arg // NUM_FACES, arg % NUM_FACES, "Stretchy")
        elif move == Move.HEART:
            self.heart_plan[arg] += 1
        elif move == Move.HEALING_RAY:
            self.heart_plan[3 + arg] += 1
        elif move == Move.BUY_TOP:
            self._buy_top(p)
        elif move == Move.TENTACLES:
            self._buy_from_owner(p, arg)
        elif move == Move.DECLINE:
            pass  # the queue moves on
        elif move == Move.MIMIC:
            if d.kind == Ask.MIMIC_MOVE:
                self.monsters[p].energy -= 1
            self._set_mimic(p, arg)
        elif move == Move.SELL:
            self._sell(p, arg)
        elif move == Move.DONE_SELLING:
            self._to_end()
        elif move == Move.WINGS:
            self._use_wings(p)
        elif move == Move.RAPID_HEAL:
            self._rapid_heal(p)
        elif move == Move.TAKE_DAMAGE:
            self._land_first_hit()
        elif move == Move.CHARGE:
            self._charge(p, d.data[0])
        elif move == Move.DONE_CHARGING:
            self._finish_charge(p, d.data[0])
        elif move == Move.KEEP_EVOLUTION:
            assert self.pu is not None
            others = tuple(n for n in d.data[:2] if n != arg)
            self.pu.keep(self, p, arg, others, bool(d.data[2]))
        elif move == Move.PLAY_EVOLUTION:
            assert self.pu is not None
            self.pu.play(self, p, arg)
            if d.kind == Ask.EVO_PLAY:  # the window stays open for another Evolution
                self.pu.open_window(self, p, WINDOW_NAMES[d.data[0]])
        elif move == Move.DRAFT_EVOLUTION:
            assert self.pu is not None
            self.pu.pick(p, arg)
        elif move == Move.EVO_YES and d.kind != Ask.EVO_CHOICE:
            assert self.pu is not None  # a face-up Evolution's ability (Ability)
            ABILITIES[self.pu.effect_id(arg)].use(self, p, arg)
        elif move >= Move.EVO_YES:
            question = QUESTIONS[evolution_table().info[d.data[0]].id]
            question.answer(self, p, move, arg, d.data[1:])
        self._advance()

    # -- the stage loop ----------------------------------------------------------------

    def _advance(self) -> None:
        """Run stages, hits and checks until somebody must decide or the game ends."""
        decisions = self.decisions
        if decisions:
            return  # already waiting for an answer (the fast path went that far)
        immediate = self._game_kot.immediate_end
        handlers = _HANDLERS
        monsters = self.monsters
        while not decisions and not self.over:
            if self.hits:
                self._run_hits()
                continue
            # 2016 checks at the end of the turn only (the next stage), even when one
            # monster is left: it must still survive its own end of turn.
            if immediate and (self.may_have_won or self.alive_count <= 1) and self._check_victory():
                return
            if self.pu is not None and _meka.PENDING in self.pu.turn_marks:
                _meka.after_damage(self)  # 2.9 D8, after the batch: Lightning Armor...
                continue
            stage = self.stage
            if stage < _NEXT and not monsters[self.active].alive:
                self.queue = []
                stage = self.stage = _NEXT
            handlers[stage](self)

    def _check_victory(self) -> bool:
        """20 stars, or one monster left (or none: everybody loses)."""
        monsters = self.monsters
        if self.alive_count > 1:
            best = [m.seat for m in monsters if m.alive and m.stars >= WIN_STARS]
            if not best:
                return False
            self._finish(best, "stars")
        else:
            self._finish([m.seat for m in monsters if m.alive], "last_standing")
        return True

    def _finish(self, winners: list[int], how: str) -> None:
        """End the game; ``how`` is ``stars``, ``last_standing`` or ``turn_limit``."""
        self.over = True
        self.winner_seats = winners
        self.stage = Stage.OVER
        self.decisions.clear()
        if self._log is not None:
            names = " and ".join(self._name(w) for w in winners)
            text = {
                "stars": f"{names} reaches 20 stars and wins!",
                "last_standing": f"{names} is the last monster standing and wins!",
                "turn_limit": "The turn limit is reached: nobody wins.",
            }[how]
            if not winners and how != "turn_limit":
                how, text = "nobody", "Every monster is out: nobody wins."
            self._event("game_over", text, winners=winners, how=how)

    # -- Power Up! set-up ------------------------------------------------------------

    def _stage_draft(self) -> None:
        """The Mutant Evolution draft: each takes a card, packets pass, 8 rounds."""
        pu = self.pu
        assert pu is not None
        while True:
            while self.queue:
                seat = self.queue.pop(0)
                packet = pu.draft[seat]
                if len(packet) == 1:
                    pu.pick(seat, packet[0])
                elif packet:
                    self.decisions.push(Decision(Ask.DRAFT, seat))
                    return
            if not any(pu.draft):
                break
            pu.pass_packets(self._game_kot.options.draft_direction == "left")
            self.queue = self._clockwise(self.active)
        for deck in pu.deck:
            self.rng.shuffle(deck)
        pu.draft = []
        self._note("The Mutant Evolution draft is over.")
        self.queue = self._clockwise(self.active)
        self.stage = Stage.SETUP

    def _stage_setup(self) -> None:
        """Power Up! set-up: each monster draws 2 Evolutions and keeps 1."""
        pu = self.pu
        assert pu is not None
        while self.queue:
            pu.offer(self, self.queue.pop(0), setup=True)
            if self.decisions:
                return
        self.stage = Stage.START

    # -- A: start of turn --------------------------------------------------------------

    def _stage_start(self) -> None:
        a = self.active
        self._reset_turn()
        if self.pu is not None:
            self.pu.used = 0
            self.pu.turn_marks.clear()
            for start_hook in TURN_START:  # 2.9 A1
                start_hook(self, a)
            self.stage = Stage.START_EFFECTS
            self.pu.open_window(self, a, "before_start")  # 2.9 A2
            return
        self._stage_start_effects()

    def _stage_start_effects(self) -> None:
        a = self.active
        m = self.monsters[a]
        if self.pu is not None and START_STEPS and self._start_steps(a):
            return
        if self._log is not None:
            extra = " (extra turn)" if self.active != self.base or self.freeze_chain else ""
            self._event(
                "turn",
                f"Turn {self.turn + 1}: {self._name(a)}{extra}.",
                seat=a,
                in_tokyo=self.in_tokyo(a),
            )
        if self.live & m.mask & _START_OF_TURN_MASK:
            for card, bit, hook in powers.START_OF_TURN_BITS:
                if m.mask & bit:
                    hook(self, a, self.copies(a, card))
        if a == self.city or a == self.bay:
            if self._game_kot.options.two_player_variant:
                self.gain_energy(a, 1, "starting in Tokyo")
            else:
                self.gain_stars(a, 2, "starting in Tokyo")
            if self.pu is not None:  # 2.9 A5: I Am the King!, Defender of Tokyo
                _king.starts_in_tokyo(self, a)
                _giga.starts_in_tokyo(self, a)
        self.stage = Stage.ROLL
        if m.mask & _MIMIC and m.energy >= 1 and any(c != m.mimic for c in self._mimic_targets(a)):
            self.decisions.push(Decision(Ask.MIMIC_MOVE, a))
        elif not self.may_have_won:
            # Nothing to ask and nobody can have won: go straight on (speed).
            self._stage_roll()

    def _start_steps(self, a: int) -> bool:
        """2.9 A3: the start-of-turn questions of face-up Evolutions, in order."""
        pu = self.pu
        assert pu is not None
        done = pu.turn_marks.get("start_step", -1)
        for order in sorted(START_STEPS):
            if order <= done:
                continue
            pu.turn_marks["start_step"] = order
            START_STEPS[order](self, a)
            if self.decisions or self.hits or not self.monsters[a].alive:
                return True
        pu.turn_marks["start_step"] = 1 << 20
        return False

    # -- B: rolling --------------------------------------------------------------------

    def _stage_roll(self) -> None:
        a = self.active
        m = self.monsters[a]
        count = BLACK_DICE - m.shrink - self.freeze_chain
        if m.mask & _EXTRA_HEAD:
            count += self.copies(a, Card.EXTRA_HEAD)
        rolls = ROLLS
        if m.mask & _GIANT_BRAIN:
            rolls += self.copies(a, Card.GIANT_BRAIN)
        frozen = -1
        if self.pu is not None:  # Cold Wave, Blizzard, Cat Nip, Encased in Ice
            count, rolls, frozen = _penguin.roll_limits(self, a, count, rolls)
        if count > MAX_DICE:
            count = MAX_DICE
        elif count < 0:
            count = 0
        if frozen >= 0 and count:
            self.dice = dice = [*self.rng.rolls(count - 1, NUM_FACES), frozen]
        else:
            self.dice = dice = self.rng.rolls(count, NUM_FACES)
        dice.sort()
        self.rolls_left = rolls - 1
        if self._log is not None:
            self._event(
                "roll", f"{self._name(a)} rolls {describe_dice(self.dice)}.", dice=list(self.dice)
            )
        self.stage = Stage.ROLLING

    def _plain_roll(self, m: Monster) -> bool:
        """Whether ``m``'s reroll choices are just the keeps and "stop": no Power Up!
        answers and no Background Dweller rerolls, so the game's shared list serves."""
        return self.pu is None and not m.mask & _BACKGROUND_DWELLER

    def _stage_rolling(self) -> None:
        if not self.dice:
            self._done_rolling()
            return
        a = self.active
        m = self.monsters[a]
        if self.rolls_left > 0:
            self.decisions.push(_PLAIN_ASKS[Ask.ROLL][a])
            if self._plain_roll(m):
                self._legal = self._game_kot.table.roll_actions(self.dice)  # as _compute_legal
            return
        extra = (m.mask & _ENERGY_DRINK and m.energy >= 1) or (
            m.mask & _SMOKE_CLOUD and self._smoke_source(a) >= 0
        )
        if extra and self.pu is not None and self.pu.turn_marks.get("single_roll"):
            extra = False  # Blizzard, Cat Nip: a single roll, no extra ones
        if extra or (m.mask & _BACKGROUND_DWELLER and THREE in self.dice):
            self.decisions.push(_PLAIN_ASKS[Ask.ROLL][a])
        else:
            self._done_rolling()

    def _done_rolling(self) -> None:
        """After the last roll: Psychic Probes, die changes, or straight to resolving."""
        if self.live & _PSYCHIC_PROBE or (
            self.pu is not None and _bunny.probers(self, self.active)  # Heart of the Rabbit
        ):
            self.stage = Stage.PROBE
        elif self.monsters[self.active].mask & _ADJUST_MASK or self.pu is not None:
            self.stage = Stage.ADJUST  # Power Up!: Evolutions may change dice (2.9 C2)
        else:
            self._to_resolve()

    def _to_resolve(self) -> None:
        """Go on to resolving: through Power Up!'s "while resolving" window if on.

        Without Power Up!, the resolving runs here at once while it is uneventful (the
        fast path :meth:`_resolve_quietly`).
        """
        if self.pu is not None:
            self.stage = Stage.RESOLVE_WINDOW
            return
        self.stage = Stage.NUMBERS
        if FAST_PATH and self._straight_on():
            self._resolve_quietly()

    # -- the fast path -----------------------------------------------------------------

    def _straight_on(self) -> bool:
        """Whether the stage loop would run the next stage's handler at once.

        True when no decision or hit is pending, the game goes on, nobody can have won
        and more than one monster is left (so no victory check can end the game), and
        the active monster is alive. Stricter than the loop (it never checks victory in
        2016 before the end of the turn): where this is False, the loop takes over.
        """
        return (
            not (
                self.decisions
                or self.hits
                or self.over
                or self.may_have_won
                or self.alive_count <= 1
            )
            and self.monsters[self.active].alive
        )

    def _resolve_quietly(self) -> None:
        """The fast path of a turn without Power Up!: from the final dice on, in one call.

        Why: the stage loop (:meth:`_advance`) hops from stage to stage, checking hits,
        victory and the active monster between hops, and each stage works the dice
        counts out again. Most turns have nothing happen between those stages, so this
        runs the same stage handlers back to back, with the counts worked out once:
        resolving (D), the attack and its hits, the yield check (E), entering Tokyo
        (G), the Buy phase (H), and on to the end of the turn and the next turn's first
        roll (:meth:`_end_turn_quietly`) when nothing can be bought.

        When: only with Power Up! off (``_to_resolve`` calls it), starting where
        :meth:`_straight_on` holds. It goes on to a stage only where the loop would run
        that stage next; otherwise it stops, leaving ``stage`` where the loop expects
        it: at a decision (heart dice, damage prevention, a yield, the Buy phase), a
        possible winner, an elimination. Between two stages it checks what the first
        may have changed: the stage it left off at (a stage that asks a question, or
        sees a possible winner, stays put), hits it queued, and after hits land, all of
        :meth:`_straight_on`. Cards need no check here: each stage handler deals with
        its own. ``FAST_PATH = False`` turns it off (the tests compare games played
        both ways).

        The other ways into the fast path: :meth:`_yield_answered` after a yield
        question, :meth:`_end_buy` (:meth:`_end_turn_quietly`) when the Buy phase ends,
        and ``_apply`` running the rolling stage straight after a reroll.
        """
        counts = self._game_kot.table.roll_counts(self.dice)
        self._stage_numbers(counts)  # D1-D6: CLAWS unless heart dice ask or someone may win
        if self.stage != Stage.CLAWS or self.hits:
            return
        self._stage_claws(counts)  # D7-D8: the attack queues its hits
        if self.hits:
            self._run_hits()
        if not self._straight_on():  # a prevention question, an elimination, a winner
            return
        self._stage_after_claws()  # ENTER unless somebody may yield or someone may win
        if self.stage == Stage.ENTER:
            self._enter_quietly()

    def _yield_answered(self) -> None:
        """After a yield or stay answer: the fast path on to the Buy phase if quiet.

        Part of the fast path (see :meth:`_resolve_quietly`): the next wounded monster
        in Tokyo is asked (E), Burrowing strikes (F), then Tokyo is entered and the Buy
        phase opens, back to back; it stops where the loop would do anything else
        first (a question, Jets or Burrowing damage, a possible winner).
        """
        if not (FAST_PATH and self.pu is None and self._straight_on()):
            return
        self._stage_yield()  # E: BURROW unless another monster is asked
        if self.stage != Stage.BURROW:
            return
        self._stage_burrow()  # F: Burrowing queues a hit
        if self.stage == Stage.ENTER and not self.hits:
            self._enter_quietly()

    def _enter_quietly(self) -> None:
        """Part of the fast path (see :meth:`_resolve_quietly`): G, then H.

        Called at the ENTER stage where :meth:`_straight_on` holds; entering Tokyo only
        gives a star, so the Buy phase opens unless somebody may now have won.
        """
        self._stage_enter()  # G
        if self.stage == Stage.BUY and not self.may_have_won:
            self._stage_buy()  # H, and on to the end of the turn if nothing is for sale

    def _end_buy(self) -> None:
        """The Buy phase is over: on to Metamorph (I), then the end of the turn.

        Without Power Up!, the end of the turn and the start of the next one run here
        at once while they are uneventful (the fast path :meth:`_end_turn_quietly`).
        """
        self.stage = Stage.SELL
        if FAST_PATH and self.pu is None and self._straight_on():
            self._end_turn_quietly()

    def _end_turn_quietly(self) -> None:
        """The fast path from the end of the Buy phase to the next turn's first decision.

        Why and when: see :meth:`_resolve_quietly`; this is its second half, also
        entered on its own when the Buy phase ends with "end your turn" (from
        :meth:`_end_buy`, where :meth:`_straight_on` holds). It runs the stage handlers
        of Metamorph (I), the end of the turn (J), the next turn (K), its start (A) and
        first roll (B) back to back, and stops, ``stage`` where the loop expects it,
        wherever the loop would do something else first: a decision (Metamorph, Mimic),
        Poison damage, a possible winner, an elimination, the end of the game. It leaves
        a turn with no rerolls to come to the loop (whose resolving may then take the
        fast path again), so that one call never runs more than one turn.
        """
        self._stage_sell()  # I: END unless Metamorph asks
        if self.stage != Stage.END:
            return
        self._stage_end()  # J: end-of-turn cards give stars, Poison queues a hit
        if self.hits or self.may_have_won:
            return
        self._stage_next()  # K: the next monster, or the turn limit ends the game
        if self.over:
            return
        self._stage_start()  # A, and the first roll (B) unless Mimic asks or someone may win
        if (
            self.stage == Stage.ROLLING
            and self.dice
            and self.rolls_left > 0
            and self._straight_on()  # a card lost at the start may have cost hearts
        ):
            self._stage_rolling()  # the first reroll decision

    def _stage_resolve_window(self) -> None:
        pu = self.pu
        assert pu is not None
        a = self.active
        step = pu.turn_marks.get("before_resolve", 0)
        if step == 0:  # 2.9 C3: "before resolving" Evolutions (Encased in Ice)
            pu.turn_marks["before_resolve"] = 1
            if pu.open_window(self, a, "before_resolve"):
                return
        if step <= 1:
            pu.turn_marks["before_resolve"] = 2
            if _penguin.ask_encased(self, a):
                return
        self.stage = Stage.NUMBERS
        pu.open_window(self, a, "resolving")  # 2.9 D3

    def _reroll(self, p: int, keep: int) -> None:
        """Keep the dice of :data:`KEEPS` ``[keep]`` and reroll the others."""
        kept_faces = KEPT_FACES[keep]
        dice = [*kept_faces, *self.rng.rolls(len(self.dice) - len(kept_faces), NUM_FACES)]
        dice.sort()
        self.dice = dice
        self.rolls_left -= 1
        if self._log is not None:
            kept = KEEPS[keep]
            rerolled = plural(len(dice) - len(kept_faces), "die", "dice")
            what = (
                f"keeps {describe_dice(kept_faces)} and rerolls {rerolled}"
                if kept_faces
                else f"rerolls all {rerolled}"
            )
            self._event(
                "roll",
                f"{self._name(p)} {what}: {describe_dice(dice)}.",
                dice=list(dice),
                kept=list(kept),
            )

    def _reroll_one(self, face: int, why: str) -> int:
        dice = self.dice
        dice.remove(face)
        new = self.rng.randrange(NUM_FACES)
        dice.append(new)
        dice.sort()
        self._note(f"{why}: {A_FACE[face]} is rerolled and shows {FACE_NAMES[new]}.")
        return new

    def _change_die(self, face: int, to: int, why: str) -> None:
        dice = self.dice
        dice.remove(face)
        dice.append(to)
        dice.sort()
        self._note(f"{why}: {A_FACE[face]} becomes {A_FACE[to]}.")

    def _smoke_source(self, p: int) -> int:
        """The instance carrying a Smoke counter the monster may spend, or -1."""
        m = self.monsters[p]
        if not m.mask & _SMOKE_CLOUD:
            return -1
        card_of = self._game_kot.cards.instances
        for c in m.cards:
            if card_of[c] == Card.SMOKE_CLOUD and self.counters.get(c, 0) > 0:
                return c
            if (
                card_of[c] == Card.MIMIC
                and m.mimic >= 0
                and card_of[m.mimic] == Card.SMOKE_CLOUD
                and self.counters.get(c, 0) > 0
            ):
                return c
        return -1

    def _spend_smoke(self, p: int) -> None:
        c = self._smoke_source(p)
        left = self.counters[c] - 1
        self.counters[c] = left
        self._note(f"{self._name(p)} spends a Smoke counter for an extra roll ({left} left).")
        if left == 0 and self._game_kot.cards.instances[c] == Card.SMOKE_CLOUD:
            self.discard_card(p, c)

    # -- C: final dice adjustments -----------------------------------------------------

    def _stage_probe(self) -> None:
        pu = self.pu
        if (
            not self.queue
            and not self.probe_used
            and (self.live & _PSYCHIC_PROBE or pu is not None)
        ):
            a = self.active
            self.queue = [
                s
                for s in self._clockwise(a)
                if s != a
                and (
                    self.monsters[s].mask & _PSYCHIC_PROBE
                    or (pu is not None and pu.playable(self, s, "after_other_roll"))
                )
            ]
            self.probe_used = 1 << a  # marks the queue as built this turn
        if self.queue and self.dice:
            seat = self.queue.pop(0)
            self.probe_used |= 1 << seat
            if pu is not None:  # Heart of the Rabbit: asked after the Psychic Probe
                pu.open_window(self, seat, "after_other_roll")
            if self.monsters[seat].mask & _PSYCHIC_PROBE:
                self.decisions.push(Decision(Ask.PROBE, seat))
            return
        self.queue = []
        self.stage = Stage.ADJUST

    def _probe(self, p: int, face: int) -> None:
        new = self._reroll_one(face, f"{self._name(p)}'s Psychic Probe")
        if new == HEART:
            self._discard_used(p, Card.PSYCHIC_PROBE)

    def _adjust_actions(self, p: int) -> list[Action]:
        table = self._game_kot.table
        m = self.monsters[p]
        mask = m.mask
        faces = self._changeable_faces()
        out: list[Action] = []
        if mask & _BACKGROUND_DWELLER and THREE in faces:
            out.append(table.reroll_three)
        if mask & _HERD_CULLER and not self.herd_used & (1 << p):
            out.extend(table.herd_culler[f] for f in faces if f != ONE)
        if mask & _PLOT_TWIST:
            out.extend(
                table.plot_twist[NUM_FACES * f + t] for f in faces for t in range(6) if t != f
            )
        if mask & _STRETCHY and m.energy >= STRETCHY_COST:
            out.extend(table.stretchy[NUM_FACES * f + t] for f in faces for t in range(6) if t != f)
        pu = self.pu
        if pu is not None:  # Saurian Adaptability, Gamma Breath, Tail Sweep, Yin & Yang
            out.extend(table.play_evolution[n] for n in pu.playable(self, p, "change_dice"))
            out.extend(table.evo_yes[n] for n in pu.abilities(self, p, "change_dice"))
        return out

    def _changeable_faces(self) -> list[int]:
        """Faces of dice that may be rerolled or changed (not Encased in Ice's die)."""
        faces = sorted(set(self.dice))
        if self.pu is not None and "encased_face" in self.pu.marks:
            frozen = self.pu.marks["encased_face"]
            if frozen in faces and self.dice.count(frozen) == 1:
                faces.remove(frozen)
        return faces

    def _stage_adjust(self) -> None:
        a = self.active
        if (
            self.dice
            and (self.monsters[a].mask & _ADJUST_MASK or self.pu is not None)
            and self._adjust_actions(a)
        ):
            self.decisions.push(Decision(Ask.ADJUST, a))
        else:
            self._to_resolve()

    # -- D: resolving the dice ---------------------------------------------------------

    def _claws(self, a: int, counts: tuple[int, ...]) -> tuple[int, int]:
        """``(claws, extra)``: the smash claws, and card damage that is not a claw.

        2016 ("claw" rule): Poison Quills, then Spiked Tail and Urbavore (need a claw
        so far), then Acid Attack and Burrowing; every one is a claw (2.9 D1). 2011
        ("damage" rule): the extras need a claw die, except Acid Attack, and are
        extra damage of the attack; Acid Attack without claws hits as card damage.
        """
        m = self.monsters[a]
        mask = m.mask
        claws = counts[CLAW]
        meow = 0
        if self.pu is not None and counts[ONE]:  # Meow Missile: a claw (2011: needs one)
            meow = self.pu.count(a, "meow_missile")
        if self.pu is not None and claws:  # Energy Sword: +1 claw with a claw die (D1)
            claws += _bunny.sword_claws(self, a)
        if not mask & _CLAW_CARDS_MASK:
            if meow and (claws or self._game_kot.claw_rule):
                claws += meow
            return claws, 0
        in_tokyo = self.in_tokyo(a)
        copies = self.copies
        quills = 2 * copies(a, Card.POISON_QUILLS) if counts[TWO] >= 3 else 0
        if self._game_kot.claw_rule:
            claws += quills + meow
            if claws:
                claws += copies(a, Card.SPIKED_TAIL)
                if in_tokyo:
                    claws += copies(a, Card.URBAVORE)
            claws += copies(a, Card.ACID_ATTACK)
            if in_tokyo:
                claws += copies(a, Card.BURROWING)
            return claws, 0
        acid = copies(a, Card.ACID_ATTACK)
        if not claws:
            return 0, acid
        claws += quills + meow + copies(a, Card.SPIKED_TAIL) + acid
        if in_tokyo:
            claws += copies(a, Card.URBAVORE) + copies(a, Card.BURROWING)
        return claws, 0

    def _resolved_counts(self) -> tuple[int, ...]:
        """How many dice show each face, as they resolve: a face named for Freeze Ray
        counts for nothing (2.9 A3)."""
        counts = self._game_kot.table.roll_counts(self.dice)
        if self.pu is not None and "freeze_face" in self.pu.turn_marks:
            off = self.pu.turn_marks["freeze_face"]
            counts = tuple(0 if off >> f & 1 else n for f, n in enumerate(counts))
        return counts

    def _doubled(self) -> int:
        """Cat Nip: every result of the active monster's dice counts twice."""
        return 2 if self.pu is not None and self.pu.has(self.active, "cat_nip") else 1

    def _stage_numbers(self, counts: tuple[int, ...] | None = None) -> None:
        """D1-D4, then on to the heart dice; ``counts``: the resolved counts if known."""
        a = self.active
        m = self.monsters[a]
        if counts is None:
            counts = self._resolved_counts()
        if self._log is not None:
            self._event("resolve", f"{self._name(a)} resolves {describe_dice(self.dice)}.")
        if counts[ONE] >= 3 or counts[TWO] >= 3 or counts[THREE] >= 3:
            stars = 0
            for face in (ONE, TWO, THREE):
                n = counts[face]
                if n >= 3:
                    stars += face + 1 + n - 3
            self.gain_stars(a, stars * self._doubled(), "the dice")
            if counts[ONE] >= 3:
                self.rolled_111 = True
        if self.pu is not None and counts[ONE]:  # 2.9 D4
            _kitty.mouse_hunter(self, a)
        if m.mask & _ROLL_BONUS_MASK:
            claws = self._claws(a, counts)[0] if self._game_kot.claw_rule else counts[CLAW]
            for card, bit, roll_hook in powers.ROLL_BONUS_BITS:
                if m.mask & bit:
                    roll_hook(self, a, self.copies(a, card), counts, claws)
        if self.pu is not None and self.pu.table[a]:  # 2.9 D2: Evolutions' roll bonuses
            claws = self._claws(a, counts)[0] if self._game_kot.claw_rule else counts[CLAW]
            _panda.roll_bonus(self, a, counts, claws)  # Panda Express, Pandarwinism
            _bunny.sword_energy(self, a, counts)
        self.stage = Stage.HEARTS
        self.heart_plan = [0] * 9
        if not self.may_have_won:
            self._stage_hearts(counts)

    def _stage_hearts(self, counts: tuple[int, ...] | None = None) -> None:
        """D5, then on to energy; ``counts``: the resolved counts if known."""
        a = self.active
        plan = self.heart_plan
        if counts is None:
            counts = self._resolved_counts()
        hearts = counts[HEART]
        if self.pu is not None:
            hearts = hearts * self._doubled() + _kraken.high_tide_hearts(self)
        left = hearts - sum(plan)
        if left > 0:
            if self._heart_choice(a):
                self.decisions.push(Decision(Ask.HEARTS, a, (left,)))
                return
            plan[HEART_HEAL] += left
        self._spend_hearts(a)
        self._stage_energy(counts)

    def _heart_choice(self, p: int) -> bool:
        """Whether a heart die of ``p`` may do more than heal it (the HEARTS question)."""
        m = self.monsters[p]
        if m.mask & _HEALING_RAY or ((m.poison or m.shrink) and not self.in_tokyo(p)):
            return len(self._heart_actions(p)) > 1
        return False

    def _heart_actions(self, p: int) -> list[Action]:
        table = self._game_kot.table
        m = self.monsters[p]
        plan = self.heart_plan
        out = [table.heart[HEART_HEAL]]
        if not self.in_tokyo(p):
            if m.poison > plan[HEART_POISON]:
                out.append(table.heart[HEART_POISON])
            if m.shrink > plan[HEART_SHRINK]:
                out.append(table.heart[HEART_SHRINK])
        if m.mask & _HEALING_RAY:
            for o in self.monsters:
                if o.alive and o.seat != p and o.hearts + plan[3 + o.seat] < o.max_hearts:
                    out.append(table.healing_ray[o.seat])
        return out

    def _spend_hearts(self, a: int) -> None:
        plan = self.heart_plan
        m = self.monsters[a]
        if plan[HEART_POISON]:
            m.poison -= plan[HEART_POISON]
            self._note(f"{self._name(a)} removes {plural(plan[HEART_POISON], 'Poison token')}.")
        if plan[HEART_SHRINK]:
            m.shrink -= plan[HEART_SHRINK]
            self._note(f"{self._name(a)} removes {plural(plan[HEART_SHRINK], 'Shrink token')}.")
        if plan[HEART_HEAL] and a != self.city and a != self.bay:
            self.heal(a, plan[HEART_HEAL], "heart dice")
        if any(plan[3:]):
            for seat in range(self.num_players):
                n = plan[3 + seat]
                if n:
                    self._healing_ray(a, seat, n)
        self.heart_plan = []

    def _healing_ray(self, healer: int, seat: int, n: int) -> None:
        """The healed monster pays 2 energy per heart gained (all it has if less)."""
        target = self.monsters[seat]
        if self._game_kot.options.rule("healing_ray_regeneration") == "healer":
            n += (
                self.copies(healer, Card.REGENERATION)
                if self.monsters[healer].mask & _REGENERATION
                else 0
            )
            gained = min(n, target.max_hearts - target.hearts)
            target.hearts += gained
            if self.pu is not None and gained:
                self.pu.tally("hearts", seat, gained)
            self._note(f"Healing Ray: {self._name(seat)} gains {plural(gained, 'heart')}.")
        else:
            gained = self.heal(seat, n, "Healing Ray")
        pay = min(2 * gained, target.energy)
        if pay:
            target.energy -= pay
            self.monsters[healer].energy += pay
            self._note(f"{self._name(seat)} pays {pay} energy for the Healing Ray.")

    def _stage_energy(self, counts: tuple[int, ...] | None = None) -> None:
        """D6; ``counts``: the resolved counts if known."""
        if counts is None:
            counts = self._resolved_counts()
        n = counts[ENERGY]
        if n:
            self.gain_energy(self.active, n * self._doubled(), "the dice")
        self.stage = Stage.CLAWS

    def _stage_claws(self, counts: tuple[int, ...] | None = None) -> None:
        """D7-D8: the attack; ``counts``: the resolved counts if known."""
        a = self.active
        me = self.monsters[a]
        game = self._game_kot
        if counts is None:
            counts = self._resolved_counts()
        claws, extra = self._claws(a, counts)
        pu = self.pu
        if pu is not None:
            claws *= self._doubled()  # Cat Nip
        self.stage = Stage.AFTER_CLAWS
        if not claws and not extra and pu is None:
            return  # no claw and no card damage: no attack
        in_tokyo = a == self.city or a == self.bay
        if game.claw_entry and not in_tokyo and counts[CLAW] and self.city < 0:
            # 2011: the first claw on an empty Tokyo City takes it instead of attacking.
            self.take_city = True
            if self.bay >= 0 and extra:
                self.card_damage([self.bay], extra, a)
            if pu is not None:  # Funny Looking but Dangerous, Exotic Arms
                _alienoid.claw_extras(self, a, counts, {})
            return
        if claws and game.claw_rule and me.mask & _ALPHA_MONSTER:
            self.gain_stars(a, self.copies(a, Card.ALPHA_MONSTER), "Alpha Monster")
        targets = self._targets(a, in_tokyo)
        damage = dict.fromkeys(targets, claws) if claws else {}
        if claws and me.mask & _FIRE_BREATHING:
            fire = self.copies(a, Card.FIRE_BREATHING)
            both = game.options.rule("fire_breathing") == "both"
            side: list[int] = []
            for n in self._neighbours(a):
                if n in damage:
                    damage[n] += fire
                elif both:
                    side.append(n)
            if side:
                self.card_damage(side, fire, a)
        if pu is not None:  # Funny Looking but Dangerous, Exotic Arms
            _alienoid.claw_extras(self, a, counts, damage)
        if damage:
            if self._log is not None:
                names = ", ".join(self._name(t) for t in damage)
                self._event(
                    "attack", f"{self._name(a)} smashes {names} with {plural(claws, 'claw')}."
                )
            for t in self._seat_order(a, damage):
                if (t == self.city or t == self.bay) and (
                    self.monsters[t].mask & _JETS
                    or (pu is not None and _king.scampers(self, t))  # Simian Scamper
                ):
                    self.held[t] = damage[t]
                    self.wounded |= 1 << t
                    continue
                self.hits.append([t, damage[t], a, True, False])
            if pu is not None:
                _kitty.ask_play_with_your_food(self, a)
                _bunny.carrot(self, a)  # Electric Carrot
        elif extra and targets:
            self.card_damage(targets, extra, a)

    def _targets(self, a: int, in_tokyo: bool) -> list[int]:
        if self.monsters[a].mask & _NOVA_BREATH:
            return [m.seat for m in self.monsters if m.alive and m.seat != a]
        city, bay = self.city, self.bay
        if in_tokyo:
            return [m.seat for m in self.monsters if m.alive and m.seat != city and m.seat != bay]
        if bay < 0:
            return [city] if city >= 0 else []
        return [s for s in (city, bay) if s >= 0]

    def _stage_after_claws(self) -> None:
        a = self.active
        if self.pu is not None and not self.pu.turn_marks.get("freeze_ray_done"):
            self.pu.turn_marks["freeze_ray_done"] = 1  # 2.9 D8: Freeze Ray hand-over
            if _penguin.lend_freeze_ray(self, a):
                return
        # Power Up! 2.9 D9: three heart faces draw 2 Evolutions, keep 1 (once a turn).
        if self.pu is not None and self._resolved_counts()[HEART] >= 3 and self.monsters[a].alive:
            self.pu.offer(self, a, setup=False)
        game = self._game_kot
        # 2011 Alpha Monster: the attack must cost hearts. Smash damage held back for a
        # Jets owner counts: staying, it is taken; yielding, the attacker still moves in.
        if (
            not game.claw_rule
            and (self.smash_landed or self.held)
            and self.monsters[a].mask & _ALPHA_MONSTER
        ):
            self.gain_stars(a, self.copies(a, Card.ALPHA_MONSTER), "Alpha Monster")
        self.stage = Stage.YIELD
        wounded = self.wounded
        self.queue = (
            [s for s in (self.city, self.bay) if s >= 0 and wounded & (1 << s) and s != a]
            if wounded
            else []
        )
        if not self.queue and not self.may_have_won:
            self.stage = Stage.ENTER  # nobody may yield, so nobody burrows

    # -- E, F: yielding Tokyo ----------------------------------------------------------

    def _stage_yield(self) -> None:
        queue = self.queue
        pu = self.pu
        if pu is not None and queue and "yield_window" not in pu.turn_marks:
            pu.turn_marks["yield_window"] = 1  # 2.9 E: the attacker's Chest Thumping
            if pu.open_window(self, self.active, "yield"):
                return
        while queue:
            seat = queue.pop(0)
            if self.monsters[seat].alive and self.in_tokyo(seat):
                if pu is not None and _king.before_yield(self, seat):
                    queue.insert(0, seat)  # the attacker may force it out first
                    return
                if self.pu is not None and _penguin.blizzard_on(self, seat):
                    held = self.held.pop(seat, 0)  # may not yield: it stays, and no choice
                    if held:
                        self.hits.append([seat, held, self.active, True, False])
                    continue
                self.decisions.push(_PLAIN_ASKS[Ask.YIELD][seat])
                return
        self.stage = Stage.BURROW

    def _yield(self, p: int) -> None:
        held = self.held.pop(p, 0)
        if held and not self.monsters[p].mask & _JETS:
            # Held back for Simian Scamper, not played: the smash lands after all.
            self.hits.append([p, held, self.active, True, False])
            held = 0
        self._leave_tokyo(p)
        self.yielders.append(p)
        if self._log is not None:
            jets = " and loses no hearts (Jets)" if held else ""
            self._event("yield", f"{self._name(p)} yields Tokyo{jets}.", seat=p)

    def yield_tokyo(self, p: int) -> None:
        """``p`` yields Tokyo (an Evolution's yield: Simian Scamper)."""
        self._yield(p)

    def _stay(self, p: int) -> None:
        if self._log is not None:
            self._note(f"{self._name(p)} stays in Tokyo.")
        if self.pu is not None:  # allowed to yield, stays
            _penguin.black_diamond(self, p)
        held = self.held.pop(p, 0)
        if held:
            self.hits.append([p, held, self.active, True, False])

    def _stage_burrow(self) -> None:
        a = self.active
        if (
            self._game_kot.options.bay_moves_up
            and self.city < 0 <= self.bay
            and self.yielders
            and self.bay not in self.yielders
        ):
            self.city, self.bay = self.bay, -1
            self._note(f"{self._name(self.city)} moves up to Tokyo City.")
        for seat in self.yielders:
            if self.monsters[seat].mask & _BURROWING:
                self._note(f"{self._name(seat)}'s Burrowing: {self._name(a)} loses a heart.")
                self.card_damage([a], self.copies(seat, Card.BURROWING), seat)
        self.stage = Stage.ENTER

    # -- G: entering Tokyo -------------------------------------------------------------

    def _stage_enter(self) -> None:
        a = self.active
        if self._enter_step(a) and self.pu is not None and self.monsters[a].alive:
            # 2.9 G3: Eats, Shoots and Leaves, Destructive Wave, Jungle Frenzy
            self.pu.open_window(self, a, "after_enter")

    def _enter_step(self, a: int) -> bool:
        """2.9 G1-G2; False while the "other_enter" window waits for an answer."""
        self.stage = Stage.BUY
        if a == self.city or a == self.bay or not self.monsters[a].alive:
            return True
        game = self._game_kot
        # 2011: a smash that was entirely prevented (Wings, ...) is no attack; a
        # Jets yield still is (the yielder was attacked).
        if game.claw_entry and not (self.take_city or self.smash_landed or self.yielders):
            return True
        if self.pu is not None and (self.city < 0 or (self.bay < 0 and self._bay_open())):
            if self._other_enter(a):  # 2.9 G1: others may take the free spot first
                self.stage = Stage.ENTER
                return False
            if self.pu.turn_marks.get("no_entry"):
                return True
        if self.city < 0:
            self._enter(a, CITY)
        elif self.bay < 0 and self._bay_open():
            self._enter(a, BAY)
        return True

    def free_spot(self) -> int:
        """Where a monster entering Tokyo now goes: ``CITY``, ``BAY``, or -1 (none free)."""
        if self.city < 0:
            return CITY
        return BAY if self.bay < 0 and self._bay_open() else -1

    def enter_tokyo(self, seat: int, where: int) -> None:
        """``seat`` takes control of Tokyo ``where`` (an Evolution's entry: Monkey Rush)."""
        self._enter(seat, where)

    def leave_tokyo(self, seat: int) -> None:
        """``seat`` leaves Tokyo without yielding (forced out: Chest Thumping...)."""
        self._leave_tokyo(seat)

    def _other_enter(self, a: int) -> bool:
        """The "other_enter" window: each other monster, clockwise, while a spot is free."""
        pu = self.pu
        assert pu is not None
        if not pu.turn_marks.get("other_enter"):
            pu.turn_marks["other_enter"] = 1
            self.queue = self.others(a)
        while self.queue:
            if pu.turn_marks.get("no_entry") or not (
                self.city < 0 or (self.bay < 0 and self._bay_open())
            ):
                self.queue = []
                break
            seat = self.queue.pop(0)
            if self.in_tokyo(seat):
                continue
            if pu.open_window(self, seat, "other_enter") or _kitty.ask_feline_motor(self, seat):
                return True
        return False

    def _bay_open(self) -> bool:
        return self._game_kot.options.tokyo_bay and self.alive_count >= 5

    def _enter(self, seat: int, where: int) -> None:
        if where == CITY:
            self.city = seat
        else:
            self.bay = seat
        if seat == self.active:
            self.entered = True
        if self._log is not None:
            self._event(
                "enter",
                f"{self._name(seat)} enters Tokyo {('', 'City', 'Bay')[where]}.",
                seat=seat,
                where=LOCATION_NAMES[where],
            )
        if self._game_kot.options.two_player_variant:
            self.gain_energy(seat, 1, "entering Tokyo")
        else:
            self.gain_stars(seat, 1, "entering Tokyo")
        if self.pu is not None:  # takes control of Tokyo
            _penguin.black_diamond(self, seat)
            _king.entered(self, seat)
            _kraken.on_enter(self, seat)  # Eater of Souls
            _bunny.on_enter(self, seat)  # Heart of the Rabbit comes back

    def _leave_tokyo(self, seat: int) -> None:
        if self.city == seat:
            self.city = -1
        elif self.bay == seat:
            self.bay = -1
        else:
            return
        if self.pu is not None:  # Twas Beauty Killed the Beast, Monkey Rush
            _king.left_tokyo(self, seat)

    def take_tokyo_city(self, seat: int) -> None:
        """Death From Above: take Tokyo City; the others in Tokyo leave (not a yield).

        2016 (BGA): from the Bay you move up without the entry star, and the Bay
        empties even if you already hold the City. 2011: a monster in the Bay already
        controls Tokyo and stays; from outside, only the City occupant leaves.
        """
        if self._game_kot.options.edition == "2011":
            if not self.in_tokyo(seat):
                if self.city >= 0:
                    self._leave_tokyo(self.city)
                self._enter(seat, CITY)
            return
        if self.city == seat:
            if self.bay >= 0:
                self._leave_tokyo(self.bay)
            return
        from_bay = self.bay == seat
        for other in (self.city, self.bay):
            if other >= 0 and other != seat:
                self._leave_tokyo(other)
        self.city = self.bay = -1
        if from_bay:
            self.city = seat
            self._note(f"{self._name(seat)} moves to Tokyo City.")
        else:
            self._enter(seat, CITY)

    # -- H: buying ---------------------------------------------------------------------

    def cost_for(self, p: int, instance: int) -> int:
        """What ``p`` pays for a card: printed cost minus Alien Origin, never below 0."""
        cost = self._game_kot.cards.cost[instance]
        m = self.monsters[p]
        if m.mask & _ALIEN_ORIGIN:
            cost = max(0, cost - self.copies(p, Card.ALIEN_ORIGIN))
        if self.pu is not None:  # Secret Laboratory
            cost = max(0, cost - _bunny.discount(self, p))
        return cost

    def _buy_actions(self, p: int) -> list[Action]:
        m = self.monsters[p]
        energy = m.energy
        if energy < self._game_kot.cheapest_buy and not m.mask & _ALIEN_ORIGIN and self.pu is None:
            return []  # too little energy for any card, a sweep or Rapid Healing
        table = self._game_kot.table
        costs = self._game_kot.cards.cost
        discount = self.copies(p, Card.ALIEN_ORIGIN) if m.mask & _ALIEN_ORIGIN else 0
        blocked = -1
        if self.pu is not None:  # Secret Laboratory; Bamboozle's card is off limits
            discount += _bunny.discount(self, p)
            blocked = _panda.blocked_card(self, p)
        buy = table.buy
        out: list[Action] = [
            buy[s]
            for s, c in enumerate(self.row)
            if c >= 0 and costs[c] - discount <= energy and c != blocked
        ]
        if energy >= SWEEP_COST and (self.deck or self.discard):
            out.append(table.sweep)
        mask = m.mask
        if mask & _BUY_CARDS_MASK:
            if mask & _MADE_IN_A_LAB and self.deck and self.cost_for(p, self.deck[-1]) <= energy:
                out.append(table.buy_top)
            if mask & _PARASITIC_TENTACLES:
                for o in self.monsters:
                    if o.alive and o.seat != p:
                        out.extend(
                            table.tentacles[c]
                            for c in sorted(o.cards)
                            if self.cost_for(p, c) <= energy
                        )
            if self._can_rapid_heal(p):
                out.append(table.rapid_heal)
        if self.pu is not None:
            out.extend(table.play_evolution[n] for n in self.pu.playable(self, p, "buy"))
            out.extend(table.evo_yes[n] for n in self.pu.abilities(self, p, "buy"))
            _alienoid.superior_slots(self, p, out)  # Keep cards at half cost
            if blocked >= 0 and blocked in self.row and buy[self.row.index(blocked)] in out:
                out.remove(buy[self.row.index(blocked)])
        if out:
            out.append(table.end_buy)
        return out

    def _stage_buy(self) -> None:
        if self.queue:
            self._ask_opportunist()
            return
        a = self.active
        if self.pu is not None and _panda.resume_buy(self):
            return  # a purchase nobody Bamboozled went through
        actions = self._buy_actions(a)
        if actions:
            self.decisions.push(_PLAIN_ASKS[Ask.BUY][a])
            self._legal = actions  # what legal_actions() would compute now: computed once
        else:
            self._end_buy()

    def _buy_from_row(self, p: int, slot: int) -> None:
        if self.pu is not None and _panda.offer_bamboozle(self, p, slot):
            return  # the purchase waits for the Bamboozle holder ("other_buy" window)
        if self.pu is not None and _alienoid.superior_buy(self, p, slot):
            return
        c = self.row[slot]
        self.row[slot] = -1
        self._pay_and_take(p, c, self.cost_for(p, c), "buys")
        self._refill([slot])

    def _buy_top(self, p: int) -> None:
        c = self.deck.pop()
        self._pay_and_take(p, c, self.cost_for(p, c), "buys the top card of the deck:")

    def _buy_from_owner(self, p: int, c: int) -> None:
        """Parasitic Tentacles: pay your cost to the owner; a Mimic token stays on it."""
        owner = next(o.seat for o in self.monsters if c in o.cards)
        cost = self.cost_for(p, c)
        counters = self.counters.get(c)
        self.monsters[owner].cards.remove(c)
        self._detach(owner, c, moving=True)
        self.monsters[owner].energy += cost
        self._note(
            f"{self._name(p)} pays {cost} energy to {self._name(owner)} (Parasitic Tentacles)."
        )
        if self._game_kot.options.rule("tentacles_counters") == "refill":
            counters = None
        self._pay_and_take(p, c, cost, "takes", counters=counters)

    def _pay_and_take(
        self,
        p: int,
        c: int,
        cost: int,
        verb: str,
        counters: int | None = None,
        purchase: bool = True,
    ) -> None:
        """Pay for card ``c`` and take it: a Discard card resolves, a Keep card stays.

        ``counters`` (Parasitic Tentacles, 2011) keeps the card's counters instead of
        setting them up afresh.
        """
        game = self._game_kot
        m = self.monsters[p]
        m.energy -= cost
        card = game.cards.instances[c]
        if self._log is not None:
            self._event(
                "buy",
                f"{self._name(p)} {verb} {game.cards.names[c]} for {cost} energy.",
                seat=p,
                card=card.slug,
            )
        if m.mask & _MEDIA_FRIENDLY and card != Card.MEDIA_FRIENDLY and purchase:
            name = game.cards.info[Card.MEDIA_FRIENDLY].name
            self.gain_stars(p, self.copies(p, Card.MEDIA_FRIENDLY), name)
        if self.pu is not None and purchase:  # King of the Gizmo
            _bunny.gizmo(self, p)
        if not game.cards.keep[c]:
            self.resolving = card
            self.discard.append(c)
            powers.DISCARD[card](self, p)
            self.resolving = -1
            return
        m.cards.append(c)
        self.paid[c] = cost
        self._refresh_masks()
        if counters is None:
            self._acquire(p, card, c)
        else:
            self.counters[c] = counters
            if card in (Card.EVEN_BIGGER, Card.MIMIC):
                self._acquire(p, card, c)
        if card == Card.FREEZE_TIME and self.rolled_111 and p == self.active:
            self.grant_freeze_time(p)

    def _acquire(self, p: int, card: int, holder: int) -> None:
        """One-shot "when you get it" effects of a Keep card (or of a Mimic copy)."""
        if card == Card.EVEN_BIGGER:
            self.heal(p, 2, "Even Bigger")
        elif card == Card.SMOKE_CLOUD:
            self.counters[holder] = SMOKE_COUNTERS
        elif card == Card.BATTERY_MONSTER:
            if self._game_kot.options.edition == "2016":
                self.counters[holder] = BATTERY_ENERGY
            else:
                self.counters[holder] = 0
                if self.monsters[p].energy >= 1:
                    self.decisions.push(Decision(Ask.CHARGE, p, (holder,)))
        elif card == Card.MIMIC:
            targets = self._mimic_targets(p)
            if len(targets) == 1:  # no real choice: the token goes on the only card
                self._set_mimic(p, targets[0])
            elif targets:
                self.decisions.push(Decision(Ask.MIMIC, p))

    def _charge(self, p: int, holder: int) -> None:
        m = self.monsters[p]
        m.energy -= 1
        self.counters[holder] = self.counters.get(holder, 0) + 2
        if m.energy >= 1:
            self.decisions.push(Decision(Ask.CHARGE, p, (holder,)))
        else:
            self._finish_charge(p, holder)

    def _finish_charge(self, p: int, holder: int) -> None:
        self._note(
            f"{self._name(p)} charges Monster Batteries with {self.counters.get(holder, 0)} energy."
        )

    def drain_batteries(self, p: int) -> None:
        """Start of turn: move 2 energy from each battery to the pool (not a gain)."""
        m = self.monsters[p]
        card_of = self._game_kot.cards.instances
        for c in list(m.cards):
            if card_of[c] == Card.BATTERY_MONSTER or (
                card_of[c] == Card.MIMIC
                and m.mimic >= 0
                and card_of[m.mimic] == Card.BATTERY_MONSTER
            ):
                on_card = self.counters.get(c, 0)
                take = min(BATTERY_DRAIN, on_card)
                self.counters[c] = on_card - take
                m.energy += take
                if take:
                    self._note(f"{self._name(p)} takes {take} energy from its batteries.")
                if on_card - take <= 0:
                    self.discard_card(p, c)

    def _sweep(self, p: int, why: str = "") -> None:
        """Sweep the row: for 2 energy, or for free with ``why`` (Adapting Technology)."""
        if not why:
            self.monsters[p].energy -= SWEEP_COST
        for s, c in enumerate(self.row):
            if c >= 0:
                self.discard.append(c)
            self.row[s] = -1
        if self._log is not None:
            self._note(f"{self._name(p)} {why or 'pays 2 energy'} to sweep the row.")
        self._refill(list(range(ROW_SIZE)))

    def _refill(self, slots: list[int]) -> None:
        for s in slots:
            if not self.deck and self.discard:
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self._note("The Power deck is empty: the discard pile is shuffled into a new deck.")
            if self.deck:
                self.row[s] = self.deck.pop()
        if self._log is not None:
            self._event("row", f"The row shows {self._row_text()}.", row=self._row_ids())
        if self.live & _OPPORTUNIST:
            a = self.active
            owners = [
                s for s in self._clockwise(a) if s != a and self.monsters[s].mask & _OPPORTUNIST
            ]
            if owners:
                self.new_slots = sorted(set(self.new_slots) | set(slots))
                self.queue = owners

    def _opportunist_slots(self, p: int) -> list[int]:
        energy = self.monsters[p].energy
        return [
            s
            for s in self.new_slots
            if self.row[s] >= 0 and self.cost_for(p, self.row[s]) <= energy
        ]

    def _ask_opportunist(self) -> None:
        while self.queue:
            seat = self.queue.pop(0)
            if self.monsters[seat].alive and self._opportunist_slots(seat):
                self.decisions.push(Decision(Ask.OPPORTUNIST, seat))
                return
        self.new_slots = []

    # -- Mimic -------------------------------------------------------------------------

    def _mimic_targets(self, p: int) -> list[int]:
        """Keep cards in play that Mimic may copy (any monster's, not Mimic)."""
        card_of = self._game_kot.cards.instances
        return sorted(
            c for o in self.monsters if o.alive for c in o.cards if card_of[c] != Card.MIMIC
        )

    def _set_mimic(self, p: int, target: int) -> None:
        m = self.monsters[p]
        game = self._game_kot
        before = m.mimic
        m.mimic = target
        if (
            before >= 0
            and game.cards.instances[before] == Card.EVEN_BIGGER
            and game.options.edition == "2011"
        ):
            self._lose_even_bigger(p)
        holder = next(c for c in m.cards if game.cards.instances[c] == Card.MIMIC)
        self.counters.pop(holder, None)
        self._refresh_masks()
        self._event("mimic", f"{self._name(p)}'s Mimic copies {game.cards.names[target]}.")
        self._acquire(p, game.cards.instances[target], holder)
        if m.hearts > m.max_hearts:
            m.hearts = m.max_hearts

    # -- I: Metamorph ------------------------------------------------------------------

    def _stage_sell(self) -> None:
        a = self.active
        m = self.monsters[a]
        self._to_end()
        if m.mask & _METAMORPH and m.cards and m.alive:
            self.stage = Stage.SELL
            self.decisions.push(Decision(Ask.SELL, a))

    def _to_end(self) -> None:
        """Go on to the end of the turn: through Power Up!'s end-of-turn window if on."""
        if self.pu is None:
            self.stage = Stage.END
        else:
            self.stage = Stage.END_WINDOW
            self.queue = self._clockwise(self.active)

    def _stage_end_window(self) -> None:
        """2.9 J1: every holder of an end-of-turn Evolution, clockwise from the active."""
        assert self.pu is not None
        while self.queue:
            seat = self.queue.pop(0)
            window = "end_own" if seat == self.active else "end"
            if self.pu.open_window(self, seat, window):
                return
        self.stage = Stage.END

    def _sell(self, p: int, c: int) -> None:
        game = self._game_kot
        if game.options.rule("metamorph_refund") == "paid":
            refund = self.paid.get(c, game.cards.cost[c])
        else:
            refund = game.cards.cost[c]
        self._note(
            f"{self._name(p)} discards {game.cards.names[c]} for {refund} energy (Metamorph)."
        )
        self.discard_card(p, c)
        if game.options.friend_of_children_metamorph:
            self.gain_energy(p, refund, "Metamorph")
        else:
            self.monsters[p].energy += refund

    # -- J, K: end of turn, next turn --------------------------------------------------

    def _stage_end(self) -> None:
        a = self.active
        m = self.monsters[a]
        self.stage = Stage.NEXT
        if self.pu is not None:
            for end_hook in TURN_END:  # 2.9 J2-J3: Freeze Ray returns, Cat Nip goes
                end_hook(self, a)
        extra = self.extra_turns
        if (
            extra
            and any(extra[i] == a and extra[i + 1] == 0 for i in range(0, len(extra), 2))
            and not self._game_kot.options.frenzy_end_of_turn
        ):
            return  # a Frenzy turn follows and this turn's end is skipped
        any_turn = self._game_kot.underdog_any_turn
        if m.mask & _END_OF_TURN_MASK or (any_turn and self.live & _ROOTING_FOR_THE_UNDERDOG):
            for card, bit, hook in powers.END_OF_TURN_BITS:
                if bit == _ROOTING_FOR_THE_UNDERDOG and any_turn:
                    for o in self.monsters:
                        if o.alive and o.mask & bit:
                            hook(self, o.seat, self.copies(o.seat, card))
                elif m.mask & bit:
                    hook(self, a, self.copies(a, card))
        if m.poison and m.alive:
            self._note(f"{self._name(a)} suffers from {plural(m.poison, 'Poison token')}.")
            self.hits.append([a, m.poison, -1, False, False])

    def _stage_next(self) -> None:
        if not self._game_kot.immediate_end and self._check_victory():
            return
        self.turn += 1
        if self.turn >= self._game_kot.options.turn_limit:
            self._finish([], "turn_limit")
            return
        extra = self.extra_turns
        while extra:
            seat, kind = extra[0], extra[1]
            del extra[:2]
            if self.monsters[seat].alive:
                self.freeze_chain = self.freeze_chain + 1 if kind == 1 else 0
                self.active = seat
                self.stage = Stage.START
                return
        self.freeze_chain = 0
        self.base = self.active = self._next_alive(self.base)
        self.stage = Stage.START

    def grant_frenzy(self, seat: int) -> None:
        self.extra_turns += (seat, 0)
        self._note(f"{self._name(seat)} will take another turn (Frenzy).")

    def grant_freeze_time(self, seat: int) -> None:
        if seat in self.extra_turns[0::2] and 1 in self.extra_turns[1::2]:
            return
        self.extra_turns += (seat, 1)
        self._note(f"{self._name(seat)} will take another turn with one die fewer (Freeze Time).")

    # -- hits: damage, prevention, elimination -----------------------------------------

    def card_damage(self, seats: list[int], hearts: int, source: int) -> None:
        """Queue a loss of hearts that is not a smash (no yield, no tokens)."""
        if hearts > 0:
            for s in self._seat_order(source, seats):
                self.hits.append([s, hearts, source, False, False])

    def _run_hits(self) -> None:
        hits = self.hits
        while hits and not self.decisions:
            hit = hits[0]
            victim = hit[0]
            m = self.monsters[victim]
            if not m.alive:
                hits.pop(0)
                continue
            if not hit[4]:
                if self.immune or m.mask & _PREVENT_MASK or self.pu is not None:
                    hit[1] = self._prevent(victim, hit[1])
                hit[4] = True
                if self.pu is not None and hit[1] > 0 and hit[2] >= 0:
                    # 2.9 D8: Mecha Blast, Target Acquired, Claws of Steel
                    hit[1] += _meka.damage_bonus(self, victim, hit[1], hit[2], hit[3])
            if hit[1] > 0 and (
                (
                    m.mask & _ANSWER_MASK
                    and (self._can_wings(victim) or self._lethal_heal(victim, hit[1]))
                )
                or (
                    self.pu is not None
                    and (
                        self.pu.playable(self, victim, "damage")
                        or self.pu.abilities(self, victim, "damage")
                    )
                )
            ):
                self.decisions.push(Decision(Ask.PREVENT, victim, (hit[1],)))
                return
            self._land_first_hit()

    def _land_first_hit(self) -> None:
        victim, hearts, source, smash, _ = self.hits.pop(0)
        self._lose(victim, hearts, source, smash)

    def _prevent(self, v: int, hearts: int) -> int:
        """Automatic prevention: Wings already paid, Armor Plating, Camouflage."""
        if self.immune & (1 << v):
            self._note(f"{self._name(v)} loses no hearts this turn (Wings).")
            return 0
        if self.pu is not None and self.pu.table[v]:  # Terror of the Deep
            hearts = _kraken.terror(self, v, hearts)
            if hearts <= 0:
                return 0
        mask = self.monsters[v].mask
        if not mask & _PREVENT_MASK:
            return hearts
        if hearts == 1 and mask & _ARMOR_PLATING:
            self._note(f"{self._name(v)}'s Armor Plating ignores the loss of 1 heart.")
            return 0
        if mask & _CAMOUFLAGE:
            for _ in range(self.copies(v, Card.CAMOUFLAGE)):
                roll = [self.rng.randrange(NUM_FACES) for _ in range(hearts)]
                if mask & _BACKGROUND_DWELLER:
                    # Background Dweller: a 3 never saves a heart, so it is always rerolled.
                    while THREE in roll:
                        roll[roll.index(THREE)] = self.rng.randrange(NUM_FACES)
                saved = roll.count(HEART)
                self._note(
                    f"{self._name(v)}'s Camouflage rolls {describe_dice(roll)}: "
                    f"{plural(saved, 'heart')} saved."
                )
                hearts -= saved
                if hearts <= 0:
                    return 0
            if hearts == 1 and mask & _ARMOR_PLATING:
                self._note(f"{self._name(v)}'s Armor Plating ignores the loss of 1 heart.")
                return 0
        return hearts

    def _can_wings(self, p: int) -> bool:
        m = self.monsters[p]
        return bool(m.mask & _WINGS and m.energy >= WINGS_COST and not self.immune & (1 << p))

    def _can_rapid_heal(self, p: int) -> bool:
        m = self.monsters[p]
        return bool(
            m.mask & _RAPID_HEALING and m.energy >= RAPID_HEAL_COST and m.hearts < m.max_hearts
        )

    def _lethal_heal(self, p: int, hearts: int) -> bool:
        return self.monsters[p].hearts <= hearts and self._can_rapid_heal(p)

    def _use_wings(self, p: int) -> None:
        self.monsters[p].energy -= WINGS_COST
        self.immune |= 1 << p
        self._note(f"{self._name(p)} pays 2 energy for Wings: no hearts lost this turn.")
        self.hits[0][1] = 0
        self._land_first_hit()

    def _rapid_heal(self, p: int) -> None:
        self.monsters[p].energy -= RAPID_HEAL_COST
        self.heal(p, 1, "Rapid Healing")
        # During a prevention window the hit waits for the next answer.

    def _lose(self, v: int, hearts: int, source: int, smash: bool) -> None:
        if hearts <= 0:
            return
        m = self.monsters[v]
        lost = min(hearts, m.hearts)
        m.hearts -= lost
        if self.pu is not None and lost:  # hearts lost this turn (Anger Batteries)
            self.pu.tally("lost", v, lost)
        if self._log is not None:
            self._event(
                "damage", f"{self._name(v)} loses {plural(lost, 'heart')}.", seat=v, hearts=lost
            )
        a = self.active
        if source == a and (v != a or self._game_kot.options.herbivore_counts_self):
            self.hurt_this_turn = True
        if smash:
            self.smash_landed = True
            if v == self.city or v == self.bay:
                self.wounded |= 1 << v
            src = self.monsters[source]
            if self.pu is not None and source != v:  # Mandibles of Dread
                _kraken.mandibles(self, source, v)
            if src.mask & _POISON_SPIT:
                m.poison += self.copies(source, Card.POISON_SPIT)
                self._note(f"{self._name(v)} gets Poison.")
            if src.mask & _SHRINK_RAY:
                m.shrink += self.copies(source, Card.SHRINK_RAY)
                self._note(f"{self._name(v)} gets Shrink.")
        if lost >= 2 and m.mask & _WERE_ONLY_MAKING_IT_STRONGER:
            self.gain_energy(
                v,
                self.copies(v, Card.WERE_ONLY_MAKING_IT_STRONGER),
                "We're Only Making It Stronger!",
            )
        if self.pu is not None and 0 <= source != v and lost:  # 2.9 D8 triggers
            _giga.on_loss(self, v, lost, source, smash)  # Heat Vision
            _king.on_loss(self, v, lost, source, smash)  # Alpha Male
            _meka.on_loss(self, v, lost, source, smash)  # Breath of Doom...
        if m.hearts <= 0:
            self._reach_zero(v)

    def _reach_zero(self, v: int) -> None:
        if self.live & _EATER_OF_THE_DEAD:
            for o in self.monsters:
                if o.alive and o.seat != v and o.mask & _EATER_OF_THE_DEAD:
                    self.gain_stars(
                        o.seat, 3 * self.copies(o.seat, Card.EATER_OF_THE_DEAD), "Eater of the Dead"
                    )
        if self.pu is not None:  # fires even if the monster is then saved
            _meka.reached_zero(self, v)
        m = self.monsters[v]
        if self.pu is not None and _kitty.nine_lives(self, v):  # before It Has a Child
            return
        if m.mask & _IT_HAS_A_CHILD:
            self._event("child", f"{self._name(v)} has a child and starts again!", seat=v)
            for c in list(m.cards):
                self.discard_card(v, c, quiet=True)
            m.stars = 0
            m.hearts = START_HEARTS
            self._leave_tokyo(v)
            return
        self._eliminate(v)

    def _eliminate(self, v: int) -> None:
        m = self.monsters[v]
        for c in list(m.cards):
            self.discard_card(v, c, quiet=True)
        m.alive = False
        m.stars = 0
        m.hearts = 0
        self.alive_count -= 1
        self.eliminated.append(v)
        if self.pu is not None:
            self.pu.eliminate(v)
        self._leave_tokyo(v)
        self.held.pop(v, None)
        self._event("eliminated", f"{self._name(v)} is eliminated.", seat=v)
        self._refresh_masks()
        if self.bay >= 0 and self.alive_count < 5:
            bay = self.bay
            self.bay = -1
            if self._game_kot.options.rule("bay_at_four") == "move_to_city" and self.city < 0:
                self.city = bay
                self._note(f"Only four monsters remain: {self._name(bay)} moves to Tokyo City.")
            else:
                self._note(f"Only four monsters remain: {self._name(bay)} leaves Tokyo Bay.")
                if self.pu is not None:
                    _king.left_tokyo(self, bay)

    # -- cards leaving play ------------------------------------------------------------

    def discard_card(self, p: int, c: int, *, quiet: bool = False) -> None:
        """Put a Keep card of ``p`` on the discard pile; Mimic tokens on it return."""
        m = self.monsters[p]
        m.cards.remove(c)
        self._detach(p, c, starting_over=quiet)
        self.discard.append(c)
        if not quiet:
            self._note(f"{self._name(p)} discards {self._game_kot.cards.names[c]}.")

    def _detach(self, p: int, c: int, *, moving: bool = False, starting_over: bool = False) -> None:
        """Bookkeeping when card ``c`` leaves ``p`` (discarded, or ``moving`` to a thief).

        A Mimic token on a card that leaves play comes back; on a card that only
        changes owner it stays. ``starting_over``: the monster loses all its cards
        at once (eliminated, or It Has a Child), so no card's loss costs it anything.
        """
        game = self._game_kot
        card_of = game.cards.instances
        self.counters.pop(c, None)
        self.paid.pop(c, None)
        if self.pu is not None:  # a UFO token leaves with its card
            self.pu.marks.pop(f"ufo:{c}", None)
        big = Card.EVEN_BIGGER
        copied = self.monsters[p].mimic  # what p's Mimic copied, before the token comes off
        # Monsters whose Even Bigger (or Mimic copy of it) goes with this card.
        own_copy = card_of[c] == big or (
            card_of[c] == Card.MIMIC and copied >= 0 and card_of[copied] == big
        )
        shrinking = [p] if own_copy and not starting_over else []
        if card_of[c] == Card.MIMIC:
            self.monsters[p].mimic = -1
        for o in self.monsters:
            if o.mimic == c and not moving:
                o.mimic = -1
                if card_of[c] == big:
                    shrinking.append(o.seat)
                for h in o.cards:
                    if card_of[h] == Card.MIMIC:
                        self.counters.pop(h, None)
        self._refresh_masks()
        if game.options.edition == "2011":
            for seat in shrinking:
                self._lose_even_bigger(seat)
        for o in self.monsters:
            if o.hearts > o.max_hearts:
                o.hearts = o.max_hearts

    def _lose_even_bigger(self, p: int) -> None:
        """2011 rulebook: the 2 hearts go with Even Bigger, before the lower maximum.

        A card loss, lost at once: it may eliminate the monster.
        """
        if self.monsters[p].alive:
            self._note(f"{self._name(p)} loses the 2 hearts of Even Bigger.")
            self._lose(p, 2, -1, False)

    def _discard_used(self, p: int, card: Card) -> None:
        """Discard a used card: the monster's own copy first, else its Mimic."""
        m = self.monsters[p]
        card_of = self._game_kot.cards.instances
        own = [c for c in m.cards if card_of[c] == card]
        if own:
            self.discard_card(p, own[0])
            return
        mimic = [c for c in m.cards if card_of[c] == Card.MIMIC]
        if mimic:
            self.discard_card(p, mimic[0])

    def _refresh_masks(self) -> None:
        game = self._game_kot
        bit_of = game.cards.bits
        live = 0
        for m in self.monsters:
            mask = 0
            for c in m.cards:
                mask |= bit_of[c]
            if m.mimic >= 0:
                mask |= bit_of[m.mimic]
            m.mask = mask
            if m.alive:
                live |= mask
            bigger = mask & _EVEN_BIGGER
            if not bigger:
                m.max_hearts = START_HEARTS
            elif game.options.edition == "2016":
                m.max_hearts = HEART_CAP
            else:
                m.max_hearts = min(
                    HEART_CAP, START_HEARTS + 2 * self.copies(m.seat, Card.EVEN_BIGGER)
                )
        if self.pu is not None:  # Eater of Souls: a maximum of 12
            _kraken.max_hearts(self)
        self.live = live

    def copies(self, p: int, card: Card | int) -> int:
        """How many copies of ``card`` monster ``p`` has, its Mimic copy included."""
        m = self.monsters[p]
        card_of = self._game_kot.cards.instances
        n = 0
        for c in m.cards:
            if card_of[c] == card:
                n += 1
        if m.mimic >= 0 and card_of[m.mimic] == card:
            n += 1
        return n

    # -- gains and losses used by the card effects -------------------------------------

    def gain_stars(self, p: int, n: int, why: str) -> None:
        m = self.monsters[p]
        if n <= 0 or not m.alive:
            return
        m.stars += n
        if m.stars >= WIN_STARS:
            self.may_have_won = True
        if self._log is not None:
            self._event(
                "stars",
                f"{self._name(p)} gains {plural(n, 'star')} ({why}).",
                seat=p,
                stars=n,
                why=why,
            )

    def lose_stars(self, p: int, n: int, why: str) -> None:
        m = self.monsters[p]
        lost = min(n, m.stars)
        if lost:
            m.stars -= lost
            self._note(f"{self._name(p)} loses {plural(lost, 'star')} ({why}).")

    def gain_energy(self, p: int, n: int, why: str) -> None:
        """Gain energy; Friend of Children adds 1 per copy to each gain."""
        m = self.monsters[p]
        if n <= 0 or not m.alive:
            return
        if m.mask & _FRIEND_OF_CHILDREN:
            n += self.copies(p, Card.FRIEND_OF_CHILDREN)
        m.energy += n
        if self.pu is not None:  # energy gained this turn (Stroke of Genius)
            self.pu.tally("energy", p, n)
        if self._log is not None:
            self._event("energy", f"{self._name(p)} gains {n} energy ({why}).", seat=p, energy=n)

    def lose_energy(self, p: int, n: int, why: str) -> None:
        m = self.monsters[p]
        lost = min(n, m.energy)
        if lost:
            m.energy -= lost
            self._note(f"{self._name(p)} loses {lost} energy ({why}).")

    def heal(self, p: int, n: int, why: str) -> int:
        """Gain up to ``n`` hearts (Regeneration adds 1 per copy); returns the gain."""
        m = self.monsters[p]
        room = m.max_hearts - m.hearts
        if n <= 0 or room <= 0 or not m.alive:
            return 0
        if m.mask & _REGENERATION:
            n += self.copies(p, Card.REGENERATION)
        gained = min(n, room)
        m.hearts += gained
        if self.pu is not None:  # hearts gained this turn (Cult Worshippers)
            self.pu.tally("hearts", p, gained)
        if self._log is not None:
            self._event("heal", f"{self._name(p)} gains {plural(gained, 'heart')} ({why}).", seat=p)
        return gained

    # -- seats -------------------------------------------------------------------------

    def in_tokyo(self, p: int) -> bool:
        return p == self.city or p == self.bay

    def others(self, p: int) -> list[int]:
        """Living monsters other than ``p``, clockwise from ``p``."""
        return [s for s in self._clockwise(p) if s != p]

    def _clockwise(self, start: int) -> list[int]:
        n = self.num_players
        monsters = self.monsters
        return [(start + i) % n for i in range(n) if monsters[(start + i) % n].alive]

    def _seat_order(self, start: int, seats: Any) -> list[int]:
        """``seats`` in seat order after ``start``, ``start`` itself last (2.9 D8)."""
        if len(seats) < 2:
            return list(seats)
        n = self.num_players
        return sorted(seats, key=lambda s: (s - start - 1) % n)

    def _neighbours(self, p: int) -> list[int]:
        others = self.others(p)
        if not others:
            return []
        left, right = others[0], others[-1]
        return [left] if left == right else [left, right]

    def _next_alive(self, p: int) -> int:
        n = self.num_players
        for i in range(1, n + 1):
            s = (p + i) % n
            if self.monsters[s].alive:
                return s
        return p

    # -- log ---------------------------------------------------------------------------

    @property
    def table(self) -> ActionTable:
        """The action table of the game's edition (labels and decode tables)."""
        return self._game_kot.table

    @property
    def cards(self) -> CardTable:
        """The card table of the game's edition."""
        return self._game_kot.cards

    def monster_name(self, p: int) -> str:
        return self._game_kot.monster_name(self.monsters[p].name)

    def card_name(self, card: Card | int) -> str:
        return self._game_kot.cards.info[card].name

    def _name(self, p: int) -> str:
        return self._game_kot.monster_name(self.monsters[p].name)

    def _row_ids(self) -> list[str | None]:
        card_of = self._game_kot.cards.instances
        return [card_of[c].slug if c >= 0 else None for c in self.row]

    def _row_text(self) -> str:
        names = self._game_kot.cards.names
        return ", ".join(names[c] for c in self.row if c >= 0) or "no cards"

    @property
    def options(self) -> KingOfTokyoOptions:
        return self._game_kot.options

    def note(self, text: str) -> None:
        """A line for the log (public), for card and Evolution effects."""
        self._note(text)

    def event(
        self, kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any
    ) -> None:
        """A log event; ``visible_to`` limits who may see it."""
        log = self._log
        if log is not None:
            log.add(kind, text, visible_to, **data)

    def _note(self, text: str) -> None:
        log = self._log
        if log is not None:
            log.add("note", text)

    def _event(self, kind: str, text: str, **data: Any) -> None:
        log = self._log
        if log is not None:
            log.add(kind, text, **data)

    def estimate_returns(self) -> list[float]:
        """A rough chance of winning for each seat, for search cut-offs.

        Stars count most (20 wins), hearts keep a monster in the race; the softmax
        turns the scores into shares that sum to 1, and the dead get nothing.
        """
        if self.over:
            return self.returns()
        weights = [
            math.exp(3.0 * m.stars / WIN_STARS + 1.5 * m.hearts / m.max_hearts + 0.05 * m.energy)
            if m.alive
            else 0.0
            for m in self.monsters
        ]
        total = sum(weights)
        return [w / total for w in weights]

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
        twin = KingOfTokyoState()
        self._copy_base(twin)
        twin._game_kot = self._game_kot
        twin.monsters = [m.copy() for m in self.monsters]
        twin.rng = self.rng.clone()
        twin.decisions = self.decisions.copy()
        for name in _INT_FIELDS:
            setattr(twin, name, getattr(self, name))
        for name in _BOOL_FIELDS:
            setattr(twin, name, getattr(self, name))
        for name in _LIST_FIELDS:
            setattr(twin, name, getattr(self, name).copy())
        twin.counters = self.counters.copy()
        twin.paid = self.paid.copy()
        twin.held = self.held.copy()
        twin.hits = [h.copy() for h in self.hits]
        twin.live = self.live
        twin.pu = self.pu.copy() if self.pu is not None else None
        return twin

    def determinize(self, observer: int, rng: Rng) -> KingOfTokyoState:
        """Only the deck order is hidden (and the top card from a Made in a Lab owner)."""
        twin = self.clone()
        self._forget_for(twin, observer)
        deck = twin.deck
        known = 1 if self.top_card_visible_to(observer) else 0
        if self.pu is not None:  # Deep Dive: the top cards its player looks at
            known = max(known, _penguin.known_top(self, observer))
        if known:
            rest = deck[:-known]
            rng.shuffle(rest)
            twin.deck = [*rest, *deck[-known:]]
        else:
            rng.shuffle(deck)
        if twin.pu is not None:
            self._resample_evolutions(twin, observer, rng)
        twin.rng = rng.derive()
        return twin

    def _resample_evolutions(self, twin: KingOfTokyoState, observer: int, rng: Rng) -> None:
        """Re-deal others' hidden Evolutions, those in a pending keep decision included."""
        pu = twin.pu
        assert pu is not None
        pending = [
            (i, d)
            for i, d in enumerate(twin.decisions)
            if d.kind == Ask.EVO_KEEP and d.player != observer
        ]
        for _, d in pending:  # the two drawn cards are hidden like the hand
            pu.hand[d.player].extend(d.data[:2])
        pu.resample(observer, rng, self._game_kot.options.power_up == "mutant")
        for i, d in pending:
            hand = pu.hand[d.player]
            drawn = (hand.pop(), hand.pop())
            twin.decisions[i] = Decision(d.kind, d.player, (*drawn, d.data[2]))

    def _state_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name in _INT_FIELDS}
        out.update({name: getattr(self, name) for name in _BOOL_FIELDS})
        out.update({name: list(getattr(self, name)) for name in _LIST_FIELDS})
        out["monsters"] = [m.to_list() for m in self.monsters]
        out["counters"] = [[c, n] for c, n in sorted(self.counters.items())]
        out["paid"] = [[c, n] for c, n in sorted(self.paid.items())]
        out["held"] = [[c, n] for c, n in sorted(self.held.items())]
        out["hits"] = [list(h) for h in self.hits]
        out["decisions"] = self.decisions.to_list()
        out["rng"] = self.rng.to_dict()
        out["power_up"] = self.pu.to_dict() if self.pu is not None else None
        return out

    @classmethod
    def from_dict(cls, game: KingOfTokyoGame, data: Any) -> KingOfTokyoState:
        # ``data: Any``: compiled, a ``dict`` annotation would reject a list with a
        # TypeError at the call; ``_restore_base`` reports it as malformed instead.
        self = cls()
        state = self._restore_base(game, data)
        self._game_kot = game
        try:
            if "eliminated" not in state:  # saved before the field existed
                state = {**state, "eliminated": self._eliminated_from_log()}
            for name in _INT_FIELDS:
                setattr(self, name, int(state[name]))
            for name in _BOOL_FIELDS:
                setattr(self, name, bool(state[name]))
            for name in _LIST_FIELDS:
                setattr(self, name, [int(x) for x in state[name]])
            self.monsters = [Monster.from_list(s, d) for s, d in enumerate(state["monsters"])]
            self.counters = {int(c): int(n) for c, n in state["counters"]}
            self.paid = {int(c): int(n) for c, n in state["paid"]}
            self.held = {int(c): int(n) for c, n in state["held"]}
            self.hits = [
                [int(h[0]), int(h[1]), int(h[2]), bool(h[3]), bool(h[4])] for h in state["hits"]
            ]
            self.decisions = DecisionStack.from_list(state["decisions"])
            self.rng = Rng.from_dict(state["rng"])
            pu = state.get("power_up")
            self.pu = PowerUp.from_dict(pu) if pu is not None else None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise StateFormatError(f"malformed King of Tokyo state: {exc!r}") from exc
        if len(self.monsters) != self.num_players:
            raise StateFormatError("the state has the wrong number of monsters")
        if sorted(self.eliminated) != [m.seat for m in self.monsters if not m.alive]:
            raise StateFormatError(
                "the elimination order does not list each eliminated monster once "
                "(a state saved without it needs its log to rebuild it)"
            )
        self._check_cards()
        self._refresh_masks()
        return self

    def _eliminated_from_log(self) -> list[int]:
        """The elimination order of a state saved before it was kept: its log's events.

        Without a log it stays empty, which :meth:`from_dict` then accepts only if no
        monster is out.
        """
        log = self._log
        if log is None:
            return []
        return [int(e.data["seat"]) for e in log.events if e.kind == "eliminated"]

    def _check_cards(self) -> None:
        """Every card instance is in exactly one place."""
        places = [*self.deck, *self.discard, *(c for c in self.row if c >= 0)]
        for m in self.monsters:
            places += m.cards
        if sorted(places) != list(range(len(self._game_kot.cards))):
            raise StateFormatError("the cards of the state are not the 66 cards, each once")


_CLAW_CARDS_MASK = sum(
    1 << c
    for c in (
        Card.ACID_ATTACK,
        Card.BURROWING,
        Card.POISON_QUILLS,
        Card.SPIKED_TAIL,
        Card.URBAVORE,
    )
)
_ADJUST_MASK = sum(
    1 << c for c in (Card.BACKGROUND_DWELLER, Card.HERD_CULLER, Card.PLOT_TWIST, Card.STRETCHY)
)
_PREVENT_MASK = sum(1 << c for c in (Card.ARMOR_PLATING, Card.CAMOUFLAGE))
_ANSWER_MASK = sum(1 << c for c in (Card.WINGS, Card.RAPID_HEALING))  # to a hit
_BUY_CARDS_MASK = sum(
    1 << c for c in (Card.MADE_IN_A_LAB, Card.PARASITIC_TENTACLES, Card.RAPID_HEALING)
)

# ``1 << card`` for the cards the rules test in a mask, as plain ints: looking an IntEnum
# member up costs more than the test itself on the hot path.
_ALIEN_ORIGIN = 1 << Card.ALIEN_ORIGIN
_ALPHA_MONSTER = 1 << Card.ALPHA_MONSTER
_ARMOR_PLATING = 1 << Card.ARMOR_PLATING
_BACKGROUND_DWELLER = 1 << Card.BACKGROUND_DWELLER
_BURROWING = 1 << Card.BURROWING
_CAMOUFLAGE = 1 << Card.CAMOUFLAGE
_EATER_OF_THE_DEAD = 1 << Card.EATER_OF_THE_DEAD
_ENERGY_DRINK = 1 << Card.ENERGY_DRINK
_EVEN_BIGGER = 1 << Card.EVEN_BIGGER
_EXTRA_HEAD = 1 << Card.EXTRA_HEAD
_FIRE_BREATHING = 1 << Card.FIRE_BREATHING
_FRIEND_OF_CHILDREN = 1 << Card.FRIEND_OF_CHILDREN
_GIANT_BRAIN = 1 << Card.GIANT_BRAIN
_HEALING_RAY = 1 << Card.HEALING_RAY
_HERD_CULLER = 1 << Card.HERD_CULLER
_IT_HAS_A_CHILD = 1 << Card.IT_HAS_A_CHILD
_JETS = 1 << Card.JETS
_MADE_IN_A_LAB = 1 << Card.MADE_IN_A_LAB
_MEDIA_FRIENDLY = 1 << Card.MEDIA_FRIENDLY
_METAMORPH = 1 << Card.METAMORPH
_MIMIC = 1 << Card.MIMIC
_NOVA_BREATH = 1 << Card.NOVA_BREATH
_OPPORTUNIST = 1 << Card.OPPORTUNIST
_PARASITIC_TENTACLES = 1 << Card.PARASITIC_TENTACLES
_PLOT_TWIST = 1 << Card.PLOT_TWIST
_POISON_SPIT = 1 << Card.POISON_SPIT
_PSYCHIC_PROBE = 1 << Card.PSYCHIC_PROBE
_RAPID_HEALING = 1 << Card.RAPID_HEALING
_REGENERATION = 1 << Card.REGENERATION
_ROOTING_FOR_THE_UNDERDOG = 1 << Card.ROOTING_FOR_THE_UNDERDOG
_SHRINK_RAY = 1 << Card.SHRINK_RAY
_SMOKE_CLOUD = 1 << Card.SMOKE_CLOUD
_STRETCHY = 1 << Card.STRETCHY
_WERE_ONLY_MAKING_IT_STRONGER = 1 << Card.WERE_ONLY_MAKING_IT_STRONGER
_WINGS = 1 << Card.WINGS

_START_OF_TURN_MASK = powers.START_OF_TURN_MASK
_ROLL_BONUS_MASK = powers.ROLL_BONUS_MASK
_END_OF_TURN_MASK = powers.END_OF_TURN_MASK
_NEXT = Stage.NEXT
FAST_PATH = True
"""Whether turns without Power Up! take the fast path (:meth:`~KingOfTokyoState._resolve_quietly`).

The games are the same either way; tests turn it off to check that.
"""
_PLAIN_ASKS = tuple(
    tuple(Decision(kind, seat) for seat in range(MAX_SEATS)) for kind in range(len(ASK_NAMES))
)
"""``_PLAIN_ASKS[kind][seat]``: the decisions without data, made once (they are immutable)."""
del evolution_effects  # imported for its registrations

_HANDLERS = (
    KingOfTokyoState._stage_start,
    KingOfTokyoState._stage_roll,
    KingOfTokyoState._stage_rolling,
    KingOfTokyoState._stage_probe,
    KingOfTokyoState._stage_adjust,
    KingOfTokyoState._stage_numbers,
    KingOfTokyoState._stage_hearts,
    KingOfTokyoState._stage_energy,
    KingOfTokyoState._stage_claws,
    KingOfTokyoState._stage_after_claws,
    KingOfTokyoState._stage_yield,
    KingOfTokyoState._stage_burrow,
    KingOfTokyoState._stage_enter,
    KingOfTokyoState._stage_buy,
    KingOfTokyoState._stage_sell,
    KingOfTokyoState._stage_end,
    KingOfTokyoState._stage_next,
    KingOfTokyoState._stage_next,  # OVER: never run (the loop stops at the end)
    KingOfTokyoState._stage_draft,
    KingOfTokyoState._stage_setup,
    KingOfTokyoState._stage_start_effects,
    KingOfTokyoState._stage_resolve_window,
    KingOfTokyoState._stage_end_window,
)

__all__ = ["BAY", "CITY", "LOCATION_NAMES", "OUTSIDE", "KingOfTokyoState"]
