"""Why the heuristic likes an action, in the game's words: the reasons hints show.

:func:`explain` words the scores of :mod:`.heuristic` for one action: of a play, the
term that weighs most ("plays blue Draw Two: player 3 holds 2 cards", "plays Wild,
names blue: you hold 4 blue cards", "plays Wild Draw Four: a bluff, you hold red"),
and the rule behind the other decisions ("draws: no card to play", "challenges:
player 2 holds 7 cards"). It reads what the heuristic reads: the seat's own hand,
every hand's size, the towers, the colour and direction of play and the pending
decision, never another hand or the draw pile. Hints call it once per legal action,
so it is plain Python, not compiled.

Each reason is a whole message of the context ``"uno-power:hint"`` read by the
:class:`~tabletop.i18n.reader.Reader` given (English when none); cards and colours are
named as the log names them (:mod:`.log_text`).
"""

from __future__ import annotations

from tabletop.core.action import Action
from tabletop.games.uno_power import heuristic, log_text
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
from tabletop.i18n.catalogs import SOURCE
from tabletop.i18n.reader import Reader
from tabletop.i18n.reader import reader as reader_of


def explain(
    state: UnoPowerState, player: int, action: Action, reader: Reader | None = None
) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``; in
    ``reader``'s language (English when ``None``)."""
    r = reader or reader_of(SOURCE)
    table = state.uno_game.table
    i = action.id
    move = table.move[i]
    if move == MOVE_PLAY:
        return _play(state, player, i, r)
    if move == MOVE_DRAW:
        return _draw(state, player, r)
    if move == MOVE_KEEP:
        return _keep(state, player, r)
    if move == MOVE_NAME_COLOUR:
        colour = table.arg[i]
        return r.pgettext(
            "uno-power:hint",
            "names {colour}: {holding}",
            colour=_colour(colour, r),
            holding=_holding(state, player, colour, r),
        )
    if move in (MOVE_CHALLENGE, MOVE_NO_CHALLENGE):
        return _challenge(state, player, move == MOVE_CHALLENGE, r)
    if move == MOVE_CATCH:
        missed = state.ask[-1].data[0] if state.ask else -1
        if missed < 0:
            return None
        return r.pgettext(
            "uno-power:hint",
            "catches player {number}: they did not call UNO",
            number=int(missed) + 1,
        )
    if move == MOVE_TAKE:
        return _take(state, table.arg[i], r)
    if move == MOVE_PENALTY:
        return _penalty(state, player, r)
    if move == MOVE_BLOCK:
        return r.pgettext("uno-power:hint", "blocks it with your tower: you take nothing")
    if move == MOVE_BONUS:
        k = table.kind[i]
        colour = state.uno_game.cards.colour[k]
        name = _card(state, k, r)
        if colour < 0:
            return r.pgettext(
                "uno-power:hint",
                "uses the four-tower bonus: keeps only {card}, playable on anything",
                card=name,
            )
        if colour == state.colour:
            return r.pgettext(
                "uno-power:hint",
                "uses the four-tower bonus: keeps only {card}, of the colour in play",
                card=name,
            )
        return r.pgettext(
            "uno-power:hint", "uses the four-tower bonus: keeps only {card}", card=name
        )
    if move == MOVE_SWAP:
        q = table.arg[i]
        size = state.sizes[q]
        fewest = all(size <= state.sizes[p] for p in range(state.num_players) if p != player)
        if fewest:
            return r.npgettext(
                "uno-power:hint",
                "swaps hands with player {number}: {n} card, the fewest",
                "swaps hands with player {number}: {n} cards, the fewest",
                size,
                number=q + 1,
            )
        return r.npgettext(
            "uno-power:hint",
            "swaps hands with player {number}: {n} card",
            "swaps hands with player {number}: {n} cards",
            size,
            number=q + 1,
        )
    return None


def _colour(colour: int, r: Reader) -> str:
    """A colour (its index) in the reader's words."""
    return log_text.colour_name(COLOURS[colour], r)


def _card(state: UnoPowerState, k: int, r: Reader) -> str:
    """A card kind's name in the reader's words ("blue Draw Two")."""
    return log_text.card_words(state.uno_game.cards.describe(k), r)


def _and(words: list[str], r: Reader) -> str:
    """Towers in a list: "U and N"."""
    if r.lang == SOURCE:
        return " and ".join(words)
    return r.join(words)


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


def _holding(state: UnoPowerState, player: int, colour: int, r: Reader) -> str:
    n = _colours(state, player)[0][colour]
    return r.npgettext(
        "uno-power:hint",
        "you hold {n} {colour} card",
        "you hold {n} {colour} cards",
        n,
        colour=_colour(colour, r),
    )


