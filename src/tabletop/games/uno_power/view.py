"""The view of a UNO Power state: what one seat (or a spectator) may see.

Schema (all keys always present; ``hand`` and ``drawn_card`` only for a seat):

- ``game``, ``num_players``, ``round``, ``dealer``, ``direction`` (1 clockwise, -1)
- ``current_player`` (-1 when over) and ``decision``: ``{"kind", "player", "text"}``
  for a pending out-of-turn choice, or ``{"kind": "turn", ...}`` on a normal turn
- ``top_card`` (a card, see below) and ``colour`` (the colour in play, named for
  wilds), ``draw_pile`` and ``discard_pile`` (sizes), ``pending_draw``
- ``box``: the cards out of the round (a position's: docs/positions.md), public
- ``towers``: ``{"U": seat or null, "N": …, "O": …, "!": …}``
- ``players``: per seat ``{"seat", "hand_size", "score", "towers", "called_uno",
  "team"}``; ``team`` is 0/1 with partners, else null
- ``hand``: the seat's own cards; ``drawn_card``: the card it may now play
- ``target_score``, ``scoring``, ``last_round`` (``{"round", "winner", "how",
  "points_in_hand", "gained", "hands", "scores"}``: ``hands`` the cards each seat
  held when the round ended, shown for scoring; ``scores`` every seat's total after
  it), ``winners`` (when over)

A card is ``{"kind", "colour", "symbol", "icon", "points", "label"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from tabletop.games.uno_power.cards import COLOURS, NUM_TOWERS, TOWERS
from tabletop.games.uno_power.phases import (
    ASK_NAMES,
    ASK_PLAY_DRAWN,
    ASK_TEXT,
)

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState

TURN_TEXT: Final = "play a card or draw"
"""What the player whose turn it is decides (``decision.text``)."""


def build_view(state: UnoPowerState, player: int | None) -> dict[str, Any]:
    g = state.uno_game
    cards = g.cards
    n = state.num_players
    decision: dict[str, Any] | None
    drawn: dict[str, Any] | None = None
    if state.ask:
        top = state.ask.top
        decision = {
            "kind": ASK_NAMES[top.kind],
            "player": top.player,
            "text": ASK_TEXT[top.kind],
        }
        if top.kind == ASK_PLAY_DRAWN and top.player == player:
            drawn = cards.describe(top.data[0])
    elif state.over:
        decision = None
    else:
        decision = {"kind": "turn", "player": state.turn, "text": TURN_TEXT}
    view: dict[str, Any] = {
        "game": g.id,
        "num_players": n,
        "round": state.round,
        "dealer": state.dealer,
        "direction": state.direction,
        "current_player": state.current_player,
        "decision": decision,
        "top_card": cards.describe(state.top),
        "colour": COLOURS[state.colour] if state.colour >= 0 else None,
        "draw_pile": len(state.deck.draw_pile),
        "discard_pile": len(state.deck.discard_pile),
        "box": [cards.describe(k) for k in state.box],
        "pending_draw": state.pending_draw,
        "towers": {TOWERS[t]: (h if h >= 0 else None) for t, h in enumerate(state.towers)},
        "players": [
            {
                "seat": p,
                "hand_size": state.sizes[p],
                "score": state.scores[p],
                "towers": [TOWERS[t] for t in range(NUM_TOWERS) if state.towers[t] == p],
                "called_uno": state.called[p],
                "team": p % 2 if g.options.partners else None,
            }
            for p in range(n)
        ],
        "hand": (
            [cards.describe(k) for k in state.hand_cards(player)] if player is not None else None
        ),
        "drawn_card": drawn,
        "target_score": g.options.target_score,
        "scoring": g.options.scoring,
        "last_round": state.last_round,
        "winners": list(state.winner_list) if state.over else None,
    }
    return view
