"""Why the heuristic likes an action, in the game's words: the reasons hints show.

:func:`explain` words what :class:`~.heuristic.Reading` weighs for one action: an
attack against the opponent's likely best parry ("attacks with Tiger Claw (5): beats
their best parry 70% of the time"), a parry against the attack ("parries with Iron
Wall (4): stops 3 damage"), an effect's worth in the exchange, the payment that
overpays least, the balance of red and blue drawn, the choice after a won parry. It
reads what the heuristic reads (the seat's hand, both Koku rows, the discard piles,
the cards on the table it may see, every seat's life and card counts), never the
opponent's hand or the piles. Hints call it once per legal action, so it is plain
Python, not compiled.

Each reason is a whole message of the context ``"kung-fu:hint"`` read by the
:class:`~tabletop.i18n.reader.Reader` given (English when none); card names and effect
words come from :mod:`.log_text`, so they read as the cards do.
"""

from __future__ import annotations

from babel.numbers import format_decimal, format_percent

from tabletop.core.action import Action
from tabletop.games.kung_fu import log_text
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import RED
from tabletop.games.kung_fu.counting import best_payment
from tabletop.games.kung_fu.heuristic import KNOCKOUT, PASS_BELOW, PASS_LIFE, Reading
from tabletop.games.kung_fu.phases import Ask
from tabletop.games.kung_fu.state import KungFuState
from tabletop.i18n.catalogs import SOURCE
from tabletop.i18n.reader import Reader
from tabletop.i18n.reader import reader as reader_of


def explain(
    state: KungFuState, player: int, action: Action, reader: Reader | None = None
) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``; in
    ``reader``'s language (English when ``None``)."""
    if not state.ask:
        return None
    r = reader or reader_of(SOURCE)
    reading = Reading(state, player)
    table = reading.table
    move = table.move[action.id]
    arg = table.arg[action.id]
    if move == Move.ATTACK:
        return _attack(state, reading, arg, r)
    if move == Move.ATTACK_DOWN:
        return _attack_down(state, reading, arg, r)
    if move == Move.PASS:
        return _pass(state, reading, r)
    if move == Move.PARRY:
        return _parry(state, reading, arg, r)
    if move in (Move.ACTIVATE, Move.DECLINE):
        return _activate(state, reading, move == Move.ACTIVATE, r)
    if move == Move.PAY:
        return _pay(state, reading, arg, r)
    if move == Move.DRAW_RED:
        d = state.ask[-1]
        count = int(d.data[0]) if d.kind == Ask.DRAW else 1
        return _draw(reading, arg, count, r)
    if move in (Move.TAKE_INITIATIVE, Move.DRAW_DIFFERENCE):
        return _after_parry(state, reading, move == Move.TAKE_INITIATIVE, r)
    if move == Move.DISCARD_KOKU:
        worth = reading.cards.worth[arg]
        richest = reading.richest(reading.opp)
        name = _name(state, arg, r)
        if worth >= richest:
            return r.pgettext(
                "kung-fu:hint",
                "discards {card}: their richest koku card ({worth})",
                card=name,
                worth=worth,
            )
        return r.pgettext(
            "kung-fu:hint",
            "discards {card} ({worth} koku), not their richest ({richest})",
            card=name,
            worth=worth,
            richest=richest,
        )
    return None


def _name(state: KungFuState, k: int, r: Reader) -> str:
    """Card type ``k``'s name in the reader's language."""
    return log_text.card_name(state.kf_game.cards.ids[k], r, state)


def _percent(share: float, r: Reader) -> str:
    """A share as a whole percentage: "70%" ("70 %" in German)."""
    if r.lang == SOURCE:
        return f"{share:.0%}"
    return format_percent(round(share, 2), locale=r.lang)


def _tenths(value: float, r: Reader) -> str:
    """A number with one decimal: "1.5" ("1,5" in German)."""
    if r.lang == SOURCE:
        return f"{value:.1f}"
    return format_decimal(round(value, 1), format="#,##0.0", locale=r.lang)


# -- attacks ----------------------------------------------------------------------------


def _reach(reading: Reading, k: int, p: int) -> int:
    """What card ``k`` counts for seat ``p``: boosted where ``p`` can pay for it."""
    cards = reading.cards
    if cards.has_boost[k] and reading.can_pay(p, cards.cost[k]):
        return cards.boosted[k]
    return cards.value[k]


