"""The King of Tokyo screen: the monsters, Tokyo City and Bay, the dice and the row.

Built only from the view (schema in ``docs/games/king-of-tokyo.md``), log events
and action labels. Dice are numbered on screen so a player keeps them by number:
``k 1 3 4`` keeps dice 1, 3 and 4 and rerolls the others, instead of picking among
dozens of numbered keep choices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.cli.render.base import MatchResult, Renderer, Seating, View, Wrap
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.core.text import plural
from tabletop.games.king_of_tokyo.dice import FACE_NAMES, FACE_SYMBOLS, NUM_FACES, keep_label

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

RULES = """\
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

These are the default rules; `tabletop list` shows the options that change them."""


def die_chip(face: str, number: int | None = None) -> Text:
    symbol = FACE_SYMBOLS[FACE_NAMES.index(face)]
    label = f" {symbol} " if number is None else f"{number}:{symbol} "
    return Text(label, style=FACE_STYLE.get(face, "reverse"))


def hearts_bar(hearts: int, maximum: int) -> Text:
    style = "green" if hearts > 6 else "yellow" if hearts > 3 else "bold red"
    return Text.assemble(("♥" * hearts, style), ("·" * max(0, maximum - hearts), "dim"))


def evolution_text(evolution: Mapping[str, Any]) -> Text:
    """ "Giant Banana (temporary): text"."""
    return Text.assemble(
        (evolution["name"], "bold magenta"),
        f" ({evolution['kind']}): ",
        (evolution["text"], "dim"),
    )


def card_text(card: Mapping[str, Any], cost: int | None = None) -> Text:
    """ "Acid Attack (6, keep): text"; ``cost`` is what the viewer would pay."""
    price = card["cost"] if cost is None or cost == card["cost"] else f"{cost} for you"
    extra = f" [{card['counters']}]" if "counters" in card else ""
    return Text.assemble(
        (card["name"], "bold cyan"),
        f" ({price}, {card['kind']}){extra}: ",
        (card["text"], "dim"),
    )


class KingOfTokyoRenderer(Renderer):
    title = "King of Tokyo"
    rules_markup = RULES

    def board(self, view: View, seat: int | None, seating: Seating) -> RenderableType:
        parts: list[RenderableType] = [self._monsters(view, seat, seating), self._tokyo(view)]
        if view["dice"]:
            dice = [die_chip(face, i + 1) for i, face in enumerate(view["dice"])]
            rolls = view["rolls_left"]
            parts.append(
                Group(
                    Text(f"Dice ({plural(rolls, 'reroll')} left):", style="bold"),
                    Wrap(dice),
                )
            )
        parts.append(self._row(view))
        evolutions = self._evolutions(view, seat)
        if evolutions is not None:
            parts.append(evolutions)
        decision = view.get("decision")
        if decision is not None and decision["player"] == seat:
            parts.append(Text(f"Now: {decision['reason']}.", style="bold"))
            if decision["kind"] == "roll" and view["rolls_left"] > 0:
                parts.append(Text("Keep dice by number: k 1 3 4 (k alone rerolls all).", "dim"))
        who = "a spectator" if seat is None else seating.name(seat)
        return Panel(Group(*parts), title=f"King of Tokyo: what {who} can see", title_align="left")

    def _monsters(self, view: View, seat: int | None, seating: Seating) -> Table:
        table = Table(box=None, pad_edge=False, header_style="bold")
        for column in ("Seat", "Monster", "Hearts", "★", "⚡", "Where", "Cards"):
            table.add_column(column)
        for m in view["monsters"]:
            style = "dim strike" if not m["alive"] else "bold" if m["seat"] == seat else ""
            tokens = m["tokens"]
            marks = []
            if tokens["poison"]:
                marks.append(f"poison {tokens['poison']}")
            if tokens["shrink"]:
                marks.append(f"shrink {tokens['shrink']}")
            cards = ", ".join(c["name"] for c in m["cards"])
            evolutions = m.get("evolutions")
            if evolutions is not None:
                face_up = [e["name"] for e in evolutions["table"]]
                cards = ", ".join([cards, *face_up]).strip(", ")
                if evolutions["hand_size"]:
                    marks.append(f"{plural(evolutions['hand_size'], 'Evolution')} in hand")
            if m["mimic"] is not None:
                cards += f" (Mimic: {m['mimic']['name']})"
            where = {"city": "Tokyo City", "bay": "Tokyo Bay", "outside": ""}[m["location"]]
            turn = "▶ " if m["seat"] == view["active"] else "  "
            table.add_row(
                Text(turn + seating.short(m["seat"], seat), style=style),
                Text(m["name"], style=style),
                hearts_bar(m["hearts"], m["max_hearts"]) if m["alive"] else Text("out"),
                str(m["stars"]),
                str(m["energy"]),
                Text(where, style="bold magenta"),
                Text(", ".join([cards, *marks]).strip(", ")),
            )
        return table

    @staticmethod
    def _tokyo(view: View) -> Text:
        tokyo = view["tokyo"]
        names = {m["seat"]: m["name"] for m in view["monsters"]}
        city = names.get(tokyo["city"], "empty") if tokyo["city"] is not None else "empty"
        line = Text.assemble(("Tokyo City: ", "bold magenta"), city)
        if tokyo["bay_open"]:
            bay = names.get(tokyo["bay"], "empty") if tokyo["bay"] is not None else "empty"
            line.append_text(Text.assemble(("   Tokyo Bay: ", "bold magenta"), bay))
        return line

    @staticmethod
    def _evolutions(view: View, seat: int | None) -> Group | None:
        """Power Up!: your hand of Evolutions, and the cards you were dealt to choose."""
        if seat is None or "evolutions" not in view["monsters"][seat]:
            return None
        mine = view["monsters"][seat]["evolutions"]
        lines = [Text(f"Your Evolutions (deck: {mine['deck_size']}):", style="bold")]
        for e in mine.get("hand", []):
            lines.append(Text.assemble("  ", evolution_text(e)))
        if not mine.get("hand"):
            lines.append(Text("  none in hand", style="dim"))
        for e in mine.get("packet", []):
            lines.append(Text.assemble("  in the packet: ", evolution_text(e)))
        decision = view.get("decision") or {}
        for e in decision.get("drawn", []):
            lines.append(Text.assemble("  drawn: ", evolution_text(e)))
        return Group(*lines)

    @staticmethod
    def _row(view: View) -> Group:
        costs = view.get("your_costs") or [None] * len(view["row"])
        lines = [Text(f"Power cards (deck: {view['deck_size']}):", style="bold")]
        for slot, (card, cost) in enumerate(zip(view["row"], costs, strict=True)):
            if card is not None:
                lines.append(Text.assemble(f"  {slot + 1}. ", card_text(card, cost)))
        top = view.get("deck_top")
        if top is not None:
            lines.append(Text.assemble("  top of the deck: ", card_text(top)))
        return Group(*lines)

    def event(self, event: LogEvent) -> Text:
        return Text(event.text, style=EVENT_STYLE.get(event.kind, ""))

    # -- the end ---------------------------------------------------------------------

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        """Each monster's stars, hearts and fate (winner, or the order it went out)."""
        table = Table(title="Game over", title_justify="left", header_style="dim")
        for column in ("Player", "Monster", "Stars", "Hearts", "Result"):
            table.add_column(column, justify="right" if column in ("Stars", "Hearts") else "left")
        winners = view["winners"]
        eliminated: list[int] = view.get("eliminated", [])
        for m in view["monsters"]:
            seat = m["seat"]
            if seat in winners:
                fate = Text("★ winner", style="bold green")
            elif seat in eliminated:
                fate = Text(f"{ordinal(eliminated.index(seat) + 1)} out", style="red")
            else:
                fate = Text("")
            table.add_row(seating.name(seat), m["name"], str(m["stars"]), str(m["hearts"]), fate)
        return Group(table, Text(victory_line(view, seating), style="bold"))

    # -- choices ---------------------------------------------------------------------

    groups = ("Dice", "Tokyo", "Cards", "Evolutions", "Other")

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
        words = text.replace(",", " ").split()
        if not words or words[0].lower() not in ("k", "keep"):
            return None
        dice: list[str] = view["dice"]
        by_label = {a.label: a for a in legal}
        if not any(_is_reroll(label) for label in by_label):
            return "you cannot reroll now"
        try:
            numbers = sorted({int(w) for w in words[1:]})
        except ValueError:
            return "type k and the numbers of the dice to keep, e.g. k 1 3 4"
        if any(not 1 <= n <= len(dice) for n in numbers):
            return f"dice are numbered 1 to {len(dice)}"
        counts = [0] * NUM_FACES
        for n in numbers:
            counts[FACE_NAMES.index(dice[n - 1])] += 1
        if len(numbers) == len(dice):
            return by_label.get("stop rolling and resolve the dice") or "you must stop now"
        action = by_label.get(keep_label(counts))
        return action or "you cannot keep those dice"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def victory_line(view: View, seating: Seating) -> str:
    """The one line that says who won and how (the view's ``victory``).

    "Kraken wins with 20 stars.", "Kraken wins as the last monster standing.",
    "Nobody wins: every monster is out." The single seat played at this terminal is
    "you": "You (Kraken) win with 21 stars."
    """
    monsters = {m["seat"]: m for m in view["monsters"]}
    winners: list[int] = view["winners"]
    if not winners:
        if len(view.get("eliminated", [])) == len(monsters):
            return "Nobody wins: every monster is out."
        return "Nobody wins: the turn limit is reached."
    me = next(iter(seating.humans)) if len(seating.humans) == 1 else None
    names = [f"you ({monsters[w]['name']})" if w == me else monsters[w]["name"] for w in winners]
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    verb = "wins" if winners != [me] and len(winners) == 1 else "win"
    if view.get("victory") == "last_standing":
        how = "as the last monster standing"
    elif len(winners) == 1:
        how = f"with {plural(monsters[winners[0]]['stars'], 'star')}"
    else:
        how = "with 20 stars or more"
    return f"{who[0].upper()}{who[1:]} {verb} {how}."


def _is_reroll(label: str) -> bool:
    """A reroll choice ("keep 2, 2 and reroll the rest", "reroll all dice")."""
    return label.endswith("and reroll the rest") or label == "reroll all dice"
