"""The King of Tokyo screen: the monsters, Tokyo City and Bay, the dice and the row.

Built only from the view (schema in ``docs/games/king-of-tokyo.md``), log events
and action labels. Dice are numbered on screen so a player keeps them by number:
``k 1 3 4`` keeps dice 1, 3 and 4 and rerolls the others, instead of picking among
dozens of numbered keep choices.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from babel import Locale
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
    capitalized,
    data_text,
    decision_text,
    event_text,
    styled,
)
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.games.king_of_tokyo import log_text
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, FACE_SYMBOLS, NUM_FACES, keep_label
from tabletop.i18n import SOURCE

if TYPE_CHECKING:
    from tabletop.core.game import State

PACKAGE = "king_of_tokyo"
KEEP = re.compile(r"(?:keep|k)(?=$|[\s,\d])(.*)")
"""Keeping dice: ``k`` or ``keep``, then the dice's numbers (``k 1 3 4``, ``k134``)."""

FACE_STYLE = {
    "1": "bold white on grey23",
    "2": "bold white on grey23",
    "3": "bold white on grey23",
    "heart": "bold white on red",
    "energy": "bold black on yellow",
    "claw": "bold white on dark_orange3",
}
EVENT_STYLE = {
    "turn": "bold",
    "game_over": "bold reverse",
    "damage": "bold red",
    "eliminated": "bold red reverse",
    "attack": "red",
    "heal": "green",
    "stars": "bold yellow",
    "energy": "yellow",
    "enter": "bold magenta",
    "yield": "magenta",
    "buy": "cyan",
    "child": "bold green",
}

RULES = N_("""\
[b]Goal[/b]  Be the first monster with [b]20 stars[/b], or the last one standing.

[b]Your turn[/b]  Roll your dice, then reroll any of them up to twice (type [b]k[/b] and
the numbers of the dice to keep, e.g. [b]k 1 3 4[/b]). Then they resolve:
  three 1s, 2s or 3s   that many stars, +1 for each further die of the number
  heart                +1 heart (not in Tokyo; outside, it may remove a token)
  energy               +1 energy, to buy Power cards
  claw                 from Tokyo you hit every monster outside; from outside you
                       hit the monsters in Tokyo
[b]Tokyo[/b]  Entering gives 1 star, and starting your turn there 2 stars, but you
cannot heal with dice. When smashed in Tokyo you may yield; the attacker takes your
place. (2011 rules: a claw takes an empty Tokyo City instead of attacking.)
[b]Cards[/b]  After resolving, buy cards from the row with energy, or pay 2 to sweep it.
Keep cards stay in front of you; Discard cards act at once.

These are the default rules; `tabletop list` shows the options that change them.""")


def die_chip(face: str, number: int | None = None) -> Text:
    symbol = FACE_SYMBOLS[FACE_NAMES.index(face)]
    label = f" {symbol} " if number is None else f"{number}:{symbol} "
    return Text(label, style=FACE_STYLE.get(face, "reverse"))


def hearts_bar(hearts: int, maximum: int) -> Text:
    style = "green" if hearts > 6 else "yellow" if hearts > 3 else "bold red"
    return Text.assemble(("♥" * hearts, style), ("·" * max(0, maximum - hearts), "dim"))


def card_name(card: Mapping[str, Any], edition: str | None = None) -> str:
    """A Power card's name in the reader's language, as the log names it (the 2011
    edition's own name where it has one); the view's where the reader's is English."""
    if tr().lang == SOURCE:
        return str(card["name"])
    return log_text.card_name(card["id"], tr(), edition or "2016")


def evolution_name(evolution: Mapping[str, Any]) -> str:
    """An Evolution's name in the reader's language."""
    return data_text(PACKAGE, "evolutions", evolution["id"], evolution["name"])