def _attack(state: KungFuState, reading: Reading, k: int, r: Reader) -> str:
    name = _name(state, k, r)
    reach = _reach(reading, k, reading.me)
    opp = reading.opp
    life = reading.life[opp]
    odds = reading.parry_odds()
    fields = {"card": name, "value": reach}
    if odds == {0: 1.0}:
        if reach >= life:
            return r.pgettext(
                "kung-fu:hint",
                "attacks with {card} ({value}): they cannot parry, and it knocks them out",
                **fields,
            )
        return r.pgettext(
            "kung-fu:hint", "attacks with {card} ({value}): they cannot parry it", **fields
        )
    beats = sum(p for v, p in odds.items() if v < reach)
    knockout = sum(p for v, p in odds.items() if reach - v >= life)
    if knockout >= 0.05:
        return r.pgettext(
            "kung-fu:hint",
            "attacks with {card} ({value}): knocks them out {percent} of the time",
            percent=_percent(knockout, r),
            **fields,
        )
    if beats >= 0.995:
        return r.pgettext(
            "kung-fu:hint", "attacks with {card} ({value}): beats any parry they may hold", **fields
        )
    return r.pgettext(
        "kung-fu:hint",
        "attacks with {card} ({value}): beats their best parry {percent} of the time",
        percent=_percent(beats, r),
        **fields,
    )


def _attack_down(state: KungFuState, reading: Reading, k: int, r: Reader) -> str:
    cards = reading.cards
    name = _name(state, k, r)
    opp = reading.opp
    if not cards.has_negate[k]:
        return r.pgettext(
            "kung-fu:hint",
            "attacks face down with {card}: hides it, but they draw a card for it",
            card=name,
        )
    if not reading.can_pay(reading.me, cards.cost[k]):
        return r.pgettext(
            "kung-fu:hint",
            "attacks face down with {card}: it could negate the parry, but you lack {cost} koku",
            card=name,
            cost=cards.cost[k],
        )
    if reading.no_parry[opp]:
        return r.pgettext(
            "kung-fu:hint",
            "attacks face down with {card}: they may not parry anyway, and they draw a card",
            card=name,
        )
    blues = reading.blues[opp]
    if blues >= 2:
        return r.pgettext(
            "kung-fu:hint",
            "attacks face down with {card}: it negates a parry they cannot see coming",
            card=name,
        )
    return r.pgettext(
        "kung-fu:hint",
        "attacks face down with {card}: it negates the parry, but they draw a card and "
        "hold {blues} blue",
        card=name,
        blues=blues,
    )


def _best_attack(state: KungFuState, reading: Reading) -> tuple[float, int]:
    """The worth in life points of the best face-up attack, and its card type."""
    table = reading.table
    parry = reading.parry_odds()
    best = (float("-inf"), -1)
    for a in state.legal_actions():
        if table.move[a.id] == Move.ATTACK:
            k = table.arg[a.id]
            best = max(best, (reading.attack_worth(k, parry), -k))
    return best[0], -best[1]


def _pass(state: KungFuState, reading: Reading, r: Reader) -> str:
    worth, k = _best_attack(state, reading)
    opp = reading.opp
    if k < 0:
        return r.pgettext("kung-fu:hint", "gives up the initiative: no red card to attack with")
    name = _name(state, k, r)
    if (
        worth < PASS_BELOW
        and reading.life[opp] >= PASS_LIFE
        and reading.reds[opp] > 0
        and not reading.no_parry[opp]
    ):
        return r.pgettext(
            "kung-fu:hint",
            "gives up the initiative: your best attack, {card}, is worth little",
            card=name,
        )
    return r.pgettext(
        "kung-fu:hint",
        "gives up the initiative, though an attack with {card} is worth more",
        card=name,
    )


# -- parries ----------------------------------------------------------------------------


def _parry(state: KungFuState, reading: Reading, j: int, r: Reader) -> str:
    """How much of the attack a parry with ``j`` stops, and what the card adds: an
    effect the seat can pay for, or coins for its Koku row (what the heuristic's
    exchange weighs besides the damage)."""
    stops = _stops(state, reading, j, r)
    cards = reading.cards
    if (
        cards.has_effect[j]
        and not cards.has_boost[j]
        and reading.can_pay(reading.me, cards.cost[j])
    ):
        return r.pgettext(
            "kung-fu:hint",
            "{parry}, and may {effect} for {cost} koku",
            parry=stops,
            effect=_effect_words(state, j, r, named=False),
            cost=cards.cost[j],
        )
    if cards.koku[j]:
        return r.pgettext(
            "kung-fu:hint",
            "{parry}, and adds {koku} koku to your row",
            parry=stops,
            koku=cards.koku[j],
        )
    return stops


