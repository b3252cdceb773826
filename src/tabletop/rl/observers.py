"""Observation tensors and action masks, one observer object per game.

An :class:`Observer` turns what one seat may see into a flat ``float32`` vector
with a fixed, documented layout of named *fields* (as OpenSpiel's observers), and
the legal actions into an ``int8`` mask over every action id of the game.

An observation is specified by ``state.view(player)``, the same dictionary the
server sends to that seat, so it cannot contain another player's hidden cards:
re-sampling what the seat cannot see (``state.determinize(player, rng)``) leaves
the encoding unchanged. :meth:`Observer.encode_view` is that reference encoding.
Building a view dictionary costs more than the rest of an RL step, so an observer
may also read the same public fields straight from the state; the test suite then
checks, over thousands of states, that its result equals the reference. Seats are
*relative*: index 0 of every per-seat field is the observer, 1 the next seat in seat
order, and so on.

>>> import tabletop
>>> from tabletop.rl import observer_for
>>> game = tabletop.make("uno-power", target_score="single_round")
>>> observer = observer_for(game)
>>> state = game.new_state(3, seed=1)
>>> obs = observer.encode(state, 0)
>>> obs.shape == observer.shape, obs.dtype.name
(True, 'float32')
>>> int(observer.named(obs)["hand"].sum())
7
>>> int(observer.mask(state).sum()) == len(state.legal_actions())
True

``docs/rl.md`` lists the fields of each game; :meth:`Observer.layout` prints them.
"""

from __future__ import annotations

import array
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
import numpy.typing as npt

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game, State
from tabletop.games.king_of_tokyo.phases import ASK_NAMES as KOT_ASK_NAMES
from tabletop.games.king_of_tokyo.phases import PHASE_NAMES as KOT_PHASE_NAMES
from tabletop.games.king_of_tokyo.view import bay_open, location_of
from tabletop.games.kung_fu.phases import ASK_NAMES as KF_ASK_NAMES
from tabletop.games.kung_fu.phases import Ask as KfAsk
from tabletop.games.kung_fu.view import attack_hidden_from, no_parry_next_round, phase_of
from tabletop.games.uno_power.phases import ASK_NAMES, ASK_PLAY_DRAWN

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState
    from tabletop.games.kung_fu.state import KungFuState
    from tabletop.games.uno_power.state import UnoPowerState

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

Buffer: TypeAlias = "array.array[float]"
"""What observations are written into: float32 zeros, wrapped by numpy afterwards."""

_SHORT_LEGAL_LIST = 40
"""Up to this many legal actions, :meth:`Observer.mask` sets bytes in a loop."""

_SEATS_FROM: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(tuple((seat, (seat - player) % n) for seat in range(n)) for player in range(n))
    for n in range(9)
)
"""``_SEATS_FROM[n][player]``: each seat of an ``n``-seat table and where it sits
relative to ``player`` (0 for the player, 1 for the next seat...), looked up at every
step instead of computed."""

_AT_FROM: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for _seat, r in seats) for seats in table) for table in _SEATS_FROM
)
"""``_AT_FROM[n][player][seat]``: where ``seat`` sits relative to ``player``."""


@dataclass(frozen=True, slots=True)
class Field:
    """A named slice of an observation: ``size`` entries, each in ``[0, high]``."""

    name: str
    size: int
    high: float
    doc: str


class Observer(ABC):
    """Encodes one seat's view of a state of ``game`` as a flat vector.

    ``fields`` lie one after the other in the vector; ``offset[name]`` is where a
    field starts and ``slices[name]`` its slice. ``low``/``high`` bound every entry
    (the Box of the RL environments).
    """

    max_seats: int = 2

    def __init__(self, game: Game[Any], fields: Sequence[Field]) -> None:
        self.game = game
        self.fields: tuple[Field, ...] = tuple(fields)
        self.offset: dict[str, int] = {}
        self.slices: dict[str, slice] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offset:
                raise ValueError(f"duplicate field {f.name!r}")
            self.offset[f.name] = at
            self.slices[f.name] = slice(at, at + f.size)
            at += f.size
        self.size: int = at
        self._zeros = array.array("f", bytes(4 * at))
        self.shape: tuple[int] = (at,)
        self.num_actions: int = game.info.num_distinct_actions
        self.low: FloatArray = np.zeros(self.shape, dtype=np.float32)
        self.high: FloatArray = np.concatenate(
            [np.full(f.size, f.high, dtype=np.float32) for f in self.fields]
        )

    # -- encoding ---------------------------------------------------------------

    def encode(self, state: State, player: int) -> FloatArray:
        """The observation of seat ``player``: ``encode_view(state.view(player), player)``."""
        if not 0 <= player < state.num_players:
            raise TabletopError(
                f"player {player} is not a seat of this {state.num_players}-seat game"
            )
        # A float32 ``array.array`` copied from a zero template (a memcpy) takes the
        # same ``buf[i]`` reads and writes as a list, and numpy wraps its memory
        # without converting 300-odd Python floats. Every entry is a whole number
        # well within float32's exact range, so the result is the same.
        buf = self._blank(state.num_players)[:]
        out = np.frombuffer(buf, np.float32)
        self._fill_state(state, player, buf, out)
        return out

    def encode_view(self, view: dict[str, Any], player: int) -> FloatArray:
        """The reference encoding: the observation made from ``view`` alone."""
        buf = self._zeros[:]
        self._fill(view, player, buf)
        return np.frombuffer(buf, np.float32)

    def _blank(self, num_players: int) -> Buffer:
        """What an observation starts from, copied: zeros, or whatever depends on nothing
        but the number of players, filled in once."""
        return self._zeros

    def _fill_state(self, state: State, player: int, buf: Buffer, out: FloatArray) -> None:
        """Write the observation of ``state`` for ``player`` into ``buf``.

        Through ``state.view(player)`` unless an observer knows a cheaper way to
        the same numbers (then it must read only what that view shows). ``out`` is
        numpy's view of ``buf``, for writing a whole run of entries at once.
        """
        self._fill(state.view(player), player, buf)

    @abstractmethod
    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        """Write the fields of ``view`` (seen by ``player``) into ``buf`` (all zeros)."""

    def mask(self, state: State) -> MaskArray:
        """1 for each legal action id of the current player, else 0 (all 0 at the end)."""
        if state.is_terminal():
            return np.zeros(self.num_actions, dtype=np.int8)
        legal = state.legal_actions()
        if len(legal) > _SHORT_LEGAL_LIST:
            out = np.zeros(self.num_actions, dtype=np.int8)
            out[[a.id for a in legal]] = 1
            return out
        # Most decisions offer a handful of actions: setting bytes one by one and
        # wrapping the buffer beats numpy's fancy indexing of a Python list.
        marks = bytearray(self.num_actions)
        for action in legal:
            marks[action.id] = 1
        return np.frombuffer(marks, np.int8)  # a positional dtype is faster

    def named(self, obs: FloatArray) -> dict[str, FloatArray]:
        """The fields of an observation by name (views into ``obs``, no copies)."""
        return {name: obs[s] for name, s in self.slices.items()}

    def string(self, state: State, player: int | None) -> str:
        """A readable twin of the observation (``None``: a spectator's view)."""
        return self._text(state.view(player), player)

    @abstractmethod
    def _text(self, view: dict[str, Any], player: int | None) -> str: ...

    def layout(self) -> str:
        """The layout as a Markdown table: field, offset, size, bound, meaning."""
        rows = ["| field | offset | size | max | meaning |", "|---|---|---|---|---|"]
        for f in self.fields:
            high = int(f.high) if float(f.high).is_integer() else f.high
            rows.append(f"| `{f.name}` | {self.offset[f.name]} | {f.size} | {high} | {f.doc} |")
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game.id}, size={self.size})"


