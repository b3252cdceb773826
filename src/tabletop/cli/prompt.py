"""Reading a human's choice: the one place the CLI reads the keyboard.

Input goes through :func:`read_line` so tests can replace it (to feed answers or
to raise ``KeyboardInterrupt``), and what was typed is turned into a
:data:`Command` by the pure function :func:`parse_command`, testable on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rich.console import Console
from rich.text import Text

from tabletop.cli.language import tr


class Cmd(Enum):
    """Commands other than picking a choice."""

    HELP = "help"
    BOARD = "board"
    LOG = "log"
    HINT = "hint"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Pick:
    """The player picked choice ``index`` (0-based; the screen numbers from 1)."""

    index: int


@dataclass(frozen=True, slots=True)
class Prefer:
    """Show the player's preferences, or change them (``name=value`` pairs)."""

    changes: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Invalid:
    """Unusable input, with a message (in the reader's language) that tells the player
    what to type."""

    message: str


Command = Pick | Cmd | Prefer | Invalid

_WORDS = {
    "h": Cmd.HELP,
    "help": Cmd.HELP,
    "?": Cmd.HELP,
    "b": Cmd.BOARD,
    "board": Cmd.BOARD,
    "l": Cmd.LOG,
    "log": Cmd.LOG,
    "t": Cmd.HINT,
    "hint": Cmd.HINT,
    "q": Cmd.QUIT,
    "quit": Cmd.QUIT,
    "exit": Cmd.QUIT,
}


def parse_command(text: str, count: int) -> Command:
    """What ``text`` asks for, given ``count`` numbered choices.

    >>> parse_command(" 2 ", 3)
    Pick(index=1)
    >>> parse_command("H", 3)
    <Cmd.HELP: 'help'>
    >>> parse_command("9", 3).message
    'there is no choice 9: pick a number from 1 to 3'
    >>> parse_command("p evolutions=off leave_tokyo_at=4", 3)
    Prefer(changes=(('evolutions', 'off'), ('leave_tokyo_at', '4')))
    """
    reader = tr()
    word = text.strip().lower()
    if word in _WORDS:
        return _WORDS[word]
    head, _, rest = word.partition(" ")
    if head in ("p", "prefer"):
        pairs = []
        for pair in rest.split():
            name, sep, value = pair.partition("=")
            if not sep or not name:
                return Invalid(
                    reader.gettext("write preferences as name=value, e.g. p evolutions=matching")
                )
            pairs.append((name, value))
        return Prefer(tuple(pairs))
    if word.isdigit():
        number = int(word)
        if 1 <= number <= count:
            return Pick(number - 1)
        return Invalid(
            reader.gettext(
                "there is no choice {number}: pick a number from 1 to {count}",
                number=str(number),
                count=count,
            )
        )
    if not word:
        return Invalid(
            reader.gettext("type a number from 1 to {count}, or h for help", count=count)
        )
    return Invalid(
        reader.gettext(
            "{typed} is not a choice: type a number from 1 to {count}, h for help, l for the "
            "log, t for a hint, p for your preferences or q to quit",
            typed=repr(text.strip()),
            count=count,
        )
    )


def read_line(console: Console, prompt: Text) -> str:
    """One line typed by the player (raises ``EOFError`` when input has ended)."""
    return console.input(prompt)