def _stops(state: KungFuState, reading: Reading, j: int, r: Reader) -> str:
    cards = reading.cards
    opp = reading.opp
    block = _reach(reading, j, reading.me)
    fields = {"card": _name(state, j, r), "value": block}
    t = reading.att_type
    if t < 0:  # face down: every unseen red card it may be
        unseen = reading.unseen
        reds = {k: n for k, n in enumerate(unseen) if n > 0 and cards.colour[k] == RED}
        total = sum(reds.values())
        if not total:
            return r.pgettext(
                "kung-fu:hint", "parries with {card} ({value}): the attack lies face down", **fields
            )
        held = sum(n for k, n in reds.items() if cards.value[k] <= block) / total
        return r.pgettext(
            "kung-fu:hint",
            "parries with {card} ({value}): holds {percent} of the attacks it may be",
            percent=_percent(held, r),
            **fields,
        )
    attack = _reach(reading, t, opp)
    if cards.has_negate[t] and reading.can_pay(opp, cards.cost[t]):
        return r.pgettext(
            "kung-fu:hint",
            "parries with {card} ({value}): their {attack} may negate any parry",
            attack=_name(state, t, r),
            **fields,
        )
    if block >= attack:
        if block > attack:
            return r.npgettext(
                "kung-fu:hint",
                "parries with {card} ({value}): stops all {n} damage and wins by {margin}",
                "parries with {card} ({value}): stops all {n} damage and wins by {margin}",
                attack,
                margin=block - attack,
                **fields,
            )
        return r.npgettext(
            "kung-fu:hint",
            "parries with {card} ({value}): stops all {n} damage",
            "parries with {card} ({value}): stops all {n} damage",
            attack,
            **fields,
        )
    return r.pgettext(
        "kung-fu:hint",
        "parries with {card} ({value}): stops {value} of {attack} damage",
        attack=attack,
        **fields,
    )


# -- effects and payment ----------------------------------------------------------------


def _activate(state: KungFuState, reading: Reading, activate: bool, r: Reader) -> str | None:
    attacker = state.attacker
    me = reading.me
    att, par = reading.att_type, reading.par_type
    k = att if attacker == me else par
    if k < 0:
        return None
    if attacker == me:
        on = reading.settle(attacker, att, par, True)
        off = reading.settle(attacker, att, par, False)
    else:
        att_act = bool(state.active[0])
        on = reading.exchange(attacker, att, par, att_act, True)
        off = reading.exchange(attacker, att, par, att_act, False)
    cards = reading.cards
    effect = _effect_words(state, k, r)
    cost = cards.cost[k]
    gain = on - off
    if abs(gain) >= KNOCKOUT / 2:  # a knock-out hangs on it
        if gain <= 0:
            return None
        if attacker == me:
            if activate:
                return r.pgettext(
                    "kung-fu:hint",
                    "activates {effect} for {cost} koku: it can knock them out",
                    effect=effect,
                    cost=cost,
                )
            return r.pgettext("kung-fu:hint", "does not activate, though it can knock them out")
        if activate:
            return r.pgettext(
                "kung-fu:hint",
                "activates {effect} for {cost} koku: it keeps you from a knock-out",
                effect=effect,
                cost=cost,
            )
        return r.pgettext("kung-fu:hint", "does not activate, though it keeps you from a knock-out")
    worth = _tenths(gain, r)
    if activate:
        if gain > 0:
            return r.pgettext(
                "kung-fu:hint",
                "activates {effect} for {cost} koku: worth {gain} life in this exchange",
                effect=effect,
                cost=cost,
                gain=worth,
            )
        return r.pgettext(
            "kung-fu:hint",
            "activates {effect}, though it is not worth {cost} koku here",
            effect=effect,
            cost=cost,
        )
    if gain > 0:
        return r.pgettext(
            "kung-fu:hint",
            "does not activate, though {effect} is worth {gain} life here",
            effect=effect,
            gain=worth,
        )
    return r.pgettext(
        "kung-fu:hint",
        "does not activate: {effect} is not worth {cost} koku here",
        effect=effect,
        cost=cost,
    )


