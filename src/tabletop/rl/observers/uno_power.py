"""UNO Power's observer: hand, tower and pile counts, the card in play, the decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from librt.vecs import vec
from mypy_extensions import mypyc_attr

from tabletop.core.game import Game, State
from tabletop.games.uno_power.phases import ASK_NAMES, ASK_PLAY_DRAWN
from tabletop.rl.observers.base import AT_FROM, SEATS_FROM, Buffer, Field, Observer, Row

if TYPE_CHECKING:
    from tabletop.games.uno_power.state import UnoPowerState


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


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's observer may extend it
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
        # The entries that are 1 in every observation of an n-seat game: the seats
        # present, and partners (seats are relative: partners sit 0, 2 and 4 away).
        present, partner = self.offset["seat_present"], self.offset["partner"]
        self._seat_marks = tuple(
            tuple(present + r for r in range(n))
            + tuple(partner + r for r in range(0, n, 2) if self._partners)
            for n in range(s + 1)
        )

    def row(self, state: State, player: int) -> Row:
        # The fields of ``build_view`` (UNO Power's view), read from the state, written
        # into a vec (compiled: no Python call per entry).
        st: UnoPowerState = state  # type: ignore[assignment]
        (hand, drawn, top_card, colour, clockwise, decision, decider, _present, _partner,
         hand_size, score, towers, called, draw_pile, discard_pile, pending_draw,
         last_winner) = self._offsets  # fmt: skip
        n = st.num_players
        buf = vec[float]([0.0] * self.size)
        for mark in self._seat_marks[n]:
            buf[mark] = 1.0
        # Copies held per kind: a bytearray, read as bytes, whose items a compiled
        # build reads without a Python call.
        counts = bytes(st.hands[player])
        for k in range(len(counts)):
            buf[hand + k] = counts[k]
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
        for p, r in SEATS_FROM[n][player]:
            buf[hand_size + r] = sizes[p]
            buf[score + r] = scores[p]
            if called_uno[p]:
                buf[called + r] = 1.0
        at = AT_FROM[n][player]
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
        return buf

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
