"""Tabletop: King of Tokyo, UNO Power and Kung Fu for play, bots, simulation and RL.

>>> import tabletop
>>> state = tabletop.make("uno-power").new_state(num_players=3, seed=1)
>>> state.current_player in range(3)
True
"""

from tabletop.core import (
    TERMINAL,
    Action,
    Game,
    GameInfo,
    GameRecord,
    IllegalActionError,
    InvalidOptionsError,
    RecordError,
    ReplayError,
    State,
    TabletopError,
    UnknownGameError,
    compiled,
    list_games,
    load_position,
    load_state,
    make,
)
from tabletop.core.schema import state_schema

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Action",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalActionError",
    "InvalidOptionsError",
    "RecordError",
    "ReplayError",
    "State",
    "TabletopError",
    "UnknownGameError",
    "compiled",
    "list_games",
    "load_position",
    "load_state",
    "make",
    "state_schema",
]