# -- UNO Power --------------------------------------------------------------------

_UNO_DECISIONS = (
    "turn",
    "play_drawn",
    "towers",
    "icon_grab",
    "name_colour",
    "swap",
    "bonus",
    "catch",
    "challenge",
    "stack",
    "protect",
    "jump",
)
_UNO_COLOURS = ("red", "blue", "green", "yellow")
_UNO_TOWERS = ("U", "N", "O", "!")
_UNO_COLOUR_INDEX = {c: i for i, c in enumerate(_UNO_COLOURS)}
_UNO_TOWER_INDEX = {t: i for i, t in enumerate(_UNO_TOWERS)}


class UnoPowerObserver(Observer):
    """UNO Power: own hand per card kind, the table, and every seat's public counts.

    Per-seat fields have ``max_seats = 6`` entries whatever the number of players,
    so one network fits every table size; ``seat_present`` marks the seats in play.
    """

    max_seats = 6

    def __init__(self, game: Game[Any]) -> None:
        cards = game.cards  # type: ignore[attr-defined]
        k = int(cards.num_kinds)
        deck = len(cards.deck)
        copies = float(max(cards.copies))
        deck_points = sum(p * c for p, c in zip(cards.points, cards.copies, strict=True))
        target = game.options.target_score
        # A total only grows until somebody reaches the target, by at most the
        # points of every card in one round.
        score_high = float((0 if target == "single_round" else int(target)) + deck_points)
        s = self.max_seats
        super().__init__(
            game,
            [
                Field("hand", k, copies, "own cards: copies held of each card kind"),
                Field("drawn_card", k, 1, "one-hot kind of the card just drawn that may be played"),
                Field("top_card", k, 1, "one-hot kind of the top card of the discard pile"),
                Field("colour", 4, 1, "one-hot colour in play (red, blue, green, yellow)"),
                Field("clockwise", 1, 1, "1 when play goes clockwise"),
                Field("decision", len(_UNO_DECISIONS), 1, "one-hot kind of the pending decision"),
                Field("decider", s, 1, "one-hot relative seat that must decide"),
                Field("seat_present", s, 1, "1 for each relative seat in the game"),
                Field("partner", s, 1, "1 for relative seats on the observer's team"),
                Field("hand_size", s, float(deck), "cards in each relative seat's hand"),
                Field("score", s, score_high, "match score of each relative seat"),
                Field("towers", 4 * s, 1, "towers U N O ! held, 4 per relative seat"),
                Field("called_uno", s, 1, "1 when the relative seat has called UNO"),
                Field("draw_pile", 1, float(deck), "cards in the draw pile"),
                Field("discard_pile", 1, float(deck), "cards in the discard pile"),
                Field("pending_draw", 1, float(4 * deck), "cards the next victim must draw"),
                Field("last_round_winner", s, 1, "one-hot relative winner of the last round"),
            ],
        )
        self._decision_index = {name: i for i, name in enumerate(_UNO_DECISIONS)}
        self._ask_index = {kind: self._decision_index[name] for kind, name in ASK_NAMES.items()}
        self._partners = bool(game.options.partners)
        self._offsets = tuple(self.offset[f.name] for f in self.fields)
        self._blanks: dict[int, Buffer] = {}

    def _blank(self, num_players: int) -> Buffer:
        blank = self._blanks.get(num_players)
        if blank is None:  # seats are relative: partners sit 0, 2, 4 seats away
            blank = self._zeros[:]
            present, partner = self.offset["seat_present"], self.offset["partner"]
            for r in range(num_players):
                blank[present + r] = 1.0
                if self._partners and not r % 2:
                    blank[partner + r] = 1.0
            self._blanks[num_players] = blank
        return blank

    def _fill_state(self, state: State, player: int, buf: Buffer, out: FloatArray) -> None:
        # The fields of ``build_view`` (UNO Power's view), read from the state.
        st: UnoPowerState = state  # type: ignore[assignment]
        (hand, drawn, top_card, colour, clockwise, decision, decider, _present, _partner,
         hand_size, score, towers, called, draw_pile, discard_pile, pending_draw,
         last_winner) = self._offsets  # fmt: skip
        n = st.num_players
        # Copies held per kind: one vectorised copy beats a loop over the kinds held.
        counts = st.hands[player]
        out[hand : hand + len(counts)] = counts
        ask = st.ask
        if ask:
            top = ask.top
            if top.kind == ASK_PLAY_DRAWN and top.player == player:
                buf[drawn + top.data[0]] = 1.0
            buf[decision + self._ask_index[top.kind]] = 1.0
            buf[decider + (top.player - player) % n] = 1.0
        elif not st.over:
            buf[decision] = 1.0  # "turn"
            buf[decider + (st.turn - player) % n] = 1.0
        buf[top_card + st.top] = 1.0
        if st.colour >= 0:
            buf[colour + st.colour] = 1.0
        if st.direction == 1:
            buf[clockwise] = 1.0
        sizes, scores, called_uno = st.sizes, st.scores, st.called
        for p, r in _SEATS_FROM[n][player]:
            buf[hand_size + r] = sizes[p]
            buf[score + r] = scores[p]
            if called_uno[p]:
                buf[called + r] = 1.0
        at = _AT_FROM[n][player]
        for t, holder in enumerate(st.towers):
            if holder >= 0:
                buf[towers + 4 * at[holder] + t] = 1.0
        deck = st.deck
        buf[draw_pile] = len(deck.draw_pile)
        buf[discard_pile] = len(deck.discard_pile)
        buf[pending_draw] = st.pending_draw
        last = st.last_round
        if last is not None:
            buf[last_winner + (last["winner"] - player) % n] = 1.0

    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        # Offsets are read into locals once: this runs at every RL step.
        o = self.offset
        n = int(view["num_players"])
        hand = o["hand"]
        for card in view["hand"] or ():
            buf[hand + card["kind"]] += 1.0
        drawn = view["drawn_card"]
        if drawn is not None:
            buf[o["drawn_card"] + drawn["kind"]] = 1.0
        buf[o["top_card"] + view["top_card"]["kind"]] = 1.0
        if view["colour"] is not None:
            buf[o["colour"] + _UNO_COLOUR_INDEX[view["colour"]]] = 1.0
        buf[o["clockwise"]] = 1.0 if view["direction"] == 1 else 0.0
        decision = view["decision"]
        if decision is not None:
            buf[o["decision"] + self._decision_index[decision["kind"]]] = 1.0
            buf[o["decider"] + (decision["player"] - player) % n] = 1.0
        players = view["players"]
        own_team = players[player]["team"]
        present, partner, hand_size = o["seat_present"], o["partner"], o["hand_size"]
        score, towers, called = o["score"], o["towers"], o["called_uno"]
        for p in players:
            r = (p["seat"] - player) % n
            buf[present + r] = 1.0
            if own_team is not None and p["team"] == own_team:
                buf[partner + r] = 1.0
            buf[hand_size + r] = float(p["hand_size"])
            buf[score + r] = float(p["score"])
            for t in p["towers"]:
                buf[towers + 4 * r + _UNO_TOWER_INDEX[t]] = 1.0
            if p["called_uno"]:
                buf[called + r] = 1.0
        buf[o["draw_pile"]] = float(view["draw_pile"])
        buf[o["discard_pile"]] = float(view["discard_pile"])
        buf[o["pending_draw"]] = float(view["pending_draw"])
        last = view["last_round"]
        if last is not None:
            buf[o["last_round_winner"] + (last["winner"] - player) % n] = 1.0

    def _text(self, view: dict[str, Any], player: int | None) -> str:
        n = view["num_players"]
        who = "spectator" if player is None else f"player {player}"
        decision = view["decision"]
        if decision is None:
            ask = f"over, winners {view['winners']}"
        else:
            ask = f"{decision['kind']} for player {decision['player']}"
        lines = [
            f"UNO Power, {who}'s view, round {view['round']}: {ask}",
            f"top {view['top_card']['label']}, colour {view['colour']}, "
            f"{'clockwise' if view['direction'] == 1 else 'counter-clockwise'}, "
            f"draw pile {view['draw_pile']}, pending draw {view['pending_draw']}",
        ]
        start = 0 if player is None else player
        for i in range(n):
            p = view["players"][(start + i) % n]
            towers = "".join(p["towers"]) or "-"
            uno = ", UNO" if p["called_uno"] else ""
            lines.append(
                f"  player {p['seat']}: {p['hand_size']} cards, score {p['score']}, "
                f"towers {towers}{uno}"
            )
        if view["hand"] is not None:
            lines.append("hand: " + ", ".join(c["label"] for c in view["hand"]))
        if view["drawn_card"] is not None:
            lines.append(f"drawn: {view['drawn_card']['label']}")
        return "\n".join(lines)


