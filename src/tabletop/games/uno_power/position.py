"""An UNO Power situation set up in the players' words (docs/positions.md).

A position names the hands by card names (as the game names them: ``"red 7 (O)"``,
``"blue Draw Two"``, ``"Wild Draw Four"``), the card in play, the next cards of the
draw pile, who holds which tower and whose turn it is (its number in the round, a card
just drawn to play or keep), the match so far (the last round's result too) and the
cards out of the round (``box``). What it leaves out gets the game's normal set-up:
hands dealt and the rest of the deck shuffled with the seed. Play starts at the named
seat's normal turn, or
with ``start = "first card"`` where the deal turns up its first card (the first-card
rules of :func:`.deal.turn_up_first_card` then run); ``moves`` are then played.

    >>> import tabletop
    >>> game = tabletop.make("uno-power")
    >>> state = game.position({"hands": [["red 5"], ["blue 5"], ["green 9"]], "top": "red 3"})
    >>> [a.label for a in state.legal_actions()]
    ['play red 5', 'draw a card']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.positions import (
    CardPool,
    PositionError,
    check_fields,
    per_seat,
    play_moves,
    seat_number,
    whole_number,
)
from tabletop.games.uno_power.cards import COLOURS, TOWERS, WILD_DRAW4, WILD_GRAB
from tabletop.games.uno_power.checks import check_state
from tabletop.games.uno_power.deal import turn_up_first_card
from tabletop.games.uno_power.legal import is_playable
from tabletop.games.uno_power.phases import STAGE_DONE
from tabletop.games.uno_power.scoring import round_gains

if TYPE_CHECKING:
    from tabletop.games.uno_power.game import UnoPowerGame
    from tabletop.games.uno_power.state import UnoPowerState

FIELDS = frozenset(
    {
        "players",
        "seed",
        "hands",
        "top",
        "colour",
        "turn",
        "direction",
        "towers",
        "draw",
        "discard",
        "scores",
        "dealer",
        "round",
        "called",
        "box",
        "start",
        "turn_number",
        "drawn",
        "last_round",
        "moves",
    }
)
HOW_ROUNDS_END = ("out", "fewest points")
"""How a round is won (``last_round.how``): a seat went out, or the fewest points in
hand won when the round ended otherwise (an empty pile, a stalemate, the turn limit)."""
STARTS = ("turn", "first card")
"""Where play starts: the named seat's normal turn, or the deal's first card."""


def build(game: UnoPowerGame, spec: Mapping[str, Any]) -> UnoPowerState:
    """The state of ``spec`` (see the module docstring and docs/positions.md)."""
    check_fields(spec, FIELDS)
    start = spec.get("start", "turn")
    if start not in STARTS:
        raise PositionError(
            "start",
            "one of {starts}, got {start!r}",
            starts=", ".join(map(repr, STARTS)),
            start=start,
        )
    first_card = start == "first card"
    if first_card:
        _check_first_card_fields(game, spec)
    hands_spec = spec.get("hands")
    players = whole_number(spec, "players", len(hands_spec) if hands_spec else 2)
    game.check_num_players(players)
    seed = whole_number(spec, "seed", 0)
    cards = game.cards
    pool = CardPool(cards.names, cards.copies)
    data = game.new_state(players, seed).to_dict()
    s = data["state"]
    shuffled = list(s["deck"]["draw"]) + [k for h in s["hands"] for k in h]  # the seed's order
    shuffled += s["deck"]["discard"]
    hands: list[list[int]] | None = None
    if hands_spec is not None:
        given = per_seat(spec, "hands", players, "list of cards")
        hands = [pool.take(f"hands[{p}]", h) for p, h in enumerate(given)]
        for p, hand in enumerate(hands):
            if not hand:  # its last card played: the round is over
                raise PositionError(f"hands[{p}]", "an empty hand has won the round already")
    top = pool.take("top", [spec["top"]])[0] if "top" in spec else None
    below = pool.take("discard", spec.get("discard", []))
    drawn_first = pool.take("draw", spec.get("draw", []))
    box = pool.take("box", spec.get("box", []))  # last: the cards placed elsewhere count
    rest = pool.rest(shuffled)  # the cards the position leaves to the deal
    if hands is None:
        size = game.options.hand_size
        if len(rest) < size * players:
            raise PositionError(
                "hands",
                "only {left} cards are left to deal the hands ({needed}): name the hands, "
                "or put fewer cards in the box",
                left=len(rest),
                needed=size * players,
            )
        hands = [[rest.pop() for _ in range(size)] for _ in range(players)]
    if top is None and first_card and rest:
        top = rest.pop()  # the deal's next card
    elif top is None:
        top = next((k for k in reversed(rest) if cards.colour[k] >= 0), None)
        if top is None:
            raise PositionError("top", "no coloured card is left to put in play: name the top card")
        rest.remove(top)
    s["hands"] = hands
    s["deck"] = {"draw": rest + list(reversed(drawn_first)), "discard": [*below, top]}
    s["box"] = sorted(box)
    s["top"] = top
    # A wild turned up first gets its colour from the first player (or goes back).
    s["colour"] = max(cards.colour[top], 0) if first_card else _colour(game, spec, top)
    s["turn"] = seat_number(spec, "turn", players, 0)
    direction = spec.get("direction", 1)
    if direction not in (1, -1):
        raise PositionError("direction", "1 (clockwise) or -1, got {value!r}", value=direction)
    s["direction"] = direction
    s["towers"] = _towers(spec.get("towers", {}), players)
    s["dealer"] = seat_number(spec, "dealer", players, s["dealer"])
    s["round"] = whole_number(spec, "round", s["round"])
    if s["round"] < 1:
        raise PositionError("round", "1 or more, got {round}", round=s["round"])
    if "scores" in spec:
        scores = per_seat(spec, "scores", players, "score")
        s["scores"] = [whole_number({"scores": x}, "scores", 0) for x in scores]
        if any(x < 0 for x in s["scores"]):
            raise PositionError("scores", "each 0 or more, got {scores}", scores=s["scores"])
    called = [len(h) == 1 for h in hands]
    if "called" in spec:
        called = [bool(c) for c in per_seat(spec, "called", players, "true/false")]
    s["called"] = called
    s.update(turn_start_fields())
    s["turns"] = _turn_number(game, spec, first_card)
    if "last_round" in spec:
        s["last_round"] = _last_round(game, spec["last_round"], s)
    s["played"] = top  # played before this turn: the first card's rules are over
    s["record"] = []  # what the seats do from the position on
    data["history"] = []
    data["log"] = []
    state = game.state_from_dict(data)
    if first_card:
        _turn_up(state, len(drawn_first))
    if "drawn" in spec:
        _drawn(state, spec, first_card)
    return play_moves(state, spec.get("moves", []))


def _drawn(state: UnoPowerState, spec: Mapping[str, Any], first_card: bool) -> None:
    """The seat to play has just drawn the card ``drawn`` (in its hand), which it may
    play or keep: the decision a draw of a playable card asks."""
    if first_card:
        raise PositionError("drawn", 'a card drawn on the turn: not at start = "first card"')
    g = state.uno_game
    cards = g.cards
    p = state.turn
    k = CardPool(cards.names, cards.copies).kind("drawn", spec["drawn"])
    if not state.hands[p][k]:
        raise PositionError(
            "drawn", "{card} is not in the hand of the seat to play", card=cards.names[k]
        )
    if not is_playable(state, p, k):
        raise PositionError(
            "drawn",
            "{card} cannot be played on the card in play: the turn is over",
            card=cards.names[k],
        )
    if (
        g.options.forced_play_drawn
        and cards.colour[k] >= 0
        and not (state.sizes[p] == 2 and g.options.uno_call == "enforced")
    ):
        raise PositionError(
            "drawn", "{card} is played at once (option forced_play_drawn)", card=cards.names[k]
        )
    state.called[p] = False  # a card drawn clears the call
    state.ask.push(g.play_drawn[p][k])


def _check_first_card_fields(game: UnoPowerGame, spec: Mapping[str, Any]) -> None:
    """What the first card decides, a position starting there leaves out."""
    if "discard" in spec:
        raise PositionError("discard", "the first card starts the discard pile: none lies under it")
    for name in ("turn", "direction", "colour"):
        if name in spec:
            raise PositionError(
                name, 'the first card decides it at start = "first card" (set the dealer)'
            )
    towers = spec.get("towers", {})
    if (
        game.options.towers_reset_each_round
        and isinstance(towers, Mapping)
        and any(seat is not None for seat in towers.values())
    ):
        raise PositionError(
            "towers",
            "every tower is in the pool when a round starts (option towers_reset_each_round)",
        )


def _turn_up(state: UnoPowerState, scripted: int) -> None:
    """Put the card in play back on the draw pile, over the ``scripted`` cards of
    ``draw``, and turn it up as the deal does (:func:`.deal.turn_up_first_card`)."""
    g = state.uno_game
    cards = g.cards
    pile = state.deck.draw_pile
    top = state.deck.discard_pile.pop()
    pile.append(top)
    goes_back = {WILD_DRAW4} | (
        {WILD_GRAB} if g.options.first_wild_grab_policy == "redraw" else set()
    )
    if all(cards.symbol[k] in goes_back for k in pile):
        raise PositionError(
            "top",
            "{card} goes back at the first card, and no card of the draw pile can take its place",
            card=cards.names[top],
        )
    state.turns = 0
    state.played = -1
    turn_up_first_card(state, scripted + 1)
    check_state(state)  # as the deal leaves it: a state the rules reach


def turn_start_fields() -> dict[str, Any]:
    """The fields of a saved state at the start of a normal turn that a position does
    not choose: nothing pending, no card being played, the game going on."""
    return {
        "ask": [],
        "stage": STAGE_DONE,
        "actor": -1,
        "played": -1,
        "next_turn": -1,
        "pending_draw": 0,
        "wd4_colour": -1,
        "uno_pending": -1,
        "pass_streak": 0,
        "towers_before": 0,
        "over": False,
        "winners": [],
    }


def _turn_number(game: UnoPowerGame, spec: Mapping[str, Any], first_card: bool) -> int:
    """The turn's number in the round (``turn_number``): it counts towards the option
    ``round_turn_limit``, and the first card's rules hold for the first turn only."""
    if first_card:
        if "turn_number" in spec:
            raise PositionError(
                "turn_number", 'the first card starts the first turn at start = "first card"'
            )
        return 0  # the first card begins the first turn
    limit = game.options.round_turn_limit
    number = whole_number(spec, "turn_number", 1)
    if not 1 <= number <= limit:
        raise PositionError(
            "turn_number",
            "from 1 to the option round_turn_limit ({limit}), got {number}",
            limit=limit,
            number=number,
        )
    return number


