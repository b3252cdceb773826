"""Why the heuristic likes an action, in the game's words: the reasons hints show.

:func:`explain` reads what the heuristic bot reads (:mod:`.heuristic`): the monsters'
boards, Tokyo, the row and the dice, never the deck order (the top card only when
Made in a Lab shows it to the buyer), and it words the heuristic's own rules and
tables (:func:`~.heuristic.wanted`, :func:`~.heuristic.yield_threshold`,
:data:`~.heuristic.WORTH`): "keeps the three 3s: 3 stars", "leaves Tokyo: 5 hearts
left with three monsters able to hit", "buys Extra Head: worth 4.5 stars for 7 energy".
It returns ``None`` for the decisions the heuristic has no reason for (Evolutions'
questions, die changes). Hints call it once per legal action, so it is plain Python,
not compiled.

Each reason is a whole message of the context ``"king-of-tokyo:hint"`` read by the
:class:`~tabletop.i18n.reader.Reader` given (English when none); its parts that vary
(a count of hearts, the dice kept) are phrases of the same context, and cards, Evolutions
and monsters are named as the log names them (:mod:`.log_text`). The reasons for the
dice are in :mod:`.explain_dice`, the small words all reasons share in
:mod:`.explain_words`.
"""

from __future__ import annotations

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo import explain_dice
from tabletop.games.king_of_tokyo import explain_words as words
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import RAPID_HEAL_COST, SWEEP_COST
from tabletop.games.king_of_tokyo.dice import KEEPS, THREE, counts_of
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.heuristic import (
    HEALING_EVOLUTIONS,
    MIN_WORTH_PER_ENERGY,
    SELF_DAMAGE,
    STARS,
    WORTH,
    attackers_of_tokyo,
    yield_threshold,
)
from tabletop.games.king_of_tokyo.log_text import evolution_name
from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tabletop.i18n.catalogs import SOURCE
from tabletop.i18n.reader import Reader
from tabletop.i18n.reader import reader as reader_of


def explain(
    state: KingOfTokyoState, player: int, action: Action, reader: Reader | None = None
) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``; in
    ``reader``'s language (English when ``None``)."""
    if not state.decisions:
        return None
    r = reader or reader_of(SOURCE)
    table = state.table
    move = table.move[action.id]
    arg = table.arg[action.id]
    kind = state.decisions[-1].kind
    m = state.monsters[player]
    if move == Move.KEEP:
        return explain_dice.keep(state, player, KEEPS[arg], r)
    if move == Move.STOP:
        return r.pgettext(
            "king-of-tokyo:hint",
            "stops: {outcome}",
            outcome=explain_dice.outcome(state, player, counts_of(state.dice), r),
        )
    if move in (Move.SMOKE, Move.ENERGY_DRINK):
        rerolled = explain_dice.unwanted(state, player)
        if not rerolled:
            return None
        return r.npgettext(
            "king-of-tokyo:hint",
            "one more roll for the {n} die not worth keeping",
            "one more roll for the {n} dice not worth keeping",
            rerolled,
        )
    if move == Move.REROLL_THREE:
        if counts_of(state.dice)[THREE] >= 2:
            return None
        return r.pgettext("king-of-tokyo:hint", "rerolls a 3: a lone 3 scores nothing")
    if move == Move.HEART:
        return explain_dice.heart(state, player, arg, r)
    if move in (Move.YIELD, Move.STAY):
        return _tokyo(state, player, move == Move.YIELD, r)
    if move == Move.BUY:
        return _buy(state, player, state.row[arg], r)
    if move == Move.TENTACLES:
        return _buy(state, player, arg, r)
    if move == Move.BUY_TOP:
        if not state.deck or not state.top_card_visible_to(player):
            return None
        return _buy(state, player, state.deck[-1], r)
    if move == Move.SWEEP:
        return _sweep(state, player, r)
    if move == Move.END_BUY:
        return _end_buy(state, player, r)
    if move == Move.DECLINE and kind == Ask.OPPORTUNIST:
        best = _best_buy(state, player, state.legal_actions())
        if best is None:
            return r.pgettext("king-of-tokyo:hint", "declines: the new card is not worth its cost")
        return None
    if move == Move.MIMIC:
        card = state.cards.instances[arg]
        return r.pgettext(
            "king-of-tokyo:hint",
            "copies {card}: worth {worth} stars",
            card=words.card(state, card, r),
            worth=words.decimal(WORTH[card], r),
        )
    if move in (Move.WINGS, Move.RAPID_HEAL, Move.TAKE_DAMAGE):
        return _damage(state, player, move, r)
    if move in (Move.KEEP_EVOLUTION, Move.DRAFT_EVOLUTION):
        return _evolution_kept(arg, move == Move.KEEP_EVOLUTION, r)
    if move == Move.PLAY_EVOLUTION:
        e = evolution_table().info[arg]
        name = evolution_name(e.id, r)
        if e.id in HEALING_EVOLUTIONS:
            fields = {"evolution": name, "hearts": m.hearts, "max": m.max_hearts}
            if m.hearts > m.max_hearts - 2:
                return r.pgettext(
                    "king-of-tokyo:hint",
                    "plays {evolution}: little to heal at {hearts} of {max} hearts",
                    **fields,
                )
            return r.pgettext(
                "king-of-tokyo:hint",
                "plays {evolution}: heals, at {hearts} of {max} hearts",
                **fields,
            )
        if e.permanent:
            return r.pgettext(
                "king-of-tokyo:hint",
                "plays {evolution}: permanent, it acts from now on",
                evolution=name,
            )
        return None
    return None


