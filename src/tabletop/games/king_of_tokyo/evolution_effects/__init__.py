"""The effects of the 72 Evolutions, one module per monster (Space Penguin's in two:
:mod:`.space_penguin` and :mod:`.space_penguin_roll`).

Each module registers its cards' effects in :mod:`..power_up`'s tables (``EFFECTS``,
``PLAYABLE``, ``QUESTIONS``...) and at the hooks of :mod:`..hookspecs`. Nothing
imports them by name: ``data/hooks.json`` names this package, and the game loads every
module in it when it is made (:func:`..hookspecs.load_cards`).
"""
