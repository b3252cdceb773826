"""The UNO Power screen: table, towers, players, your hand in colour.

Built only from the view (schema in ``tabletop.games.uno_power.view``) and from
action labels, never from the state or the engine's tables, so it shows exactly
what the seat may see and keeps working if the engine's internals change.
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
    decision_text,
    event_text,
    styled,
    winners_line,
)
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.games.uno_power.log_text import card_words, colour_name
from tabletop.i18n import data_texts

if TYPE_CHECKING:
    from tabletop.core.game import State

PACKAGE = "uno_power"

# Text colours for card names in log lines and labels, and "chip" styles for cards
# drawn as cards. Bright blue reads better than blue on dark terminals.
TEXT_STYLE = {
    "red": "bold red",
    "blue": "bold bright_blue",
    "green": "bold green",
    "yellow": "bold yellow",
}
WILD_TEXT_STYLE = "bold magenta"
CHIP_STYLE = {
    "red": "bold white on red",
    "blue": "bold white on blue",
    "green": "bold black on green",
    "yellow": "bold black on yellow",
}
WILD_CHIP_STYLE = "bold white on magenta"

# Which card each tower blocks when that card targets its holder (rules, not state).
TOWER_BLOCKS = {"U": "Draw One", "N": "Draw Two", "O": "Wild Draw Four", "!": "Skip"}
# The symbol (the data files' ``symbols``) of each card a tower blocks.
TOWER_SYMBOLS = {"U": "draw1", "N": "draw2", "O": "wild_draw4", "!": "skip"}

_FACES = r"(?: (?:[1-9]|Draw One|Draw Two|Skip|Reverse|Grab Two Towers)(?: \([UNO!]\))?)?"
_COLOUR_PATTERNS = {colour: rf"\b{colour}\b{_FACES}" for colour in TEXT_STYLE}
_WILD_PATTERN = r"Wild Grab-a-Tower|Wild Draw Four"
_UNO_PATTERN = r"\bcall(?:s|ed)? UNO\b|\bUNO!"

_TAKE = re.compile(r"^take towers? (.+)$")

HOW_ROUND_ENDED = {"out": N_("went out"), "fewest points": N_("fewest points in hand")}

RULES = N_("""\
[b]Goal[/b]  Be the first to play all your cards. The round winner scores the points
left in the other hands (numbers face value, actions 20, wilds 50); the match
goes on until someone reaches the target score.

[b]Your turn[/b]  Play one card that matches the top card by [b]colour[/b] (the named
colour after a wild), by [b]number[/b], or by [b]action symbol[/b]. Power icons never
match. Wilds always match, but Wild Draw Four only when you hold no card of the
colour in play; the next player may challenge it (a bluffer draws 4, a wrong
challenger draws 6). Or draw a card: if it fits you may play it at once.

[b]Towers[/b]  Playing a number with an icon (U, N, O, !) takes that tower from the
pool or from whoever holds it. Grab Two Towers takes two towers, Wild
Grab-a-Tower names a colour and takes one. A tower protects its holder:
  U blocks Draw One    N blocks Draw Two    O blocks Wild Draw Four    ! blocks Skip
A blocked card counts as a plain card and you play normally. Reverse is never
blocked.

[b]Four towers[/b]  Holding all four, you may discard every card but one (then call
UNO); the towers go back to the pool.

[b]UNO[/b]  When a play leaves you one card you must call UNO: pick the choice that
ends in "and call UNO". Forget it and another player may catch you: you draw 2.