def _last_round(game: UnoPowerGame, spec: Any, s: dict[str, Any]) -> dict[str, Any]:
    """The last round's result as the view shows it (``last_round``), from its winner,
    how it was won and the hands shown for scoring; the points follow the options, and
    the scores after it are the position's."""
    if not isinstance(spec, Mapping):
        raise PositionError("last_round", "an object with the winner, how and hands")
    if s["round"] < 2:
        raise PositionError("last_round", "no round came before round 1: set the round")
    known = ("winner", "how", "hands")
    for name in sorted(set(spec) ^ set(known)):
        if name in spec:
            raise PositionError(
                f"last_round.{name}", "unknown field (known: {known})", known=", ".join(known)
            )
        raise PositionError(f"last_round.{name}", "missing: the last round needs it")
    players = len(s["hands"])
    winner = spec["winner"]
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < players:
        raise PositionError(
            "last_round.winner",
            "a seat from 0 to {last}, got {seat}",
            last=players - 1,
            seat=winner,
        )
    how = spec["how"]
    if how not in HOW_ROUNDS_END:
        raise PositionError(
            "last_round.how",
            "one of {hows}, got {how!r}",
            hows=", ".join(map(repr, HOW_ROUNDS_END)),
            how=how,
        )
    cards = game.cards
    pool = CardPool(cards.names, cards.copies)  # the last round's deck: the whole deck
    given = spec["hands"]
    if isinstance(given, str) or not isinstance(given, Sequence) or len(given) != players:
        raise PositionError(
            "last_round.hands", "needs one list of cards per player ({players})", players=players
        )
    hands = [pool.take(f"last_round.hands[{p}]", h) for p, h in enumerate(given)]
    in_hand = [sum(cards.points[k] for k in hand) for hand in hands]
    return {
        "round": s["round"] - 1,
        "winner": winner,
        "how": how,
        "points_in_hand": in_hand,
        "gained": round_gains(game.options, winner, in_hand),
        "hands": [[cards.describe(k) for k in sorted(hand)] for hand in hands],
        "scores": list(s["scores"]),
    }


