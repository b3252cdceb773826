"""A random bot that waits at a gate, to interrupt a run at a known point.

With ``TABLETOP_TEST_GATE`` naming a file and ``TABLETOP_TEST_GATE_SEEDS``
listing game seeds, the bot waits, in games with those seeds, until the file
exists. Everything else about it is :class:`RandomBot`, so a run that never
waits gives exactly the results of one that waited.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tabletop.bots import RandomBot
from tabletop.core.action import Action
from tabletop.core.game import State


class GateBot(RandomBot):
    name = "gate"

    def choose(self, state: State, player: int) -> Action:
        gate = os.environ.get("TABLETOP_TEST_GATE")
        seeds = os.environ.get("TABLETOP_TEST_GATE_SEEDS", "")
        if gate and str(state.seed) in seeds.split(","):
            while not Path(gate).exists():
                time.sleep(0.01)  # a held game: only Ctrl-C or the gate file ends it
        return super().choose(state, player)