def play_terms(
    state: UnoPowerState, player: int, i: int, reader: Reader | None = None
) -> list[tuple[float, str]]:
    """The terms of the heuristic's score of play ``i`` for ``player``, each with its
    words (in ``reader``'s language, English when ``None``); with 100 for a UNO call
    they add up to the score :mod:`.heuristic` gives it (``tests/bots/test_explain.py``
    holds them to its choices)."""
    r = reader or reader_of(SOURCE)
    game = state.uno_game
    table, cards = game.table, game.cards
    counts, size = _colours(state, player)
    k = table.kind[i]
    sym = cards.symbol[k]
    nxt = (player + state.direction) % state.num_players
    terms: list[tuple[float, str]] = []
    points = cards.points[k]
    terms.append(
        (
            points / 10.0,
            r.npgettext("uno-power:hint", "sheds {n} point", "sheds {n} points", points),
        )
    )
    colour = cards.colour[k]
    if colour < 0:
        named = table.colour[i]
        terms.append((counts[named] * heuristic.WILD_PER_CARD, _holding(state, player, named, r)))
        if size > 2:
            kept = r.npgettext(
                "uno-power:hint",
                "wilds are best kept for the end ({n} card in hand)",
                "wilds are best kept for the end ({n} cards in hand)",
                size,
            )
            terms.append((-heuristic.WILD_KEPT, kept))
        in_play = state.colour
        if sym == WILD_DRAW4 and in_play >= 0 and counts[in_play] > 0:
            bluff = r.pgettext(
                "uno-power:hint", "a bluff, as you hold {colour}", colour=_colour(in_play, r)
            )
            terms.append((-heuristic.BLUFF, bluff))
    elif counts[colour] > 1:
        more = counts[colour] - 1
        stays = r.pgettext(
            "uno-power:hint",
            "stays in {colour}, {more} more in hand",
            colour=_colour(colour, r),
            more=more,
        )
        terms.append((more * heuristic.SAME_COLOUR, stays))
    if heuristic.TARGETS[sym]:
        tower = heuristic.BLOCKED_BY[sym]
        if tower >= 0 and state.towers[tower] == nxt:
            blocked = r.pgettext(
                "uno-power:hint",
                "player {number} holds the {tower} tower, which blocks it",
                number=nxt + 1,
                tower=TOWERS[tower],
            )
            terms.append((-heuristic.PROTECTED, blocked))
        else:
            held = state.sizes[nxt]
            holds = r.npgettext(
                "uno-power:hint",
                "player {number} holds {n} card",
                "player {number} holds {n} cards",
                held,
                number=nxt + 1,
            )
            terms.append((heuristic.ATTACK + heuristic.ATTACK_URGENCY / held, holds))
    icon = cards.icon[k]
    if icon >= 0:
        holder = state.towers[icon]
        if holder < 0:
            pool = r.pgettext(
                "uno-power:hint", "takes the {tower} tower from the pool", tower=TOWERS[icon]
            )
            terms.append((heuristic.ICON_FROM_POOL, pool))
        elif holder != player:
            steal = r.pgettext(
                "uno-power:hint",
                "takes the {tower} tower from player {number}",
                tower=TOWERS[icon],
                number=holder + 1,
            )
            terms.append((heuristic.ICON_FROM_PLAYER, steal))
    if sym in (GRAB2, WILD_GRAB):
        if sym == GRAB2:
            grab = r.pgettext("uno-power:hint", "takes two towers")
        else:
            grab = r.pgettext("uno-power:hint", "takes a tower")
        terms.append((heuristic.GRAB, grab))
    return terms


def _play(state: UnoPowerState, player: int, i: int, r: Reader) -> str:
    game = state.uno_game
    table, cards = game.table, game.cards
    k = table.kind[i]
    card = _card(state, k, r)
    wild = cards.colour[k] < 0
    colour = _colour(table.colour[i], r) if wild else ""
    if not table.calls[i] and _could_call(state, i):
        if wild:
            return r.pgettext(
                "uno-power:hint",
                "plays {card}, names {colour}, no UNO call: anyone may catch you",
                card=card,
                colour=colour,
            )
        return r.pgettext(
            "uno-power:hint", "plays {card}, no UNO call: anyone may catch you", card=card
        )
    if table.calls[i]:
        if wild:
            verb = r.pgettext(
                "uno-power:hint",
                "plays {card}, names {colour} and calls UNO",
                card=card,
                colour=colour,
            )
        else:
            verb = r.pgettext("uno-power:hint", "plays {card} and calls UNO", card=card)
    elif wild:
        verb = r.pgettext(
            "uno-power:hint", "plays {card}, names {colour}", card=card, colour=colour
        )
    else:
        verb = r.pgettext("uno-power:hint", "plays {card}", card=card)
    # What weighs most for the play, when the heuristic likes it, else against it; and
    # the strongest term the other way where it weighs much too.
    terms = play_terms(state, player, i, r)
    best = max(terms)
    worst = min(terms)
    lead, other = (best, worst) if _score(state, player, i) >= 0 or worst[0] >= 0 else (worst, best)
    reason = r.pgettext("uno-power:hint", "{play}: {reason}", play=verb, reason=lead[1])
    if lead[0] * other[0] < 0 and abs(other[0]) >= 4.0 and len(reason) + len(other[1]) < 92:
        return r.pgettext(
            "uno-power:hint",
            "{play}: {reason}, though {other}",
            play=verb,
            reason=lead[1],
            other=other[1],
        )
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


