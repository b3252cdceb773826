"""The Kung Fu screen: life bars, hands, Koku rows, the cards on the table, your hand.

Built only from the view (schema in ``tabletop.games.kung_fu.view``), from log
events and from action labels, never from the state or the engine's tables, so it
shows exactly what the seat may see: a face-down attack is drawn as hidden until it
is turned up, and the opponent's hand only as counts per colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.cli.render.base import (
    MatchResult,
    Renderer,
    Seating,
    View,
    Wrap,
    winners_line,
)
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.core.text import plural

MAX_LIFE = 10

# Red attack cards and blue parry cards, as text and as "chips".
DECK_TEXT = {"attack": "bold red", "parry": "bold bright_blue"}
DECK_CHIP = {"attack": "bold white on red", "parry": "bold white on blue"}
HIDDEN_CHIP = "bold white on grey37"
KOKU_STYLE = "bold yellow"

# Log events by kind: how they stand out.
EVENT_STYLE = {
    "round": "bold",
    "game_end": "bold reverse",
    "damage": "bold red",
    "lose": "bold red",
    "double_knockout": "bold red",
    "heal": "bold green",
    "parried": "bold bright_blue",
    "tie": "dim",
    "activate": "magenta",
    "negate": "bold magenta",
    "boost": "bold magenta",
    "switch": "bold magenta",
    "mark": "bold magenta",
    "gain_koku": "magenta",
    "effect_draw": "magenta",
    "discard_random": "magenta",
    "discard_koku": "magenta",
    "fizzle": "dim magenta",
    "pay": KOKU_STYLE,
    "koku_row": "yellow",
    "initiative": "cyan",
    "pass": "cyan",
    "handover": "cyan",
    "take_initiative": "cyan",
    "draw_difference": "cyan",
}

_EFFECT_WORDS = re.compile(r"; cost (\d+): (.*)\)$")
_DETAILS = re.compile(r"^[^(]*\((.*)\)$")
_ONE_CARD = {"draw 0 red, the rest blue": "a blue card", "draw 1 red, the rest blue": "a red card"}
_CARD_CHOICE = re.compile(r"^(?:attack|parry) with (.+?)(?: face (?:up|down))?$")

RULES = """\
[b]Goal[/b]  Knock your opponent out: each player starts with 10 life.

[b]A round[/b]  The player with the [b]initiative[/b] attacks with one [red]red[/] card, face up
or face down (face down: the defender may first draw a card, from the deck of their
choice). The defender must parry with a [bright_blue]blue[/] card if they hold one.
  attack > parry   the defender loses the difference; the attacker keeps the initiative
  attack = parry   nothing happens; the attacker keeps the initiative
  attack < parry   the defender draws the difference, or takes the initiative
Before the attack you may [b]give up the initiative[/b], and your opponent may give it
back, as often as you both want. Whoever becomes the defender through a change of
initiative draws 3 cards, split as they choose.
An attacker without a red card must hand the initiative over.

[b]Koku[/b]  Cards that show coins stay in front of their player after the round (the
Koku row) and pay for effects from the next round on; change is lost.

