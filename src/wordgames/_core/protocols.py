"""Structural types of the common game contract (docs/contract.md).

Every game's ``State`` and ``View`` satisfy these protocols, so generic code (``play``,
``Record``, the conformance tests, bots) works with all four games.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections import Counter

    from typing_extensions import Self

__all__ = ["Action", "Bot", "GameState", "Outcome", "PlayerView"]

#: An action is a hashable, immutable value object whose ``str`` is its notation and which the
#: game module's ``parse_action`` turns back into an equal object.
Action = Hashable


@runtime_checkable
class Outcome(Protocol):
    """The result of a finished game (each game has a concrete ``Outcome`` class)."""

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def ranking(self) -> tuple[int, ...]:
        """Players' places, 1 = first; tied players share a place."""
        ...

    @property
    def winners(self) -> frozenset[int]: ...

    @property
    def reason(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class PlayerView(Protocol):
    """What one player (or a spectator, ``viewer is None``) may know of a state."""

    @property
    def viewer(self) -> int | None: ...

    @property
    def ply(self) -> int:
        """Actions applied since ``new_game`` (the state's ``ply``)."""
        ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score now, as the rules count it."""
        ...

    @property
    def unseen(self) -> Counter[str]:
        """The multiset of things hidden from the viewer (tiles, cards, category cards),
        by their notation; empty where nothing is hidden."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """The viewer's legal actions if the viewer may act now, else ``()``."""
        ...

    def sample_state(self, rng: random.Random) -> GameState:
        """A full state consistent with this view (determinisation)."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class GameState(Protocol):
    """The state contract shared by all four games."""

    GAME: ClassVar[str]

    @property
    def rules(self) -> Any: ...

    @property
    def num_players(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def ply(self) -> int:
        """Actions applied since ``new_game``, chance outcomes included."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's score now, as the rules count it."""
        ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def players_to_act(self) -> frozenset[int]: ...

    @property
    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]: ...

    def sample_chance(self, rng: random.Random) -> Action: ...

    def legal_actions(self, player: int | None = None) -> Sequence[Action]: ...

    def is_legal(self, action: Any) -> bool: ...

    def check(self, action: Any) -> None: ...

    def apply(self, action: Any) -> Self: ...

    def check_as(self, player: int, action: Any, *, ply: int | None = None) -> Action: ...

    def apply_as(self, player: int, action: Any, *, ply: int | None = None) -> Self: ...

    @property
    def is_terminal(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def view(self, player: int | None) -> PlayerView: ...

    def actor(self, action: Any) -> int | None:
        """The player who takes ``action`` here (``None`` for chance outcomes)."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


class Bot(Protocol):
    """A player program. Bots see views, never full states."""

    def choose(self, view: Any, rng: random.Random) -> Action: ...


def check_dict(obj: object, what: str) -> Mapping[str, Any]:
    """Narrow untrusted JSON to a mapping (shared by the games' ``from_dict``)."""
    from wordgames._core.errors import InvalidStateError

    if not isinstance(obj, Mapping):
        raise InvalidStateError(f"{what} must be a JSON object, got {type(obj).__name__}")
    return obj
