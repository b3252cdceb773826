"""The start of a round: rulebook "Setup and the first card" (choosing the first
dealer, the deal, the first card turned up and its effect, the colour named for a
Wild Grab-a-Tower turned up first).

Run once per round, by ``UnoPowerState.new`` and, through ``state.start_round()``,
by the end of the previous round (:mod:`.scoring`); none of it is on the hot path.
A position that starts at the first card (docs/positions.md, ``start``) turns it up
with :func:`turn_up_first_card`, as the deal does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.core.piles import Deck
from tabletop.games.uno_power.cards import (
    BLOCKING_TOWER,
    COLOURS,
    DRAW1,
    DRAW2,
    NUM_TOWERS,
    REVERSE,
    SKIP,
    TOWERS,
    WILD_DRAW4,
    WILD_GRAB,
)
from tabletop.games.uno_power.drawing import add_card, draw_cards
from tabletop.games.uno_power.legal import match_row
from tabletop.games.uno_power.phases import ASK_NAME_COLOUR, STAGE_DONE
from tabletop.games.uno_power.turn import begin_turn

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def choose_first_dealer(state: UnoPowerState) -> int:
    """The first dealer, by ``options.dealer`` (ties for the highest card draw again)."""
    n = state.num_players
    how = state.uno_game.options.dealer
    if how == "rotate":
        return 0
    if how == "random":
        dealer = state.rng.randrange(n)
        if state.keeps_log:
            text = f"player {dealer + 1} deals (drawn at random)"
            state.event("dealer", text, dealer=dealer, random=True)
        return dealer
    cards = state.uno_game.cards
    pool = list(cards.deck)  # cards drawn for the deal are set aside
    contenders = list(range(n))
    while True:
        if len(pool) < len(contenders):
            pool = list(cards.deck)
        picks = state.rng.sample(pool, len(contenders))
        for card in picks:
            pool.remove(card)
        drawn = dict(zip(contenders, picks, strict=True))
        if state.keeps_log:
            for p, card in drawn.items():
                state.event(
                    "dealer_draw",
                    f"player {p + 1} draws {cards.names[card]} for the deal",
                    player=p,
                    card=cards.describe(card),
                )
        value = {p: (cards.symbol[c] if cards.symbol[c] <= 9 else 0) for p, c in drawn.items()}
        best = max(value.values())
        contenders = [p for p in contenders if value[p] == best]
        if len(contenders) == 1:
            dealer = contenders[0]
            if state.keeps_log:
                state.event("dealer", f"player {dealer + 1} deals", dealer=dealer)
            return dealer
        state.event("dealer_tie", "tie for the highest card: the tied players draw again")


def start_round(state: UnoPowerState) -> None:
    """Shuffle, deal, and turn up the first card and apply it; the dealer is already set."""
    g = state.uno_game
    opts = g.options
    cards = g.cards
    n = state.num_players
    state.round += 1
    if opts.towers_reset_each_round:
        state.towers = [-1] * NUM_TOWERS
    state.hands = [bytearray(cards.num_kinds) for _ in range(n)]
    state.held = [0] * n
    state.sizes = [0] * n
    state.called = [False] * n
    state.box = ()  # a position's cards out of its round come back for the next deal
    state.deck = Deck(cards.deck, keep=1)
    state.deck.shuffle(state.rng)
    state.ask.clear()
    state.direction = 1
    state.pending_draw = 0
    state.uno_pending = -1
    state.wd4_colour = -1
    state.turns = 0
    state.pass_streak = 0
    state.stage = STAGE_DONE
    state.actor = -1
    state.played = -1
    state.next_turn = -1
    state.towers_before = 0
    if state.keeps_log:
        state.event(
            "round",
            f"round {state.round}: player {state.dealer + 1} deals",
            round=state.round,
            dealer=state.dealer,
        )
    for _ in range(opts.hand_size):
        for i in range(1, n + 1):
            p = (state.dealer + i) % n
            card = state.deck.draw_pile.pop()
            add_card(state, p, card)
    if state.record is not None:  # a round's record starts from the hands dealt
        state.record = []
    if state.keeps_log:
        for p in range(n):
            text = "your hand: " + state.hand_text(p)
            state.event("hand", text, private=p, cards=state.hand_cards(p))

    turn_up_first_card(state)


def turn_up_first_card(state: UnoPowerState, scripted: int = 0) -> None:
    """Turn up the top card of the draw pile to start the discard pile, and apply it
    as if the dealer had played it; the hands are dealt.

    A Wild Draw Four (and, under the redraw policy, a Wild Grab-a-Tower) goes back
    into the deck, which is shuffled, and the next card is turned up. ``scripted``:
    the cards on top of the draw pile that a position put there (its ``top`` and
    ``draw``), turned up in their order: a card that goes back is shuffled in under
    them. The pile must hold a card that stays.
    """
    g = state.uno_game
    opts = g.options
    cards = g.cards
    n = state.num_players
    pile = state.deck.draw_pile
    while True:
        card = pile.pop()
        scripted -= 1
        sym = cards.symbol[card]
        if sym == WILD_DRAW4 or (sym == WILD_GRAB and opts.first_wild_grab_policy == "redraw"):
            if scripted > 0:  # under the cards still scripted
                cut = len(pile) - scripted
                below = [*pile[:cut], card]
                state.rng.shuffle(below)
                pile[:cut] = below
            else:
                pile.append(card)
                state.rng.shuffle(pile)
            if state.keeps_log:
                text = f"{cards.names[card]} is turned up and goes back"
                state.event("flip_back", text, card=cards.describe(card))
            continue
        break
    state.deck.discard_pile.append(card)
    state.top = card
    state.colour = cards.colour[card]
    state.mi = match_row(state)
    if state.keeps_log:
        state.event("flip", f"the first card is {cards.names[card]}", card=cards.describe(card))

    first = (state.dealer + 1) % n
    if sym in BLOCKING_TOWER and state.towers[BLOCKING_TOWER[sym]] == first:
        # Towers kept from the last round block it as if the dealer had played it.
        if state.keeps_log:
            tower = TOWERS[BLOCKING_TOWER[sym]]
            text = f"player {first + 1} blocks the first card with tower {tower}"
            state.event("blocked", text, player=first, tower=tower, what="first_card")
        begin_turn(state, first)
    elif sym == SKIP:
        state.event("skip", f"player {first + 1} is skipped", player=first)
        begin_turn(state, (first + 1) % n)
    elif sym == REVERSE:
        state.direction = -1
        if state.keeps_log:
            text = f"play runs to the right; player {state.dealer + 1} starts"
            state.event("reverse", text, player=state.dealer, first=True)
        begin_turn(state, state.dealer)
    elif sym in (DRAW1, DRAW2):
        draw_cards(state, first, cards.draw_amount[card], "first_card")
        begin_turn(state, (first + 1) % n)
    elif sym == WILD_GRAB:
        begin_turn(state, first)
        state.ask.push(Decision(ASK_NAME_COLOUR, first))
    else:
        begin_turn(state, first)


def name_first_colour(state: UnoPowerState, p: int, c: int) -> None:
    """The first player names colour ``c`` for a Wild Grab-a-Tower turned up first."""
    state.colour = c
    state.mi = match_row(state)
    state.event("colour", f"player {p + 1} names {COLOURS[c]}", player=p, colour=COLOURS[c])
