"""The game registry: every game module by name, imported on first use, and every game's
facts (:data:`GAME_INFOS`, each game's ``GAME_INFO``, also imported on first use)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol, cast

import attrs

from wordgames._core.states import GameInfo

__all__ = ["GAMES", "GAME_INFOS", "GAME_NAMES", "CliOptions", "GameModule"]

GAME_NAMES = ("regenwormen", "wocable", "wommeln", "wordmeld")
"""The registry names of the four games."""


class GameModule(Protocol):
    """What every game module exposes (docs/contract.md, "A game module")."""

    @property
    def GAME_INFO(self) -> GameInfo:
        """The game's facts (players, information, chance, bounds, notation)."""
        ...

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


class _Infos(Mapping[str, GameInfo]):
    """Registry name -> ``GAME_INFO``, read from the game's small ``info`` module."""

    def __getitem__(self, name: str) -> GameInfo:
        if name not in GAME_NAMES:
            raise KeyError(name)
        info: GameInfo = importlib.import_module(f"wordgames.{name}.info").GAME_INFO
        return info

    def __iter__(self) -> Iterator[str]:
        return iter(GAME_NAMES)

    def __len__(self) -> int:
        return len(GAME_NAMES)

    def __repr__(self) -> str:
        return f"GAME_INFOS({', '.join(GAME_NAMES)})"


GAME_INFOS: Mapping[str, GameInfo] = _Infos()
"""Every game's :class:`GameInfo` by name (``GAME_INFOS["wocable"].max_players == 4``),
imported on first access like :data:`GAMES`."""


@attrs.frozen(kw_only=True)
class CliOptions:
    """What the command line's set-up options (``--preset``, ``--lang``, ``--lexicon``) mean
    for one game: its ``info.CLI_OPTIONS``, next to its ``GAME_INFO``."""

    presets: bool = False
    """``--preset NAME`` starts from ``Rules.preset(NAME)``."""
    languages: tuple[str, ...] = ()
    """The values ``--lang`` takes (none: the game has no language option)."""
    language_field: str | None = None
    """The ``Rules`` field ``--lang`` sets, if it is one."""
    language_keyword: bool = False
    """``--lang`` is ``new_game``'s ``language=`` keyword."""
    lexicon: bool = False
    """``--lexicon FILE`` is ``new_game``'s ``lexicon=`` (read in the game's language)."""
    leaves: bool = False
    """``analyze --leaves FILE`` reads a leave table (Wocable's ``LeaveTable`` CSV)."""
