"""The Power cards: costs, the Buy phase, the row and the deck, Mimic, Metamorph.

Rulebook: "Buying Power cards", "Keep and Discard cards"; docs/games/king-of-tokyo.md,
"Buying Power cards", "Tokens and counters". Step H (buy, sweep, Opportunist) and
step I (Metamorph) of the turn; :func:`take_card` pays for a card and resolves a
Discard card or keeps a Keep card, whoever the buyer is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.games.king_of_tokyo import damage, gains, owned, rapid_healing, windows
from tabletop.games.king_of_tokyo.actions import ROW_SIZE
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import (
    ALIEN_ORIGIN,
    BATTERY_DRAIN,
    BATTERY_ENERGY,
    BUY_CARDS_MASK,
    MADE_IN_A_LAB,
    MEDIA_FRIENDLY,
    METAMORPH,
    OPPORTUNIST,
    PARASITIC_TENTACLES,
    PLAIN_ASKS,
    RAPID_HEALING,
    SMOKE_COUNTERS,
    SWEEP_COST,
)
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import (
    BLOCKED_CARD,
    BOUGHT,
    BUY_CHOICES,
    BUYING,
    DISCARD_CARD_BOUGHT,
    DISCOUNT,
    RESUME_BUY,
)
from tabletop.games.king_of_tokyo.phases import Ask, Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

BUY_VERBS: dict[str, str] = {
    "buys": "buy",
    "buys the top card of the deck:": "buy_top",
    "takes": "take",
    "buys (Miraculous Catch)": "miraculous_catch",
    "puts into play (Deep Dive)": "deep_dive",
    "puts into play (Precision Field Support)": "precision_field_support",
}
"""What :func:`take_card`'s ``verb`` says, as the log's data key (``verb``): the ``buy``
event reads each as its own sentence (:data:`.log_text.VARIANTS`)."""


def cost_for(state: KingOfTokyoState, p: int, instance: int) -> int:
    """What ``p`` pays for a card: printed cost minus Alien Origin, never below 0."""
    cost = state.kot_game.cards.cost[instance]
    m = state.monsters[p]
    if m.mask & ALIEN_ORIGIN:
        cost = max(0, cost - owned.copies(state, p, Card.ALIEN_ORIGIN))
    if state.pu is not None:  # Secret Laboratory
        cost = max(0, cost - evolution_discount(state, p))
    return cost


def evolution_discount(state: KingOfTokyoState, p: int) -> int:
    """Power Up!: the energy ``p``'s Evolutions take off a Power card's cost."""
    off = 0
    for discount in DISCOUNT.calls:
        off += discount(state, p)
    return off


def blocked_card(state: KingOfTokyoState, p: int) -> int:
    """Power Up!: a card instance ``p`` may not buy this turn (Bamboozle), or -1."""
    for blocked in BLOCKED_CARD.calls:
        card = blocked(state, p)
        if card >= 0:
            return card
    return -1


def buy_actions(state: KingOfTokyoState, p: int) -> list[Action]:
    """What ``p`` may do in its Buy phase: buy, sweep, Made in a Lab, Tentacles..."""
    m = state.monsters[p]
    energy = m.energy
    if energy < state.kot_game.cheapest_buy and not m.mask & ALIEN_ORIGIN and state.pu is None:
        return []  # too little energy for any card, a sweep or Rapid Healing
    table = state.kot_game.table
    costs = state.kot_game.cards.cost
    discount = owned.copies(state, p, Card.ALIEN_ORIGIN) if m.mask & ALIEN_ORIGIN else 0
    blocked = -1
    if state.pu is not None:  # Secret Laboratory; Bamboozle's card is off limits
        discount += evolution_discount(state, p)
        blocked = blocked_card(state, p)
    buy = table.buy
    out: list[Action] = [
        buy[s]
        for s, c in enumerate(state.row)
        if c >= 0 and costs[c] - discount <= energy and c != blocked
    ]
    if energy >= SWEEP_COST and (state.deck or state.discard):
        out.append(table.sweep)
    mask = m.mask
    if mask & BUY_CARDS_MASK:
        if mask & MADE_IN_A_LAB and state.deck and cost_for(state, p, state.deck[-1]) <= energy:
            out.append(table.buy_top)
        if mask & PARASITIC_TENTACLES:
            for o in state.monsters:
                if o.alive and o.seat != p:
                    out.extend(
                        table.tentacles[c]
                        for c in sorted(o.cards)
                        if cost_for(state, p, c) <= energy
                    )
        if rapid_healing.can_heal(state, p):
            out.append(table.rapid_heal)
    if state.pu is not None:
        out.extend(table.play_evolution[n] for n in state.pu.playable(state, p, "buy"))
        out.extend(table.evo_yes[n] for n in state.pu.abilities(state, p, "buy"))
        for choices in BUY_CHOICES.calls:  # Keep cards at half cost
            choices(state, p, out)
        if blocked >= 0 and blocked in state.row and buy[state.row.index(blocked)] in out:
            out.remove(buy[state.row.index(blocked)])
    if out:
        out.append(table.end_buy)
    return out


def stage_buy(state: KingOfTokyoState) -> None:
    """Step H: Opportunist owners first, then the active monster's Buy phase."""
    if state.queue:
        ask_opportunist(state)
        return
    state.new_slots = []  # every owner answered: the cards revealed are new no more
    if (
        state.pu is not None and windows.tokyo_freed(state)  # Monkey Rush: a purchase freed Tokyo
    ) or (
        (state.pu is not None or state.live & RAPID_HEALING)
        and windows.any_time(state, "entered", others_only=True)
    ):
        return  # after Enter Tokyo (the active monster's own window is its Buy phase)
    a = state.active
    if state.pu is not None:
        for resumed in RESUME_BUY.calls:
            if resumed(state):
                return  # a purchase nobody Bamboozled went through
    actions = buy_actions(state, a)
    if actions:
        state.decisions.push(PLAIN_ASKS[Ask.BUY][a])
        state.cache_legal(actions)  # what legal_actions() would compute now: computed once
    else:
        state.end_buy()


