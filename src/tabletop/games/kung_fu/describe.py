"""A Kung Fu state written as position fields: :meth:`KungFuGame.describe`
(docs/positions.md, "From a saved state or a record").

A position starts a round, run to its first decision: the fields write a state
where the holder of the initiative decides whether to attack (after any handovers of
the round: the initiative and the voluntary handovers left say them). They list the
hands and koku rows, life, the initiative, the red and blue piles whole and in order
with their discards, the round, the handovers left, the no-parry marks, the box and
the last round's result. A decision later in the round (a parry, an activation, a
payment, the defender's choice, a draw split) cannot be written:
:func:`tabletop.core.positions.position_of` reaches it with ``moves``.

    >>> import tabletop
    >>> game = tabletop.make("kung-fu")
    >>> fields = game.describe(game.new_state(2, seed=3))
    >>> sorted(fields)
    ['attacker', 'blue', 'hands', 'life', 'red', 'seed']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError
from tabletop.core.positions import PositionError
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.phases import Ask, Stage
from tabletop.games.kung_fu.rounds import NOT_PLAYED

if TYPE_CHECKING:
    from tabletop.core.decisions import Decision
    from tabletop.games.kung_fu.state import KungFuState


def describe(state: KungFuState) -> dict[str, Any]:
    """The position fields of ``state`` (see the module docstring); a moment they
    cannot write raises :class:`PositionError`."""
    _check_writable(state)
    g = state.kf_game
    names = g.cards.names
    fields: dict[str, Any] = {
        "seed": state.seed,
        "hands": [[names[k] for k in state.hand_types(p)] for p in (0, 1)],
    }
    if state.rows[0] or state.rows[1]:
        fields["rows"] = [[names[k] for k in row] for row in state.rows]
    fields["life"] = list(state.life)
    fields["attacker"] = state.attacker
    if state.round != 1:
        fields["round"] = state.round
    most = g.options.max_voluntary_passes
    if state.passes != [most, most]:
        fields["passes"] = list(state.passes)
    if any(state.no_parry):
        fields["no_parry"] = list(state.no_parry)
    for colour, name in ((RED, "red"), (BLUE, "blue")):
        deck = state.decks[colour]
        fields[name] = [names[k] for k in reversed(deck.draw_pile)]  # drawn first, first
        if deck.discard_pile:
            fields[f"{name}_discard"] = [names[k] for k in deck.discard_pile]
    if state.box:
        fields["box"] = [names[k] for k in state.box]
    last = state.last_round
    if last is not None:
        fields["last_round"] = {
            "attack_value": last[1],
            "parry_value": last[2],
            "damage": last[3],
            "effects": list(last[4]),
        }
    return fields


def _check_writable(state: KungFuState) -> None:
    if state.over:
        raise PositionError("moves", "the game is over: no decision is left to write")
    ask = state.ask
    if len(ask) != 1 or ask[-1].kind != Ask.ATTACK:
        raise _unwritable(_pending(ask[-1]) if ask else TabletopError("a decision inside a round"))
    if state.stage != Stage.INITIATIVE or state.att_card >= 0 or state.par_card != NOT_PLAYED:
        raise _unwritable(TabletopError("cards in play"))
    if state.deciding:
        raise _unwritable(TabletopError("the deciding fight after a double knock-out"))
    if any(state.mark_next):
        raise _unwritable(TabletopError("a no-parry mark for the next round"))


def _pending(d: Decision) -> TabletopError:
    """The decision ``d`` in words."""
    kind = d.kind
    if kind == Ask.DRAW:
        return TabletopError("cards to draw, red or blue")
    if kind == Ask.PARRY:
        return TabletopError("a parry")
    if kind == Ask.ACTIVATE:
        return TabletopError("an activation")
    if kind == Ask.PAY:
        return TabletopError("a payment in koku")
    if kind == Ask.CHOICE:
        return TabletopError("the defender's choice")
    if kind == Ask.DISCARD_KOKU:
        return TabletopError("a koku card to discard")
    if kind == Ask.FACEDOWN_DRAW:
        return TabletopError("a draw against a face-down attack")
    return TabletopError("a decision inside a round")


def _unwritable(what: TabletopError) -> PositionError:
    return PositionError(
        "moves",
        "{what}: a moment inside a round, which the fields cannot write (position_of "
        "reaches it with moves from the round's first decision)",
        what=what,
    )
