"""A rule-based UNO Power policy: the heuristic bot's logic, compiled with the engine.

It reads only its own view and the legal actions. On its turn it scores each
playable card: shed points early, keep wilds for later, attack a next player who is
close to going out (unless a tower protects them), grab towers it lacks, and stay in
the colour it holds most. It always calls UNO, always catches, never bluffs a Wild
Draw Four unless desperate, and challenges a Wild Draw Four from a player with a big
hand. It plays the legal action with the highest score (ties: the lowest id); with
one legal action it plays that.

It reads what ``state.view(player)`` shows that seat, but from the state's fields
rather than from a view built for each choice (the search's rollouts call this policy
at every step, and building the view was most of its cost): the number of players,
the direction, the colour in play, who holds each tower, every seat's hand size and
the seat's own hand (counts per card kind, summed here per colour). Nothing else.

:class:`~tabletop.games.uno_power.bots.UnoHeuristicBot` plays by :func:`choose`. This
module is compiled with the engine (``setup.py``); the bot's class cannot be, as it
derives from the interpreted :class:`~tabletop.bots.base.Bot`.
"""

from __future__ import annotations

from typing import Final

from tabletop.core.action import Action
from tabletop.core.state import State
from tabletop.games.uno_power.actions import (
    MOVE_BLOCK,
    MOVE_BONUS,
    MOVE_CATCH,
    MOVE_CHALLENGE,
    MOVE_DRAW,
    MOVE_KEEP,
    MOVE_NAME_COLOUR,
    MOVE_NO_BONUS,
    MOVE_NO_CATCH,
    MOVE_NO_CHALLENGE,
    MOVE_NO_JUMP,
    MOVE_NO_TOWER,
    MOVE_PENALTY,
    MOVE_PLAY,
    MOVE_SWAP,
    MOVE_TAKE,
    ActionTable,
)
from tabletop.games.uno_power.cards import (
    BLOCKING_TOWER,
    DRAW_AMOUNT,
    GRAB2,
    NUM_COLOURS,
    NUM_SYMBOLS,
    NUM_TOWERS,
    SKIP,
    WILD_DRAW4,
    WILD_GRAB,
    CardTable,
)
from tabletop.games.uno_power.state import UnoPowerState

CHALLENGE_HAND_SIZE: Final = 6

# The terms of a play's score (see docs/bots.md; the hints word them, :mod:`.explain`).
CALL_UNO: Final = 100.0  # the play that calls UNO
WILD_PER_CARD: Final = 2.0  # a wild: each card held of the colour it names
WILD_KEPT: Final = 12.0  # a wild played while more than two cards are held: minus this
BLUFF: Final = 25.0  # a Wild Draw Four while holding the colour in play: minus this
SAME_COLOUR: Final = 1.5  # each other card held of the card's colour
PROTECTED: Final = 6.0  # an attack the next player's tower blocks: minus this
ATTACK: Final = 4.0  # an attack on the next player, plus ATTACK_URGENCY / their cards
ATTACK_URGENCY: Final = 12.0
ICON_FROM_POOL: Final = 5.0  # an icon card whose tower lies in the pool
ICON_FROM_PLAYER: Final = 8.0  # an icon card whose tower another player holds
GRAB: Final = 6.0  # Grab Two Towers and Wild Grab-a-Tower

# Per card symbol: whether the card targets the next player (a draw card or Skip),
# and the tower that protects against it (-1: none).
TARGETS: Final[tuple[bool, ...]] = tuple(s in DRAW_AMOUNT or s == SKIP for s in range(NUM_SYMBOLS))
BLOCKED_BY: Final[tuple[int, ...]] = tuple(BLOCKING_TOWER.get(s, -1) for s in range(NUM_SYMBOLS))


def choose(state: State, player: int) -> Action:
    """The action the heuristic plays for ``player``, the current player."""
    assert isinstance(state, UnoPowerState)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    game = state.uno_game
    table = game.table
    cards = game.cards
    counts, size = _hand_colours(cards, state.hands[player])
    # The highest score wins; among equal scores the lowest id (the first maximum of
    # the key (score, -id)).
    best = legal[0]
    best_id = best.id
    best_score = _score(state, table, cards, counts, size, player, best_id)
    for j in range(1, len(legal)):
        action = legal[j]
        i = action.id
        score = _score(state, table, cards, counts, size, player, i)
        if score > best_score or (score == best_score and i < best_id):
            best = action
            best_id = i
            best_score = score
    return best


def _hand_colours(cards: CardTable, hand: bytearray) -> tuple[list[int], int]:
    """The cards of each colour in ``hand`` (counts per kind), and how many in all."""
    counts = [0] * NUM_COLOURS
    size = 0
    colour = cards.colour
    # Compiled, indexing bytes is a C primitive, indexing a bytearray is not.
    data = bytes(hand)
    for k in range(len(data)):
        held = data[k]
        if held:
            c = colour[k]
            if c >= 0:
                counts[c] += held
            size += held
    return counts, size