def _effect_words(state: KungFuState, k: int, r: Reader, *, named: bool = True) -> str:
    """Card ``k``'s effect in a few words, as its label gives them ("boost to 5"),
    after the card's name unless ``named`` is false."""
    game = state.kf_game
    cards = game.cards
    target = game.options.lose2_target
    lose_to_self = None if target == "card" else target == "self"
    if cards.effects[k]:
        words = ", ".join(
            log_text.effect_words(e, cards.boosted[k], lose_to_self, r) for e in cards.effects[k]
        )
    else:
        words = r.pgettext("kung-fu:hint", "use its effect")
    if not named:
        return words
    return r.pgettext("kung-fu:hint", "{card} ({effect})", card=_name(state, k, r), effect=words)


def _pay(state: KungFuState, reading: Reading, k: int, r: Reader) -> str:
    cards = reading.cards
    due = int(state.ask[-1].data[1])
    worths = [cards.worth[c] for c in reading.rows[reading.me]]
    plan = best_payment(worths, due) or []
    fields = {"card": _name(state, k, r), "worth": cards.worth[k], "due": due}
    if cards.worth[k] in plan:
        over = sum(plan) - due
        if over > 0:
            return r.pgettext(
                "kung-fu:hint",
                "pays with {card} ({worth} koku): {due} due, overpaying {over}",
                over=over,
                **fields,
            )
        return r.pgettext(
            "kung-fu:hint", "pays with {card} ({worth} koku): {due} due, nothing wasted", **fields
        )
    return r.pgettext(
        "kung-fu:hint",
        "pays with {card} ({worth} koku), not the cheapest way to pay {due}",
        **fields,
    )


# -- draws and the won parry ------------------------------------------------------------


def _draw(reading: Reading, red: int, count: int, r: Reader) -> str:
    me = reading.me
    reds = reading.reds[me] + red
    blues = reading.blues[me] + count - red
    want = (reading.reds[me] + reading.blues[me] + count) // 2 - reading.reds[me]
    fields = {"red": red, "blue": count - red, "reds": reds, "blues": blues}
    if red == min(max(want, 0), count):
        return r.pgettext(
            "kung-fu:hint",
            "draws {red} red, {blue} blue: {reds} red and {blues} blue in hand, balanced",
            **fields,
        )
    return r.pgettext(
        "kung-fu:hint",
        "draws {red} red, {blue} blue: {reds} red and {blues} blue in hand",
        **fields,
    )


def _after_parry(state: KungFuState, reading: Reading, take: bool, r: Reader) -> str:
    cards = reading.cards
    me, opp = reading.me, reading.opp
    hand = reading.hand
    strongest, best = -1, -1
    for k in range(len(hand)):
        if hand[k] and cards.colour[k] == RED:
            v = _reach(reading, k, me)
            if v > strongest:
                strongest, best = v, k
    life = reading.life[opp]
    diff = max(0, state.par_value - state.att_value)
    why: str | None
    if best < 0:
        why = None
    elif reading.no_parry[opp]:
        why = r.pgettext("kung-fu:hint", "they may not parry next round")
    elif strongest > life:
        why = r.pgettext(
            "kung-fu:hint",
            "your {card} ({value}) can knock them out ({life} life)",
            card=_name(state, best, r),
            value=strongest,
            life=life,
        )
    else:
        why = None
    if take:
        if why:
            return r.pgettext("kung-fu:hint", "takes the initiative: {why}", why=why)
        if best < 0:
            return r.npgettext(
                "kung-fu:hint",
                "takes the initiative with no red card, giving up {n} card",
                "takes the initiative with no red card, giving up {n} cards",
                diff,
            )
        return r.npgettext(
            "kung-fu:hint",
            "takes the initiative, giving up {n} card",
            "takes the initiative, giving up {n} cards",
            diff,
        )
    if why:
        return r.npgettext(
            "kung-fu:hint",
            "draws {n} card, though {why}",
            "draws {n} cards, though {why}",
            diff,
            why=why,
        )
    return r.npgettext(
        "kung-fu:hint",
        "draws {n} card: holding the initiative would gain less",
        "draws {n} cards: holding the initiative would gain less",
        diff,
    )