def _evolution_kept(arg: int, keep: bool, r: Reader) -> str:
    """Keeping an Evolution (or drafting it): what kind of card it is."""
    e = evolution_table().info[arg]
    name = evolution_name(e.id, r)
    if e.permanent:
        if keep:
            return r.pgettext(
                "king-of-tokyo:hint",
                "keeps {evolution}: permanent, it acts every turn",
                evolution=name,
            )
        return r.pgettext(
            "king-of-tokyo:hint",
            "drafts {evolution}: permanent, it acts every turn",
            evolution=name,
        )
    if e.when == "any":
        if keep:
            return r.pgettext(
                "king-of-tokyo:hint",
                "keeps {evolution}: a one-off card, playable any time",
                evolution=name,
            )
        return r.pgettext(
            "king-of-tokyo:hint",
            "drafts {evolution}: a one-off card, playable any time",
            evolution=name,
        )
    if keep:
        return r.pgettext("king-of-tokyo:hint", "keeps {evolution}: a one-off card", evolution=name)
    return r.pgettext("king-of-tokyo:hint", "drafts {evolution}: a one-off card", evolution=name)


# -- Tokyo ------------------------------------------------------------------------------


def _tokyo(state: KingOfTokyoState, player: int, leave: bool, r: Reader) -> str:
    ctx = "king-of-tokyo:hint"
    m = state.monsters[player]
    threshold = yield_threshold(state, player)
    attackers = attackers_of_tokyo(state)
    able = r.npgettext(
        ctx,
        "{count} monster able to hit",
        "{count} monsters able to hit",
        attackers,
        count=words.count(attackers, r),
    )
    # {hearts}: "5 hearts"; {able}: "three monsters able to hit".
    fields = {"hearts": words.hearts(m.hearts, r), "able": able, "stars": m.stars}
    close = m.stars + 2 >= WIN_STARS and m.hearts > 2
    if leave:
        if m.hearts <= threshold:
            return r.pgettext(ctx, "leaves Tokyo: {hearts} left with {able}", **fields)
        if close:
            return r.pgettext(
                ctx, "leaves Tokyo, though {stars} stars: one more turn there may win", **fields
            )
        return r.pgettext(
            ctx, "leaves Tokyo: safe, though {hearts} left could take another round", **fields
        )
    if close and m.hearts > threshold:
        return r.pgettext(
            ctx, "stays in Tokyo: {stars} stars, the next turn there may win", **fields
        )
    if m.hearts > threshold:
        return r.pgettext(ctx, "stays in Tokyo: {hearts} left, enough with {able}", **fields)
    return r.pgettext(ctx, "stays in Tokyo: risky with {hearts} left and {able}", **fields)


# -- cards ------------------------------------------------------------------------------


def _card_score(state: KingOfTokyoState, player: int, c: int) -> float | None:
    """The heuristic's score for buying instance ``c``: worth - 0.55 x cost; ``inf`` for a
    card that wins, ``None`` for one whose damage would knock the buyer out."""
    m = state.monsters[player]
    card = state.cards.instances[c]
    if SELF_DAMAGE.get(card, 0) >= m.hearts:
        return None
    if m.stars + STARS.get(card, 0) >= WIN_STARS:
        return float("inf")
    return _worth(state, player, card) - MIN_WORTH_PER_ENERGY * state.cost_for(player, c)


def _worth(state: KingOfTokyoState, player: int, card: Card) -> float:
    m = state.monsters[player]
    if card == Card.HEAL and m.hearts > m.max_hearts - 2:
        return 0.2  # as the heuristic: little to heal
    return WORTH[card]