def _score(
    state: UnoPowerState,
    table: ActionTable,
    cards: CardTable,
    counts: list[int],
    size: int,
    me: int,
    i: int,
) -> float:
    """The score of action ``i`` for seat ``me``, who holds ``counts`` and ``size``."""
    move = table.move[i]
    if move == MOVE_PLAY:
        return _score_play(state, table, cards, counts, size, me, i)
    if move == MOVE_DRAW:
        return -5.0
    if move == MOVE_KEEP:
        return -1.0
    if move in (MOVE_CATCH, MOVE_BLOCK):
        return 10.0
    if move == MOVE_NO_JUMP:
        return -1.0
    if move == MOVE_NO_BONUS:
        return 0.0
    if move in (MOVE_NO_CATCH, MOVE_PENALTY, MOVE_NO_TOWER):
        return -10.0
    if move == MOVE_BONUS:
        keep = cards.colour[table.kind[i]]
        # Keep a wild (always playable), else a card of the colour in play.
        value = 5.0 + (3.0 if keep < 0 else 0.0)
        value += 1.0 if keep >= 0 and keep == state.colour else 0.0
        return value + (1.0 if table.calls[i] else 0.0)
    if move == MOVE_TAKE:
        mask = table.arg[i]
        value = 0.0
        for t in range(NUM_TOWERS):
            if mask >> t & 1:
                holder = state.towers[t]
                if holder >= 0:
                    # Stealing also strips a rival; the fewer cards, the better.
                    value += 2.0 + 10.0 / (1 + state.sizes[holder])
                else:
                    value += 1.0
        return value
    if move == MOVE_NAME_COLOUR:
        return _colour_count(counts, table.arg[i])
    if move == MOVE_SWAP:
        return -float(state.sizes[table.arg[i]])
    if move == MOVE_CHALLENGE:
        actor = _last_actor(state, me)
        return 1.0 if state.sizes[actor] >= CHALLENGE_HAND_SIZE else -1.0
    if move == MOVE_NO_CHALLENGE:
        return 0.0
    return 0.0


def _score_play(
    state: UnoPowerState,
    table: ActionTable,
    cards: CardTable,
    counts: list[int],
    size: int,
    me: int,
    i: int,
) -> float:
    """The score of playing a card (action ``i``, of move ``MOVE_PLAY``)."""
    nxt = (me + state.direction) % state.num_players
    return play_score(
        table, cards, counts, size, me, i, state.colour, state.towers, nxt, state.sizes[nxt]
    )


def play_score(
    table: ActionTable,
    cards: CardTable,
    counts: list[int],
    size: int,
    me: int,
    i: int,
    in_play: int,
    towers: list[int],
    nxt: int,
    nxt_size: int,
) -> float:
    """The score of action ``i`` (a play) for seat ``me``, who holds ``counts`` of each
    colour and ``size`` cards, with colour ``in_play``, the tower holders ``towers`` and
    ``nxt_size`` cards in the hand of the next player ``nxt``.

    Public, and free of the state, so that a belief (:mod:`.belief`) can replay the
    choices a seat made earlier with the hand it may have held then.
    """
    k = table.kind[i]
    sym = cards.symbol[k]
    score = cards.points[k] / 10.0
    if table.calls[i]:
        score += CALL_UNO
    colour = cards.colour[k]
    if colour < 0:
        score += _colour_count(counts, table.colour[i]) * WILD_PER_CARD
        if size > 2:
            score -= WILD_KEPT
        # A bluff: a Wild Draw Four while holding the colour in play.
        if sym == WILD_DRAW4 and in_play >= 0 and counts[in_play] > 0:
            score -= BLUFF
    else:
        score += (_colour_count(counts, colour) - 1) * SAME_COLOUR
    if TARGETS[sym]:
        tower = BLOCKED_BY[sym]
        if tower >= 0 and towers[tower] == nxt:  # protected
            score -= PROTECTED
        else:
            score += ATTACK + ATTACK_URGENCY / nxt_size
    icon = cards.icon[k]
    if icon >= 0:
        holder = towers[icon]
        if holder != me:
            score += ICON_FROM_POOL if holder < 0 else ICON_FROM_PLAYER
    if sym in (GRAB2, WILD_GRAB):
        score += GRAB
    return score


def _colour_count(counts: list[int], colour: int) -> float:
    """How many cards of ``colour`` the seat holds."""
    return float(counts[colour])


def _last_actor(state: UnoPowerState, me: int) -> int:
    """The seat before ``me`` in the direction of play (whose Wild Draw Four it may
    challenge)."""
    return (me - state.direction) % state.num_players
