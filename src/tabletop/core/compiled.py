"""Whether this installation runs compiled engines (a wheel built where a C compiler was found)."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES


def compiled() -> bool:
    """True when the engines run as C extensions built by mypyc (docs/install.md).

    The same source runs either way, with the same games for the same seeds; a
    compiled build is only faster.

    >>> compiled() in (True, False)
    True
    """
    from tabletop.core import state

    return (state.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


def engine() -> str:
    """Which engines run, in one word, as ``tabletop --version`` and the server's
    ``/api/health`` report it.

    >>> engine() in ("compiled", "interpreted")
    True
    """
    return "compiled" if compiled() else "interpreted"
