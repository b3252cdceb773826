"""The Power Towers: rulebook "Towers", the tower grab of "Card effects" (a number
with an icon, Grab Two Towers, Wild Grab-a-Tower) and "The four-tower bonus".

Who holds which tower is read by the play stages, the turn start, the legal
actions and the bots; the moves of towers live here, in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.bits import bits
from tabletop.core.decisions import Decision
from tabletop.games.uno_power.cards import GRAB2, NUM_TOWERS, TOWERS, WILD_GRAB
from tabletop.games.uno_power.phases import ASK_BONUS, ASK_ICON_GRAB, ASK_TOWERS

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def tower_count(state: UnoPowerState, p: int) -> int:
    """How many towers ``p`` holds."""
    t = state.towers
    return (t[0] == p) + (t[1] == p) + (t[2] == p) + (t[3] == p)


def available_towers(state: UnoPowerState, p: int) -> int:
    """The towers ``p`` does not hold (so could take), as a bit mask."""
    return sum(1 << t for t in range(NUM_TOWERS) if state.towers[t] != p)


def take_towers(state: UnoPowerState, p: int, mask: int) -> None:
    """``p`` takes the towers in ``mask``, from the pool or from their holders."""
    towers = state.towers
    for t in bits(mask):
        source = towers[t]
        towers[t] = p
        if state.keeps_log:  # the texts cost more than the move
            src = "the pool" if source < 0 else f"player {source + 1}"
            state.event(
                "tower",
                f"player {p + 1} takes tower {TOWERS[t]} from {src}",
                player=p,
                tower=TOWERS[t],
                source=source,
            )


def grab_stage(state: UnoPowerState) -> bool:
    """The tower grab of the card just played; True if the player must choose."""
    g = state.uno_game
    k = state.played
    p = state.actor
    sym = g.cards.symbol[k]
    icon = g.cards.icon[k]
    if icon >= 0:
        if state.towers[icon] == p:
            return False
        if g.options.icon_grab == "optional":
            state.ask.push(Decision(ASK_ICON_GRAB, p, (icon,)))
            return True
        take_towers(state, p, 1 << icon)
        return False
    if sym in (GRAB2, WILD_GRAB):
        want = 2 if sym == GRAB2 else 1
        free = available_towers(state, p)
        if bin(free).count("1") <= want:
            if free:
                take_towers(state, p, free)
            return False
        state.ask.push(Decision(ASK_TOWERS, p, (want,)))
        return True
    return False


def offer_bonus(state: UnoPowerState, p: int, *, at_turn_start: bool) -> bool:
    """Offer ``p`` the four-tower bonus if it applies; True if ``p`` must answer."""
    mode = state.uno_game.options.four_tower_bonus
    if mode == "off" or tower_count(state, p) < NUM_TOWERS or state.sizes[p] < 2:
        return False
    held = state.held[p]
    if mode == "automatic" and state.uno_game.options.uno_call == "auto" and not held & (held - 1):
        # One kind of card and nothing to decide: the bonus just happens.
        use_bonus(state, p, held.bit_length() - 1, False)
        return False
    state.ask.push(Decision(ASK_BONUS, p, (int(at_turn_start),)))
    return True


def use_bonus(state: UnoPowerState, p: int, keep: int, calls: bool) -> None:
    """``p`` keeps one card of kind ``keep`` and discards the others under the top card;
    the towers return to the pool."""
    cards = state.uno_game.cards
    hand = state.hands[p]
    discarded = [k for k in range(cards.num_kinds) for _ in range(hand[k] - (k == keep))]
    pile = state.deck.discard_pile
    pile[-1:-1] = discarded  # under the top card: the card in play stays
    state.hands[p] = bytearray(cards.num_kinds)
    state.hands[p][keep] = 1
    state.held[p] = 1 << keep
    state.sizes[p] = 1
    if state.record is not None:  # one card kept unseen: the record says nothing of it
        state.record.append((p, -2))
    state.towers = [-1] * NUM_TOWERS
    auto = state.uno_game.options.uno_call == "auto"
    state.called[p] = calls or auto
    if not (calls or auto):
        state.uno_pending = p
    if state.keeps_log:
        shout = " and calls UNO" if calls else ""
        state.event(
            "bonus",
            f"player {p + 1} uses the four-tower bonus, discards "
            f"{', '.join(cards.names[k] for k in discarded)}{shout}; the towers return",
            player=p,
            discarded=[cards.describe(k) for k in discarded],
            calls=calls,
        )
