"""The view of a Kung Fu state: what one seat (or a spectator) may see.

Schema (all keys always present):

- ``game`` (``"kung-fu"``), ``round``, ``phase`` (``"initiative"``, ``"parry"``,
  ``"activation"``, ``"effects"``, ``"result"`` or ``"over"``), ``current_player``
  (-1 when over) and ``decision``: ``{"kind", "player", "text", "due", "count"}``
  or ``null``; ``due`` is the koku still to pay at a ``pay`` decision and ``count``
  the cards to draw at a ``draw`` or ``facedown_draw`` decision (else ``null``)
- ``attacker`` (who holds the initiative) and ``defender``
- ``players``: per seat ``{"seat", "life", "hand_size", "red_in_hand",
  "blue_in_hand", "koku": [card], "koku_total", "no_parry_next_round",
  "passes_left"}``; ``passes_left`` is ``null`` when the players may pass as often
  as they want (``max_voluntary_passes=-1``)
- ``hand``: the seat's own cards (``null`` for a spectator)
- ``attack``/``parry``: ``null`` before the card is played, else ``{"card",
  "face_down", "activated", "value"}``; the attack's ``card`` is ``null`` while it
  lies face down for everyone but the attacker, the parry's ``card`` is ``null``
  when the defender played none (value 0); ``value`` is the final value once
  resolved, else ``null``
- ``decks``: ``{"red": n, "blue": n}`` cards left in the draw piles;
  ``discards``: ``{"red": [card], "blue": [card]}``, bottom first; ``box``: [card],
  the cards out of the game (a position's: docs/positions.md), public
- ``last_round``: ``null`` or ``{"round", "attack_value", "parry_value", "damage",
  "effects": [text]}`` of the last finished round
- ``winner`` (seat or ``null``) and ``draw`` (the game ended in a draw)

A card is ``{"type", "name", "deck", "value", "boosted_value", "koku", "worth",
"cost", "effects", "text", "label"}``: ``text`` is the effect as a sentence, as
this game's options play it, ``worth`` the coins it counts in a Koku row (see
:meth:`~tabletop.games.kung_fu.cards.CardTable.describe`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.core.text import plural
from tabletop.games.kung_fu.cards import BLUE, RED
from tabletop.games.kung_fu.exchange import may_pass
from tabletop.games.kung_fu.phases import ASK_NAMES, PHASE_NAMES, Ask
from tabletop.games.kung_fu.record import MAY_PASS

if TYPE_CHECKING:
    from tabletop.core.decisions import Decision
    from tabletop.games.kung_fu.state import KungFuState


# The phase a pending decision belongs to (draws: the stage says which draw it is).
_DECISION_PHASE: Final = {
    Ask.ATTACK: "initiative",
    Ask.PARRY: "parry",
    Ask.ACTIVATE: "activation",
    Ask.PAY: "activation",
    Ask.CHOICE: "result",
    Ask.DISCARD_KOKU: "effects",
    Ask.FACEDOWN_DRAW: "parry",
}


def decision_text(state: KungFuState, d: Decision) -> str:
    """A sentence for the pending decision ``d`` (public information only)."""
    kind = d.kind
    if kind == Ask.ATTACK:
        if may_pass(state, d.player):
            return "attack with a red card, face up or face down, or give up the initiative"
        return "attack with a red card, face up or face down"
    if kind == Ask.DRAW:
        n = d.data[0]
        if state.kf_game.sequential:
            return f"choose the deck of your next card ({n} to draw)"
        if n == 1:
            return "choose the deck of the card you draw"
        return f"choose how many of your {n} cards come from the red deck"
    if kind == Ask.PARRY:
        return "parry with a blue card"
    if kind == Ask.FACEDOWN_DRAW:
        return "the attack lies face down: draw a card from the pile of your choice, or not"
    if kind == Ask.ACTIVATE:
        card = state.par_card if d.data[0] else state.att_card
        cost = state.kf_game.cards.cost[card]
        return f"activate your card's effect for {cost} koku, or not"
    if kind == Ask.PAY:
        return f"pay {d.data[1]} more koku from your koku row (change is lost)"
    if kind == Ask.CHOICE:
        diff = state.par_value - state.att_value
        return f"take the initiative, or draw {plural(diff, 'card')} and let the attacker keep it"
    return "choose which of your opponent's koku cards to discard"


def phase_of(state: KungFuState) -> str:
    """The view's ``phase``: that of the pending decision, else of the stage."""
    phase = PHASE_NAMES[state.stage]
    if state.ask:
        return _DECISION_PHASE.get(state.ask[-1].kind, phase)
    return phase


