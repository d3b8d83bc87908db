"""wordgames: rules engines for Wocable, Wömmeln, WordMeld and Regenwormen.

Every game is a subpackage with the same surface (``new_game``, ``Rules``, ``State``, actions,
``parse_action``, ``View``, ``bots``); see docs/contract.md. Game modules are imported lazily
through :data:`GAMES`, so ``import wordgames`` stays cheap.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from wordgames._core import (
    Action,
    Bot,
    GameOutcome,
    GameState,
    IllegalActionError,
    InvalidStateError,
    Outcome,
    ParseError,
    PlayerView,
    RandomBot,
    Record,
    RedactedRecord,
    RulesError,
    WordgamesError,
    play,
    sample_chance,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "GAMES",
    "Action",
    "Bot",
    "GameOutcome",
    "GameState",
    "IllegalActionError",
    "InvalidStateError",
    "Outcome",
    "ParseError",
    "PlayerView",
    "RandomBot",
    "Record",
    "RedactedRecord",
    "RulesError",
    "WordgamesError",
    "__version__",
    "play",
    "sample_chance",
]

_GAME_NAMES = ("regenwormen", "wocable", "wommeln", "wordmeld")


class _Games(Mapping[str, ModuleType]):
    """Registry name -> game module, imported on first access."""

    def __getitem__(self, name: str) -> ModuleType:
        if name not in _GAME_NAMES:
            raise KeyError(name)
        return importlib.import_module(f"wordgames.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(_GAME_NAMES)

    def __len__(self) -> int:
        return len(_GAME_NAMES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_GAME_NAMES)})"


#: Every game module by name: ``wordgames.GAMES["regenwormen"].new_game(players=3)``.
GAMES: Mapping[str, ModuleType] = _Games()
