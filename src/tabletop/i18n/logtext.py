"""The log rendered per reader: a message template for each kind of event.

An event (:class:`~tabletop.core.log.LogEvent`) is data: a stable ``kind`` and the
JSON ``data`` that says what happened. Its ``text`` is the English rendering, kept for
records and tools. A game declares one :class:`LogTemplate` per kind, in English with
named placeholders, and one formatter per data field that needs words (a seat's name,
a card's name); :meth:`LogMessages.render` fills the reader's translation of the
template from the event's data. The templates are catalog entries with the context
``"<game>:log:<kind>"``, so the same English sentence may read differently in two
games.

The English rendering of every event equals its ``text``: the test suite plays the
conformance games and checks it, which proves that each event's data holds everything
its sentence says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import Formatter
from typing import TYPE_CHECKING, Any

from tabletop.i18n.reader import Reader

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.core.log import LogEvent


Condition = Callable[[Mapping[str, Any]], bool]
"""Whether an event's (or action's) data calls for a case's sentence."""


def flag(name: str) -> Condition:
    """The condition that the data's ``name`` is true."""
    return lambda data: bool(data.get(name))


def equals(name: str, value: object) -> Condition:
    """The condition that the data's ``name`` is ``value``."""
    return lambda data: data.get(name) == value


def present(name: str) -> Condition:
    """The condition that the data holds ``name``."""
    return lambda data: name in data


def empty(name: str) -> Condition:
    """The condition that the data holds ``name``, empty (``None``, no cards)."""
    return lambda data: name in data and not data[name]


@dataclass(frozen=True, slots=True)
class LogTemplate:
    """How one kind of event reads, in English.

    ``plural`` and ``count`` give a second form chosen by the data field ``count``
    (``"{seat} loses {hearts} heart."`` / ``"... hearts."``), as gettext's plural
    forms: a language may have more than two. ``cases`` are whole other sentences of
    the same kind, each with the condition on the data that calls for it, tried in
    order (the kind's own sentence where none holds)::

        LogTemplate("{seat} yields Tokyo.", cases=(
            (lambda data: data.get("jets", False),
             LogTemplate("{seat} yields Tokyo and loses no hearts ({card}).")),
        ))

    A kind keeps one name whatever it says, so that code counting events by kind
    (the lab's statistics) need not know its wordings.
    """

    text: str
    plural: str | None = None
    count: str | None = None
    cases: tuple[tuple[Condition, LogTemplate], ...] = ()

    def __post_init__(self) -> None:
        if (self.plural is None) != (self.count is None):
            raise ValueError(f"a plural template needs both a plural and a count: {self.text!r}")

    def chosen(self, data: Mapping[str, Any]) -> LogTemplate:
        """The sentence ``data`` calls for: the first case whose condition holds."""
        for condition, template in self.cases:
            if condition(data):
                return template.chosen(data)
        return self

    def forms(self) -> tuple[LogTemplate, ...]:
        """This sentence and every case's, each once (what a catalog translates)."""
        return (self, *(form for _, case in self.cases for form in case.forms()))

    @property
    def fields(self) -> frozenset[str]:
        """The data fields the template names (both forms)."""
        names = set(placeholders(self.text))
        if self.plural is not None:
            names |= placeholders(self.plural)
        return frozenset(names)


Field = Callable[[Any, Reader, "State"], str]
"""Words for one data value, in the reader's language (the state gives names)."""

Derive = Callable[[str, Mapping[str, Any], "State"], Mapping[str, Any]]
"""Fields a kind's sentence names beyond its data, computed from the data and the game
(a card's worth that the action data leaves to the deck): ``(kind, data, state)``."""


def placeholders(template: str) -> set[str]:
    """The named fields of a template.

    >>> sorted(placeholders("{seat} buys {card} for {cost} energy."))
    ['card', 'cost', 'seat']
    """
    return {name for _, name, _, _ in Formatter().parse(template) if name}


class LogTextError(ValueError):
    """An event that its game's templates cannot render: an unknown kind, or a field
    its data lacks."""


