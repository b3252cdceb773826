"""What the other players know of each seat's Evolution hand (Power Up!): the public
record that a belief reads (:mod:`.belief`), and the re-deal of hidden hands to those
a belief chose.

A uniform determinization deals a monster any of its hidden Evolutions. But a monster
that let a window pass did not hold a card it would have played there, and a monster
that kept one of two drawn cards kept the one it liked better. The state keeps what
every seat saw of such moments, in the order they happened, in
``KingOfTokyoState.record``: small tuples of ints, the seat first, then the kind of
entry (:class:`~.phases.Noted`):

- ``(seat, PLAYED, evolution)``: it played an Evolution from its hand;
- ``(seat, DECLINED, window, offered, hearts, max_hearts, damage)``: asked whether to
  play an Evolution (an ``EVO_PLAY`` window, by its place in ``WINDOW_NAMES``, or a
  prevention decision: ``damage`` the hearts about to be lost, else -1), it played
  none. The position is gone when the belief reads this, so the entry keeps what a
  model needs to judge the refusal: ``offered`` has bit ``n`` set for each Evolution
  ``n`` the seat may hold, as the others know it, that it could have played there
  then (its timing and condition allow it; :func:`declined`), and its hearts;
- ``(seat, RECEIVED, other)``: it took an Evolution into its hand, unseen; ``other`` is
  the card drawn with it, which went face up to the discard pile, or -1 where none
  did (a single card drawn, or the set-up's other card shuffled back, unseen);
- ``(seat, RETURNED, evolution)``: a known card came back into its hand (Heart of the
  Rabbit);
- ``(seat, RESET)``: its hand went face up to the discard pile (an elimination, Nine
  Lives): nothing noted before tells what it holds now.

Nothing in it is hidden from anybody: the kept card is never named, a card put away
only where it lands face up, and ``offered`` covers every card the seat may hold,
whether it holds it or not. ``None`` in determinized copies, which a search plays on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.action import Action
from tabletop.core.decisions import Decision
from tabletop.core.errors import StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.actions import Move
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import NOTED_SIZES, Ask, Noted
from tabletop.games.king_of_tokyo.power_up import PLAYABLE, WINDOW_NAMES, timed_for

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState

_DAMAGE = WINDOW_NAMES.index("damage")


def note_answer(state: KingOfTokyoState, action: Action) -> None:
    """Before ``action`` answers the pending decision: a refusal to play an Evolution
    goes into the record (plays and draws note themselves, in :class:`~.power_up.PowerUp`)."""
    d = state.decisions[-1]
    move = state.table.move[action.id]
    pu = state.pu
    assert pu is not None
    if d.kind == Ask.EVO_PLAY and move == Move.DECLINE:
        declined(state, d.player, d.data[0], -1)
    elif d.kind == Ask.PREVENT and move != Move.PLAY_EVOLUTION and pu.hand[d.player]:
        declined(state, d.player, _DAMAGE, d.data[0])


def declined(state: KingOfTokyoState, seat: int, window: int, damage: int) -> None:
    """Note that ``seat`` played no Evolution in ``window`` (``damage``: the hearts
    a prevention decision is about, else -1), with what it could have played.

    That is :meth:`~.power_up.PowerUp.playable`'s test for every card the seat may
    hold, but for one part: whether a card offered only because it has no timing would
    change something is taken as yes, not tried (a copy of the state and two
    ``game_data`` per card and window made a random Mutant game 9 times slower). Such
    cards nearly always change something; a healing one at full hearts does not, and
    the model judges it not worth playing then anyway."""
    pu = state.pu
    assert pu is not None
    name = WINDOW_NAMES[window]
    timed = timed_for(pu.decks_in_play(state, seat), name, state.options.evolution_windows)
    shown = _face_up(pu)
    info = evolution_table().info
    offered = 0
    for n in timed:
        if n not in shown:
            condition = PLAYABLE.get(info[n].id)
            if condition is None or condition(state, seat):
                offered |= 1 << n
    m = state.monsters[seat]
    state.remember(seat, Noted.DECLINED, window, offered, m.hearts, m.max_hearts, damage)


def may_hold(state: KingOfTokyoState, seat: int) -> list[int]:
    """The Evolutions ``seat`` may hold as everybody knows it: those of the decks in
    play for it (:meth:`~.power_up.PowerUp.decks_in_play`) not face up on a table or a
    discard pile; sorted."""
    pu = state.pu
    assert pu is not None
    shown = _face_up(pu)
    deck_of = evolution_table().deck_of
    out: list[int] = []
    for monster in pu.decks_in_play(state, seat):
        out += [n for n in deck_of.get(monster, ()) if n not in shown]
    return sorted(out)


def _face_up(pu: PowerUp) -> set[int]:
    """The Evolutions face up on a table or a discard pile."""
    shown: set[int] = set()
    for pile in pu.table:
        shown.update(pile)
    for pile in pu.discard:
        shown.update(pile)
    return shown


def check_record(state: KingOfTokyoState) -> None:
    """The record names seats, kinds, Evolutions and windows that exist, each entry as
    long as its kind says; raise :class:`StateFormatError` otherwise."""
    record = state.record
    if record is None:
        return
    n = state.num_players
    cards = len(evolution_table().info)
    for e in record:
        if len(e) < 2 or not 0 <= e[0] < n:
            raise StateFormatError("record: no seat in {entry}", entry=list(e))
        kind = e[1]
        if not 0 <= kind < len(NOTED_SIZES) or len(e) != NOTED_SIZES[kind]:
            raise StateFormatError("record: unknown entry {entry}", entry=list(e))
        if state.pu is None:
            raise StateFormatError("record: Evolutions noted in a game without Power Up!")
        if kind == Noted.PLAYED or kind == Noted.RETURNED:
            ok = 0 <= e[2] < cards
        elif kind == Noted.RECEIVED:
            ok = -1 <= e[2] < cards
        elif kind == Noted.DECLINED:
            _, _, window, offered, hearts, max_hearts, damage = e
            ok = (
                0 <= window < len(WINDOW_NAMES)
                and 0 <= offered < 1 << cards
                and 0 <= hearts <= max_hearts
                and damage >= -1
            )
        else:
            ok = True
        if not ok:
            raise StateFormatError("record: impossible entry {entry}", entry=list(e))


def redeal(twin: KingOfTokyoState, observer: int, rng: Rng, hands: dict[int, list[int]]) -> None:
    """Re-deal the Evolutions ``observer`` cannot see in the copy ``twin``: the others'
    hands (``hands[s]`` for the seats given, :func:`deal`), the two cards of a pending
    keep decision of another seat, every deck's order."""
    pu = twin.pu
    assert pu is not None
    pending = [
        (i, d)
        for i, d in enumerate(twin.decisions)
        if d.kind == Ask.EVO_KEEP and d.player != observer
    ]
    for _, d in pending:  # the two drawn cards are hidden like the hand
        pu.hand[d.player].extend(d.data[:2])
    mutant = twin.kot_game.options.power_up == "mutant"
    if hands:
        deal(pu, observer, rng, mutant, hands)
    else:
        pu.resample(observer, rng, mutant)
    for i, d in pending:
        hand = pu.hand[d.player]
        drawn = (hand.pop(), hand.pop())
        twin.decisions[i] = Decision(d.kind, d.player, (*drawn, d.data[2]))


