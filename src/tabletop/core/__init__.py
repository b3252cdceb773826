"""The game API and the building blocks shared by every game."""

from tabletop.core.action import Action
from tabletop.core.compiled import compiled
from tabletop.core.decisions import Decision, DecisionStack
from tabletop.core.errors import (
    IllegalActionError,
    InvalidOptionsError,
    RecordError,
    RecordFormatError,
    ReplayError,
    StateFormatError,
    TabletopError,
    UnknownGameError,
)
from tabletop.core.game import TERMINAL, Game, GameInfo, State
from tabletop.core.log import GameLog, LogEvent
from tabletop.core.piles import Deck
from tabletop.core.positions import load_position
from tabletop.core.record import GameRecord
from tabletop.core.registry import list_games, load_state, make
from tabletop.core.rng import Rng

__all__ = [
    "TERMINAL",
    "Action",
    "Decision",
    "DecisionStack",
    "Deck",
    "Game",
    "GameInfo",
    "GameLog",
    "GameRecord",
    "IllegalActionError",
    "InvalidOptionsError",
    "LogEvent",
    "RecordError",
    "RecordFormatError",
    "ReplayError",
    "Rng",
    "State",
    "StateFormatError",
    "TabletopError",
    "UnknownGameError",
    "compiled",
    "list_games",
    "load_position",
    "load_state",
    "make",
]
