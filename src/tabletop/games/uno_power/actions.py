"""The action encoding of UNO Power.

Ids are laid out in blocks (``K`` card kinds, ``Kc`` of them coloured, ``W`` wild):

===================  =========================  ==========================================
block                size                       meaning
===================  =========================  ==========================================
``PLAY``             ``Kc + 4 W``               play a card; wilds carry the named colour
``PLAY_UNO``         ``Kc + 4 W``               the same play, calling "UNO"
``DRAW``             1                          draw a card
``KEEP``             1                          keep the card just drawn
``TAKE``             15                         take towers: bit mask 1..15 over U N O !
``NO_TOWER``         1                          take no tower (optional icon grab)
``NAME_COLOUR``      4                          name the colour (first card wild)
``CHALLENGE``        1                          challenge a Wild Draw Four
``NO_CHALLENGE``     1                          accept a Wild Draw Four
``PENALTY``          1                          take the cards (stacking, optional tower)
``BLOCK``            1                          block with your tower (optional tower)
``BONUS``            ``K``                      four-tower bonus keeping a card of kind k
``BONUS_UNO``        ``K``                      the same, calling "UNO"
``NO_BONUS``         1                          decline the four-tower bonus
``CATCH``            1                          catch a missed UNO call
``NO_CATCH``         1                          let it go
``NO_JUMP``          1                          do not jump in
``SWAP``             6                          swap hands with seat q (seven swap)
===================  =========================  ==========================================

With the default icon table ``K = 90`` and there are 408 ids.

:meth:`ActionTable.data` gives each action as data (``Game.action_data``): the move's
name (``play``, ``draw``, ``take``, ``bonus``, ...; see :data:`MOVE_NAMES`) and its
arguments: ``kind`` (a card kind, as in the view's cards), ``colour`` (the colour a
wild names, else ``null``), ``uno`` (the play calls UNO), ``towers`` (the towers
taken) and ``seat``.
"""

from __future__ import annotations

from typing import Any, Final

from tabletop.core.action import Action
from tabletop.games.uno_power.cards import COLOURS, NUM_COLOURS, NUM_TOWERS, TOWERS, CardTable

MAX_PLAYERS: Final = 6


# The type of an action id (see the module docstring for payloads).
MOVE_PLAY: Final = 0
MOVE_DRAW: Final = 1
MOVE_KEEP: Final = 2
MOVE_TAKE: Final = 3
MOVE_NO_TOWER: Final = 4
MOVE_NAME_COLOUR: Final = 5
MOVE_CHALLENGE: Final = 6
MOVE_NO_CHALLENGE: Final = 7
MOVE_PENALTY: Final = 8
MOVE_BLOCK: Final = 9
MOVE_BONUS: Final = 10
MOVE_NO_BONUS: Final = 11
MOVE_CATCH: Final = 12
MOVE_NO_CATCH: Final = 13
MOVE_NO_JUMP: Final = 14
MOVE_SWAP: Final = 15
MOVE_NAMES: Final = (
    "play",
    "draw",
    "keep",
    "take",
    "no_tower",
    "name_colour",
    "challenge",
    "no_challenge",
    "penalty",
    "block",
    "bonus",
    "no_bonus",
    "catch",
    "no_catch",
    "no_jump",
    "swap",
)


def tower_names(mask: int) -> str:
    names = [TOWERS[t] for t in range(NUM_TOWERS) if mask >> t & 1]
    return " and ".join(names)


