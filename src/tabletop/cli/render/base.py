"""The renderer interface, and the generic renderer every game falls back to.

A renderer turns *views* (``state.view(seat)``, plain JSON-ready dicts) and log
events into rich renderables. Boards and end screens are drawn from the view alone,
so they cannot show what the seat may not see, however they are written. Log lines
and choice labels are also given the state, only to put them into the reader's
language (:func:`~tabletop.i18n.render_event`, :func:`~tabletop.i18n.render_label`:
the game's templates filled from the event's or the action's own data). The base
class is a complete, game-agnostic renderer: the board is the view as indented
key/values and the choices are the legal actions in engine order. Game renderers
override the few methods where a game deserves a real picture.

Every word on screen is the reader's (:func:`tabletop.cli.language.tr`): whole
messages with named fields, :func:`styled` where the fields keep their own styles,
:func:`N_` for tables of English text translated where they are shown, and
:func:`data_text` for the names and texts of cards from the games' data files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from string import Formatter
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop.cli.language import tr
from tabletop.core.action import Action
from tabletop.core.log import LogEvent
from tabletop.i18n import render_event, render_label, text_of

if TYPE_CHECKING:
    from tabletop.core.game import State

View = Mapping[str, Any]
ChoiceGroup = tuple[str, list[Action]]

HUMAN = "you"
"""The seat name of a person at this terminal (as typed in ``--seats``)."""


def N_(message: str) -> str:
    """``message`` unchanged, marked for the catalogs (``python -m tabletop.i18n.extract``
    collects ``N_`` calls): for tables of English text, put into the reader's language
    where they are shown, with ``tr().gettext(text)``."""
    return message


def styled(template: str, style: str = "", /, **fields: str | int | Text) -> Text:
    """A message whose fields keep their own styles.

    ``template`` is the reader's message with its ``{name}`` placeholders unfilled
    (``tr().gettext(message)`` without fields gives it); each is filled with its field:
    a :class:`~rich.text.Text` keeps its style, a number is written as the reader's
    numbers. ``style`` is the style of the whole line.

    >>> styled("{who}, your choice: ", who=Text("player 1", style="bold")).plain
    'player 1, your choice: '
    """
    out = Text(style=style)
    for literal, name, _spec, _conversion in Formatter().parse(template):
        if literal:
            out.append(literal)
        if name is None:
            continue
        value = fields.get(name)
        if value is None:  # a field the message does not have: shown as written
            out.append(f"{{{name}}}")
        elif isinstance(value, Text):
            out.append_text(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            out.append(tr().number(value))
        else:
            out.append(str(value))
    return out


def data_text(
    package: str,
    section: str,
    entry: str,
    english: str,
    field: str = "name",
    edition: str | None = None,
) -> str:
    """The name (or another field) of a card, a monster, an effect... in the reader's
    language, from the game's data files (:func:`tabletop.i18n.text_of`); ``english``
    where the language has none. An ``edition`` ("2011") prefers the field of that
    edition (``name_2011``) where the file gives one.

    >>> data_text("kung_fu", "cards", "A01", "Straight Punch")
    'Straight Punch'
    """
    lang = tr().lang
    if edition:
        own = text_of(package, lang, section, entry, f"{field}_{edition}", "")
        if own:
            return own
    return text_of(package, lang, section, entry, field, english)


def decision_text(game_id: str, text: str) -> str:
    """What a view's decision asks (its ``reason`` or ``text``), in the reader's
    language where the game lists it (:meth:`~tabletop.core.game.Game.decision_texts`)."""
    return tr().pgettext(f"{game_id}:decision", text)


def event_text(event: LogEvent, state: State | None) -> str:
    """A log line in the reader's language (its English text without a state)."""
    return event.text if state is None else render_event(state, event, tr())


def action_text(action: Action, state: State | None) -> str:
    """A choice's label in the reader's language (its English label without a state)."""
    return str(action) if state is None else render_label(state, action.id, tr())


def plain_console() -> Console:
    """The terminal's console for game screens: Rich's automatic highlighting would
    colour stray numbers in game text."""
    return Console(highlight=False)


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

    @classmethod
    def of_record(cls, players: Sequence[str], num_players: int) -> Seating:
        """The seats of a record: its names, and "Player N" for the seats it names not."""
        named = [str(p) for p in players]
        named += [
            tr().gettext("Player {number}", number=i + 1) for i in range(len(named), num_players)
        ]
        return cls(tuple(named))

    def name(self, seat: int) -> str:
        """``"player 2 (heuristic)"`` for seat 1: the player's number, then who plays it."""
        who = self.players[seat] if 0 <= seat < len(self.players) else "?"
        if who == HUMAN:
            who = tr().gettext("you")
        return tr().gettext("player {number} ({who})", number=seat + 1, who=who)

    def short(self, seat: int, viewer: int | None = None) -> str:
        """``"you"`` for the viewing seat, else ``"player 2"`` (seat 1): for tight spots."""
        if seat == viewer:
            return tr().gettext("you")
        return tr().gettext("player {number}", number=seat + 1)

    def names(self, seats: Iterable[int]) -> str:
        return ", ".join(self.name(s) for s in seats)


