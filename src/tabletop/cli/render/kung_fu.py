"""The Kung Fu screen: life bars, hands, Koku rows, the cards on the table, your hand.

Built only from the view (schema in ``tabletop.games.kung_fu.view``), from log
events and from action labels, never from the state or the engine's tables, so it
shows exactly what the seat may see: a face-down attack is drawn as hidden until it
is turned up, and the opponent's hand only as counts per colour.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.cli.language import tr
from tabletop.cli.render.base import (
    N_,
    NOW,
    MatchResult,
    Renderer,
    Seating,
    Section,
    View,
    Wrap,
    action_text,
    data_text,
    event_text,
    styled,
    winners_line,
)
from tabletop.cli.render.kung_fu_prompts import decision_prompt, my_card
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.i18n import SOURCE, data_texts

if TYPE_CHECKING:
    from tabletop.core.game import State

PACKAGE = "kung_fu"
ARROW = "on_opp_life_loss"
"""The prefix of an effect that waits for the opponent's life loss (``on_opp_life_loss:heal2``)."""

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
_ONE_CARD = {
    "draw 0 red, the rest blue": N_("a blue card"),
    "draw 1 red, the rest blue": N_("a red card"),
}
_CARD_CHOICE = re.compile(r"^(?:attack|parry) with (.+?)(?: face (?:up|down))?$")

RULES = N_("""\
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

These are the default rules; `tabletop list` shows the options that change them.""")


def card_name(card: Mapping[str, Any]) -> str:
    """A card's name in the reader's language (the game's data files)."""
    return data_text(PACKAGE, "cards", str(card.get("type", "")), card["name"])


def card_chip(card: Mapping[str, Any] | None) -> Text:
    """A card as a coloured block: red attacks, blue parries, grey when hidden."""
    if card is None:
        hidden = tr().gettext("hidden")
        return Text.assemble((f" {hidden} ", HIDDEN_CHIP))
    return Text.assemble((f" {card_name(card)} ", DECK_CHIP.get(card["deck"], "reverse")))


def value_text(card: Mapping[str, Any]) -> str:
    """``"3"``, or ``"3/5"`` for a card with a boost."""
    boosted = card.get("boosted_value")
    return f"{card['value']}/{boosted}" if boosted is not None else str(card["value"])


def effect_words(card: Mapping[str, Any]) -> str:
    """The effects in words: in another language, the effects' names from the game's
    data files; in English (or where a name is missing), from the card's label (the
    effect keys as a fallback)."""
    translated = [_effect_name(key) for key in card["effects"]]
    if translated and all(translated):
        return ", ".join(name for name in translated if name)
    match = _EFFECT_WORDS.search(card.get("label", ""))
    if match:
        return match.group(2)
    return ", ".join(e.replace(f"{ARROW}:", "after a hit: ") for e in card["effects"])


def _effect_name(key: str) -> str | None:
    """An effect's name in the reader's language, ``None`` where the data files give none;
    an arrow effect (``on_opp_life_loss:heal2``) with its condition."""
    effects = data_texts(PACKAGE, tr().lang).get("effects", {})
    condition, _, kind = key.rpartition(":")
    name = effects.get(kind, {}).get("name")
    if name is None:
        return None
    if not condition:
        return name
    after = effects.get(condition, {}).get("name")
    if after is None:
        return None
    return tr().gettext("{condition}: {effect}", condition=after, effect=name)


def card_details(card: Mapping[str, Any]) -> str:
    """``"attack 3/5, 1 koku; cost 2: boost to 5"``: a hand card's numbers and effects, as
    its label gives them after its name (the same words as the log's card labels)."""
    reader = tr()
    context = "kung-fu:card"
    if card["deck"] == "attack":
        deck = reader.pgettext(context, "attack")
    else:
        deck = reader.pgettext(context, "parry")
    fields: dict[str, Any] = {
        "deck": deck,
        "value": value_text(card),
        "koku": card["koku"],
        "cost": card["cost"],
    }
    if card["effects"]:
        fields["effects"] = effect_words(card)
        if card["koku"]:
            return reader.pgettext(
                context, "{deck} {value}, {koku} koku; cost {cost}: {effects}", **fields
            )
        return reader.pgettext(context, "{deck} {value}; cost {cost}: {effects}", **fields)
    if card["koku"]:
        return reader.pgettext(context, "{deck} {value}, {koku} koku", **fields)
    return reader.pgettext(context, "{deck} {value}", **fields)


