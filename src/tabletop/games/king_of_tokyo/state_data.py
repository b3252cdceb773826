"""The data of a King of Tokyo position, and what every module asks of it: seats, names.

:class:`KingOfTokyoData` declares the fields of a position (the monsters, Tokyo, the
dice, the Power cards, the queue of hits, the per-turn marks and Power Up!'s part);
:class:`~.state.KingOfTokyoState` adds the game API, the stage loop and the effect API
that change them. The card modules and the rules read these fields and call these
questions (``others``, ``clockwise``, ``in_tokyo``, ``monster_name``, ``event``...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.decisions import DecisionStack
from tabletop.core.game import State
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.actions import ActionTable
from tabletop.games.king_of_tokyo.cards import Card, CardTable
from tabletop.games.king_of_tokyo.constants import Hit
from tabletop.games.king_of_tokyo.monster import Monster

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.evolution_state import PowerUp
    from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
    from tabletop.games.king_of_tokyo.options import KingOfTokyoOptions


class KingOfTokyoData(State):
    """The fields of a King of Tokyo position, and the plain questions about them."""

    __slots__ = (
        "active",
        "alive_count",
        "base",
        "bay",
        "box",
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
        "heal_steps",
        "heart_plan",
        "held",
        "herd_used",
        "hits",
        "hurt_this_turn",
        "immune",
        "kot_game",
        "live",
        "may_have_won",
        "monsters",
        "new_slots",
        "next_dice",
        "over",
        "paid",
        "probe_used",
        "pu",
        "queue",
        "record",
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

    kot_game: KingOfTokyoGame
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
    next_dice: tuple[int, ...]  # faces a position scripted, rolled before chance
    deck: list[int]  # card instances, top at the end
    discard: list[int]
    row: list[int]  # -1: empty slot
    box: tuple[int, ...]  # a position's Power cards out of the game, sorted (public)
    counters: dict[int, int]  # card instance -> counters on it (Smoke, batteries)
    paid: dict[int, int]  # card instance -> energy paid for it (2011 Metamorph)
    live: int  # card types owned or copied by living monsters
    alive_count: int
    hits: list[Hit]
    held: dict[int, int]  # Jets: smash damage held back until the yield decision
    # [seat, kind, seat, kind, ...]; kind 0 Frenzy, 1 Freeze Time, 4 Freeze Time offered
    # (option freeze_time="may"), (Power Up!) 2 Panda
    # Express, 3 Jungle Frenzy
    extra_turns: list[int]
    freeze_chain: int
    heal_steps: int  # the step boundaries of this turn that asked Rapid Healing (bits)
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
    record: list[tuple[int, ...]] | None
    """What each seat did with its Evolutions, as every seat saw it (:mod:`.evolution_hands`),
    which a belief reads; ``None`` in determinized copies, which need none."""

    # -- seats -------------------------------------------------------------------------

    def in_tokyo(self, p: int) -> bool:
        return p == self.city or p == self.bay

    def others(self, p: int) -> list[int]:
        """Living monsters other than ``p``, clockwise from ``p``."""
        return [s for s in self.clockwise(p) if s != p]

    def clockwise(self, start: int) -> list[int]:
        n = self.num_players
        monsters = self.monsters
        return [(start + i) % n for i in range(n) if monsters[(start + i) % n].alive]

    def seat_order(self, start: int, seats: Any) -> list[int]:
        """``seats`` in seat order after ``start``, ``start`` itself last (step D8)."""
        if len(seats) < 2:
            return list(seats)
        n = self.num_players
        return sorted(seats, key=lambda s: (s - start - 1) % n)

    def neighbours(self, p: int) -> list[int]:
        others = self.others(p)
        if not others:
            return []
        left, right = others[0], others[-1]
        return [left] if left == right else [left, right]

    def next_alive(self, p: int) -> int:
        n = self.num_players
        for i in range(1, n + 1):
            s = (p + i) % n
            if self.monsters[s].alive:
                return s
        return p

    # -- names and the log ------------------------------------------------------------

    @property
    def table(self) -> ActionTable:
        """The action table of the game's edition (labels and decode tables)."""
        return self.kot_game.table

    @property
    def cards(self) -> CardTable:
        """The card table of the game's edition."""
        return self.kot_game.cards

    def monster_name(self, p: int) -> str:
        return self.kot_game.monster_name(self.monsters[p].name)

    def card_name(self, card: Card | int) -> str:
        return self.kot_game.cards.info[card].name

    def row_ids(self) -> list[str | None]:
        card_of = self.kot_game.cards.instances
        return [card_of[c].slug if c >= 0 else None for c in self.row]

    def row_text(self) -> str:
        names = self.kot_game.cards.names
        return ", ".join(names[c] for c in self.row if c >= 0) or "no cards"

    @property
    def options(self) -> KingOfTokyoOptions:
        return self.kot_game.options

    def event(
        self, kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any
    ) -> None:
        """A log event; ``visible_to`` limits who may see it.

        ``kind`` names its template (:mod:`.log_text`), which says ``text`` again from
        ``data`` in each reader's language: ``data`` holds everything ``text`` says."""
        log = self._log
        if log is not None:
            log.add(kind, text, visible_to, **data)