def decision_figures(state: KungFuState, p: int, parrying: bool) -> tuple[int, int]:
    """What seat ``p`` sees as it attacks or parries, for the public record
    (:mod:`.record`): the flags (who may not parry next round; whether ``p`` may give
    up the initiative) and the attack card it sees (-1: none, or face down)."""
    flags = no_parry_next_round(state, 0) | no_parry_next_round(state, 1) << 1
    if not parrying and may_pass(state, p):
        flags |= MAY_PASS
    att = state.att_card if parrying and not attack_hidden_from(state, p) else -1
    return flags, att


def no_parry_next_round(state: KungFuState, p: int) -> bool:
    """The view's ``no_parry_next_round`` of seat ``p``."""
    return bool((state.no_parry[p] and state.stage <= 1) or state.mark_next[p])


def attack_hidden_from(state: KungFuState, player: int | None) -> bool:
    """Whether the attack card lies face down out of ``player``'s sight."""
    return state.att_hidden and player != state.att_player


def build_view(state: KungFuState, player: int | None) -> dict[str, Any]:
    g = state.kf_game
    describe = g.describe_card  # lose2's target as this game's options set it

    decision: dict[str, Any] | None = None
    if state.ask:
        top = state.ask[-1]
        decision = {
            "kind": ASK_NAMES[top.kind],
            "player": top.player,
            "text": decision_text(state, top),
            "due": top.data[1] if top.kind == Ask.PAY else None,
            "count": top.data[0] if top.kind in (Ask.DRAW, Ask.FACEDOWN_DRAW) else None,
        }
    attack: dict[str, Any] | None = None
    if state.att_card >= 0:
        attack = {
            "card": None if attack_hidden_from(state, player) else describe(state.att_card),
            "face_down": state.att_down,
            "activated": state.active[0],
            "value": state.att_value if state.att_value >= 0 else None,
        }
    parry: dict[str, Any] | None = None
    if state.par_card != -2:
        parry = {
            "card": describe(state.par_card) if state.par_card >= 0 else None,
            "face_down": False,
            "activated": state.active[1],
            "value": state.par_value if state.par_value >= 0 else None,
        }
    last = state.last_round
    over = state.over
    return {
        "game": g.id,
        "round": state.round,
        "phase": phase_of(state),
        "current_player": state.current_player,
        "decision": decision,
        "attacker": state.attacker,
        "defender": 1 - state.attacker,
        "players": [
            {
                "seat": p,
                "life": state.life[p],
                "hand_size": state.reds[p] + state.blues[p],
                "red_in_hand": state.reds[p],
                "blue_in_hand": state.blues[p],
                "koku": [describe(k) for k in state.rows[p]],
                "koku_total": state.koku_total[p],
                "no_parry_next_round": no_parry_next_round(state, p),
                "passes_left": state.passes[p] if state.passes[p] >= 0 else None,
            }
            for p in (0, 1)
        ],
        "hand": ([describe(k) for k in state.hand_types(player)] if player is not None else None),
        "attack": attack,
        "parry": parry,
        "decks": {
            "red": len(state.decks[RED].draw_pile),
            "blue": len(state.decks[BLUE].draw_pile),
        },
        "discards": {
            "red": [describe(k) for k in state.decks[RED].discard_pile],
            "blue": [describe(k) for k in state.decks[BLUE].discard_pile],
        },
        "box": [describe(k) for k in state.box],
        "last_round": (
            None
            if last is None
            else {
                "round": last[0],
                "attack_value": last[1],
                "parry_value": last[2],
                "damage": last[3],
                "effects": list(last[4]),
            }
        ),
        "winner": state.winner if over and state.winner >= 0 else None,
        "draw": over and state.winner < 0,
    }