def buy_from_row(state: KingOfTokyoState, p: int, slot: int) -> None:
    """``p`` buys the card in row ``slot`` (Bamboozle and Superior Alien Technology may step in)."""
    if state.pu is not None:  # Bamboozle, Superior Alien Technology
        for steps_in in BUYING.calls:
            if steps_in(state, p, slot):
                return  # the purchase waits for an answer, or the card made it
    c = state.row[slot]
    state.row[slot] = -1
    take_card(state, p, c, cost_for(state, p, c), "buys")
    refill_row(state, [slot])


def buy_top(state: KingOfTokyoState, p: int) -> None:
    """Made in a Lab: buy the deck's top card."""
    c = state.deck.pop()
    take_card(state, p, c, cost_for(state, p, c), "buys the top card of the deck:")


def buy_from_owner(state: KingOfTokyoState, p: int, c: int) -> None:
    """Parasitic Tentacles: pay your cost to the owner; a Mimic token stays on it."""
    owner = next(o.seat for o in state.monsters if c in o.cards)
    cost = cost_for(state, p, c)
    counters = state.counters.get(c)
    state.monsters[owner].cards.remove(c)
    damage.detach(state, owner, c, moving=True)
    state.monsters[owner].energy += cost
    if state.pu is not None:  # energy gained this turn (Stroke of Genius)
        state.pu.tally("energy", owner, cost)
    if state.keeps_log:
        state.event(
            "tentacles_pay",
            f"{state.monster_name(p)} pays {cost} energy to {state.monster_name(owner)} "
            "(Parasitic Tentacles).",
            seat=p,
            cost=cost,
            target=owner,
            card="parasitic_tentacles",
        )
    if state.kot_game.options.rule("tentacles_counters") == "refill":
        counters = None
    take_card(state, p, c, cost, "takes", counters=counters)


