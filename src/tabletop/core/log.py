"""The game log: events in words, each tagged with who may see it."""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Final


class LogEvent:
    """One thing that happened.

    ``visible_to`` is ``None`` for public events, otherwise the seats allowed to
    see the event (a private draw is visible to the drawer only). ``data`` holds
    JSON-ready details for clients that render events themselves.

    A plain class with ``Final`` fields rather than a frozen dataclass: a game logs
    several events per action, and compiled (docs/install.md) this class is created
    natively, seven times faster, with its fields read-only all the same.

    >>> LogEvent(3, "roll", "Alienoid rolls.")
    LogEvent(seq=3, kind='roll', text='Alienoid rolls.', visible_to=None, data={})
    """

    __slots__ = ("data", "kind", "seq", "text", "visible_to")

    def __init__(
        self,
        seq: int,
        kind: str,
        text: str,
        visible_to: frozenset[int] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.seq: Final = seq
        self.kind: Final = kind
        self.text: Final = text
        self.visible_to: Final = visible_to
        self.data: Final[dict[str, Any]] = {} if data is None else data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEvent):
            return NotImplemented
        return (
            self.seq == other.seq
            and self.kind == other.kind
            and self.text == other.text
            and self.visible_to == other.visible_to
            and self.data == other.data
        )

    __hash__ = None  # type: ignore[assignment]  # ``data`` is a dict, as in a dataclass

    def __repr__(self) -> str:
        return (
            f"LogEvent(seq={self.seq!r}, kind={self.kind!r}, text={self.text!r}, "
            f"visible_to={self.visible_to!r}, data={self.data!r})"
        )

    def __reduce__(self) -> tuple[type[LogEvent], tuple[Any, ...]]:
        return LogEvent, (self.seq, self.kind, self.text, self.visible_to, self.data)

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "kind": self.kind, "text": self.text}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        if self.data:
            out["data"] = self.data
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> LogEvent:
        vis = d.get("visible_to")
        return cls(
            int(d["seq"]),
            str(d["kind"]),
            str(d["text"]),
            None if vis is None else frozenset(int(p) for p in vis),
            dict(d.get("data", {})),
        )


class GameLog:
    """An append-only list of :class:`LogEvent`; copies share the old events.

    ``seq`` numbers keep counting in a filtered copy (a determinized state keeps
    only its observer's events), so ``since`` always means the same event.
    """

    __slots__ = ("events", "next_seq")

    def __init__(self, events: list[LogEvent] | None = None, next_seq: int | None = None) -> None:
        self.events: list[LogEvent] = events if events is not None else []
        if next_seq is None:
            next_seq = self.events[-1].seq + 1 if self.events else 0
        self.next_seq = next_seq

    def add(
        self,
        kind: str,
        text: str,
        visible_to: frozenset[int] | None = None,
        **data: Any,
    ) -> None:
        self.events.append(LogEvent(self.next_seq, kind, text, visible_to, data))
        self.next_seq += 1

    def copy(self) -> GameLog:
        return GameLog(self.events[:], self.next_seq)

    def visible_copy(self, player: int) -> GameLog:
        """A copy holding only the events ``player`` may see."""
        return GameLog([e for e in self.events if e.visible(player)], self.next_seq)

    def for_player(self, player: int | None, since: int = 0) -> list[LogEvent]:
        """Events with ``seq >= since`` that ``player`` may see."""
        events = self.events
        start = bisect_left(events, since, key=_seq) if since else 0
        return [e for e in events[start:] if e.visible(player)]


def _seq(event: LogEvent) -> int:
    return event.seq