def monster_name(monster: Mapping[str, Any]) -> str:
    """A monster's name (a view's ``monsters`` entry) in the reader's language."""
    return data_text(PACKAGE, "monsters", monster["monster"], monster["name"])


def card_words(card: Mapping[str, Any], edition: str | None) -> str:
    """A Power card's text in the reader's language (the 2011 edition's where it has one)."""
    return data_text(PACKAGE, "cards", card["id"], card["text"], "text", edition)


def place(location: str) -> str:
    """``city`` or ``bay``: "Tokyo City", "Tokyo Bay" (as the log says them)."""
    if location == "bay":
        return tr().pgettext("king-of-tokyo:where", "Tokyo Bay")
    return tr().pgettext("king-of-tokyo:where", "Tokyo City")


def kind_word(kind: str) -> str:
    """A card's kind ("keep", "discard") or an Evolution's ("permanent", "temporary")."""
    reader = tr()
    words = {
        "keep": reader.pgettext("king-of-tokyo:kind", "keep"),
        "discard": reader.pgettext("king-of-tokyo:kind", "discard"),
        "permanent": reader.pgettext("king-of-tokyo:kind", "permanent"),
        "temporary": reader.pgettext("king-of-tokyo:kind", "temporary"),
    }
    return words.get(kind, kind)


def evolution_text(evolution: Mapping[str, Any]) -> Text:
    """ "Giant Banana (temporary): text"."""
    text = data_text(PACKAGE, "evolutions", evolution["id"], evolution["text"], "text")
    return styled(
        tr().gettext("{evolution} ({kind}): {text}"),
        evolution=Text(evolution_name(evolution), style="bold magenta"),
        kind=kind_word(evolution["kind"]),
        text=Text(text, style="dim"),
    )


def card_text(card: Mapping[str, Any], cost: int | None = None, edition: str | None = None) -> Text:
    """ "Acid Attack (6, keep): text"; ``cost`` is what the viewer would pay."""
    reader = tr()
    if cost is None or cost == card["cost"]:
        price = reader.number(card["cost"])
    else:
        price = reader.gettext("{cost} for you", cost=cost)
    fields: dict[str, str | int | Text] = {
        "card": Text(card_name(card, edition), style="bold cyan"),
        "price": price,
        "kind": kind_word(card["kind"]),
        "text": Text(card_words(card, edition), "dim"),
    }
    if "counters" in card:
        template = reader.gettext("{card} ({price}, {kind}) [{counters}]: {text}")
        fields["counters"] = card["counters"]
    else:
        template = reader.gettext("{card} ({price}, {kind}): {text}")
    return styled(template, **fields)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``: the reader's ordinal,
    chosen by the language's CLDR ordinal rule (German and Italian use one form).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    reader = tr()
    form = Locale.parse(reader.lang).ordinal_form(n)
    if form == "one":
        return reader.pgettext("ordinal", "{n}st", n=n)
    if form == "two":
        return reader.pgettext("ordinal", "{n}nd", n=n)
    if form == "few":
        return reader.pgettext("ordinal", "{n}rd", n=n)
    return reader.pgettext("ordinal", "{n}th", n=n)


