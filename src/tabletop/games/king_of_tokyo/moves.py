"""Playing a chosen action: what each kind of move (:class:`~.actions.Move`) does.

After the move, the stage loop (:meth:`~.state.KingOfTokyoState.advance`) runs on to
the next decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo import (
    damage,
    rapid_healing,
    rolling,
    shop,
    tokyo,
    turn,
    windows,
)
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.cards import Card
from tabletop.games.king_of_tokyo.constants import STRETCHY_COST
from tabletop.games.king_of_tokyo.dice import NUM_FACES, ONE, THREE
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import ABILITIES, QUESTIONS, WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def play(state: KingOfTokyoState, action: Action) -> None:
    """Apply ``action`` (known to be legal) for the current decision's player, then run on."""
    table = state.kot_game.table
    aid = action.id
    move = table.move[aid]
    arg = table.arg[aid]
    d = state.decisions.pop()
    p = d.player
    if move == Move.KEEP:
        rolling.reroll(state, p, arg)
        if turn.FAST_PATH and state.pu is None:
            rolling.stage_rolling(
                state
            )  # the loop's next stage: a reroll changes nothing it checks
    elif move == Move.STOP:
        if d.kind == Ask.ROLL:
            rolling.done_rolling(state)
        else:
            turn.to_resolve(state)
    elif move == Move.END_BUY:
        turn.end_buy(state)
    elif move == Move.BUY:
        shop.buy_from_row(state, p, arg)
    elif move == Move.YIELD:
        tokyo.yield_(state, p)
        turn.yield_answered(state)
    elif move == Move.STAY:
        tokyo.stay(state, p)
        turn.yield_answered(state)
    elif move == Move.SWEEP:
        shop.sweep_row(state, p)
    elif move == Move.ENERGY_DRINK:
        state.monsters[p].energy -= 1
        state.rolls_left += 1
        if state.keeps_log:
            state.event(
                "energy_drink",
                f"{state.monster_name(p)} pays 1 energy for an extra roll (Energy Drink).",
                seat=p,
            )
    elif move == Move.SMOKE:
        rolling.spend_smoke(state, p)
        state.rolls_left += 1
    elif move == Move.REROLL_THREE:
        rolling.reroll_die(state, THREE, "Background Dweller")
    elif move == Move.PROBE:
        rolling.probe(state, p, arg)
    elif move == Move.HERD_CULLER:
        state.herd_used |= 1 << p
        rolling.change_die(state, arg, ONE, "Herd Culler")
    elif move == Move.PLOT_TWIST:
        rolling.change_die(state, arg // NUM_FACES, arg % NUM_FACES, "Plot Twist")
        damage.discard_used(state, p, Card.PLOT_TWIST)
    elif move == Move.STRETCHY:
        state.monsters[p].energy -= STRETCHY_COST
        rolling.change_die(state, arg // NUM_FACES, arg % NUM_FACES, "Stretchy")
    elif move == Move.HEART:
        state.heart_plan[arg] += 1
    elif move == Move.HEALING_RAY:
        state.heart_plan[3 + arg] += 1
    elif move == Move.BUY_TOP:
        shop.buy_top(state, p)
    elif move == Move.TENTACLES:
        shop.buy_from_owner(state, p, arg)
    elif move == Move.DECLINE:
        if d.kind == Ask.FREEZE_TIME:
            turn.answer_freeze_time(state, False)
        elif d.kind == Ask.RAPID_HEAL:
            rapid_healing.answer(state, p, d.data, heals=False)
        # otherwise the queue moves on
    elif move == Move.FREEZE_TIME:
        turn.answer_freeze_time(state, True)
    elif move == Move.MIMIC:
        if d.kind == Ask.MIMIC_MOVE:
            state.monsters[p].energy -= 1
        shop.set_mimic(state, p, arg)
    elif move == Move.SELL:
        shop.sell(state, p, arg)
    elif move == Move.DONE_SELLING:
        windows.to_end(state)
    elif move == Move.WINGS:
        damage.use_wings(state, p)
    elif move == Move.RAPID_HEAL:
        if d.kind == Ask.RAPID_HEAL:
            rapid_healing.answer(state, p, d.data, heals=True)
        else:  # a prevention question or the Buy phase: asked again as it was
            rapid_healing.heal(state, p)
    elif move == Move.TAKE_DAMAGE:
        damage.land_first_hit(state)
    elif move == Move.CHARGE:
        shop.charge(state, p, d.data[0])
    elif move == Move.DONE_CHARGING:
        shop.finish_charge(state, p, d.data[0])
    elif move == Move.KEEP_EVOLUTION:
        assert state.pu is not None
        others = tuple(n for n in d.data[:2] if n != arg)
        state.pu.keep(state, p, arg, others, bool(d.data[2]))
    elif move == Move.PLAY_EVOLUTION:
        assert state.pu is not None
        state.pu.play(state, p, arg)
        if d.kind == Ask.EVO_PLAY:  # the window stays open for another Evolution
            state.pu.open_window(state, p, WINDOW_NAMES[d.data[0]])
    elif move == Move.DRAFT_EVOLUTION:
        assert state.pu is not None
        state.pu.pick(p, arg)
    elif move == Move.EVO_YES and d.kind != Ask.EVO_CHOICE:
        assert state.pu is not None  # a face-up Evolution's ability (Ability)
        ABILITIES[state.pu.effect_id(arg)].use(state, p, arg)
    elif move >= Move.EVO_YES:
        question = QUESTIONS[evolution_table().info[d.data[0]].id]
        question.answer(state, p, move, arg, d.data[1:])
    state.advance()
