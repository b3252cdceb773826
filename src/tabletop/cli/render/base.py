"""The renderer interface, and the generic renderer every game falls back to.

A renderer turns *views* (``state.view(seat)``, plain JSON-ready dicts) and log
events into rich renderables. It never receives a state, so it cannot show what
the seat may not see, however it is written. The base class is a complete,
game-agnostic renderer: the board is the view as indented key/values and the
choices are the legal actions in engine order. Game renderers override the few
methods where a game deserves a real picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.core.action import Action
from tabletop.core.log import LogEvent

View = Mapping[str, Any]
ChoiceGroup = tuple[str, list[Action]]


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, for display only.

    ``players`` holds one name per seat ("you" or a bot name, as typed in
    ``--seats`` or stored in a record); ``humans`` the seats played at this
    terminal. Names are shown next to seat numbers because the engine's log
    speaks of "player 2". Seat numbers for people count from 1 (seat 0 is
    "player 1"), as in the engine's log; views and data count from 0.
    """

    players: tuple[str, ...]
    humans: frozenset[int] = frozenset()

    def name(self, seat: int) -> str:
        """``"player 2 (heuristic)"`` for seat 1: the player's number, then who plays it."""
        who = self.players[seat] if 0 <= seat < len(self.players) else "?"
        return f"player {seat + 1} ({who})"

    def short(self, seat: int, viewer: int | None = None) -> str:
        """``"you"`` for the viewing seat, else ``"player 2"`` (seat 1): for tight spots."""
        return "you" if seat == viewer else f"player {seat + 1}"

    def names(self, seats: Iterable[int]) -> str:
        return ", ".join(self.name(s) for s in seats)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The end of a game, from the public State API (``winners``, ``returns``)."""

    winners: tuple[int, ...]
    returns: tuple[float, ...]


class Renderer:
    """Draws one game's screens; this base class is the generic fallback.

    Subclasses keep the method signatures: the play loop and ``replay`` only call
    these methods, so adding a game's renderer never touches them.
    """

    title: str = ""

    # -- the board ------------------------------------------------------------

    def board(self, view: View, seat: int | None, seating: Seating) -> RenderableType:
        """Everything ``seat`` may see, as a panel of indented key/values."""
        text = Text("\n".join(view_lines(view)))
        title = f"{self.title or view.get('game', 'game')}: what {_whose(seat, seating)} can see"
        return Panel(text, title=title, title_align="left", expand=False)

    # -- the log --------------------------------------------------------------

    def event(self, event: LogEvent) -> Text:
        """One log line; private events (only this seat sees them) are marked."""
        text = Text(event.text)
        if event.visible_to is not None:
            text = Text.assemble(("(private) ", "dim italic"), text)
        return text

    def events(self, events: Sequence[LogEvent]) -> RenderableType:
        """Log lines, indented; a long line wraps under its own start."""
        return Group(*(Padding(self.event(e), (0, 0, 0, 2), expand=False) for e in events))

    # -- choices --------------------------------------------------------------

    #: Headings of the choice groups, in order; the last one takes everything else.
    groups: tuple[str, ...] = ("Choices",)

    def group_of(self, label: str) -> str:
        """The heading an action label goes under (one of :attr:`groups`)."""
        return self.groups[-1]

    def choice_groups(self, actions: Sequence[Action]) -> list[ChoiceGroup]:
        """Legal actions grouped under headings, in the order they are numbered.

        Empty groups are left out; when only the catch-all group is left, it is
        called "Choices".
        """
        grouped: dict[str, list[Action]] = {name: [] for name in self.groups}
        for action in actions:
            grouped[self.group_of(str(action))].append(action)
        filled = [(name, acts) for name, acts in grouped.items() if acts]
        if len(filled) == 1 and filled[0][0] == self.groups[-1]:
            return [("Choices", filled[0][1])]
        return filled

    def parse_choice(self, text: str, view: View, legal: Sequence[Action]) -> Action | str | None:
        """A game's own input syntax (e.g. dice to keep by number).

        Returns the chosen legal action, a message when ``text`` uses the syntax
        wrongly, or ``None`` when ``text`` is not the game's syntax at all (the
        play loop then reads it as a choice number or a command).
        """
        return None

    def choice_label(self, action: Action, view: View) -> Text:
        """How a choice reads; ``view`` (the chooser's) may add context."""
        return Text(str(action))

    # -- help, rounds and the end ---------------------------------------------

    #: A short rules summary in rich markup, for the help screen.
    rules_markup: str = ""

    def rules(self) -> RenderableType:
        """A short rules summary for the help screen."""
        if self.rules_markup:
            return Text.from_markup(self.rules_markup)
        return Text("No rules summary is available for this game yet.")

    def round_summary(
        self, before: View | None, after: View, seating: Seating
    ) -> RenderableType | None:
        """What to show when a round has just ended (``None``: it has not)."""
        return None

    @staticmethod
    def finished_round(before: View | None, after: View) -> dict[str, Any] | None:
        """``after``'s ``last_round`` if it is new since ``before``, else ``None``."""
        last: dict[str, Any] | None = after.get("last_round")
        if not last or (before is not None and before.get("last_round") == last):
            return None
        return last

    def final(self, view: View, result: MatchResult, seating: Seating) -> RenderableType:
        """The end of the match: who won and each seat's utility."""
        table = Table(title="Game over", title_justify="left")
        table.add_column("Player")
        table.add_column("Result", justify="right")
        for seat, value in enumerate(result.returns):
            mark = "  winner" if seat in result.winners else ""
            table.add_row(seating.name(seat), f"{value:g}{mark}")
        return Group(table, Text(winners_line(result, seating), style="bold"))


def winners_line(result: MatchResult, seating: Seating) -> str:
    """The one line that says who won: ``"You won."``, ``"Player 2 (heuristic) won."``.

    "You" stands for the one seat played at this terminal (with several, each is
    named by seat). Shared wins name everyone: ``"Player 1 (random) and you won."``.

    >>> seating = Seating(("you", "heuristic", "random"), frozenset({0}))
    >>> winners_line(MatchResult((0,), (1.0, 0.0, 0.0)), seating)
    'You won.'
    >>> winners_line(MatchResult((1, 2), (0.0, 1.0, 1.0)), seating)
    'Player 2 (heuristic) and player 3 (random) won.'
    >>> winners_line(MatchResult((), (0.0, 0.0, 0.0)), seating)
    'Nobody won.'
    """
    if not result.winners:
        return "Nobody won."
    me = next(iter(seating.humans)) if len(seating.humans) == 1 else None
    names = ["you" if w == me else seating.name(w) for w in result.winners]
    text = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{text[0].upper()}{text[1:]} won."


def _whose(seat: int | None, seating: Seating) -> str:
    return "a spectator" if seat is None else seating.name(seat)


def view_lines(value: Any, indent: int = 0) -> list[str]:
    """A view as indented ``key: value`` lines (lists of scalars stay on one line).

    >>> view_lines({"a": 1, "b": {"c": [1, 2]}, "d": [{"e": None}]})
    ['a: 1', 'b:', '  c: 1, 2', 'd:', '  - e: none']
    """
    pad = "  " * indent
    if isinstance(value, Mapping):
        lines = []
        for key, item in value.items():
            if _inline(item):
                lines.append(f"{pad}{key}: {_scalar(item)}")
            else:
                lines.append(f"{pad}{key}:")
                lines += view_lines(item, indent + 1)
        return lines
    if isinstance(value, list | tuple):
        lines = []
        for item in value:
            if _inline(item):
                lines.append(f"{pad}- {_scalar(item)}")
                continue
            sub = view_lines(item, indent + 1)
            if sub:
                sub[0] = f"{pad}- {sub[0].lstrip()}"
            lines += sub or [f"{pad}-"]
        return lines
    return [f"{pad}{_scalar(value)}"]


def _inline(value: Any) -> bool:
    if isinstance(value, Mapping):
        return not value
    if isinstance(value, list | tuple):
        return all(not isinstance(v, Mapping | list | tuple) for v in value)
    return True


def _scalar(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "{}"
    if isinstance(value, list | tuple):
        return ", ".join(_scalar(v) for v in value) if value else "[]"
    return str(value)


class Wrap:
    """Renderables laid out left to right, wrapping between items, never inside.

    Rich wraps text at any whitespace, which would split a card like "red 7 (U)"
    over two lines; this keeps each item whole.
    """

    def __init__(self, items: Sequence[Text], gap: int = 1) -> None:
        self.items = list(items)
        self.gap = gap

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for item in self.items:
            if line.cell_len and line.cell_len + self.gap + item.cell_len > width:
                yield line
                line = Text()
            if line.cell_len:
                line.append(" " * self.gap)
            line.append_text(item)
        if line.cell_len:
            yield line
