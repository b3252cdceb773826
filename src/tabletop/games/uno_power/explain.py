"""Why the heuristic likes an action, in the game's words: the reasons hints show.

:func:`explain` words the scores of :mod:`.heuristic` for one action: of a play, the
term that weighs most ("plays blue Draw Two: player 3 holds 2 cards", "plays Wild,
names blue: you hold 4 blue cards", "plays Wild Draw Four: a bluff, you hold red"),
and the rule behind the other decisions ("draws: no card to play", "challenges:
player 2 holds 7 cards"). It reads what the heuristic reads: the seat's own hand,
every hand's size, the towers, the colour and direction of play and the pending
decision, never another hand or the draw pile. Hints call it once per legal action,
so it is plain Python, not compiled.
"""

from __future__ import annotations

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.uno_power import heuristic
from tabletop.games.uno_power.actions import (
    MOVE_BLOCK,
    MOVE_BONUS,
    MOVE_CATCH,
    MOVE_CHALLENGE,
    MOVE_DRAW,
    MOVE_KEEP,
    MOVE_NAME_COLOUR,
    MOVE_NO_CHALLENGE,
    MOVE_PENALTY,
    MOVE_PLAY,
    MOVE_SWAP,
    MOVE_TAKE,
)
from tabletop.games.uno_power.cards import (
    COLOURS,
    GRAB2,
    NUM_COLOURS,
    NUM_TOWERS,
    TOWERS,
    WILD_DRAW4,
    WILD_GRAB,
)
from tabletop.games.uno_power.phases import ASK_PLAY_DRAWN, ASK_PROTECT, ASK_STACK
from tabletop.games.uno_power.state import UnoPowerState


def explain(state: UnoPowerState, player: int, action: Action) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``."""
    table = state.uno_game.table
    i = action.id
    move = table.move[i]
    if move == MOVE_PLAY:
        return _play(state, player, i)
    if move == MOVE_DRAW:
        return _draw(state, player)
    if move == MOVE_KEEP:
        return _keep(state, player)
    if move == MOVE_NAME_COLOUR:
        colour = table.arg[i]
        return f"names {COLOURS[colour]}: {_holding(state, player, colour)}"
    if move in (MOVE_CHALLENGE, MOVE_NO_CHALLENGE):
        return _challenge(state, player, move == MOVE_CHALLENGE)
    if move == MOVE_CATCH:
        missed = state.ask[-1].data[0] if state.ask else -1
        if missed < 0:
            return None
        return f"catches player {missed + 1}: they did not call UNO"
    if move == MOVE_TAKE:
        return _take(state, table.arg[i])
    if move == MOVE_PENALTY:
        return _penalty(state, player)
    if move == MOVE_BLOCK:
        return "blocks it with your tower: you take nothing"
    if move == MOVE_BONUS:
        k = table.kind[i]
        colour = state.uno_game.cards.colour[k]
        name = state.uno_game.cards.names[k]
        if colour < 0:
            return f"uses the four-tower bonus: keeps only {name}, playable on anything"
        if colour == state.colour:
            return f"uses the four-tower bonus: keeps only {name}, of the colour in play"
        return f"uses the four-tower bonus: keeps only {name}"
    if move == MOVE_SWAP:
        q = table.arg[i]
        size = state.sizes[q]
        fewest = all(size <= state.sizes[p] for p in range(state.num_players) if p != player)
        why = ", the fewest" if fewest else ""
        return f"swaps hands with player {q + 1}: {plural(size, 'card')}{why}"
    return None


# -- plays ----------------------------------------------------------------------------


def _colours(state: UnoPowerState, player: int) -> tuple[list[int], int]:
    """The seat's own cards of each colour, and how many it holds in all."""
    colour = state.uno_game.cards.colour
    counts = [0] * NUM_COLOURS
    hand = state.hands[player]
    for k, held in enumerate(hand):
        if held and colour[k] >= 0:
            counts[colour[k]] += held
    return counts, sum(hand)


