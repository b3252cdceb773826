"""What the monsters did with their Evolutions says what they hold: King of Tokyo's
belief for the search (Power Up!).

A uniform determinization deals each opponent any of the Evolutions the observer has
not seen. But a monster that let a window pass where it could have played a card
probably did not hold it, and a monster that drew two cards and put a temporary one
on the discard pile probably kept a permanent one. :class:`HandBelief` weighs hands by
how well they explain what each seat did, read from the state's public record
(``KingOfTokyoState.record``, :mod:`.evolution_hands`), never from the log.

For each opponent it samples hands of the cards the seat may hold and the observer
has not seen (:func:`tabletop.core.belief.chain_hands`): its monster's deck without
the cards face up on a table or a discard pile (Mutant Evolution: every deck in play,
the observer's own cards aside), cards known to have come back to its hand (Heart of
the Rabbit) always in it. A hand is scored by replaying the seat's entries backwards
from it, back to the last time its hand went face up: a card it played goes back into
the hand, a card it received comes out (which one is picked at random, once per
chain), and each choice is scored by a model of plausible play, the heuristic bot's
rules (:func:`.heuristic.plays_evolution`, :func:`.heuristic.prevents_with_evolution`,
:func:`.heuristic.evolution_worth`) softened by a temperature and mixed with a uniform
choice (:func:`tabletop.core.belief.softmax_chance`):

- a window it let pass, holding cards the window offered: unlikely where the heuristic
  would have played one of them (less so for a card it would keep back, a healing one
  at nearly full hearts); the same refusal again before its hand changed counts for
  less (:data:`REPEAT`), since a player keeping a card for later refuses every time;
- a keep choice whose other card went face up to the discard pile: likely where the
  kept card is worth more to the heuristic than the one put away.

The bot is never told who its opponents are; the model is what a sensible player
would do. Each search iteration then deals every opponent one of the sampled hands
(:func:`tabletop.core.belief.choose_hands`) and the rest at random
(:meth:`.state.KingOfTokyoState.deal_hidden`).
"""

from __future__ import annotations

import math
from typing import Final

from tabletop.core.belief import IMPOSSIBLE, Belief, chain_hands, softmax_chance
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.evolution_hands import may_hold
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.heuristic import (
    evolution_worth,
    plays_evolution,
    prevents_with_evolution,
)
from tabletop.games.king_of_tokyo.phases import Ask, Noted
from tabletop.games.king_of_tokyo.state import KingOfTokyoState

CHAINS: Final = 8
"""Markov chains of hands run per opponent and decision."""
STEPS: Final = 100
"""Swaps tried in each chain."""
TEMPERATURE: Final = 0.5
"""How sharply the model prefers the heuristic's choice. Playing a card it wants
scores 1 against 0 for letting the window pass (-1 for one it keeps back); keeping a
card scores its worth to the heuristic (2 a permanent, 1 a temporary, half more
without a timing)."""
NOISE: Final = 0.1
"""The chance the model gives a seat of choosing at random, whatever it holds."""
REPEAT: Final = 0.3
"""The weight of a refusal the seat made already since its hand last changed."""
WANTED: Final = 1.0
UNWANTED: Final = -1.0

_PLAY: Final = 0  # steps of the replay, newest first: a card played, back into the hand
_DECLINE: Final = 1  # refusals with the same cards offered since the hand last changed
_RECEIVE: Final = 2  # a card came in: one comes out, going back
_RETURN: Final = 3  # a known card came back: it comes out


class HandBelief(Belief):
    """Evolution hands for each opponent of ``observer`` in ``state``, sampled by how
    well they explain what the opponent did with its Evolutions.

    Use :meth:`sample` as the search's sampler (``ISMCTS(..., sample=belief.sample)``).

    >>> import tabletop
    >>> from tabletop.bots import make_bot
    >>> state = tabletop.make("king-of-tokyo", power_up="on").new_state(4, seed=3)
    >>> bots = [make_bot("heuristic", "king-of-tokyo", seed=p) for p in range(4)]
    >>> for _ in range(60):
    ...     state.apply(bots[state.current_player].choose(state, state.current_player))
    >>> me = state.current_player
    >>> det = HandBelief(state, me, Rng(1)).sample(state, me, Rng(2))
    >>> [len(h) for h in det.pu.hand] == [len(h) for h in state.pu.hand]
    True
    """

    def __init__(
        self,
        state: KingOfTokyoState,
        observer: int,
        rng: Rng,
        chains: int = CHAINS,
        steps: int = STEPS,
        temperature: float = TEMPERATURE,
        noise: float = NOISE,
    ) -> None:
        super().__init__(len(evolution_table().info))
        pu = state.pu
        record = state.record
        if pu is None or record is None:
            return
        mine = set(pu.hand[observer])
        for d in state.decisions:
            if d.kind == Ask.EVO_KEEP and d.player == observer:
                mine.update(d.data[:2])
        if state.options.power_up == "mutant":  # it drafted its deck: it knows the cards
            mine.update(pu.deck[observer])
        model = (temperature, noise)
        for p in range(state.num_players):
            if p == observer:
                continue
            pool = [n for n in may_hold(state, p) if n not in mine]
            for n in pool:
                self.unseen[n] = 1
            size = len(pu.hand[p])
            if not size or not state.monsters[p].alive:
                continue
            replay = _Replay(record, p, pool, model)
            known = replay.known
            if (
                not replay.informative
                or size > len(pool)
                or len(known) > size
                or not set(known) <= set(pool)
            ):
                continue  # nothing to read, or a record it cannot follow: dealt at random
            rest = [n for n in pool if n not in known]
            self.seats.append(p)
            self.hands.append(
                chain_hands(
                    [known, rest],
                    [len(known), size - len(known)],
                    replay,
                    replay.picks,
                    rng,
                    chains,
                    steps,
                )
            )


