"""An UNO Power state written as position fields: :meth:`UnoPowerGame.describe`
(docs/positions.md, "From a saved state or a record").

At a seat's normal turn the fields say everything: the hands, the card in play and
the colour named for it, the discard pile under it and the whole draw pile in order,
the towers, the seat to play (and the card it has just drawn, to play or keep), the
direction, the match so far (scores, dealer, round, the last round's result) and the
turn's number in the round. At the round's
first turn, while the first card is still the card in play, they say it as the deal
left it (``start = "first card"``): a Draw One or Draw Two turned up first gave the
first player cards, which go back to the top of ``draw`` for the first card's rule to
give again, and a Wild Grab-a-Tower's colour is still to name. A decision inside a
turn (a challenge, a catch window, towers to take...) cannot be written:
:func:`tabletop.core.positions.position_of` reaches it with ``moves``.

    >>> import tabletop
    >>> game = tabletop.make("uno-power")
    >>> state = game.position({"hands": [["red 5"], ["red 9", "blue 5"]], "top": "red 3"})
    >>> fields = game.describe(state)
    >>> fields["hands"], fields["top"], fields["turn"]
    ([['red 5'], ['red 9', 'blue 5']], 'red 3', 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.core.errors import TabletopError
from tabletop.core.positions import PositionError
from tabletop.games.uno_power.cards import (
    BLOCKING_TOWER,
    COLOURS,
    DRAW1,
    DRAW2,
    GRAB2,
    TOWERS,
    WILD_DRAW4,
)
from tabletop.games.uno_power.phases import (
    ASK_BONUS,
    ASK_CATCH,
    ASK_CHALLENGE,
    ASK_ICON_GRAB,
    ASK_JUMP,
    ASK_NAME_COLOUR,
    ASK_PLAY_DRAWN,
    ASK_PROTECT,
    ASK_STACK,
    ASK_SWAP,
    ASK_TOWERS,
    STAGE_BONUS,
    STAGE_CATCH,
    STAGE_DONE,
    STAGE_GRAB,
    STAGE_JUMP,
    STAGE_NEXT,
    STAGE_SWAP,
)

if TYPE_CHECKING:
    from tabletop.core.decisions import Decision
    from tabletop.games.uno_power.state import UnoPowerState

LEFTOVERS: Final = {"actor": -1, "next_turn": -1, "towers_before": 0, "wd4_colour": -1}
"""The working figures of a play, as a round starts: who played the card, whose turn
comes next, the towers the player held before it, the colour under a Wild Draw Four.
Between plays they keep the last play's values, which nothing reads again."""


def describe(state: UnoPowerState) -> dict[str, Any]:
    """The position fields of ``state`` (see the module docstring); a moment they
    cannot write raises :class:`PositionError`."""
    g = state.uno_game
    cards = g.cards
    names = cards.names
    first_card = _at_first_card(state)
    _check_writable(state, first_card)
    n = state.num_players
    hands = [state.hand_cards(p) for p in range(n)]
    draw = list(reversed(state.deck.draw_pile))  # the first listed is drawn first
    top = state.top
    fields: dict[str, Any] = {"seed": state.seed}
    drawer = -1
    if first_card:
        fields["start"] = "first card"
        first = (state.dealer + 1) % n
        sym = cards.symbol[top]
        blocked = sym in BLOCKING_TOWER and state.towers[BLOCKING_TOWER[sym]] == first
        if sym in (DRAW1, DRAW2) and not blocked:  # the first player drew: give them back
            drawer = first
            given = hands[first][len(hands[first]) - cards.draw_amount[top] :]
            del hands[first][len(hands[first]) - len(given) :]
            draw = given + draw
        if state.deck.discard_pile != [top]:
            raise _unwritable(TabletopError("a discard pile under the first card"))
    fields["hands"] = [[names[k] for k in hand] for hand in hands]
    fields["top"] = names[top]
    if not first_card:
        if cards.colour[top] < 0:
            fields["colour"] = COLOURS[state.colour]
        fields["turn"] = state.turn
        if state.ask:  # a card just drawn, to play or keep
            fields["drawn"] = names[state.ask[-1].data[0]]
        if state.direction != 1:
            fields["direction"] = state.direction
        if state.turns != 1:
            fields["turn_number"] = state.turns
    held = {TOWERS[t]: seat for t, seat in enumerate(state.towers) if seat >= 0}
    if held:
        fields["towers"] = held
    fields["dealer"] = state.dealer
    if state.round != 1:
        fields["round"] = state.round
    if any(state.scores):
        fields["scores"] = list(state.scores)
    called = [len(hand) == 1 for hand in hands]
    if drawer >= 0:
        called[drawer] = False  # drawing clears a call
    if called != state.called:
        fields["called"] = list(state.called)
    below = state.deck.discard_pile[:-1]
    if below:
        fields["discard"] = [names[k] for k in below]
    fields["draw"] = [names[k] for k in draw]
    if state.box:
        fields["box"] = [names[k] for k in state.box]
    if state.last_round is not None:
        last = state.last_round
        fields["last_round"] = {
            "winner": last["winner"],
            "how": last["how"],
            "hands": [[names[c["kind"]] for c in hand] for hand in last["hands"]],
        }
    return fields


