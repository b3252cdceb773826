"""Kung Fu's public record: what each seat did with its hand, for the belief.

The bots' belief (:mod:`.belief`) weighs the opponent's possible hands by how well
they explain its attacks and parries. It reads this record, kept in the state
(``KungFuState.record``) as public data, never the log. Entries are flat int tuples:

- ``(seat, RECEIVED, colour)``: the seat drew a card of that colour (which card is
  hidden);
- ``(seat, LEFT, type)``: a card left the hand without a choice worth reading (the
  only blue card type it could parry with, a random discard);
- ``(seat, action, life 0, life 1, koku 0, koku 1, reds 0, reds 1, blues 0, blues 1,
  flags, attack)``: an attack, a pass or a parry the seat chose, with the figures
  everybody saw then. ``flags``: bit ``s`` set if seat ``s`` may not parry next
  round (as the view says), bit 2 if the seat could give up the initiative.
  ``attack``: the attack card a parrying seat saw (-1: none, or face down). An attack
  face down has the action ``HIDDEN`` until it turns up, when the entry gets its
  ``attack_down`` action, which names the card.

The record is ``None`` in determinized copies, so that searches pay nothing for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tabletop.core.errors import StateFormatError
from tabletop.games.kung_fu.actions import Move

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

RECEIVED: Final = -1
LEFT: Final = -3
HIDDEN: Final = -4
DECISION: Final = 12
"""The length of a decision's entry."""
MAY_PASS: Final = 4
"""The flag: the seat could give up the initiative."""
_READ: Final = frozenset((Move.ATTACK, Move.ATTACK_DOWN, Move.PASS, Move.PARRY))


def note_decision(state: KungFuState, p: int, i: int, flags: int, att: int) -> None:
    """Seat ``p`` answers with action ``i``: an attack, a pass or a parry is noted, with
    the figures it saw, before the card leaves the hand (``flags`` and ``att``: see the
    module docstring; :func:`.view.decision_figures` reads them)."""
    record = state.record
    table = state.kf_game.table
    move = table.move[i]
    if record is None or move not in _READ:
        return
    life, koku = state.life, state.koku_total
    record.append(
        (
            p,
            HIDDEN if move == Move.ATTACK_DOWN else i,
            life[0],
            life[1],
            koku[0],
            koku[1],
            state.reds[0],
            state.reds[1],
            state.blues[0],
            state.blues[1],
            flags,
            att,
        )
    )


def note_received(state: KungFuState, p: int, colour: int, n: int = 1) -> None:
    """Seat ``p`` drew ``n`` cards of ``colour``."""
    record = state.record
    if record is not None:
        for _ in range(n):
            record.append((p, RECEIVED, colour))


def note_left(state: KungFuState, p: int, k: int) -> None:
    """A card of type ``k`` left ``p``'s hand without a choice."""
    record = state.record
    if record is not None:
        record.append((p, LEFT, k))


def note_reveal(state: KungFuState, a: int, k: int) -> None:
    """``a``'s face-down attack turns up: it was type ``k``."""
    record = state.record
    if record is None:
        return
    for j in range(len(record) - 1, -1, -1):
        e = record[j]
        if e[0] == a and e[1] == HIDDEN:
            record[j] = (a, state.kf_game.table.attack_down[k].id, *e[2:])
            return


def check_record(state: KungFuState) -> None:
    """The record names seats, colours, card types and actions that exist
    (:class:`StateFormatError` otherwise)."""
    record = state.record
    if record is None:
        return
    table = state.kf_game.table
    num_types = state.kf_game.cards.num_types
    for e in record:
        if not e or not 0 <= e[0] < 2:
            raise StateFormatError("record: no seat in {entry}", entry=list(e))
        if len(e) == 3:
            if not (
                (e[1] == RECEIVED and 0 <= e[2] < 2) or (e[1] == LEFT and 0 <= e[2] < num_types)
            ):
                raise StateFormatError("record: unknown entry {entry}", entry=list(e))
            continue
        if len(e) != DECISION:
            raise StateFormatError(
                "record: an entry has 3 or {size} numbers, not {entry}",
                size=DECISION,
                entry=list(e),
            )
        action = e[1]
        if not (
            (action == HIDDEN or (0 <= action < len(table.move) and table.move[action] in _READ))
            and all(x >= 0 for x in e[2:10])
            and 0 <= e[10] < 8
            and -1 <= e[11] < num_types
        ):
            raise StateFormatError("record: impossible decision {entry}", entry=list(e))