def deal(pu: PowerUp, observer: int, rng: Rng, mutant: bool, hands: dict[int, list[int]]) -> None:
    """:meth:`~.power_up.PowerUp.resample`, but seat ``s`` holds ``hands[s]`` first
    (the others' cards drawn for a pending keep, already in their hands, come after).

    The hidden cards are sorted before they are shuffled, so that the deal depends only
    on what the observer knows, not on where the cards lie. A seat whose hand is not
    among its hidden cards (a belief that misread what the others see) is dealt at
    random like those not given.
    """
    pu.deck[observer] = _shuffled(pu.deck[observer], rng)
    others = [s for s in range(len(pu.hand)) if s != observer]
    if mutant:
        pool = sorted(n for s in others for n in pu.hand[s] + pu.deck[s])
        given = {
            s: h
            for s, h in hands.items()
            if s != observer and len(h) <= len(pu.hand[s]) and _among(h, pool)
        }
        taken = {n for h in given.values() for n in h}
        if len(taken) < sum(len(h) for h in given.values()):
            given = {}  # two seats given one card: deal all at random
            taken = set()
        pool = [n for n in pool if n not in taken]
        rng.shuffle(pool)
        for s in others:
            first = list(given.get(s, ()))
            h, d = len(pu.hand[s]) - len(first), len(pu.deck[s])
            pu.hand[s], pu.deck[s], pool = first + pool[:h], pool[h : h + d], pool[h + d :]
            for n in pu.hand[s] + pu.deck[s]:
                pu.owner[n] = s
        return
    for s in others:
        pool = sorted(pu.hand[s] + pu.deck[s])
        hand = hands.get(s)
        if hand is None or not _among(hand, pool) or len(hand) > len(pu.hand[s]):
            pool = _shuffled(pool, rng)
            h = len(pu.hand[s])
            pu.hand[s], pu.deck[s] = sorted(pool[:h]), pool[h:]
            continue
        rest = _shuffled([n for n in pool if n not in hand], rng)
        h = len(pu.hand[s]) - len(hand)
        pu.hand[s], pu.deck[s] = sorted(hand) + rest[:h], rest[h:]


def _among(cards: list[int], pool: list[int]) -> bool:
    """Whether ``cards`` are distinct cards of ``pool``."""
    return len(set(cards)) == len(cards) and set(cards) <= set(pool)


def _shuffled(cards: list[int], rng: Rng) -> list[int]:
    out = list(cards)
    rng.shuffle(out)
    return out
