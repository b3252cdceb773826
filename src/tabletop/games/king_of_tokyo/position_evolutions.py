"""Power Up! in a King of Tokyo position (docs/positions.md): each monster's
Evolutions in hand, face up, and the next of its deck, by name, and the marks its
face-up Evolutions keep (Icy Reflection's copy, Target Acquired's token, the die
Encased in Ice, a Freeze Ray lent); at the step "set-up", a Mutant draft's packets and
the set-up going on from there (:func:`set_up`). The rest of the position is
:mod:`.position_placer`'s, which hands the seats' fields here once the monsters are
at the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import CardPool, PositionError
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES
from tabletop.games.king_of_tokyo.phases import Stage
from tabletop.games.king_of_tokyo.position_words import face_of, seat_of
from tabletop.games.king_of_tokyo.power_up import ICY_MARK

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

DECK_SIZE = 8  # Evolutions per monster
LASTING = frozenset(
    {"blizzard", "cold_wave", "cat_nip", "mecha_blast", "detachable_tail", "simian_scamper"}
)
"""Temporary Evolutions that stay face up while their effect lasts: until the start of
their owner's next turn (Blizzard, Cold Wave) or the end of the turn (the others)."""
ADAPTING_COUNTERS = 3  # Icy Reflection on Adapting Technology comes with its own


class Evolutions:
    """Power Up!: each monster's Evolutions in hand, face up, and the order of its deck."""

    def __init__(self, state: KingOfTokyoState, seats: list[dict[str, Any]]) -> None:
        self.state = state
        self.seats = seats
        table = evolution_table()
        self.mutant = state.kot_game.options.power_up == "mutant"
        pu = state.pu
        assert pu is not None
        self.pu = pu
        in_play = [n for m in state.monsters for n in table.deck_of[m.name]]
        self.in_play = frozenset(in_play)
        # The seed's order of each seat's deck (Mutant: of the pooled packets).
        self.order = [n for packet in pu.draft for n in packet] if self.mutant else None
        self.pool = CardPool(
            [e.name for e in table.info],
            [1 if e.number in in_play else 0 for e in table.info],
            {e.id: e.number for e in table.info},
        )

    def take(self, p: int, name: str) -> list[int]:
        field = f"monsters[{p}].{name}"
        names = self.seats[p].get(name, [])
        if isinstance(names, list):
            for card in names:
                number = self.pool.kind(field, card)
                if number not in self.in_play:
                    e = evolution_table().info[number]
                    raise PositionError(
                        field,
                        "{evolution} is {monster}'s, not at this table",
                        evolution=e.name,
                        monster=MONSTER_NAMES[e.monster],
                    )
        return self.pool.take(field, names)

    def place(self) -> None:
        pu, state = self.pu, self.state
        info = evolution_table().info
        packets = self._packets()
        placed: list[tuple[list[int], list[int], list[int], list[int]]] = []
        for p in range(state.num_players):
            hand, played = self.take(p, "evolutions"), self.take(p, "played")
            for n in played:
                if not info[n].permanent and info[n].id not in LASTING:
                    raise PositionError(
                        f"monsters[{p}].played",
                        "{evolution} is a temporary Evolution: discarded when played",
                        evolution=info[n].name,
                    )
            placed.append(
                (hand, played, self.take(p, "evolution_deck"), self.take(p, "evolution_discard"))
            )
        fresh = PowerUp(state.num_players)
        if self.mutant:
            left = [n for n in (self.order or []) if self.pool.left[n]]
        if packets:
            self._drafting(fresh, packets, placed)
            return
        for p, (hand, played, on_top, discard) in enumerate(placed):
            if self.mutant:
                owned = len(hand) + len(played) + len(on_top) + len(discard)
                if owned > DECK_SIZE:
                    raise PositionError(
                        f"monsters[{p}]",
                        "owns {owned} Evolutions, a deck is {size}",
                        owned=owned,
                        size=DECK_SIZE,
                    )
                rest, left = left[: DECK_SIZE - owned], left[DECK_SIZE - owned :]
                for n in [*hand, *played, *on_top, *discard, *rest]:
                    fresh.owner[n] = p
            else:
                rest = [n for n in pu.deck[p] if self.pool.left[n]]
                for n in [*hand, *played, *on_top, *discard]:
                    fresh.owner[n] = pu.owner[n]
                for n in rest:
                    fresh.owner[n] = p
            fresh.hand[p] = hand
            fresh.table[p] = played
            fresh.discard[p] = discard
            fresh.deck[p] = [*rest, *reversed(on_top)]
        for p, (_, _, on_top, discard) in enumerate(placed):
            for n in (*on_top, *discard):
                if fresh.owner[n] != p:
                    raise PositionError(
                        f"monsters[{p}]",
                        "{evolution} belongs to another monster's Evolution deck",
                        evolution=info[n].name,
                    )
        state.pu = fresh

    def _packets(self) -> list[list[int]]:
        """Each monster's packet of a Mutant draft under way (``draft``), or ``[]``."""
        listed = [p for p, s in enumerate(self.seats) if "draft" in s]
        if not listed:
            return []
        if not self.mutant:
            raise PositionError(
                f"monsters[{listed[0]}].draft",
                'a draft is the Mutant Evolution variant\'s (option power_up="mutant")',
            )
        return [self.take(p, "draft") for p in range(self.state.num_players)]

    def _drafting(
        self,
        fresh: PowerUp,
        packets: list[list[int]],
        placed: list[tuple[list[int], list[int], list[int], list[int]]],
    ) -> None:
        """A draft under way: the packets, and the decks of the Evolutions drafted so
        far (each its drafter's); every Evolution of the table lies in one or the other."""
        state = self.state
        for p, (hand, played, _, discard) in enumerate(placed):
            for name, cards in (
                ("evolutions", hand),
                ("played", played),
                ("evolution_discard", discard),
            ):
                if cards:
                    raise PositionError(
                        f"monsters[{p}].{name}",
                        "the draft comes first: an Evolution drafted goes to the deck "
                        "(evolution_deck)",
                    )
        left = sum(self.pool.left.values())
        if left:
            raise PositionError(
                "monsters",
                "a draft under way places every Evolution of the monsters at the table in "
                "a packet (draft) or a deck drafted (evolution_deck): {count} are not",
                count=left,
            )
        fresh.draft = packets
        for p, (_, _, on_top, _) in enumerate(placed):
            fresh.deck[p] = list(reversed(on_top))
            for n in on_top:
                fresh.owner[n] = p
        state.pu = fresh


