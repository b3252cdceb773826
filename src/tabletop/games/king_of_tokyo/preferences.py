"""A player's standing answers: questions its preferences answer for it.

Power Up! asks about Evolutions at every step of every turn, and asks every monster
holding Evolutions so that being asked reveals nothing (option
``evolution_prompts="public"``). A person has the questions it does not care about
answered for it: a table server (docs/server.md, "Preferences") or the terminal
applies :func:`auto_answer` whenever the seat must decide, and the answer is played
as that seat's own. By default a person is asked about an Evolution only when it
holds one it can play then; a server holds every answer to such an open question
(:func:`open_question`), a person's or an automatic one, for the same pace, so the
others cannot tell the two apart. Preferences are declared like options (the
lobby's form and the terminal read the same descriptions).

    >>> import tabletop
    >>> game = tabletop.make("king-of-tokyo", power_up="on")
    >>> game.preferences().evolutions
    'matching'
    >>> prefs = game.preferences({"evolutions": "every", "leave_tokyo_at": 4})
    >>> prefs.evolutions, prefs.leave_tokyo_at
    ('every', 4)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tabletop.core.action import Action
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.options import check_ranges, option
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.monster import START_HEARTS
from tabletop.games.king_of_tokyo.phases import Ask

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

PASSES = frozenset({Move.DECLINE, Move.TAKE_DAMAGE})
EVOLUTION_MOVES = frozenset({Move.PLAY_EVOLUTION, Move.EVO_YES})
MOST_HEARTS = 2 * START_HEARTS  # past any maximum a card can give


@dataclass(frozen=True, slots=True)
class KingOfTokyoPreferences:
    """What a seat wants answered for it. The defaults ask only real questions: an
    Evolution when one can be played, Rapid Healing against a lethal loss, and no step
    where passing is all the seat could do."""

    evolutions: Literal["every", "matching", "next_turn", "off"] = option(
        "matching",
        title="Questions about Evolutions",
        description="When you are asked whether to play an Evolution (everyone holding "
        "Evolutions is asked, and every answer waits the same time, so that neither being "
        "asked nor answering shows anything).",
        group="setup",
        values={
            "every": "ask me at every occasion",
            "matching": "only when I hold a card I can play then",
            "next_turn": "not until my next turn",
            "off": "never, until I turn it back on",
        },
    )
    leave_tokyo_at: int = option(
        0,
        title="Leave Tokyo automatically",
        description="Yield Tokyo without being asked when smashed at this many hearts or "
        "fewer (0: ask me).",
        group="setup",
        min=0,
        max=MOST_HEARTS,
    )
    stay_in_tokyo_at: int = option(
        0,
        title="Stay in Tokyo automatically",
        description="Stay in Tokyo without being asked when smashed at this many hearts or "
        "more (0: ask me).",
        group="setup",
        min=0,
        max=MOST_HEARTS,
    )
    skip_next_buy: bool = option(
        False,
        title="Skip my Buy phase",
        description="End my next Buy phase at once (then this turns itself off).",
        group="setup",
    )
    skip_empty_steps: bool = option(
        True,
        title="Skip steps where I have nothing to do",
        description="Pass for me when passing is all I could do.",
        group="setup",
    )
    rapid_healing: Literal["ask", "lethal_only"] = option(
        "lethal_only",
        title="Rapid Healing",
        description="When Rapid Healing asks whether to spend 2 energy for a heart.",
        group="setup",
        values={
            "ask": "at every occasion",
            "lethal_only": "only against a loss that would eliminate me (the Heal button "
            "still heals at the next occasion)",
        },
    )
    heal_requests: int = option(
        0,
        title="Hearts to heal",
        description="Rapid Healing heals this many hearts at its next occasions, one each "
        "(the Heal button adds one).",
        group="setup",
        min=0,
        max=MOST_HEARTS,
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        leave, stay = self.leave_tokyo_at, self.stay_in_tokyo_at
        if leave and stay and leave >= stay:
            raise InvalidOptionsError(
                "stay_in_tokyo_at",
                "must be more than leave_tokyo_at ({leave}): a monster cannot both leave "
                "and stay at {stay} hearts",
                leave=leave,
                stay=stay,
            )


def auto_answer(
    state: KingOfTokyoState, seat: int, prefs: KingOfTokyoPreferences
) -> tuple[Action | None, KingOfTokyoPreferences]:
    """The action ``prefs`` choose for ``seat``'s pending decision, or ``None`` to ask
    the player; and the preferences after it (a request used up, "next turn" over)."""
    if state.current_player != seat or not state.decisions:
        return None, prefs
    if prefs.evolutions == "next_turn" and state.active == seat:
        prefs = dataclasses.replace(prefs, evolutions="matching")  # its turn: ask again
    table = state.kot_game.table
    legal = state.legal_actions()
    by_move = {table.move[a.id]: a for a in legal}
    moves = set(by_move)
    kind = state.decisions[-1].kind
    pass_ = next((by_move[m] for m in (Move.DECLINE, Move.TAKE_DAMAGE) if m in by_move), None)
    if prefs.heal_requests and Move.RAPID_HEAL in by_move:
        return by_move[Move.RAPID_HEAL], dataclasses.replace(
            prefs, heal_requests=prefs.heal_requests - 1
        )
    m = state.monsters[seat]
    if kind == Ask.YIELD:
        if prefs.leave_tokyo_at and m.hearts <= prefs.leave_tokyo_at:
            return by_move.get(Move.YIELD), prefs
        if prefs.stay_in_tokyo_at and m.hearts >= prefs.stay_in_tokyo_at:
            return by_move.get(Move.STAY), prefs
    if kind == Ask.BUY and prefs.skip_next_buy and Move.END_BUY in by_move:
        return by_move[Move.END_BUY], dataclasses.replace(prefs, skip_next_buy=False)
    if pass_ is not None:
        choices = moves - PASSES
        if prefs.rapid_healing == "lethal_only" and choices <= {Move.RAPID_HEAL}:
            lethal = kind == Ask.PREVENT and state.decisions[-1].data[0] >= m.hearts
            if kind == Ask.RAPID_HEAL or (kind == Ask.PREVENT and not lethal):
                return pass_, prefs
        evolution_question = kind in (Ask.EVO_PLAY, Ask.PREVENT) and choices <= EVOLUTION_MOVES
        if evolution_question and (
            prefs.evolutions in ("next_turn", "off")
            or (prefs.evolutions == "matching" and not choices)
        ):
            return pass_, prefs
        if (prefs.skip_empty_steps or kind == Ask.PREVENT) and not choices:
            return pass_, prefs  # "nothing of yours can prevent it" is no question
    return None, prefs


def open_question(state: KingOfTokyoState) -> bool:
    """Whether the pending decision is a window every holder of Evolutions is asked in
    (``evolution_prompts="public"``): an Evolution window or a loss of hearts, whose
    answer, quick or slow, must not tell whether the monster held a card for it."""
    if not state.decisions or state.kot_game.options.evolution_prompts != "public":
        return False
    return state.decisions[-1].kind in (Ask.EVO_PLAY, Ask.PREVENT)
