"""What a saved Kung Fu state must be to load: a state the rules can reach.

``KungFuState.from_dict`` reads the fields and hands the state to
:func:`check_state`, which refuses what no game could have led to with a
:class:`~tabletop.core.errors.StateFormatError` naming the field and the problem
(docs/positions.md, "Saved states"). A hand-edited save, a position builder that
loses a card or an engine bug that copies one then fails at once, with its reason,
instead of playing on with a deck that is not the game's; it is also why the tests
build their situations with every card of the deck somewhere.

Cards lie in the hands, the red and blue draw and discard piles, the Koku rows, and
on the table during a round: the attack card (``att_card``) and the parry card
(``par_card``); a position's cards out of the game lie in its box (``box``). A card
leaves the table at cleanup (:func:`.rounds.cleanup` clears both fields then), so each
card of ``cards.count`` must be in one of these places exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sized
from typing import TYPE_CHECKING, Final

from tabletop.core.checks import check_card_ids, check_in_range
from tabletop.core.errors import StateFormatError
from tabletop.core.hands import kinds_held
from tabletop.core.piles import check_every_card_once as check_every_card_once_in
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.effects import MAX_LIFE
from tabletop.games.kung_fu.record import check_record
from tabletop.games.kung_fu.rounds import NOT_PLAYED

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState

PLAYERS: Final = 2
_PER_SEAT: Final = (
    "life",
    "koku_total",
    "passes",
    "lost",
    "no_parry",
    "mark_next",
    "active",
    "gained",
)


def check_state(state: KungFuState) -> None:
    """Raise :class:`StateFormatError` unless ``state`` is one the rules can reach."""
    check_shapes(state)
    check_known_cards(state)
    check_table(state)
    check_every_card_once(state)
    check_koku(state)
    check_counts(state)
    check_record(state)


def check_shapes(state: KungFuState) -> None:
    """Two of each figure kept per fighter (``from_dict`` checks the hands, rows and
    piles as it reads them)."""
    for name in _PER_SEAT:
        check_pair(name, getattr(state, name))


def check_pair(name: str, values: Sized) -> None:
    """``values`` has one entry per fighter."""
    if len(values) != PLAYERS:
        raise StateFormatError(
            "{name}: one entry per fighter ({players}), got {count}",
            name=name,
            players=PLAYERS,
            count=len(values),
        )


def check_known_cards(state: KungFuState) -> None:
    """Every card in the rows and piles is a card of this deck, each pile holding its
    colour's (the hands are read before)."""
    cards = state.kf_game.cards
    piles = {f"rows[{p}]": state.rows[p] for p in range(PLAYERS)}
    piles["box"] = list(state.box)
    for colour, deck in enumerate(state.decks):
        piles[f"decks[{colour}]"] = [*deck.draw_pile, *deck.discard_pile]
    for name, pile in piles.items():
        check_card_ids(name, pile, cards.num_types)
    for colour, deck in enumerate(state.decks):
        for k in (*deck.draw_pile, *deck.discard_pile):
            if cards.colour[k] != colour:
                raise StateFormatError(
                    "decks[{colour}]: {card} is not of its colour",
                    colour=colour,
                    card=cards.names[k],
                )


def check_table(state: KungFuState) -> None:
    """The attack card is a red card played by a fighter; the parry card a blue one (or
    none, -1), played only against an attack; both unset (-1, -2) before the attack."""
    cards = state.kf_game.cards
    att, par = state.att_card, state.par_card
    if att != -1 and not (0 <= att < cards.num_types and cards.colour[att] == RED):
        raise StateFormatError(
            "att_card: {card} is not a red card of this deck (-1: none)", card=att
        )
    if par not in (NOT_PLAYED, -1) and not (
        0 <= par < cards.num_types and cards.colour[par] == BLUE
    ):
        raise StateFormatError(
            "par_card: {card} is not a blue card of this deck (-1: no parry, -2: not yet)",
            card=par,
        )
    if att >= 0 and state.att_player not in (0, 1):
        raise StateFormatError(
            "att_player: the attack card needs its attacker, got {seat}", seat=state.att_player
        )
    if par != NOT_PLAYED and att < 0:
        raise StateFormatError("par_card: a parry without an attack card on the table")


def check_every_card_once(state: KungFuState) -> None:
    """Each card of the deck lies in exactly one place: a hand, a pile, a Koku row, on
    the table or in the box."""
    cards = state.kf_game.cards
    places: dict[str, Counter[int]] = {}
    for p in range(PLAYERS):
        places[f"hands[{p}]"] = Counter(kinds_held(state.hands[p]))
    for p in range(PLAYERS):
        places[f"rows[{p}]"] = Counter(state.rows[p])
    for colour, deck in enumerate(state.decks):
        places[f"decks[{colour}].draw"] = Counter(deck.draw_pile)
        places[f"decks[{colour}].discard"] = Counter(deck.discard_pile)
    places["att_card"] = Counter([state.att_card] if state.att_card >= 0 else [])
    places["par_card"] = Counter([state.par_card] if state.par_card >= 0 else [])
    places["box"] = Counter(state.box)
    check_every_card_once_in(cards.names, cards.count, places)


def check_koku(state: KungFuState) -> None:
    """Each koku total is the worth of its row (the view and the payments read it)."""
    worth = state.kf_game.cards.worth
    for p in range(PLAYERS):
        total = sum(worth[k] for k in state.rows[p])
        if state.koku_total[p] != total:
            raise StateFormatError(
                "koku_total[{seat}]: {total}, but its koku row is worth {worth}",
                seat=p,
                total=state.koku_total[p],
                worth=total,
            )


def check_counts(state: KungFuState) -> None:
    """Seats, life, rounds and handovers within what the rules make of them."""
    opts = state.kf_game.options
    check_in_range("life", state.life, 0, MAX_LIFE)
    check_in_range("attacker", [state.attacker], 0, 1)
    check_in_range("first_player", [state.first_player], 0, 1)
    check_in_range("att_player", [state.att_player], -1, 1)
    check_in_range("winner", [state.winner], -1, 1)
    check_in_range("round", [state.round], 1, opts.round_limit)
    check_in_range("lost", state.lost, 0, None)
    check_in_range("damage", [state.damage], 0, None)
    check_in_range("ask", [d.player for d in state.ask], 0, 1)
    most = opts.max_voluntary_passes
    if most >= 0:
        check_in_range("passes", state.passes, 0, most)
    elif state.passes != [-1, -1]:  # as often as the players want: the count stays -1
        raise StateFormatError(
            "passes: -1 for each fighter under the option's -1, got {passes}", passes=state.passes
        )