NOW = "now"
"""The name of the board section that says what to decide: shown at every decision."""


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a board, named so that the next board of the same seat can leave it
    out when it has not changed (:class:`tabletop.cli.redraw.Boards`)."""

    name: str
    body: RenderableType


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
        """Everything ``seat`` may see: its :meth:`sections`, in their :meth:`frame`."""
        sections = self.sections(view, seat, seating)
        return self.frame([s.body for s in sections], view, seat, seating)

    def sections(self, view: View, seat: int | None, seating: Seating) -> list[Section]:
        """The board's parts, top to bottom, the decision (section :data:`NOW`) last.
        A game splits its board so that a decision shows only the parts that changed
        since the seat's last one; the generic board is one part, the indented
        key/values of the view."""
        return [Section("view", Text("\n".join(view_lines(view))))]

    def frame(
        self, bodies: Sequence[RenderableType], view: View, seat: int | None, seating: Seating
    ) -> RenderableType:
        """The whole board around its sections' bodies: a panel that says whose view it is."""
        title = tr().gettext(
            "{game}: what {whose} can see",
            game=self.title or view.get("game", "game"),
            whose=_whose(seat, seating),
        )
        return Panel(Group(*bodies), title=title, title_align="left", expand=False)

    # -- the log --------------------------------------------------------------

    def event(self, event: LogEvent, state: State | None = None) -> Text:
        """One log line in the reader's language (the state's game puts it into words;
        without a state, the English text); private events (only this seat sees
        them) are marked."""
        text = Text(event_text(event, state))
        if event.visible_to is not None:
            text = Text.assemble((tr().gettext("(private)"), "dim italic"), " ", text)
        return text

    def events(self, events: Sequence[LogEvent], state: State | None = None) -> RenderableType:
        """Log lines, indented; a long line wraps under its own start."""
        return Group(*(Padding(self.event(e, state), (0, 0, 0, 2), expand=False) for e in events))

    # -- choices --------------------------------------------------------------

    #: Headings of the choice groups, in order; the last one takes everything else.
    #: English (marked with :func:`N_`), shown in the reader's language.
    groups: tuple[str, ...] = (N_("Choices"),)

    def group_of(self, label: str) -> str:
        """The heading an action label goes under (one of :attr:`groups`)."""
        return self.groups[-1]

    def choice_groups(self, actions: Sequence[Action]) -> list[ChoiceGroup]:
        """Legal actions grouped under headings, in the order they are numbered.

        Empty groups are left out; when only the catch-all group is left, it is
        called "Choices". Actions are grouped by their English labels; the headings
        are the reader's.
        """
        grouped: dict[str, list[Action]] = {name: [] for name in self.groups}
        for action in actions:
            grouped[self.group_of(action.label)].append(action)
        filled = [(name, acts) for name, acts in grouped.items() if acts]
        if len(filled) == 1 and filled[0][0] == self.groups[-1]:
            return [(tr().gettext("Choices"), filled[0][1])]
        return [(tr().gettext(name), acts) for name, acts in filled]

    def parse_choice(self, text: str, view: View, legal: Sequence[Action]) -> Action | str | None:
        """A game's own input syntax (e.g. dice to keep by number).

        Returns the chosen legal action, a message when ``text`` uses the syntax
        wrongly, or ``None`` when ``text`` is not the game's syntax at all (the
        play loop then reads it as a choice number or a command).
        """
        return None

    def choice_label(self, action: Action, view: View, state: State | None = None) -> Text:
        """How a choice reads in the reader's language (the state's game puts it into
        words; without a state, the English label); ``view`` (the chooser's) may add
        context."""
        return Text(action_text(action, state))

    # -- help, rounds and the end ---------------------------------------------

    #: A short rules summary in rich markup, for the help screen (English, marked with
    #: :func:`N_`; shown in the reader's language).
    rules_markup: str = ""

    def rules(self) -> RenderableType:
        """A short rules summary for the help screen."""
        if self.rules_markup:
            return Text.from_markup(tr().gettext(self.rules_markup))
        return Text(tr().gettext("No rules summary is available for this game yet."))

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
        reader = tr()
        table = Table(title=reader.gettext("Game over"), title_justify="left")
        table.add_column(reader.gettext("Player"))
        table.add_column(reader.gettext("Result"), justify="right")
        for seat, value in enumerate(result.returns):
            shown = f"{value:g}"
            if seat in result.winners:
                shown = reader.gettext("{result}  winner", result=shown)
            table.add_row(seating.name(seat), shown)
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
    reader = tr()
    if not result.winners:
        return reader.gettext("Nobody won.")
    me = next(iter(seating.humans)) if len(seating.humans) == 1 else None
    if result.winners == (me,):
        return reader.gettext("You won.")
    names = [reader.gettext("you") if w == me else seating.name(w) for w in result.winners]
    if len(names) == 1:
        text = reader.gettext("{player} won.", player=names[0])
    else:
        text = reader.gettext("{players} won.", players=reader.join(names))
    return capitalized(text)


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (a line that starts with a name)."""
    return text[:1].upper() + text[1:]


def _whose(seat: int | None, seating: Seating) -> str:
    return tr().gettext("a spectator") if seat is None else seating.name(seat)


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
        return tr().gettext("none")
    if isinstance(value, bool):
        return tr().gettext("yes") if value else tr().gettext("no")
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