class KingOfTokyoRenderer(Renderer):
    title = "King of Tokyo"
    rules_markup = RULES

    def sections(self, view: View, seat: int | None, seating: Seating) -> list[Section]:
        reader = tr()
        sections = [
            Section("monsters", self._monsters(view, seat, seating)),
            Section("tokyo", self._tokyo(view)),
        ]
        if view["dice"]:
            dice = [die_chip(face, i + 1) for i, face in enumerate(view["dice"])]
            rolls = view["rolls_left"]
            heading = reader.ngettext("Dice ({n} reroll left):", "Dice ({n} rerolls left):", rolls)
            sections.append(Section("dice", Group(Text(heading, style="bold"), Wrap(dice))))
        sections.append(Section("row", self._row(view)))
        evolutions = self._evolutions(view, seat)
        if evolutions is not None:
            sections.append(Section("evolutions", evolutions))
        decision = view.get("decision")
        if decision is not None and decision["player"] == seat:
            now = [
                Text(
                    reader.gettext(
                        "Now: {reason}.", reason=decision_text("king-of-tokyo", decision["reason"])
                    ),
                    "bold",
                )
            ]
            if decision["kind"] == "roll" and view["rolls_left"] > 0:
                hint = reader.gettext("Keep dice by number: k 1 3 4 (k alone rerolls all).")
                now.append(Text(hint, "dim"))
            sections.append(Section(NOW, Group(*now)))
        return sections

    def frame(
        self, bodies: Sequence[RenderableType], view: View, seat: int | None, seating: Seating
    ) -> RenderableType:
        reader = tr()
        if seat is None:
            title = reader.gettext("King of Tokyo: what a spectator can see")
        else:
            title = reader.gettext(
                "King of Tokyo: what {player} can see", player=seating.name(seat)
            )
        return Panel(Group(*bodies), title=title, title_align="left")

    def _monsters(self, view: View, seat: int | None, seating: Seating) -> Table:
        reader = tr()
        edition = view.get("edition")
        table = Table(box=None, pad_edge=False, header_style="bold")
        for column in (
            reader.gettext("Seat"),
            reader.gettext("Monster"),
            reader.gettext("Hearts"),
            "★",
            "⚡",
            reader.gettext("Where"),
            reader.gettext("Cards"),
        ):
            table.add_column(column)
        places = {"city": place("city"), "bay": place("bay"), "outside": ""}
        for m in view["monsters"]:
            style = "dim strike" if not m["alive"] else "bold" if m["seat"] == seat else ""
            tokens = m["tokens"]
            marks = []
            if tokens["poison"]:
                marks.append(reader.gettext("poison {n}", n=tokens["poison"]))
            if tokens["shrink"]:
                marks.append(reader.gettext("shrink {n}", n=tokens["shrink"]))
            cards = ", ".join(card_name(c, edition) for c in m["cards"])
            evolutions = m.get("evolutions")
            if evolutions is not None:
                face_up = [evolution_name(e) for e in evolutions["table"]]
                cards = ", ".join([cards, *face_up]).strip(", ")
                if evolutions["hand_size"]:
                    marks.append(
                        reader.ngettext(
                            "{n} Evolution in hand",
                            "{n} Evolutions in hand",
                            evolutions["hand_size"],
                        )
                    )
            if m["mimic"] is not None:
                mimic = reader.gettext("(Mimic: {card})", card=card_name(m["mimic"], edition))
                cards = f"{cards} {mimic}"
            turn = "▶ " if m["seat"] == view["active"] else "  "
            table.add_row(
                Text(turn + seating.short(m["seat"], seat), style=style),
                Text(monster_name(m), style=style),
                hearts_bar(m["hearts"], m["max_hearts"])
                if m["alive"]
                else Text(reader.gettext("out")),
                str(m["stars"]),
                str(m["energy"]),
                Text(places[m["location"]], style="bold magenta"),
                Text(", ".join([cards, *marks]).strip(", ")),
            )
        return table

    @staticmethod
    def _tokyo(view: View) -> Text:
        reader = tr()
        tokyo = view["tokyo"]
        names = {m["seat"]: monster_name(m) for m in view["monsters"]}
        empty = reader.gettext("empty")
        city = names.get(tokyo["city"], empty) if tokyo["city"] is not None else empty
        line = styled(
            reader.gettext("{tokyo_city}: {monster}"),
            tokyo_city=Text(place("city"), style="bold magenta"),
            monster=city,
        )
        if tokyo["bay_open"]:
            bay = names.get(tokyo["bay"], empty) if tokyo["bay"] is not None else empty
            line.append("   ")
            line.append_text(
                styled(
                    reader.gettext("{tokyo_bay}: {monster}"),
                    tokyo_bay=Text(place("bay"), style="bold magenta"),
                    monster=bay,
                )
            )
        return line

    @staticmethod
    def _evolutions(view: View, seat: int | None) -> Group | None:
        """Power Up!: your hand of Evolutions, and the cards you were dealt to choose."""
        if seat is None or "evolutions" not in view["monsters"][seat]:
            return None
        reader = tr()
        mine = view["monsters"][seat]["evolutions"]
        heading = reader.gettext("Your Evolutions (deck: {n}):", n=mine["deck_size"])
        lines = [Text(heading, style="bold")]
        for e in mine.get("hand", []):
            lines.append(Text.assemble("  ", evolution_text(e)))
        if not mine.get("hand"):
            lines.append(Text("  " + reader.gettext("none in hand"), style="dim"))
        for e in mine.get("packet", []):
            packet = styled(
                reader.gettext("in the packet: {evolution}"), evolution=evolution_text(e)
            )
            lines.append(Text.assemble("  ", packet))
        decision = view.get("decision") or {}
        for e in decision.get("drawn", []):
            drawn = styled(reader.gettext("drawn: {evolution}"), evolution=evolution_text(e))
            lines.append(Text.assemble("  ", drawn))
        return Group(*lines)

    @staticmethod
    def _row(view: View) -> Group:
        reader = tr()
        edition = view.get("edition")
        costs = view.get("your_costs") or [None] * len(view["row"])
        heading = reader.gettext("Power cards (deck: {n}):", n=view["deck_size"])
        lines = [Text(heading, style="bold")]
        for slot, (card, cost) in enumerate(zip(view["row"], costs, strict=True)):
            if card is not None:
                lines.append(Text.assemble(f"  {slot + 1}. ", card_text(card, cost, edition)))
        top = view.get("deck_top")
        if top is not None:
            shown = styled(
                reader.gettext("top of the deck: {card}"), card=card_text(top, None, edition)
            )
            lines.append(Text.assemble("  ", shown))
        return Group(*lines)

    def event(self, event: LogEvent, state: State | None = None) -> Text:
        return Text(event_text(event, state), style=EVENT_STYLE.get(event.kind, ""))

    # -- the end ---------------------------------------------------------------------

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        """Each monster's stars, hearts and fate (winner, or the order it went out)."""
        reader = tr()
        table = Table(title=reader.gettext("Game over"), title_justify="left", header_style="dim")
        table.add_column(reader.gettext("Player"))
        table.add_column(reader.gettext("Monster"))
        table.add_column(reader.gettext("Stars"), justify="right")
        table.add_column(reader.gettext("Hearts"), justify="right")
        table.add_column(reader.gettext("Result"))
        winners = view["winners"]
        eliminated: list[int] = view.get("eliminated", [])
        for m in view["monsters"]:
            seat = m["seat"]
            if seat in winners:
                fate = Text(reader.gettext("★ winner"), style="bold green")
            elif seat in eliminated:
                place = ordinal(eliminated.index(seat) + 1)
                fate = Text(reader.gettext("{place} out", place=place), style="red")
            else:
                fate = Text("")
            table.add_row(
                seating.name(seat),
                monster_name(m),
                str(m["stars"]),
                str(m["hearts"]),
                fate,
            )
        return Group(table, Text(victory_line(view, seating), style="bold"))

    # -- choices ---------------------------------------------------------------------

    groups = (N_("Dice"), N_("Tokyo"), N_("Cards"), N_("Evolutions"), N_("Other"))

    def group_of(self, label: str) -> str:
        if label.startswith(("play ", "draft ")) or (
            label.startswith("keep ") and not label.endswith("reroll the rest")
        ):
            return "Evolutions"
        if _is_reroll(label) or "roll" in label or "die" in label:
            return "Dice"
        if "Tokyo" in label:
            return "Tokyo"
        if any(w in label for w in ("buy", "sweep", "Mimic", "Metamorph", "Tentacles")):
            return "Cards"
        return "Other"

    def choice_groups(self, actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
        """Keep choices are typed (``k 1 3``), so only "reroll all dice" is listed."""
        listed = [a for a in actions if not a.label.endswith("and reroll the rest")]
        return super().choice_groups(listed)

    def parse_choice(self, text: str, view: View, legal: Sequence[Action]) -> Action | str | None:
        """``k 1 3 4``, ``k 134`` or ``k134``: keep those dice (``keep`` for ``k``);
        digits run together while every die has a one-digit number."""
        typed = KEEP.fullmatch(text.strip().lower())
        if typed is None:
            return None
        reader = tr()
        dice: list[str] = view["dice"]
        by_label = {a.label: a for a in legal}
        if not any(_is_reroll(label) for label in by_label):
            return reader.gettext("you cannot reroll now")
        words = typed.group(1).replace(",", " ").split()
        if len(dice) <= 9 and all(w.isdigit() for w in words):
            words = [digit for word in words for digit in word]
        try:
            numbers = sorted({int(w) for w in words})
        except ValueError:
            return reader.gettext("type k and the numbers of the dice to keep, e.g. k 1 3 4")
        if any(not 1 <= n <= len(dice) for n in numbers):
            return reader.gettext("dice are numbered 1 to {n}", n=len(dice))
        counts = [0] * NUM_FACES
        for n in numbers:
            counts[FACE_NAMES.index(dice[n - 1])] += 1
        if len(numbers) == len(dice):
            stop = by_label.get("stop rolling and resolve the dice")
            return stop or reader.gettext("you must stop now")
        action = by_label.get(keep_label(counts))
        return action or reader.gettext("you cannot keep those dice")


def victory_line(view: View, seating: Seating) -> str:
    """The one line that says who won and how (the view's ``victory``).

    "Kraken wins with 20 stars.", "Kraken wins as the last monster standing.",
    "Nobody wins: every monster is out." The single seat played at this terminal is
    "you": "You (Kraken) win with 21 stars."
    """
    reader = tr()
    monsters = {m["seat"]: m for m in view["monsters"]}
    winners: list[int] = view["winners"]
    if not winners:
        if len(view.get("eliminated", [])) == len(monsters):
            return reader.gettext("Nobody wins: every monster is out.")
        return reader.gettext("Nobody wins: the turn limit is reached.")
    me = next(iter(seating.humans)) if len(seating.humans) == 1 else None
    last_standing = view.get("victory") == "last_standing"
    if len(winners) == 1:
        monster = monster_name(monsters[winners[0]])
        stars = monsters[winners[0]]["stars"]
        if winners == [me]:
            if last_standing:
                return reader.gettext(
                    "You ({monster}) win as the last monster standing.", monster=monster
                )
            return reader.ngettext(
                "You ({monster}) win with {n} star.",
                "You ({monster}) win with {n} stars.",
                stars,
                monster=monster,
            )
        if last_standing:
            return reader.gettext("{monster} wins as the last monster standing.", monster=monster)
        return reader.ngettext(
            "{monster} wins with {n} star.",
            "{monster} wins with {n} stars.",
            stars,
            monster=monster,
        )
    names = [
        reader.gettext("you ({monster})", monster=monster_name(monsters[w]))
        if w == me
        else monster_name(monsters[w])
        for w in winners
    ]
    if last_standing:
        line = reader.gettext(
            "{monsters} win as the last monster standing.", monsters=reader.join(names)
        )
    else:
        line = reader.gettext("{monsters} win with 20 stars or more.", monsters=reader.join(names))
    return capitalized(line)


def _is_reroll(label: str) -> bool:
    """A reroll choice ("keep 2, 2 and reroll the rest", "reroll all dice")."""
    return label.endswith("and reroll the rest") or label == "reroll all dice"
