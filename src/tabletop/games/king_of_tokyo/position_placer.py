"""The Power cards, tokens and monsters of a King of Tokyo position, put on the dealt
table (docs/positions.md): each monster's Keep cards, counters, Mimic token, what it
paid for its cards and its UFO tokens; the row, the deck, the discard pile and the
box. :mod:`.position` hands the fields here once the monsters are dealt.

A card the deck holds twice (Extra Head, Evacuation Orders) may be named with its
copy, ``"Extra Head #2"``: the copies are numbered in the order of their instances.
Without a number, each name takes the next copy of the seed's deal order;
:func:`~.position_describe.describe` writes the number only where that would take
the other copy.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import CardPool, PositionError
from tabletop.games.king_of_tokyo.cards import Card, CardTable, card_table
from tabletop.games.king_of_tokyo.constants import BATTERY_ENERGY, SMOKE_COUNTERS
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import POSITION_COUNTERS
from tabletop.games.king_of_tokyo.monster import START_HEARTS, WIN_STARS
from tabletop.games.king_of_tokyo.position_evolutions import (
    Evolutions,
    evolution_marks,
    icy_counters,
)
from tabletop.games.king_of_tokyo.position_words import count

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

EVOLUTION_FIELDS = ("evolutions", "played", "evolution_deck", "evolution_discard")
POWER_UP_ONLY = (
    *EVOLUTION_FIELDS,
    "icy_reflection",
    "target_token",
    "encased",
    "lent",
    "ufo",
    "draft",
)
"""A monster's fields that only Power Up! has."""
CARD_FIELDS = ("row", "deck", "discard", "box")
"""The position's fields that list Power cards besides each monster's ``cards``."""
COPY = re.compile(r"^(.*?)\s*#\s*(\d+)$")


def copies_of(table: CardTable) -> dict[int, list[int]]:
    """Each card type's instances, in order: copy ``#n`` is the ``n``-th."""
    out: dict[int, list[int]] = {int(c): [] for c in Card}
    for c, card in enumerate(table.instances):
        out[int(card)].append(c)
    return out


def card_pool(table: CardTable) -> CardPool:
    """The deck's cards by name: either edition's, or the id."""
    other = card_table("2016" if table.edition == "2011" else "2011")
    aliases = {c.slug: int(c) for c in Card}
    aliases.update({c.slug.replace("_", " "): int(c) for c in Card})
    aliases.update({other.info[c].name: int(c) for c in Card})
    return CardPool([i.name for i in table.info], [i.count for i in table.info], aliases)


def dealt_order(state: KingOfTokyoState) -> list[int]:
    """The free instances of the seed's deal, in the order names take them."""
    return [*state.deck, *reversed(state.row)]


