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
"""

from __future__ import annotations

from tabletop.core.action import Action
from tabletop.core.text import plural
from tabletop.games.kung_fu.actions import Move
from tabletop.games.kung_fu.cards import RED
from tabletop.games.kung_fu.heuristic import (
    KNOCKOUT,
    PASS_BELOW,
    PASS_LIFE,
    Reading,
    best_payment,
)
from tabletop.games.kung_fu.phases import Ask
from tabletop.games.kung_fu.state import KungFuState


def explain(state: KungFuState, player: int, action: Action) -> str | None:
    """Why the heuristic would value ``action`` for ``player``, or ``None``."""
    if not state.ask:
        return None
    reading = Reading(state, player)
    table = reading.table
    move = table.move[action.id]
    arg = table.arg[action.id]
    if move == Move.ATTACK:
        return _attack(reading, arg)
    if move == Move.ATTACK_DOWN:
        return _attack_down(reading, arg)
    if move == Move.PASS:
        return _pass(state, reading)
    if move == Move.PARRY:
        return _parry(state, reading, arg)
    if move in (Move.ACTIVATE, Move.DECLINE):
        return _activate(state, reading, move == Move.ACTIVATE)
    if move == Move.PAY:
        return _pay(state, reading, arg)
    if move == Move.DRAW_RED:
        d = state.ask[-1]
        count = int(d.data[0]) if d.kind == Ask.DRAW else 1
        return _draw(reading, arg, count)
    if move in (Move.TAKE_INITIATIVE, Move.DRAW_DIFFERENCE):
        return _after_parry(state, reading, move == Move.TAKE_INITIATIVE)
    if move == Move.DISCARD_KOKU:
        worth = reading.cards.worth[arg]
        richest = reading.richest(reading.opp)
        name = reading.cards.names[arg]
        if worth >= richest:
            return f"discards {name}: their richest koku card ({worth})"
        return f"discards {name} ({worth} koku), not their richest ({richest})"
    return None


# -- attacks ----------------------------------------------------------------------------


def _reach(reading: Reading, k: int, p: int) -> int:
    """What card ``k`` counts for seat ``p``: boosted where ``p`` can pay for it."""
    cards = reading.cards
    if cards.has_boost[k] and reading.can_pay(p, cards.cost[k]):
        return cards.boosted[k]
    return cards.value[k]


def _attack(reading: Reading, k: int) -> str:
    name = reading.cards.names[k]
    reach = _reach(reading, k, reading.me)
    opp = reading.opp
    life = reading.life[opp]
    odds = reading.parry_odds()
    verb = f"attacks with {name} ({reach})"
    if odds == {0: 1.0}:
        if reach >= life:
            return f"{verb}: they cannot parry, and it knocks them out"
        return f"{verb}: they cannot parry it"
    beats = sum(p for v, p in odds.items() if v < reach)
    knockout = sum(p for v, p in odds.items() if reach - v >= life)
    if knockout >= 0.05:
        return f"{verb}: knocks them out {knockout:.0%} of the time"
    if beats >= 0.995:
        return f"{verb}: beats any parry they may hold"
    return f"{verb}: beats their best parry {beats:.0%} of the time"


def _attack_down(reading: Reading, k: int) -> str:
    cards = reading.cards
    name = cards.names[k]
    opp = reading.opp
    verb = f"attacks face down with {name}"
    if not cards.has_negate[k]:
        return f"{verb}: hides it, but they draw a card for it"
    if not reading.can_pay(reading.me, cards.cost[k]):
        return f"{verb}: it could negate the parry, but you lack {cards.cost[k]} koku"
    if reading.no_parry[opp]:
        return f"{verb}: they may not parry anyway, and they draw a card"
    blues = reading.blues[opp]
    if blues >= 2:
        return f"{verb}: it negates a parry they cannot see coming"
    return f"{verb}: it negates the parry, but they draw a card and hold {blues} blue"


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


def _pass(state: KungFuState, reading: Reading) -> str:
    worth, k = _best_attack(state, reading)
    opp = reading.opp
    if k < 0:
        return "gives up the initiative: no red card to attack with"
    name = reading.cards.names[k]
    if (
        worth < PASS_BELOW
        and reading.life[opp] >= PASS_LIFE
        and reading.reds[opp] > 0
        and not reading.no_parry[opp]
    ):
        return f"gives up the initiative: your best attack, {name}, is worth little"
    return f"gives up the initiative, though an attack with {name} is worth more"


# -- parries ----------------------------------------------------------------------------


def _parry(state: KungFuState, reading: Reading, j: int) -> str:
    """How much of the attack a parry with ``j`` stops, and what the card adds: an
    effect the seat can pay for, or coins for its Koku row (what the heuristic's
    exchange weighs besides the damage)."""
    return _stops(reading, j) + _extra(state, reading, j)


def _extra(state: KungFuState, reading: Reading, j: int) -> str:
    cards = reading.cards
    if (
        cards.has_effect[j]
        and not cards.has_boost[j]
        and reading.can_pay(reading.me, cards.cost[j])
    ):
        return f", and may {_effect_words(state, j, named=False)} for {cards.cost[j]} koku"
    if cards.koku[j]:
        return f", and adds {cards.koku[j]} koku to your row"
    return ""


def _stops(reading: Reading, j: int) -> str:
    cards = reading.cards
    opp = reading.opp
    name = cards.names[j]
    block = _reach(reading, j, reading.me)
    verb = f"parries with {name} ({block})"
    t = reading.att_type
    if t < 0:  # face down: every unseen red card it may be
        unseen = reading.unseen
        reds = {k: n for k, n in enumerate(unseen) if n > 0 and cards.colour[k] == RED}
        total = sum(reds.values())
        if not total:
            return f"{verb}: the attack lies face down"
        held = sum(n for k, n in reds.items() if cards.value[k] <= block) / total
        return f"{verb}: holds {held:.0%} of the attacks it may be"
    attack = _reach(reading, t, opp)
    if cards.has_negate[t] and reading.can_pay(opp, cards.cost[t]):
        return f"{verb}: their {cards.names[t]} may negate any parry"
    if block >= attack:
        stops = f"stops all {plural(attack, 'damage', 'damage')}"
        if block > attack:
            return f"{verb}: {stops} and wins by {block - attack}"
        return f"{verb}: {stops}"
    return f"{verb}: stops {block} of {attack} damage"


# -- effects and payment ----------------------------------------------------------------


def _activate(state: KungFuState, reading: Reading, activate: bool) -> str | None:
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
    effect = _effect_words(state, k)
    cost = cards.cost[k]
    gain = on - off
    if abs(gain) >= KNOCKOUT / 2:  # a knock-out hangs on it
        ko = "it can knock them out" if attacker == me else "it keeps you from a knock-out"
        if activate:
            return f"activates {effect} for {cost} koku: {ko}" if gain > 0 else None
        return f"does not activate, though {ko}" if gain > 0 else None
    if activate:
        if gain > 0:
            return f"activates {effect} for {cost} koku: worth {gain:.1f} life in this exchange"
        return f"activates {effect}, though it is not worth {cost} koku here"
    if gain > 0:
        return f"does not activate, though {effect} is worth {gain:.1f} life here"
    return f"does not activate: {effect} is not worth {cost} koku here"


def _effect_words(state: KungFuState, k: int, *, named: bool = True) -> str:
    """Card ``k``'s effect in a few words, as its label gives them ("boost to 5"),
    after the card's name unless ``named`` is false."""
    game = state.kf_game
    label = game.labels[k]
    mark = f"; cost {game.cards.cost[k]}: "
    at = label.find(mark)
    words = label[at + len(mark) : -1] if at >= 0 else "use its effect"
    return f"{game.cards.names[k]} ({words})" if named else words