def take_card(
    state: KingOfTokyoState,
    p: int,
    c: int,
    cost: int,
    verb: str,
    counters: int | None = None,
    purchase: bool = True,
) -> None:
    """Pay for card ``c`` and take it: a Discard card resolves, a Keep card stays.

    ``counters`` (Parasitic Tentacles, 2011) keeps the card's counters instead of
    setting them up afresh.
    """
    game = state.kot_game
    m = state.monsters[p]
    m.energy -= cost
    card = game.cards.instances[c]
    if state.keeps_log:
        text = f"{state.monster_name(p)} {verb} {game.cards.names[c]} for {cost} energy."
        how = BUY_VERBS.get(verb, verb)
        if how in evolution_table().by_id:  # bought or put into play by an Evolution
            state.event("buy", text, seat=p, card=card.slug, cost=cost, verb=how, evolution=how)
        else:
            state.event("buy", text, seat=p, card=card.slug, cost=cost, verb=how)
    if m.mask & MEDIA_FRIENDLY and card != Card.MEDIA_FRIENDLY and purchase:
        name = game.cards.info[Card.MEDIA_FRIENDLY].name
        gains.gain_stars(state, p, owned.copies(state, p, Card.MEDIA_FRIENDLY), name)
    if state.pu is not None and purchase:  # King of the Gizmo
        for bought in BOUGHT.calls:
            bought(state, p)
    if not game.cards.keep[c]:
        state.resolving = card
        state.discard.append(c)
        DISCARD_CARD_BOUGHT.impls[card](state, p)
        state.resolving = -1
        return
    m.cards.append(c)
    state.paid[c] = cost
    owned.refresh_masks(state)
    if counters is None:
        acquire(state, p, card, c)
    else:
        state.counters[c] = counters
        if card in (Card.EVEN_BIGGER, Card.MIMIC):
            acquire(state, p, card, c)
    if card == Card.FREEZE_TIME and state.rolled_111 and p == state.active:
        state.grant_freeze_time(p)


def acquire(state: KingOfTokyoState, p: int, card: int, holder: int) -> None:
    """One-shot "when you get it" effects of a Keep card (or of a Mimic copy)."""
    if card == Card.EVEN_BIGGER:
        gains.heal(state, p, 2, "Even Bigger")
    elif card == Card.SMOKE_CLOUD:
        state.counters[holder] = SMOKE_COUNTERS
    elif card == Card.BATTERY_MONSTER:
        if state.kot_game.options.edition == "2016":
            state.counters[holder] = BATTERY_ENERGY
        else:
            state.counters[holder] = 0
            if state.monsters[p].energy >= 1:
                state.decisions.push(Decision(Ask.CHARGE, p, (holder,)))
    elif card == Card.MIMIC:
        targets = mimic_targets(state, p)
        if len(targets) == 1:  # no real choice: the token goes on the only card
            set_mimic(state, p, targets[0])
        elif targets:
            state.decisions.push(Decision(Ask.MIMIC, p))


def charge(state: KingOfTokyoState, p: int, holder: int) -> None:
    """2011 Monster Batteries: put 1 energy on it (2 counters), and ask again."""
    m = state.monsters[p]
    m.energy -= 1
    state.counters[holder] = state.counters.get(holder, 0) + 2
    if m.energy >= 1:
        state.decisions.push(Decision(Ask.CHARGE, p, (holder,)))
    else:
        finish_charge(state, p, holder)


def finish_charge(state: KingOfTokyoState, p: int, holder: int) -> None:
    """Monster Batteries are charged."""
    if state.keeps_log:
        energy = state.counters.get(holder, 0)
        state.event(
            "batteries_charged",
            f"{state.monster_name(p)} charges Monster Batteries with {energy} energy.",
            seat=p,
            energy=energy,
            card="battery_monster",
        )


def drain_batteries(state: KingOfTokyoState, p: int) -> None:
    """Start of turn: move 2 energy from each battery to the pool (not a gain)."""
    m = state.monsters[p]
    card_of = state.kot_game.cards.instances
    for c in list(m.cards):
        if card_of[c] == Card.BATTERY_MONSTER or (
            card_of[c] == Card.MIMIC and m.mimic >= 0 and card_of[m.mimic] == Card.BATTERY_MONSTER
        ):
            on_card = state.counters.get(c, 0)
            take = min(BATTERY_DRAIN, on_card)
            state.counters[c] = on_card - take
            m.energy += take
            if take and state.keeps_log:
                state.event(
                    "batteries_drained",
                    f"{state.monster_name(p)} takes {take} energy from its batteries.",
                    seat=p,
                    energy=take,
                )
            if on_card - take <= 0:
                damage.discard_card(state, p, c)


def sweep_row(state: KingOfTokyoState, p: int, why: str = "") -> None:
    """Sweep the row: for 2 energy, or for free with ``why`` (Adapting Technology:
    ``"removes an Adapting Technology counter"``)."""
    if not why:
        state.monsters[p].energy -= SWEEP_COST
    for s, c in enumerate(state.row):
        if c >= 0:
            state.discard.append(c)
        state.row[s] = -1
    if state.keeps_log:
        name = state.monster_name(p)
        if why:
            state.event(
                "adapting_technology_sweep",
                f"{name} {why} to sweep the row.",
                seat=p,
                evolution="adapting_technology",
            )
        else:
            state.event("sweep", f"{name} pays 2 energy to sweep the row.", seat=p)
    refill_row(state, list(range(ROW_SIZE)))


