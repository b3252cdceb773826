"""What a saved UNO Power state must be to load: a state the rules can reach.

``UnoPowerState.from_dict`` reads the fields and hands the state to
:func:`check_state`, which refuses what no game could have led to with a
:class:`~tabletop.core.errors.StateFormatError` naming the field and the problem
(docs/positions.md, "Saved states"). A hand-edited save, a position builder that
loses a card or an engine bug that copies one then fails at once, with its reason,
instead of playing on as a game with 111 or 113 cards; it is also why the tests
build their situations with every card of the deck somewhere.

Cards lie in three places: the hands, the draw pile and the discard pile (the card
in play is the discard pile's top, and a card being played or just drawn is already
there or in a hand), and a fourth in a position's round: the box, the cards out of
it (``state.box``). Each card of ``cards.copies`` must be in one of them exactly
once.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tabletop.core.checks import check_card_ids, check_in_range
from tabletop.core.errors import StateFormatError
from tabletop.core.hands import kinds_held
from tabletop.core.piles import check_every_card_once as check_every_card_once_in
from tabletop.games.uno_power.cards import COLOURS, NUM_COLOURS, NUM_TOWERS
from tabletop.games.uno_power.phases import ASK_NAME_COLOUR, ASK_NAMES, ASK_PLAY_DRAWN

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def check_state(state: UnoPowerState) -> None:
    """Raise :class:`StateFormatError` unless ``state`` is one the rules can reach."""
    check_piles(state)
    check_seats(state)
    check_counts(state)
    check_every_card_once(state)
    check_card_in_play(state)
    check_record(state)


def check_piles(state: UnoPowerState) -> None:
    """Every card in the piles is a card of this deck (the hands are read before)."""
    num_kinds = state.uno_game.cards.num_kinds
    deck = state.deck
    for pile, cards in (("draw", deck.draw_pile), ("discard", deck.discard_pile)):
        check_card_ids(f"deck.{pile}", cards, num_kinds)
    check_card_ids("box", state.box, num_kinds)


def check_every_card_once(state: UnoPowerState) -> None:
    """Each card of the deck lies in exactly one place: a hand, a pile or the box."""
    cards = state.uno_game.cards
    places: dict[str, Counter[int]] = {
        f"hands[{p}]": Counter(kinds_held(hand)) for p, hand in enumerate(state.hands)
    }
    places["deck.draw"] = Counter(state.deck.draw_pile)
    places["deck.discard"] = Counter(state.deck.discard_pile)
    places["box"] = Counter(state.box)
    check_every_card_once_in(cards.names, cards.copies, places)


def check_card_in_play(state: UnoPowerState) -> None:
    """The card in play tops the discard pile, in its own colour unless wild (a wild
    first card has none until it is named); the card being played is that card; a
    card just drawn and offered for play is in its drawer's hand."""
    cards = state.uno_game.cards
    discard = state.deck.discard_pile
    if not discard:
        raise StateFormatError("deck.discard: empty, but the card in play lies on it")
    if state.top != discard[-1]:
        raise StateFormatError(
            "top: {top} is not the discard pile's top card ({card})",
            top=state.top,
            card=discard[-1],
        )
    own = cards.colour[state.top]
    if own >= 0 and state.colour != own:
        raise StateFormatError(
            "colour: {colour}, but the card in play ({card}) is of its own colour",
            colour=state.colour,
            card=cards.names[state.top],
        )
    naming = any(d.kind == ASK_NAME_COLOUR for d in state.ask)
    if (state.colour < 0) != naming:
        raise StateFormatError(
            "colour: {colour}; no colour (-1) is kept only while the colour of "
            "a wild first card is still to be named",
            colour=state.colour,
        )
    if state.played not in (-1, state.top):
        raise StateFormatError(
            "played: {played} is not the card in play ({card})",
            played=state.played,
            card=cards.names[state.top],
        )
    for d in state.ask:
        if d.kind == ASK_PLAY_DRAWN:
            k = d.data[0] if d.data else -1
            if not 0 <= k < cards.num_kinds or not state.hands[d.player][k]:
                raise StateFormatError(
                    "ask: player {player} is offered to play a drawn card {card} "
                    "that is not in their hand",
                    player=d.player + 1,
                    card=k,
                )


def check_seats(state: UnoPowerState) -> None:
    """Seats name players of this game; one entry per seat or tower where there should be."""
    n = state.num_players
    for name in ("called", "scores"):
        if len(getattr(state, name)) != n:
            raise StateFormatError(
                "{name}: one per player ({players}), got {count}",
                name=name,
                players=n,
                count=len(getattr(state, name)),
            )
    if len(state.towers) != NUM_TOWERS:
        raise StateFormatError("towers: one holder per tower ({towers})", towers=NUM_TOWERS)
    check_in_range("turn", [state.turn], 0, n - 1)
    check_in_range("dealer", [state.dealer], 0, n - 1)
    for name in ("actor", "next_turn", "uno_pending"):
        check_in_range(name, [getattr(state, name)], -1, n - 1)
    check_in_range("towers", state.towers, -1, n - 1)
    check_in_range("winners", state.winner_list, 0, n - 1)
    check_in_range("ask", [d.player for d in state.ask], 0, n - 1)


def check_counts(state: UnoPowerState) -> None:
    """Directions, colours and counts within what the rules make of them."""
    if state.direction not in (1, -1):
        raise StateFormatError("direction: 1 or -1, got {direction}", direction=state.direction)
    check_in_range("colour", [state.colour], -1, len(COLOURS) - 1)
    check_in_range("wd4_colour", [state.wd4_colour], -1, len(COLOURS) - 1)
    check_in_range("scores", state.scores, 0, None)
    check_in_range("round", [state.round], 1, None)
    check_in_range("turns", [state.turns], 0, None)
    check_in_range("pending_draw", [state.pending_draw], 0, None)
    check_in_range("pass_streak", [state.pass_streak], 0, state.num_players)


def check_record(state: UnoPowerState) -> None:
    """The public record names seats, actions and decision kinds that exist."""
    if state.record is None:
        return
    n = state.num_players
    g = state.uno_game
    num_actions = len(g.table.move)
    for e in state.record:
        if not 0 <= e[0] < n:
            raise StateFormatError("record: no seat {seat} in {entry}", seat=e[0], entry=list(e))
        if len(e) == 2:
            if e[1] not in (-1, -2):
                raise StateFormatError("record: unknown entry {entry}", entry=list(e))
            continue
        if len(e) != 8:
            raise StateFormatError(
                "record: an entry has 2 or 8 numbers, not {entry}", entry=list(e)
            )
        _, action, kind, mi, colour, nxt, nxt_size, towers = e
        if not (
            0 <= action < num_actions
            and -1 <= kind < len(ASK_NAMES)
            and 0 <= mi < len(g.match)
            and -1 <= colour < NUM_COLOURS
            and 0 <= nxt < n
            and nxt_size >= 0
            and 0 <= towers < 1 << 3 * NUM_TOWERS
            and all((towers >> 3 * t & 7) <= n for t in range(NUM_TOWERS))
        ):
            raise StateFormatError("record: impossible decision {entry}", entry=list(e))