def life_bar(life: int) -> Text:
    """``██████░░░░  6`` in green, yellow or red."""
    shown = max(0, min(MAX_LIFE, life))
    style = "green" if life > 6 else "yellow" if life > 3 else "bold red"
    return Text.assemble(
        ("█" * shown, style), ("░" * (MAX_LIFE - shown), "dim"), (f" {life:>2}", style)
    )


def hand_counts(player: Mapping[str, Any]) -> Text:
    reader = tr()
    return Text.assemble(
        (reader.gettext("{n} red", n=player["red_in_hand"]), DECK_TEXT["attack"]),
        " · ",
        (reader.gettext("{n} blue", n=player["blue_in_hand"]), DECK_TEXT["parry"]),
    )


def koku_chip(card: Mapping[str, Any]) -> Text:
    """A Koku row card: ``Low Kick 1``, or ``Golden Rooster kept`` for a gained card."""
    coins = str(card["koku"]) if card["koku"] else tr().gettext("kept")
    return Text.assemble(
        (card_name(card), DECK_TEXT.get(card["deck"], "")), (f" {coins}", KOKU_STYLE)
    )


def phase_word(phase: str) -> str:
    """A view's ``phase`` in the reader's language."""
    reader = tr()
    words = {
        "initiative": reader.pgettext("kung-fu:phase", "initiative"),
        "parry": reader.pgettext("kung-fu:phase", "parry"),
        "activation": reader.pgettext("kung-fu:phase", "activation"),
        "effects": reader.pgettext("kung-fu:phase", "effects"),
        "result": reader.pgettext("kung-fu:phase", "result"),
        "over": reader.pgettext("kung-fu:phase", "over"),
    }
    return words.get(phase, phase)