def set_up(state: KingOfTokyoState) -> None:
    """Power Up!'s set-up from where a position stands (step "set-up"): a Mutant draft
    under way goes on, those with the larger packets taking their card this round
    (clockwise from the first player, ``turn``: the others took theirs); then each
    monster without an Evolution in hand, clockwise from the first player, draws 2 and
    keeps 1, and the first turn begins."""
    pu = state.pu
    assert pu is not None
    order = state.clockwise(state.active)
    if not any(pu.draft):
        pu.draft = []
        state.stage = Stage.SETUP
        state.queue = [s for s in order if not pu.hand[s]]
        return
    sizes = [len(pu.draft[s]) for s in order]
    if sizes != sorted(sizes) or sizes[-1] - sizes[0] > 1:
        raise PositionError(
            "monsters",
            "the packets of a draft round are the same size, but one card fewer for the "
            "monsters that took their card this round: the first ones clockwise from the "
            "first player (turn)",
        )
    state.stage = Stage.DRAFT
    state.queue = [s for s in order if len(pu.draft[s]) == sizes[-1]]


def evolution_kind(field: str, name: Any) -> int:
    """The Evolution called ``name`` (its name or id, any case)."""
    table = evolution_table()
    if isinstance(name, str):
        key = name.strip().lower()
        for e in table.info:
            if key in (e.name.lower(), e.id, e.id.replace("_", " ")):
                return e.number
    raise PositionError(field, "no Evolution called {name!r}", name=name)