def situation(state: UnoPowerState, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (the saved state's, as :meth:`Game.situation` gives it) with each
    working figure of a play set as a round starts (:data:`LEFTOVERS`) where it lies
    idle, holding an earlier play's value that nothing reads before it is set again.

    From the start of a turn (a drawn card to play or keep, the four-tower bonus and
    the catch window that opens there included) to the next play, all of them lie
    idle, and ``played`` too (except on a Grab Two Towers turned up first, whose rule
    for the first turn reads it). Inside a play, the towers held before it count only
    until the four-tower bonus has been offered, the next seat only once the card's
    effect has settled it (a blocked Wild Draw Four's challenge settles it first), and
    the colour under a Wild Draw Four only when that card is the one being played."""
    ask = state.ask
    if state.stage == STAGE_DONE and all(_idle(d) for d in ask):
        data.update(LEFTOVERS)
        if state.turns > 1 or state.uno_game.cards.symbol[state.top] != GRAB2:
            data["played"] = -1
        return data
    stage = state.stage
    if stage not in (STAGE_GRAB, STAGE_SWAP, STAGE_BONUS):
        data["towers_before"] = LEFTOVERS["towers_before"]
    settling = any(
        d.kind in (ASK_PROTECT, ASK_STACK) or (d.kind == ASK_CHALLENGE and not d.data[2])
        for d in ask
    )
    if stage not in (STAGE_CATCH, STAGE_JUMP, STAGE_NEXT) or settling:
        data["next_turn"] = LEFTOVERS["next_turn"]
    if state.played < 0 or state.uno_game.cards.symbol[state.played] != WILD_DRAW4:
        data["wd4_colour"] = LEFTOVERS["wd4_colour"]
    return data


def _idle(d: Decision) -> bool:
    """Whether the working figures lie idle while ``d`` waits (at a turn's start)."""
    if d.kind == ASK_BONUS:
        return bool(d.data[0])
    return d.kind in (ASK_PLAY_DRAWN, ASK_CATCH, ASK_NAME_COLOUR)


def _at_first_card(state: UnoPowerState) -> bool:
    """Whether the first card of the round is still the card in play, with no card
    played (and a wild's colour, if any, not yet named): ``start = "first card"``."""
    if state.turns != 1 or state.played >= 0:
        return False
    return not (state.uno_game.cards.colour[state.top] < 0 and state.colour >= 0)


def _check_writable(state: UnoPowerState, first_card: bool) -> None:
    if state.over:
        raise PositionError("moves", "the game is over: no decision is left to write")
    for d in state.ask:
        if first_card and (d.kind == ASK_NAME_COLOUR or (d.kind == ASK_BONUS and d.data[0])):
            continue  # the first card's rules ask it again
        if not first_card and d.kind == ASK_PLAY_DRAWN and len(state.ask) == 1:
            continue  # ``drawn``
        raise _unwritable(_pending(d))
    if state.stage != STAGE_DONE:
        raise _unwritable(TabletopError("a card still being played"))
    if state.pending_draw:
        raise _unwritable(TabletopError("cards still to draw"))
    if state.uno_pending >= 0:
        raise _unwritable(TabletopError("a missed UNO call still to catch"))
    if state.pass_streak:
        raise _unwritable(TabletopError("passes in a row with no card left to draw"))


def _pending(d: Decision) -> TabletopError:
    """The decision ``d`` in words."""
    kind = d.kind
    if kind == ASK_PLAY_DRAWN:
        return TabletopError("a drawn card to play or keep")
    if kind in (ASK_TOWERS, ASK_ICON_GRAB):
        return TabletopError("towers to take")
    if kind == ASK_NAME_COLOUR:
        return TabletopError("a colour to name")
    if kind == ASK_SWAP:
        return TabletopError("a hand to swap")
    if kind == ASK_BONUS:
        return TabletopError("the four-tower bonus")
    if kind == ASK_CATCH:
        return TabletopError("a window to catch a missed UNO call")
    if kind == ASK_CHALLENGE:
        return TabletopError("a Wild Draw Four to challenge")
    if kind == ASK_STACK:
        return TabletopError("a draw card to stack or take")
    if kind == ASK_PROTECT:
        return TabletopError("a tower to block a card with")
    if kind == ASK_JUMP:
        return TabletopError("a jump-in")
    return TabletopError("a decision inside a turn")


def _unwritable(what: TabletopError) -> PositionError:
    return PositionError(
        "moves",
        "{what}: a moment inside a turn, which the fields cannot write (position_of "
        "reaches it with moves from the turn's start)",
        what=what,
    )
