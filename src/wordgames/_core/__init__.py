"""The common game contract: errors, chance, records, generic bots, serialisation helpers."""

from wordgames._core.bots import RandomBot
from wordgames._core.chance import resolve_chance, sample_chance
from wordgames._core.contract import SHARED_CODES, Resign, StateBase, ViewBase
from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    ParseError,
    RulesError,
    WordgamesError,
)
from wordgames._core.outcome import GameOutcome, competition_ranking, player_names
from wordgames._core.protocols import Action, Bot, GameState, Outcome, PlayerView
from wordgames._core.record import Record, RedactedRecord, play
from wordgames._core.registry import GAME_INFOS, GAME_NAMES, GAMES, GameModule
from wordgames._core.states import EndReason, GameInfo, Information, StrEnum

__all__ = [
    "GAMES",
    "GAME_INFOS",
    "GAME_NAMES",
    "SHARED_CODES",
    "Action",
    "Bot",
    "EndReason",
    "GameInfo",
    "GameModule",
    "GameOutcome",
    "GameState",
    "IllegalActionError",
    "Information",
    "InvalidStateError",
    "Outcome",
    "ParseError",
    "PlayerView",
    "RandomBot",
    "Record",
    "RedactedRecord",
    "Resign",
    "RulesError",
    "StateBase",
    "StrEnum",
    "ViewBase",
    "WordgamesError",
    "competition_ranking",
    "play",
    "player_names",
    "resolve_chance",
    "sample_chance",
]