def evolution_marks(state: KingOfTokyoState, seats: list[dict[str, Any]]) -> None:
    """The marks of each monster's face-up Evolutions: Icy Reflection's snowflake token
    first (the others may be on its copy), then Target Acquired's target token, the die
    Encased in Ice, a Freeze Ray lent."""
    pu = state.pu
    assert pu is not None
    for p, s in enumerate(seats):
        if "icy_reflection" in s:
            _icy(state, p, s["icy_reflection"])
    for p, s in enumerate(seats):
        field = f"monsters[{p}]"
        if "target_token" in s:
            target = evolution_table().by_id["target_acquired"].number
            piles = (pu.hand[p], pu.table[p], pu.deck[p], pu.discard[p])
            if not pu.has(p, "target_acquired") and not any(target in pile for pile in piles):
                raise PositionError(f"{field}.target_token", "the monster has no Target Acquired")
            holder = seat_of(state, f"{field}.target_token", s["target_token"], out=True)
            if holder == p:
                raise PositionError(f"{field}.target_token", "the token goes to another monster")
            pu.marks[f"target_token.{p}"] = holder
        if "encased" in s:
            if not pu.has(p, "encased_in_ice"):
                raise PositionError(f"{field}.encased", "the monster has no Encased in Ice face up")
            if "encased_owner" in pu.marks:
                raise PositionError(f"{field}.encased", "Encased in Ice holds one die at a time")
            pu.marks["encased_face"] = face_of(f"{field}.encased", s["encased"])
            pu.marks["encased_owner"] = p
        if "lent" in s:
            _lent(state, p, s["lent"])


def _icy(state: KingOfTokyoState, p: int, name: Any) -> None:
    """Icy Reflection's snowflake token on a face-up Permanent Evolution."""
    pu = state.pu
    assert pu is not None
    table = evolution_table()
    field = f"monsters[{p}].icy_reflection"
    icy = table.by_id["icy_reflection"].number
    if icy not in pu.table[p]:
        raise PositionError(field, "the monster has no Icy Reflection face up")
    n = evolution_kind(field, name)
    e = table.info[n]
    if n == icy or not e.permanent or not any(n in t for t in pu.table):
        raise PositionError(
            field, "{evolution} is no other Permanent Evolution face up", evolution=e.name
        )
    pu.marks[ICY_MARK] = n
    if state.options.icy_reflection_leaves == "token":
        pu.marks["icy_keeps"] = 1


def icy_counters(state: KingOfTokyoState, p: int) -> None:
    """Icy Reflection copying Adapting Technology comes with its own 3 counters."""
    pu = state.pu
    assert pu is not None
    table = evolution_table()
    icy = table.by_id["icy_reflection"].number
    if icy in pu.table[p] and pu.marks.get(ICY_MARK) == table.by_id["adapting_technology"].number:
        pu.counters[icy] = ADAPTING_COUNTERS


def _lent(state: KingOfTokyoState, p: int, given: Any) -> None:
    """The Freeze Ray cards ``p`` lent: a face-up Freeze Ray, or Icy Reflection on one."""
    pu = state.pu
    assert pu is not None
    field = f"monsters[{p}].lent"
    if not isinstance(given, Mapping):
        raise PositionError(field, "an object of Evolution: the monster it is lent to")
    for name, holder in given.items():
        n = evolution_kind(f"{field}.{name}", name)
        if n not in pu.table[p] or pu.effect_id(n) != "freeze_ray":
            raise PositionError(
                f"{field}.{name}", "names no Freeze Ray face up in front of this monster"
            )
        seat = seat_of(state, f"{field}.{name}", holder, out=True)
        if seat == p:
            raise PositionError(f"{field}.{name}", "a Freeze Ray is lent to another monster")
        pu.marks[f"freeze_ray:{n}"] = seat
