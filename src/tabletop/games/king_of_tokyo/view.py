"""What one player may see of a King of Tokyo state (``State.view``).

Almost everything is public: monsters, cards in play, the row, the discard pile,
the box (a position's cards out of the game), the dice and the tokens. Hidden: the
order of the Power deck, except that a Made in a Lab owner sees the top card during
its own Buy phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.dice import FACE_NAMES
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.hookspecs import VIEW
from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import (
    ASK_NAMES,
    ASK_TEXT,
    ENERGY_LOSS_NAMES,
    PHASE_NAMES,
    Ask,
    EnergyLoss,
)
from tabletop.games.king_of_tokyo.power_up import QUESTIONS, WINDOW_NAMES

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def location_of(state: KingOfTokyoState, seat: int) -> str:
    """The view's ``location`` of seat ``seat``: ``city``, ``bay`` or ``outside``."""
    if state.city == seat:
        return "city"
    if state.bay == seat:
        return "bay"
    return "outside"


def bay_open(state: KingOfTokyoState) -> bool:
    """The view's ``tokyo.bay_open``: the game uses the Bay and 5 monsters live."""
    return state.game.options.tokyo_bay and state.alive_count >= 5


def victory_of(state: KingOfTokyoState) -> str | None:
    """The view's ``victory``: how the game ended, ``None`` while it runs.

    ``"stars"`` when a winner has 20 stars or more (even if it is also the last
    monster standing), ``"last_standing"`` when the winner is the only monster left,
    ``"no_winner"`` when every monster is out or the turn limit ended the game.
    """
    if not state.over:
        return None
    winners = state.winner_seats
    if not winners:
        return "no_winner"
    if any(state.monsters[w].stars >= WIN_STARS for w in winners):
        return "stars"
    return "last_standing"


def stars_at_elimination(state: KingOfTokyoState) -> list[int | None]:
    """Per seat, the stars an eliminated monster had when it went out (its elimination
    takes them), from its ``eliminated`` event; ``None`` for the others, and for a
    state that keeps no log."""
    fallen = {
        int(e.data["seat"]): int(e.data["stars"])
        for e in state.log
        if e.kind == "eliminated" and "stars" in e.data
    }
    return [fallen.get(m.seat) for m in state.monsters]


def evolution_counters(state: KingOfTokyoState, seat: int) -> dict[str, int]:
    """The counters on ``seat``'s face-up Evolutions, by id (Adapting Technology's,
    Exotic Arms' energy...)."""
    pu = state.pu
    assert pu is not None
    info = evolution_table().info
    return {info[n].id: pu.counters[n] for n in pu.table[seat] if n in pu.counters}


def build_view(state: KingOfTokyoState, player: int | None) -> dict[str, Any]:
    """The JSON-ready view (schema in ``docs/games/king-of-tokyo.md``)."""
    game = state.game
    cards = state.cards

    def card(c: int) -> dict[str, Any]:
        out = dict(cards.described[c])
        out["instance"] = c
        if c in state.counters:
            out["counters"] = state.counters[c]
        return out

    monsters = []
    for m in state.monsters:
        monsters.append(
            {
                "seat": m.seat,
                "monster": m.name,
                "name": state.monster_name(m.seat),
                "alive": m.alive,
                "hearts": m.hearts,
                "max_hearts": m.max_hearts,
                "stars": m.stars,
                "energy": m.energy,
                "location": location_of(state, m.seat),
                "cards": [card(c) for c in m.cards],
                "mimic": card(m.mimic) if m.mimic >= 0 else None,
                "tokens": {"poison": m.poison, "shrink": m.shrink},
                "wings_active": bool(state.immune & (1 << m.seat)),
            }
        )
        if state.pu is not None:
            monsters[-1]["evolutions"] = evolutions = state.pu.view_for(m.seat, player)
            for tokens in VIEW.calls:  # the target token, Freeze Ray, UFO tokens...
                tokens(state, m.seat, evolutions)
            on_cards = evolution_counters(state, m.seat)
            if on_cards:
                evolutions["counters"] = on_cards
    decision: dict[str, Any] | None = None
    if state.decisions:
        d = state.decisions[-1]
        decision = {"player": d.player, "kind": ASK_NAMES[d.kind], "reason": ASK_TEXT[d.kind]}
        if d.kind in (Ask.HEARTS, Ask.PREVENT):
            decision["amount"] = d.data[0]
        elif d.kind == Ask.RAPID_HEAL and d.data[0] != EnergyLoss.NONE:
            decision["before"] = ENERGY_LOSS_NAMES[d.data[0]]  # the energy about to go
        elif d.kind == Ask.EVO_PLAY:
            decision["window"] = WINDOW_NAMES[d.data[0]]
            if len(d.data) > 1:  # "other_buy": the card being bought (Bamboozle)
                decision["card"] = card(d.data[1])
        elif d.kind == Ask.EVO_CHOICE:
            evolution = evolution_table().info[d.data[0]]
            question = QUESTIONS[evolution.id]
            decision["evolution"] = evolution.id
            decision["reason"] = question.text
            if player == d.player:
                # Cards the answer may name that are nowhere else in the view (Deep Dive's
                # top of the deck, Miraculous Catch's pick of the discard pile): only the
                # deciding monster looks at them.
                shown = {c for c in state.row if c >= 0}
                for m in state.monsters:
                    shown.update(m.cards)
                table = state.table
                asked = [
                    table.arg[a.id]
                    for a in question.options(state, d.player, tuple(d.data[1:]))
                    if table.move[a.id] == Move.EVO_CARD and table.arg[a.id] not in shown
                ]
                if asked:
                    decision["cards"] = [card(c) for c in asked]
        elif d.kind == Ask.EVO_KEEP and player == d.player:
            info = evolution_table().info
            decision["drawn"] = [info[n].describe() for n in sorted(d.data[:2])]
    view: dict[str, Any] = {
        "game": game.id,
        "edition": game.options.edition,
        "power_up": game.options.power_up,
        "player": player,
        "turn": state.turn + 1,
        "active": state.active,
        "phase": PHASE_NAMES[state.stage],
        "monsters": monsters,
        "tokyo": {
            "city": state.city if state.city >= 0 else None,
            "bay": state.bay if state.bay >= 0 else None,
            "bay_open": bay_open(state),
        },
        "row": [card(c) if c >= 0 else None for c in state.row],
        "deck_size": len(state.deck),
        "discard": [cards.described[c]["id"] for c in state.discard],
        "box": [cards.described[c]["id"] for c in state.box],
        "dice": [FACE_NAMES[f] for f in state.dice],
        "rolls_left": state.rolls_left,
        "decision": decision,
        "winners": state.winners(),
        "over": state.is_terminal(),
        "victory": victory_of(state),
        "eliminated": list(state.eliminated),
    }
    if view["over"] and state.eliminated:
        view["stars_at_elimination"] = stars_at_elimination(state)
    if state.top_card_visible_to(player):
        view["deck_top"] = card(state.deck[-1])
    if player is not None:
        costs = {c: state.cost_for(player, c) for c in state.row if c >= 0}
        view["your_costs"] = [costs.get(c) if c >= 0 else None for c in state.row]
    return view
