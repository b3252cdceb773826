"""The Power Up! part of a position: :class:`PowerUp`, each seat's Evolutions.

It holds each seat's Evolution deck, discard pile, hidden hand and face-up permanent
Evolutions, the marks Evolution effects keep, and the Mutant Evolution draft; it
draws, keeps, plays and discards Evolutions, and opens the windows where they are
played (the windows' rules and the effects are :mod:`.power_up`'s).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from tabletop.core.decisions import Decision
from tabletop.core.rng import Rng
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask, Noted
from tabletop.games.king_of_tokyo.power_up import (
    ABILITIES,
    ASKED_IN_VAIN,
    DRAFT_PACKET,
    DRAW,
    EFFECTS,
    ICY_MARK,
    PLAYABLE,
    WINDOW_NAMES,
    changes_something,
    deck_windows,
    icy_number,
    timed,
    timings,
)

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


class PowerUp:
    """Each seat's Evolutions; copied with the state (small lists, no deep copy)."""

    __slots__ = (
        "counters",
        "deck",
        "discard",
        "draft",
        "hand",
        "marks",
        "owner",
        "table",
        "turn_marks",
        "used",
    )

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Declared so that a compiled build (mypyc) lets ``PowerUp.__new__`` allocate a
        # blank instance for its copies, as plain Python always does.
        return object.__new__(cls)

    def __init__(self, num_players: int) -> None:
        self.deck: list[list[int]] = [[] for _ in range(num_players)]  # top at the end
        self.discard: list[list[int]] = [[] for _ in range(num_players)]
        self.hand: list[list[int]] = [[] for _ in range(num_players)]
        self.table: list[list[int]] = [[] for _ in range(num_players)]  # permanent, face up
        self.owner: dict[int, int] = {}  # Evolution -> the seat whose deck it belongs to
        self.counters: dict[int, int] = {}  # counters on an Evolution (Adapting Technology...)
        self.used = 0  # Evolutions used this turn (a bit each), for "once per turn"
        self.draft: list[list[int]] = []  # Mutant Evolution packets, one per seat
        # Named numbers that Evolution effects keep (a token's holder, an effect's
        # owner, a frozen die): ``marks`` last until removed, ``turn_marks`` are
        # cleared at the start of every turn.
        self.marks: dict[str, int] = {}
        self.turn_marks: dict[str, int] = {}

    # -- set-up ---------------------------------------------------------------------

    @classmethod
    def deal(cls, monsters: list[str], mutant: bool, rng: Rng) -> PowerUp:
        """Each monster's own deck, or (Mutant Evolution) packets for the draft."""
        table = evolution_table()
        pu = cls(len(monsters))
        if mutant:
            pool = [n for m in monsters for n in table.deck_of[m]]
            rng.shuffle(pool)
            pu.draft = [
                pool[i * DRAFT_PACKET : (i + 1) * DRAFT_PACKET] for i in range(len(monsters))
            ]
            return pu
        for seat, monster in enumerate(monsters):
            deck = list(table.deck_of[monster])
            rng.shuffle(deck)
            pu.deck[seat] = deck
            for n in deck:
                pu.owner[n] = seat
        return pu

    # -- per-turn tallies ------------------------------------------------------------

    def tally(self, key: str, seat: int, n: int) -> None:
        """Add ``n`` to ``seat``'s count of ``key`` this turn (hearts lost, energy gained)."""
        mark = f"{key}:{seat}"
        self.turn_marks[mark] = self.turn_marks.get(mark, 0) + n

    def tallied(self, key: str, seat: int) -> int:
        return self.turn_marks.get(f"{key}:{seat}", 0)

    # -- once per turn ---------------------------------------------------------------

    def used_this_turn(self, card: int) -> bool:
        """Whether the once-per-turn effect of Evolution ``card`` was used this turn."""
        return bool(self.used >> card & 1)

    def use_once(self, card: int) -> bool:
        """Use the once-per-turn effect of Evolution ``card``: False if already used."""
        bit = 1 << card
        if self.used & bit:
            return False
        self.used |= bit
        return True

    # -- queries ------------------------------------------------------------------------

    def has(self, seat: int, evolution: str) -> bool:
        """Whether ``seat`` has the permanent ``evolution`` face up (or Icy Reflection on it)."""
        number = evolution_table().by_id[evolution].number
        table = self.table[seat]
        return number in table or (self.marks.get(ICY_MARK, -1) == number and icy_number() in table)

    def sources(self, seat: int, evolution: str) -> list[int]:
        """The face-up cards of ``seat`` that give ``evolution``'s effect: the card itself,
        and Icy Reflection when its snowflake token marks that card (copies stack)."""
        number = evolution_table().by_id[evolution].number
        table = self.table[seat]
        out = [number] if number in table else []
        icy = icy_number()
        if self.marks.get(ICY_MARK, -1) == number and icy in table:
            out.append(icy)
        return out

    def count(self, seat: int, evolution: str) -> int:
        """How many copies of ``evolution``'s effect ``seat`` has (Icy Reflection adds one)."""
        return len(self.sources(seat, evolution))

    def abilities(self, state: KingOfTokyoState, seat: int, window: str) -> list[int]:
        """Face-up cards of ``seat`` whose ability (:data:`ABILITIES`) it may use in ``window``."""
        out = []
        for evolution, ability in ABILITIES.items():
            if window in ability.windows:
                for n in self.sources(seat, evolution):
                    if ability.can(state, seat, n):
                        out.append(n)
        return sorted(out)

    def effect_id(self, number: int) -> str:
        """The Evolution whose effect card ``number`` gives (Icy Reflection: the marked one)."""
        info = evolution_table().info
        if number == icy_number() and ICY_MARK in self.marks:
            return info[self.marks[ICY_MARK]].id
        return info[number].id

    def playable(self, state: KingOfTokyoState, seat: int, window: str) -> list[int]:
        """The Evolutions in ``seat``'s hand it may play in ``window``.

        With ``evolution_windows="every_turn"`` an Evolution without a timing may also
        answer damage; where it is offered only because it has no timing (the
        ``any_time`` windows, damage), it must also change something now
        (:func:`changes_something`), so that nobody is asked in vain.
        """
        every_turn = window == "damage" and state.options.evolution_windows == "every_turn"
        allows = timings(window, state.options.evolution_windows)
        info = evolution_table().info
        out = []
        for n in self.hand[seat]:
            e = info[n]
            if not timed(e, window, allows):
                continue
            condition = PLAYABLE.get(e.id)
            if condition is not None and not condition(state, seat):
                continue
            if (window in ASKED_IN_VAIN or (every_turn and e.when == "any")) and not (
                changes_something(state, seat, n)
            ):
                continue
            out.append(n)
        return sorted(out)

    def asks(self, state: KingOfTokyoState, seat: int, window: str) -> bool:
        """Whether ``seat`` is asked in ``window``: it holds a card it may play there,
        or (option ``evolution_prompts="public"``, the default) it holds Evolutions and
        its deck has a card for that moment, so that being asked reveals nothing.
        The public rule is tested first: ``playable`` may try cards on copies."""
        options = state.options
        if (
            options.evolution_prompts == "public"
            and self.hand[seat]
            and window in deck_windows(self.decks_in_play(state, seat), options.evolution_windows)
        ):
            return True
        return bool(self.playable(state, seat, window))

    def decks_in_play(self, state: KingOfTokyoState, seat: int) -> tuple[str, ...]:
        """The monsters whose Evolutions ``seat`` may hold, as the others know it: its
        own monster's, or (Mutant Evolution) every monster's in the game."""
        if state.options.power_up == "mutant":
            return tuple(sorted({m.name for m in state.monsters}))
        return (state.monsters[seat].name,)

    def open_window(self, state: KingOfTokyoState, seat: int, window: str) -> bool:
        """Ask ``seat`` whether to play an Evolution in ``window`` (:meth:`asks`)."""
        if state.monsters[seat].alive and self.asks(state, seat, window):
            state.decisions.push(Decision(Ask.EVO_PLAY, seat, (WINDOW_NAMES.index(window),)))
            return True
        return False

    # -- drawing and keeping --------------------------------------------------------------

    def draw(self, state: KingOfTokyoState, seat: int, count: int = DRAW) -> list[int]:
        """Draw ``count`` Evolutions; an empty deck is refilled from the discard pile."""
        drawn: list[int] = []
        deck = self.deck[seat]
        for _ in range(count):
            if not deck:
                if not self.discard[seat]:
                    break
                deck.extend(self.discard[seat])
                self.discard[seat] = []
                state.rng.shuffle(deck)
                if state.keeps_log:
                    state.event(
                        "evolution_shuffle",
                        f"{state.monster_name(seat)} shuffles its Evolution discard pile.",
                        seat=seat,
                    )
            drawn.append(deck.pop())
        return drawn

    def offer(self, state: KingOfTokyoState, seat: int, setup: bool) -> None:
        """Draw 2 and ask which to keep (one drawn card is kept without a question)."""
        drawn = self.draw(state, seat)
        if state.keeps_log:
            state.event(
                "evolution_draw",
                f"{state.monster_name(seat)} draws {plural(len(drawn), 'Evolution')}.",
                seat=seat,
                count=len(drawn),
            )
        if len(drawn) == 1:
            self.keep(state, seat, drawn[0], (), setup)
        elif drawn:
            state.decisions.push(Decision(Ask.EVO_KEEP, seat, (drawn[0], drawn[1], int(setup))))

    def keep(
        self, state: KingOfTokyoState, seat: int, kept: int, others: tuple[int, ...], setup: bool
    ) -> None:
        """Keep ``kept`` in hand; the others go back (set-up) or to the discard pile."""
        self.hand[seat].append(kept)
        if state.keeps_log:
            e = evolution_table().info[kept]
            state.event(
                "evolution_keep",
                f"You keep {e.name}.",
                visible_to=frozenset({seat}),
                seat=seat,
                evolution=e.id,
            )
        back = setup and state.options.evolution_setup == "shuffle_back"
        # The public record names the card put away only where it lands face up.
        state.remember(seat, Noted.RECEIVED, others[0] if others and not back else -1)
        for n in others:
            if back:
                self.deck[seat].append(n)
                state.rng.shuffle(self.deck[seat])
            else:
                self.discard[seat].append(n)
            self.counters.pop(n, None)  # an unplayed card carries no marks (Heart of the Rabbit)

    # -- playing ------------------------------------------------------------------------------

    def play(self, state: KingOfTokyoState, seat: int, number: int) -> None:
        """Play an Evolution from ``seat``'s hand: a permanent one stays face up."""
        e = evolution_table().info[number]
        self.hand[seat].remove(number)
        state.remember(seat, Noted.PLAYED, number)
        state.event(
            "evolution",
            f"{state.monster_name(seat)} plays {e.name}.",
            seat=seat,
            evolution=e.id,
        )
        if e.permanent:
            self.table[seat].append(number)
        else:
            self.discard[self.owner.get(number, seat)].append(number)
        EFFECTS[e.id](state, seat)

    def discard_from_table(self, seat: int, number: int) -> None:
        """A permanent Evolution leaves play (to its owner's discard pile)."""
        self.table[seat].remove(number)
        self.counters.pop(number, None)
        self.discard[self.owner.get(number, seat)].append(number)
        self._snowflake_check()

    def eliminate(self, seat: int) -> None:
        """An eliminated monster discards its hand and its face-up Evolutions."""
        for n in self.hand[seat] + self.table[seat]:
            self.counters.pop(n, None)
            self.discard[self.owner.get(n, seat)].append(n)
        self.hand[seat] = []
        self.table[seat] = []
        self._snowflake_check()

    def _snowflake_check(self) -> None:
        """Icy Reflection's marked card left play: the token comes off, and (card text,
        option ``icy_reflection_leaves="discard"``) Icy Reflection is discarded too.
        The option is read from ``marks["icy_keeps"]`` set when the token was placed."""
        target = self.marks.get(ICY_MARK)
        if target is None:
            return
        icy = icy_number()
        if not any(icy in t for t in self.table):  # Icy Reflection itself left play
            del self.marks[ICY_MARK]
            self.marks.pop("icy_keeps", None)
            return
        if any(target in t for t in self.table):
            return
        del self.marks[ICY_MARK]
        if self.marks.pop("icy_keeps", 0):
            return
        for seat, t in enumerate(self.table):
            if icy in t:
                self.discard_from_table(seat, icy)

    # -- the Mutant Evolution draft ------------------------------------------------------

    def pick(self, seat: int, number: int) -> None:
        """Draft ``number`` from ``seat``'s packet into its deck; it now owns the card."""
        self.draft[seat].remove(number)
        self.deck[seat].append(number)
        self.owner[number] = seat

    def pass_packets(self, left: bool) -> None:
        """Every packet moves to the next player (to the left: the next seat)."""
        n = len(self.draft)
        self.draft = [
            self.draft[(s - 1) % n] if left else self.draft[(s + 1) % n] for s in range(n)
        ]

    # -- copies, hidden information, serialisation ----------------------------------------

    def copy(self) -> PowerUp:
        twin = PowerUp.__new__(PowerUp)
        twin.deck = [d.copy() for d in self.deck]
        twin.discard = [d.copy() for d in self.discard]
        twin.hand = [h.copy() for h in self.hand]
        twin.table = [t.copy() for t in self.table]
        twin.owner = self.owner.copy()
        twin.counters = self.counters.copy()
        twin.used = self.used
        twin.draft = [p.copy() for p in self.draft]
        twin.marks = self.marks.copy()
        twin.turn_marks = self.turn_marks.copy()
        return twin

    def resample(self, observer: int, rng: Rng, mutant: bool) -> None:
        """Re-deal what ``observer`` cannot see: others' hands and every deck order.

        Without the Mutant variant each seat's hidden cards are its own monster's, so
        they are shuffled within the seat; with it, the other seats' hidden cards are
        pooled and re-dealt with the same counts (the observer saw only its packets).
        """
        self.deck[observer] = _shuffled(self.deck[observer], rng)
        others = [s for s in range(len(self.hand)) if s != observer]
        if mutant:
            pool = [n for s in others for n in self.hand[s] + self.deck[s]]
            rng.shuffle(pool)
            for s in others:
                h, d = len(self.hand[s]), len(self.deck[s])
                self.hand[s], self.deck[s], pool = pool[:h], pool[h : h + d], pool[h + d :]
                for n in self.hand[s] + self.deck[s]:
                    self.owner[n] = s
            return
        for s in others:
            pool = _shuffled(self.hand[s] + self.deck[s], rng)
            h = len(self.hand[s])
            self.hand[s], self.deck[s] = sorted(pool[:h]), pool[h:]
        if self.draft:
            pool = [n for s in others for n in self.draft[s]]
            rng.shuffle(pool)
            for s in others:
                k = len(self.draft[s])
                self.draft[s], pool = pool[:k], pool[k:]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "discard": self.discard,
            "hand": self.hand,
            "table": self.table,
            "owner": sorted([n, s] for n, s in self.owner.items()),
            "counters": sorted([n, c] for n, c in self.counters.items()),
            "used": self.used,
            "draft": self.draft,
            "marks": dict(sorted(self.marks.items())),
            "turn_marks": dict(sorted(self.turn_marks.items())),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PowerUp:
        pu = cls.__new__(cls)
        pu.deck = [[int(n) for n in d] for d in data["deck"]]
        pu.discard = [[int(n) for n in d] for d in data["discard"]]
        pu.hand = [[int(n) for n in h] for h in data["hand"]]
        pu.table = [[int(n) for n in t] for t in data["table"]]
        pu.owner = {int(n): int(s) for n, s in data["owner"]}
        pu.counters = {int(n): int(c) for n, c in data["counters"]}
        pu.used = int(data["used"])
        pu.draft = [[int(n) for n in p] for p in data["draft"]]
        pu.marks = {str(k): int(v) for k, v in data["marks"].items()}
        pu.turn_marks = {str(k): int(v) for k, v in data["turn_marks"].items()}
        return pu

    def view_for(self, seat: int, player: int | None) -> dict[str, Any]:
        """One seat's Evolutions as ``player`` sees them (the hand only to its holder)."""
        info = evolution_table().info
        out: dict[str, Any] = {
            "hand_size": len(self.hand[seat]),
            "deck_size": len(self.deck[seat]),
            "table": [
                {**info[n].describe(), "counters": self.counters[n]}
                if n in self.counters
                else info[n].describe()
                for n in self.table[seat]
            ],
            "discard": [info[n].id for n in self.discard[seat]],
        }
        if player == seat:
            out["hand"] = [info[n].describe() for n in sorted(self.hand[seat])]
            if self.draft:
                out["packet"] = [info[n].describe() for n in sorted(self.draft[seat])]
        return out


def _shuffled(cards: list[int], rng: Rng) -> list[int]:
    out = list(cards)
    rng.shuffle(out)
    return out
