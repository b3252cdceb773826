"""Hooks: the named points where a game's rules call its cards, in pytest's ``pluggy`` way.

A game declares each hook once, in its hook specification module (King of Tokyo's
``hookspecs.py``): a name, the type of its implementations and what it is for. Card
modules register implementations with the hook's decorator, by the card's id, and the
rules call whatever is registered without naming a card. So the rules never import a
card module, and a new card touches only its own module and data.

The order in which the implementations run is data, the rulebook's order (King of
Tokyo's ``data/hooks.json``), never the order in which the modules happen to be
imported. :meth:`HookSet.load` imports the card modules and seals every hook; a
registration the order does not name is refused when it is made, and an order entry
that no card registered is refused at the seal, so a mistake fails every test that
makes the game::

    >>> hooks = HookSet("toy", (), {"end_of_turn": ("herbivore", "solar_powered")})
    >>> END = hooks.hook("end_of_turn", "J2: the end of the turn")
    >>> @END.impl("solar_powered")
    ... def solar(log: list[str]) -> None:
    ...     log.append("solar")
    >>> @END.impl("herbivore")
    ... def herbivore(log: list[str]) -> None:
    ...     log.append("herbivore")
    >>> hooks.load()
    >>> log: list[str] = []
    >>> for effect in END.calls:
    ...     effect(log)
    >>> log
    ['herbivore', 'solar']
    >>> END.impl("mimic")
    Traceback (most recent call last):
    ...
    tabletop.core.hooks.HookError: hook 'end_of_turn' of toy: 'mimic' is not in its order

Sealed, ``hook.calls`` is the tuple of implementations in order and ``hook.entries``
the ``(key, implementation)`` pairs, both built once: the rules loop over a tuple, so a
hook no card implements costs an empty loop, and the rules keep their cheap tests of
who holds a card in front of the loop (a card nobody holds costs nothing).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
F = TypeVar("F", bound=Callable[..., Any])


class HookError(Exception):
    """A hook's registrations disagree with its order (a mistake in code or data)."""


class Hook(Generic[K, F]):
    """One hook: its name, what it is for, its order, and the registered implementations.

    ``order`` holds the keys (card ids, as ``key`` read them from the data) in the
    order they run; ``names`` the same keys as the data writes them.
    """

    def __init__(
        self, owner: str, name: str, doc: str, names: Sequence[str], key: Callable[[str], K]
    ) -> None:
        self.owner = owner
        self.name = name
        self.doc = doc
        self.names: tuple[str, ...] = tuple(names)
        self.order: tuple[K, ...] = tuple(key(n) for n in names)
        if len(set(self.order)) != len(self.order):
            raise HookError(f"{self.where()}: its order names a card twice")
        self.impls: dict[K, F] = {}
        self.calls: tuple[F, ...] = ()
        self.entries: tuple[tuple[K, F], ...] = ()
        self.sealed = False

    def where(self) -> str:
        return f"hook {self.name!r} of {self.owner}"

    def impl(self, key: K) -> Callable[[F], F]:
        """Decorator: register the function as ``key``'s implementation."""

        def register(fn: F) -> F:
            self.add(key, fn)
            return fn

        if key not in self.order:
            raise HookError(f"{self.where()}: {key!r} is not in its order")
        return register

    def add(self, key: K, fn: F) -> None:
        """Register ``fn`` as ``key``'s implementation (once, before the seal)."""
        if self.sealed:
            raise HookError(f"{self.where()}: {key!r} registers after the hooks were sealed")
        if key not in self.order:
            raise HookError(f"{self.where()}: {key!r} is not in its order")
        if key in self.impls:
            raise HookError(f"{self.where()}: {key!r} registers twice")
        self.impls[key] = fn

    def seal(self) -> None:
        """Check that every key of the order is registered; build ``calls`` and ``entries``."""
        impls = self.impls
        missing = [n for n, k in zip(self.names, self.order, strict=True) if k not in impls]
        if missing:
            raise HookError(f"{self.where()}: nothing registers {', '.join(missing)}")
        self.entries = tuple((k, self.impls[k]) for k in self.order)
        self.calls = tuple(fn for _, fn in self.entries)
        self.sealed = True


class HookSet:
    """A game's hooks, the card modules that implement them, and their order.

    ``plugins`` names the card modules to import (a package stands for every module
    in it); ``orders`` maps each hook's name to its keys in the order they run.
    """

    def __init__(
        self, owner: str, plugins: Sequence[str], orders: Mapping[str, Sequence[str]]
    ) -> None:
        self.owner = owner
        self.plugins = tuple(plugins)
        self.orders = {name: tuple(keys) for name, keys in orders.items()}
        self.hooks: dict[str, Hook[Any, Any]] = {}
        self.loaded = False

    def hook(self, name: str, doc: str, key: Callable[[str], Any] = str) -> Hook[Any, Any]:
        """Declare the hook ``name``; its order comes from the data (``key`` reads an entry)."""
        if name in self.hooks:
            raise HookError(f"hook {name!r} of {self.owner} is declared twice")
        if name not in self.orders:
            raise HookError(f"hook {name!r} of {self.owner} has no order in the game's hook data")
        hook: Hook[Any, Any] = Hook(self.owner, name, doc, self.orders[name], key)
        self.hooks[name] = hook
        return hook

    def load(self) -> None:
        """Import the card modules and seal every hook (once; cheap after the first call)."""
        if self.loaded:
            return
        unknown = sorted(set(self.orders) - set(self.hooks))
        if unknown:
            raise HookError(f"the hook data of {self.owner} orders undeclared hooks: {unknown}")
        for name in self.plugins:
            for module in plugin_modules(name):
                importlib.import_module(module)
        for hook in self.hooks.values():
            hook.seal()
        self.loaded = True

    def table(self) -> list[str]:
        """The hook map as Markdown table rows: each hook, what it is for, its cards in order."""
        self.load()
        rows = ["| Hook | Called | Cards, in the order they run |", "|---|---|---|"]
        for hook in self.hooks.values():
            cards = ", ".join(f"`{name}`" for name in hook.names) or "(none yet)"
            rows.append(f"| `{hook.name}` | {hook.doc} | {cards} |")
        return rows


def plugin_modules(name: str) -> list[str]:
    """``name``, or every module of the package ``name`` (sorted: the order is the data's)."""
    module = importlib.import_module(name)
    path = getattr(module, "__path__", None)
    if path is None:
        return [name]
    return sorted(f"{name}.{info.name}" for info in pkgutil.iter_modules(path))