# -- Kung Fu ----------------------------------------------------------------------

_KF_DECISIONS = (
    "attack",
    "draw",
    "parry",
    "activate",
    "pay",
    "defender_choice",
    "discard_koku",
    "facedown_draw",
)
_KF_PHASES = ("initiative", "parry", "activation", "effects", "result", "over")


def _card_outcome(
    buf: Buffer, activated_at: int, activated: bool, value_at: int, value: int
) -> None:
    """A Kung Fu card on the table: its effect flag, and its value once resolved (>= 0)."""
    if activated:
        buf[activated_at] = 1.0
    if value >= 0:
        buf[value_at] = value
        buf[value_at + 1] = 1.0


class KungFuObserver(Observer):
    """Kung Fu: own hand per card type, both Koku rows, the cards on the table.

    Pairs of entries are (observer, opponent). The attack's card type is one-hot
    only when the observer may see it; a face-down attack shows only its flags.
    ``discarded`` counts each card type in the discard piles, which are public.
    """

    max_seats = 2

    def __init__(self, game: Game[Any]) -> None:
        from tabletop.games.kung_fu.cards import MAX_VALUE
        from tabletop.games.kung_fu.options import MAX_PASSES
        from tabletop.games.kung_fu.state import MAX_LIFE

        cards = game.cards  # type: ignore[attr-defined]
        t = int(cards.num_types)
        copies = float(max(cards.count))
        reds = sum(c for c, col in zip(cards.count, cards.colour, strict=True) if col == 0)
        blues = int(cards.total_cards) - reds
        most = float(max(reds, blues))
        value = float(2 * MAX_VALUE)
        super().__init__(
            game,
            [
                Field("hand", t, copies, "own cards: copies held of each card type"),
                Field("hand_colours", 4, most, "red and blue cards in hand: own, opponent's"),
                Field("life", 2, float(MAX_LIFE), "life points: own, opponent's"),
                Field("koku", t, copies, "own Koku row: copies of each card type"),
                Field("opponent_koku", t, copies, "the opponent's Koku row, per card type"),
                Field("koku_total", 2, float(9 * cards.total_cards), "coins in Koku rows"),
                Field("attacker", 2, 1, "one-hot holder of the initiative: own, opponent"),
                Field("attack_present", 1, 1, "1 once the attack card is on the table"),
                Field("attack_card", t, 1, "one-hot attack card type, when visible"),
                Field("attack_face_down", 1, 1, "1 when the attack was played face down"),
                Field("attack_hidden", 1, 1, "1 when the attack card is hidden from us"),
                Field("attack_activated", 1, 1, "1 when the attack card's effect is active"),
                Field("attack_value", 2, value, "resolved attack value, and 1 once known"),
                Field("parry_present", 1, 1, "1 once the defender has parried (or not)"),
                Field("parry_card", t, 1, "one-hot parry card type"),
                Field("parry_none", 1, 1, "1 when the defender played no parry card"),
                Field("parry_activated", 1, 1, "1 when the parry card's effect is active"),
                Field("parry_value", 2, value, "resolved parry value, and 1 once known"),
                Field("decks", 2, most, "cards left in the red and blue draw piles"),
                Field("discards", 2, most, "cards in the red and blue discard piles"),
                Field("discarded", t, copies, "discard piles: copies of each card type"),
                Field("no_parry", 2, 1, "no-parry mark for the next round: own, opponent's"),
                Field(
                    "passes_left",
                    2,
                    float(MAX_PASSES),
                    f"voluntary passes left ({MAX_PASSES} when unlimited)",
                ),
                Field("phase", len(_KF_PHASES), 1, "one-hot phase of the round"),
                Field("decision", len(_KF_DECISIONS), 1, "one-hot kind of the pending decision"),
                Field("decider", 2, 1, "one-hot seat that must decide: own, opponent"),
                Field("due", 1, float(max(20, cards.max_cost)), "koku still to pay (pay)"),
                Field("count", 1, value, "cards to draw (draw decisions)"),
            ],
        )
        self._type_index: dict[str, int] = {cid: i for i, cid in enumerate(cards.ids)}
        self._unlimited = float(MAX_PASSES)  # passes_left when passing is unlimited
        self._decision_index = {name: i for i, name in enumerate(_KF_DECISIONS)}
        self._phase_index = {name: i for i, name in enumerate(_KF_PHASES)}
        self._ask_index = {kind: self._decision_index[name] for kind, name in KF_ASK_NAMES.items()}
        self._offsets = tuple(self.offset[f.name] for f in self.fields)

    def _fill_state(self, state: State, player: int, buf: Buffer, out: FloatArray) -> None:
        # The fields of Kung Fu's ``build_view``, read from the state.
        st: KungFuState = state  # type: ignore[assignment]
        (hand, hand_colours, life, koku, opponent_koku, koku_total, attacker,
         attack_present, attack_card, attack_face_down, attack_hidden, attack_activated,
         attack_value, parry_present, parry_card, parry_none, parry_activated, parry_value,
         decks, discards, discarded, no_parry, passes_left, phase, decision, decider, due,
         count) = self._offsets  # fmt: skip
        counts = st.hands[player]
        out[hand : hand + len(counts)] = counts
        for i, seat in enumerate((player, 1 - player)):
            buf[hand_colours + 2 * i] = st.reds[seat]
            buf[hand_colours + 2 * i + 1] = st.blues[seat]
            buf[life + i] = st.life[seat]
            row = koku if i == 0 else opponent_koku
            for k in st.rows[seat]:
                buf[row + k] += 1.0
            buf[koku_total + i] = st.koku_total[seat]
            if no_parry_next_round(st, seat):
                buf[no_parry + i] = 1.0
            left = st.passes[seat]
            buf[passes_left + i] = left if left >= 0 else self._unlimited
        buf[attacker + (st.attacker != player)] = 1.0
        if st.att_card >= 0:
            buf[attack_present] = 1.0
            if attack_hidden_from(st, player):
                buf[attack_hidden] = 1.0
            else:
                buf[attack_card + st.att_card] = 1.0
            if st.att_down:
                buf[attack_face_down] = 1.0
            _card_outcome(buf, attack_activated, st.active[0], attack_value, st.att_value)
        if st.par_card != -2:
            buf[parry_present] = 1.0
            if st.par_card >= 0:
                buf[parry_card + st.par_card] = 1.0
            else:
                buf[parry_none] = 1.0
            _card_outcome(buf, parry_activated, st.active[1], parry_value, st.par_value)
        for i, deck in enumerate(st.decks):  # red, then blue
            buf[decks + i] = len(deck.draw_pile)
            buf[discards + i] = len(deck.discard_pile)
            for k in deck.discard_pile:
                buf[discarded + k] += 1.0
        buf[phase + self._phase_index[phase_of(st)]] = 1.0
        if st.ask:
            top = st.ask[-1]
            buf[decision + self._ask_index[top.kind]] = 1.0
            buf[decider + (top.player != player)] = 1.0
            if top.kind == KfAsk.PAY:
                buf[due] = top.data[1]
            elif top.kind in (KfAsk.DRAW, KfAsk.FACEDOWN_DRAW):
                buf[count] = top.data[0]

    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        o = self.offset
        kind = self._type_index
        opp = 1 - player
        for card in view["hand"] or ():
            buf[o["hand"] + kind[card["type"]]] += 1.0
        for i, seat in enumerate((player, opp)):
            p = view["players"][seat]
            buf[o["hand_colours"] + 2 * i] = float(p["red_in_hand"])
            buf[o["hand_colours"] + 2 * i + 1] = float(p["blue_in_hand"])
            buf[o["life"] + i] = float(p["life"])
            row = o["koku"] if i == 0 else o["opponent_koku"]
            for card in p["koku"]:
                buf[row + kind[card["type"]]] += 1.0
            buf[o["koku_total"] + i] = float(p["koku_total"])
            buf[o["no_parry"] + i] = 1.0 if p["no_parry_next_round"] else 0.0
            left = p["passes_left"]
            buf[o["passes_left"] + i] = self._unlimited if left is None else float(left)
        buf[o["attacker"] + (0 if view["attacker"] == player else 1)] = 1.0
        attack = view["attack"]
        if attack is not None:
            buf[o["attack_present"]] = 1.0
            if attack["card"] is not None:
                buf[o["attack_card"] + kind[attack["card"]["type"]]] = 1.0
            else:
                buf[o["attack_hidden"]] = 1.0
            buf[o["attack_face_down"]] = 1.0 if attack["face_down"] else 0.0
            buf[o["attack_activated"]] = 1.0 if attack["activated"] else 0.0
            if attack["value"] is not None:
                buf[o["attack_value"]] = float(attack["value"])
                buf[o["attack_value"] + 1] = 1.0
        parry = view["parry"]
        if parry is not None:
            buf[o["parry_present"]] = 1.0
            if parry["card"] is not None:
                buf[o["parry_card"] + kind[parry["card"]["type"]]] = 1.0
            else:
                buf[o["parry_none"]] = 1.0
            buf[o["parry_activated"]] = 1.0 if parry["activated"] else 0.0
            if parry["value"] is not None:
                buf[o["parry_value"]] = float(parry["value"])
                buf[o["parry_value"] + 1] = 1.0
        for i, colour in enumerate(("red", "blue")):
            buf[o["decks"] + i] = float(view["decks"][colour])
            pile = view["discards"][colour]
            buf[o["discards"] + i] = float(len(pile))
            for card in pile:
                buf[o["discarded"] + kind[card["type"]]] += 1.0
        buf[o["phase"] + self._phase_index[view["phase"]]] = 1.0
        decision = view["decision"]
        if decision is not None:
            buf[o["decision"] + self._decision_index[decision["kind"]]] = 1.0
            buf[o["decider"] + (0 if decision["player"] == player else 1)] = 1.0
            if decision["due"] is not None:
                buf[o["due"]] = float(decision["due"])
            if decision["count"] is not None:
                buf[o["count"]] = float(decision["count"])

    def _text(self, view: dict[str, Any], player: int | None) -> str:
        who = "spectator" if player is None else f"player {player}"
        decision = view["decision"]
        if decision is None:
            ask = "over" + (f", player {view['winner']} won" if view["winner"] is not None else "")
        else:
            ask = f"{decision['kind']} for player {decision['player']}"
        lines = [
            f"Kung Fu, {who}'s view, round {view['round']} ({view['phase']}): {ask}",
            f"attacker {view['attacker']}; decks red {view['decks']['red']}, "
            f"blue {view['decks']['blue']}",
        ]
        for p in view["players"]:
            koku = ", ".join(c["name"] for c in p["koku"]) or "-"
            lines.append(
                f"  player {p['seat']}: life {p['life']}, hand {p['red_in_hand']} red + "
                f"{p['blue_in_hand']} blue, koku {p['koku_total']} ({koku})"
            )
        for side in ("attack", "parry"):
            played = view[side]
            if played is not None:
                card = played["card"]
                name = (
                    card["label"]
                    if card is not None
                    else "face down"
                    if side == "attack"
                    else "none"
                )
                lines.append(f"{side}: {name}, value {played['value']}")
        if view["hand"] is not None:
            lines.append("hand: " + ", ".join(c["label"] for c in view["hand"]))
        return "\n".join(lines)