class _Replay:
    """The log-likelihood of seat ``p``'s entries as a function of its hand now.

    Built once per seat: its entries back to its hand's last reset, newest first, as
    steps of the replay, refusals with the same cards offered since the hand last
    changed merged into one step with a weight.
    """

    def __init__(
        self,
        record: list[tuple[int, ...]],
        p: int,
        pool: list[int],
        model: tuple[float, float],
    ) -> None:
        self.model = model
        self.kinds: list[int] = []  # one per step
        self.card: list[int] = []  # the card played, received with, or returned
        self.wanted: list[int] = []  # refusals: cards the heuristic would have played
        self.unwanted: list[int] = []  # and cards offered it would keep back
        self.weight: list[float] = []
        self.keep_log: list[list[float]] = []  # receipts: log chance of keeping each card
        self.picks = 0
        self.informative = False
        self._chances: dict[tuple[int, int], float] = {}
        entries: list[tuple[int, ...]] = []
        for e in reversed(record):
            if e[0] != p:
                continue
            if e[1] == Noted.RESET:
                break
            entries.append(e)
        possible = 0  # the cards it may hold now, or held when it played them
        for n in pool:
            possible |= 1 << n
        for e in entries:
            if e[1] == Noted.PLAYED:
                possible |= 1 << e[2]
        worth = [evolution_worth(n) for n in range(len(evolution_table().info))]
        known: list[int] = []
        decided: set[int] = set()  # cards whose newest entry was read
        seen: dict[tuple[int, int], int] = {}  # refusals since the hand last changed
        for e in entries:
            kind = e[1]
            if kind == Noted.DECLINED:
                wanted, unwanted = _judged(e, possible)
                if not wanted | unwanted:
                    continue  # nothing it may hold was on offer: nothing to read
                key = (wanted, unwanted)
                step = seen.get(key)
                if step is None:
                    seen[key] = len(self.kinds)
                    self._add(_DECLINE, -1, wanted, unwanted, 1.0)
                else:
                    self.weight[step] += REPEAT
                self.informative = True
                continue
            seen = {}
            if kind == Noted.PLAYED or kind == Noted.RETURNED:
                card = e[2]
                self._add(_PLAY if kind == Noted.PLAYED else _RETURN, card, 0, 0, 0.0)
                if card not in decided and kind == Noted.RETURNED:
                    known.append(card)  # back in its hand, not played since
                decided.add(card)
            elif kind == Noted.RECEIVED:
                other = e[2]
                self._add(_RECEIVE, other, 0, 0, 0.0)
                logs: list[float] = []
                if other >= 0:
                    self.informative = True
                    for n in range(len(worth)):
                        scores = [worth[n], worth[other]]
                        logs.append(math.log(softmax_chance(scores, 0, model[0], model[1])))
                self.keep_log.append(logs)
                self.picks += 1
        self.known = sorted(known)
        """Cards known to be in its hand now: they came back and were not played since."""
        if known:
            self.informative = True

    def _add(self, kind: int, card: int, wanted: int, unwanted: int, weight: float) -> None:
        self.kinds.append(kind)
        self.card.append(card)
        self.wanted.append(wanted)
        self.unwanted.append(unwanted)
        self.weight.append(weight)

    def _refusal(self, wanted: int, unwanted: int) -> float:
        """The log chance of letting a window pass that offered ``wanted`` cards the
        heuristic would play and ``unwanted`` ones it would keep back."""
        key = (wanted, unwanted)
        value = self._chances.get(key)
        if value is None:
            scores = [0.0] + [WANTED] * wanted + [UNWANTED] * unwanted
            value = math.log(softmax_chance(scores, 0, self.model[0], self.model[1]))
            self._chances[key] = value
        return value

    def __call__(self, hand: list[int], picks: list[int]) -> float:
        held = 0
        for n in hand:
            held |= 1 << n
        total = 0.0
        j = 0  # the next receipt
        kinds = self.kinds
        for t in range(len(kinds)):
            kind = kinds[t]
            if kind == _DECLINE:
                a = (held & self.wanted[t]).bit_count()
                b = (held & self.unwanted[t]).bit_count()
                if a or b:
                    total += self.weight[t] * self._refusal(a, b)
            elif kind == _PLAY:
                held |= 1 << self.card[t]
            elif kind == _RETURN:
                bit = 1 << self.card[t]
                if not held & bit:
                    return total + math.log(IMPOSSIBLE)
                held ^= bit
            else:
                size = held.bit_count()
                if size == 0:
                    return total + math.log(IMPOSSIBLE)
                k = _nth_bit(held, picks[j] % size)
                logs = self.keep_log[j]
                if logs:
                    total += logs[k]
                held ^= 1 << k
                j += 1
        return total


def _judged(e: tuple[int, ...], possible: int) -> tuple[int, int]:
    """The cards of refusal ``e`` that the seat may hold (``possible``, a mask) and the
    heuristic would have played, and those it would have kept back, as masks."""
    _, _, _, offered, hearts, max_hearts, damage = e
    offered &= possible
    if damage >= 0:  # a prevention decision: played against a heavy or lethal loss
        return (offered, 0) if prevents_with_evolution(damage, hearts) else (0, offered)
    wanted = 0
    rest = offered
    while rest:
        low = rest & -rest
        n = low.bit_length() - 1
        if plays_evolution(n, hearts, max_hearts):
            wanted |= low
        rest ^= low
    return wanted, offered & ~wanted


def _nth_bit(mask: int, r: int) -> int:
    """The ``r``-th set bit of ``mask``, lowest first."""
    while True:
        low = mask & -mask
        if r == 0:
            return low.bit_length() - 1
        mask ^= low
        r -= 1