def _pay(state: KungFuState, reading: Reading, k: int) -> str:
    cards = reading.cards
    due = int(state.ask[-1].data[1])
    worths = [cards.worth[c] for c in reading.rows[reading.me]]
    plan = best_payment(worths, due) or []
    name = cards.names[k]
    worth = cards.worth[k]
    if worth in plan:
        over = sum(plan) - due
        extra = f", overpaying {over}" if over > 0 else ", nothing wasted"
        return f"pays with {name} ({worth} koku): {due} due{extra}"
    return f"pays with {name} ({worth} koku), not the cheapest way to pay {due}"


# -- draws and the won parry ------------------------------------------------------------


def _draw(reading: Reading, red: int, count: int) -> str:
    me = reading.me
    reds = reading.reds[me] + red
    blues = reading.blues[me] + count - red
    want = (reading.reds[me] + reading.blues[me] + count) // 2 - reading.reds[me]
    held = f"{reds} red and {blues} blue in hand"
    if red == min(max(want, 0), count):
        return f"draws {red} red, {count - red} blue: {held}, balanced"
    return f"draws {red} red, {count - red} blue: {held}"


def _after_parry(state: KungFuState, reading: Reading, take: bool) -> str:
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
    drawn = plural(diff, "card")
    if best < 0:
        why = None
    elif reading.no_parry[opp]:
        why = "they may not parry next round"
    elif strongest > life:
        why = f"your {cards.names[best]} ({strongest}) can knock them out ({life} life)"
    else:
        why = None
    if take:
        if why:
            return f"takes the initiative: {why}"
        if best < 0:
            return f"takes the initiative with no red card, giving up {drawn}"
        return f"takes the initiative, giving up {drawn}"
    if why:
        return f"draws {drawn}, though {why}"
    return f"draws {drawn}: holding the initiative would gain less"
