"""Power Up! in a King of Tokyo position (docs/positions.md): each monster's
Evolutions in hand, face up, and the next of its deck, by name. The rest of the
position is :mod:`.position`'s, which hands the seats' fields here once the
monsters are at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.positions import CardPool, PositionError
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.options import MONSTER_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

DECK_SIZE = 8  # Evolutions per monster


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
        placed: list[tuple[list[int], list[int], list[int], list[int]]] = []
        for p in range(state.num_players):
            hand, played = self.take(p, "evolutions"), self.take(p, "played")
            for n in played:
                if not info[n].permanent:
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