class Placer:
    """Puts the position's cards, tokens and monsters on the dealt table."""

    def __init__(
        self, state: KingOfTokyoState, spec: Mapping[str, Any], seats: list[dict[str, Any]]
    ) -> None:
        self.state = state
        self.spec = spec
        self.seats = seats
        table: CardTable = state.kot_game.cards
        self.pool = card_pool(table)
        self.copies = copies_of(table)
        # The free instances of each card type, in the seed's deal order.
        dealt = dealt_order(state)
        self.free: dict[int, list[int]] = {int(c): [] for c in Card}
        for c in dealt:
            self.free[table.instances[c]].append(c)
        self.dealt = dealt
        self.reserved: set[int] = set()
        self._reserve()

    def _reserve(self) -> None:
        """The copies named by number are taken first, wherever they are named."""
        fields = [(f"monsters[{p}].cards", s.get("cards", [])) for p, s in enumerate(self.seats)]
        fields += [(name, self.spec.get(name, [])) for name in CARD_FIELDS]
        for field, names in fields:
            if isinstance(names, str) or not isinstance(names, Sequence):
                continue  # the pool refuses it, naming the field
            for name in names:
                parsed = self._numbered(field, name)
                if parsed is None:
                    continue
                c = parsed[1]
                if c in self.reserved:
                    raise PositionError(field, "{card} is placed twice", card=name)
                self.reserved.add(c)
                self.free[self.state.kot_game.cards.instances[c]].remove(c)

    def _numbered(self, field: str, name: Any) -> tuple[str, int] | None:
        """``(the card's name, instance)`` of a name with a copy number, else ``None``."""
        match = COPY.match(name) if isinstance(name, str) else None
        if match is None:
            return None
        kind = self.pool.kind(field, match.group(1))
        number = int(match.group(2))
        copies = self.copies[kind]
        if not 1 <= number <= len(copies):
            raise PositionError(
                field,
                "{card} has copies #1 to #{count}, not #{number}",
                card=self.pool.names[kind],
                count=len(copies),
                number=number,
            )
        return match.group(1), copies[number - 1]

    def cards(self, field: str, names: Any) -> list[int]:
        if isinstance(names, str) or not isinstance(names, Sequence):
            self.pool.take(field, names)  # refuses it
        out = []
        for name in names:
            numbered = self._numbered(field, name)
            if numbered is None:
                k = self.pool.take(field, [name])[0]
                out.append(self.free[k].pop(0))
            else:
                self.pool.take(field, [numbered[0]])
                out.append(numbered[1])
        return out

    def place(self) -> None:
        state, spec = self.state, self.spec
        table = state.kot_game.cards
        held = [
            self.cards(f"monsters[{p}].cards", s.get("cards", [])) for p, s in enumerate(self.seats)
        ]
        for p, cards in enumerate(held):
            for c in cards:
                if not table.keep[c]:
                    raise PositionError(
                        f"monsters[{p}].cards",
                        "{card} is a Discard card: played when bought, never kept",
                        card=table.names[c],
                    )
            state.monsters[p].cards = cards
        row = [-1 if name is None else c for name, c in self._row()]
        if len(row) > len(state.row):
            raise PositionError(
                "row",
                "the row has {size} cards, not {count}",
                size=len(state.row),
                count=len(row),
            )
        on_top = self.cards("deck", spec.get("deck", []))
        state.discard = self.cards("discard", spec.get("discard", []))
        # Last: the cards placed elsewhere count.
        state.box = tuple(sorted(self.cards("box", spec.get("box", []))))
        taken = {c for cards in self.free.values() for c in cards}
        rest = [c for c in self.dealt if c in taken]
        while len(row) < len(state.row):
            row.append(rest.pop() if rest else -1)
        state.row = row
        state.deck = [*rest, *reversed(on_top)]
        for p, s in enumerate(self.seats):
            self.monster(p, s)
        if state.pu is not None:
            Evolutions(state, self.seats).place()
            evolution_marks(state, self.seats)
        else:
            for p, s in enumerate(self.seats):
                for name in POWER_UP_ONLY:
                    if name in s:
                        raise PositionError(
                            f"monsters[{p}].{name}", "Evolutions are in play with Power Up! only"
                        )
        for p, s in enumerate(self.seats):
            self.mimic(p, s)
        state.refresh_masks()
        for p, s in enumerate(self.seats):
            self.counters(p, s)
            self.paid(p, s)
            if state.pu is not None:
                self.ufo(p, s)
            m = state.monsters[p]
            if m.alive and m.hearts > m.max_hearts:
                raise PositionError(
                    f"monsters[{p}].hearts",
                    "{hearts} is over its maximum of {most}",
                    hearts=m.hearts,
                    most=m.max_hearts,
                )

    def _row(self) -> list[tuple[Any, int]]:
        """The row's names with their instances; ``""`` (or ``None``) is an empty slot."""
        given = self.spec.get("row", [])
        if isinstance(given, str) or not isinstance(given, Sequence):
            self.cards("row", given)  # refuses it
        given = [None if name == "" else name for name in given]
        names = [name for name in given if name is not None]
        taken = iter(self.cards("row", names))
        return [(name, -1 if name is None else next(taken)) for name in given]

    def monster(self, p: int, s: Mapping[str, Any]) -> None:
        state = self.state
        m = state.monsters[p]
        field = f"monsters[{p}]"
        out = s.get("out", False)
        if not isinstance(out, bool):
            raise PositionError(f"{field}.out", "true or false, got {value!r}", value=out)
        m.hearts = count(s, "hearts", field, 0 if out else START_HEARTS, 0 if out else 1)
        # 20 stars win at once, or (2016) at the end of the turn: a turn may hold more.
        top = WIN_STARS - 1 if state.kot_game.immediate_end else None
        m.stars = count(s, "stars", field, 0, 0, top)
        if m.stars >= WIN_STARS:
            state.may_have_won = True
        m.energy = count(s, "energy", field, 0, 0)
        m.poison = count(s, "poison", field, 0, 0)
        m.shrink = count(s, "shrink", field, 0, 0)
        if not out:
            return
        if m.hearts or m.cards or s.get("evolutions") or s.get("played"):
            raise PositionError(
                f"{field}.out", "a monster out of the game has no hearts and no cards"
            )
        m.alive = False

    def mimic(self, p: int, s: Mapping[str, Any]) -> None:
        """Mimic's token: on a Keep card in front of another monster."""
        name = s.get("mimic")
        if name is None:
            return
        state = self.state
        table = state.kot_game.cards
        field = f"monsters[{p}].mimic"
        if not any(table.instances[c] == Card.MIMIC for c in state.monsters[p].cards):
            raise PositionError(field, "the monster has no Mimic card")
        numbered = self._numbered(field, name)
        kind = self.pool.kind(field, name if numbered is None else numbered[0])
        for other in state.monsters:
            if other.seat != p:
                for c in other.cards:
                    if table.instances[c] == kind and (numbered is None or c == numbered[1]):
                        state.monsters[p].mimic = c
                        return
        raise PositionError(field, "no other monster has {card}", card=table.info[kind].name)

    def counters(self, p: int, s: Mapping[str, Any]) -> None:
        """The counters on ``p``'s cards: as given, else what the card comes with."""
        state = self.state
        m = state.monsters[p]
        table = state.kot_game.cards
        field = f"monsters[{p}].counters"
        given = s.get("counters", {})
        if not isinstance(given, Mapping):
            raise PositionError(field, "an object of card name: counters")
        for c in m.cards:
            card = table.instances[c]
            if card == Card.MIMIC and m.mimic >= 0:  # the copy comes with its own
                card = table.instances[m.mimic]
            if card == Card.SMOKE_CLOUD:
                state.counters[c] = SMOKE_COUNTERS
            elif card == Card.BATTERY_MONSTER and table.edition == "2016":
                state.counters[c] = BATTERY_ENERGY
        pu = state.pu
        if pu is not None:  # what face-up Evolutions come with (Adapting Technology)
            for set_up in POSITION_COUNTERS.calls:
                set_up(state, p)
            icy_counters(state, p)
        for name, n in given.items():
            number = count({name: n}, name, field, 0, 0)
            target = self._counted(p, field, name)
            if target >= 0:
                state.counters[target] = number
            else:
                assert pu is not None
                pu.counters[-target - 1] = number
        for c in m.cards:
            card = table.instances[c]
            if card == Card.MIMIC and m.mimic >= 0:
                card = table.instances[m.mimic]
            if card == Card.BATTERY_MONSTER and c not in state.counters:
                raise PositionError(
                    field, "say how many energy counters {card} carries", card=table.names[c]
                )

    def _counted(self, p: int, field: str, name: str) -> int:
        """The card instance ``name`` names among ``p``'s cards, or ``-1 - number`` of
        the Evolution it names among ``p``'s face-up ones (or Heart of the Rabbit in its
        Evolution discard pile: 1 when it was played, not discarded from a draw)."""
        state = self.state
        c = self._own_card(p, name)
        if c >= 0:
            return c
        key = name.strip().lower()
        pu = state.pu
        if pu is not None:
            rabbit = evolution_table().by_id["heart_of_the_rabbit"].number
            for n in [*pu.table[p], *(d for d in pu.discard[p] if d == rabbit)]:
                e = evolution_table().info[n]
                if key in (e.name.lower(), e.id):
                    return -1 - n
        raise PositionError(f"{field}.{name}", "names no card in front of this monster")

    def _own_card(self, p: int, name: str) -> int:
        """The instance of ``p``'s Keep card called ``name`` (a copy number picks the
        copy), or -1."""
        state = self.state
        table = state.kot_game.cards
        match = COPY.match(name)
        base, number = (match.group(1), int(match.group(2))) if match else (name, 0)
        key = base.strip().lower()
        for c in state.monsters[p].cards:
            info = table.info[table.instances[c]]
            other = card_table("2016" if table.edition == "2011" else "2011").info[info.card]
            names = (info.name.lower(), other.name.lower(), info.card.slug)
            if key in (*names, info.card.slug.replace("_", " ")) and (
                not number or self.copies[int(info.card)].index(c) + 1 == number
            ):
                return c
        return -1

    def paid(self, p: int, s: Mapping[str, Any]) -> None:
        """What ``p`` paid for each of its Keep cards (the 2011 Metamorph refunds it):
        as given, else the card's cost."""
        state = self.state
        table = state.kot_game.cards
        m = state.monsters[p]
        for c in m.cards:
            state.paid[c] = table.cost[c]
        field = f"monsters[{p}].paid"
        given = s.get("paid", {})
        if not isinstance(given, Mapping):
            raise PositionError(field, "an object of card name: energy paid")
        for name, n in given.items():
            c = self._own_card(p, name) if isinstance(name, str) else -1
            if c < 0:
                raise PositionError(f"{field}.{name}", "names no card in front of this monster")
            state.paid[c] = count({name: n}, name, field, 0, 0)

    def ufo(self, p: int, s: Mapping[str, Any]) -> None:
        """Superior Alien Technology's UFO tokens on ``p``'s Keep cards."""
        given = s.get("ufo", [])
        field = f"monsters[{p}].ufo"
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise PositionError(field, "a list of its Keep cards, got {value!r}", value=given)
        pu = self.state.pu
        assert pu is not None
        for name in given:
            c = self._own_card(p, name) if isinstance(name, str) else -1
            if c < 0:
                raise PositionError(field, "{card} is not in front of this monster", card=name)
            pu.marks[f"ufo:{c}"] = p