def _holding(state: UnoPowerState, player: int, colour: int) -> str:
    n = _colours(state, player)[0][colour]
    return f"you hold {plural(n, COLOURS[colour] + ' card')}"


def play_terms(state: UnoPowerState, player: int, i: int) -> list[tuple[float, str]]:
    """The terms of the heuristic's score of play ``i`` for ``player``, each with its
    words; with 100 for a UNO call they add up to the score :mod:`.heuristic` gives it
    (``tests/bots/test_explain.py`` holds them to its choices)."""
    game = state.uno_game
    table, cards = game.table, game.cards
    counts, size = _colours(state, player)
    k = table.kind[i]
    sym = cards.symbol[k]
    nxt = (player + state.direction) % state.num_players
    terms: list[tuple[float, str]] = []
    points = cards.points[k]
    terms.append((points / 10.0, f"sheds {plural(points, 'point')}"))
    colour = cards.colour[k]
    if colour < 0:
        named = table.colour[i]
        terms.append((counts[named] * heuristic.WILD_PER_CARD, _holding(state, player, named)))
        if size > 2:
            terms.append(
                (-heuristic.WILD_KEPT, f"wilds are best kept for the end ({size} cards in hand)")
            )
        in_play = state.colour
        if sym == WILD_DRAW4 and in_play >= 0 and counts[in_play] > 0:
            terms.append((-heuristic.BLUFF, f"a bluff, as you hold {COLOURS[in_play]}"))
    elif counts[colour] > 1:
        more = counts[colour] - 1
        terms.append(
            (more * heuristic.SAME_COLOUR, f"stays in {COLOURS[colour]}, {more} more in hand")
        )
    if heuristic.TARGETS[sym]:
        tower = heuristic.BLOCKED_BY[sym]
        if tower >= 0 and state.towers[tower] == nxt:
            blocked = f"player {nxt + 1} holds the {TOWERS[tower]} tower, which blocks it"
            terms.append((-heuristic.PROTECTED, blocked))
        else:
            held = state.sizes[nxt]
            terms.append(
                (
                    heuristic.ATTACK + heuristic.ATTACK_URGENCY / held,
                    f"player {nxt + 1} holds {plural(held, 'card')}",
                )
            )
    icon = cards.icon[k]
    if icon >= 0:
        holder = state.towers[icon]
        if holder < 0:
            terms.append(
                (heuristic.ICON_FROM_POOL, f"takes the {TOWERS[icon]} tower from the pool")
            )
        elif holder != player:
            terms.append(
                (
                    heuristic.ICON_FROM_PLAYER,
                    f"takes the {TOWERS[icon]} tower from player {holder + 1}",
                )
            )
    if sym in (GRAB2, WILD_GRAB):
        terms.append((heuristic.GRAB, "takes two towers" if sym == GRAB2 else "takes a tower"))
    return terms


def _play(state: UnoPowerState, player: int, i: int) -> str:
    game = state.uno_game
    table, cards = game.table, game.cards
    k = table.kind[i]
    verb = f"plays {cards.names[k]}"
    if cards.colour[k] < 0:
        verb += f", names {COLOURS[table.colour[i]]}"
    if not table.calls[i] and _could_call(state, i):
        return f"{verb}, no UNO call: anyone may catch you"
    if table.calls[i]:
        verb += " and calls UNO"
    # What weighs most for the play, when the heuristic likes it, else against it; and
    # the strongest term the other way where it weighs much too.
    terms = play_terms(state, player, i)
    best = max(terms)
    worst = min(terms)
    lead, other = (best, worst) if _score(state, player, i) >= 0 or worst[0] >= 0 else (worst, best)
    reason = f"{verb}: {lead[1]}"
    if lead[0] * other[0] < 0 and abs(other[0]) >= 4.0 and len(reason) + len(other[1]) < 92:
        return f"{reason}, though {other[1]}"
    return reason