class ActionTable:
    """All actions of one deck composition, with decode tables indexed by id.

    ``move[i]``, ``kind[i]``, ``colour[i]`` (named colour or -1), ``calls[i]``
    (whether the play calls UNO) and ``arg[i]`` (tower mask, seat or colour).
    ``play[k]``/``play_uno[k]`` hold the actions that play kind ``k``.
    """

    def __init__(self, cards: CardTable) -> None:
        actions: list[Action] = []
        move: list[int] = []
        kind: list[int] = []
        colour: list[int] = []
        calls: list[bool] = []
        arg: list[int] = []

        def add(
            label: str, m: int, k: int = -1, c: int = -1, uno: bool = False, a: int = -1
        ) -> Action:
            action = Action(len(actions), label)
            actions.append(action)
            move.append(m)
            kind.append(k)
            colour.append(c)
            calls.append(uno)
            arg.append(a)
            return action

        play: list[list[Action]] = [[] for _ in range(cards.num_kinds)]
        play_uno: list[list[Action]] = [[] for _ in range(cards.num_kinds)]
        for uno, table in ((False, play), (True, play_uno)):
            suffix = " and call UNO" if uno else ""
            for k in range(cards.num_kinds):
                name = cards.names[k]
                if cards.colour[k] >= 0:
                    table[k].append(add(f"play {name}{suffix}", MOVE_PLAY, k, -1, uno))
                else:
                    for c in range(NUM_COLOURS):
                        table[k].append(
                            add(f"play {name}, name {COLOURS[c]}{suffix}", MOVE_PLAY, k, c, uno)
                        )
        self.draw = add("draw a card", MOVE_DRAW)
        self.keep = add("keep the drawn card", MOVE_KEEP)
        # take[mask] for masks 1..15 over the towers U, N, O, ! (bit 0 is U).
        self.take: dict[int, Action] = {
            m: add(f"take tower{'s' if m & (m - 1) else ''} {tower_names(m)}", MOVE_TAKE, a=m)
            for m in range(1, 16)
        }
        self.no_tower = add("take no tower", MOVE_NO_TOWER)
        self.name_colour = [
            add(f"name {COLOURS[c]}", MOVE_NAME_COLOUR, c=c, a=c) for c in range(NUM_COLOURS)
        ]
        self.challenge = add("challenge the Wild Draw Four", MOVE_CHALLENGE)
        self.no_challenge = add("accept the Wild Draw Four", MOVE_NO_CHALLENGE)
        self.penalty = add("take the cards", MOVE_PENALTY)
        self.block = add("block it with your tower", MOVE_BLOCK)
        self.bonus = [
            add(f"use the four-tower bonus, keeping {cards.names[k]}", MOVE_BONUS, k)
            for k in range(cards.num_kinds)
        ]
        self.bonus_uno = [
            add(
                f"use the four-tower bonus, keeping {cards.names[k]}, and call UNO",
                MOVE_BONUS,
                k,
                uno=True,
            )
            for k in range(cards.num_kinds)
        ]
        self.no_bonus = add("keep your cards and towers", MOVE_NO_BONUS)
        self.catch = add("catch the missed UNO call", MOVE_CATCH)
        self.no_catch = add("let it go", MOVE_NO_CATCH)
        self.no_jump = add("do not jump in", MOVE_NO_JUMP)
        self.swap = [
            add(f"swap hands with player {q + 1}", MOVE_SWAP, a=q) for q in range(MAX_PLAYERS)
        ]

        self.actions: tuple[Action, ...] = tuple(actions)
        self.move: tuple[int, ...] = tuple(move)
        self.kind: tuple[int, ...] = tuple(kind)
        self.colour: tuple[int, ...] = tuple(colour)
        self.calls: tuple[bool, ...] = tuple(calls)
        self.arg: tuple[int, ...] = tuple(arg)
        self.play: tuple[tuple[Action, ...], ...] = tuple(tuple(x) for x in play)
        self.play_uno: tuple[tuple[Action, ...], ...] = tuple(tuple(x) for x in play_uno)
        self.play_both: tuple[tuple[Action, ...], ...] = tuple(
            a + b for a, b in zip(self.play, self.play_uno, strict=True)
        )

    def data(self, action_id: int) -> dict[str, Any]:
        """Action ``action_id`` as data (see the module docstring)."""
        move = self.move[action_id]
        out: dict[str, Any] = {"move": MOVE_NAMES[move]}
        if move in (MOVE_PLAY, MOVE_BONUS):
            out["kind"] = self.kind[action_id]
            if move == MOVE_PLAY:
                colour = self.colour[action_id]
                out["colour"] = COLOURS[colour] if colour >= 0 else None
            out["uno"] = self.calls[action_id]
        elif move == MOVE_TAKE:
            mask = self.arg[action_id]
            out["towers"] = [TOWERS[t] for t in range(NUM_TOWERS) if mask >> t & 1]
        elif move == MOVE_NAME_COLOUR:
            out["colour"] = COLOURS[self.arg[action_id]]
        elif move == MOVE_SWAP:
            out["seat"] = self.arg[action_id]
        return out