# -- King of Tokyo ----------------------------------------------------------------

_KOT_PHASES = ("setup", "start", "roll", "resolve", "yield", "enter", "buy", "end", "over")
_KOT_DECISIONS = (
    "roll",
    "psychic_probe",
    "change_dice",
    "heart_dice",
    "yield",
    "buy",
    "opportunist",
    "mimic",
    "move_mimic",
    "charge_batteries",
    "metamorph",
    "prevent_damage",
    "keep_evolution",
    "play_evolution",
    "draft_evolution",
    "evolution_question",
    "freeze_time",
)
_KOT_LOCATIONS = ("outside", "city", "bay")
# Decisions whose view ``amount`` is a number of hearts or heart dice (for
# ``charge_batteries`` the view's ``amount`` is the card being charged, not a count).
_KOT_AMOUNT_KINDS = frozenset(("heart_dice", "prevent_damage"))
# Caps of the counts the rules do not bound (energy hoards, stars won in one step
# past 20, tokens): the encoding clips at these values.
KOT_STAR_CAP = 40
KOT_ENERGY_CAP = 60
KOT_TOKEN_CAP = 12
KOT_EVOLUTION_HAND_CAP = 16


class KingOfTokyoObserver(Observer):
    """King of Tokyo: every monster's board, the row, the discard pile and the dice.

    Everything but the deck order is public, so the observation is the same for
    every seat up to the rotation of the per-seat fields (``max_seats = 6`` entries
    each; ``seat_present`` marks the seats in play), the seat's own row costs
    (Alien Origin) and the deck's top card, which a Made in a Lab owner sees in its
    own Buy phase. Card types are :class:`~tabletop.games.king_of_tokyo.cards.Card`
    numbers; counts the rules leave unbounded (stars, energy, tokens, battery
    energy, the hearts of a hit) are clipped at the documented maximum.
    """

    max_seats = 6

    def __init__(self, game: Game[Any]) -> None:
        from tabletop.games.king_of_tokyo.actions import ROW_SIZE
        from tabletop.games.king_of_tokyo.cards import NUM_INSTANCES, NUM_TYPES, Card
        from tabletop.games.king_of_tokyo.constants import ROLLS
        from tabletop.games.king_of_tokyo.dice import FACE_NAMES, MAX_DICE, NUM_FACES
        from tabletop.games.king_of_tokyo.evolutions import evolution_table
        from tabletop.games.king_of_tokyo.monster import HEART_CAP
        from tabletop.games.king_of_tokyo.power_up import WINDOW_NAMES

        cards = game.cards  # type: ignore[attr-defined]
        t = NUM_TYPES
        s = self.max_seats
        e = len(evolution_table().info)
        copies = float(max(info.count for info in cards.info))
        # Giant Brain and a Mimic copy of it: two extra rolls, the first roll made.
        rolls_high = float(ROLLS + 2 - 1)
        super().__init__(
            game,
            [
                Field("seat_present", s, 1, "1 for each relative seat in the game"),
                Field("alive", s, 1, "1 for each relative seat still in the game"),
                Field("hearts", s, float(HEART_CAP), "hearts of each relative seat"),
                Field("max_hearts", s, float(HEART_CAP), "maximum hearts of each relative seat"),
                Field(
                    "stars",
                    s,
                    float(KOT_STAR_CAP),
                    f"stars of each relative seat (clipped at {KOT_STAR_CAP})",
                ),
                Field(
                    "energy",
                    s,
                    float(KOT_ENERGY_CAP),
                    f"energy of each relative seat (clipped at {KOT_ENERGY_CAP})",
                ),
                Field("location", 3 * s, 1, "one-hot outside, city, bay: 3 per relative seat"),
                Field(
                    "poison",
                    s,
                    float(KOT_TOKEN_CAP),
                    f"Poison tokens of each relative seat (clipped at {KOT_TOKEN_CAP})",
                ),
                Field(
                    "shrink",
                    s,
                    float(KOT_TOKEN_CAP),
                    f"Shrink tokens of each relative seat (clipped at {KOT_TOKEN_CAP})",
                ),
                Field("wings_active", s, 1, "1 when Wings protects the seat this turn"),
                Field(
                    "cards",
                    t * s,
                    copies,
                    "Keep cards owned (Mimic included): copies per type, 64 per seat",
                ),
                Field(
                    "mimic",
                    t * s,
                    1,
                    "one-hot type of the card the seat's Mimic copies, 64 per seat",
                ),
                Field("smoke", s, 6, "Smoke counters on the seat's cards"),
                Field(
                    "batteries",
                    s,
                    float(KOT_ENERGY_CAP),
                    f"energy on the seat's Battery Monster cards (clipped at {KOT_ENERGY_CAP})",
                ),
                Field("row", t * ROW_SIZE, 1, "one-hot card type in each row slot: 64 per slot"),
                Field(
                    "row_cost",
                    ROW_SIZE,
                    float(max(cards.cost)),
                    "what the observer pays for each row card",
                ),
                Field("deck_size", 1, float(NUM_INSTANCES), "cards left in the Power deck"),
                Field(
                    "deck_top",
                    t,
                    1,
                    "one-hot type of the deck's top card when we see it (Made in a Lab)",
                ),
                Field("discard", t, copies, "discard pile: copies of each card type"),
                Field(
                    "dice", NUM_FACES, float(MAX_DICE), "dice showing 1, 2, 3, heart, energy, claw"
                ),
                Field("rolls_left", 1, rolls_high, "rerolls left"),
                Field("phase", len(_KOT_PHASES), 1, "one-hot phase of the turn"),
                Field("decision", len(_KOT_DECISIONS), 1, "one-hot kind of the pending decision"),
                Field("decider", s, 1, "one-hot relative seat that must decide"),
                Field(
                    "amount",
                    1,
                    float(HEART_CAP),
                    f"heart dice left, or hearts about to be lost (clipped at {HEART_CAP})",
                ),
                Field("active", s, 1, "one-hot relative seat whose turn it is"),
                Field("bay_open", 1, 1, "1 when Tokyo Bay is in use (5 or more monsters)"),
                # Power Up! (all zero without it)
                Field("evo_hand", e, 1, "Power Up!: the Evolutions in our hand"),
                Field(
                    "evo_table",
                    e * s,
                    1,
                    "Power Up!: face-up permanent Evolutions, 72 per relative seat",
                ),
                Field(
                    "evo_hand_size",
                    s,
                    float(KOT_EVOLUTION_HAND_CAP),
                    f"Power Up!: Evolutions in each hand (clipped at {KOT_EVOLUTION_HAND_CAP})",
                ),
                Field("evo_deck_size", s, 8, "Power Up!: cards in each Evolution deck"),
                Field("evo_drawn", e, 1, "Power Up!: the two Evolutions we drew to keep one"),
                Field("evo_packet", e, 1, "Power Up!: our Mutant Evolution draft packet"),
                Field(
                    "evo_window",
                    len(WINDOW_NAMES),
                    1,
                    "Power Up!: one-hot window of a play_evolution decision",
                ),
                Field("evo_question", e, 1, "Power Up!: one-hot Evolution asking a question"),
                Field(
                    "evo_counters",
                    s,
                    float(KOT_ENERGY_CAP),
                    "Power Up!: counters and energy on each seat's face-up Evolutions "
                    f"(clipped at {KOT_ENERGY_CAP})",
                ),
                Field(
                    "target_token",
                    s * s,
                    1,
                    "Power Up!: who holds each seat's Target Acquired token, 6 per seat",
                ),
                Field(
                    "freeze_ray",
                    s * s,
                    1,
                    "Power Up!: who holds each seat's lent Freeze Ray, 6 per seat",
                ),
                Field("encased_die", NUM_FACES, 1, "Power Up!: the face frozen by Encased in Ice"),
                Field("ufo_cards", s, 3, "Power Up!: Keep cards carrying a UFO token, per seat"),
            ],
        )
        self._type_index: dict[str, int] = {c.slug: int(Card[c.slug.upper()]) for c in Card}
        self._counter_types = (int(Card.SMOKE_CLOUD), int(Card.BATTERY_MONSTER), int(Card.MIMIC))
        # Every field's offset in field order: ``_fill`` unpacks them in this order.
        self._offsets = tuple(self.offset[f.name] for f in self.fields)
        self._phase_index = {name: i for i, name in enumerate(_KOT_PHASES)}
        self._decision_index = {name: i for i, name in enumerate(_KOT_DECISIONS)}
        self._location_index = {name: i for i, name in enumerate(_KOT_LOCATIONS)}
        self._face_index = {name: i for i, name in enumerate(FACE_NAMES)}
        self._num_types = t
        self._amount_cap = HEART_CAP
        self._evolution_index = {ev.id: ev.number for ev in evolution_table().info}
        self._window_index = {name: i for i, name in enumerate(WINDOW_NAMES)}
        self._num_evolutions = e
        self._card_offsets = (self.offset["cards"], self.offset["smoke"], self.offset["batteries"])
        # For the direct encoder: Card numbers by card instance, indices by rule ints.
        self._power_up = game.options.power_up != "off"
        self._instance_type = tuple(int(c) for c in game.cards.instances)  # type: ignore[attr-defined]
        self._stage_index = tuple(self._phase_index[name] for name in KOT_PHASE_NAMES)
        self._ask_index = {kind: self._decision_index[name] for kind, name in KOT_ASK_NAMES.items()}
        self._amount_asks = frozenset(
            kind for kind, name in KOT_ASK_NAMES.items() if name in _KOT_AMOUNT_KINDS
        )

    def _owned_cards(
        self, buf: Buffer, r: int, held: list[tuple[int, int]], copied_type: int
    ) -> None:
        """Relative seat ``r``'s cards, as (card type, counters on it) pairs: the type
        counts, and the Smoke and battery counters (the Mimic copies ``copied_type``)."""
        owned, smoke, batteries = self._card_offsets
        smoke_type, battery_type, mimic_type = self._counter_types
        base = owned + self._num_types * r
        charge = 0
        for ct, on_card in held:
            buf[base + ct] += 1
            if on_card:
                # A Mimic card carries the counters of the card it copies.
                kind = copied_type if ct == mimic_type else ct
                if kind == smoke_type:
                    buf[smoke + r] += on_card
                elif kind == battery_type:
                    charge += on_card
        if charge:
            buf[batteries + r] = charge if charge < KOT_ENERGY_CAP else KOT_ENERGY_CAP

    def _fill_state(self, state: State, player: int, buf: Buffer, out: FloatArray) -> None:
        # The fields of King of Tokyo's ``build_view``, read from the state. With
        # Power Up! the Evolution fields come from the view, so all of it does.
        if self._power_up:
            self._fill(state.view(player), player, buf)
            return
        st: KingOfTokyoState = state  # type: ignore[assignment]
        (present, alive, hearts, max_hearts, stars, energy, location, poison, shrink, wings,
         _owned, mimic, _smoke, _batteries, row, row_cost, deck_size, deck_top, discard, dice,
         rolls_left, phase, decision_at, decider, amount, active, bay_open_at,
         *_power_up) = self._offsets  # fmt: skip
        types = self._instance_type
        t = self._num_types
        n = st.num_players
        star_cap, energy_cap, token_cap = KOT_STAR_CAP, KOT_ENERGY_CAP, KOT_TOKEN_CAP
        counters = st.counters
        immune = st.immune
        location_index = self._location_index
        for m in st.monsters:
            seat = m.seat
            r = (seat - player) % n
            buf[present + r] = 1
            if m.alive:
                buf[alive + r] = 1
            buf[hearts + r] = m.hearts
            buf[max_hearts + r] = m.max_hearts
            x = m.stars
            buf[stars + r] = x if x < star_cap else star_cap
            x = m.energy
            buf[energy + r] = x if x < energy_cap else energy_cap
            buf[location + 3 * r + location_index[location_of(st, seat)]] = 1
            x = m.poison
            if x:
                buf[poison + r] = x if x < token_cap else token_cap
            x = m.shrink
            if x:
                buf[shrink + r] = x if x < token_cap else token_cap
            if immune >> seat & 1:
                buf[wings + r] = 1
            copied_type = -1
            if m.mimic >= 0:
                copied_type = types[m.mimic]
                buf[mimic + t * r + copied_type] = 1
            if m.cards:
                held = [(types[c], counters.get(c, 0)) for c in m.cards]
                self._owned_cards(buf, r, held, copied_type)
        for i, c in enumerate(st.row):
            if c >= 0:
                buf[row + t * i + types[c]] = 1
                buf[row_cost + i] = st.cost_for(player, c)
        deck = st.deck
        buf[deck_size] = len(deck)
        if st.top_card_visible_to(player):
            buf[deck_top + types[deck[-1]]] = 1
        for c in st.discard:
            buf[discard + types[c]] += 1
        for f in st.dice:
            buf[dice + f] += 1
        buf[rolls_left] = st.rolls_left
        buf[phase + self._stage_index[st.stage]] = 1
        if st.decisions:
            d = st.decisions[-1]
            buf[decision_at + self._ask_index[d.kind]] = 1
            buf[decider + (d.player - player) % n] = 1
            if d.kind in self._amount_asks:
                x = d.data[0]
                buf[amount] = x if x < self._amount_cap else self._amount_cap
        buf[active + (st.active - player) % n] = 1
        if bay_open(st):
            buf[bay_open_at] = 1

    def _fill(self, view: dict[str, Any], player: int, buf: Buffer) -> None:
        # Offsets are read from a tuple once and counts are written as ints (the
        # buffer converts): this runs at every RL step. Caps use comparisons, not min().
        kind = self._type_index
        t = self._num_types
        monsters = view["monsters"]
        n = len(monsters)
        location_index = self._location_index
        (
            present,
            alive,
            hearts,
            max_hearts,
            stars,
            energy,
            location,
            poison,
            shrink,
            wings,
            _owned,
            mimic,
            _smoke,
            _batteries,
            row,
            row_cost,
            deck_size,
            deck_top,
            discard,
            dice,
            rolls_left,
            phase,
            decision_at,
            decider,
            amount,
            active,
            bay_open,
            evo_hand,
            evo_table,
            evo_hand_size,
            evo_deck_size,
            evo_drawn,
            evo_packet,
            evo_window,
            evo_question,
            evo_counters,
            target_token,
            freeze_ray,
            encased_die,
            ufo_cards,
        ) = self._offsets
        star_cap, energy_cap, token_cap = KOT_STAR_CAP, KOT_ENERGY_CAP, KOT_TOKEN_CAP
        for m in monsters:
            r = (m["seat"] - player) % n
            buf[present + r] = 1
            if m["alive"]:
                buf[alive + r] = 1
            buf[hearts + r] = m["hearts"]
            buf[max_hearts + r] = m["max_hearts"]
            x = m["stars"]
            buf[stars + r] = x if x < star_cap else star_cap
            x = m["energy"]
            buf[energy + r] = x if x < energy_cap else energy_cap
            buf[location + 3 * r + location_index[m["location"]]] = 1
            tokens = m["tokens"]
            x = tokens["poison"]
            if x:
                buf[poison + r] = x if x < token_cap else token_cap
            x = tokens["shrink"]
            if x:
                buf[shrink + r] = x if x < token_cap else token_cap
            if m["wings_active"]:
                buf[wings + r] = 1
            copied = m["mimic"]
            copied_type = -1
            if copied is not None:
                copied_type = kind[copied["id"]]
                buf[mimic + t * r + copied_type] = 1
            cards = m["cards"]
            if cards:
                held = [(kind[card["id"]], card.get("counters", 0)) for card in cards]
                self._owned_cards(buf, r, held, copied_type)
        for i, card in enumerate(view["row"]):
            if card is not None:
                buf[row + t * i + kind[card["id"]]] = 1
        costs = view.get("your_costs")
        if costs is not None:
            for i, cost in enumerate(costs):
                if cost is not None:
                    buf[row_cost + i] = cost
        buf[deck_size] = view["deck_size"]
        top = view.get("deck_top")
        if top is not None:
            buf[deck_top + kind[top["id"]]] = 1
        for cid in view["discard"]:
            buf[discard + kind[cid]] += 1
        face = self._face_index
        for f in view["dice"]:
            buf[dice + face[f]] += 1
        buf[rolls_left] = view["rolls_left"]
        buf[phase + self._phase_index[view["phase"]]] = 1
        decision = view["decision"]
        if decision is not None:
            name = decision["kind"]
            buf[decision_at + self._decision_index[name]] = 1
            buf[decider + (decision["player"] - player) % n] = 1
            if name in _KOT_AMOUNT_KINDS and "amount" in decision:
                x = decision["amount"]
                buf[amount] = x if x < self._amount_cap else self._amount_cap
        buf[active + (view["active"] - player) % n] = 1
        if view["tokyo"]["bay_open"]:
            buf[bay_open] = 1
        if view.get("power_up", "off") == "off":
            return
        ev = self._evolution_index
        e = self._num_evolutions
        hand_cap = KOT_EVOLUTION_HAND_CAP
        for m in monsters:
            r = (m["seat"] - player) % n
            mine = m["evolutions"]
            x = mine["hand_size"]
            buf[evo_hand_size + r] = x if x < hand_cap else hand_cap
            buf[evo_deck_size + r] = mine["deck_size"]
            for card in mine["table"]:
                buf[evo_table + e * r + ev[card["id"]]] = 1
            for card in mine.get("hand", ()):
                buf[evo_hand + ev[card["id"]]] = 1
            for card in mine.get("packet", ()):
                buf[evo_packet + ev[card["id"]]] = 1
            counters = mine.get("counters")
            if counters:
                x = sum(counters.values())
                buf[evo_counters + r] = x if x < energy_cap else energy_cap
            holder = mine.get("target_token")
            if holder is not None:
                buf[target_token + self.max_seats * r + (holder - player) % n] = 1
            holder = mine.get("freeze_ray_lent_to")
            if holder is not None:
                buf[freeze_ray + self.max_seats * r + (holder - player) % n] = 1
            frozen = mine.get("encased_die")
            if frozen is not None:
                buf[encased_die + face[frozen]] = 1
            ufo = mine.get("ufo_cards")
            if ufo:
                buf[ufo_cards + r] = len(ufo)
        if decision is not None:
            for card in decision.get("drawn", ()):
                buf[evo_drawn + ev[card["id"]]] = 1
            window = decision.get("window")
            if window is not None:
                buf[evo_window + self._window_index[window]] = 1
            asking = decision.get("evolution")
            if asking is not None:
                buf[evo_question + ev[asking]] = 1

    def _text(self, view: dict[str, Any], player: int | None) -> str:
        who = "spectator" if player is None else f"player {player}"
        decision = view["decision"]
        if decision is None:
            ask = f"over, winners {view['winners']}"
        else:
            ask = f"{decision['kind']} for player {decision['player']}"
            if decision["kind"] in _KOT_AMOUNT_KINDS and "amount" in decision:
                ask += f" ({decision['amount']})"
        tokyo = view["tokyo"]
        city = "-" if tokyo["city"] is None else f"player {tokyo['city']}"
        bay = "-" if tokyo["bay"] is None else f"player {tokyo['bay']}"
        dice = ", ".join(view["dice"]) or "none"
        lines = [
            f"King of Tokyo, {who}'s view, turn {view['turn']} of player {view['active']} "
            f"({view['phase']}): {ask}",
            f"Tokyo City {city}, Tokyo Bay {bay}{' (open)' if tokyo['bay_open'] else ''}; "
            f"dice {dice}, {view['rolls_left']} rerolls left",
        ]
        monsters = view["monsters"]
        n = len(monsters)
        start = 0 if player is None else player
        for i in range(n):
            m = monsters[(start + i) % n]
            names = []
            for card in m["cards"]:
                label = card["name"]
                if card["id"] == "mimic" and m["mimic"] is not None:
                    label += f" (copies {m['mimic']['name']})"
                if card.get("counters"):
                    label += f" [{card['counters']}]"
                names.append(label)
            state = (
                f"{m['hearts']}/{m['max_hearts']} hearts, {m['stars']} stars, "
                f"{m['energy']} energy, {m['location']}"
                if m["alive"]
                else "eliminated"
            )
            tokens = m["tokens"]
            extra = "".join(f", {k} {tokens[k]}" for k in ("poison", "shrink") if tokens[k]) + (
                ", wings" if m["wings_active"] else ""
            )
            lines.append(
                f"  player {m['seat']} ({m['name']}): {state}{extra}; "
                f"cards: {', '.join(names) or '-'}"
            )
        costs = view.get("your_costs") or [None] * len(view["row"])
        row = [
            "-"
            if c is None
            else f"{c['name']} ({c['cost']}"
            + ("" if k is None or k == c["cost"] else f", {k} for you")
            + ")"
            for c, k in zip(view["row"], costs, strict=True)
        ]
        lines.append(
            f"row: {', '.join(row)}; deck {view['deck_size']}, discard {len(view['discard'])}"
        )
        if view.get("deck_top") is not None:
            lines.append(f"deck top: {view['deck_top']['name']}")
        return "\n".join(lines)


_OBSERVERS: dict[str, Callable[[Game[Any]], Observer]] = {
    "uno-power": UnoPowerObserver,
    "kung-fu": KungFuObserver,
    "king-of-tokyo": KingOfTokyoObserver,
}


def observer_for(game: Game[Any]) -> Observer:
    """The observer of ``game`` (its options decide the card tables and bounds)."""
    factory = _OBSERVERS.get(game.info.id)
    if factory is None:
        raise TabletopError(
            f"no observer for {game.info.id}; available: {', '.join(sorted(_OBSERVERS))}"
        )
    return factory(game)


__all__ = [
    "Field",
    "KingOfTokyoObserver",
    "KungFuObserver",
    "Observer",
    "UnoPowerObserver",
    "observer_for",
]
