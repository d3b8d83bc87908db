"""The game registry: every game module by name, imported on first use."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol, cast

__all__ = ["GAMES", "GAME_NAMES", "GameModule"]

GAME_NAMES = ("regenwormen", "wocable", "wommeln", "wordmeld")
"""The registry names of the four games."""


class GameModule(Protocol):
    """What every game module exposes (docs/contract.md, "A game module")."""

    @property
    def State(self) -> type[Any]:
        """The game's state class (``State.from_dict`` loads saved games)."""
        ...

    @property
    def View(self) -> type[Any]:
        """The game's view class (``View.from_dict`` loads saved views)."""
        ...

    @property
    def Rules(self) -> type[Any]:
        """The game's frozen rules class; every variant is a field."""
        ...

    @property
    def Resign(self) -> type[Any]:
        """The shared :class:`wordgames.Resign` action."""
        ...

    @property
    def new_game(self) -> Callable[..., Any]:
        """``new_game(players, *, rules=...)``: the initial state."""
        ...

    @property
    def parse_action(self) -> Callable[[str], Any]:
        """The game's notation parser: text -> action, :class:`ParseError` otherwise."""
        ...

    @property
    def bots(self) -> Any:
        """The game's bots module (every bot has ``choose(view, rng)``)."""
        ...


class _Games(Mapping[str, GameModule]):
    """Registry name -> game module, imported on first access."""

    def __getitem__(self, name: str) -> GameModule:
        if name not in GAME_NAMES:
            raise KeyError(name)
        return cast(GameModule, importlib.import_module(f"wordgames.{name}"))

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_NAMES)

    def __len__(self) -> int:
        return len(GAME_NAMES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(GAME_NAMES)})"


GAMES: Mapping[str, GameModule] = _Games()
"""Every game module by name: ``wordgames.GAMES["regenwormen"].new_game(players=3)``."""