class LogMessages:
    """One game's log templates and field formatters (``section="log"``); a game's
    action labels use the same machinery (``section="action"``, keyed by the action
    data's ``move``). ``derive`` adds fields that the data implies but does not hold.

    A field without a formatter must hold a number (written as the reader's numbers);
    anything else (a name, a word) needs a formatter that puts it into the reader's
    language.
    """

    def __init__(
        self,
        game_id: str,
        templates: Mapping[str, LogTemplate],
        fields: Mapping[str, Field],
        section: str = "log",
        derive: Derive | None = None,
    ) -> None:
        self.game_id = game_id
        self.templates = dict(templates)
        self.fields = dict(fields)
        self.section = section
        self.derive = derive

    def context(self, kind: str) -> str:
        return f"{self.game_id}:{self.section}:{kind}"

    def render(self, event: LogEvent, reader: Reader, state: State) -> str:
        """``event`` in the reader's language; :class:`LogTextError` if it cannot be."""
        return self.render_data(event.kind, event.data, reader, state)

    def render_data(self, kind: str, data: Mapping[str, Any], reader: Reader, state: State) -> str:
        """The template of ``kind`` filled from ``data`` (an event's, or an action's
        :meth:`~tabletop.core.game.Game.action_data`)."""
        found = self.templates.get(kind)
        if found is None:
            raise LogTextError(f"{self.game_id}: no {self.section} template for {kind!r}")
        if self.derive is not None:
            data = {**data, **self.derive(kind, data, state)}
        template = found.chosen(data)
        context = self.context(kind)
        if template.plural is None:
            text = reader.template(context, template.text)
        else:
            count = data.get(template.count or "")
            if not isinstance(count, int):
                raise LogTextError(
                    f"{self.game_id}: {self.section} {kind!r} lacks its count {template.count!r}"
                )
            text = reader.template(context, template.text, template.plural, count)
        values: dict[str, str] = {}
        for name in placeholders(text):
            if name not in data:
                raise LogTextError(
                    f"{self.game_id}: {self.section} {kind!r} has no field {name!r} for {text!r}"
                )
            values[name] = self.word(name, data[name], reader, state)
        return text.format_map(values)

    def word(self, name: str, value: Any, reader: Reader, state: State) -> str:
        """One field's value in words."""
        formatter = self.fields.get(name)
        if formatter is not None:
            return formatter(value, reader, state)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return reader.number(value)
        raise LogTextError(
            f"{self.game_id}: the field {name!r} holds {value!r}, which needs a formatter"
        )


def render_event(state: State, event: LogEvent, reader: Reader) -> str:
    """``event`` of ``state``'s game for ``reader``; its English ``text`` where the game
    declares no templates or the event cannot be rendered (a record from an older
    version), so that a reader always gets a line."""
    messages = state.game.log_messages()
    if messages is None or reader.lang == "en":
        return event.text
    try:
        return messages.render(event, reader, state)
    except (LogTextError, KeyError, IndexError, TypeError, ValueError):
        return event.text


def render_label(state: State, action_id: int, reader: Reader) -> str:
    """The label of action ``action_id`` of ``state``'s game for ``reader``: its template
    filled from the action's data (:meth:`~tabletop.core.game.Game.action_data`), or
    the English label where the game declares no templates.

    In English too it is the template's: the same words as the action's label, except
    where the state completes them (Kung Fu's draw, read at a draw, says how many cards
    of each colour: "draw a blue card" where the label says "draw 0 red, the rest
    blue"), so a person reads the move in full; the label stays the action's name."""
    game = state.game
    action = game.action_from_id(action_id)
    messages = game.action_messages()
    if messages is None:
        return action.label
    data = game.action_data(action_id)
    try:
        return messages.render_data(str(data.get("move")), data, reader, state)
    except (LogTextError, KeyError, IndexError, TypeError, ValueError):
        return action.label


__all__ = [
    "Condition",
    "Derive",
    "Field",
    "LogMessages",
    "LogTemplate",
    "LogTextError",
    "empty",
    "equals",
    "flag",
    "placeholders",
    "present",
    "render_event",
    "render_label",
]