These are the default rules; `tabletop list` shows the options that change them.""")


def card_name(card: Mapping[str, Any]) -> str:
    """A card (a view's card) in the reader's language, as the log names it ("red 7 (U)",
    "Wild Draw Four"); its label where the card is not described (a test's)."""
    if "symbol" not in card:
        return str(card["label"])
    return card_words(card, tr())


def blocked_card(tower: str) -> str:
    """The card a tower blocks, in the reader's language ("Draw One")."""
    english = TOWER_BLOCKS.get(tower, "?")
    return data_text(PACKAGE, "symbols", TOWER_SYMBOLS.get(tower, ""), english)


def card_chip(card: Mapping[str, Any] | None) -> Text:
    """A card drawn as a coloured block (wilds in magenta)."""
    if card is None:
        none = tr().gettext("none")
        return Text.assemble((f" {none} ", "dim"))
    style = CHIP_STYLE.get(card.get("colour") or "", WILD_CHIP_STYLE)
    # Styled as a span, not the whole Text, so table cells do not pad in colour.
    return Text.assemble((f" {card_name(card)} ", style))


def colour_word(colour: str | None) -> Text:
    if colour is None:
        return Text(tr().gettext("none"), style="dim")
    name = colour_name(colour, tr())
    return Text(name.upper(), style=TEXT_STYLE.get(colour, WILD_TEXT_STYLE))


def highlight(text: str | Text) -> Text:
    """Colour card names and colour words in free text (log lines, labels); in another
    language, the colours' names from the game's data files."""
    out = Text(text) if isinstance(text, str) else text.copy()
    for colour, pattern in _COLOUR_PATTERNS.items():
        out.highlight_regex(pattern, TEXT_STYLE[colour])
    out.highlight_regex(_WILD_PATTERN, WILD_TEXT_STYLE)
    out.highlight_regex(_UNO_PATTERN, "bold reverse")
    colours = data_texts(PACKAGE, tr().lang).get("colours", {})
    for colour, style in TEXT_STYLE.items():
        name = colours.get(colour, {}).get("name")
        if name:
            out.highlight_regex(rf"\b{re.escape(name)}\b", style)
    return out


class UnoPowerRenderer(Renderer):
    """The UNO Power board, choices, help and score screens."""

    title = "UNO Power"
    rules_markup = RULES

    # -- the board ------------------------------------------------------------

    def sections(self, view: View, seat: int | None, seating: Seating) -> list[Section]:
        sections = [
            Section("table", self._table_panel(view, seat, seating)),
            Section("players", self._players(view, seat, seating)),
        ]
        if view.get("hand") is not None:
            sections.append(Section("hand", self._hand(view)))
        decision = view.get("decision")
        if decision and seat is not None and decision.get("player") == seat:
            decide = styled(
                tr().gettext("{decide}: {text}"),
                decide=Text(tr().gettext("Decide"), style="bold"),
                text=highlight(decision_text("uno-power", decision["text"])),
            )
            sections.append(Section(NOW, decide))
        return sections

    def frame(
        self, bodies: Sequence[RenderableType], view: View, seat: int | None, seating: Seating
    ) -> RenderableType:
        return Group(*bodies)  # the table's own panel heads the board

    def _table_panel(self, view: View, seat: int | None, seating: Seating) -> Panel:
        reader = tr()
        info = Table.grid(padding=(0, 1))
        info.add_column(style="dim", justify="right")
        info.add_column()
        info.add_row(reader.gettext("Top card"), card_chip(view["top_card"]))
        info.add_row(reader.gettext("Colour"), colour_word(view.get("colour")))
        if view["direction"] == 1:
            direction = reader.gettext("clockwise ↻")
        else:
            direction = reader.gettext("counter-clockwise ↺")
        info.add_row(reader.gettext("Direction"), direction)
        info.add_row(
            reader.gettext("Draw pile"),
            reader.ngettext(
                "{n} card (discards {discards})",
                "{n} cards (discards {discards})",
                view["draw_pile"],
                discards=view["discard_pile"],
            ),
        )
        if view.get("pending_draw"):
            to_draw = reader.ngettext("{n} card", "{n} cards", view["pending_draw"])
            info.add_row(reader.gettext("To draw"), Text(to_draw, style="bold red"))
        info.add_row(reader.gettext("Goal"), _goal(view))

        layout = Table.grid(padding=(0, 3))
        layout.add_row(info, self._towers(view, seat, seating))
        title = reader.gettext(
            "UNO Power · round {round} · dealer: {dealer}",
            round=view["round"],
            dealer=seating.short(view["dealer"], seat),
        )
        return Panel(layout, title=title, title_align="left", expand=False)

    def _towers(self, view: View, seat: int | None, seating: Seating) -> Table:
        reader = tr()
        table = Table(box=None, padding=(0, 1), show_edge=False)
        table.add_column(reader.gettext("Tower"), style="bold", justify="center")
        table.add_column(reader.gettext("blocks"), style="dim")
        table.add_column(reader.gettext("held by"))
        for tower, holder in view["towers"].items():
            if holder is None:
                held = Text(reader.gettext("pool"), style="dim")
            else:
                held = Text(
                    seating.short(holder, seat), style="bold cyan" if holder == seat else ""
                )
            table.add_row(tower, blocked_card(tower) if tower in TOWER_BLOCKS else "", held)
        return table

    def _players(self, view: View, seat: int | None, seating: Seating) -> Table:
        reader = tr()
        players = view["players"]
        teams = any(p.get("team") is not None for p in players)
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
        table.add_column("")
        table.add_column(reader.gettext("Player"))
        if teams:
            table.add_column(reader.gettext("Team"), justify="center")
        table.add_column(reader.gettext("Cards"), justify="right")
        table.add_column(reader.gettext("Score"), justify="right")
        table.add_column(reader.gettext("Towers"))
        table.add_column("UNO")
        for p in players:
            s = p["seat"]
            name = Text(seating.name(s), style="bold cyan" if s == seat else "")
            row: list[Text | str] = ["▶" if s == view["current_player"] else "", name]
            if teams:
                row.append(str(p["team"]))
            row += [str(p["hand_size"]), str(p["score"]), " ".join(p["towers"]), _uno(p)]
            table.add_row(*row)
        return table

    def _hand(self, view: View) -> RenderableType:
        reader = tr()
        hand = view["hand"]
        points = sum(c["points"] for c in hand)
        head = Text(
            reader.gettext(
                "Your hand: {cards}, {points}",
                cards=reader.ngettext("{n} card", "{n} cards", len(hand)),
                points=reader.ngettext("{n} point", "{n} points", points),
            ),
            style="bold",
        )
        parts: list[RenderableType] = [head, Wrap([card_chip(c) for c in hand])]
        if view.get("drawn_card") is not None:
            parts.append(
                styled(
                    reader.gettext("You drew {card}: you may play it now or keep it."),
                    card=card_chip(view["drawn_card"]),
                )
            )
        return Group(*parts)

    # -- the log and the choices ----------------------------------------------

    def event(self, event: LogEvent, state: State | None = None) -> Text:
        text = highlight(event_text(event, state))
        if event.kind in ("round", "round_end", "game_end"):
            text.stylize("bold")
        if event.visible_to is not None:
            text = Text.assemble((tr().gettext("(only you)"), "dim italic"), " ", text)
        return text

    # Plays first, then the same plays calling UNO, then everything else.
    groups = (
        N_("Play a card"),
        N_("Play and call UNO"),
        N_("Four-tower bonus"),
        N_("Four-tower bonus and call UNO"),
        N_("Other choices"),
    )

    def group_of(self, label: str) -> str:
        uno = label.endswith("call UNO")
        if label.startswith("play "):
            return "Play and call UNO" if uno else "Play a card"
        if label.startswith("use the four-tower bonus"):
            return "Four-tower bonus and call UNO" if uno else "Four-tower bonus"
        return "Other choices"

    def choice_label(self, action: Action, view: View, state: State | None = None) -> Text:
        """The action's label, coloured; tower choices also say whom they hit."""
        label = highlight(action_text(action, state))
        towers = _TAKE.match(action.label)
        if towers:
            notes = [_tower_note(t, view) for t in towers.group(1).split(" and ")]
            label.append(f"  ({'; '.join(notes)})", style="dim")
        return label

    # -- help, rounds and the end ---------------------------------------------

    def round_summary(
        self, before: View | None, after: View, seating: Seating
    ) -> RenderableType | None:
        last = self.finished_round(before, after)
        if last is None:
            return None
        reader = tr()
        table = Table(title_justify="left", header_style="dim")
        table.title = reader.gettext(
            "Round {round} goes to {player}: {how}",
            round=last["round"],
            player=seating.name(last["winner"]),
            how=_how(last["how"]),
        )
        table.add_column(reader.gettext("Player"))
        table.add_column(reader.gettext("Points in hand"), justify="right")
        table.add_column(reader.gettext("Gained"), justify="right")
        table.add_column(reader.gettext("Total"), justify="right")
        for p in after["players"]:
            s = p["seat"]
            table.add_row(
                seating.name(s),
                str(last["points_in_hand"][s]),
                f"+{last['gained'][s]}" if last["gained"][s] else "0",
                str(p["score"]),
            )
        return table

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        """The match table: each seat's total, and what the last round gave it."""
        reader = tr()
        last = view.get("last_round")
        players = view["players"]
        teams = any(p.get("team") is not None for p in players)
        table = Table(title=reader.gettext("Match over"), title_justify="left", header_style="dim")
        table.add_column(reader.gettext("Player"))
        if teams:
            table.add_column(reader.gettext("Team"), justify="center")
        if last:
            in_hand = reader.gettext("Round {round}: in hand", round=last["round"])
            table.add_column(in_hand, justify="right")
            table.add_column(reader.gettext("Gained"), justify="right")
        table.add_column(reader.gettext("Total"), justify="right")
        table.add_column("")
        for p in players:
            s = p["seat"]
            row: list[Text | str] = [seating.name(s)]
            if teams:
                row.append(str(p["team"]))
            if last:
                gained = last["gained"][s]
                row += [str(last["points_in_hand"][s]), f"+{gained}" if gained else "0"]
            won = s in result.winners
            winner = Text(reader.gettext("★ winner"), style="bold green") if won else ""
            row += [str(p["score"]), winner]
            table.add_row(*row)
        parts: list[RenderableType] = [table]
        if last:
            line = reader.gettext(
                "Last round: round {round} went to {player}: {how}.",
                round=last["round"],
                player=seating.name(last["winner"]),
                how=_how(last["how"]),
            )
            parts.append(Text(line, style="dim"))
        parts.append(Text(winners_line(result, seating), style="bold"))
        return Group(*parts)


def _how(how: str) -> str:
    """How a round ended, in the reader's language."""
    return tr().gettext(HOW_ROUND_ENDED[how]) if how in HOW_ROUND_ENDED else how


def _goal(view: View) -> str:
    reader = tr()
    target = view["target_score"]
    if target == "single_round":
        return reader.gettext("win this single round")
    if view.get("scoring") == "lowest_total":
        return reader.gettext("lowest total when someone reaches {target}", target=str(target))
    return reader.gettext("first to {target} points", target=str(target))


def _tower_note(tower: str, view: View) -> str:
    holder = view["towers"].get(tower)
    if holder is None:
        return tr().gettext(
            "{tower} from the pool, blocks {card}", tower=tower, card=blocked_card(tower)
        )
    return tr().gettext(
        "{tower} from player {number}, blocks {card}",
        tower=tower,
        number=holder + 1,
        card=blocked_card(tower),
    )


def _uno(player: Mapping[str, Any]) -> Text:
    if player["called_uno"]:
        return Text("UNO!", style="bold reverse red")
    if player["hand_size"] == 1:
        return Text(tr().gettext("not called"), style="yellow")
    return Text("")