def _colour(game: UnoPowerGame, spec: Mapping[str, Any], top: int) -> int:
    colour = spec.get("colour")
    if colour is None:
        c = game.cards.colour[top]
        if c < 0:
            raise PositionError("colour", "name the colour chosen for the wild card on top")
        return int(c)
    if colour not in COLOURS:
        raise PositionError(
            "colour", "one of {colours}, got {colour!r}", colours=", ".join(COLOURS), colour=colour
        )
    if game.cards.colour[top] >= 0 and COLOURS.index(colour) != game.cards.colour[top]:
        raise PositionError("colour", "only a wild card on top has a chosen colour")
    return COLOURS.index(colour)


def _towers(spec: Any, players: int) -> list[int]:
    if not isinstance(spec, Mapping):
        raise PositionError("towers", "an object of tower letter: seat (U, N, O, !)")
    holders = [-1] * len(TOWERS)
    for letter, seat in spec.items():
        if letter not in TOWERS:
            raise PositionError(
                "towers", "no tower {letter!r} (the towers: U, N, O, !)", letter=letter
            )
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
        ):
            raise PositionError(
                f"towers.{letter}", "a seat from 0 to {last} or null", last=players - 1
            )
        holders[TOWERS.index(letter)] = -1 if seat is None else seat
    return holders
