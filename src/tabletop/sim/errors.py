"""The lab's one error type, apart so that every module of the lab can raise it."""

from __future__ import annotations

from tabletop.core.errors import TabletopError


class SimError(TabletopError):
    """A simulation cannot be set up or continued (bad settings, a damaged run folder)."""