[b]Effects[/b]  Once both cards are down, the attacker and then the defender may pay a
card's cost to activate it: a boost raises its value, and other effects follow
(negate the parry, draw, heal, hurt, steal Koku...). An arrow effect ("after a
hit") works only when the opponent loses life this round.

These are the default rules; `tabletop list` shows the options that change them."""


def card_chip(card: Mapping[str, Any] | None) -> Text:
    """A card as a coloured block: red attacks, blue parries, grey when hidden."""
    if card is None:
        return Text.assemble((" hidden ", HIDDEN_CHIP))
    return Text.assemble((f" {card['name']} ", DECK_CHIP.get(card["deck"], "reverse")))


def value_text(card: Mapping[str, Any]) -> str:
    """``"3"``, or ``"3/5"`` for a card with a boost."""
    boosted = card.get("boosted_value")
    return f"{card['value']}/{boosted}" if boosted is not None else str(card["value"])


def effect_words(card: Mapping[str, Any]) -> str:
    """The effects in words, from the card's label (the effect keys as a fallback)."""
    match = _EFFECT_WORDS.search(card.get("label", ""))
    if match:
        return match.group(2)
    return ", ".join(e.replace("on_opp_life_loss:", "after a hit: ") for e in card["effects"])


def life_bar(life: int) -> Text:
    """``██████░░░░  6`` in green, yellow or red."""
    shown = max(0, min(MAX_LIFE, life))
    style = "green" if life > 6 else "yellow" if life > 3 else "bold red"
    return Text.assemble(
        ("█" * shown, style), ("░" * (MAX_LIFE - shown), "dim"), (f" {life:>2}", style)
    )


def hand_counts(player: Mapping[str, Any]) -> Text:
    return Text.assemble(
        (f"{player['red_in_hand']} red", DECK_TEXT["attack"]),
        " · ",
        (f"{player['blue_in_hand']} blue", DECK_TEXT["parry"]),
    )


def koku_chip(card: Mapping[str, Any]) -> Text:
    """A Koku row card: ``Low Kick 1``, or ``Golden Rooster kept`` for a gained card."""
    coins = str(card["koku"]) if card["koku"] else "kept"
    return Text.assemble((card["name"], DECK_TEXT.get(card["deck"], "")), (f" {coins}", KOKU_STYLE))


class KungFuRenderer(Renderer):
    """The Kung Fu board, choices, help and end screens."""

    title = "Kung Fu"
    rules_markup = RULES

    # -- the board ------------------------------------------------------------

    def board(self, view: View, seat: int | None, seating: Seating) -> RenderableType:
        parts: list[RenderableType] = [self._table_panel(view, seat, seating)]
        last = self._last_round(view)
        if last is not None:
            parts.append(last)
        if view.get("hand") is not None:
            parts.append(self._hand(view["hand"]))
        decision = view.get("decision")
        if decision and seat is not None and decision.get("player") == seat:
            parts.append(Text.assemble(("Decide: ", "bold"), decision["text"]))
        return Group(*parts)

    def _table_panel(self, view: View, seat: int | None, seating: Seating) -> Panel:
        fight = Table.grid(padding=(0, 1))
        fight.add_column(style="dim", justify="right")
        fight.add_column()
        fight.add_row("Attack", _played(view.get("attack"), "attack"))
        fight.add_row("Parry", _played(view.get("parry"), "parry"))
        decks, discards = view["decks"], view["discards"]
        for colour, deck in (("red", "attack"), ("blue", "parry")):
            fight.add_row(
                f"{colour.capitalize()} deck",
                Text.assemble(
                    (plural(decks[colour], "card"), DECK_TEXT[deck]),
                    f", {len(discards[colour])} discarded",
                ),
            )
        attacker = seating.short(view["attacker"], seat)
        title = f"Kung Fu · round {view['round']} · {view['phase']} phase · attacker: {attacker}"
        return Panel(
            Group(self._players(view, seat, seating), Text(), fight),
            title=title,
            title_align="left",
            expand=False,
        )

    def _players(self, view: View, seat: int | None, seating: Seating) -> Group:
        """One row per player, then each Koku row (wrapping between cards)."""
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column("")
        table.add_column("Player")
        table.add_column("Role")
        table.add_column("Life")
        table.add_column("Hand")
        table.add_column("Koku", justify="right")
        table.add_column("")
        rows: list[RenderableType] = []
        for p in view["players"]:
            s = p["seat"]
            name = Text(seating.name(s), style="bold cyan" if s == seat else "")
            role = "attacker" if s == view["attacker"] else "defender"
            table.add_row(
                "▶" if s == view["current_player"] else "",
                name,
                role,
                life_bar(p["life"]),
                hand_counts(p),
                Text(str(p["koku_total"]), style=KOKU_STYLE if p["koku_total"] else "dim"),
                Text("may not parry!", style="bold red") if p["no_parry_next_round"] else "",
            )
            if p["koku"]:
                whose = "Your koku row:" if s == seat else f"Koku row of {seating.short(s)}:"
                head = Text(whose, style="dim")
                chips = [koku_chip(c) for c in p["koku"]]
                for chip in chips[:-1]:
                    chip.append(",")
                rows.append(Wrap([head, *chips]))
        return Group(table, *rows)

    def _last_round(self, view: View) -> Text | None:
        last = view.get("last_round")
        if not last:
            return None
        text = Text.assemble(("Last round ", "dim"), (round_result(last), "bold"))
        for effect in last["effects"]:
            text.append(f"; {effect}", style="magenta")
        return text

    def _hand(self, hand: Sequence[Mapping[str, Any]]) -> RenderableType:
        reds = sum(1 for c in hand if c["deck"] == "attack")
        head = Text(
            f"Your hand: {plural(len(hand), 'card')}, {reds} red, {len(hand) - reds} blue",
            style="bold",
        )
        if not hand:
            return head
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column("Card")
        table.add_column("Value", justify="right")
        table.add_column("Koku", justify="right")
        table.add_column("Cost", justify="right")
        table.add_column("Effect")
        for c in hand:
            table.add_row(
                Text(c["name"], style=DECK_TEXT.get(c["deck"], "")),
                value_text(c),
                Text(str(c["koku"]), style=KOKU_STYLE) if c["koku"] else "",
                str(c["cost"]) if c["effects"] else "",
                effect_words(c) if c["effects"] else "",
            )
        return Group(head, table)

    # -- the log and the choices ----------------------------------------------

    def event(self, event: LogEvent) -> Text:
        text = Text(event.text, style=EVENT_STYLE.get(event.kind, ""))
        card = event.data.get("card")
        if isinstance(card, Mapping) and card.get("label"):
            text.highlight_words([card["label"]], DECK_TEXT.get(card.get("deck", ""), "bold"))
        if event.visible_to is not None:
            text = Text.assemble(("(only you) ", "dim italic"), text)
        return text

    groups = (
        "Attack face up",
        "Attack face down (your opponent may first draw a card)",
        "Parry",
        "Pay",
        "Draw",
        "Other choices",
    )

    def group_of(self, label: str) -> str:
        order = self.groups
        if label.startswith("attack with"):
            return order[1] if label.endswith("face down") else order[0]
        if label.startswith("parry with"):
            return order[2]
        if label.startswith("pay with"):
            return order[3]
        if label.startswith("draw ") and label.endswith("the rest blue"):
            return order[4]
        if label == "do not draw a card":  # after a face-down attack
            return order[4]
        return order[5]

    def choice_label(self, action: Action, view: View) -> Text:
        """The engine's label, with the card's numbers and what the choice gives."""
        label = str(action)
        text = Text(label)
        match = _CARD_CHOICE.match(label)
        hand = view.get("hand") or []
        if match:
            card = next((c for c in hand if c["name"] == match.group(1)), None)
            if card is not None:
                start = label.index(card["name"])
                text.stylize(DECK_TEXT.get(card["deck"], ""), start, start + len(card["name"]))
                details = _DETAILS.match(card.get("label", ""))
                if details:
                    text.append(f"  ({details.group(1)})", style="dim")
        elif label.startswith("activate"):
            card = _my_card(view)
            if card is not None:
                text.append(f"  ({card['name']}: {effect_words(card)})", style="dim")
        elif label == "draw the difference":
            attack, parry = view.get("attack") or {}, view.get("parry") or {}
            if attack.get("value") is not None and parry.get("value") is not None:
                diff = parry["value"] - attack["value"]
                text.append(f"  ({plural(diff, 'card')})", style="dim")
        elif label == "take the initiative":
            text.append("  (your opponent draws 3 cards)", style="dim")
        elif label in _ONE_CARD and (view.get("decision") or {}).get("count") == 1:
            text.append(f"  ({_ONE_CARD[label]})", style="dim")
        return text

    # -- help, rounds and the end ---------------------------------------------

    def round_summary(
        self, before: View | None, after: View, seating: Seating
    ) -> RenderableType | None:
        last = self.finished_round(before, after)
        if last is None:
            return None
        lives = ", ".join(f"{seating.short(p['seat'])} {p['life']}" for p in after["players"])
        text = Text.assemble(
            (f"── Round {last['round']}: ", "bold"),
            (round_result(last), "bold"),
            (f" · life: {lives}", "dim"),
        )
        return text

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        table = Table(title="Game over", title_justify="left", header_style="dim")
        table.add_column("Player")
        table.add_column("Life")
        table.add_column("Koku", justify="right")
        table.add_column("")
        for p in view["players"]:
            won = p["seat"] in result.winners
            table.add_row(
                seating.name(p["seat"]),
                life_bar(p["life"]),
                str(p["koku_total"]),
                Text("★ winner", style="bold green") if won else "",
            )
        parts: list[RenderableType] = [table]
        last = view.get("last_round")
        if last:
            parts.append(
                Text.assemble(
                    (f"Last round: round {last['round']}, ", "dim"), (round_result(last), "bold")
                )
            )
        line = "The game is a draw." if view.get("draw") else winners_line(result, seating)
        parts.append(Text(line, style="bold"))
        return Group(*parts)


def round_result(last: Mapping[str, Any]) -> str:
    """``"attack 5 against parry 3: 2 damage"`` for a view's ``last_round``."""
    attack, parry, damage = last["attack_value"], last["parry_value"], last["damage"]
    if damage:
        outcome = f"{damage} damage"
    elif attack == parry:
        outcome = "a tie"
    elif parry > attack:
        outcome = "parried"
    else:
        outcome = "no damage"
    return f"attack {attack} against parry {parry}: {outcome}"


def _played(slot: Mapping[str, Any] | None, kind: str) -> Text:
    """A card on the table: chip, value, face down, activated; or why there is none."""
    if slot is None:
        return Text("not played yet", style="dim")
    card = slot.get("card")
    if card is None:
        if kind == "parry":
            return Text("no parry card (counts 0)", style="dim")
        return Text.assemble(card_chip(None), ("  face down", "dim"))
    text = Text.assemble(card_chip(card), f" {value_text(card)}")
    if card["effects"]:
        text.append(f"  cost {card['cost']}: {effect_words(card)}", style="dim")
    if slot.get("face_down"):
        text.append("  (played face down)", style="dim")
    if slot.get("activated"):
        text.append("  activated", style="bold magenta")
    if slot.get("value") is not None:
        text.append(f"  → {slot['value']}", style="bold")
    return text


def _my_card(view: View) -> Mapping[str, Any] | None:
    """The card the deciding seat has on the table (attack or parry)."""
    decision = view.get("decision") or {}
    seat = decision.get("player")
    slot = view.get("attack") if seat == view.get("attacker") else view.get("parry")
    return slot.get("card") if slot else None
