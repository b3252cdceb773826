"""A rule-based UNO Power bot.

It reads only its own view and the legal actions. On its turn it scores each
playable card: shed points early, keep wilds for later, attack a next player who
is close to going out (unless a tower protects them), grab towers it lacks, and
stay in the colour it holds most. It always calls UNO, always catches, never
bluffs a Wild Draw Four unless desperate, and challenges a Wild Draw Four from a
player with a big hand.
"""

from __future__ import annotations

from typing import Any

from tabletop.bots.base import Bot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.games.uno_power.actions import (
    MOVE_BLOCK,
    MOVE_BONUS,
    MOVE_CATCH,
    MOVE_CHALLENGE,
    MOVE_DRAW,
    MOVE_KEEP,
    MOVE_NAME_COLOUR,
    MOVE_NO_BONUS,
    MOVE_NO_CATCH,
    MOVE_NO_CHALLENGE,
    MOVE_NO_JUMP,
    MOVE_NO_TOWER,
    MOVE_PENALTY,
    MOVE_PLAY,
    MOVE_SWAP,
    MOVE_TAKE,
)
from tabletop.games.uno_power.cards import (
    BLOCKING_TOWER,
    COLOURS,
    DRAW_AMOUNT,
    GRAB2,
    SKIP,
    TOWERS,
    WILD_DRAW4,
    WILD_GRAB,
)
from tabletop.games.uno_power.game import UnoPowerGame

CHALLENGE_HAND_SIZE = 6


class UnoHeuristicBot(Bot):
    """Plays UNO Power by simple, sensible rules (see the module docstring)."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        game = state.game
        assert isinstance(game, UnoPowerGame)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(player)
        best = max(legal, key=lambda a: (self._score(game, view, player, a), -a.id))
        return best

    def _score(self, game: UnoPowerGame, view: dict[str, Any], me: int, action: Action) -> float:
        table = game.table
        cards = game.cards
        i = action.id
        move = table.move[i]
        players = view["players"]
        n = view["num_players"]
        if move == MOVE_PLAY:
            return self._score_play(game, view, me, i)
        if move == MOVE_DRAW:
            return -5.0
        if move == MOVE_KEEP:
            return -1.0
        if move in (MOVE_CATCH, MOVE_BLOCK, MOVE_NO_JUMP, MOVE_NO_BONUS):
            return {MOVE_CATCH: 10.0, MOVE_BLOCK: 10.0, MOVE_NO_JUMP: -1.0, MOVE_NO_BONUS: 0.0}[
                move
            ]
        if move in (MOVE_NO_CATCH, MOVE_PENALTY, MOVE_NO_TOWER):
            return -10.0
        if move == MOVE_BONUS:
            keep = table.kind[i]
            # Keep a wild (always playable), else a card of the colour in play.
            value = 5.0 + (3.0 if cards.colour[keep] < 0 else 0.0)
            value += (
                1.0
                if cards.colour[keep] >= 0 and COLOURS[cards.colour[keep]] == view["colour"]
                else 0.0
            )
            return value + (1.0 if table.calls[i] else 0.0)
        if move == MOVE_TAKE:
            mask = table.arg[i]
            value = 0.0
            for t in range(4):
                if mask >> t & 1:
                    holder = view["towers"][TOWERS[t]]
                    if holder is not None:
                        # Stealing also strips a rival; the fewer cards, the better.
                        value += 2.0 + 10.0 / (1 + players[holder]["hand_size"])
                    else:
                        value += 1.0
            return value
        if move == MOVE_NAME_COLOUR:
            return self._colour_count(view, table.arg[i])
        if move == MOVE_SWAP:
            q = table.arg[i]
            return -float(players[q]["hand_size"])
        if move == MOVE_CHALLENGE:
            actor = self._last_actor(view, me, n)
            return 1.0 if players[actor]["hand_size"] >= CHALLENGE_HAND_SIZE else -1.0
        if move == MOVE_NO_CHALLENGE:
            return 0.0
        return 0.0

    def _score_play(self, game: UnoPowerGame, view: dict[str, Any], me: int, i: int) -> float:
        table = game.table
        cards = game.cards
        k = table.kind[i]
        sym = cards.symbol[k]
        hand = view["hand"]
        players = view["players"]
        n = view["num_players"]
        nxt = (me + view["direction"]) % n
        next_size = players[nxt]["hand_size"]
        score = cards.points[k] / 10.0
        if table.calls[i]:
            score += 100.0
        colour = cards.colour[k]
        if colour < 0:
            named = table.colour[i]
            score += self._colour_count(view, named) * 2.0
            if len(hand) > 2:
                score -= 12.0
            if sym == WILD_DRAW4 and view["colour"] is not None:
                bluff = any(c["colour"] == view["colour"] for c in hand)
                if bluff:
                    score -= 25.0
        else:
            score += (self._colour_count(view, colour) - 1) * 1.5
        tower = BLOCKING_TOWER.get(sym, -1)
        if sym in DRAW_AMOUNT or sym == SKIP:
            protected = tower >= 0 and view["towers"][TOWERS[tower]] == nxt
            if protected:
                score -= 6.0
            else:
                score += 4.0 + 12.0 / next_size
        icon = cards.icon[k]
        if icon >= 0:
            holder = view["towers"][TOWERS[icon]]
            if holder != me:
                score += 5.0 if holder is None else 8.0
        if sym in (GRAB2, WILD_GRAB):
            score += 6.0
        return score

    @staticmethod
    def _colour_count(view: dict[str, Any], colour: int) -> float:
        name = COLOURS[colour]
        return float(sum(1 for c in view["hand"] if c["colour"] == name))

    @staticmethod
    def _last_actor(view: dict[str, Any], me: int, n: int) -> int:
        direction: int = view["direction"]
        return (me - direction) % n