def _draw(state: UnoPowerState, player: int, r: Reader) -> str:
    table = state.uno_game.table
    plays = [a for a in state.legal_actions() if table.move[a.id] == MOVE_PLAY]
    if not plays:
        return r.pgettext("uno-power:hint", "draws: no card to play")
    best = max(plays, key=lambda a: (_score(state, player, a.id), -a.id))
    if _score(state, player, best.id) < -5.0:
        return r.pgettext(
            "uno-power:hint",
            "draws rather than play: {reason}",
            reason=_worst(state, player, best.id, r),
        )
    return r.pgettext(
        "uno-power:hint",
        "draws, though you could play {card}",
        card=_card(state, table.kind[best.id], r),
    )


def _worst(state: UnoPowerState, player: int, i: int, r: Reader) -> str:
    """The words of the play's most negative term."""
    terms = play_terms(state, player, i, r)
    value, words = min(terms, default=(0.0, ""))
    return words if value < 0 else r.pgettext("uno-power:hint", "it sheds little")


def _keep(state: UnoPowerState, player: int, r: Reader) -> str | None:
    if not state.ask or state.ask[-1].kind != ASK_PLAY_DRAWN:
        return None
    table = state.uno_game.table
    plays = [a for a in state.legal_actions() if table.move[a.id] == MOVE_PLAY]
    if not plays:
        return None
    best = max(plays, key=lambda a: (_score(state, player, a.id), -a.id))
    name = _card(state, table.kind[best.id], r)
    if _score(state, player, best.id) < -1.0:
        return r.pgettext(
            "uno-power:hint",
            "keeps {card}: {reason}",
            card=name,
            reason=_worst(state, player, best.id, r),
        )
    return r.pgettext("uno-power:hint", "keeps {card}, though playing it is worth more", card=name)


# -- other decisions --------------------------------------------------------------------


def _challenge(state: UnoPowerState, player: int, challenge: bool, r: Reader) -> str:
    actor = (player - state.direction) % state.num_players  # as the heuristic reads it
    size = state.sizes[actor]
    if 0 <= state.wd4_colour < NUM_COLOURS:
        colour = _colour(state.wd4_colour, r)
    else:
        colour = r.pgettext("uno-power:hint", "the colour")
    fields = {"number": actor + 1, "colour": colour}
    likely = size >= heuristic.CHALLENGE_HAND_SIZE
    if challenge:
        if likely:
            return r.npgettext(
                "uno-power:hint",
                "challenges: player {number} holds {n} card, so likely some {colour}",
                "challenges: player {number} holds {n} cards, so likely some {colour}",
                size,
                **fields,
            )
        return r.npgettext(
            "uno-power:hint",
            "challenges, though player {number} holds only {n} card: likely no bluff",
            "challenges, though player {number} holds only {n} cards: likely no bluff",
            size,
            **fields,
        )
    if likely:
        return r.npgettext(
            "uno-power:hint",
            "accepts, though player {number} holds {n} card: likely some {colour}",
            "accepts, though player {number} holds {n} cards: likely some {colour}",
            size,
            **fields,
        )
    return r.npgettext(
        "uno-power:hint",
        "accepts: player {number} holds only {n} card, so likely no {colour}",
        "accepts: player {number} holds only {n} cards, so likely no {colour}",
        size,
        **fields,
    )


def _take(state: UnoPowerState, mask: int, r: Reader) -> str:
    pool: list[str] = []
    stolen: list[str] = []
    for t in range(NUM_TOWERS):
        if mask >> t & 1:
            holder = state.towers[t]
            if holder < 0:
                pool.append(TOWERS[t])
            else:
                stolen.append(
                    r.npgettext(
                        "uno-power:hint",
                        "{tower} from player {number}, who holds {n} card",
                        "{tower} from player {number}, who holds {n} cards",
                        state.sizes[holder],
                        tower=TOWERS[t],
                        number=holder + 1,
                    )
                )
    if pool:
        stolen.insert(
            0, r.pgettext("uno-power:hint", "{towers} from the pool", towers=_and(pool, r))
        )
    # Each tower taken, from the pool or a player, as a list: "U from the pool; N from
    # player 2, who holds 5 cards".
    return r.pgettext("uno-power:hint", "takes {towers}", towers="; ".join(stolen))


def _penalty(state: UnoPowerState, player: int, r: Reader) -> str | None:
    if not state.ask:
        return None
    d = state.ask[-1]
    if d.kind == ASK_STACK:
        cards = int(d.data[0])
        table = state.uno_game.table
        if any(table.move[a.id] == MOVE_PLAY for a in state.legal_actions()):
            return r.npgettext(
                "uno-power:hint",
                "takes the {n} card, though you could stack",
                "takes the {n} cards, though you could stack",
                cards,
            )
        return r.npgettext(
            "uno-power:hint",
            "takes the {n} card: no card to stack",
            "takes the {n} cards: no card to stack",
            cards,
        )
    if d.kind == ASK_PROTECT:
        return r.pgettext("uno-power:hint", "takes the card's effect and keeps your tower")
    return None