class KungFuRenderer(Renderer):
    """The Kung Fu board, choices, help and end screens."""

    title = "Kung Fu"
    rules_markup = RULES

    # -- the board ------------------------------------------------------------

    def sections(self, view: View, seat: int | None, seating: Seating) -> list[Section]:
        sections = [Section("table", self._table_panel(view, seat, seating))]
        last = self._last_round(view)
        if last is not None:
            sections.append(Section("last_round", last))
        if view.get("hand") is not None:
            sections.append(Section("hand", self._hand(view["hand"])))
        decision = view.get("decision")
        if decision and seat is not None and decision.get("player") == seat:
            decide = styled(
                tr().gettext("{decide}: {text}"),
                decide=Text(tr().gettext("Decide"), style="bold"),
                text=decision_prompt(view, decision),
            )
            sections.append(Section(NOW, decide))
        return sections

    def frame(
        self, bodies: Sequence[RenderableType], view: View, seat: int | None, seating: Seating
    ) -> RenderableType:
        return Group(*bodies)  # the table's own panel heads the board

    def _table_panel(self, view: View, seat: int | None, seating: Seating) -> Panel:
        reader = tr()
        fight = Table.grid(padding=(0, 1))
        fight.add_column(style="dim", justify="right")
        fight.add_column()
        fight.add_row(reader.gettext("Attack"), _played(view.get("attack"), "attack"))
        fight.add_row(reader.gettext("Parry"), _played(view.get("parry"), "parry"))
        decks, discards = view["decks"], view["discards"]
        for colour, deck, heading in (
            ("red", "attack", reader.gettext("Red deck")),
            ("blue", "parry", reader.gettext("Blue deck")),
        ):
            fight.add_row(
                heading,
                styled(
                    reader.gettext("{cards}, {discarded} discarded"),
                    cards=Text(
                        reader.ngettext("{n} card", "{n} cards", decks[colour]), DECK_TEXT[deck]
                    ),
                    discarded=len(discards[colour]),
                ),
            )
        title = reader.gettext(
            "Kung Fu · round {round} · {phase} phase · attacker: {attacker}",
            round=view["round"],
            phase=phase_word(view["phase"]),
            attacker=seating.short(view["attacker"], seat),
        )
        return Panel(
            Group(self._players(view, seat, seating), Text(), fight),
            title=title,
            title_align="left",
            expand=False,
        )

    def _players(self, view: View, seat: int | None, seating: Seating) -> Group:
        """One row per player, then each Koku row (wrapping between cards)."""
        reader = tr()
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column("")
        table.add_column(reader.gettext("Player"))
        table.add_column(reader.gettext("Role"))
        table.add_column(reader.gettext("Life"))
        table.add_column(reader.gettext("Hand"))
        table.add_column(reader.gettext("Koku"), justify="right")
        table.add_column("")
        rows: list[RenderableType] = []
        for p in view["players"]:
            s = p["seat"]
            name = Text(seating.name(s), style="bold cyan" if s == seat else "")
            if s == view["attacker"]:
                role = reader.gettext("attacker")
            else:
                role = reader.gettext("defender")
            no_parry = p["no_parry_next_round"]
            table.add_row(
                "▶" if s == view["current_player"] else "",
                name,
                role,
                life_bar(p["life"]),
                hand_counts(p),
                Text(str(p["koku_total"]), style=KOKU_STYLE if p["koku_total"] else "dim"),
                Text(reader.gettext("may not parry!"), style="bold red") if no_parry else "",
            )
            if p["koku"]:
                if s == seat:
                    whose = reader.gettext("Your koku row:")
                else:
                    whose = reader.gettext("Koku row of {player}:", player=seating.short(s))
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
        text = styled(
            tr().gettext("{last_round} {result}"),
            last_round=Text(tr().gettext("Last round"), style="dim"),
            result=Text(round_result(last), style="bold"),
        )
        if tr().lang == SOURCE:  # the view's summary is English; other readers have the log
            for effect in last["effects"]:
                text.append(f"; {effect}", style="magenta")
        return text

    def _hand(self, hand: Sequence[Mapping[str, Any]]) -> RenderableType:
        reader = tr()
        reds = sum(1 for c in hand if c["deck"] == "attack")
        head = Text(
            reader.gettext(
                "Your hand: {cards}, {red} red, {blue} blue",
                cards=reader.ngettext("{n} card", "{n} cards", len(hand)),
                red=reds,
                blue=len(hand) - reds,
            ),
            style="bold",
        )
        if not hand:
            return head
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column(reader.gettext("Card"))
        table.add_column(reader.gettext("Value"), justify="right")
        table.add_column(reader.gettext("Koku"), justify="right")
        table.add_column(reader.gettext("Cost"), justify="right")
        table.add_column(reader.gettext("Effect"))
        for c in hand:
            table.add_row(
                Text(card_name(c), style=DECK_TEXT.get(c["deck"], "")),
                value_text(c),
                Text(str(c["koku"]), style=KOKU_STYLE) if c["koku"] else "",
                str(c["cost"]) if c["effects"] else "",
                effect_words(c) if c["effects"] else "",
            )
        return Group(head, table)

    # -- the log and the choices ----------------------------------------------

    def event(self, event: LogEvent, state: State | None = None) -> Text:
        text = Text(event_text(event, state), style=EVENT_STYLE.get(event.kind, ""))
        card = event.data.get("card")
        if isinstance(card, Mapping) and card.get("label"):
            style = DECK_TEXT.get(card.get("deck", ""), "bold")
            text.highlight_words([card["label"]], style)
            if "name" in card:
                text.highlight_words([card_name(card)], style)
        if event.visible_to is not None:
            text = Text.assemble((tr().gettext("(only you)"), "dim italic"), " ", text)
        return text

    groups = (
        N_("Attack face up"),
        N_("Attack face down (your opponent may first draw a card)"),
        N_("Parry"),
        N_("Pay"),
        N_("Draw"),
        N_("Other choices"),
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

    def choice_label(self, action: Action, view: View, state: State | None = None) -> Text:
        """The action's label, with the card's numbers and what the choice gives (the
        English label says which; the words are the reader's)."""
        reader = tr()
        label = action.label
        shown = action_text(action, state)
        text = Text(shown)
        match = _CARD_CHOICE.match(label)
        hand = view.get("hand") or []
        if match:
            card = next((c for c in hand if c["name"] == match.group(1)), None)
            if card is not None:
                name = card_name(card)
                if name in shown:
                    start = shown.index(name)
                    text.stylize(DECK_TEXT.get(card["deck"], ""), start, start + len(name))
                if _DETAILS.match(card.get("label", "")):
                    text.append(f"  ({card_details(card)})", style="dim")
        elif label.startswith("activate"):
            card = my_card(view)
            if card is not None:
                note = reader.gettext(
                    "({card}: {effects})", card=card_name(card), effects=effect_words(card)
                )
                text.append(f"  {note}", style="dim")
        elif label == "draw the difference":
            attack, parry = view.get("attack") or {}, view.get("parry") or {}
            if attack.get("value") is not None and parry.get("value") is not None:
                diff = parry["value"] - attack["value"]
                note = reader.ngettext("({n} card)", "({n} cards)", diff)
                text.append(f"  {note}", style="dim")
        elif label == "take the initiative":
            note = reader.gettext("(your opponent draws 3 cards)")
            text.append(f"  {note}", style="dim")
        elif label in _ONE_CARD and (view.get("decision") or {}).get("count") == 1:
            note = reader.gettext(_ONE_CARD[label])
            text.append(f"  ({note})", style="dim")
        return text

    # -- help, rounds and the end ---------------------------------------------

    def round_summary(
        self, before: View | None, after: View, seating: Seating
    ) -> RenderableType | None:
        last = self.finished_round(before, after)
        if last is None:
            return None
        reader = tr()
        lives = ", ".join(
            reader.gettext("{player} {life}", player=seating.short(p["seat"]), life=p["life"])
            for p in after["players"]
        )
        return styled(
            reader.gettext("── Round {round}: {result} · life: {lives}"),
            "bold",
            round=last["round"],
            result=round_result(last),
            lives=Text(lives, style="dim"),
        )

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        reader = tr()
        table = Table(title=reader.gettext("Game over"), title_justify="left", header_style="dim")
        table.add_column(reader.gettext("Player"))
        table.add_column(reader.gettext("Life"))
        table.add_column(reader.gettext("Koku"), justify="right")
        table.add_column("")
        for p in view["players"]:
            won = p["seat"] in result.winners
            table.add_row(
                seating.name(p["seat"]),
                life_bar(p["life"]),
                str(p["koku_total"]),
                Text(reader.gettext("★ winner"), style="bold green") if won else "",
            )
        parts: list[RenderableType] = [table]
        last = view.get("last_round")
        if last:
            parts.append(
                styled(
                    reader.gettext("Last round: round {round}, {result}"),
                    "dim",
                    round=last["round"],
                    result=Text(round_result(last), style="bold"),
                )
            )
        if view.get("draw"):
            line = reader.gettext("The game is a draw.")
        else:
            line = winners_line(result, seating)
        parts.append(Text(line, style="bold"))
        return Group(*parts)


def round_result(last: Mapping[str, Any]) -> str:
    """``"attack 5 against parry 3: 2 damage"`` for a view's ``last_round``."""
    reader = tr()
    attack, parry, damage = last["attack_value"], last["parry_value"], last["damage"]
    if damage:
        return reader.gettext(
            "attack {attack} against parry {parry}: {damage} damage",
            attack=attack,
            parry=parry,
            damage=damage,
        )
    if attack == parry:
        template = reader.gettext("attack {attack} against parry {parry}: a tie")
    elif parry > attack:
        template = reader.gettext("attack {attack} against parry {parry}: parried")
    else:
        template = reader.gettext("attack {attack} against parry {parry}: no damage")
    return reader.fill(template, {"attack": attack, "parry": parry})


def _played(slot: Mapping[str, Any] | None, kind: str) -> Text:
    """A card on the table: chip, value, face down, activated; or why there is none."""
    reader = tr()
    if slot is None:
        return Text(reader.gettext("not played yet"), style="dim")
    card = slot.get("card")
    if card is None:
        if kind == "parry":
            return Text(reader.gettext("no parry card (counts 0)"), style="dim")
        face_down = reader.gettext("face down")
        return Text.assemble(card_chip(None), (f"  {face_down}", "dim"))
    text = Text.assemble(card_chip(card), f" {value_text(card)}")
    if card["effects"]:
        cost = reader.gettext(
            "cost {cost}: {effects}", cost=card["cost"], effects=effect_words(card)
        )
        text.append(f"  {cost}", style="dim")
    if slot.get("face_down"):
        played = reader.gettext("(played face down)")
        text.append(f"  {played}", style="dim")
    if slot.get("activated"):
        activated = reader.gettext("activated")
        text.append(f"  {activated}", style="bold magenta")
    if slot.get("value") is not None:
        text.append(f"  → {slot['value']}", style="bold")
    return text
