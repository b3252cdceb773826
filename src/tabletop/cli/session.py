"""The play loop: bots move, humans are shown their board and asked.

Information flow is the point of this module. What a human sees comes only from
``state.view(seat)`` and ``state.log_for(seat, since)`` for the seat that must
decide; between decisions the loop watches the game through one *audience*: the
single human seat, or a spectator (``None``) when there is no human or several
(hot-seat). No other seat's view is ever asked for, so nothing hidden can leak
onto the screen.

Each audience has a log cursor, and every event is printed once per audience:
either streamed as it happens (when watching bots, or with ``--delay``) or
gathered into the "since your last move" part of the next board.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text

from tabletop.bots.analysis import analyse
from tabletop.cli import prompt
from tabletop.cli.language import tr
from tabletop.cli.prompt import Cmd, Invalid, Pick, Prefer
from tabletop.cli.redraw import Boards
from tabletop.cli.render import MatchResult, Renderer, Seating, View
from tabletop.cli.render.base import N_, ChoiceGroup, action_text, styled
from tabletop.cli.table import Table, default_record_path
from tabletop.core.action import Action
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.log import LogEvent
from tabletop.core.options import option_catalogue, options_to_dict
from tabletop.core.record import GameRecord

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_INTERRUPTED = 130  # the shell's convention for a program ended by Ctrl-C

HINT_ITERATIONS = 300
HINT_ROWS = 8

COMMANDS = (
    ("1, 2, …", N_("pick that choice")),
    ("h, help", N_("this help")),
    ("b, board", N_("the whole board (each decision shows only what changed)")),
    ("l, log", N_("everything you have seen happen this game")),
    ("t, hint", N_("ask a search bot how each choice looks (it sees only what you see)")),
    ("p, p name=value", N_("show your preferences, or change them: questions answered for you")),
    ("q, quit", N_("save the game to a record file and stop")),
    ("Ctrl-C", N_("the same as quit, at any moment")),
)
"""The commands at the prompt: what is typed (the same in every language), and what it
does (in the reader's language)."""


class QuitGame(Exception):
    """The player asked to stop (``q``)."""


class Session:
    """One game at this terminal, from the deal to the final scores."""

    def __init__(
        self,
        table: Table,
        console: Console,
        renderer: Renderer,
        *,
        record: Path | None = None,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.table = table
        self.state = table.state
        self.console = console
        self.renderer = renderer
        self.record = record
        self.delay = delay
        self.sleep = sleep
        humans = table.humans
        self.seating = Seating(table.seats, humans)
        self.audience: int | None = next(iter(humans)) if len(humans) == 1 else None
        # Without a human nothing would ever be shown; with --delay, moves show live.
        self.stream = delay > 0 or not humans
        # A resumed game (actions already played) shows only what happens from now on.
        shown = len(self.state.log) if self.state.history else 0
        self._cursors: dict[int | None, int] = {a: shown for a in (*humans, self.audience)}
        self._last_asked: int | None = None
        self._boards = Boards(console, renderer, self.seating)

    # -- the whole game -------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until the player stops); returns the exit code."""
        try:
            self._intro()
            self._play()
        except KeyboardInterrupt:
            self.console.print()
            return self._save_and_stop(N_("Interrupted: game saved to {path}"), EXIT_INTERRUPTED)
        except QuitGame:
            return self._save_and_stop(N_("Stopped: game saved to {path}"), EXIT_OK)
        except EOFError:
            self.console.print()
            return self._save_and_stop(N_("Input ended: game saved to {path}"), EXIT_ERROR)
        return self._finish()

    def _intro(self) -> None:
        reader = tr()
        state = self.state
        game = state.game
        self.console.rule(
            reader.gettext("{game} · seed {seed}", game=game.info.title, seed=str(state.seed))
        )
        seats = self.seating.names(range(state.num_players))
        self.console.print(reader.gettext("Seats: {seats}", seats=seats))
        if state.history:
            moves = len(state.history)
            self.console.print(
                reader.ngettext("Resumed after {n} move.", "Resumed after {n} moves.", moves)
            )
        if self.seating.humans:
            self.console.print(
                reader.gettext("Type a choice's number to play it, h for help, q to save and quit.")
            )

    def _play(self) -> None:
        state = self.state
        bots = self.table.bots
        before = self._watch()
        while not state.is_terminal():
            seat = state.current_player
            bot = bots.get(seat)
            if bot is not None:
                action = bot.choose(state, seat)
            else:
                action = self._answered_for(seat) or self._ask(seat)
            state.apply(action)
            if self.stream:
                self._flush()
                if bot is not None and self.delay > 0:
                    self.sleep(self.delay)
            after = self._watch()
            summary = self.renderer.round_summary(before, after, self.seating)
            if summary is not None:
                self._flush()
                self.console.print(summary)
            before = after

    def _finish(self) -> int:
        state = self.state
        self._flush()
        result = MatchResult(tuple(state.winners()), tuple(state.returns()))
        self.console.print(self.renderer.final(self._watch(), result, self.seating))
        if self.record is None:
            return EXIT_OK
        return self._save(self.record, N_("Record saved to {path}"))

    # -- what the screen may show ---------------------------------------------

    def _watch(self) -> View:
        """The view of the screen's audience (never of a seat nobody here plays)."""
        return self.state.view(self.audience)

    def _unseen(self, audience: int | None) -> list[LogEvent]:
        """Events ``audience`` may see and has not been shown yet; marks them shown."""
        since = self._cursors.get(audience, 0)
        # Only the count of all events is read: it is the index ``log_for`` resumes at.
        self._cursors[audience] = len(self.state.log)
        return self.state.log_for(audience, since)

    def _flush(self) -> None:
        events = self._unseen(self.audience)
        if events:
            self.console.print(self.renderer.events(events, self.state))

    # -- asking a human -------------------------------------------------------

    def _ask(self, seat: int) -> Action:
        """Show ``seat`` its board and read its choice."""
        view = self.state.view(seat)
        groups = self.renderer.choice_groups(self.state.legal_actions())
        choices = [action for _, actions in groups for action in actions]
        # In hot-seat the screen last showed another seat's board: this one's in full.
        whole = self._last_asked not in (None, seat)
        self._announce(seat)
        recap = self._unseen(seat)
        if recap:
            self.console.print(Text(tr().gettext("Since your last move:"), style="bold"))
            self.console.print(self.renderer.events(recap, self.state))
        self.console.print(self._boards.draw(view, seat, whole=whole))
        self._print_choices(groups, view)
        ask = styled(
            tr().gettext("{player}, your choice (1-{count}, h help, l log, t hint, q quit): "),
            player=Text(self.seating.name(seat), style="bold cyan"),
            count=len(choices),
        )
        legal = self.state.legal_actions()
        while True:
            line = prompt.read_line(self.console, ask)
            own = self.renderer.parse_choice(line, view, legal)
            if isinstance(own, str):
                self.console.print(Text(own, style="bold red"))
                continue
            if own is not None:
                return own
            command = prompt.parse_command(line, len(choices))
            if isinstance(command, Pick):
                return choices[command.index]
            if isinstance(command, Prefer):
                self.console.print(self._preferences(seat, command.changes))
                answered = self._answered_for(seat) if command.changes else None
                if answered is not None:
                    return answered
                continue
            if isinstance(command, Invalid):
                self.console.print(Text(command.message, style="bold red"))
            elif command is Cmd.HELP:
                self.console.print(self._help())
            elif command is Cmd.LOG:
                self.console.print(self._full_log(seat))
            elif command is Cmd.HINT:
                self.console.print(self._hint(seat, choices))
            elif command is Cmd.BOARD:
                self.console.print(self._boards.draw(view, seat, whole=True))
                self._print_choices(groups, view)
            else:
                raise QuitGame

    def _answered_for(self, seat: int) -> Action | None:
        """The action ``seat``'s preferences play for it now, said on screen."""
        prefs = self.table.preferences.get(seat)
        if prefs is None:
            return None
        action, self.table.preferences[seat] = self.state.game.auto_answer(self.state, seat, prefs)
        if action is not None:
            label = self.renderer.choice_label(action, self.state.view(seat), self.state)
            self.console.print(
                styled(
                    tr().gettext("{player}: answered by your preferences: {choice}"),
                    "dim",
                    player=self.seating.name(seat),
                    choice=label,
                )
            )
        return action

    def _preferences(self, seat: int, changes: tuple[tuple[str, str], ...]) -> Panel | Text:
        """Show ``seat``'s preferences, or change them (all or none)."""
        reader = tr()
        game = self.state.game
        if game.preferences_type is None:
            return Text(
                reader.gettext("{game} has no preferences.", game=game.info.title),
                style="bold red",
            )
        current = self.table.preferences.get(seat) or game.preferences()
        if changes:
            try:
                current = game.preferences({**options_to_dict(current), **dict(changes)})
            except InvalidOptionsError as exc:
                return Text(exc.text(reader), style="bold red")
            self.table.preferences[seat] = current
        rows = RichTable(box=None, padding=(0, 2))
        values = options_to_dict(current)
        # The same context as the game's options (``python -m tabletop.i18n.extract``).
        context = f"{game.id}:option"
        for info in option_catalogue(game.preferences_type):
            rows.add_row(
                Text(info.name, style="bold"),
                reader.pgettext(context, info.label(values[info.name])),
                reader.pgettext(context, info.title),
            )
        title = reader.gettext("Your preferences (p name=value to change)")
        return Panel(rows, title=title, expand=False)

    def _announce(self, seat: int) -> None:
        """A rule above each board; in hot-seat, name whose turn it is."""
        reader = tr()
        if len(self.seating.humans) > 1:
            player = Text(self.seating.name(seat), style="bold cyan")
            if self._last_asked not in (None, seat):
                line = reader.gettext("{player}: your turn · pass the keyboard")
            else:
                line = reader.gettext("{player}: your turn")
            self.console.rule(styled(line, player=player))
        else:
            self.console.rule(Text(reader.gettext("Your turn"), style="bold cyan"))
        self._last_asked = seat

    def _print_choices(self, groups: list[ChoiceGroup], view: View) -> None:
        number = 0
        for heading, actions in groups:
            self.console.print(Text(heading, style="bold underline"))
            for action in actions:
                number += 1
                label = self.renderer.choice_label(action, view, self.state)
                self.console.print(Text.assemble(f"  {number:>2}) ", label))

    def _help(self) -> Panel:
        commands = RichTable.grid(padding=(0, 2))
        for keys, meaning in COMMANDS:
            commands.add_row(Text(keys, style="bold"), tr().gettext(meaning))
        body = Group(commands, Text(), self.renderer.rules())
        return Panel(body, title=tr().gettext("Help"), title_align="left", expand=False)

    def _hint(self, seat: int, choices: list[Action]) -> Panel:
        """The search's estimate of each choice, best first, numbered as on screen, each
        with the game's reason for it when there is one."""
        state = self.state
        reader = tr()
        hints = analyse(
            state,
            seat,
            iterations=HINT_ITERATIONS,
            seed=state.seed + len(state.history),
            reader=reader,
        )
        number = {action.id: i + 1 for i, action in enumerate(choices)}
        rows = RichTable(box=None, padding=(0, 2))
        rows.add_column(reader.gettext("choice"), justify="right")
        rows.add_column(reader.gettext("action"))
        rows.add_column(reader.gettext("wins"), justify="right")
        rows.add_column(reader.gettext("tried"), justify="right")
        for hint in hints[:HINT_ROWS]:
            # The game's reason, where its heuristic knows one, under the action.
            action = Text(action_text(hint.action, state))
            if hint.reason:
                action.append(f"\n  {hint.reason}", style="dim italic")
            rows.add_row(
                str(number[hint.action.id]),
                action,
                reader.gettext("{percent}%", percent=round(hint.win_probability * 100)),
                str(hint.visits),
            )
        title = reader.gettext("Hint: how a search sees your choices")
        return Panel(rows, title=title, title_align="left", expand=False)

    def _full_log(self, seat: int) -> Panel:
        events = self.state.log_for(seat)
        return Panel(
            self.renderer.events(events, self.state),
            title=tr().gettext("Log: everything {player} has seen", player=self.seating.name(seat)),
            title_align="left",
        )

    # -- records --------------------------------------------------------------

    def _save_and_stop(self, message: str, code: int) -> int:
        """Save the game where it stands; ``message`` (marked with ``N_``) says why."""
        state = self.state
        path = self.record or default_record_path(state.game.id, state.seed)
        saved = self._save(path, message)
        return code if saved == EXIT_OK else saved

    def _save(self, path: Path, message: str) -> int:
        """Save the record to ``path``; ``message`` (an English message with a ``{path}``
        field, marked with ``N_``) says so in the reader's language."""
        reader = tr()
        record = GameRecord.from_state(
            self.state, players=list(self.table.seats), position=self.table.position
        )
        try:
            record.save(path)
        except OSError as exc:
            self.console.print(
                Text(
                    reader.gettext(
                        "error: cannot save the record to {path}: {reason}",
                        path=str(path),
                        reason=str(exc.strerror),
                    )
                )
            )
            return EXIT_ERROR
        self.console.print(reader.gettext(message, path=str(path)))
        self.console.print(reader.gettext("Replay it with: tabletop replay {path}", path=str(path)))
        return EXIT_OK