def _could_call(state: UnoPowerState, i: int) -> bool:
    """Whether the same play calling UNO is legal (the play leaves one card)."""
    table = state.uno_game.table
    return any(
        table.calls[a.id] and table.kind[a.id] == table.kind[i] for a in state.legal_actions()
    )


def _score(state: UnoPowerState, player: int, i: int) -> float:
    """The heuristic's score of play ``i``: its terms, and 100 for calling UNO."""
    call = heuristic.CALL_UNO if state.uno_game.table.calls[i] else 0.0
    return call + sum(v for v, _ in play_terms(state, player, i))


def _draw(state: UnoPowerState, player: int) -> str:
    table = state.uno_game.table
    plays = [a for a in state.legal_actions() if table.move[a.id] == MOVE_PLAY]
    if not plays:
        return "draws: no card to play"
    best = max(plays, key=lambda a: (_score(state, player, a.id), -a.id))
    if _score(state, player, best.id) < -5.0:
        return f"draws rather than play: {_worst(state, player, best.id)}"
    return f"draws, though you could play {state.uno_game.cards.names[table.kind[best.id]]}"


def _worst(state: UnoPowerState, player: int, i: int) -> str:
    """The words of the play's most negative term."""
    terms = play_terms(state, player, i)
    value, words = min(terms, default=(0.0, "it sheds little"))
    return words if value < 0 else "it sheds little"


def _keep(state: UnoPowerState, player: int) -> str | None:
    if not state.ask or state.ask[-1].kind != ASK_PLAY_DRAWN:
        return None
    table = state.uno_game.table
    plays = [a for a in state.legal_actions() if table.move[a.id] == MOVE_PLAY]
    if not plays:
        return None
    best = max(plays, key=lambda a: (_score(state, player, a.id), -a.id))
    name = state.uno_game.cards.names[table.kind[best.id]]
    if _score(state, player, best.id) < -1.0:
        return f"keeps {name}: {_worst(state, player, best.id)}"
    return f"keeps {name}, though playing it is worth more"


# -- other decisions --------------------------------------------------------------------


def _challenge(state: UnoPowerState, player: int, challenge: bool) -> str:
    actor = (player - state.direction) % state.num_players  # as the heuristic reads it
    size = state.sizes[actor]
    cards = plural(size, "card")
    who = f"player {actor + 1}"
    colour = COLOURS[state.wd4_colour] if 0 <= state.wd4_colour < NUM_COLOURS else "the colour"
    likely = size >= heuristic.CHALLENGE_HAND_SIZE
    if challenge:
        if likely:
            return f"challenges: {who} holds {cards}, so likely some {colour}"
        return f"challenges, though {who} holds only {cards}: likely no bluff"
    if likely:
        return f"accepts, though {who} holds {cards}: likely some {colour}"
    return f"accepts: {who} holds only {cards}, so likely no {colour}"


def _take(state: UnoPowerState, mask: int) -> str:
    pool: list[str] = []
    stolen: list[str] = []
    for t in range(NUM_TOWERS):
        if mask >> t & 1:
            holder = state.towers[t]
            if holder < 0:
                pool.append(TOWERS[t])
            else:
                size = plural(state.sizes[holder], "card")
                stolen.append(f"{TOWERS[t]} from player {holder + 1}, who holds {size}")
    if pool:
        stolen.insert(0, f"{' and '.join(pool)} from the pool")
    return "takes " + "; ".join(stolen)


def _penalty(state: UnoPowerState, player: int) -> str | None:
    if not state.ask:
        return None
    d = state.ask[-1]
    if d.kind == ASK_STACK:
        cards = plural(int(d.data[0]), "card")
        table = state.uno_game.table
        if any(table.move[a.id] == MOVE_PLAY for a in state.legal_actions()):
            return f"takes the {cards}, though you could stack"
        return f"takes the {cards}: no card to stack"
    if d.kind == ASK_PROTECT:
        return "takes the card's effect and keeps your tower"
    return None