def refill_row(state: KingOfTokyoState, slots: list[int]) -> None:
    """Fill the empty row ``slots`` from the deck (the discard pile reshuffled if empty)."""
    for s in slots:
        if not state.deck and state.discard:
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            state.event(
                "deck_reshuffled",
                "The Power deck is empty: the discard pile is shuffled into a new deck.",
            )
        if state.deck:
            state.row[s] = state.deck.pop()
    if state.keeps_log:
        state.event("row", f"The row shows {state.row_text()}.", row=state.row_ids())
    if state.live & OPPORTUNIST:
        a = state.active
        owners = [s for s in state.clockwise(a) if s != a and state.monsters[s].mask & OPPORTUNIST]
        if owners:
            state.new_slots = sorted(set(state.new_slots) | set(slots))
            state.queue = owners


def opportunist_slots(state: KingOfTokyoState, p: int) -> list[int]:
    """New row slots ``p`` can afford (Opportunist)."""
    energy = state.monsters[p].energy
    return [
        s
        for s in state.new_slots
        if state.row[s] >= 0 and cost_for(state, p, state.row[s]) <= energy
    ]


def ask_opportunist(state: KingOfTokyoState) -> None:
    """Ask the next Opportunist owner who can afford a new card."""
    while state.queue:
        seat = state.queue.pop(0)
        if state.monsters[seat].alive and opportunist_slots(state, seat):
            state.decisions.push(Decision(Ask.OPPORTUNIST, seat))
            return
    state.new_slots = []


def mimic_targets(state: KingOfTokyoState, p: int) -> list[int]:
    """Keep cards in play that Mimic may copy (any monster's, not Mimic)."""
    card_of = state.kot_game.cards.instances
    return sorted(c for o in state.monsters if o.alive for c in o.cards if card_of[c] != Card.MIMIC)


def set_mimic(state: KingOfTokyoState, p: int, target: int) -> None:
    """Put ``p``'s Mimic token on card ``target`` and take that card's effects."""
    m = state.monsters[p]
    game = state.kot_game
    before = m.mimic
    m.mimic = target
    if (
        before >= 0
        and game.cards.instances[before] == Card.EVEN_BIGGER
        and game.options.edition == "2011"
    ):
        damage.lose_even_bigger(state, p)
        if not m.alive:  # the 2 hearts were its last: its Mimic went with its cards
            return
    holder = next(c for c in m.cards if game.cards.instances[c] == Card.MIMIC)
    state.counters.pop(holder, None)
    owned.refresh_masks(state)
    if state.keeps_log:
        state.event(
            "mimic",
            f"{state.monster_name(p)}'s Mimic copies {game.cards.names[target]}.",
            seat=p,
            card=game.cards.instances[target].slug,
            power="mimic",
        )
    acquire(state, p, game.cards.instances[target], holder)
    if m.hearts > m.max_hearts:
        m.hearts = m.max_hearts


def stage_sell(state: KingOfTokyoState) -> None:
    """Step I: Metamorph lets the active monster discard Keep cards for energy."""
    # The windows after the Buy phase (Evolutions, Rapid Healing), if any may open.
    if (state.pu is not None or state.live & RAPID_HEALING) and windows.any_time(state, "bought"):
        return
    a = state.active
    m = state.monsters[a]
    windows.to_end(state)
    if m.mask & METAMORPH and m.cards and m.alive:
        state.stage = Stage.SELL
        state.decisions.push(Decision(Ask.SELL, a))


def sell(state: KingOfTokyoState, p: int, c: int) -> None:
    """Metamorph: discard card ``c`` for its cost (or what was paid) in energy."""
    game = state.kot_game
    if game.options.rule("metamorph_refund") == "paid":
        refund = state.paid.get(c, game.cards.cost[c])
    else:
        refund = game.cards.cost[c]
    if state.keeps_log:
        state.event(
            "metamorph",
            f"{state.monster_name(p)} discards {game.cards.names[c]} for {refund} energy "
            "(Metamorph).",
            seat=p,
            card=game.cards.instances[c].slug,
            energy=refund,
            power="metamorph",
        )
    damage.discard_card(state, p, c)
    if game.options.friend_of_children_metamorph:
        gains.gain_energy(state, p, refund, "Metamorph")
    else:
        state.monsters[p].energy += refund
