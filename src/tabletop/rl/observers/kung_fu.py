"""Kung Fu's observer: life, hands, Koku rows, the exchange on the table, the decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from librt.vecs import vec
from mypy_extensions import mypyc_attr

from tabletop.core.game import Game, State
from tabletop.games.kung_fu.phases import ASK_NAMES as KF_ASK_NAMES
from tabletop.games.kung_fu.phases import Ask as KfAsk
from tabletop.games.kung_fu.view import attack_hidden_from, no_parry_next_round, phase_of
from tabletop.rl.observers.base import Buffer, Field, Observer, Row

if TYPE_CHECKING:
    from tabletop.games.kung_fu.state import KungFuState


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
    row: vec[float], activated_at: int, activated: bool, value_at: int, value: int
) -> None:
    """A Kung Fu card on the table: its effect flag, and its value once resolved (>= 0)."""
    if activated:
        row[activated_at] = 1.0
    if value >= 0:
        row[value_at] = value
        row[value_at + 1] = 1.0


@mypyc_attr(allow_interpreted_subclasses=True)  # a user's observer may extend it
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

    def row(self, state: State, player: int) -> Row:
        # The fields of Kung Fu's ``build_view``, read from the state, written into a
        # vec (compiled: no Python call per entry). The blank is all zeros.
        st: KungFuState = state  # type: ignore[assignment]
        buf = vec[float]([0.0] * self.size)
        (hand, hand_colours, life, koku, opponent_koku, koku_total, attacker,
         attack_present, attack_card, attack_face_down, attack_hidden, attack_activated,
         attack_value, parry_present, parry_card, parry_none, parry_activated, parry_value,
         decks, discards, discarded, no_parry, passes_left, phase, decision, decider, due,
         count) = self._offsets  # fmt: skip
        # Copies held per kind: a bytearray, read as bytes, whose items a compiled
        # build reads without a Python call.
        counts = bytes(st.hands[player])
        for k in range(len(counts)):
            buf[hand + k] = counts[k]
        for i, seat in enumerate((player, 1 - player)):
            buf[hand_colours + 2 * i] = st.reds[seat]
            buf[hand_colours + 2 * i + 1] = st.blues[seat]
            buf[life + i] = st.life[seat]
            own_koku = koku if i == 0 else opponent_koku
            for k in st.rows[seat]:
                buf[own_koku + k] += 1.0
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
        return buf

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
