"""A turn and the order of a play's consequences: rulebook "A turn" (play a card, or
draw one, with the pass and stalemate of "Running out of cards"), the numbered order
of "Card effects", and going out ("End of a round and scoring": the draw that a last
card still causes).

This is the stage machine: a play runs through fixed stages (towers, seven swap,
four-tower bonus, effect on the next player, catch window, jump-in window, next
turn); a stage that needs somebody's answer pushes a decision and returns, and the
answer resumes the stages with :func:`proceed`. Plain number cards, the bulk of any
game, skip all of that on a fast path in :func:`play_card`, and the common draw is
inlined in :func:`draw_turn`: this is the engine's hot path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.decisions import Decision
from tabletop.games.uno_power.cards import (
    BLOCKING_TOWER,
    COLOURS,
    NUM_TOWERS,
    TOWERS,
    WILD_DRAW4,
)
from tabletop.games.uno_power.drawing import draw_card, draw_cards, log_draw
from tabletop.games.uno_power.effects import card_effect
from tabletop.games.uno_power.house_rules import open_jump_window, swap_stage
from tabletop.games.uno_power.legal import is_playable, match_row
from tabletop.games.uno_power.phases import (
    ASK_CHALLENGE,
    STAGE_BONUS,
    STAGE_CATCH,
    STAGE_DONE,
    STAGE_EFFECT,
    STAGE_GRAB,
    STAGE_JUMP,
    STAGE_NEXT,
    STAGE_SWAP,
)
from tabletop.games.uno_power.scoring import end_round, end_round_by_points
from tabletop.games.uno_power.towers import grab_stage, offer_bonus, take_towers, tower_count
from tabletop.games.uno_power.uno_call import open_catch_window

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


def begin_turn(state: UnoPowerState, p: int) -> None:
    """Start ``p``'s turn: the round's turn limit, then the four-tower bonus offer."""
    state.turn = p
    state.stage = STAGE_DONE
    turns = state.turns + 1
    state.turns = turns
    if turns == 2 and state.played < 0:
        state.mi = match_row(state)  # a first card's rule for the first turn ends
    if turns > state.uno_game.turn_limit:
        state.event("limit", "the round reached its turn limit")
        end_round_by_points(state)
    if state.towers[0] == p and tower_count(state, p) == NUM_TOWERS:
        offer_bonus(state, p, at_turn_start=True)


def play_card(state: UnoPowerState, p: int, k: int, named: int, calls: bool) -> None:
    """``p`` plays a card of kind ``k`` (``named``: the colour named for a wild, else -1;
    ``calls``: with the UNO call), then its stages run."""
    g = state.uno_game
    cards = g.cards
    hand = state.hands[p]
    left = hand[k] - 1
    hand[k] = left
    if not left:
        state.held[p] ^= 1 << k
    size = state.sizes[p] - 1
    state.sizes[p] = size
    state.deck.discard_pile.append(k)
    previous_colour = state.colour
    state.top = k
    colour = cards.colour[k] if named < 0 else named
    state.colour = colour
    state.mi = colour * g.num_kinds + k
    state.pass_streak = 0
    state.played = k
    state.actor = p
    # A play begins a turn, which closes any earlier catch window.
    state.uno_pending = -1
    if state.keeps_log:
        shout = " and calls UNO" if calls else ""
        named_text = f", naming {COLOURS[named]}" if named >= 0 else ""
        state.event(
            "play",
            f"player {p + 1} plays {cards.names[k]}{named_text}{shout}",
            player=p,
            card=cards.describe(k),
            named=COLOURS[named] if named >= 0 else None,
            calls=calls,
        )
    if cards.symbol[k] == WILD_DRAW4:
        state.wd4_colour = previous_colour
    if size == 0:
        went_out(state, p, k)
        return
    if size == 1:
        auto = g.options.uno_call == "auto"
        state.called[p] = calls or auto
        if not (calls or auto):
            state.uno_pending = p
    if state.uno_pending < 0:
        if g.fast_path[k]:
            begin_turn(state, (p + state.direction) % state.num_players)
            return
        icon = g.auto_icon[k]
        if icon >= 0:  # a number with an icon: grab its tower, then next player
            towers = state.towers
            if towers[icon] != p:
                before = (towers[0] == p) + (towers[1] == p) + (towers[2] == p) + (towers[3] == p)
                take_towers(state, p, 1 << icon)
                if before == NUM_TOWERS - 1:
                    state.towers_before = before
                    state.stage = STAGE_BONUS
                    proceed(state)
                    return
            begin_turn(state, (p + state.direction) % state.num_players)
            return
    state.towers_before = tower_count(state, p)
    state.stage = STAGE_GRAB
    proceed(state)


def went_out(state: UnoPowerState, p: int, k: int) -> None:
    """``p`` played their last card: the round ends, after any draw it causes."""
    g = state.uno_game
    cards = g.cards
    if state.keeps_log:
        state.event("out", f"player {p + 1} has played their last card", player=p)
    amount = cards.draw_amount[k]
    if amount:
        sym = cards.symbol[k]
        target = (p + state.direction) % state.num_players
        total = state.pending_draw + amount
        state.pending_draw = 0
        tower = BLOCKING_TOWER[sym]
        if g.options.last_card_protection and state.towers[tower] == target:
            text = f"player {target + 1} blocks the last card with a tower"
            state.event("blocked", text, player=target, tower=TOWERS[tower], what="last_card")
        elif sym == WILD_DRAW4 and g.wd4_challenge and g.options.wd4_challenge_on_last_card:
            state.ask.push(Decision(ASK_CHALLENGE, target, (total, 1, 0)))
            return
        else:
            draw_cards(state, target, total, "last_card")
    end_round(state, p, "out")


def proceed(state: UnoPowerState) -> None:
    """Run the remaining stages of the current play until one needs an answer.

    Each stage is guarded by a cheap test, so a card with one effect costs
    one call.
    """
    g = state.uno_game
    opts = g.options
    while True:
        stage = state.stage
        if stage == STAGE_GRAB:
            state.stage = STAGE_SWAP
            if g.grabs[state.played] and grab_stage(state):
                return
        elif stage == STAGE_SWAP:
            state.stage = STAGE_BONUS
            if opts.seven_swap and g.cards.symbol[state.played] == 7 and swap_stage(state):
                return
        elif stage == STAGE_BONUS:
            state.stage = STAGE_EFFECT
            p = state.actor
            if (
                state.towers_before < NUM_TOWERS
                and state.towers[0] == p
                and offer_bonus(state, p, at_turn_start=False)
            ):
                return
        elif stage == STAGE_EFFECT:
            state.stage = STAGE_CATCH
            if g.targets[state.played]:
                if card_effect(state):
                    return
            else:
                state.next_turn = (state.actor + state.direction) % state.num_players
        elif stage == STAGE_CATCH:
            state.stage = STAGE_JUMP
            if state.uno_pending >= 0 and open_catch_window(state):
                return
        elif stage == STAGE_JUMP:
            state.stage = STAGE_NEXT
            if opts.jump_in and open_jump_window(state):
                return
        elif stage == STAGE_NEXT:
            state.stage = STAGE_DONE
            begin_turn(state, state.next_turn)
            return
        else:
            return


def draw_turn(state: UnoPowerState, p: int) -> None:
    """The current player draws instead of playing."""
    g = state.uno_game
    pile = state.deck.draw_pile
    if not pile or g.options.draw_until_playable:
        draw_turn_rare(state, p)
        return
    # The common case, inlined: one card from a non-empty pile.
    card = pile.pop()
    state.hands[p][card] += 1
    held = state.held[p] | 1 << card
    state.held[p] = held
    state.sizes[p] += 1
    state.called[p] = False
    if state.record is not None:
        state.record.append((p, -1))
    if state.keeps_log:
        log_draw(state, p, card)
    cards = g.cards
    if g.match[state.mi] >> card & 1 and not (
        card == cards.wild_draw4 and g.wd4_enforced and held & cards.colour_mask[state.colour]
    ):
        drawn_playable(state, p, card)
    else:
        begin_turn(state, (p + state.direction) % state.num_players)


def draw_turn_rare(state: UnoPowerState, p: int) -> None:
    """Drawing when the pile is empty, or under ``draw_until_playable``."""
    g = state.uno_game
    card = draw_card(state, p)
    n = state.num_players
    if card < 0:
        state.event("pass", f"player {p + 1} cannot draw and passes", player=p)
        state.pass_streak += 1
        if state.pass_streak >= n:
            state.event("stalemate", "nobody can play or draw")
            end_round_by_points(state)
        begin_turn(state, (p + state.direction) % n)
        return
    if g.options.draw_until_playable:
        while not is_playable(state, p, card):
            card = draw_card(state, p)
            if card < 0:
                break
    if card >= 0 and is_playable(state, p, card):
        drawn_playable(state, p, card)
    else:
        begin_turn(state, (p + state.direction) % n)


def drawn_playable(state: UnoPowerState, p: int, card: int) -> None:
    """``p`` drew a playable card: ask whether to play it (if there is a choice)."""
    g = state.uno_game
    opts = g.options
    if (
        opts.forced_play_drawn
        and g.cards.colour[card] >= 0
        and not (state.sizes[p] == 2 and opts.uno_call == "enforced")
    ):
        play_card(state, p, card, -1, False)  # the only choice: nobody is asked
    else:
        state.ask.push(g.play_drawn[p][card])