def _buy(state: KingOfTokyoState, player: int, c: int, r: Reader) -> str:
    ctx = "king-of-tokyo:hint"
    card = state.cards.instances[c]
    name = words.card(state, card, r)
    score = _card_score(state, player, c)
    if score is None:
        return r.pgettext(
            ctx,
            "buys {card}: its {damage} damage would knock you out",
            card=name,
            damage=SELF_DAMAGE[card],
        )
    if score == float("inf"):
        return r.npgettext(
            ctx,
            "buys {card}: its {n} star win the game",
            "buys {card}: its {n} stars win the game",
            STARS[card],
            card=name,
        )
    fields = {
        "card": name,
        "worth": words.decimal(_worth(state, player, card), r),
        "cost": state.cost_for(player, c),
    }
    if score > 0:
        return r.pgettext(ctx, "buys {card}: worth {worth} stars for {cost} energy", **fields)
    return r.pgettext(ctx, "buys {card}: worth only {worth} stars for {cost} energy", **fields)


def _best_buy(state: KingOfTokyoState, player: int, legal: list[Action]) -> int | None:
    """The card instance the heuristic would buy among ``legal``, or ``None``."""
    table = state.table
    best: int | None = None
    best_score = 0.0
    for a in legal:
        move = table.move[a.id]
        if move == Move.BUY:
            c = state.row[table.arg[a.id]]
        elif move == Move.TENTACLES:
            c = table.arg[a.id]
        else:
            continue
        score = _card_score(state, player, c)
        if score is not None and score > best_score:
            best, best_score = c, score
    return best


def _sweep(state: KingOfTokyoState, player: int, r: Reader) -> str:
    best = _best_buy(state, player, state.legal_actions())
    if best is None:
        return r.pgettext(
            "king-of-tokyo:hint",
            "sweeps the row: no card in it is worth its cost ({cost} energy for 3 new ones)",
            cost=SWEEP_COST,
        )
    return r.pgettext(
        "king-of-tokyo:hint",
        "sweeps the row, though {card} is worth buying",
        card=words.card(state, state.cards.instances[best], r),
    )


def _end_buy(state: KingOfTokyoState, player: int, r: Reader) -> str:
    energy = state.monsters[player].energy
    legal = state.legal_actions()
    best = _best_buy(state, player, legal)
    if best is not None:
        card = state.cards.instances[best]
        return r.pgettext(
            "king-of-tokyo:hint",
            "keeps its energy, though {card} is worth {worth} stars for {cost} energy",
            card=words.card(state, card, r),
            worth=words.decimal(_worth(state, player, card), r),
            cost=state.cost_for(player, best),
        )
    if not any(state.table.move[a.id] == Move.BUY for a in legal):
        return r.pgettext(
            "king-of-tokyo:hint", "keeps {energy} energy: no card it can afford", energy=energy
        )
    return r.pgettext(
        "king-of-tokyo:hint", "keeps {energy} energy: no card is worth its cost", energy=energy
    )


def _damage(state: KingOfTokyoState, player: int, move: int, r: Reader) -> str | None:
    ctx = "king-of-tokyo:hint"
    m = state.monsters[player]
    d = state.decisions[-1]
    if d.kind != Ask.PREVENT:
        if move == Move.RAPID_HEAL:
            return r.pgettext(
                ctx,
                "gains 1 heart for {cost} energy: {hearts} of {max} now",
                cost=RAPID_HEAL_COST,
                hearts=m.hearts,
                max=m.max_hearts,
            )
        return None
    hearts = int(d.data[0])
    deadly = hearts >= m.hearts
    if move == Move.WINGS:
        wings = words.card(state, Card.WINGS, r)
        if deadly:
            return r.npgettext(
                ctx,
                "{card}: saves {n} heart for 2 energy, and your life",
                "{card}: saves {n} hearts for 2 energy, and your life",
                hearts,
                card=wings,
            )
        return r.npgettext(
            ctx,
            "{card}: saves {n} heart for 2 energy",
            "{card}: saves {n} hearts for 2 energy",
            hearts,
            card=wings,
        )
    if move == Move.RAPID_HEAL:
        if deadly:
            return r.npgettext(
                ctx,
                "heals with {card}: losing {n} heart would knock you out",
                "heals with {card}: losing {n} hearts would knock you out",
                hearts,
                card=words.card(state, Card.RAPID_HEALING, r),
            )
        return r.npgettext(
            ctx,
            "gains 1 heart for {cost} energy before losing {n} heart",
            "gains 1 heart for {cost} energy before losing {n} hearts",
            hearts,
            cost=RAPID_HEAL_COST,
        )
    if deadly:
        return r.npgettext(
            ctx,
            "takes the damage: {n} heart knock you out",
            "takes the damage: {n} hearts knock you out",
            hearts,
        )
    return r.npgettext(
        ctx,
        "takes the damage: {n} heart, keeping the energy",
        "takes the damage: {n} hearts, keeping the energy",
        hearts,
    )
