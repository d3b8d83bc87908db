"""wordgames: rules engines for Wocable, Wömmeln, WordMeld and Regenwormen.

Every game is a subpackage with the same surface (``new_game``, ``Rules``, ``State``, actions,
``parse_action``, ``View``, ``bots``); see docs/contract.md. Game modules are imported lazily
through :data:`GAMES`, so ``import wordgames`` stays cheap.
"""

from __future__ import annotations

from wordgames._build import COMPILED
from wordgames._core import (
    GAME_INFOS,
    GAMES,
    SHARED_CODES,
    Action,
    Bot,
    EndReason,
    GameInfo,
    GameModule,
    GameOutcome,
    GameState,
    IllegalActionError,
    Information,
    InvalidStateError,
    Outcome,
    ParseError,
    PlayerView,
    RandomBot,
    Record,
    RedactedRecord,
    Resign,
    RulesError,
    WordgamesError,
    play,
    resolve_chance,
    sample_chance,
)

__version__ = "0.2.0.dev0"

__all__ = [
    "COMPILED",
    "GAMES",
    "GAME_INFOS",
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
    "WordgamesError",
    "__version__",
    "play",
    "resolve_chance",
    "sample_chance",
]
