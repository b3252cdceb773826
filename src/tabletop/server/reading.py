"""A state's texts as one client reads them: log events and action labels in its
person's language (English, the source, as the rules wrote them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.i18n import SOURCE, Reader, render_event, render_label

if TYPE_CHECKING:
    from tabletop.core.game import State
    from tabletop.core.log import LogEvent


def client_event(state: State, event: LogEvent, words: Reader) -> dict[str, Any]:
    """``event`` as a client gets it: its ``text`` in the reader's language."""
    out = event.to_dict()
    if words.lang != SOURCE:
        out["text"] = render_event(state, event, words)
    return out


def client_label(state: State, action: int, words: Reader) -> str:
    """The label of ``action`` in the reader's language, as ``state`` (where it is
    chosen) completes it: :func:`~tabletop.i18n.render_label`."""
    return render_label(state, action, words)


def legal_moves(state: State, words: Reader) -> list[dict[str, Any]]:
    """The legal moves of ``state``'s decision as a state message lists them (empty at
    the end): id, label in ``words``' language, and the game's data of the action."""
    if state.is_terminal():
        return []
    game = state.game
    return [
        {"id": a.id, "label": client_label(state, a.id, words), **game.action_data(a.id)}
        for a in state.legal_actions()
    ]
