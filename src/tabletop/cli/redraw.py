"""Compact boards: at each decision, only the parts of a seat's board that changed.

A board is made of named sections (:meth:`~tabletop.cli.render.Renderer.sections`).
:class:`Boards` remembers what each seat was last shown of every section, as rendered
on this console, and draws the next board of that seat as only the sections that
look different, and always the decision (:data:`~tabletop.cli.render.base.NOW`),
under a line that says the rest is as before. The whole board comes back when every
part changed, at a seat's first decision, and on request (``b`` at the prompt).
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.segment import Segment
from rich.text import Text

from tabletop.cli.language import tr
from tabletop.cli.render import Renderer, Seating, View
from tabletop.cli.render.base import N_, NOW

PARTIAL_HEADING = N_("The board, only what changed (b shows all of it):")


class Boards:
    """The boards of the seats played at this terminal, each drawn as a change from
    the last one that seat saw."""

    def __init__(self, console: Console, renderer: Renderer, seating: Seating) -> None:
        self.console = console
        self.renderer = renderer
        self.seating = seating
        self._shown: dict[int, dict[str, tuple[Segment, ...]]] = {}

    def draw(self, view: View, seat: int, *, whole: bool = False) -> RenderableType:
        """``seat``'s board: what changed since its last one, or all of it (``whole``,
        its first board, or when every part changed)."""
        sections = self.renderer.sections(view, seat, self.seating)
        looks = {s.name: tuple(self.console.render(s.body)) for s in sections}
        before = self._shown.get(seat)
        self._shown[seat] = looks
        if before is not None and not whole:
            changed = [s for s in sections if s.name == NOW or looks[s.name] != before.get(s.name)]
            if len(changed) < len(sections):
                heading = Text(tr().gettext(PARTIAL_HEADING), style="dim")
                return Group(heading, *(s.body for s in changed))
        return self.renderer.frame([s.body for s in sections], view, seat, self.seating)
