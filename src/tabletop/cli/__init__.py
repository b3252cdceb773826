"""The terminal client: ``tabletop play``, ``replay`` and ``list``.

The CLI is a thin adapter over the game API. It reads only ``state.view(seat)``
and ``state.log_for(seat)`` for what it shows, so a human at the terminal sees
exactly what the rules allow that seat to see, and it talks to games only through
:mod:`tabletop` and :mod:`tabletop.bots`, so a new game works here at once (with
the generic renderer until it gets its own, see :mod:`tabletop.cli.render`).
"""
