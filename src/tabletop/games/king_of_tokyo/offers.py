"""The actions on offer at each decision (``legal_actions``).

One branch per kind of question (:class:`~.phases.Ask`); each lists what the rules of
the step that asked allow now. The usual roll decision shares the game's precomputed
list for the dice showing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.games.king_of_tokyo import damage, rapid_healing, resolution, rolling, shop
from tabletop.games.king_of_tokyo.constants import BACKGROUND_DWELLER, ENERGY_DRINK
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import REROLL_KEEPS
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.power_up import QUESTIONS, WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def legal_actions(state: KingOfTokyoState) -> list[Action]:
    """The legal actions of the current decision (empty when the game is over)."""
    if not state.decisions:
        return []
    d = state.decisions[-1]
    kind = d.kind
    p = d.player
    m = state.monsters[p]
    if kind == Ask.ROLL and state.rolls_left > 0 and rolling.plain_roll(state, m):
        return state.kot_game.table.roll_actions(state.dice)  # the usual roll: a shared list
    table = state.kot_game.table
    out: list[Action] = []
    if kind == Ask.ROLL:
        if state.rolls_left > 0:
            keeps = state.kot_game.table.keep_actions(state.dice)
            if state.pu is not None:  # Encased in Ice
                for keep in REROLL_KEEPS.calls:
                    keeps = keep(state, keeps)
            out.extend(keeps)
        elif not (state.pu is not None and state.pu.turn_marks.get("single_roll")):
            if m.mask & ENERGY_DRINK and m.energy >= 1:
                out.append(table.energy_drink)
            if rolling.smoke_source(state, p) >= 0:
                out.append(table.smoke)
        if m.mask & BACKGROUND_DWELLER and rolling.free_three(state):
            out.append(table.reroll_three)
        out.append(table.stop)
    elif kind == Ask.PROBE:
        out.extend(table.probe[f] for f in rolling.changeable_faces(state))
        out.append(table.decline)
    elif kind == Ask.ADJUST:
        out.extend(rolling.adjust_actions(state, p))
        out.append(table.stop)
    elif kind == Ask.HEARTS:
        out.extend(resolution.heart_actions(state, p))
    elif kind == Ask.YIELD:
        out += (table.yield_, table.stay)
        if state.pu is not None:  # Simian Scamper
            out.extend(table.play_evolution[n] for n in state.pu.playable(state, p, "yield"))
    elif kind == Ask.BUY:
        out.extend(shop.buy_actions(state, p))
        if not out:  # opened for an Evolution a determinized hand no longer holds
            out.append(table.end_buy)
    elif kind == Ask.OPPORTUNIST:
        out.extend(table.buy[s] for s in shop.opportunist_slots(state, p))
        out.append(table.decline)
    elif kind == Ask.MIMIC:
        out.extend(table.mimic[c] for c in shop.mimic_targets(state, p))
    elif kind == Ask.MIMIC_MOVE:
        out.extend(table.mimic[c] for c in shop.mimic_targets(state, p) if c != m.mimic)
        out.append(table.decline)
    elif kind == Ask.CHARGE:
        out += (table.charge, table.done_charging)
    elif kind == Ask.SELL:
        out.extend(table.sell[c] for c in sorted(m.cards))
        out.append(table.done_selling)
    elif kind == Ask.PREVENT:
        if damage.can_wings(state, p):
            out.append(table.wings)
        if rapid_healing.can_heal(state, p):
            out.append(table.rapid_heal)
        if state.pu is not None:
            out.extend(table.play_evolution[n] for n in state.pu.playable(state, p, "damage"))
            out.extend(table.evo_yes[n] for n in state.pu.abilities(state, p, "damage"))
        out.append(table.take_damage)
    elif kind == Ask.EVO_KEEP:
        out.extend(table.keep_evolution[n] for n in sorted(d.data[:2]))
    elif kind == Ask.EVO_PLAY:
        assert state.pu is not None
        window = WINDOW_NAMES[d.data[0]]
        out.extend(table.play_evolution[n] for n in state.pu.playable(state, p, window))
        out.append(table.decline)
    elif kind == Ask.DRAFT:
        assert state.pu is not None
        out.extend(table.draft_evolution[n] for n in sorted(state.pu.draft[p]))
    elif kind == Ask.FREEZE_TIME:
        out += (table.freeze_time, table.decline)
    elif kind == Ask.RAPID_HEAL:
        if rapid_healing.can_heal(state, p):  # a determinized copy may say otherwise
            out.append(table.rapid_heal)
        out.append(table.decline)
    elif kind == Ask.EVO_CHOICE:
        question = QUESTIONS[evolution_table().info[d.data[0]].id]
        out.extend(question.options(state, p, d.data[1:]))
    return out
